import { randomBytes } from "node:crypto";
import { apiCall, apiToken } from "../fixtures/api";
import { createChoir } from "../fixtures/director";
import { keptOffline } from "../fixtures/playlist-screen";
import { completeOnboarding, signIn, uniqueUser } from "../fixtures/sign-in";
import { type APIRequestContext, type BrowserContext, expect, type Page, test } from "../fixtures/test";

// About offline use: the service worker runs here, in every project (decisions 0126 and 0129).
test.use({ serviceWorkers: "allow" });

/**
 * One device, two people: what the first kept (a private song, a playlist kept offline, who they are) never reaches
 * the next person to sign in on the same browser, online or offline, whether the first signed out or their session
 * was ended elsewhere (the app then meets a 401). The next person's own playlist is kept offline for them as before.
 * Every lyric here is written for these tests.
 */

interface KeptThings {
  email: string;
  songId: string;
  playlistId: string;
  /** Words that only this person's data holds. */
  songTitle: string;
  lyric: string;
  playlistTitle: string;
}

/** Signs in a new director on `page` with a choir, a private song in a playlist, and opens both (online). */
async function personWithKeptThings(page: Page, label: string, date: string): Promise<KeptThings> {
  const mark = randomBytes(3).toString("hex");
  const user = uniqueUser(label);
  await signIn(page, user);
  await completeOnboarding(page, "admin");
  await expect(page).toHaveURL(/\/create-choir$/);
  const choirId = await createChoir(page, `${label} Choir ${mark}`);
  const songTitle = `${label} Secret Song ${mark}`;
  const lyric = `${label} whispers ${mark}`;
  const playlistTitle = `${label} Private Rehearsal ${mark}`;
  const { songId } = await apiCall<{ songId: string }>(
    page,
    "POST",
    "/api/songs",
    {
      title: songTitle,
      artist: "Test Choir Writers",
      content: `{title: ${songTitle}}\n{key: G}\n[G]${lyric} [C]under the [D]stairs`,
      visibility: 0,
    },
    201,
  );
  const playlist = await apiCall<{ id: string }>(
    page,
    "POST",
    "/api/playlists",
    { choirId, date, title: playlistTitle, sections: [{ title: "Opening", songs: [{ songId }] }] },
    201,
  );
  // The worker has the page, so the reads below go through it.
  await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);
  await page.goto(`/songs/${songId}`);
  await expect(page.getByTestId("song-title")).toHaveText(songTitle);
  await expect(page.getByTestId("song-sheet").first()).toContainText(lyric);
  await page.goto(`/playlists/${playlist.id}`);
  await expect(page.getByTestId("playlist-detail-title")).toHaveText(playlistTitle);
  await expect(keptOffline(page)).toHaveAttribute("data-song-count", "1", { timeout: 20_000 });
  return { email: user.email, songId, playlistId: playlist.id, songTitle, lyric, playlistTitle };
}

/** Every text the device keeps in Cache Storage (the app shell's own files aside), for a search of a person's words. */
function keptTexts(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    const texts: string[] = [];
    for (const name of await caches.keys()) {
      if (name.startsWith("workbox-precache")) continue;
      const cache = await caches.open(name);
      for (const request of await cache.keys()) {
        const response = await cache.match(request);
        const type = response?.headers.get("content-type") ?? "";
        texts.push(`${name} ${request.url} ${type.includes("json") ? await response!.text() : ""}`);
      }
    }
    return texts;
  });
}

/** What the API answers the page's person (their token) and a request without one, for each path. */
function readsOf(page: Page, paths: string[]): Promise<string[]> {
  return page.evaluate(async (asked) => {
    const token = window.localStorage.getItem("authToken");
    const read = (path: string, headers: Record<string, string>) =>
      fetch(path, { headers }).then(
        async (response) => `${path} ${response.status} ${await response.text()}`,
        () => `${path} no answer`,
      );
    return Promise.all(
      asked.flatMap((path) => [
        read(path, token ? { Authorization: `Bearer ${token}`, Accept: "application/json" } : {}),
        read(path, { Accept: "application/json" }),
      ]),
    );
  }, paths);
}

