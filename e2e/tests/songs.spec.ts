import { readFileSync } from "node:fs";
import { apiCall } from "../fixtures/api";
import { newDirector, newPerson } from "../fixtures/director";
import { text } from "../fixtures/locales";
import { type Browser, expect, type Page, test } from "../fixtures/test";

/**
 * The songs journeys of the library, the song screens and the choir version editor, through the real sign-in.
 * Every lyric here is written for these tests.
 */

interface SongFields {
  songId: string;
  title: string;
  artist?: string | null;
  content: string;
  tags: { tagName: string }[];
  baseSongId?: string | null;
}

async function fetchSong(page: Page, songId: string): Promise<SongFields> {
  return apiCall<SongFields>(page, "GET", `/api/songs/${songId}`, undefined, 200);
}

async function createSongByApi(
  page: Page,
  body: { title: string; artist?: string; content: string; tags?: string[] },
): Promise<string> {
  const song = await apiCall<SongFields>(page, "POST", "/api/songs", { visibility: 0, ...body }, 201);
  return song.songId;
}

/** A new director with a choir of their own. */
const newSongDirector = (browser: Browser, label: string) =>
  newDirector(browser, label, { name: `Coro de la Ribera ${Date.now()}`, address: "3 Harbour Lane" });

/** The song of the first journey: G major, with a slash chord and a seventh, and an accented Spanish word. */
const RIVER_SONG = [
  "{key: G}",
  "{start_of_verse}",
  "[G]Canta mi can[D/F#]ción el [Em7]río",
  "al [C]pie de la co[D]lina",
  "{end_of_verse}",
  "{start_of_chorus}",
  "[G]Agua que [Em7]baja, [C]agua que [D/F#]va",
  "{end_of_chorus}",
].join("\n");

/** Each chord of RIVER_SONG, in order, with the syllable it is written before. */
const RIVER_CHORDS = [
  ["G", "Canta"],
  ["D/F#", "ción"],
  ["Em7", "río"],
  ["C", "pie"],
  ["D", "lina"],
  ["G", "Agua"],
  ["Em7", "baja,"],
  ["C", "agua"],
  ["D/F#", "va"],
] as const;

/** Each chord on the page with its syllable, and where the glyphs of both are drawn. */
async function chordPlacements(page: Page) {
  return page
    .getByTestId("song-sheet")
    .last()
    .evaluate((sheet) => {
      /** Where the text itself starts (its first glyph box), and the element's own box for the stacking. */
      const place = (element: Element) => {
        const range = document.createRange();
        range.selectNodeContents(element);
        const glyph = [...range.getClientRects()].find((rect) => rect.width > 0)!;
        const box = element.getBoundingClientRect();
        return { left: glyph.left, top: box.top, bottom: box.bottom };
      };
      return [...sheet.querySelectorAll('[data-testid="chord"]')].map((chord) => {
        const lyric = chord.closest('[data-testid="chord-pair"]')!.querySelector('[data-testid="lyric"]')!;
        return {
          chord: chord.textContent ?? "",
          syllable: (lyric.textContent ?? "").trim(),
          chordBox: place(chord),
          lyricBox: place(lyric),
        };
      });
    });
}

async function expectChordsOverSyllables(page: Page, expected: readonly (readonly [string, string])[]) {
  const placements = await chordPlacements(page);
  expect(placements.map((placement) => [placement.chord, placement.syllable])).toEqual(
    expected.map(([chord, syllable]) => [chord, syllable]),
  );
  for (const { chord, syllable, chordBox, lyricBox } of placements) {
    expect(
      Math.abs(chordBox.left - lyricBox.left),
      `${chord} starts where “${syllable}” starts`,
    ).toBeLessThanOrEqual(2);
    expect(chordBox.bottom, `${chord} sits above “${syllable}”`).toBeLessThanOrEqual(lyricBox.top + 1);
    expect(lyricBox.top - chordBox.bottom, `${chord} is close above “${syllable}”`).toBeLessThan(20);
  }
}

