import { signInAsMember, signInFromLanding, uniqueUser } from "../fixtures/sign-in";
import { expect, test } from "../fixtures/test";

test.describe("access rule", () => {
  test("a signed-out visit to /settings lands on / and returns to /settings after sign-in", async ({
    browser,
    page,
  }) => {
    // A returning user: the account exists from an earlier sign-in.
    const user = await signInAsMember(page, uniqueUser("returning"));

    const signedOut = await browser.newContext();
    const visitor = await signedOut.newPage();
    try {
      await visitor.goto("/settings");
      await expect(visitor).toHaveURL(/\/$/);
      await expect(visitor.getByTestId("landing-page")).toBeVisible();

      await signInFromLanding(visitor, user);
      await expect(visitor).toHaveURL(/\/settings$/);
      await expect(visitor.getByTestId("settings-page")).toBeVisible();
    } finally {
      await signedOut.close();
    }
  });

  test("sign-out from the profile menu lands on / and /settings then redirects to /", async ({ page }) => {
    await signInAsMember(page, uniqueUser("leaving"));

    await page.getByTestId("profile-menu").click();
    await page.getByTestId("sign-out").click();

    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByTestId("landing-page")).toBeVisible();
    expect(await page.evaluate(() => window.localStorage.getItem("authToken"))).toBeNull();

    await page.goto("/settings");
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByTestId("landing-page")).toBeVisible();
  });

  test("a sign-in that has ended on the server does not keep a visitor from invitation and share links", async ({
    page,
  }) => {
    await signInAsMember(page, uniqueUser("stale"));
    const token = await page.evaluate(() => window.localStorage.getItem("authToken"));
    await page.getByTestId("profile-menu").click();
    await page.getByTestId("sign-out").click();
    await expect(page).toHaveURL(/\/$/);
    // The browser still holds the ended session's token, as after a sign-out on another device or an expiry.
    await page.evaluate((stale) => window.localStorage.setItem("authToken", stale!), token);

    await page.goto("/invite/no-such-token-anywhere");
    await expect(page.getByTestId("invite-not-found")).toBeVisible();
    await expect(page).toHaveURL(/\/invite\/no-such-token-anywhere$/);
    expect(await page.evaluate(() => window.localStorage.getItem("authToken"))).toBeNull();

    await page.evaluate((stale) => window.localStorage.setItem("authToken", stale!), token);
    await page.goto("/share");
    await expect(page.getByTestId("share-page")).toBeVisible();
    await expect(page).toHaveURL(/\/share$/);

    // Elsewhere the ended session sends the visitor home, remembering where they were going.
    await page.evaluate((stale) => window.localStorage.setItem("authToken", stale!), token);
    await page.goto("/settings");
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByTestId("landing-page")).toBeVisible();
  });

  test("the token of a signed-out session no longer works", async ({ page }) => {
    await signInAsMember(page, uniqueUser("revoked"));
    const token = await page.evaluate(() => window.localStorage.getItem("authToken"));
    expect(token).toBeTruthy();

    await page.getByTestId("profile-menu").click();
    await page.getByTestId("sign-out").click();
    await expect(page).toHaveURL(/\/$/);

    const me = await page.request.get("/api/me", { headers: { authorization: `Bearer ${token}` } });
    expect(me.status()).toBe(401);
  });
});
