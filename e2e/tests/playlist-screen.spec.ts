import { apiCall, createChoirSong } from "../fixtures/api";
import { newDirector, newMemberOf } from "../fixtures/director";
import { text } from "../fixtures/locales";
import { addFromDialog, statusOutsideLine } from "../fixtures/playlist-screen";
import { pictureInBothLanguages } from "../fixtures/screens";
import { expect, type Locator, type Page, test } from "../fixtures/test";
import { overlaps, toastBox } from "../fixtures/toast";

/**
 * The one playlist screen, /playlists/{id}: a director adds two songs with keys and notes, reorders them from the
 * keyboard, renames the playlist, removes a song and takes it back, and switches a library hymn to the choir's
 * version keeping its key; a singer sees the notes and no empty sections. Every lyric here is written for these tests.
 */

interface Playlist {
  id: string;
  title: string | null;
  time: string | null;
  sections: Array<{
    id: string;
    title: string;
    songs: Array<{ songId: string; key: string | null; note: string | null }>;
  }>;
}

const section = (page: Page, title: string): Locator =>
  page.locator(`[data-testid="playlist-detail-section"][data-section-title="${title}"]`);
const entry = (page: Page, songId: string): Locator =>
  page.locator(`[data-testid="playlist-detail-song"][data-song-id="${songId}"]`);

/** The songs of a section as shown, in order. */
const shownSongs = (page: Page, title: string) =>
  section(page, title)
    .getByTestId("playlist-detail-song")
    .evaluateAll((rows) => rows.map((row) => row.getAttribute("data-song-id")));

async function chooseKey(page: Page, songId: string, key: string) {
  await entry(page, songId).getByTestId("entry-key-select").click();
  await page.getByRole("option", { name: key, exact: true }).click();
  await expect(entry(page, songId).getByTestId("entry-key-select")).toHaveValue(key);
}

async function writeNote(page: Page, songId: string, note: string) {
  await entry(page, songId).getByTestId("entry-menu").click();
  await page.getByTestId("entry-note-edit").click();
  await entry(page, songId).getByTestId("entry-note-input").fill(note);
  await entry(page, songId).getByTestId("entry-note-save").click();
  await expect(entry(page, songId).getByTestId("entry-note")).toHaveText(note);
}