test("a director writes a song with chords and tags, finds it without accents, edits it and transposes it", async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const { context, page } = await newSongDirector(browser, "writer");
  const title = `Canción del río ${Date.now()}`;

  // Create: title, artist, tags and ChordPro, from the library's create button.
  await page.goto("/songs");
  await page.getByTestId("songs-create-button").click();
  await expect(page).toHaveURL(/\/songs\/create$/);
  await page.getByTestId("song-title-input").fill(title);
  await page.getByTestId("song-artist-input").fill("Coro de la Ribera");
  const tagInput = page.getByTestId("tag-input");
  await tagInput.fill("río");
  await tagInput.press("Enter");
  await tagInput.fill("verano");
  await tagInput.press("Enter");
  await expect(page.getByTestId("tag-chip")).toHaveText(["río", "verano"]);
  await page.getByTestId("song-content-input").fill(RIVER_SONG);
  // The live preview already sets the chords over their syllables.
  await expect(page.getByTestId("song-preview").getByTestId("chord")).toHaveCount(RIVER_CHORDS.length);
  await page.getByTestId("song-submit").click();

  await expect(page).toHaveURL(/\/songs\/[0-9a-f-]{36}$/);
  const songId = /\/songs\/([0-9a-f-]{36})$/.exec(page.url())![1]!;
  await expect(page.getByTestId("song-title")).toHaveText(title);
  await expect(page.getByTestId("song-artist")).toHaveText("Coro de la Ribera");
  await expect(page.getByTestId("song-tags").getByRole("listitem")).toHaveText(["río", "verano"]);
  await expect(page.getByTestId("current-key")).toHaveText("G");

  // Each chord starts where its syllable starts and sits just above it, at the default size and at the largest.
  await expectChordsOverSyllables(page, RIVER_CHORDS);
  await page.evaluate(() => window.localStorage.setItem("choirapp-song-font-size", "extra-large"));
  await page.reload();
  await expect(page.getByTestId("song-sheet").last()).toHaveAttribute("data-font-size", "extra-large");
  await expectChordsOverSyllables(page, RIVER_CHORDS);
  // On a phone the lines wrap, and every chord still stays over its syllable.
  await page.setViewportSize({ width: 390, height: 844 });
  await expectChordsOverSyllables(page, RIVER_CHORDS);
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.evaluate(() => window.localStorage.removeItem("choirapp-song-font-size"));

  // Search: a lyric word typed without its accent finds the song; a word the song lacks does not.
  await page.goto("/songs");
  await expect(page.getByTestId("songs-library-page")).toBeVisible();
  const search = page.getByTestId("songs-search-input");
  await search.fill("cancion rio");
  await expect(page).toHaveURL(/[?&]q=cancion(\+|%20)rio/);
  const card = page.locator(`[data-testid="song-card"][data-song-id="${songId}"]`);
  await expect(card).toBeVisible();
  await expect(page.getByTestId("song-card")).toHaveCount(1);
  await search.fill("cancion desierto");
  await expect(page.getByTestId("songs-empty")).toBeVisible();
  await search.fill("CANCION");
  await expect(card).toBeVisible();
  // Opening it keeps the query string for the way back.
  await card.getByRole("link", { name: title }).click();
  await expect(page).toHaveURL(new RegExp(`/songs/${songId}\\?q=CANCION`));
  await expect(page.getByTestId("song-title")).toHaveText(title);

  // Edit: save is disabled until something changes; then it saves and the page shows the change.
  await page.getByTestId("song-edit-button").click();
  await expect(page.getByTestId("song-detail-page")).toHaveAttribute("data-mode", "edit");
  const save = page.getByTestId("song-save-button");
  await expect(save).toBeDisabled();
  const artist = page.getByTestId("song-artist-input");
  await artist.fill("Coro de la Ribera Alta");
  await expect(save).toBeEnabled();
  await artist.fill("Coro de la Ribera");
  await expect(save).toBeDisabled();
  await artist.fill("Coro de la Ribera Alta");
  await page.getByTestId("tag-input").fill("fiesta");
  await page.getByTestId("tag-input").press("Enter");
  await save.click();
  await expect(page.getByTestId("song-detail-page")).toHaveAttribute("data-mode", "view");
  await expect(page.getByTestId("song-artist")).toHaveText("Coro de la Ribera Alta");
  await expect(page.getByTestId("song-tags").getByRole("listitem")).toHaveText(["fiesta", "río", "verano"]);
  const saved = await fetchSong(page, songId);
  expect(saved.artist).toBe("Coro de la Ribera Alta");
  expect(saved.tags.map((tag) => tag.tagName).sort()).toEqual(["fiesta", "río", "verano"]);
  expect(saved.content).toBe(RIVER_SONG);

  // Transpose +2: G major to A major, with A major's sharps; slash chords and sevenths kept.
  await page.getByTestId("transpose-up").click();
  await page.getByTestId("transpose-up").click();
  await expect(page.getByTestId("current-key")).toHaveText("A");
  await expect(page.getByTestId("transpose-offset")).toContainText("+2");
  const transposed = RIVER_CHORDS.map(
    ([chord, syllable]) =>
      [
        ({ G: "A", "D/F#": "E/G#", Em7: "F#m7", C: "D", D: "E" } as Record<string, string>)[chord]!,
        syllable,
      ] as const,
  );
  await expect(page.getByTestId("song-sheet").last().getByTestId("chord")).toHaveText(
    transposed.map(([chord]) => chord),
  );
  await expectChordsOverSyllables(page, transposed);
  await page.getByTestId("transpose-reset").click();
  await expect(page.getByTestId("current-key")).toHaveText("G");
  await context.close();
});

