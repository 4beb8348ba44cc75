import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { apiCall, createChoirSong } from "../fixtures/api";
import { newDirector } from "../fixtures/director";
import { keptOffline, openPlaylistDetails } from "../fixtures/playlist-screen";
import { pictureInBothLanguages } from "../fixtures/screens";
import { type Browser, expect, type Page, test } from "../fixtures/test";
import { TIMED } from "../fixtures/timed";

// About offline use: the service worker runs here, in every project (decisions 0126 and 0129).
test.use({ serviceWorkers: "allow" });

// Rehearsal tracks: uploaded on the song page, played together in the practice player, in step (≤ 50 ms apart),
// looped A–B, slowed with the pitch kept, the singer's part brought forward; reached from sing mode too.

const ensureSox = fileURLToPath(new URL("../../scripts/ensure-sox.sh", import.meta.url));
let toneDir = "";
/** Two 20-second sine tones of different pitch, 16-bit mono WAV. */
const tones = { low: "", high: "" };

test.beforeAll(() => {
  const ensured = spawnSync("bash", [ensureSox], { encoding: "utf8" });
  expect(ensured.status, `ensure-sox: ${ensured.stderr}`).toBe(0);
  toneDir = mkdtempSync(join(tmpdir(), "choir-tones-"));
  for (const [name, hertz] of [
    ["low", 220],
    ["high", 330],
  ] as const) {
    const file = join(toneDir, `${name}-${hertz}hz.wav`);
    const made = spawnSync(
      "sox",
      ["-n", "-r", "22050", "-c", "1", "-b", "16", file, "synth", "20", "sine", `${hertz}`, "vol", "0.2"],
      {
        encoding: "utf8",
      },
    );
    expect(made.status, `sox: ${made.stderr}`).toBe(0);
    tones[name] = file;
  }
});

test.afterAll(() => {
  if (toneDir) rmSync(toneDir, { recursive: true, force: true });
});

const SONG = [
  "{title: Round of the Two Bells}",
  "{key: A}",
  "{start_of_verse-alto: Verse}",
  "[A]Low bell rings the [E]hour",
  "{end_of_verse-alto}",
  "{start_of_verse-tenor: Answer}",
  "[A]High bell answers [E]back",
  "{end_of_verse-tenor}",
].join("\n");

async function chooseOption(page: Page, testId: string, label: string): Promise<void> {
  await page.getByTestId(testId).click();
  await page.getByRole("option", { name: label, exact: true }).click();
}

/** Uploads a file through the song page's form for a part. */
async function uploadTrack(page: Page, file: string, part: string, label = ""): Promise<void> {
  const form = page.getByTestId("track-upload-form");
  const add = page.getByTestId("track-add");
  await expect(add.or(form)).toBeVisible();
  if (await add.isVisible()) await add.click();
  await form.locator('input[type="file"]').setInputFiles(file);
  await chooseOption(page, "track-part", part);
  if (label) await page.getByTestId("track-label").fill(label);
  await page.getByTestId("track-upload-submit").click();
  await expect(page.getByTestId("song-track").filter({ hasText: part })).toBeVisible({ timeout: 30_000 });
}

interface Clock {
  times: number[];
  rates: number[];
  pitch: boolean[];
  volumes: number[];
  ids: string[];
  now: number;
}

/** Every track element of the player: its place, rate, pitch setting and volume, read in one task. */
function readClock(page: Page): Promise<Clock> {
  return page.evaluate(() => {
    const audio = [...document.querySelectorAll<HTMLAudioElement>('[data-testid="practice-audio"] audio')];
    return {
      times: audio.map((element) => element.currentTime),
      rates: audio.map((element) => element.playbackRate),
      pitch: audio.map((element) => element.preservesPitch),
      volumes: audio.map((element) => element.volume),
      ids: audio.map((element) => element.dataset.trackId ?? ""),
      now: performance.now(),
    };
  });
}

/** Samples the player every 250 ms for `seconds`; fails on any pair of tracks more than 50 ms apart. */
async function expectInStep(page: Page, seconds: number): Promise<Clock[]> {
  const samples: Clock[] = [];
  for (let at = 0; at < seconds * 4; at++) {
    const clock = await readClock(page);
    samples.push(clock);
    const spread = Math.max(...clock.times) - Math.min(...clock.times);
    expect(spread, `tracks ${clock.times.map((t) => t.toFixed(3)).join(" / ")} apart`).toBeLessThanOrEqual(
      0.05,
    );
    await page.waitForTimeout(250);
  }
  return samples;
}

