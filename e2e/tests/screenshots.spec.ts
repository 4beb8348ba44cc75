import { LANGUAGES, type Language } from "../fixtures/locales";
import { settle, useLanguage } from "../fixtures/page";
import { compareScreen } from "../fixtures/screens";
import { completeOnboarding, signIn, uniqueUser } from "../fixtures/sign-in";
import { expect, type Page, test } from "../fixtures/test";

const WIDTHS = [390, 1280] as const;
const HEIGHT = { 390: 844, 1280: 800 } as const;

/** Compares the page with e2e/screenshots/{name}-{language}-{width}.png at each width, full page. */
async function capture(page: Page, name: string, language: Language): Promise<void> {
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: HEIGHT[width] });
    await settle(page);
    await compareScreen(page, `${name}-${language}-${width}.png`);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect.soft(overflow, `${name} (${language}) scrolls sideways at ${width} px`).toBeLessThanOrEqual(0);
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

for (const language of LANGUAGES) {
  test(`screenshots of landing, auth error, onboarding, settings, profile and dashboard in ${language}`, async ({
    page,
    context,
  }) => {
    test.setTimeout(120_000);
    await useLanguage(context, language);

    await page.goto("/");
    await expect(page.getByTestId("landing-page")).toBeVisible();
    await expect(page.locator("html")).toHaveAttribute("lang", language);
    await capture(page, "landing", language);

    await page.goto(`/auth/error?reason=cancelled`);
    await expect(page.getByTestId("auth-error-title")).toBeVisible();
    await capture(page, "auth-error", language);

    await signIn(page, uniqueUser(`pictured-${language}`));
    await expect(page.getByTestId("onboarding-page")).toBeVisible();
    await capture(page, "onboarding", language);

    await completeOnboarding(page, "general");
    await expect(page.getByTestId("dashboard-page")).toBeVisible();
    await page.goto("/settings");
    await expect(page.getByTestId("settings-page")).toBeVisible();
    await capture(page, "settings", language);

    await page.goto("/profile");
    await expect(page.getByTestId("profile-page")).toBeVisible();
    await capture(page, "profile", language);

    await page.goto("/dashboard");
    await expect(page.getByTestId("dashboard-page")).toBeVisible();
    await capture(page, "dashboard", language);
  });
}
