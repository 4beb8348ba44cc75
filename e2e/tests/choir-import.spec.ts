import { apiCall, createChoirSong } from "../fixtures/api";
import { newDirector } from "../fixtures/director";
import { text } from "../fixtures/locales";
import { pictureInBothLanguages } from "../fixtures/screens";
import { openChoirSongs } from "../fixtures/services";
import { expect, type Page, test } from "../fixtures/test";

// A director imports a chords-over-words sheet from the choir's Songs page: the preview reads its header (artist,
// key), says the song will be shared with the choir, and lets its title be corrected; once saved it is in the
// choir's list at once, and the count says so. The song's words are written for this test.

const CHOIR = "Quayside Choir";
const SHEET = `Author: Ana Ruiz
Key: G

Verse 1:
G          C        G
Be still and rest a while
    Em       D
the night is nearly done
`;

async function openPreview(page: Page): Promise<void> {
  await page.getByTestId("songs-import-button").click();
  await page
    .getByTestId("songs-import-input")
    .setInputFiles([{ name: "be-still.txt", mimeType: "text/plain", buffer: Buffer.from(SHEET) }]);
  await page.getByTestId("songs-import-submit").click();
  await expect(page.getByTestId("songs-import-preview-songs")).toBeVisible({ timeout: 30_000 });
}

/** The preview with the song's corrections open, as the director is about to change its title. */
async function openCorrections(page: Page): Promise<void> {
  await openPreview(page);
  await page.getByTestId("songs-import-song-edit").click();
  await expect(page.getByTestId("songs-import-song-title")).toBeVisible();
}

test("a chords-over-words file imported from the choir's Songs page, its title corrected, is in the choir's list at once", async ({
  browser,
}) => {
  test.setTimeout(300_000);
  const director = await newDirector(browser, "choir-importer", { name: CHOIR });
  const { page, choirId } = director;
  await createChoirSong(page, choirId, "Gathering Hymn", "{title: Gathering Hymn}\n[D]Come and [G]gather");
  const count = await openChoirSongs(page, choirId, 1);

  await openPreview(page);
  await expect(page.getByTestId("songs-import-destination")).toHaveText(
    text("en", "songs.library.import.sharedNote").replace("{{choir}}", CHOIR),
  );
  const row = page.getByTestId("songs-import-song");
  // The header's lines are read as the song's artist and key; with no title line the file's name stands in.
  await expect(row.getByTestId("songs-import-song-name")).toHaveText("be still");
  await expect(row).toContainText("Ana Ruiz · Key G · 1 section · Chords over words");
  await expect(row.getByTestId("songs-import-song-visibility")).toHaveText(
    text("en", "songs.library.import.sharedWith").replace("{{choir}}", CHOIR),
  );

  await pictureInBothLanguages(page, "songs-import-choir-preview", async (p) => {
    await expect(p.getByTestId("songs-result-count")).toBeVisible();
    await openCorrections(p);
  });

  await page.getByTestId("songs-import-song-title").fill("Be Still");
  await page.getByTestId("songs-import-song-done").click();
  await expect(row.getByTestId("songs-import-song-name")).toHaveText("Be Still");
  await page.getByTestId("songs-import-confirm").click();
  await expect(page.getByTestId("songs-import-summary")).toContainText(
    text("en", "songs.library.import.imported_one").replace("{{count}}", "1"),
  );
  await page.getByTestId("songs-import-close").click();

  // At once, without a reload: the choir's list holds the new song under its corrected title, and the count says 2.
  await expect(count).toHaveText(text("en", "songs.library.count_other").replace("{{count}}", "2"));
  const card = page.getByTestId("song-card").filter({ hasText: "Be Still" });
  await expect(card).toHaveCount(1);
  await expect(card).toContainText("Ana Ruiz");
  const { songs } = await apiCall<{ songs: { title: string; visibility: number; content: string }[] }>(
    page,
    "GET",
    `/api/songs/search?choirId=${choirId}&searchTerm=${encodeURIComponent("Be Still")}`,
    undefined,
    200,
  );
  expect(songs).toEqual([
    expect.objectContaining({
      title: "Be Still",
      visibility: 2,
      content: expect.stringContaining("{title: Be Still}\n{artist: Ana Ruiz}\n{key: G}"),
    }),
  ]);
  await director.context.close();
});

test("the same sheet imported again is named as already in the choir's library and skipped unless imported anyway", async ({
  browser,
}) => {
  test.setTimeout(300_000);
  const director = await newDirector(browser, "choir-reimporter", { name: "Breakwater Choir" });
  const { page, choirId } = director;
  // The choir already has the song, shared with it (read from the same sheet earlier).
  await createChoirSong(page, choirId, "be still", "{key: G}\n[G]Be still and rest a while", "Ana Ruiz");
  const count = await openChoirSongs(page, choirId, 1);

  await openPreview(page);
  const row = page.getByTestId("songs-import-song");
  await expect(row.getByTestId("songs-import-song-duplicate")).toHaveText(
    text("en", "songs.library.import.duplicateOfBy")
      .replace("{{title}}", "be still")
      .replace("{{artist}}", "Ana Ruiz"),
  );
  await expect(row).toHaveAttribute("data-skipped", "true");
  await expect(page.getByTestId("songs-import-duplicates")).toBeVisible();
  await expect(page.getByTestId("songs-import-preview-count")).toHaveText(
    text("en", "songs.library.import.nothingNew"),
  );
  await expect(page.getByTestId("songs-import-confirm")).toBeDisabled();
  await pictureInBothLanguages(page, "songs-import-duplicates", async (p) => {
    await expect(p.getByTestId("songs-result-count")).toBeVisible();
    await openPreview(p);
    await expect(p.getByTestId("songs-import-song-duplicate")).toBeVisible();
  });

  // Imported anyway: a second copy, and the count says 2; skipped instead, nothing changes.
  await page.getByTestId("songs-import-song-anyway").check();
  await expect(row).not.toHaveAttribute("data-skipped", "true");
  await expect(page.getByTestId("songs-import-confirm")).toBeEnabled();
  await page.getByTestId("songs-import-song-anyway").uncheck();
  await expect(page.getByTestId("songs-import-confirm")).toBeDisabled();
  await page.getByTestId("songs-import-song-anyway").check();
  await page.getByTestId("songs-import-confirm").click();
  await expect(page.getByTestId("songs-import-summary")).toContainText(
    text("en", "songs.library.import.imported_one").replace("{{count}}", "1"),
  );
  await page.getByTestId("songs-import-close").click();
  await expect(count).toHaveText(text("en", "songs.library.count_other").replace("{{count}}", "2"));
  await director.context.close();
});