/** How many tracks' audio the device keeps, in the signed-in person's track cache (named by a hash of who). */
function keptTrackCount(page: Page): Promise<number> {
  return page.evaluate(async () => {
    let count = 0;
    for (const name of await caches.keys()) {
      if (name.startsWith("track-audio-v2:")) count += (await (await caches.open(name)).keys()).length;
    }
    return count;
  });
}

async function waitUntilLoaded(page: Page): Promise<void> {
  await expect
    .poll(() =>
      page.evaluate(() =>
        [...document.querySelectorAll<HTMLAudioElement>('[data-testid="practice-audio"] audio')].map(
          (element) => element.readyState >= HTMLMediaElement.HAVE_ENOUGH_DATA && element.duration > 19,
        ),
      ),
    )
    .toEqual([true, true]);
}

test(
  "the practice player plays two uploaded tracks in step, loops A–B, slows to 75 % with the pitch kept and brings the singer's part forward",
  TIMED,
  async ({ browser }) => {
    test.setTimeout(300_000);
    const director = await newDirector(browser, "practice-director", { name: "Two Bells Choir" });
    const { page } = director;
    const me = await apiCall<{ id: string }>(page, "GET", "/api/me", undefined, 200);
    await apiCall(
      page,
      "PUT",
      `/api/choirs/${director.choirId}/members/${me.id}/voice-part`,
      { voicePart: "Alto" },
      200,
    );
    const songId = await createChoirSong(page, director.choirId, "Round of the Two Bells", SONG);

    // Upload through the song page's form: a file, its part and a label; the list shows part and size.
    await page.goto(`/songs/${songId}?choirId=${director.choirId}`);
    await expect(page.getByTestId("song-tracks-empty")).toBeVisible();
    // A file that is not audio is refused by the server, and its message shown.
    const notAudio = join(toneDir, "notes.mp3");
    spawnSync("sh", ["-c", `printf 'rehearsal notes, not audio' > '${notAudio}'`]);
    await page.getByTestId("track-add").click();
    await page.getByTestId("track-upload-form").locator('input[type="file"]').setInputFiles(notAudio);
    await chooseOption(page, "track-part", "Tenor");
    await page.getByTestId("track-upload-submit").click();
    await expect(page.getByTestId("track-upload-error")).toContainText("not audio");
    await page.getByTestId("track-upload-form").locator('input[type="file"]').setInputFiles(tones.low);
    await page.getByTestId("track-upload-submit").click();
    await expect(page.getByTestId("song-track").filter({ hasText: "Tenor" })).toBeVisible({
      timeout: 30_000,
    });
    await uploadTrack(page, tones.high, "Alto", "high bell");
    await expect(page.getByTestId("song-track")).toHaveCount(2);
    await expect(page.getByTestId("song-track").filter({ hasText: "Alto · high bell" })).toContainText(
      "861 KB",
    );

    // The list and the upload form, opened.
    await pictureInBothLanguages(page, "song-tracks", async (p) => {
      await expect(p.getByTestId("song-track")).toHaveCount(2);
      await p.getByTestId("track-add").click();
      await expect(p.getByTestId("track-upload-form")).toBeVisible();
    });

    // The player: both tracks, loaded, started by a click.
    await page.getByTestId("practice-open").click();
    const player = page.getByTestId("practice-player");
    await expect(player).toBeVisible();
    await expect(player.getByTestId("practice-track")).toHaveCount(2);
    await waitUntilLoaded(page);
    await page.getByTestId("practice-play").click();
    await expect(player).toHaveAttribute("data-playing", "true");
    await expect.poll(async () => Math.min(...(await readClock(page)).times)).toBeGreaterThan(0.3);

    // In step over the whole song: every 250 ms from the start to its end (20 s), both tracks within 50 ms of each
    // other, and time going on; at the end the player stops, and play starts the song again.
    const samples = await expectInStep(page, 21);
    expect(samples[0]!.times[0]!).toBeLessThan(1.5);
    expect(Math.min(...samples.at(-1)!.times)).toBeGreaterThan(19.5);
    await expect(player).toHaveAttribute("data-playing", "false");
    await page.getByTestId("practice-play").click();
    await expect(player).toHaveAttribute("data-playing", "true");
    await expect.poll(async () => Math.max(...(await readClock(page)).times)).toBeLessThan(5);
    await expect.poll(async () => Math.min(...(await readClock(page)).times)).toBeGreaterThan(1);

    // A–B: A here, B two seconds on; playback comes back to A after B, and stays in step.
    await page.getByTestId("practice-loop-a").click();
    await page.waitForTimeout(2_000);
    await page.getByTestId("practice-loop-b").click();
    const loop = page.getByTestId("practice-loop");
    const a = Number(await loop.getAttribute("data-a"));
    const b = Number(await loop.getAttribute("data-b"));
    expect(b - a).toBeGreaterThan(1.5);
    const looped = await expectInStep(page, 5);
    const places = looped.map((clock) => Math.max(...clock.times));
    for (const place of places) expect(place).toBeLessThan(b + 0.2);
    const returns = places.filter((place, at) => at > 0 && place < places[at - 1]!);
    expect(returns.length, `places ${places.map((p) => p.toFixed(2)).join(" ")}`).toBeGreaterThanOrEqual(1);
    for (const place of places) expect(place).toBeGreaterThanOrEqual(a - 0.05);
    await page.getByTestId("practice-loop-clear").click();
    await expect(loop).toHaveAttribute("data-b", "");

    // Tempo 75 %: five steps down; both tracks at rate 0.75 with the pitch kept, and time runs at three quarters.
    for (let step = 0; step < 5; step++) await page.getByTestId("practice-slower").click();
    await expect(page.getByTestId("practice-tempo")).toHaveText("75 %");
    // Paused, and back near the start with ← (the player has the focus after a click on it).
    await page.getByTestId("practice-play").click();
    await expect(player).toHaveAttribute("data-playing", "false");
    for (let step = 0; step < 3; step++) await page.keyboard.press("ArrowLeft");
    await expect.poll(async () => Math.max(...(await readClock(page)).times)).toBeLessThan(5);
    await page.getByTestId("practice-play").click();
    await expect(player).toHaveAttribute("data-playing", "true");
    await page.waitForTimeout(500);
    await expect
      .poll(async () => {
        const clock = await readClock(page);
        return { rates: clock.rates, pitch: clock.pitch };
      })
      .toEqual({ rates: [0.75, 0.75], pitch: [true, true] });
    const before = await readClock(page);
    const slowed = await expectInStep(page, 4);
    const after = slowed.at(-1)!;
    const rate = (after.times[0]! - before.times[0]!) / ((after.now - before.now) / 1000);
    expect(rate, "seconds of song per second").toBeGreaterThan(0.65);
    expect(rate, "seconds of song per second").toBeLessThan(0.85);

    // The keys, while the player has the focus: Space pauses, → moves 5 s on, + brings the tempo up.
    await player.focus();
    await page.keyboard.press(" ");
    await expect(player).toHaveAttribute("data-playing", "false");
    const paused = Math.max(...(await readClock(page)).times);
    await page.keyboard.press("ArrowRight");
    await expect.poll(async () => Math.max(...(await readClock(page)).times)).toBeCloseTo(paused + 5, 1);
    await page.keyboard.press("+");
    await expect(page.getByTestId("practice-tempo")).toHaveText("80 %");

    // My part: the alto track (the singer's) at full volume, the tenor's at a quarter.
    const altoId = await page
      .getByTestId("song-track")
      .filter({ hasText: "Alto" })
      .getAttribute("data-track-id");
    await page.getByTestId("practice-my-part").click();
    await expect(page.getByTestId("practice-my-part")).toHaveAttribute("aria-pressed", "true");
    const mixed = await readClock(page);
    expect(mixed.ids.map((id, at) => [id === altoId, mixed.volumes[at]])).toEqual(
      expect.arrayContaining([
        [true, 1],
        [false, 0.25],
      ]),
    );
    // A track muted and its volume moved by its own controls.
    const tenorRow = player.getByTestId("practice-track").filter({ hasNotText: "Alto" });
    await tenorRow.getByTestId("practice-mute").click();
    await expect(tenorRow.getByTestId("practice-mute")).toHaveAttribute("aria-pressed", "true");
    await expect(page.getByTestId("practice-my-part")).toHaveAttribute("aria-pressed", "false");

    // The player as the singer sees it: kept at the bottom of the screen over the page (not the whole page).
    await pictureInBothLanguages(
      page,
      "practice-player",
      async (p) => {
        await p.getByTestId("practice-open").click();
        await expect(p.getByTestId("practice-player")).toBeVisible();
        await waitUntilLoaded(p);
      },
      { fullPage: false },
    );
    await director.context.close();
  },
);

