import { apiCall } from "../fixtures/api";
import { signInAsMember, uniqueUser } from "../fixtures/sign-in";
import { expect, type Page, test } from "../fixtures/test";

/** The library's back-to-top button: hidden until the page is scrolled more than 300 px, then back up to search. */

const scrollY = (page: Page) => page.evaluate(() => window.scrollY);

test("the library's back-to-top button appears past 300 px and takes the reader back to the top and the search", async ({
  page,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 390, height: 844 });
  await signInAsMember(page, uniqueUser("scroller"));
  for (let n = 1; n <= 12; n++) {
    await apiCall(
      page,
      "POST",
      "/api/songs",
      {
        title: `Psalm of the Long Road ${String(n).padStart(2, "0")}`,
        artist: "Test Choir Writers",
        content: "{key: C}\n[C]Walk the long road, [G]sing it [C]home",
        visibility: 0,
      },
      201,
    );
  }

  await page.goto("/songs");
  await expect(page.getByTestId("song-card").first()).toBeVisible();
  const button = page.getByTestId("songs-back-to-top");
  await expect(button).toHaveCount(0);

  // 300 px is not yet "more than 300 px".
  await page.evaluate(() => window.scrollTo(0, 300));
  await expect.poll(() => scrollY(page)).toBe(300);
  await expect(button).toHaveCount(0);

  await page.evaluate(() => window.scrollTo(0, 900));
  await expect.poll(() => scrollY(page)).toBeGreaterThan(300);
  await expect(button).toBeVisible();
  await expect(button).toHaveAccessibleName("Back to top");

  await button.click();
  await expect.poll(() => scrollY(page), { timeout: 5_000 }).toBe(0);
  await expect(page.getByTestId("songs-search-input")).toBeFocused();
  await expect(button).toHaveCount(0);
});
