import { text } from "../fixtures/locales";
import { pictureInBothLanguages } from "../fixtures/screens";
import { completeOnboarding, setNextUser, signInFromLanding, uniqueUser } from "../fixtures/sign-in";
import { type Browser, expect, test } from "../fixtures/test";
import { APP_URL } from "../fixtures/urls";

test.describe("sign-in through the issuer", () => {
  test("landing → get started → onboarding as administrator reaches /create-choir", async ({ page }) => {
    await page.goto("/");
    await expect(page.getByTestId("landing-page")).toBeVisible();
    await signInFromLanding(page, uniqueUser("admin"));

    await expect(page).toHaveURL(/\/onboarding$/);
    await completeOnboarding(page, "admin");

    await expect(page).toHaveURL(/\/create-choir$/);
    await expect(page.getByTestId("create-choir-page")).toBeVisible();
  });

  test("a fresh user onboarding as general user reaches /dashboard", async ({ page }) => {
    await signInFromLanding(page, uniqueUser("member"));

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

  /**
   * Someone signs in in their own browser (cookies and all) and stops before the server's callback, or before the
   * web app's callback: the URL of that step is the link they send to a victim.
   */
  async function craftedLink(browser: Browser, stop: "server" | "app", query = ""): Promise<string> {
    const attacker = await browser.newContext();
    try {
      await setNextUser(attacker.request, uniqueUser("mallory"));
      const hop = async (url: string) => {
        const response = await attacker.request.get(url, { maxRedirects: 0 });
        expect(response.status(), url).toBe(302);
        return new URL(response.headers().location!, url).toString();
      };
      const toIssuer = await hop(`${APP_URL}/api/auth/signin-google${query}`);
      const serverCallback = await hop(toIssuer);
      expect(serverCallback).toContain("/api/auth/google-callback?");
      return stop === "server" ? serverCallback : await hop(serverCallback);
    } finally {
      await attacker.close();
    }
  }

  test("a server callback URL crafted in another browser signs the visitor in as no one", async ({
    browser,
    page,
  }) => {
    const link = await craftedLink(browser, "server");
    await page.goto(link);
    await expect(page).toHaveURL(/\/auth\/error\?reason=restart$/, { timeout: 15_000 });
    await expect(page.getByTestId("auth-error-title")).toHaveText(text("en", "auth.error.restartTitle"));
    expect(await page.evaluate(() => window.localStorage.getItem("authToken"))).toBeNull();
  });

  test("a one-time code crafted in another browser, with an invitation, signs the visitor in as no one", async ({
    browser,
    page,
  }) => {
    const link = await craftedLink(browser, "app", "?inviteToken=someone-elses-link");
    expect(new URL(link).searchParams.get("inviteToken")).toBe("someone-elses-link");
    const accepted: string[] = [];
    page.on("request", (request) => {
      if (request.url().includes("/api/invitations")) accepted.push(request.url());
    });
    await page.goto(link);
    await expect(page).toHaveURL(/\/auth\/error\?reason=token$/, { timeout: 15_000 });
    await expect(page.getByTestId("auth-error-title")).toHaveText(text("en", "auth.error.tokenTitle"));
    expect(await page.evaluate(() => window.localStorage.getItem("authToken"))).toBeNull();
    expect(accepted, "no invitation call was made for the visitor").toEqual([]);
  });

  test("the explanation for a sign-in to start again, in both languages at phone and desktop widths", async ({
    page,
  }) => {
    // The address names a reason only; text put beside it is never shown.
    await page.goto("/auth/error?reason=restart&message=Call%20555%200100");
    await pictureInBothLanguages(page, "auth-error-restart", async (shown) => {
      await expect(shown.getByTestId("auth-error-title")).toHaveAttribute("data-kind", "restart");
      await expect(shown.getByTestId("auth-error-page")).not.toContainText("555");
    });
  });
});