test(
  "sing mode opens the practice player for a song with tracks; its keys stay in the player while it has the focus",
  TIMED,
  async ({ browser }) => {
    test.setTimeout(240_000);
    const director = await newDirector(browser, "practice-sing", { name: "Bell Tower Singers" });
    const { page } = director;
    const withTracks = await createChoirSong(page, director.choirId, "Round of the Two Bells", SONG);
    const without = await createChoirSong(
      page,
      director.choirId,
      "Quiet Evening",
      "{title: Quiet Evening}\n[D]Evening falls and [A]all is still",
    );
    await page.goto(`/songs/${withTracks}`);
    await uploadTrack(page, tones.low, "Tenor");
    await uploadTrack(page, tones.high, "Alto");
    const playlist = await apiCall<{ id: string }>(
      page,
      "POST",
      "/api/playlists",
      {
        choirId: director.choirId,
        date: "2026-11-29",
        title: "Bell practice",
        sections: [{ title: "Practice", songs: [{ songId: withTracks }, { songId: without }] }],
      },
      201,
    );

    await page.goto(`/playlists/${playlist.id}/sing`);
    await expect(page.getByTestId("sing-position")).toHaveText("1 / 2");
    await page.getByTestId("sing-practice").click();
    const player = page.getByTestId("practice-player");
    await expect(player).toBeVisible();
    await waitUntilLoaded(page);
    await page.getByTestId("practice-play").click();
    await expect(player).toHaveAttribute("data-playing", "true");
    // After the click the player has the focus: → seeks the tracks and does not turn the page.
    const start = Math.max(...(await readClock(page)).times);
    await page.keyboard.press("ArrowRight");
    await expect.poll(async () => Math.max(...(await readClock(page)).times)).toBeGreaterThan(start + 4);
    await expect(page.getByTestId("sing-position")).toHaveText("1 / 2");
    await expectInStep(page, 3);

    await pictureInBothLanguages(page, "practice-player-sing", async (p) => {
      await p.getByTestId("sing-practice").click();
      await expect(p.getByTestId("practice-player")).toBeVisible();
      await waitUntilLoaded(p);
      // The button's tooltip is not part of the screen.
      await p.mouse.move(200, 300);
      await expect(p.getByRole("tooltip")).toHaveCount(0);
    });

    // Back on the song: the page-turn keys turn pages again; the next song has no tracks, so no player.
    await expect(player).toBeVisible();
    await page.getByTestId("sing-song").click({ position: { x: 200, y: 10 } });
    await page.keyboard.press("ArrowRight");
    await expect(page.getByTestId("sing-position")).toHaveText("2 / 2");
    await expect(page.getByTestId("sing-practice")).toHaveCount(0);
    await expect(player).toHaveCount(0);

    // For a coming service the player asks whether the singer learned the song (decision 0122); the song's end says
    // the same.
    const coming = await apiCall<{ id: string }>(
      page,
      "POST",
      "/api/playlists",
      {
        choirId: director.choirId,
        date: "2030-11-24",
        title: "Bell service",
        sections: [{ title: "Practice", songs: [{ songId: withTracks }] }],
      },
      201,
    );
    await page.goto(`/playlists/${coming.id}/sing`);
    await page.getByTestId("sing-practice").click();
    await player.getByTestId("practice-readiness-learned").click();
    await expect(player.getByTestId("practice-readiness-learned")).toHaveAttribute("aria-pressed", "true");
    await expect(page.getByTestId("sing-song").getByTestId("sing-readiness-learned")).toHaveAttribute(
      "aria-pressed",
      "true",
    );
    await director.context.close();
  },
);

