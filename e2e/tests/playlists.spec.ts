import { apiCall, createChoirSong } from "../fixtures/api";
import { newDirector, newPerson } from "../fixtures/director";
import { text } from "../fixtures/locales";
import { addFromDialog } from "../fixtures/playlist-screen";
import { pictureInBothLanguages } from "../fixtures/screens";
import { expect, type Locator, type Page, test } from "../fixtures/test";

/**
 * A choir's Mass on its playlist screen, through the real sign-in: songs added to its sections from the section's
 * dialog, moves with the sheet and by dragging, removals, a move that fails and snaps back, a reload, a member who
 * edits, an outsider who cannot open it, and deleting it. Every lyric here is written for these tests.
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
  page.locator(`[data-testid="playlist-detail-section"][data-section-title="${key}"]`);
const entry = (page: Page, songId: string): Locator =>
  page.locator(`[data-testid="playlist-detail-song"][data-song-id="${songId}"]`);

/** The playlist as shown: each section's key with the song ids in order. */
async function shownOrder(page: Page): Promise<Array<[string, string[]]>> {
  return page
    .locator('[data-testid="playlist-detail-section"]')
    .evaluateAll((sections) =>
      sections.map((s) => [
        s.getAttribute("data-section-title") ?? "",
        Array.from(s.querySelectorAll('[data-testid="playlist-detail-song"]')).map(
          (e) => e.getAttribute("data-song-id") ?? "",
        ),
      ]),
    ) as Promise<Array<[string, string[]]>>;
}

async function expectSongIn(page: Page, key: string, songId: string) {
  await expect(section(page, key).locator(`[data-song-id="${songId}"]`)).toBeVisible();
}

/** Opens an entry's move-to sheet from its menu. */
async function openMoveSheet(page: Page, songId: string) {
  await entry(page, songId).getByTestId("entry-menu").click();
  await page.getByTestId("entry-move").click();
}

/** Drags an entry by its handle onto a target with the mouse, in small steps so the drag starts and follows. */
async function dragEntry(page: Page, songId: string, target: Locator) {
  const handle = entry(page, songId).getByTestId("entry-drag-handle");
  // Both ends on screen and away from its edges before the drag starts (near an edge the page scrolls under the
  // pointer while it drags): the point halfway between them in the middle of the window.
  await target.evaluate((element) => element.scrollIntoView({ block: "center" }));
  const start = (await handle.boundingBox())!;
  const end = (await target.boundingBox())!;
  const middle = (start.y + end.y + end.height) / 2;
  await page.evaluate((by) => window.scrollBy(0, by), middle - (page.viewportSize()?.height ?? 800) / 2);
  const from = (await handle.boundingBox())!;
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await page.mouse.down();
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2 + 12, { steps: 4 });
  const to = (await target.boundingBox())!;
  await page.mouse.move(to.x + to.width / 2, to.y + to.height / 2, { steps: 16 });
  await page.mouse.move(to.x + to.width / 2, to.y + to.height / 2 + 2, { steps: 2 });
  await page.mouse.up();
}

