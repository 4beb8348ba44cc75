import { seriousViolations } from "../fixtures/axe";
import { signIn, uniqueUser } from "../fixtures/sign-in";
import { expect, test } from "../fixtures/test";

const SCHEMES = ["light", "dark"] as const;

for (const scheme of SCHEMES) {
  test.describe(`accessibility in the ${scheme} scheme`, () => {
    test.beforeEach(async ({ page }) => {
      await page.emulateMedia({ colorScheme: scheme });
    });

    test("the landing page has no serious or critical axe violations", async ({ page }) => {
      await page.goto("/");
      await expect(page.getByTestId("landing-page")).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);
    });

    test("the auth error page has no serious or critical axe violations", async ({ page }) => {
      await page.goto(`/auth/error?reason=cancelled`);
      await expect(page.getByTestId("auth-error-title")).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);
    });

    test("onboarding and settings have no serious or critical axe violations", async ({ page }) => {
      await signIn(page, uniqueUser(`axe-${scheme}`));
      await expect(page.getByTestId("onboarding-page")).toBeVisible();
      const onboarding = await seriousViolations(page);

      // With a card chosen the continue button shows; check that state too.
      await page.getByTestId("onboarding-general").click();
      await expect(page.getByTestId("onboarding-continue")).toBeVisible();
      const onboardingChosen = await seriousViolations(page);

      await page.getByTestId("onboarding-continue").click();
      await expect(page.getByTestId("dashboard-page")).toBeVisible();
      await page.goto("/settings");
      await expect(page.getByTestId("settings-page")).toBeVisible();
      const settings = await seriousViolations(page);

      expect({ onboarding, onboardingChosen, settings }).toEqual({
        onboarding: [],
        onboardingChosen: [],
        settings: [],
      });
    });
  });
}

test("the accessibility check itself reports what a screen breaks: an image without text, a nameless button, faint text", async ({
  page,
}) => {
  // A page of the app's origin (its stylesheet and language), its body replaced by three known faults.
  await page.goto("/");
  await expect(page.getByTestId("landing-page")).toBeVisible();
  await page.evaluate(() => {
    document.body.innerHTML = `<main><h1>Faults</h1><img src="/favicon.svg"><button type="button"></button>
      <p style="color:#eee;background:#fff">Faint words</p></main>`;
  });
  const found = await seriousViolations(page);
  for (const rule of ["image-alt", "button-name", "color-contrast"]) {
    expect(
      found.some((line) => line.includes(` ${rule}: `)),
      `${rule} in ${found.join("\n")}`,
    ).toBe(true);
  }
});