/**
 * A director of "{name} Choir" with the round and its two tracks uploaded through the song page (and a link, when
 * given), in a playlist "{name} practice" of `date`, opened so that it is kept offline under the worker's control.
 */
async function playlistWithTracks(
  browser: Browser,
  name: string,
  date: string,
  link?: { part: string; label: string; link: string },
) {
  const director = await newDirector(browser, `practice-${name.toLowerCase()}`, { name: `${name} Choir` });
  const { page } = director;
  const songId = await createChoirSong(page, director.choirId, "Round of the Two Bells", SONG);
  await page.goto(`/songs/${songId}`);
  await uploadTrack(page, tones.low, "Tenor");
  await uploadTrack(page, tones.high, "Alto");
  if (link) await apiCall(page, "POST", `/api/songs/${songId}/tracks`, link, 201);
  const playlist = await apiCall<{ id: string }>(
    page,
    "POST",
    "/api/playlists",
    {
      choirId: director.choirId,
      date,
      title: `${name} practice`,
      sections: [{ title: "Practice", songs: [{ songId }] }],
    },
    201,
  );
  // Opening the playlist keeps it offline (its songs and their track lists); the worker controls the page.
  await page.goto(`/playlists/${playlist.id}`);
  await expect(keptOffline(page)).toBeVisible({ timeout: 30_000 });
  await expect
    .poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller)), { timeout: 30_000 })
    .toBe(true);
  return { director, playlist };
}