/** Nothing of `first` on the page, in the device's caches, or in what the API answers the next person. */
async function expectNothingOf(page: Page, first: KeptThings): Promise<void> {
  const words = [first.songTitle, first.lyric, first.playlistTitle, first.email];
  const body = page.locator("body");
  for (const word of words) await expect(body).not.toContainText(word);
  const reads = await readsOf(page, [
    `/api/songs/${first.songId}`,
    `/api/playlists/${first.playlistId}`,
    "/api/me",
  ]);
  const kept = await keptTexts(page);
  for (const word of words) {
    for (const read of reads) expect(read, `an API read names "${word}"`).not.toContain(word);
    for (const text of kept) expect(text, `the device keeps "${word}"`).not.toContain(word);
  }
}

/** The next person on the device: signs in, keeps a playlist of their own, then meets the first one's addresses. */
async function nextPersonNeverSees(page: Page, context: BrowserContext, first: KeptThings): Promise<void> {
  const next = await personWithKeptThings(page, "Next", "2031-06-08");

  // Online: the first person's addresses are not found for the next one.
  await page.goto(`/songs/${first.songId}`);
  await expect(page.getByTestId("song-not-found")).toBeVisible();
  await expectNothingOf(page, first);
  await page.goto(`/playlists/${first.playlistId}`);
  await expect(page.getByTestId("playlist-not-found")).toBeVisible();
  await expectNothingOf(page, first);

  // Offline: the addresses from the tab's history find nothing kept for this person.
  await context.setOffline(true);
  try {
    await page.goto(`/songs/${first.songId}`);
    await expect(page.getByTestId("song-error")).toBeVisible();
    await expectNothingOf(page, first);
    await page.goto(`/playlists/${first.playlistId}`);
    await expect(page.getByTestId("playlist-detail-error")).toBeVisible();
    await expectNothingOf(page, first);

    // The next person's own playlist and song, kept for them, still open offline.
    await page.goto(`/playlists/${next.playlistId}`);
    await expect(page.getByTestId("playlist-detail-title")).toHaveText(next.playlistTitle);
    await expect(keptOffline(page)).toHaveAttribute("data-song-count", "1");
    await page.getByRole("link", { name: next.songTitle }).click();
    await expect(page.getByTestId("song-title")).toHaveText(next.songTitle);
    await expect(page.getByTestId("song-sheet").first()).toContainText(next.lyric);
  } finally {
    await context.setOffline(false);
  }
}

test("after a sign-out, the next person on the device never sees the last one's kept data, online or offline", async ({
  page,
  context,
}) => {
  test.setTimeout(240_000);
  const first = await personWithKeptThings(page, "First", "2031-06-01");

  await page.getByTestId("profile-menu").click();
  await page.getByTestId("sign-out").click();
  await expect(page.getByTestId("landing-page")).toBeVisible();

  await nextPersonNeverSees(page, context, first);
});

test("after a session ended elsewhere (the app meets a 401), the next person on the device never sees the last one's kept data", async ({
  page,
  context,
  request,
}) => {
  test.setTimeout(240_000);
  const first = await personWithKeptThings(page, "Revoked", "2031-06-15");
  await endElsewhere(request, await apiToken(page));

  // The app asks the server again and is refused: the session is over on this device.
  await page.reload();
  await expect(page.getByTestId("landing-page")).toBeVisible();
  expect(await page.evaluate(() => window.localStorage.getItem("authToken"))).toBeNull();

  await nextPersonNeverSees(page, context, first);
});

/** Signs the session out from another client (another device, or the person's account page elsewhere). */
async function endElsewhere(request: APIRequestContext, token: string): Promise<void> {
  const response = await request.post("/api/auth/signout", { headers: { Authorization: `Bearer ${token}` } });
  expect(response.status()).toBe(204);
}
