import { expect, test } from "@playwright/test";
import { text } from "../fixtures/locales";
import { completeOnboarding, setNextUser, signIn, uniqueUser } from "../fixtures/sign-in";

test.describe("sign-in through the issuer", () => {
  test("landing → get started → onboarding as administrator reaches /create-choir", async ({ page }) => {
    await page.goto("/");
    await expect(page.getByTestId("landing-page")).toBeVisible();
    await signIn(page, uniqueUser("admin"));

    await expect(page).toHaveURL(/\/onboarding$/);
    await completeOnboarding(page, "admin");

    await expect(page).toHaveURL(/\/create-choir$/);
    await expect(page.getByTestId("create-choir-page")).toBeVisible();
  });

  test("a fresh user onboarding as general user reaches /dashboard", async ({ page }) => {
    await signIn(page, uniqueUser("member"));

    await expect(page).toHaveURL(/\/onboarding$/);
    await completeOnboarding(page, "general");

    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByTestId("dashboard-page")).toBeVisible();
  });

  test("a cancelled sign-in shows the auth error page with the cancelled title", async ({ page }) => {
    await page.goto("/");
    await setNextUser(page.request, { ...uniqueUser("quitter"), cancel: true });
    await page.getByTestId("get-started").first().click();

    await expect(page).toHaveURL(/\/auth\/error/, { timeout: 15_000 });
    await expect(page.getByTestId("auth-error-title")).toHaveText(text("en", "auth.error.cancelledTitle"));
    // The app stays signed out.
    expect(await page.evaluate(() => window.localStorage.getItem("authToken"))).toBeNull();
  });

  test("the one-time code leaves the address bar and no page URL ever carries a JWT", async ({ page }) => {
    const seen: string[] = [];
    page.on("framenavigated", (frame) => {
      if (frame === page.mainFrame()) seen.push(frame.url());
    });

    await page.goto("/");
    const user = uniqueUser("careful");
    await setNextUser(page.request, user);
    await page.getByTestId("get-started").first().click();

    await expect(page).toHaveURL(/\/onboarding$/, { timeout: 20_000 });

    // The callback page arrived with the code and took it out of the address bar before moving on.
    const callbackUrls = seen.filter((url) => new URL(url).pathname === "/auth/callback");
    expect(callbackUrls[0], `the callback was reached with a code; seen:\n${seen.join("\n")}`).toMatch(
      /[?&]token=/,
    );
    expect(callbackUrls.at(-1), `the code was removed; seen:\n${seen.join("\n")}`).not.toMatch(/token=/);

    const token = await page.evaluate(() => window.localStorage.getItem("authToken"));
    expect(token, "signed in with a session token in localStorage").toMatch(/^eyJ[\w-]+\.eyJ[\w-]+\.[\w-]+$/);

    const code = new URL(callbackUrls[0]!).searchParams.get("token")!;
    expect(code).not.toBe(token);

    const withJwt = seen.filter((url) => /eyJ[\w-]+\.eyJ/.test(url) || url.includes(token!));
    expect(withJwt, "no navigated URL contains a JWT").toEqual([]);
    expect(page.url()).not.toContain("token=");

    // The code was single use: exchanging it again is refused.
    const replay = await page.request.post("/api/auth/token", { data: { code } });
    expect(replay.status()).toBe(401);
  });
});