test("a choir version: auto-saved 3 s after typing, saved with Ctrl+S, and leaving with changes asks first", async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const { context, page, choirId } = await newSongDirector(browser, "arranger");
  const title = `Nana de la luna ${Date.now()}`;
  const songId = await createSongByApi(page, {
    title,
    artist: "Coro de la Ribera",
    content: "{key: D}\n[D]Duerme, niña, [A]que la luna\n[G]canta bajo [D]el alero",
    tags: ["nana"],
  });

  // Create-version mode: the song's text, tags and the user's choir preset; success opens the version.
  await page.goto(`/songs/${songId}`);
  await page.getByTestId("create-version-button").click();
  await expect(page.getByTestId("song-detail-page")).toHaveAttribute("data-mode", "version");
  await expect(page.getByTestId("version-choir-select")).toHaveValue(choirId);
  await expect(page.getByTestId("song-content-input")).toHaveValue(/Duerme, niña/);
  await page.getByTestId("version-submit").click();
  await page.waitForURL(
    (url) => /^\/songs\/[0-9a-f-]{36}$/.test(url.pathname) && !url.pathname.endsWith(songId),
  );
  await expect(page.getByTestId("song-version-of")).toBeVisible();
  const versionId = /\/songs\/([0-9a-f-]{36})$/.exec(page.url())![1]!;
  expect(versionId).not.toBe(songId);
  expect((await fetchSong(page, versionId)).baseSongId).toBe(songId);

  // The choir's songs tab leads to its versions list, which leads to the editor of one's own version.
  await page.goto(`/choir/${choirId}/songs`);
  await page.getByTestId("choir-song-versions-link").click();
  await expect(page).toHaveURL(`/choir/${choirId}/song-versions`);
  const item = page.locator(`[data-testid="song-version-item"][data-song-id="${versionId}"]`);
  await expect(item).toBeVisible();
  await expect(item.getByTestId("song-version-of")).toContainText(title);
  await item.click();
  await expect(page).toHaveURL(`/choir/${choirId}/song-versions/${versionId}/edit`);
  const status = page.getByTestId("version-status");
  await expect(status).toHaveAttribute("data-status", "clean");
  const editor = page.getByTestId("version-content-input");

  // Auto-save: nothing is sent before 3 s have passed since the last keystroke; then it is saved.
  await editor.press("ControlOrMeta+End");
  await editor.pressSequentially("\n[Em]sueña, sueña");
  const typedAt = Date.now();
  await expect(status).toHaveAttribute("data-status", "unsaved");
  await page.waitForTimeout(Math.max(0, 2_400 - (Date.now() - typedAt)));
  await expect(status).toHaveAttribute("data-status", "unsaved");
  expect((await fetchSong(page, versionId)).content).not.toContain("sueña, sueña");
  await expect(status).toHaveAttribute("data-status", "saved", { timeout: 6_000 });
  expect(Date.now() - typedAt).toBeGreaterThanOrEqual(2_900);
  expect((await fetchSong(page, versionId)).content).toContain("[Em]sueña, sueña");

  // Ctrl+S saves at once (auto-save off, so it is the shortcut that does it).
  await page.getByTestId("version-autosave-toggle").locator("xpath=ancestor::label[1]").click();
  await expect(page.getByTestId("version-autosave-toggle")).not.toBeChecked();
  await editor.pressSequentially(" despacio");
  await expect(status).toHaveAttribute("data-status", "unsaved");
  await page.waitForTimeout(3_500);
  await expect(status).toHaveAttribute("data-status", "unsaved");
  await editor.press("ControlOrMeta+s");
  await expect(status).toHaveAttribute("data-status", "saved");
  expect((await fetchSong(page, versionId)).content).toContain("sueña, sueña despacio");

  // Leaving with unsaved changes asks first: stay keeps the editor and the text; leave goes.
  await editor.pressSequentially(" y lento");
  await expect(status).toHaveAttribute("data-status", "unsaved");
  const back = page.getByRole("button", { name: text("en", "topBar.back") });
  await back.click();
  const modal = page.getByTestId("leave-confirm-modal");
  await expect(modal).toBeVisible();
  await page.getByTestId("leave-confirm-stay").click();
  await expect(modal).toBeHidden();
  await expect(page).toHaveURL(`/choir/${choirId}/song-versions/${versionId}/edit`);
  await expect(editor).toHaveValue(/despacio y lento$/);
  // Closing the tab asks too, in the browser's own words; staying keeps the page and the text.
  const prompt = page.waitForEvent("dialog");
  await page.close({ runBeforeUnload: true });
  const dialog = await prompt;
  expect(dialog.type()).toBe("beforeunload");
  await dialog.dismiss();
  await expect(editor).toHaveValue(/despacio y lento$/);
  await back.click();
  await expect(modal).toBeVisible();
  await page.getByTestId("leave-confirm-leave").click();
  await expect(page).toHaveURL(new RegExp(`/choir/${choirId}(/songs)?$`));
  expect((await fetchSong(page, versionId)).content).not.toContain("y lento");
  await context.close();
});

