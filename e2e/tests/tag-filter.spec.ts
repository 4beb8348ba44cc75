import { apiCall } from "../fixtures/api";
import { newDirector } from "../fixtures/director";
import { LANGUAGE_STORAGE_KEY } from "../fixtures/locales";
import { pictureInBothLanguages } from "../fixtures/screens";
import { expect, test } from "../fixtures/test";

/** The library's tag filter and the song form's tags, typed in part: Enter takes the suggestion, not the fragment. */

test("Enter picks the suggestion: 'comm' and Enter filters by 'communion'", async ({ browser }) => {
  test.setTimeout(120_000);
  const { context, page } = await newDirector(browser, "tagger", { name: `Coro de la Ribera ${Date.now()}` });
  const stamp = Date.now();
  for (const [title, tags] of [
    [`Bread of the Morning ${stamp}`, ["communion", "hymn"]],
    [`Harbour Lights ${stamp}`, ["evening"]],
  ] as const) {
    await apiCall(
      page,
      "POST",
      "/api/songs",
      {
        visibility: 0,
        title,
        content: "[G]Words written for this [C]test",
        tags,
      },
      201,
    );
  }

  await page.goto("/songs");
  const filter = page.getByTestId("songs-tag-filter");
  await filter.click();
  await filter.pressSequentially("comm");
  const suggestion = page.getByTestId("songs-tag-suggestion").filter({ hasText: "communion" });
  await expect(suggestion).toBeVisible();
  await expect(suggestion).toHaveAttribute("data-combobox-selected", "true");
  await filter.press("Enter");
  await expect(page.getByTestId("songs-tag-chip")).toHaveText(["communion"]);
  await expect(filter).toHaveValue("");
  await expect(page.getByTestId("song-card")).toHaveCount(1);
  await expect(page.getByTestId("song-card")).toContainText(`Bread of the Morning ${stamp}`);

  // The song form's tag field does the same.
  await page.getByTestId("songs-create-button").click();
  const tagInput = page.getByTestId("tag-input");
  await tagInput.pressSequentially("even");
  await expect(page.getByTestId("tag-suggestion").filter({ hasText: "evening" })).toHaveAttribute(
    "data-combobox-selected",
    "true",
  );
  await tagInput.press("Enter");
  await expect(page.getByTestId("tag-chip")).toHaveText(["evening"]);
  await context.close();
});

test("in Spanish, the tag filter finds by 'navidad' the songs tagged 'christmas', and shows their tags in Spanish", async ({
  browser,
}) => {
  test.setTimeout(240_000);
  const stamp = Date.now();
  const { context, page } = await newDirector(browser, "glossary", { name: `Coro del Puerto ${stamp}` });
  for (const [title, tags] of [
    [`Carol of the Hill ${stamp}`, ["christmas", "hymn"]],
    [`Villancico del Alba ${stamp}`, ["Navidad"]],
    [`Bread of the Morning ${stamp}`, ["communion"]],
  ] as const) {
    await apiCall(
      page,
      "POST",
      "/api/songs",
      { visibility: 0, title, content: "[G]Words written for this [C]test", tags },
      201,
    );
  }
  const mine = page.getByTestId("song-card").filter({ hasText: String(stamp) });

  await pictureInBothLanguages(page, "library-tag-glossary", async (p) => {
    await p.goto(`/songs?q=${stamp}`);
    await expect(mine).toHaveCount(3);
  });

  await page.evaluate((key) => window.localStorage.setItem(key, "es"), LANGUAGE_STORAGE_KEY);
  await page.goto("/songs");
  await expect(page.locator("html")).toHaveAttribute("lang", "es");
  const filter = page.getByTestId("songs-tag-filter");
  await filter.click();
  await filter.pressSequentially("navid");
  // One suggestion for the meaning, in Spanish, whichever tag stands for it.
  const suggestion = page.getByTestId("songs-tag-suggestion").filter({ hasText: /^navidad$/ });
  await expect(suggestion).toHaveCount(1);
  await expect(suggestion).toHaveAttribute("data-combobox-selected", "true");
  await filter.press("Enter");
  await expect(page.getByTestId("songs-tag-chip")).toHaveText(["navidad"]);
  await expect(mine).toHaveCount(2);
  const carol = mine.filter({ hasText: `Carol of the Hill ${stamp}` });
  await expect(carol).toBeVisible();
  await expect(mine.filter({ hasText: `Villancico del Alba ${stamp}` })).toBeVisible();
  // The card shows the tag 'christmas' in Spanish; a tag the glossary knows as it is written stays as it is.
  await expect(carol.getByRole("listitem").filter({ hasText: /^navidad$/ })).toBeVisible();
  await expect(carol.getByRole("listitem").filter({ hasText: /^himno$/ })).toBeVisible();

  // Accents and case do not matter: typed by hand, 'COMUNION' finds the song tagged 'communion'.
  await page.goto("/songs?tags=COMUNION");
  await expect(mine).toHaveCount(1);
  await expect(mine).toContainText(`Bread of the Morning ${stamp}`);
  await context.close();
});

