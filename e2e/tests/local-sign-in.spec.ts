import { compareScreen } from "../fixtures/screens";
import { expect, test } from "../fixtures/test";
import { LOCAL_APP_URL } from "../fixtures/urls";

test.describe("local sign-in without an identity provider", () => {
  test("landing → get started → a demo person on the local form reaches onboarding", async ({ page }) => {
    await page.goto(`${LOCAL_APP_URL}/`);
    await expect(page.getByTestId("landing-page")).toBeVisible();
    await page.getByTestId("get-started").first().click();

    await expect(page).toHaveURL(/\/api\/auth\/local\?state=/);
    await expect(page.getByText("Local development sign-in")).toBeVisible();
    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: 800 });
      await compareScreen(page, `local-sign-in-en-${width}.png`);
    }

    // Clara is offered as new to the app; the first sign-in of an address is a new user.
    await page.getByRole("button", { name: /Clara Nueva/ }).click();
    await expect(page).toHaveURL(`${LOCAL_APP_URL}/onboarding`, { timeout: 15_000 });
    await expect(page.getByTestId("onboarding-page")).toBeVisible();
  });

  test("a name and e-mail typed on the local form sign a new person in", async ({ page }) => {
    await page.goto(`${LOCAL_APP_URL}/api/auth/signin-google`);
    await page.getByLabel("Name").fill("Teresa Local");
    await page.getByLabel("E-mail").fill(`teresa-${Date.now()}@example.test`);
    await page.getByRole("button", { name: "Sign in", exact: true }).click();
    await expect(page).toHaveURL(`${LOCAL_APP_URL}/onboarding`, { timeout: 15_000 });
  });

  test("signing in on 127.0.0.1 (the address in the server's log) stays on 127.0.0.1 and works", async ({
    page,
  }) => {
    // PUBLIC_URL says localhost; the same server answers on 127.0.0.1, where the sign-in cookie then lives.
    const loopback = LOCAL_APP_URL.replace("//localhost:", "//127.0.0.1:");
    const at = (path: string) => new RegExp(`^${loopback.replace(/\./g, "\\.")}${path}`);
    const refused: string[] = [];
    page.on("console", (message) => {
      if (message.type() === "error") refused.push(message.text());
    });
    await page.goto(`${loopback}/`);
    await page.getByTestId("get-started").first().click();
    await expect(page).toHaveURL(at("/api/auth/local\\?state="));
    await expect(page.getByText("Local development sign-in")).toBeVisible();
    await page.getByRole("button", { name: /Ben Singer/ }).click();
    await expect(page).toHaveURL(at("/(onboarding|dashboard)"), { timeout: 15_000 });
    expect(refused.filter((text) => /Content Security Policy|form-action/i.test(text))).toEqual([]);
  });
});
