import { expect, type Page, test } from "@playwright/test";
import { apiCall } from "../fixtures/api";
import { completeOnboarding, signIn, uniqueUser } from "../fixtures/sign-in";

/**
 * Song text written to break out of its place — markup and script in a title, an artist, a tag, a comment, a chord
 * name and the lyrics — reads as plain text on every screen that shows a song: nothing runs, nothing is injected.
 */
const TITLE = `<img src=x onerror="window.__pwned=1">Hymn <script>window.__pwned=2</script>`;
const ARTIST = `<b onmouseover="window.__pwned=3">Bold</b>`;
const TAG = `<i>t</i>`;
const COMMENT = `<img src=x onerror="window.__pwned=5"> quiet`;
const CHORD_LINE = `[<svg onload="window.__pwned=6">]Sing <iframe src="javascript:window.__pwned=7"></iframe> along`;
const CONTENT = [`{comment: ${COMMENT}}`, "{start_of_verse}", CHORD_LINE, "{end_of_verse}"].join("\n");

/** Nothing ran and no element came out of the song's text. */
async function expectNothingInjected(page: Page, dialogs: string[]) {
  expect(await page.evaluate(() => (window as unknown as { __pwned?: unknown }).__pwned)).toBeUndefined();
  expect(dialogs).toEqual([]);
  const injected = await page.evaluate(
    () =>
      document.querySelectorAll(
        '#root img[src="x"], #root iframe, #root svg[onload], #root b[onmouseover], #root script, #root i',
      ).length,
  );
  expect(injected).toBe(0);
}

test("song text with markup and script shows as text in the library and on the song page", async ({
  page,
}) => {
  const dialogs: string[] = [];
  page.on("dialog", (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  await signIn(page, uniqueUser("guard"));
  await completeOnboarding(page, "general");
  const song = await apiCall<{ songId: string }>(
    page,
    "POST",
    "/api/songs",
    { title: TITLE, artist: ARTIST, content: CONTENT, tags: [TAG], visibility: 0 },
    201,
  );

  await page.goto("/songs");
  const card = page.locator(`[data-song-id="${song.songId}"]`);
  await expect(card).toBeVisible();
  await expect(card).toContainText(TITLE);
  await expect(card).toContainText(ARTIST);
  await expectNothingInjected(page, dialogs);

  await page.goto(`/songs/${song.songId}`);
  await expect(page.getByRole("heading", { level: 1 })).toContainText(TITLE);
  const main = page.locator("#root");
  await expect(main).toContainText(ARTIST);
  await expect(main).toContainText(COMMENT);
  await expect(main).toContainText('<svg onload="window.__pwned=6">');
  await expect(main).toContainText(`<iframe src="javascript:window.__pwned=7"></iframe>`);
  await expect(main).toContainText(TAG);
  await expectNothingInjected(page, dialogs);

  // The editor shows the source as typed.
  await page.getByTestId("song-edit-button").click();
  await expect(page.getByTestId("song-content-input")).toHaveValue(CONTENT);
  await expectNothingInjected(page, dialogs);
});
