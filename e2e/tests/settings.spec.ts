import { entries, LANGUAGE_STORAGE_KEY } from "../fixtures/locales";
import { signInAsMember, uniqueUser } from "../fixtures/sign-in";
import { expect, test } from "../fixtures/test";

/** Texts of the settings catalogue section in a language (those that differ between English and Spanish). */
function settingsTexts(language: "en" | "es"): string[] {
  const english = new Map(entries("en"));
  return entries(language)
    .filter(([key]) => /^settings\./i.test(key))
    .filter(([key, value]) => english.get(key) !== value || language === "en")
    .map(([, value]) => value)
    .filter((value) => !value.includes("{{"));
}

test.describe("settings", () => {
  test("switching to Español persists across a reload", async ({ page }) => {
    await signInAsMember(page, uniqueUser("bilingual"));
    await page.goto("/settings");
    const settings = page.getByTestId("settings-page");
    await expect(settings).toBeVisible();
    await expect(page.locator("html")).toHaveAttribute("lang", "en");

    await page.getByTestId("language-es").click();
    await expect(page.locator("html")).toHaveAttribute("lang", "es");

    await page.reload();
    await expect(settings).toBeVisible();
    await expect(page.locator("html")).toHaveAttribute("lang", "es");
    expect(await page.evaluate((key) => window.localStorage.getItem(key), LANGUAGE_STORAGE_KEY)).toBe("es");

    const shown = (await settings.textContent()) ?? "";
    const spanish = settingsTexts("es").filter((value) => shown.includes(value));
    expect(spanish.length, "the settings page shows Spanish text from es.json").toBeGreaterThan(0);
    const englishOnly = settingsTexts("en").filter(
      (value) => shown.includes(value) && !settingsTexts("es").includes(value),
    );
    expect(englishOnly, "no English settings text remains").toEqual([]);
  });
});