test(
  "a track played once in a playlist kept offline plays again with the network off",
  TIMED,
  async ({ browser }) => {
    test.setTimeout(240_000);
    const { director, playlist } = await playlistWithTracks(browser, "Cellar", "2026-11-22");
    const { page, context } = director;

    // Played once (loaded whole through the worker, which keeps it).
    await page.goto(`/playlists/${playlist.id}/sing`);
    await page.getByTestId("sing-practice").click();
    await waitUntilLoaded(page);
    await page.getByTestId("practice-play").click();
    await expect.poll(async () => Math.min(...(await readClock(page)).times)).toBeGreaterThan(1);
    await page.getByTestId("practice-play").click();
    await expect.poll(() => keptTrackCount(page)).toBe(2);

    await context.setOffline(true);
    await page.reload();
    await page.getByTestId("sing-practice").click();
    await waitUntilLoaded(page);
    await page.getByTestId("practice-play").click();
    await expect.poll(async () => Math.min(...(await readClock(page)).times)).toBeGreaterThan(1);
    // Seeking works offline too: the kept file answers the range asked for.
    await page.getByTestId("practice-player").focus();
    await page.keyboard.press("ArrowRight");
    await page.keyboard.press("ArrowRight");
    await expect.poll(async () => Math.min(...(await readClock(page)).times)).toBeGreaterThan(10);
    await expectInStep(page, 2);
    await context.setOffline(false);
    await director.context.close();
  },
);

test(
  "a playlist's rehearsal tracks are downloaded on request, their size shown first, and play with the network off without having been played",
  TIMED,
  async ({ browser }) => {
    test.setTimeout(240_000);
    // With a link beside the files: it plays on its own site, so it is neither counted nor downloaded.
    const { director, playlist } = await playlistWithTracks(browser, "Basement", "2026-11-29", {
      part: "all",
      label: "Recording of the round",
      link: "https://example.org/round.mp3",
    });
    const { page, context } = director;

    // Two uploaded tracks of 861 KB each, none kept yet: the button in the playlist's details says how many and how
    // much.
    await openPlaylistDetails(page);
    const download = page.getByTestId("playlist-tracks-download");
    await expect(download).toHaveText("Download 2 rehearsal tracks (1.7 MB)");
    await pictureInBothLanguages(page, "playlist-tracks-offline", async (p) => {
      await openPlaylistDetails(p);
      await expect(p.getByTestId("playlist-tracks-download")).toBeVisible({ timeout: 30_000 });
    });
    await expect(download).toHaveText("Download 2 rehearsal tracks (1.7 MB)");
    await download.click();
    await expect(page.getByTestId("playlist-tracks-kept")).toHaveText(
      "All 2 rehearsal tracks kept offline · 1.7 MB",
      { timeout: 60_000 },
    );
    await expect.poll(() => keptTrackCount(page)).toBe(2);
    // Kept on this device: the page says so again after a reload.
    await page.reload();
    await openPlaylistDetails(page);
    await expect(page.getByTestId("playlist-tracks-kept")).toBeVisible({ timeout: 30_000 });

    // Never played, yet with the network off both tracks load whole and play in step.
    await context.setOffline(true);
    await page.goto(`/playlists/${playlist.id}/sing`);
    await page.getByTestId("sing-practice").click();
    await waitUntilLoaded(page);
    await page.getByTestId("practice-play").click();
    await expect.poll(async () => Math.min(...(await readClock(page)).times)).toBeGreaterThan(1);
    await expectInStep(page, 2);
    await context.setOffline(false);
    await director.context.close();
  },
);