test("bulk export downloads the selected songs as JSON; importing it and a .cho file recreates them", async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const { context, page } = await newPerson(browser, "archivist", "general");
  await expect(page.getByTestId("dashboard-page")).toBeVisible();
  const stamp = Date.now();
  const first = {
    title: `Lantern Road ${stamp}`,
    artist: "The Harbour Singers",
    content: "{key: C}\n[C]Light the lantern, [F]walk the road\n[G]home before the [C]rain",
    tags: ["evening", "walking"],
  };
  const second = {
    title: `Copla del trigo ${stamp}`,
    artist: "Coro de la Ribera",
    content: "{key: Am}\n[Am]Trigo de oro, [E7]trigo de sol\n[Am]baila en la era",
    tags: ["copla"],
  };
  const firstId = await createSongByApi(page, first);
  const secondId = await createSongByApi(page, second);

  // Select both and export: a JSON file named as the app names it, with title, artist, content and tags. The
  // library shows the user's own songs only, so public songs of earlier journeys do not count.
  await page.goto("/songs?mine=1");
  await expect(page.getByTestId("song-card")).toHaveCount(2);
  await page.getByTestId("songs-select-mode").click();
  await page.getByTestId(`song-select-${firstId}`).check();
  await page.getByTestId(`song-select-${secondId}`).check();
  await expect(page.getByTestId("songs-selected-count")).toContainText("2");
  const downloading = page.waitForEvent("download");
  await page.getByTestId("songs-bulk-export").click();
  await page.getByTestId("songs-bulk-export-json").click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe("songs-export.json");
  const exportPath = await download.path();
  const exported = JSON.parse(readFileSync(exportPath, "utf8")) as Record<string, unknown>[];
  const byTitle = (a: Record<string, unknown>, b: Record<string, unknown>) =>
    String(a.title).localeCompare(String(b.title));
  const normalized = exported.map((entry) => ({ ...entry, tags: [...(entry.tags as string[])].sort() }));
  expect(normalized.sort(byTitle)).toEqual(
    [first, second]
      .map((song) => ({ ...song, tags: [...song.tags].sort() }))
      .sort(byTitle)
      .map((song) => expect.objectContaining(song)),
  );
  for (const entry of exported)
    expect(Object.keys(entry).sort()).toEqual(["artist", "content", "tags", "title"]);

  // Delete both (after the confirmation): the library is empty.
  await page.getByTestId("songs-bulk-delete").click();
  await page.getByTestId("songs-bulk-confirm").click();
  await expect(page.getByTestId("songs-empty")).toBeVisible();
  await page.getByTestId("songs-select-mode").click();

  // Import the export and a ChordPro file: three songs, listed again.
  const choTitle = `Rueda de la noria ${stamp}`;
  const cho = [
    `{title: ${choTitle}}`,
    "{artist: Coro de la Ribera}",
    "{key: F}",
    "{tag: noria}",
    "{start_of_chorus}",
    "[F]Gira la [Bb]noria, [C]gira el [F]agua",
    "{end_of_chorus}",
  ].join("\n");
  await page.getByTestId("songs-import-button").click();
  const importDialog = page.getByRole("dialog", { name: text("en", "songs.library.import.title") });
  await expect(importDialog).toBeVisible();
  await page.getByTestId("songs-import-input").setInputFiles([
    { name: "songs-export.json", mimeType: "application/json", buffer: readFileSync(exportPath) },
    { name: "rueda-de-la-noria.cho", mimeType: "text/plain", buffer: Buffer.from(cho) },
  ]);
  await page.getByTestId("songs-import-submit").click();
  await expect(page.getByTestId("songs-import-preview-count")).toHaveText(
    text("en", "songs.library.import.willCreate_other").replace("{{count}}", "3"),
  );
  await page.getByTestId("songs-import-confirm").click();
  const summary = page.getByTestId("songs-import-summary");
  await expect(summary).toContainText(
    text("en", "songs.library.import.imported_other").replace("{{count}}", "3"),
  );
  await expect(page.getByTestId("songs-import-problems")).toHaveCount(0);
  await page.getByTestId("songs-import-close").click();
  await expect(importDialog).toBeHidden();

  const cards = page.getByTestId("song-card");
  await expect(cards).toHaveCount(3);
  for (const song of [first, second, { title: choTitle }]) {
    await expect(cards.getByRole("link", { name: song.title, exact: true })).toBeVisible();
  }
  // The imported songs hold what was exported.
  await cards.getByRole("link", { name: first.title, exact: true }).click();
  await expect(page.getByTestId("song-title")).toHaveText(first.title);
  await expect(page.getByTestId("song-artist")).toHaveText(first.artist);
  await expect(page.getByTestId("song-tags").getByRole("listitem")).toHaveText(["evening", "walking"]);
  await expect(page.getByTestId("song-sheet").last().getByTestId("chord")).toHaveText(["C", "F", "G", "C"]);
  await page.goBack();
  await cards.getByRole("link", { name: choTitle, exact: true }).click();
  await expect(page.getByTestId("song-artist")).toHaveText("Coro de la Ribera");
  await expect(page.getByTestId("song-tags").getByRole("listitem")).toHaveText(["noria"]);
  await expect(page.getByTestId("song-sheet").last().getByTestId("chord")).toHaveText(["F", "Bb", "C", "F"]);
  await context.close();
});
