import { apiCall } from "../fixtures/api";
import { newPerson } from "../fixtures/director";
import { text } from "../fixtures/locales";
import { expect, test } from "../fixtures/test";

// A library export larger than one request takes: the web app sends it in parts, one after the other, and shows how
// far it has come while it runs. The songs are made up for this test.

const SONGS = 900;

const exportFile = JSON.stringify(
  Array.from({ length: SONGS }, (_, n) => ({
    title: `Harbour Round ${n + 1}`,
    artist: "Harbour Singers",
    content: `{title: Harbour Round ${n + 1}}\n[G]Row the boat to [D]harbour ${n + 1}\n[C]Home before the [G]night`,
    tags: [],
  })),
);

test("a library import in two parts shows its progress while the second part is on its way, then every song", async ({
  browser,
}) => {
  test.setTimeout(240_000);
  const { context, page } = await newPerson(browser, "progress-importer", "general");
  await page.goto("/songs?mine=1");
  await expect(page.getByTestId("songs-empty")).toBeVisible();

  // The second request waits until the test has seen the progress after the first: the server answers both.
  let parts = 0;
  let releaseSecond = () => {};
  const secondHeld = new Promise<void>((resolve) => {
    releaseSecond = resolve;
  });
  await page.route("**/api/songs/import", async (route) => {
    parts++;
    if (parts === 2) await secondHeld;
    await route.continue();
  });

  await page.getByTestId("songs-import-button").click();
  await page
    .getByTestId("songs-import-input")
    .setInputFiles([
      { name: "songs-export.json", mimeType: "application/json", buffer: Buffer.from(exportFile) },
    ]);
  await page.getByTestId("songs-import-submit").click();
  // Reading 900 songs and looking for their likely duplicates takes the server a few seconds on a loaded machine.
  await expect(page.getByTestId("songs-import-preview-count")).toHaveText(
    text("en", "songs.library.import.willCreate_other").replace("{{count}}", String(SONGS)),
    { timeout: 30_000 },
  );
  const nothingSaved = page.getByText(text("en", "songs.library.import.nothingSavedYet"));
  await expect(nothingSaved).toBeVisible();
  await expect(
    page.getByRole("dialog", { name: text("en", "songs.library.import.previewTitle") }),
  ).toBeVisible();
  await page.getByTestId("songs-import-confirm").click();
  // While it runs, the dialog says so: it is no longer a preview.
  await expect(
    page.getByRole("dialog", { name: text("en", "songs.library.import.importingTitle") }),
  ).toBeVisible();

  const progress = page.getByTestId("songs-import-progress");
  await expect(progress).toBeVisible();
  await expect(
    page.getByText(
      text("en", "songs.library.import.batches").replace("{{done}}", "1").replace("{{total}}", "2"),
    ),
    // The first part is hundreds of songs saved with their duplicate checks: seconds on a loaded machine.
  ).toBeVisible({ timeout: 30_000 });
  await expect(
    page.getByRole("progressbar", { name: text("en", "songs.library.import.progress") }),
  ).toBeVisible();
  expect(parts).toBe(2);
  // The first part is saved by now: the preview's "nothing saved yet" is gone.
  await expect(nothingSaved).toHaveCount(0);
  releaseSecond();

  await expect(page.getByTestId("songs-import-summary")).toContainText(
    text("en", "songs.library.import.imported_other").replace("{{count}}", String(SONGS)),
  );
  await expect(progress).toHaveCount(0);
  // Every song once: the person's own songs count them, and the last one is there by its title.
  const own = await apiCall<{ totalCount: number }>(
    page,
    "GET",
    "/api/songs/search?onlyUserCreated=true&take=1",
    undefined,
    200,
  );
  expect(own.totalCount).toBe(SONGS);
  const last = await apiCall<{ totalCount: number }>(
    page,
    "GET",
    `/api/songs/search?onlyUserCreated=true&searchTerm=${encodeURIComponent(`Harbour Round ${SONGS}`)}&sortBy=title&take=1`,
    undefined,
    200,
  );
  expect(last.totalCount).toBeGreaterThan(0);
  await context.close();
});
