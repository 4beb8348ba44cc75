import { apiCall, createChoirSong } from "../fixtures/api";
import { newDirector, newPerson } from "../fixtures/director";
import { text } from "../fixtures/locales";
import { pictureInBothLanguages } from "../fixtures/screens";
import { expect, type Locator, type Page, test } from "../fixtures/test";

/**
 * The playlist of a choir for a day, through the real sign-in: the draft from the Mass template, songs added from
 * the library (the first add saves it), moves with the sheet and by dragging, removals, a move that fails and
 * snaps back, a reload, a member who edits, an outsider who cannot open it, and deleting it.
 * Every lyric here is written for these tests.
 */

const MASS_SECTIONS = [
  "entrance",
  "penitential",
  "gloria",
  "word",
  "offertory",
  "holy",
  "peace",
  "communion",
  "recessional",
];

/** A short song of our own, shared with the choir, three minutes long. */
function createSong(page: Page, choirId: string, title: string, line: string): Promise<string> {
  const content = `{title: ${title}}\n{key: D}\n{duration: 3:00}\n[D]${line} [G]today, [A]${line} [D]always`;
  return createChoirSong(page, choirId, title, content);
}

const section = (page: Page, key: string): Locator =>
  page.locator(`[data-testid="playlist-section"][data-section-title="${key}"]`);
const entry = (page: Page, songId: string): Locator =>
  page.locator(`[data-testid="playlist-entry"][data-song-id="${songId}"]`);

/** The playlist as shown: each section's key with the song ids in order. */
async function shownOrder(page: Page): Promise<Array<[string, string[]]>> {
  return page
    .locator('[data-testid="playlist-section"]')
    .evaluateAll((sections) =>
      sections.map((s) => [
        s.getAttribute("data-section-title") ?? "",
        Array.from(s.querySelectorAll('[data-testid="playlist-entry"]')).map(
          (e) => e.getAttribute("data-song-id") ?? "",
        ),
      ]),
    ) as Promise<Array<[string, string[]]>>;
}

async function expectSongIn(page: Page, key: string, songId: string) {
  await expect(
    section(page, key).locator(`[data-testid="playlist-entry"][data-song-id="${songId}"]`),
  ).toBeVisible();
}

/** Drags an entry by its handle onto a target with the mouse, in small steps so the drag starts and follows. */
async function dragEntry(page: Page, songId: string, target: Locator) {
  const handle = entry(page, songId).getByTestId("entry-drag-handle");
  // Both ends on screen before the drag starts.
  await target.evaluate((element) => element.scrollIntoView({ block: "center" }));
  await handle.scrollIntoViewIfNeeded();
  const from = (await handle.boundingBox())!;
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await page.mouse.down();
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2 + 12, { steps: 4 });
  const to = (await target.boundingBox())!;
  await page.mouse.move(to.x + to.width / 2, to.y + to.height / 2, { steps: 16 });
  await page.mouse.move(to.x + to.width / 2, to.y + to.height / 2 + 2, { steps: 2 });
  await page.mouse.up();
}