test("the add-song dialog of a Communion section offers the songs tagged for it first", async ({
  browser,
}) => {
  test.setTimeout(240_000);
  const stamp = Date.now();
  const { context, page, choirId } = await newDirector(browser, "sections", {
    name: `Coro de Santa Ana ${stamp}`,
  });
  const songs: Record<string, string> = {};
  for (const [key, title, tags] of [
    ["amazing", `Amazing Dawn ${stamp}`, ["morning"]],
    ["pan", `Pan del Camino ${stamp}`, ["comunión"]],
    ["zion", `Zion Road ${stamp}`, []],
  ] as const) {
    const song = await apiCall<{ songId: string }>(
      page,
      "POST",
      "/api/songs",
      { visibility: 0, title, content: "[G]Words written for this [C]test", tags },
      201,
    );
    songs[key] = song.songId;
  }
  const date = "2031-07-06";
  const playlist = await apiCall<{ id: string }>(
    page,
    "POST",
    "/api/playlists",
    { choirId, date, sections: [{ title: "communion", songs: [] }] },
    201,
  );
  await page.goto(`/playlists/${playlist.id}`);

  const results = page.getByTestId("add-song-result");
  const row = (key: string) => page.locator(`[data-testid="add-song-result"][data-song-id="${songs[key]}"]`);
  // Before anything is typed: the songs tagged for the section first, under their heading, then the library.
  await page.getByTestId("section-add-song").first().click();
  await expect(page.getByTestId("add-song-for-section")).toHaveText("Tagged Communion");
  await expect(row("pan")).toHaveAttribute("data-for-section", "true");
  await expect(row("amazing")).toBeVisible();
  await expect(row("amazing")).not.toHaveAttribute("data-for-section", "true");
  const order = await results.evaluateAll((rows) => rows.map((r) => (r as HTMLElement).dataset.songId));
  expect(order.indexOf(songs.pan)).toBeLessThan(order.indexOf(songs.amazing));
  expect(order.filter((id) => id === songs.pan)).toHaveLength(1);

  // Typed: the matches tagged for the section still come first. Pictured typed, so that only this test's songs
  // show (other journeys' public songs are in the library too); the pictures leave the dialog open, in English.
  await pictureInBothLanguages(page, "add-song-section-tags", async (p) => {
    if ((await p.getByTestId("add-song-search").count()) === 0)
      await p.getByTestId("section-add-song").first().click();
    await p.getByTestId("add-song-search").fill(String(stamp));
    await expect(results).toHaveCount(3);
    await expect(results.first()).toHaveAttribute("data-song-id", songs.pan!);
    await expect(row("pan")).toHaveAttribute("data-for-section", "true");
    await expect(p.getByTestId("add-song-last-sung")).toHaveCount(3);
  });
  await expect(page.getByTestId("add-song-for-section")).toHaveText("Tagged Communion");

  // Adding a song closes the dialog; the song is in the section.
  await row("pan").getByTestId("add-song-add").click();
  await expect(page.getByRole("dialog")).toHaveCount(0);
  await expect(page.getByTestId("playlist-detail-section")).toContainText(`Pan del Camino ${stamp}`);
  await context.close();
});
