import { readFileSync } from "node:fs";
import { apiCall } from "../fixtures/api";
import { newPerson } from "../fixtures/director";
import { pictureInBothLanguages } from "../fixtures/screens";
import { expect, type Locator, type Page, test } from "../fixtures/test";

/**
 * Authoring on a phone: chords placed, moved and removed by tapping the words of the song editor's Chords mode, the
 * song saved and seen with its chords over those words; the song saved as a PDF. The lyrics are written for these
 * tests.
 */

const LANTERN = [
  "{title: Lantern Road}",
  "{key: G}",
  "{start_of_verse: Verse 1}",
  "[G]Light the lantern, walk the road",
  "home before the rain",
  "{end_of_verse}",
].join("\n");

/** A phone in the hand, as the phone project's (its pointer coarse). */
const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };

async function createSong(page: Page, title: string, content: string): Promise<string> {
  const song = await apiCall<{ songId: string }>(
    page,
    "POST",
    "/api/songs",
    { title, artist: "The Harbour Singers", content, visibility: 0 },
    201,
  );
  return song.songId;
}

/** The button of a word in Chords mode. */
const word = (page: Page, text: string): Locator =>
  page.locator(`[data-testid="chord-word"][data-word="${text}"]`);

/** The piece of a word a chord can stand over. */
const syllable = (page: Page, text: string, index: number): Locator =>
  word(page, text).locator(`[data-syllable="${index}"]`);

/** The song page in edit mode, its content in Chords mode. */
async function openChordsMode(page: Page, songId: string): Promise<void> {
  await page.goto(`/songs/${songId}`);
  await page.getByTestId("song-edit-button").click();
  await page.getByTestId("content-mode").locator("label").nth(1).click();
  await expect(page.getByTestId("chord-placer")).toBeVisible();
}

/** Each chord of the song page's sheet with the syllable under it, and whether it stands right over it. */
async function sheetChords(page: Page) {
  return page
    .getByTestId("song-sheet")
    .last()
    .evaluate((sheet) =>
      [...sheet.querySelectorAll('[data-testid="chord"]')].map((chord) => {
        const lyric = chord.closest('[data-testid="chord-pair"]')!.querySelector('[data-testid="lyric"]')!;
        const chordBox = chord.getBoundingClientRect();
        const lyricBox = lyric.getBoundingClientRect();
        return {
          chord: chord.textContent ?? "",
          syllable: (lyric.textContent ?? "").trim(),
          over: Math.abs(chordBox.left - lyricBox.left) <= 2 && chordBox.bottom <= lyricBox.top + 1,
        };
      }),
    );
}

test("on a phone, a writer places a chord by tapping a word, moves one, removes one, and saves", async ({
  browser,
}) => {
  const { context, page } = await newPerson(browser, "tapper", "general", PHONE);
  const songId = await createSong(page, "Lantern Road", LANTERN);
  await openChordsMode(page, songId);

  // Every word is a target of at least 44 × 44 px.
  for (const box of await page
    .getByTestId("chord-word")
    .evaluateAll((buttons) => buttons.map((button) => button.getBoundingClientRect()))) {
    expect(box.width).toBeGreaterThanOrEqual(44);
    expect(box.height).toBeGreaterThanOrEqual(44);
  }

  // Place: "road" gets a D, a chord of the song's key (G: G Am Bm C D Em F#dim).
  await syllable(page, "road", 0).tap();
  const chooser = page.getByRole("dialog");
  await expect(chooser).toContainText("Chords in G");
  await expect(page.getByTestId("chord-triads").getByRole("button")).toHaveText([
    "GI",
    "Amii",
    "Bmiii",
    "CIV",
    "DV",
    "Emvi",
    "F#dimvii°",
  ]);
  await page.getByTestId("chord-option-D").tap();
  await expect(chooser).toBeHidden();
  await expect(word(page, "road").getByTestId("chord-mark")).toHaveText("D");

  // And "walk" a Cmaj7 from the sevenths' row.
  await syllable(page, "walk", 0).tap();
  await page.getByTestId("chord-option-Cmaj7").tap();
  await expect(word(page, "walk").getByTestId("chord-mark")).toHaveText("Cmaj7");

  // Move: the G over "Light" goes over the second syllable of "lantern,".
  await syllable(page, "Light", 0).tap();
  await page.getByTestId("chord-move").tap();
  await expect(page.getByTestId("chord-moving")).toContainText("Tap the word where G goes.");
  await syllable(page, "lantern,", 1).tap();
  await expect(page.getByTestId("chord-moving")).toBeHidden();
  await expect(word(page, "Light").getByTestId("chord-mark")).toHaveCount(0);
  await expect(syllable(page, "lantern,", 1).getByTestId("chord-mark")).toHaveText("G");

  // Remove: the Cmaj7 over "walk".
  await word(page, "walk").tap();
  await page.getByTestId("chord-remove").tap();
  await expect(word(page, "walk").getByTestId("chord-mark")).toHaveCount(0);

  // The ChordPro text holds what was tapped; nothing else changed.
  await page.getByTestId("content-mode").locator("label").first().tap();
  await expect(page.getByTestId("song-content-input")).toHaveValue(
    LANTERN.replace("[G]Light the lantern, walk the road", "Light the lan[G]tern, walk the [D]road"),
  );

  await page.getByTestId("song-save-button").tap();
  await expect(page.getByTestId("song-detail-page")).toHaveAttribute("data-mode", "view");
  const chords = await sheetChords(page);
  expect(chords.map(({ chord, syllable }) => [chord, syllable])).toEqual([
    ["G", "tern,"],
    ["D", "road"],
  ]);
  expect(chords.every(({ over }) => over)).toBe(true);
  await context.close();
});

test("the song page saves the song as a PDF named after it", async ({ browser }) => {
  const { context, page } = await newPerson(browser, "printer", "general", PHONE);
  const songId = await createSong(page, "Lantern Road", LANTERN);
  await page.goto(`/songs/${songId}`);
  await page.getByTestId("song-download").tap();
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByTestId("song-download-pdf").tap(),
  ]);
  expect(download.suggestedFilename()).toBe("Lantern Road.pdf");
  const bytes = readFileSync((await download.path())!);
  expect(bytes.subarray(0, 5).toString("latin1")).toBe("%PDF-");
  await context.close();
});

test("the song editor's Chords mode and its chooser, pictured", async ({ browser }) => {
  // Eight pictures, each after a reload.
  test.setTimeout(360_000);
  const { context, page } = await newPerson(browser, "picturer", "general");
  const songId = await createSong(
    page,
    "Lantern Road",
    `${LANTERN}\n{start_of_chorus}\n[C]Home, [D]home, the [G]lantern's [Em]glow\n{end_of_chorus}`,
  );
  // Pictured from the top of the page, as it opens (switching the mode scrolled down to it).
  const toTop = (page: Page) => page.evaluate(() => window.scrollTo(0, 0));
  await pictureInBothLanguages(page, "song-editor-chords", async (page) => {
    await openChordsMode(page, songId);
    await toTop(page);
  });
  await pictureInBothLanguages(page, "song-chord-chooser", async (page) => {
    await openChordsMode(page, songId);
    await syllable(page, "lantern,", 0).click();
    await expect(page.getByTestId("chord-triads")).toBeVisible();
    await toTop(page);
  });
  await context.close();
});
