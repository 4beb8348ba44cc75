import { strToU8, zipSync } from "fflate";
import { apiCall } from "../fixtures/api";
import { newPerson } from "../fixtures/director";
import { text } from "../fixtures/locales";
import { pictureInBothLanguages } from "../fixtures/screens";
import { expect, type Page, test } from "../fixtures/test";

// Importing from another song tool: a zip of OpenLyrics files, previewed (the songs it would create, the file it
// cannot read) before anything is saved, then imported into the library. The songs are written for this test.

const openLyrics = (title: string, author: string, verses: string) => `<?xml version="1.0" encoding="UTF-8"?>
<song xmlns="http://openlyrics.info/namespace/2009/song" version="0.9" xml:lang="en">
  <properties>
    <titles><title>${title}</title></titles>
    <authors><author type="words">${author}</author></authors>
    <copyright>2024 Harbour Singers</copyright>
    <ccliNo>7000101</ccliNo>
    <key>G</key>
    <verseOrder>v1 c v2 c</verseOrder>
  </properties>
  <lyrics>${verses}</lyrics>
</song>
`;

const ZIP = zipSync({
  "Songs/Tide Song.xml": strToU8(
    openLyrics(
      "Tide Song",
      "Harbour Singers",
      `<verse name="v1"><lines><chord root="G"/>Out with the tide the <chord root="D"/>boats are going<br/>
        <chord root="E" structure="min"/>home again when the <chord root="C"/>wind is blowing</lines></verse>
      <verse name="c"><lines><chord root="C"/>Sing, sailors, <chord root="G"/>sing</lines></verse>
      <verse name="v2"><lines><chord root="G"/>Nets on the quay and the <chord root="D"/>gulls are calling</lines></verse>`,
    ),
  ),
  "Songs/Lamplight.xml": strToU8(
    openLyrics(
      "Lamplight",
      "Harbour Singers",
      `<verse name="v1"><lines><chord name="D"/>Lamplight over the <chord name="A7"/>water</lines></verse>
      <verse name="c"><lines><chord name="G"/>Carry us <chord name="D"/>home</lines></verse>
      <verse name="v2"><lines><chord name="D"/>Evening falls on the <chord name="A7"/>harbour</lines></verse>`,
    ),
  ),
  "Songs/Unfinished.xml": strToU8(
    '<?xml version="1.0"?>\n<song>\n  <properties>\n    <titles><title>Unfinished',
  ),
});

async function openPreview(page: Page): Promise<void> {
  await page.getByTestId("songs-import-button").click();
  await page
    .getByTestId("songs-import-input")
    .setInputFiles([{ name: "openlyrics-songs.zip", mimeType: "application/zip", buffer: Buffer.from(ZIP) }]);
  await page.getByTestId("songs-import-submit").click();
  await expect(page.getByTestId("songs-import-preview-songs")).toBeVisible();
}

test("an OpenLyrics zip is previewed with its songs and the file it cannot read, then imported into the library", async ({
  browser,
}) => {
  test.setTimeout(240_000);
  const { context, page } = await newPerson(browser, "openlyrics-importer", "general");
  // The person's own songs only: none yet, so the page behind the dialog is the same on every run.
  await page.goto("/songs?mine=1");
  await expect(page.getByTestId("songs-empty")).toBeVisible();

  await openPreview(page);
  const preview = page.getByTestId("songs-import-preview");
  await expect(page.getByTestId("songs-import-preview-count")).toHaveText(
    text("en", "songs.library.import.willCreate_other").replace("{{count}}", "2"),
  );
  const songs = page.getByTestId("songs-import-preview-songs");
  await expect(songs).toContainText("Tide Song");
  await expect(songs).toContainText("Harbour Singers · Key G · 3 sections · OpenLyrics");
  await expect(songs).toContainText("Lamplight");
  const problems = preview.getByTestId("songs-import-problems");
  await expect(problems).toContainText("openlyrics-songs.zip/Songs/Unfinished.xml");
  await expect(problems).toContainText(text("en", "songs.library.import.problems.xml_malformed"));
  // Nothing is saved before the confirmation.
  expect(await apiCall(page, "GET", "/api/songs/my", undefined, 200)).toEqual([]);

  await pictureInBothLanguages(page, "songs-import-preview", async (p) => {
    await expect(p.getByTestId("songs-empty")).toBeVisible();
    await openPreview(p);
  });

  await page.getByTestId("songs-import-confirm").click();
  await expect(page.getByTestId("songs-import-summary")).toContainText(
    text("en", "songs.library.import.imported_other").replace("{{count}}", "2"),
  );
  await page.getByTestId("songs-import-close").click();
  const cards = page.getByTestId("song-card");
  await expect(cards).toHaveCount(2);
  await expect(cards.filter({ hasText: "Tide Song" })).toHaveCount(1);
  await expect(cards.filter({ hasText: "Lamplight" })).toHaveCount(1);

  // The imported song shows its credits and its chorus where the order repeats it.
  await cards.filter({ hasText: "Tide Song" }).getByRole("link").first().click();
  await expect(page.getByTestId("song-title")).toHaveText("Tide Song");
  await expect(page.getByTestId("song-sheet").first()).toContainText("Sing, sailors,");
  await context.close();
});
