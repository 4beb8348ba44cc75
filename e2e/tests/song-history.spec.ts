import { readFile } from "node:fs/promises";
import { apiCall } from "../fixtures/api";
import { newDirector } from "../fixtures/director";
import { pictureInBothLanguages } from "../fixtures/screens";
import { expect, type Page, test } from "../fixtures/test";

// Song history and the usage report: a director's playlists of past days say when the choir last sang a song and
// how often; the song shows its credits; the report lists what was sung, for a licence report, and downloads as CSV.

const pad = (value: number) => String(value).padStart(2, "0");

/** The local calendar day `offset` days from today, yyyy-MM-dd. */
function day(offset: number): string {
  const date = new Date();
  date.setDate(date.getDate() + offset);
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** Words and tune written for this test. */
const EVENING_HYMN = [
  "{title: Evening Hymn of the Bay}",
  "{key: D}",
  "{start_of_verse}",
  "[D]Lamps are lit a[G]long the [D]harbour,",
  "[G]boats come [D]home be[A]fore the [D]night",
  "{end_of_verse}",
  "{start_of_chorus}",
  "[G]Keep us, [D]keep us, [A]till the morning [D]light",
  "{end_of_chorus}",
].join("\n");

async function newSong(page: Page, choirId: string, title: string, extra: Record<string, unknown> = {}) {
  const song = await apiCall<{ songId: string }>(
    page,
    "POST",
    "/api/songs",
    {
      title,
      artist: "Harbour Writers",
      content: `{title: ${title}}\n[G]Words written for this [C]test`,
      visibility: 2,
      visibleToChoirs: [choirId],
      ...extra,
    },
    201,
  );
  return song.songId;
}

async function playlist(page: Page, choirId: string, date: string, songIds: string[]): Promise<string> {
  const created = await apiCall<{ id: string }>(
    page,
    "POST",
    "/api/playlists",
    { choirId, date, sections: [{ title: "entrance", songs: songIds.map((songId) => ({ songId })) }] },
    201,
  );
  return created.id;
}

test("a director sees when the choir last sang a song: in the add-song search, on the song with its credits, in the library and in the usage report and its CSV", async ({
  browser,
}) => {
  test.setTimeout(420_000);
  const { context, page, choirId } = await newDirector(browser, "history", { name: "Coro de la Bahía" });

  const hymn = await newSong(page, choirId, "Evening Hymn of the Bay", {
    content: EVENING_HYMN,
    composer: "Marta Ribera",
    lyricist: "Tomás Vidal",
    copyright: "© 2024 Bahía Press",
    ccli: "7654321",
  });
  const lanterns = await newSong(page, choirId, "Lanterns of the Bay");
  const psalm = await newSong(page, choirId, "Old Psalm of the Bay", { copyright: "Public domain" });

  // Two Sundays ago and ten weeks ago in the last twelve months, once more than a year ago, and once to come
  // (not sung yet, so not counted).
  await playlist(page, choirId, day(-14), [hymn, psalm]);
  await playlist(page, choirId, day(-70), [hymn]);
  await playlist(page, choirId, day(-400), [hymn]);
  await playlist(page, choirId, day(21), [hymn]);
  const nextWeek = day(7);
  const nextWeeks = await playlist(page, choirId, nextWeek, []);

  // The add-song search on next week's playlist: "we sang that two Sundays ago".
  await page.goto(`/playlists/${nextWeeks}`);
  await page.getByTestId("section-add-song").first().click();
  await page.getByTestId("add-song-search").fill("of the Bay");
  const result = (songId: string) =>
    page
      .locator(`[data-testid="add-song-result"][data-song-id="${songId}"]`)
      .getByTestId("add-song-last-sung");
  await expect(result(hymn)).toHaveAttribute("data-last-sung", day(-14));
  await expect(result(hymn)).toContainText("(2 weeks ago)");
  await expect(result(lanterns)).toHaveText("Not sung yet");
  await page.keyboard.press("Escape");

  // The song: its history in the choir and its credits under the sheet.
  await page.goto(`/songs/${hymn}`);
  const summary = page.getByTestId("song-history-summary");
  await expect(summary).toHaveAttribute("data-last-sung", day(-14));
  await expect(summary).toHaveAttribute("data-times", "2");
  await expect(summary).toContainText("· 2 times in the last 12 months");
  await expect(page.getByTestId("song-last-sung-item").first()).toHaveAttribute("data-date", day(-14));
  await expect(page.getByTestId("song-credit-composer")).toContainText("Marta Ribera");
  await expect(page.getByTestId("song-credit-lyricist")).toContainText("Tomás Vidal");
  await expect(page.getByTestId("song-credit-copyright")).toContainText("© 2024 Bahía Press");
  await expect(page.getByTestId("song-credit-ccli")).toContainText("7654321");
  await pictureInBothLanguages(
    page,
    "song-history",
    async (p) => {
      await expect(p.getByTestId("song-history-summary")).toHaveAttribute("data-times", "2");
      await expect(p.getByTestId("song-last-sung-item")).toHaveCount(3);
      await expect(p.getByTestId("song-credits")).toBeVisible();
      await expect(p.getByTestId("sheet-section").first()).toBeVisible();
    },
    // The days are counted from today (the coming service readiness names too).
    {
      mask: (p) => [
        p.getByTestId("song-history-date"),
        p.getByTestId("song-last-sung"),
        p.getByTestId("song-readiness-playlist"),
      ],
    },
  );

  // The library of the choir: the cards say when; "not sung in 3 months" leaves out what was sung lately.
  await page.goto(`/songs?choirId=${choirId}&q=of%20the%20Bay`);
  const card = (songId: string) =>
    page.locator(`[data-testid="song-card"][data-song-id="${songId}"]`).getByTestId("song-card-last-sung");
  await expect(card(lanterns)).toHaveText("Not sung yet");
  await expect(card(hymn)).toContainText("Last sung");
  await page.getByTestId("songs-not-sung").selectOption("3");
  await expect(page).toHaveURL(/notSung=3/);
  await expect(page.getByTestId("song-card")).toHaveCount(1);
  await expect(page.getByTestId("song-card")).toHaveAttribute("data-song-id", lanterns);

  // The usage report, from the choir's page: the last twelve months by default; the public-domain psalm is left out.
  await page.goto(`/choir/${choirId}/admin`);
  await page.getByTestId("choir-song-usage-link").click();
  await expect(page).toHaveURL(new RegExp(`/choir/${choirId}/song-usage$`));
  const rows = page.getByTestId("song-usage-row");
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toHaveAttribute("data-song-id", hymn);
  await expect(rows.first().getByTestId("song-usage-count-cell")).toHaveText("2");
  await expect(rows.first()).toContainText("7654321");
  await expect(rows.first()).toContainText("Marta Ribera");
  await pictureInBothLanguages(
    page,
    "song-usage",
    async (p) => {
      await expect(p.getByTestId("song-usage-row")).toHaveCount(1);
    },
    {
      mask: (p) => [
        p.getByTestId("song-usage-from"),
        p.getByTestId("song-usage-to"),
        p.getByTestId("song-usage-last-sung"),
      ],
    },
  );

  // The CSV: saved under the server's name, UTF-8 with a byte-order mark, the song and its count in it.
  const downloading = page.waitForEvent("download");
  await page.getByTestId("song-usage-download").click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(
    /^song-usage-coro-de-la-bah[ií]a-\d{4}-\d{2}-\d{2}-\d{4}-\d{2}-\d{2}\.csv$/,
  );
  const bytes = await readFile((await download.path())!);
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const csv = bytes.subarray(3).toString("utf8");
  expect(csv).toContain("Evening Hymn of the Bay,7654321,2,");
  expect(csv).not.toContain("Old Psalm of the Bay");

  // A range of more than a year before: only the oldest playlist.
  await page.goto(`/choir/${choirId}/song-usage?from=${day(-500)}&to=${day(-300)}`);
  await expect(rows).toHaveCount(1);
  await expect(rows.first().getByTestId("song-usage-count-cell")).toHaveText("1");
  await context.close();
});