test("a director builds next Sunday's Mass on its screen, moves, drags and removes songs; a failed move snaps back; a member edits; an outsider is kept out", async ({
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

  // A Sunday's Mass with its nine sections, still empty (a fixed Sunday: the pictures show it).
  const sunday = "2030-12-01";
  const mass = await apiCall<{ id: string }>(
    page,
    "POST",
    "/api/playlists",
    { choirId, date: sunday, sections: MASS_SECTIONS.map((title) => ({ title, songs: [] })) },
    201,
  );
  await page.goto(`/playlists/${mass.id}`);
  await expect.poll(async () => (await shownOrder(page)).map(([key]) => key)).toEqual(MASS_SECTIONS);
  await expect(page.getByTestId("section-empty-hint")).toHaveCount(9);
  // No song yet: nothing to sing, no duration to tell.
  await expect(page.getByTestId("status-duration")).toHaveCount(0);
  await expect(page.getByTestId("playlist-sing")).toHaveCount(0);

  // Five songs, each from its section's dialog.
  const addTo = async (key: string, songId: string, title: string) => {
    await section(page, key).getByTestId("section-add-song").click();
    await addFromDialog(page, title, songId);
    await expectSongIn(page, key, songId);
  };
  await addTo("entrance", s1, lines[0][0]);
  await addTo("entrance", s2, lines[1][0]);
  await addTo("gloria", s3, lines[2][0]);
  await addTo("offertory", s4, lines[3][0]);
  await addTo("communion", s5, lines[4][0]);
  // A song already in the playlist is said so, and cannot be added again.
  await section(page, "holy").getByTestId("section-add-song").click();
  await page.getByTestId("add-song-search").fill(lines[0][0]);
  const again = page.locator(`[data-testid="add-song-result"][data-song-id="${s1}"]`);
  await expect(again).toContainText(text("en", "playlists.addSong.inPlaylist"));
  await expect(again.getByTestId("add-song-add")).toHaveCount(0);
  await page.keyboard.press("Escape");
  await expect(page.getByRole("dialog")).toHaveCount(0);

  await expect(page.getByTestId("status-songs")).toHaveText("5 songs");
  await expect(page.getByTestId("status-duration")).toHaveText("15 min");
  await expect(page.getByTestId("status-privacy")).toHaveText("Private");
  await expect(page.getByTestId("playlist-sing")).toBeVisible();

  // The move sheet lists the other sections; choosing one moves the song and closes the sheet.
  await openMoveSheet(page, s2);
  const sheet = page.getByRole("dialog");
  await expect(sheet.getByTestId("move-target")).toHaveCount(8);
  await expect(sheet.locator('[data-section-title="entrance"]')).toHaveCount(0);
  await sheet.getByTestId("move-cancel").click();
  await expect(sheet).toHaveCount(0);
  await openMoveSheet(page, s2);
  await page.locator('[data-testid="move-target"][data-section-title="peace"]').click();
  await expect(page.getByRole("dialog")).toHaveCount(0);
  await expectSongIn(page, "peace", s2);

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

  // Remove the communion song (its Undo left alone).
  await entry(page, s5).getByTestId("entry-menu").click();
  await page.getByTestId("entry-remove").click();
  await expect(entry(page, s5)).toHaveCount(0);
  await expect(page.getByTestId("undo-toast")).toBeVisible();
  await expect(page.getByTestId("status-songs")).toHaveText("4 songs");

  // A move the server refuses is shown at once, then snaps back with the failure toast.
  const before = await shownOrder(page);
  await page.route("**/api/playlists/*/songs/*/move", (route) =>
    route.fulfill({
      status: 500,
      contentType: "application/json",
      body: JSON.stringify({ message: "Server error", code: "internal" }),
    }),
  );
  await openMoveSheet(page, s1);
  await page.locator('[data-testid="move-target"][data-section-title="recessional"]').click();
  await expect(page.getByText("Server error").first()).toBeVisible();
  await expectSongIn(page, "entrance", s1);
  await expect.poll(() => shownOrder(page)).toEqual(before);
  await page.unroute("**/api/playlists/*/songs/*/move");

  // A reload shows the same order.
  await page.reload();
  await expect(entry(page, s1)).toBeVisible();
  expect(await shownOrder(page)).toEqual(before);

  // Share opens the share modal with the playlist's public address.
  await page.getByTestId("playlist-detail-share").click();
  await expect(page.getByTestId("share-url")).toHaveValue(new RegExp(`/share/${mass.id}$`));
  // A new playlist is private: the modal says only the choir's signed-in members open the link, and offers more.
  await expect(page.getByTestId("share-access")).toHaveAttribute("data-access", "private");
  await expect(page.getByTestId("share-make-public")).toBeVisible();
  await page.getByTestId("share-close").click();
  await expect(page.getByTestId("share-modal")).toHaveCount(0);

  // The director's dashboard lists it under 'coming up', leading to the playlist.
  await page.goto("/dashboard");
  const comingUp = page.getByTestId(`coming-up-${mass.id}`);
  await expect(comingUp).toBeVisible();
  await expect(comingUp).toContainText("4 songs");
  await expect(comingUp.getByRole("link")).toHaveAttribute("href", `/playlists/${mass.id}`);
  await page.goBack();
  await expect(entry(page, s1)).toBeVisible();

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
  await page.goBack();
  await expect(entry(page, s1)).toBeVisible();

  await pictureInBothLanguages(
    page,
    "playlist-move-sheet",
    async (p) => {
      await expect(p.getByTestId("playlist-detail-song")).toHaveCount(4);
      await openMoveSheet(p, s1);
      await expect(p.getByTestId("move-target").first()).toBeVisible();
    },
    { fullPage: false },
  );
  await page.keyboard.press("Escape");
  await expect(page.getByRole("dialog")).toHaveCount(0);

  // A member (joined through a link) sees the playlist and edits it; the director's screen follows live.
  await page.goto(`/choir/${choirId}/admin`);
  await page.getByTestId("link-create").click();
  const link = (await page.getByTestId("link-url").first().textContent())!.trim();
  const member = await newPerson(browser, "alto", "general");
  await member.page.goto(link);
  await member.page.getByTestId("invite-join").click();
  await expect(member.page.getByTestId(`choir-card-${choirId}`)).toBeVisible();
  await member.page.goto(`/playlists/${mass.id}`);
  await expect(entry(member.page, s1)).toBeVisible();
  // A member may edit here (the choir's setting, read after the playlist): the empty sections show once that is known.
  await expect(member.page.getByTestId("playlist-detail-page")).toHaveAttribute("data-can-edit", "true");
  expect(await shownOrder(member.page)).toEqual(before);
  await page.goto(`/playlists/${mass.id}`);
  await expectSongIn(page, "offertory", s4);
  await expect(page.getByTestId("live-badge")).toHaveAttribute("data-state", "live");
  await openMoveSheet(member.page, s4);
  await member.page.locator('[data-testid="move-target"][data-section-title="holy"]').click();
  await expectSongIn(member.page, "holy", s4);
  await expectSongIn(page, "holy", s4);
  await member.context.close();

  // An outsider cannot open the choir or its playlist.
  const outsider = await newPerson(browser, "stranger", "general");
  await outsider.page.goto(`/playlists/${mass.id}`);
  await expect(outsider.page.getByTestId("playlist-not-found")).toBeVisible();
  await expect(outsider.page.getByTestId("playlist-detail-song")).toHaveCount(0);
  await apiCall(outsider.page, "GET", `/api/choirs/${choirId}/playlists`, undefined, 404);
  await outsider.context.close();

  // Deleting the playlist (after the warning) leads back to the choir's playlists.
  await page.getByTestId("playlist-detail-delete").click();
  await expect(page.getByTestId("playlist-delete-confirm")).toBeVisible();
  await page.getByTestId("playlist-delete-confirm-confirm").click();
  await expect(page).toHaveURL(`/choir/${choirId}/playlists`);
  await expect(page.getByText(text("en", "playlistDetail.deleted")).first()).toBeVisible();
  await apiCall(page, "GET", `/api/playlists/${mass.id}`, undefined, 404);

  // A playlist without sections offers its editor the first song.
  const empty = await apiCall<{ id: string }>(
    page,
    "POST",
    "/api/playlists",
    { choirId, date: "2031-06-01", sections: [], isPublic: false, title: null },
    201,
  );
  await page.goto(`/playlists/${empty.id}`);
  await expect(page.getByTestId("playlist-detail-empty")).toBeVisible();
  await page.getByTestId("playlist-add-song").click();
  await addFromDialog(page, lines[2][0], s3);
  await expect(entry(page, s3)).toBeVisible();
  await admin.context.close();
});
