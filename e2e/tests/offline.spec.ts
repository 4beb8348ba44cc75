import { mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { LANGUAGE_STORAGE_KEY, LANGUAGES, text } from "../fixtures/locales";
import { keptOffline, openPlaylistDetails } from "../fixtures/playlist-screen";
import { compareScreen, pictureInBothLanguages } from "../fixtures/screens";
import { completeOnboarding, signIn, uniqueUser } from "../fixtures/sign-in";
import { expect, type Page, test } from "../fixtures/test";

// About offline use: the service worker runs here, in every project (decisions 0126 and 0129).
test.use({ serviceWorkers: "allow" });

/**
 * Offline use through the real sign-in, on the production build with its service worker: a saved playlist opened
 * online is kept (PLAYLIST_CACHED), and after the browser goes offline a reload still shows it and each of its
 * songs; a change made offline says the device is offline; the share page downloads playlist-{id}.pdf; a newer
 * build of the worker brings the update prompt. Every lyric here is written for these tests.
 */

const here = dirname(fileURLToPath(import.meta.url));
const swFile = resolve(here, "../../apps/web/dist/sw.js");

/** Waits for an exclusive lock across test workers (a directory made atomically); returns its release. */
async function lockFile(path: string): Promise<() => void> {
  for (;;) {
    try {
      mkdirSync(path);
      return () => rmSync(path, { recursive: true, force: true });
    } catch {
      // A lock older than any test's time limit was left by a killed run.
      const held = statSync(path, { throwIfNoEntry: false });
      if (held && Date.now() - held.mtimeMs > 300_000) rmSync(path, { recursive: true, force: true });
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  }
}

async function apiToken(page: Page): Promise<string> {
  const token = await page.evaluate(() => window.localStorage.getItem("authToken"));
  expect(token, "signed in").toBeTruthy();
  return token!;
}

async function api<T>(page: Page, path: string, data: unknown): Promise<T> {
  const response = await page.request.post(path, {
    headers: { Authorization: `Bearer ${await apiToken(page)}` },
    data,
  });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as T;
}

const SONGS = [
  { title: "Lantern on the Hill", line: "Carry the light" },
  { title: "Harbour Evening", line: "Boats come home" },
  { title: "Canción del Alba", line: "Canta la mañana" },
];

/** Signs in as a new director with a choir, three songs and a saved playlist of two sections. */
async function directorWithPlaylist(page: Page, choirName: string) {
  await signIn(page, uniqueUser("offline"));
  await completeOnboarding(page, "admin");
  await expect(page).toHaveURL(/\/create-choir$/);
  // Choir names are unique: a repeated run of the same test (--repeat-each) names its choir with the repeat's number.
  const repeat = test.info().repeatEachIndex;
  await page.getByTestId("create-choir-name").fill(repeat ? `${choirName} ${repeat}` : choirName);
  await page.getByTestId("create-choir-submit").click();
  await expect(page).toHaveURL(/\/choir\/[0-9a-f-]{36}\/admin$/);
  const choirId = /\/choir\/([0-9a-f-]{36})\//.exec(page.url())![1]!;

  const songIds: string[] = [];
  for (const song of SONGS) {
    const created = await api<{ songId: string }>(page, "/api/songs", {
      title: song.title,
      artist: "Test Choir Writers",
      content: `{title: ${song.title}}\n{key: G}\n[G]${song.line} [C]over the [D]water, [G]${song.line}`,
      visibility: 2,
      visibleToChoirs: [choirId],
    });
    songIds.push(created.songId);
  }
  const playlist = await api<{ id: string }>(page, "/api/playlists", {
    choirId,
    date: "2031-05-18",
    title: "Harbour Festival",
    sections: [
      { title: "Opening", songs: [{ songId: songIds[0] }, { songId: songIds[1] }] },
      { title: "Closing", songs: [{ songId: songIds[2] }] },
    ],
  });
  return { choirId, songIds, playlistId: playlist.id };
}

test("a saved playlist opened online is there offline with its songs; changes offline say so; the share page downloads the PDF; a newer build asks to refresh", async ({
  page,
  context,
}) => {
  test.setTimeout(300_000);
  const { songIds, playlistId } = await directorWithPlaylist(page, "Offline Singers");

  // Online: opening the playlist asks the worker to keep it; the status line says so once PLAYLIST_CACHED arrives,
  // and its details tell the rest.
  await page.goto(`/playlists/${playlistId}`);
  await expect(page.getByTestId("playlist-detail-title")).toHaveText("Harbour Festival");
  await expect(keptOffline(page)).toBeVisible({ timeout: 20_000 });
  await expect(keptOffline(page)).toHaveAttribute("data-song-count", "3");
  await openPlaylistDetails(page);
  const badge = page.getByTestId("offline-ready-badge");
  await expect(badge).toHaveAttribute("data-song-count", "3");
  await expect(badge).toContainText("3 songs");
  await expect(page.getByTestId("sw-active-marker")).toBeVisible();
  await expect(page.getByTestId("online-indicator")).toHaveAttribute("data-online", "true");
  await expect(page.getByTestId("compact-offline-status")).toHaveAttribute("data-count", "1");
  // Kept in this person's own playlist cache (named by a hash of their user id), the device's only one.
  const { names, kept } = await page.evaluate(async () => {
    const names = (await caches.keys()).filter((name) => name.startsWith("playlist-songs-"));
    const cache = await caches.open(names[0] ?? "none");
    return { names, kept: (await cache.keys()).map((request) => new URL(request.url).pathname) };
  });
  expect(names).toEqual([expect.stringMatching(/^playlist-songs-v1\.4:[0-9a-f]{32}$/)]);
  expect(kept.sort()).toEqual(
    [
      `/api/playlists/${playlistId}`,
      `/api/playlists/${playlistId}/pdf`,
      ...songIds.map((id) => `/api/songs/${id}`),
      // Each song's rehearsal track list, so its tracks can be found offline.
      ...songIds.map((id) => `/api/songs/${id}/tracks`),
      // And its score list (none here), so a song's scores can be found offline.
      ...songIds.map((id) => `/api/songs/${id}/scores`),
    ].sort(),
  );

  // Offline: a reload answers from the cache.
  await context.setOffline(true);
  await page.reload();
  await expect(page.getByTestId("playlist-detail-title")).toHaveText("Harbour Festival");
  for (const song of SONGS) await expect(page.getByRole("link", { name: song.title })).toBeVisible();
  await expect(page.getByTestId("status-connection")).toHaveText(text("en", "offline.offline"));
  await openPlaylistDetails(page);
  await expect(page.getByTestId("offline-ready-badge")).toContainText("3 songs");
  await expect(page.getByTestId("online-indicator")).toHaveAttribute("data-online", "false");
  await expect(page.getByTestId("online-indicator")).toHaveText(text("en", "offline.offline"));
  await expect(page.getByTestId("keep-offline-button")).toBeDisabled();
  // The songbook kept with it answers this reader's requests (the share modal's and the share page's, sent with
  // their token), whatever their query; a request without the token (another person on this device) gets no copy.
  const songbooks = await page.evaluate(async (id) => {
    const headers = { Authorization: `Bearer ${window.localStorage.getItem("authToken")}` };
    const paths = [`/api/playlists/${id}/pdf?lang=es`, `/api/playlists/${id}/pdf?download=1&lang=en`];
    const mine = await Promise.all(
      paths.map(async (path) => {
        const response = await fetch(path, { headers });
        return `${response.status} ${response.headers.get("content-type")}`;
      }),
    );
    const anyone = await fetch(paths[1]!).then(
      (response) => `${response.status}`,
      () => "no answer",
    );
    return { mine, anyone };
  }, playlistId);
  expect(songbooks.mine).toEqual(["200 application/pdf", "200 application/pdf"]);
  expect(songbooks.anyone).toBe("no answer");
  await pictureInBothLanguages(page, "playlist-offline", async (p) => {
    await openPlaylistDetails(p);
    await expect(p.getByTestId("offline-ready-badge")).toBeVisible();
    await expect(p.getByTestId("online-indicator")).toHaveAttribute("data-online", "false");
  });

  for (const [index, song] of SONGS.entries()) {
    await page.goto(`/songs/${songIds[index]}`);
    await expect(page.getByTestId("song-title")).toHaveText(song.title);
    await expect(page.getByTestId("song-sheet").first()).toContainText(song.line);
  }

  // A change attempted offline is refused with the offline message, not silently.
  await page.getByTestId("song-delete-button").click();
  await page.getByTestId("song-delete-confirm").click();
  await expect(page.getByTestId("song-delete-error")).toHaveText(text("en", "offline.changesNotSaved"));
  await page.getByTestId("song-delete-cancel").click();

  // Back online: the share page downloads the songbook under its name.
  await context.setOffline(false);
  const download = page.waitForEvent("download");
  await page.goto(`/share/${playlistId}`);
  await expect(page.getByTestId("share-state")).toHaveAttribute("data-phase", "preparing");
  expect((await download).suggestedFilename()).toBe("harbour-festival-2031-05-18.pdf");
  await expect(page.getByTestId("share-state")).toHaveAttribute("data-phase", "completed");
  await expect(page.getByTestId("share-file-name")).toHaveText("harbour-festival-2031-05-18.pdf");

  // A newer build of the worker: installed while this one controls the page → the update prompt; yes reloads.
  // Both app servers serve this one build: one test at a time changes it, whichever project runs it.
  const unlock = await lockFile(`${swFile}.e2e-lock`);
  const original = readFileSync(swFile, "utf8");
  try {
    writeFileSync(swFile, `${original}\n// a newer build ${Date.now()}\n`);
    // The prompt blocks the page until answered, so it is answered (yes) as it opens.
    const prompt = new Promise<{ type: string; message: string }>((resolve) => {
      page.once("dialog", async (dialog) => {
        resolve({ type: dialog.type(), message: dialog.message() });
        await dialog.accept();
      });
    });
    // Yes reloads once the new worker has the page (about a second); a stalled handover fails here, not at the
    // test's time limit.
    const reloaded = page.waitForEvent("load", { timeout: 30_000 });
    // The browser checks for a new worker on its own after page loads, and a check asked for while one of those
    // is under way joins it: when that check read sw.js before the change, it finds nothing new. Ask again until a
    // new worker turns up.
    await page
      .evaluate(async () => {
        const registration = await navigator.serviceWorker.getRegistration();
        for (let attempt = 0; registration && attempt < 10; attempt++) {
          await registration.update();
          if (registration.installing || registration.waiting) return;
          await new Promise((resolve) => setTimeout(resolve, 1_000));
        }
      })
      // Yes reloads the page, which may end this call.
      .catch(() => undefined);
    let noPromptTimer: NodeJS.Timeout | undefined;
    const noPrompt = new Promise<never>((_resolve, reject) => {
      noPromptTimer = setTimeout(() => {
        void workerStates(page).then((states) =>
          reject(new Error(`The update prompt did not open within 30 s (${states})`)),
        );
      }, 30_000);
    });
    const shown = await Promise.race([prompt, noPrompt]).finally(() => clearTimeout(noPromptTimer));
    expect(shown.type).toBe("confirm");
    expect(shown.message).toBe(text("en", "offline.updateConfirm"));
    expect(shown.message).toBe("A critical update is available to fix playlist loading. Refresh now?");
    await reloaded;
    await expect(page.getByTestId("share-page")).toBeVisible();
  } finally {
    writeFileSync(swFile, original);
    unlock();
  }
});

test("on a device's first visit, a playlist opened once is there after an offline reload, still signed in", async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  const { songIds, playlistId } = await directorWithPlaylist(page, "Basement Singers");
  const token = await apiToken(page);

  // Another device, signed in as the same person, that has never loaded the app: its first page is the playlist,
  // so the app asks who is signed in before the service worker has taken the page.
  const device = await browser.newContext();
  try {
    await device.addInitScript((value) => {
      if (!window.localStorage.getItem("authToken")) window.localStorage.setItem("authToken", value);
    }, token);
    const phone = await device.newPage();
    await phone.goto(`/playlists/${playlistId}`);
    // A cold first load: the page's scripts share the network with the worker's download of the whole app shell.
    await expect(phone.getByTestId("playlist-detail-title")).toHaveText("Harbour Festival", {
      timeout: 20_000,
    });
    await expect(keptOffline(phone)).toHaveAttribute("data-song-count", "3", { timeout: 20_000 });

    // The network goes; a reload still knows who is signed in and shows what was kept.
    await device.setOffline(true);
    await phone.reload();
    await expect(phone.getByTestId("playlist-detail-title")).toHaveText("Harbour Festival");
    await expect(phone).toHaveURL(new RegExp(`/playlists/${playlistId}$`));
    for (const song of SONGS) await expect(phone.getByRole("link", { name: song.title })).toBeVisible();
    await expect(phone.getByTestId("get-started")).toHaveCount(0);
    await phone.getByRole("link", { name: SONGS[0]!.title }).click();
    await expect(phone.getByTestId("song-title")).toHaveText(SONGS[0]!.title);
    await expect(phone).toHaveURL(new RegExp(`/songs/${songIds[0]}`));
    expect(await phone.evaluate(() => window.localStorage.getItem("authToken"))).toBe(token);
  } finally {
    await device.close();
  }
});

/** The page's service workers by state, to say where an update stalled. */
function workerStates(page: Page): Promise<string> {
  return page
    .evaluate(async () => {
      const registration = await navigator.serviceWorker.getRegistration();
      const state = (worker: ServiceWorker | null | undefined) => worker?.state ?? "none";
      return [
        `installing: ${state(registration?.installing)}`,
        `waiting: ${state(registration?.waiting)}`,
        `active: ${state(registration?.active)}`,
        `controller: ${state(navigator.serviceWorker.controller)}`,
      ].join(", ");
    })
    .catch((error: unknown) => `states unreadable: ${error}`);
}

/**
 * Lets the (reloaded) share page start, then stops its clock while it is still preparing; a page that got past it
 * on a busy machine is loaded again.
 */
async function holdPreparing(page: Page): Promise<void> {
  const state = page.getByTestId("share-state");
  for (let attempt = 0; attempt < 5; attempt++) {
    await page.clock.resume();
    if (attempt > 0) await page.reload();
    await expect(state).toBeAttached();
    // The picture shows the playlist's outline above the progress: it arrives from the network while 'preparing'
    // runs, so the clock is held only once it is there.
    await expect(page.getByTestId("share-song-list")).toBeVisible();
    // On a busy machine the moment may have passed before the pause is asked for: then try again.
    const paused = await page.clock
      .pauseAt((await page.evaluate(() => Date.now())) + 50)
      .then(() => true)
      .catch(() => false);
    if (paused && (await state.getAttribute("data-phase")) === "preparing") return;
  }
  throw new Error("The share page never showed 'preparing' long enough to picture it");
}

/**
 * The 'preparing' pictures, named as pictureInBothLanguages names them. That helper's axe check needs running
 * timers, which would end 'preparing'; axe checks the same page in its completed and error states below.
 */
async function picturePreparing(page: Page): Promise<void> {
  for (const language of LANGUAGES) {
    await page.clock.resume();
    await page.evaluate(({ key, value }) => window.localStorage.setItem(key, value), {
      key: LANGUAGE_STORAGE_KEY,
      value: language,
    });
    await page.reload();
    await expect(page.locator("html")).toHaveAttribute("lang", language);
    for (const width of [390, 1280] as const) {
      await page.setViewportSize({ width, height: width === 390 ? 844 : 800 });
      await holdPreparing(page);
      await compareScreen(page, `share-preparing-${language}-${width}.png`);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect
        .soft(overflow, `share-preparing (${language}) scrolls sideways at ${width} px`)
        .toBeLessThanOrEqual(0);
    }
  }
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.clock.resume();
  await page.evaluate((key) => window.localStorage.setItem(key, "en"), LANGUAGE_STORAGE_KEY);
}

test("the share page's states in both languages: preparing, completed and a link without a playlist", async ({
  page,
}) => {
  test.setTimeout(240_000);
  const { playlistId } = await directorWithPlaylist(page, "Share Page Singers");
  // The picture needs 'preparing' (0.8 s) to last: the page's clock is held once the page shows it.
  await page.clock.install();
  await page.goto(`/share/${playlistId}`);
  await picturePreparing(page);
  await page.clock.resume();

  await pictureInBothLanguages(page, "share-completed", async (p) => {
    await expect(p.getByTestId("share-state")).toHaveAttribute("data-phase", "completed", {
      timeout: 15_000,
    });
  });

  await page.goto("/share");
  await pictureInBothLanguages(page, "share-no-id", async (p) => {
    await expect(p.getByTestId("share-state")).toHaveAttribute("data-error", "noPlaylistId");
  });
  await expect(page.getByTestId("share-error")).toHaveText(text("en", "sharePage.noPlaylistId"));
  await expect(page.getByTestId("share-join")).toBeVisible();

  await page.goto("/share/00000000-0000-4000-8000-000000000000");
  await expect(page.getByTestId("share-state")).toHaveAttribute("data-error", "notFound", {
    timeout: 15_000,
  });
  await expect(page.getByTestId("share-error")).toHaveText(text("en", "sharePage.notFound"));

  // Joining from the share page starts sign-in, as the landing page's get-started does.
  const signInRequest = page.waitForRequest(
    (request) => new URL(request.url()).pathname === "/api/auth/signin-google",
  );
  await page.getByTestId("share-join").click();
  await signInRequest;
});

type InstallTestWindow = Window & { offerInstall: () => void; answerInstall: (outcome: string) => void };

test("the landing page's install card installs through the browser's prompt: declining keeps it, accepting hides it", async ({
  page,
}) => {
  await page.goto("/");
  const card = page.getByTestId("install-card");
  await expect(card).toBeVisible();
  // Without the browser's offer there is nothing to press.
  await expect(page.getByTestId("install-card-install")).toHaveCount(0);

  // Stands in for the browser: `offerInstall` fires its install offer, `answerInstall` answers its dialog.
  await page.evaluate(() => {
    let answer: (value: { outcome: string }) => void = () => {};
    Object.assign(window, {
      offerInstall: () => {
        const event = new Event("beforeinstallprompt", { cancelable: true });
        const userChoice = new Promise<{ outcome: string }>((resolve) => {
          answer = resolve;
        });
        Object.assign(event, { prompt: async () => undefined, userChoice });
        window.dispatchEvent(event);
      },
      answerInstall: (outcome: string) => answer({ outcome }),
    });
    (window as unknown as InstallTestWindow).offerInstall();
  });
  const install = page.getByTestId("install-card-install");
  await expect(install).toHaveText(text("en", "landing.install.action"));
  await install.click();
  await expect(install).toBeDisabled();
  await expect(install).toHaveText(text("en", "landing.install.installing"));
  await expect(page.getByTestId("install-card-spinner")).toBeVisible();

  // Declining changes nothing: the button is back and the card stays.
  await page.evaluate(() => (window as unknown as InstallTestWindow).answerInstall("dismissed"));
  await expect(install).toBeEnabled();
  await expect(install).toHaveText(text("en", "landing.install.action"));

  // Offered again and accepted: installed, so the card goes.
  await page.evaluate(() => (window as unknown as InstallTestWindow).offerInstall());
  await install.click();
  await page.evaluate(() => (window as unknown as InstallTestWindow).answerInstall("accepted"));
  await expect(card).toHaveCount(0);
});