test("a director builds next Sunday's Mass, moves, drags and removes songs; a failed move snaps back; a member edits; an outsider is kept out", async ({
  browser,
}) => {
  test.setTimeout(420_000);
  const admin = await newDirector(browser, "cantor", {
    name: "Coro de San Miguel",
    address: "7 Bell Street",
  });
  const { page, choirId } = admin;
  const lines = [
    ["Morning Light Over the Harbour", "Light on the water"],
    ["Song of the Quiet Hills", "Hills are singing"],
    ["Bread for the Journey", "Bread we are sharing"],
    ["Lanterns in the Valley", "Lanterns are shining"],
    ["Hymn of the Open Door", "Doors are open"],
  ] as const;
  const songs: string[] = [];
  for (const [title, line] of lines) songs.push(await createSong(page, choirId, title, line));
  const [s1, s2, s3, s4, s5] = songs as [string, string, string, string, string];

  // The choir opens on its playlists tab; the date picker chooses a Sunday (a fixed one: the pictures show it).
  const sunday = "2030-12-01";
  await page.goto(`/choir/${choirId}`);
  await expect(page.getByTestId("choir-dashboard")).toBeVisible();
  await expect(page.getByTestId("choir-tab-admin")).toBeVisible();
  const dateInput = page.getByTestId("playlist-date-input");
  await dateInput.fill("2026-02-30");
  await dateInput.press("Enter");
  await expect(page.getByText(text("en", "playlists.datePicker.invalid"))).toBeVisible();
  await dateInput.fill(sunday);
  await dateInput.press("Enter");
  await expect(page).toHaveURL(new RegExp(`date=${sunday}`));
  await expect(page.getByTestId("playlist-for-date")).toHaveAttribute("data-day", sunday);

  // A virtual Mass playlist with its nine empty sections.
  await expect(page.getByTestId("playlist-virtual-banner")).toBeVisible();
  const templateSelect = page.getByTestId("playlist-template-select");
  if ((await templateSelect.inputValue()) !== text("en", "globalNames.mass")) {
    await templateSelect.click();
    await page.getByRole("option", { name: text("en", "globalNames.mass"), exact: true }).click();
  }
  await expect(templateSelect).toHaveValue(text("en", "globalNames.mass"));
  await expect(templateSelect).toBeEnabled();
  expect((await shownOrder(page)).map(([key]) => key)).toEqual(MASS_SECTIONS);
  await expect(page.getByTestId("section-empty-hint")).toHaveCount(9);
  // No song yet, so no duration to tell.
  await expect(page.getByTestId("playlist-duration")).toHaveCount(0);
  await expect(page.getByTestId("playlist-delete")).toHaveCount(0);

  // Five songs from the library, each into a section; the first add saves the playlist and locks the template.
  await page.getByTestId("choir-tab-songs").click();
  await expect(page).toHaveURL(new RegExp(`/choir/${choirId}/songs\\?.*date=${sunday}`));
  const card = (songId: string) => page.locator(`[data-testid="song-card"][data-song-id="${songId}"]`);
  const addTo = async (songId: string, key: string) => {
    await card(songId).getByTestId("add-to-playlist").click();
    await page.locator(`[data-testid="add-to-playlist-section"][data-section-title="${key}"]`).click();
    await expect(card(songId).getByTestId("add-to-playlist-done")).toBeVisible();
  };
  await expect(card(s1)).toBeVisible();
  await pictureInBothLanguages(page, "choir-dashboard", async (p) => {
    await expect(card(s5)).toBeVisible();
    await expect(p.getByTestId("songs-playlist-day")).toBeVisible();
  });
  await addTo(s1, "entrance");
  await expect(page.getByTestId("playlist-template-select")).toBeDisabled();
  await addTo(s2, "entrance");
  await addTo(s3, "gloria");
  await addTo(s4, "offertory");
  await addTo(s5, "communion");
  // A song already in the playlist is refused.
  await card(s1).getByTestId("add-to-playlist-done").click();
  await expect(page.getByText(text("en", "playlists.songAlreadyInPlaylist")).first()).toBeVisible();

  await page.getByTestId("choir-tab-playlists").click();
  await expect(page.getByTestId("playlist-for-date")).toHaveAttribute("data-status", "persisted");
  await expect(page.getByTestId("playlist-virtual-banner")).toHaveCount(0);
  await expect(page.getByTestId("playlist-template-select")).toBeDisabled();
  await expect(page.getByTestId("playlist-song-count")).toHaveText("5 songs");
  await expect(page.getByTestId("playlist-duration")).toHaveText("15 min");
  await expect(page.getByTestId("playlist-private-badge")).toBeVisible();
  await expectSongIn(page, "entrance", s2);

  // The move sheet lists the other sections; choosing one moves the song and closes the sheet.
  await entry(page, s2).getByTestId("entry-move").click();
  const sheet = page.getByRole("dialog");
  await expect(sheet.getByTestId("move-target")).toHaveCount(8);
  await expect(sheet.locator('[data-section-title="entrance"]')).toHaveCount(0);
  await sheet.getByTestId("move-cancel").click();
  await expect(sheet).toHaveCount(0);
  await entry(page, s2).getByTestId("entry-move").click();
  await page.locator('[data-testid="move-target"][data-section-title="peace"]').click();
  await expect(page.getByRole("dialog")).toHaveCount(0);
  await expectSongIn(page, "peace", s2);
  await expect(page.getByText(text("en", "playlists.songMovedSuccessfully")).first()).toBeVisible();

  // Drag the Gloria song onto the offertory's song: it takes that place.
  await dragEntry(page, s3, entry(page, s4));
  await expectSongIn(page, "offertory", s3);
  await expect(section(page, "gloria").getByTestId("section-empty-hint")).toBeVisible();
  await expect
    .poll(async () => (await shownOrder(page)).find(([key]) => key === "offertory")?.[1])
    .toEqual([s3, s4]);

  // From the keyboard: Space picks the offertory's second song up, the up arrow moves it, Space drops it.
  await entry(page, s4).getByTestId("entry-drag-handle").focus();
  await page.keyboard.press("Space");
  await expect(entry(page, s4)).toHaveAttribute("data-dragging", "true");
  await page.keyboard.press("ArrowUp");
  // The keyboard sensor glides the song to its new place before it can be dropped.
  await page.waitForTimeout(400);
  await page.keyboard.press("Space");
  await expect(entry(page, s4)).not.toHaveAttribute("data-dragging", "true");
  await expect
    .poll(async () => (await shownOrder(page)).find(([key]) => key === "offertory")?.[1])
    .toEqual([s4, s3]);

  // Remove the communion song.
  await entry(page, s5).getByTestId("entry-remove").click();
  await expect(entry(page, s5)).toHaveCount(0);
  await expect(page.getByText(text("en", "playlists.songRemovedFromPlaylist")).first()).toBeVisible();
  await expect(page.getByTestId("playlist-song-count")).toHaveText("4 songs");

  // A move the server refuses is shown at once, then snaps back with the failure toast.
  const before = await shownOrder(page);
  await page.route("**/api/playlists/*/songs/*/move", (route) =>
    route.fulfill({
      status: 500,
      contentType: "application/json",
      body: JSON.stringify({ message: "Server error", code: "internal" }),
    }),
  );
  await entry(page, s1).getByTestId("entry-move").click();
  await page.locator('[data-testid="move-target"][data-section-title="recessional"]').click();
  await expect(page.getByText(text("en", "playlists.failedToMoveSong")).first()).toBeVisible();
  await expectSongIn(page, "entrance", s1);
  expect(await shownOrder(page)).toEqual(before);
  await page.unroute("**/api/playlists/*/songs/*/move");

  // A reload shows the same order.
  await page.reload();
  await expect(page.getByTestId("playlist-for-date")).toHaveAttribute("data-status", "persisted");
  await expect(entry(page, s1)).toBeVisible();
  expect(await shownOrder(page)).toEqual(before);

  // Share opens the share modal with the playlist's public address.
  await page.getByTestId("playlist-share").click();
  const choirPlaylists = await apiCall<Array<{ id: string; date: string }>>(
    page,
    "GET",
    `/api/choirs/${choirId}/playlists`,
  );
  const saved = choirPlaylists.find((p) => p.date === sunday)!;
  await expect(page.getByTestId("share-url")).toHaveValue(new RegExp(`/share/${saved.id}$`));
  // A new playlist is private: the modal says only the choir's signed-in members open the link, and offers more.
  await expect(page.getByTestId("share-access")).toHaveAttribute("data-access", "private");
  await expect(page.getByTestId("share-make-public")).toBeVisible();
  await page.getByTestId("share-close").click();
  await expect(page.getByTestId("share-modal")).toHaveCount(0);

  // The director's dashboard lists it under 'coming up', leading to the playlist.
  await page.goto("/dashboard");
  const comingUp = page.getByTestId(`coming-up-${saved.id}`);
  await expect(comingUp).toBeVisible();
  await expect(comingUp).toContainText("4 songs");
  await expect(comingUp.getByRole("link")).toHaveAttribute("href", `/playlists/${saved.id}`);
  await page.goBack();
  await expect(page.getByTestId("playlist-for-date")).toHaveAttribute("data-status", "persisted");

  // The song opened from the playlist keeps the choir: the past days it was sung there are listed (next
  // Sunday has not come yet).
  const pastDay = "2025-05-04";
  await apiCall(
    page,
    "POST",
    "/api/playlists",
    { choirId, date: pastDay, sections: [{ title: "songs", songs: [{ songId: s1 }] }] },
    201,
  );
  await entry(page, s1).getByTestId("entry-song-link").click();
  await expect(page).toHaveURL(new RegExp(`/songs/${s1}\\?choirId=${choirId}`));
  await expect(page.getByTestId("song-last-sung-item")).toHaveCount(1);
  await expect(page.getByTestId("song-last-sung-item")).toHaveAttribute("data-date", pastDay);
  await expect(page.getByTestId("song-last-sung-link")).toHaveAttribute(
    "href",
    `/choir/${choirId}/playlists?date=${pastDay}`,
  );
  await page.goBack();
  await expect(page.getByTestId("playlist-for-date")).toHaveAttribute("data-status", "persisted");

  await pictureInBothLanguages(page, "playlist-saved", async (p) => {
    await expect(p.getByTestId("playlist-for-date")).toHaveAttribute("data-status", "persisted");
    await expect(p.getByTestId("playlist-entry")).toHaveCount(4);
  });
  await pictureInBothLanguages(
    page,
    "playlist-move-sheet",
    async (p) => {
      await expect(p.getByTestId("playlist-entry")).toHaveCount(4);
      await entry(p, s1).getByTestId("entry-move").click();
      await expect(p.getByTestId("move-target").first()).toBeVisible();
    },
    { fullPage: false },
  );
  await page.keyboard.press("Escape");
  await expect(page.getByRole("dialog")).toHaveCount(0);

  // A member (joined through a link) sees the playlist and edits it.
  await page.goto(`/choir/${choirId}/admin`);
  await page.getByTestId("link-create").click();
  const link = (await page.getByTestId("link-url").first().textContent())!.trim();
  const member = await newPerson(browser, "alto", "general");
  await member.page.goto(link);
  await member.page.getByTestId("invite-join").click();
  await expect(member.page.getByTestId(`choir-card-${choirId}`)).toBeVisible();
  await member.page.goto(`/choir/${choirId}/playlists?date=${sunday}`);
  await expect(member.page.getByTestId("playlist-for-date")).toHaveAttribute("data-status", "persisted");
  await expect(member.page.getByTestId("choir-tab-admin")).toHaveCount(0);
  expect(await shownOrder(member.page)).toEqual(before);
  await page.goto(`/choir/${choirId}/playlists?date=${sunday}`);
  await expectSongIn(page, "offertory", s4);
  await entry(member.page, s4).getByTestId("entry-move").click();
  await member.page.locator('[data-testid="move-target"][data-section-title="holy"]').click();
  await expectSongIn(member.page, "holy", s4);
  // The director's refresh reads the playlists again and shows the member's change.
  await page.getByTestId("playlist-refresh").click();
  await expectSongIn(page, "holy", s4);
  await member.context.close();

  // An outsider cannot open the choir or its playlists.
  const outsider = await newPerson(browser, "stranger", "general");
  await outsider.page.goto(`/choir/${choirId}/playlists?date=${sunday}`);
  await expect(outsider.page.getByTestId("choir-dashboard-not-found")).toBeVisible();
  await expect(outsider.page.getByTestId("playlist-entry")).toHaveCount(0);
  await apiCall(outsider.page, "GET", `/api/choirs/${choirId}/playlists`, undefined, 404);
  await outsider.context.close();

  // Deleting the playlist (after the warning) brings back the draft and unlocks the template.
  await page.getByTestId("playlist-delete").click();
  await expect(page.getByTestId("playlist-delete-dialog")).toBeVisible();
  await page.getByTestId("playlist-delete-dialog-confirm").click();
  await expect(page.getByTestId("playlist-virtual-banner")).toBeVisible();
  await expect(page.getByTestId("playlist-template-select")).toBeEnabled();
  await expect(page.getByTestId("playlist-entry")).toHaveCount(0);
  await expect(page.getByText(text("en", "playlists.playlistDeleted")).first()).toBeVisible();
  await pictureInBothLanguages(page, "playlist-virtual", async (p) => {
    await expect(p.getByTestId("playlist-virtual-banner")).toBeVisible();
    await expect(p.getByTestId("playlist-section")).toHaveCount(9);
  });

  // A saved playlist without sections shows the empty state with its two ways on.
  const emptyDay = "2031-06-01";
  await apiCall(
    page,
    "POST",
    "/api/playlists",
    { choirId, date: emptyDay, sections: [], isPublic: false, title: null },
    201,
  );
  await page.goto(`/choir/${choirId}/playlists?date=${emptyDay}`);
  await expect(page.getByTestId("playlist-empty")).toBeVisible();
  await expect(page.getByTestId("playlist-empty-add-songs")).toHaveAttribute(
    "href",
    `/songs?choirId=${choirId}&date=${emptyDay}`,
  );
  await expect(page.getByTestId("playlist-empty-browse-templates")).toHaveAttribute(
    "href",
    `/choir/${choirId}/playlist-templates`,
  );
  await pictureInBothLanguages(page, "playlist-empty", async (p) => {
    await expect(p.getByTestId("playlist-empty")).toBeVisible();
  });
  await admin.context.close();
});