test("a director shapes a playlist on its one screen and a singer reads it", async ({ browser }) => {
  test.setTimeout(420_000);
  const director = await newDirector(browser, "precentor", { name: "Coro del Puerto Viejo" });
  const { page, choirId } = director;

  // A library hymn (public, not the choir's) the choir has its own version of, and two songs of the choir's.
  const hymn = await apiCall<{ songId: string }>(
    page,
    "POST",
    "/api/songs",
    {
      visibility: 0,
      title: "Harbour Morning Hymn",
      artist: "Bay Writers",
      content: "{key: G}\n[G]Morning on the [C]harbour, [D]gulls above the [G]sea",
    },
    201,
  );
  const version = await apiCall<{ songId: string }>(
    page,
    "POST",
    `/api/songs/${hymn.songId}/versions`,
    { choirId },
    201,
  );
  const bread = await createChoirSong(
    page,
    choirId,
    "Bread Upon the Water",
    "{key: D}\n[D]Bread upon the [G]water, [A]bread upon the [D]shore",
  );
  const lamp = await createChoirSong(
    page,
    choirId,
    "Lamp of the Evening",
    "{key: E}\n[E]Light the lamp of [A]evening, [B]light it for the [E]road",
  );
  const playlist = await apiCall<Playlist>(
    page,
    "POST",
    "/api/playlists",
    {
      choirId,
      date: "2031-12-14",
      title: "Advent Evening",
      sections: [
        { title: "Gathering", songs: [{ songId: hymn.songId }] },
        { title: "Communion", songs: [] },
        { title: "Sending", songs: [] },
      ],
    },
    201,
  );

  await page.goto(`/playlists/${playlist.id}`);
  await expect(page.getByTestId("playlist-detail-title")).toHaveText("Advent Evening");
  // One status line before the first song.
  await expect(page.getByTestId("playlist-status-line")).toContainText("Private");
  await expect(page.getByTestId("playlist-status-line")).toContainText("1 song");

  // Two songs into Communion with the section's dialog; it opens with a fresh search each time.
  const addTo = async (title: string, song: string, songTitle: string) => {
    await page.getByRole("button", { name: `Add song to ${title}` }).click();
    await addFromDialog(page, songTitle, song);
    await expect(section(page, title).locator(`[data-song-id="${song}"]`)).toBeVisible();
  };
  await addTo("Communion", bread, "Bread Upon the Water");
  await addTo("Communion", lamp, "Lamp of the Evening");
  expect(await shownSongs(page, "Communion")).toEqual([bread, lamp]);

  // Keys and notes in place.
  await chooseKey(page, bread, "E");
  await chooseKey(page, lamp, "F");
  await writeNote(page, bread, "capo 2");
  await writeNote(page, lamp, "soloist: Ana");

  // From the keyboard: Space picks the second song up, the up arrow moves it, Space drops it.
  await entry(page, lamp).getByTestId("entry-drag-handle").focus();
  await page.keyboard.press("Space");
  await expect(entry(page, lamp)).toHaveAttribute("data-dragging", "true");
  await page.keyboard.press("ArrowUp");
  // The keyboard sensor glides the song to its new place before it can be dropped.
  await page.waitForTimeout(400);
  await page.keyboard.press("Space");
  await expect(entry(page, lamp)).not.toHaveAttribute("data-dragging", "true");
  await expect.poll(() => shownSongs(page, "Communion")).toEqual([lamp, bread]);

  // The playlist's own name and time.
  await page.getByTestId("playlist-rename-open").click();
  await page.getByTestId("playlist-rename-title").fill("Third Sunday of Advent");
  await page.getByTestId("playlist-rename-time").fill("09:00");
  await page.getByTestId("playlist-rename-save").click();
  await expect(page.getByTestId("playlist-detail-title")).toHaveText("Third Sunday of Advent");
  await expect(page.getByTestId("playlist-detail-date")).toContainText("9:00");

  // Removed, then taken back: at its place, with its key and note.
  // Its toast, with the Undo, keeps off the menu item pressed, the song left in the section and the app's bar.
  await entry(page, lamp).getByTestId("entry-menu").click();
  const removeBox = (await page.getByTestId("entry-remove").boundingBox())!;
  await page.getByTestId("entry-remove").click();
  await expect(entry(page, lamp)).toHaveCount(0);
  const undo = page.getByTestId("undo-toast");
  await expect(undo).toContainText("“Lamp of the Evening” removed");
  const undoBox = await toastBox(page, "“Lamp of the Evening” removed");
  expect(overlaps(undoBox, removeBox), "the undo toast covers the Remove pressed").toBe(false);
  expect(overlaps(undoBox, (await entry(page, bread).boundingBox())!), "the toast covers the song left").toBe(
    false,
  );
  expect(
    overlaps(undoBox, (await page.locator("header").first().boundingBox())!),
    "the toast covers the bar",
  ).toBe(false);
  await undo.getByRole("button", { name: text("en", "playlistScreen.undo") }).click();
  await expect.poll(() => shownSongs(page, "Communion")).toEqual([lamp, bread]);
  await expect(entry(page, lamp).getByTestId("entry-key-select")).toHaveValue("F");
  await expect(entry(page, lamp).getByTestId("entry-note")).toHaveText("soloist: Ana");

  // The library hymn sung in A, switched to the choir's version: the key stays, the row says it is the choir's.
  await chooseKey(page, hymn.songId, "A");
  await expect(entry(page, hymn.songId).getByTestId("entry-original")).toBeVisible();
  await entry(page, hymn.songId).getByTestId("entry-menu").click();
  await page.getByTestId("entry-switch-version").click();
  await expect(entry(page, version.songId).getByTestId("entry-choir-version")).toHaveText("Choir version");
  await expect(entry(page, version.songId).getByTestId("entry-key-select")).toHaveValue("A");
  await expect(entry(page, hymn.songId)).toHaveCount(0);

  // What the server keeps is what the screen shows.
  const saved = await apiCall<Playlist>(page, "GET", `/api/playlists/${playlist.id}`, undefined, 200);
  expect(saved.title).toBe("Third Sunday of Advent");
  expect(saved.time).toBe("09:00");
  expect(saved.sections.map((s) => s.songs.map((e) => [e.songId, e.key, e.note]))).toEqual([
    [[version.songId, "A", null]],
    [
      [lamp, "F", "soloist: Ana"],
      [bread, "E", "capo 2"],
    ],
    [],
  ]);

  // One status line before the first song, nothing else saying the playlist's state.
  expect(await statusOutsideLine(page), "states shown before the first song besides its status line").toEqual(
    [],
  );

  await pictureInBothLanguages(page, "playlist-screen-editor", async (p) => {
    await expect(p.getByTestId("playlist-detail-song")).toHaveCount(3);
    await expect(p.getByTestId("section-add-song")).toHaveCount(3);
  });

  // A singer of a choir that keeps playlist editing to its directors reads it: the notes under the songs, the keys,
  // no empty section, nothing to change.
  await apiCall(
    page,
    "PUT",
    `/api/choirs/${choirId}`,
    { name: director.choirName, membersEditPlaylists: false },
    200,
  );
  const singer = await newMemberOf(browser, director, "tenor");
  await singer.page.goto(`/playlists/${playlist.id}`);
  await expect(singer.page.getByTestId("playlist-detail-title")).toHaveText("Third Sunday of Advent");
  await expect(singer.page.getByTestId("playlist-detail-section")).toHaveCount(2);
  await expect(section(singer.page, "Sending")).toHaveCount(0);
  await expect(entry(singer.page, lamp).getByTestId("entry-note")).toHaveText("soloist: Ana");
  await expect(entry(singer.page, bread).getByTestId("entry-key")).toHaveText("E");
  await expect(entry(singer.page, version.songId).getByTestId("entry-choir-version")).toBeVisible();
  for (const control of ["section-add-song", "entry-menu", "entry-drag-handle", "playlist-rename-open"])
    await expect(singer.page.getByTestId(control), control).toHaveCount(0);
  await expect(singer.page.getByRole("link", { name: text("en", "sing.open") })).toBeVisible();
  await expect(singer.page.getByTestId("playlist-status-line")).toBeVisible();
  expect(
    await statusOutsideLine(singer.page),
    "states shown before the first song besides its status line",
  ).toEqual([]);
  await pictureInBothLanguages(singer.page, "playlist-screen-singer", async (p) => {
    await expect(p.getByTestId("playlist-detail-song")).toHaveCount(3);
  });

  await singer.context.close();
  await director.context.close();
});
