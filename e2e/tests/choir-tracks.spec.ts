import { apiCall } from "../fixtures/api";
import { toneWav } from "../fixtures/audio";
import { newDirector, newMemberOf } from "../fixtures/director";
import { pictureInBothLanguages } from "../fixtures/screens";
import { expect, type Page, test } from "../fixtures/test";

/**
 * A choir's rehearsal tracks of a library hymn (decision 0098): added from the choir's context, with no version made
 * by hand, they reach sing mode and the practice player of a playlist holding the original, for the director and the
 * choir's singers, and never another choir.
 */

const HYMN = [
  "{title: Abide With Me}",
  "{key: Eb}",
  "[Eb]Abide with me, [Bb]fast falls the [Eb]eventide",
].join("\n");

async function playlistOf(page: Page, choirId: string, songId: string, title: string): Promise<string> {
  const playlist = await apiCall<{ id: string }>(
    page,
    "POST",
    "/api/playlists",
    { choirId, date: "2026-12-20", title, sections: [{ title: "Entrance", songs: [{ songId }] }] },
    201,
  );
  return playlist.id;
}

/** Sing mode of the playlist: the practice button offers the choir's tracks (`count`), or no button at all. */
async function expectSingTracks(page: Page, playlistId: string, count: number): Promise<void> {
  // The song's track list, read with the playlist's choir.
  const listed = page.waitForResponse(
    (response) => /\/api\/songs\/[^/]+\/tracks\?choirId=/.test(response.url()) && response.ok(),
    { timeout: 60_000 },
  );
  await page.goto(`/playlists/${playlistId}/sing`);
  await expect(page.getByTestId("sing-song")).toBeVisible({ timeout: 30_000 });
  const tracks = (await (await listed).json()) as unknown[];
  expect(tracks).toHaveLength(count);
  const practise = page.getByTestId("sing-practice");
  if (count === 0) {
    // Nothing of the choir's: no practice is offered.
    await expect(page.getByTestId("sing-position")).toHaveText("1 / 1");
    await expect(practise).toHaveCount(0);
    return;
  }
  await expect(practise).toBeVisible({ timeout: 30_000 });
  await practise.click();
  await expect(page.getByTestId("practice-player")).toBeVisible();
  await expect(page.getByTestId("practice-track")).toHaveCount(count);
  await expect(page.getByTestId("practice-track").first()).toContainText("Tenor");
}

test("a director adds a rehearsal track to a library hymn for the choir; its singers practise it in the playlist of the original, another choir never sees it", async ({
  browser,
}) => {
  test.setTimeout(480_000);
  // A hymn in the public library, written by someone in no choir of the test.
  const author = await newDirector(browser, "hymn-author", { name: "Hymnal Writers" });
  const hymn = await apiCall<{ songId: string }>(
    author.page,
    "POST",
    "/api/songs",
    { title: "Abide With Me", artist: "Henry F. Lyte", content: HYMN, visibility: 1 },
    201,
  );
  await author.context.close();

  const director = await newDirector(browser, "hymn-director", { name: "St Anne Choir" });
  const { page } = director;
  // The choir's service holds the original hymn.
  const playlistId = await playlistOf(page, director.choirId, hymn.songId, "Advent Vespers");

  // Opened from the choir's playlist, the hymn's page offers its tracks for the choir: added, said to be the choir's.
  await page.goto(`/songs/${hymn.songId}?choirId=${director.choirId}`);
  await expect(page.getByTestId("song-tracks-empty")).toBeVisible({ timeout: 30_000 });
  await page.getByTestId("track-add").click();
  const form = page.getByTestId("track-upload-form");
  await form.locator('input[type="file"]').setInputFiles({
    name: "tenor.wav",
    mimeType: "audio/wav",
    buffer: toneWav(220, 2),
  });
  await page.getByTestId("track-part").click();
  await page.getByRole("option", { name: "Tenor", exact: true }).click();
  await page.getByTestId("track-upload-submit").click();
  await expect(page.getByText("Tenor added for St Anne Choir")).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId("song-track")).toHaveCount(1);

  // No version was made by hand: the track went to the choir's version, made quietly, and the playlist's entry of
  // the original now knows it.
  const playlist = await apiCall<{
    sections: { songs: { songId: string; choirVersionId: string | null }[] }[];
  }>(page, "GET", `/api/playlists/${playlistId}`, undefined, 200);
  const entry = playlist.sections.flatMap((section) => section.songs)[0]!;
  expect(entry.songId).toBe(hymn.songId);
  expect(entry.choirVersionId).not.toBeNull();
  expect(entry.choirVersionId).not.toBe(hymn.songId);

  await pictureInBothLanguages(page, "song-choir-tracks", async (p) => {
    await expect(p.getByTestId("song-track")).toHaveCount(1, { timeout: 30_000 });
    await expect(p.getByTestId("practice-open")).toBeVisible();
  });

  // Sing mode of the playlist holding the original: the choir's track is offered in the practice player.
  await expectSingTracks(page, playlistId, 1);

  // A singer of the choir sees it too.
  const singer = await newMemberOf(browser, director, "hymn-singer");
  await expectSingTracks(singer.page, playlistId, 1);
  await singer.context.close();

  // Another choir singing the same public hymn: not its tracks, neither on the song's page nor in its sing mode.
  const other = await newDirector(browser, "hymn-other", { name: "Harbour Singers" });
  const otherPlaylist = await playlistOf(other.page, other.choirId, hymn.songId, "Harbour Evensong");
  await other.page.goto(`/songs/${hymn.songId}?choirId=${other.choirId}`);
  await expect(other.page.getByTestId("song-tracks-empty")).toBeVisible({ timeout: 30_000 });
  await expect(other.page.getByTestId("song-track")).toHaveCount(0);
  await expectSingTracks(other.page, otherPlaylist, 0);
  expect(
    await apiCall<unknown[]>(
      other.page,
      "GET",
      `/api/songs/${hymn.songId}/tracks?choirId=${other.choirId}`,
      undefined,
      200,
    ),
  ).toEqual([]);
  await other.context.close();
  await director.context.close();
});
