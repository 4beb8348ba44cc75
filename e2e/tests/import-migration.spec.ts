import { createChoirSong } from "../fixtures/api";
import { newDirector } from "../fixtures/director";
import { text } from "../fixtures/locales";
import { pictureInBothLanguages } from "../fixtures/screens";
import { openChoirSongs } from "../fixtures/services";
import { expect, type Page, test } from "../fixtures/test";

/**
 * Bringing a library from other tools into a choir: a folder of mixed files — a ChordPro file of two songs, an OnSong
 * file, a chords-over-words sheet and an OpenLyrics song — imported from the choir's Songs page. The preview reads
 * each the right way, names the one song the choir already has and skips it; the rest land in the choir's list.
 * Every song here is written for this test.
 */

const BOOK = `{title: Quay Morning}
{artist: Marta Gil}
{key: D}
[D]Boats at the [G]quay in the [A]morning [D]light
{new_song}
{title: Net Mender's Song}
{artist: Marta Gil}
{key: G}
[G]Mend the [C]net and [D]sing
`;

const ONSONG = `Harbour Evening
Lucía Prado
Key: G
Capo: 2

Verse 1:
[G]Lanterns on the [C]water, [D]boats come home to [G]rest

Chorus:
[C]Hold us, [G]harbour, [D]hold us [G]near
`;

const SHEET = `Title: Tide Turning
Author: Ana Ruiz
Key: Em

Verse 1:
Em          C        G
The tide is turning slowly
`;

const OPENLYRICS = `<?xml version="1.0" encoding="UTF-8"?>
<song xmlns="http://openlyrics.info/namespace/2009/song" version="0.9" xml:lang="en">
  <properties>
    <titles><title>Gull Psalm</title></titles>
    <authors><author>Tomás Vega</author></authors>
    <key>A</key>
  </properties>
  <lyrics>
    <verse name="v1"><lines><chord root="A"/>Gulls above the <chord root="E"/>breakwater</lines></verse>
  </lyrics>
</song>
`;

const FOLDER = [
  { name: "book.cho", mimeType: "text/plain", buffer: Buffer.from(BOOK) },
  { name: "harbour-evening.onsong", mimeType: "text/plain", buffer: Buffer.from(ONSONG) },
  { name: "tide-turning.txt", mimeType: "text/plain", buffer: Buffer.from(SHEET) },
  { name: "gull-psalm.xml", mimeType: "application/xml", buffer: Buffer.from(OPENLYRICS) },
];

async function openPreview(page: Page): Promise<void> {
  await page.getByTestId("songs-import-button").click();
  await page.getByTestId("songs-import-input").setInputFiles(FOLDER);
  await page.getByTestId("songs-import-submit").click();
  await expect(page.getByTestId("songs-import-preview-songs")).toBeVisible({ timeout: 30_000 });
}

test("a mixed folder from other tools is read each the right way; the song the choir has is skipped, the rest join its list", async ({
  browser,
}) => {
  test.setTimeout(300_000);
  const director = await newDirector(browser, "migrating-director", { name: "Tideline Chorale" });
  const { page, choirId } = director;
  // The choir already sings "Harbour Evening", shared with it by its director.
  await createChoirSong(
    page,
    choirId,
    "Harbour Evening",
    "{key: G}\n[G]Lanterns on the water",
    "Lucía Prado",
  );
  const count = await openChoirSongs(page, choirId, 1);

  await openPreview(page);
  const rows = page.getByTestId("songs-import-song");
  await expect(rows).toHaveCount(5);
  // Each file read as what it is: two ChordPro songs, OnSong, chords over words, OpenLyrics.
  const names = rows.getByTestId("songs-import-song-name");
  await expect(names).toHaveText([
    "Quay Morning",
    "Net Mender's Song",
    "Harbour Evening",
    "Tide Turning",
    "Gull Psalm",
  ]);
  await expect(rows.nth(2)).toContainText("Lucía Prado · Key G · 2 sections · OnSong");
  await expect(rows.nth(3)).toContainText("Ana Ruiz · Key Em · 1 section · Chords over words");
  await expect(rows.nth(4)).toContainText("OpenLyrics");
  // The one the choir has is named and skipped; four will be created.
  await expect(rows.nth(2)).toHaveAttribute("data-skipped", "true");
  await expect(page.getByTestId("songs-import-song-duplicate")).toHaveCount(1);
  await expect(page.getByTestId("songs-import-preview-count")).toHaveText(
    text("en", "songs.library.import.willCreate_other").replace("{{count}}", "4"),
  );
  await pictureInBothLanguages(page, "songs-import-migration", async (p) => {
    await expect(p.getByTestId("songs-result-count")).toBeVisible();
    await openPreview(p);
    await expect(p.getByTestId("songs-import-song-duplicate")).toBeVisible();
  });

  await page.getByTestId("songs-import-confirm").click();
  const summary = page.getByTestId("songs-import-summary");
  await expect(summary).toContainText(
    text("en", "songs.library.import.imported_other").replace("{{count}}", "4"),
  );
  await expect(summary.getByTestId("songs-import-skipped")).toHaveText(
    text("en", "songs.library.import.skipped_one").replace("{{count}}", "1"),
  );
  await page.getByTestId("songs-import-close").click();
  await expect(count).toHaveText(text("en", "songs.library.count_other").replace("{{count}}", "5"));
  await expect(page.getByTestId("song-card").filter({ hasText: "Harbour Evening" })).toHaveCount(1);
  await director.context.close();
});
