/**
 * `npm run bench:pdf`: the thirty-song playlist songbook (the PDF tests' songs) generated through the real route on
 * an embedded database, median of 20 runs, beside Debian's `chordii` (ChordPro → PostScript) + `ps2pdf` on the same
 * songs in the same run; a kept copy served again; and four forty-song songbooks asked at once from a listening
 * server while `/api/health` is asked every 5 ms, beside the same four drawn on the event loop (the way the route
 * drew them before the rendering pool) and beside health with nothing drawn. Prints a markdown table, writes
 * bench/results/pdf-<date>.md and exits non-zero when a target is missed: our median ≤ 300 ms, no slower than
 * chordii + ps2pdf, and health p95 ≤ 20 ms while the four are drawn.
 *
 * Environment: BENCH_RUNS (20), BENCH_WARMUP runs (3). chordii and ghostscript are installed with apt-get when
 * missing and the benchmark runs as root; when they cannot be, the table says so and only our figures are checked.
 */
import { execFileSync, spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from "node:fs";
import http from "node:http";
import { cpus, loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import type { FastifyInstance } from "fastify";
import { songbookLabels } from "../../apps/server/src/features/sharing/labels.js";
import { renderSongbook } from "../../apps/server/src/features/sharing/songbook-pdf.js";
import { SPANISH_SONGBOOK } from "../../apps/server/test/fixtures/spanish-songbook.js";
import { bearer, choirWithCast, createTestApp, type TestPerson } from "../../apps/server/test/helpers.js";

const env = process.env;
const count = (name: string, fallback: number) => {
  const value = env[name] ? Number(env[name]) : fallback;
  if (!Number.isInteger(value) || value <= 0) throw new Error(`${name} must be a positive whole number`);
  return value;
};
const RUNS = count("BENCH_RUNS", 20);
const WARMUP = count("BENCH_WARMUP", 3);
const TARGET_MS = 300;
/** Health while four forty-song songbooks are drawn (issue 15). */
const HEALTH_P95_TARGET_MS = 20;
const HEALTH_INTERVAL_MS = 5;

const log = (line: string) => console.log(line);
const loadAtStart = loadavg();
const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};
const ms = (value: number) => `${value.toFixed(1)} ms`;
const percentile = (values: number[], share: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(share * sorted.length) - 1))]!;
};
const sleep = (wait: number) => new Promise((resolve) => setTimeout(resolve, wait));

function has(command: string): boolean {
  return spawnSync("sh", ["-c", `command -v ${command}`], { stdio: "ignore" }).status === 0;
}

/** chordii and ps2pdf, installed from Debian's packages when missing and possible; else why not. */
function ensureChordii(): string | null {
  if (has("chordii") && has("ps2pdf")) return null;
  if (process.getuid?.() !== 0)
    return "chordii or ps2pdf is missing (apt-get install chordii ghostscript, as root)";
  log("installing chordii and ghostscript from Debian's packages …");
  const install = spawnSync(
    "sh",
    ["-c", "apt-get update -qq && apt-get install -y -qq --no-install-recommends chordii ghostscript"],
    { stdio: "inherit", env: { ...env, DEBIAN_FRONTEND: "noninteractive" } },
  );
  if (install.status !== 0 || !has("chordii") || !has("ps2pdf")) {
    return "chordii or ghostscript could not be installed with apt-get";
  }
  return null;
}

async function timeRuns(label: string, run: () => Promise<void> | void): Promise<number[]> {
  for (let index = 0; index < WARMUP; index++) await run();
  const times: number[] = [];
  for (let index = 0; index < RUNS; index++) {
    const started = performance.now();
    await run();
    times.push(performance.now() - started);
  }
  log(`${label}: median ${ms(median(times))} (min ${ms(Math.min(...times))}, max ${ms(Math.max(...times))})`);
  return times;
}

// ── Ours: the real route on the embedded database ─────────────────────────────────────────────────────────────

/** Forty songs: the thirty, then ten of them again under other titles. */
const FORTY = Array.from({ length: 40 }, (_, index) => {
  const song = SPANISH_SONGBOOK[index % SPANISH_SONGBOOK.length]!;
  return index < SPANISH_SONGBOOK.length ? song : { ...song, title: `${song.title} (otra vez)` };
});

/** A test app (embedded database) with the songs given and a way to make playlists of them. */
async function songbookApp(env: Record<string, string>, songs: typeof FORTY) {
  const ctx = await createTestApp(env);
  const { admin, choir } = await choirWithCast(ctx.app);
  const songIds: string[] = [];
  for (const song of songs) {
    const response = await ctx.app.inject({
      method: "POST",
      url: "/api/songs",
      headers: bearer(admin.token),
      payload: { title: song.title, artist: song.artist, content: song.content, visibility: 1 },
    });
    if (response.statusCode !== 201) throw new Error(`creating a song answered ${response.statusCode}`);
    songIds.push(response.json().songId);
  }
  let day = 0;
  const playlist = async (ids: string[]) => {
    day += 1;
    return createPlaylist(ctx.app, admin, choir.id, `2026-03-${String(day).padStart(2, "0")}`, ids);
  };
  return { ctx, songIds, playlist };
}

async function createPlaylist(
  app: FastifyInstance,
  admin: TestPerson,
  choirId: string,
  date: string,
  ids: string[],
) {
  const section = (title: string, from: number, to: number) => ({
    title,
    songs: ids.slice(from, to).map((songId) => ({ songId })),
  });
  const created = await app.inject({
    method: "POST",
    url: "/api/playlists",
    headers: bearer(admin.token),
    payload: {
      choirId,
      date,
      title: "Misa de domingo",
      isPublic: true,
      sections: [section("entrance", 0, 10), section("Comunión", 10, 20), section("Salida", 20, ids.length)],
    },
  });
  if (created.statusCode !== 201) throw new Error(`creating the playlist answered ${created.statusCode}`);
  return created.json().id as string;
}

// Every request draws afresh here (no kept copies), through the rendering pool as sized for this machine.
const drawing = await songbookApp({ PDF_CACHE_MB: "0" }, FORTY);
const poolThreads = drawing.ctx.app.config.pdf.threads;
const playlistId = await drawing.playlist(drawing.songIds.slice(0, 30));
const pdfOnce = async (app: FastifyInstance, id: string, headers: Record<string, string> = {}) => {
  const response = await app.inject({ method: "GET", url: `/api/playlists/${id}/pdf`, headers });
  if (response.statusCode !== 200 && response.statusCode !== 304)
    throw new Error(`the songbook answered ${response.statusCode}`);
  return response;
};

let ourBytes = 0;
let ourPages = 0;
const ours = await timeRuns("ours (GET /api/playlists/{id}/pdf)", async () => {
  const response = await pdfOnce(drawing.ctx.app, playlistId);
  ourBytes = response.rawPayload.length;
  ourPages = (response.rawPayload.toString("latin1").match(/\/Type \/Page\b/g) ?? []).length;
});
const etag = String((await pdfOnce(drawing.ctx.app, playlistId)).headers.etag);
const revalidated = await timeRuns("ours, revalidated (If-None-Match → 304)", async () => {
  const response = await pdfOnce(drawing.ctx.app, playlistId, { "if-none-match": etag });
  if (response.statusCode !== 304) throw new Error(`revalidation answered ${response.statusCode}`);
});

// ── Four forty-song songbooks at once, health asked meanwhile ────────────────────────────────────────────────────

/** Health on a few kept-alive connections (a monitor's way), songbooks on their own. */
const healthAgent = new http.Agent({ keepAlive: true, maxSockets: 4 });
const pdfAgent = new http.Agent({ keepAlive: true, maxSockets: 8 });

function httpGet(url: string, agent: http.Agent): Promise<{ status: number; body: Buffer }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { agent }, (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("end", () => resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks) }));
        response.on("error", reject);
      })
      .on("error", reject);
  });
}

/**
 * Asks /api/health every 5 ms on a fixed schedule until `work` is done; each wait counts from when the request was
 * due, so a held event loop shows in every request it kept from being sent or answered.
 */
async function sampleHealth(base: string, work: Promise<unknown>): Promise<number[]> {
  let finished = Number.POSITIVE_INFINITY;
  void work.finally(() => {
    finished = performance.now();
  });
  const started = performance.now();
  const waits: Promise<number>[] = [];
  for (let k = 0; started + k * HEALTH_INTERVAL_MS <= finished; k++) {
    const due = started + k * HEALTH_INTERVAL_MS;
    const ahead = due - performance.now();
    if (ahead > 0) await sleep(ahead);
    waits.push(
      httpGet(`${base}/api/health`, healthAgent).then(({ status }) => {
        if (status !== 200) throw new Error(`health answered ${status}`);
        return performance.now() - due;
      }),
    );
  }
  await work;
  return Promise.all(waits);
}

const timed = async <T>(work: () => Promise<T>) => {
  const started = performance.now();
  await work();
  return performance.now() - started;
};

const base = await drawing.ctx.app.listen({ host: "127.0.0.1", port: 0 });
const fortyIds = await Promise.all([1, 2, 3, 4].map(() => drawing.playlist(drawing.songIds)));
const fetchPdf = (id: string) =>
  timed(async () => {
    const { status, body } = await httpGet(`${base}/api/playlists/${id}/pdf`, pdfAgent);
    if (status !== 200 || body.length === 0) throw new Error(`a songbook answered ${status}`);
  });
// A first request starts the pool's threads, as any running server's first songbook does.
await Promise.all(Array.from({ length: poolThreads }, (_, index) => fetchPdf(fortyIds[index % 4]!)));

const idleHealth = await sampleHealth(base, sleep(2000));
let concurrentPdfTimes: number[] = [];
const concurrentStarted = performance.now();
const concurrentHealth = await sampleHealth(
  base,
  Promise.all(fortyIds.map((id) => fetchPdf(id))).then((times) => {
    concurrentPdfTimes = times;
  }),
);
const concurrentWall = performance.now() - concurrentStarted;
log(
  `four forty-song songbooks at once: ${ms(concurrentWall)}; health p95 ${ms(percentile(concurrentHealth, 0.95))}, max ${ms(Math.max(...concurrentHealth))}`,
);

// The same four drawn on the event loop, as the route did before the pool: what health waited then.
const labels = songbookLabels("en");
const fortyInput = {
  choirName: "Coro de prueba",
  title: "Misa de domingo",
  date: "2026-03-15",
  sections: [
    { title: "entrance", songs: FORTY.slice(0, 10) },
    { title: "Comunión", songs: FORTY.slice(10, 20) },
    { title: "Salida", songs: FORTY.slice(20) },
  ].map((section) => ({
    title: section.title,
    songs: section.songs.map((song) => ({
      title: song.title,
      artist: song.artist,
      key: null,
      content: song.content,
    })),
  })),
};
let inlineTimes: number[] = [];
const inlineHealth = await sampleHealth(
  base,
  (async () => {
    await sleep(HEALTH_INTERVAL_MS);
    inlineTimes = await Promise.all(
      [1, 2, 3, 4].map(async (n) => {
        await sleep(n);
        return timed(() => renderSongbook(fortyInput, { paper: "a4", variant: "chords" }, labels));
      }),
    );
  })(),
);
log(
  `the same four on the event loop: health p95 ${ms(percentile(inlineHealth, 0.95))}, max ${ms(Math.max(...inlineHealth))}`,
);
healthAgent.destroy();
pdfAgent.destroy();
await drawing.ctx.close();

// ── A kept copy: the second request for the same songbook ────────────────────────────────────────────────────────

const keeping = await songbookApp({}, FORTY.slice(0, 30));
const keptId = await keeping.playlist(keeping.songIds);
const firstDrawn = await timed(() => pdfOnce(keeping.ctx.app, keptId));
const rendersBefore = keeping.ctx.app.songbooks.renders;
const kept = await timeRuns("ours, kept copy (second request, same tag)", async () => {
  await pdfOnce(keeping.ctx.app, keptId);
});
if (keeping.ctx.app.songbooks.renders !== rendersBefore) throw new Error("the kept copy was drawn again");
await keeping.ctx.close();

// ── chordii + ps2pdf on the same songs ────────────────────────────────────────────────────────────────────────

const missing = ensureChordii();
let chordii: number[] | null = null;
let chordiiBytes = 0;
let chordiiVersion = "";
if (!missing) {
  const dir = mkdtempSync(join(tmpdir(), "choir-bench-pdf-"));
  // chordii writes PostScript in Latin-1: the songs' letters (ñ, á, ¿, ¡) are all in it.
  const source = join(dir, "songbook.cho");
  const songs = SPANISH_SONGBOOK.map((song) => `${song.content}\n{subtitle: ${song.artist}}`);
  writeFileSync(source, Buffer.from(songs.join("\n{new_song}\n"), "latin1"));
  const postscript = join(dir, "songbook.ps");
  const pdf = join(dir, "songbook.pdf");
  chordiiVersion = execFileSync("chordii", ["--version"], { encoding: "utf8" }).trim().split("\n")[0] ?? "";
  chordii = await timeRuns("chordii + ps2pdf", () => {
    // A4, a table of contents, no chord diagrams: the same document as ours.
    execFileSync("chordii", ["-P", "a4", "-i", "-G", "-o", postscript, source], { stdio: "ignore" });
    execFileSync("ps2pdf", ["-sPAPERSIZE=a4", postscript, pdf], { stdio: "ignore" });
  });
  chordiiBytes = statSync(pdf).size;
  rmSync(dir, { recursive: true, force: true });
}

// ── Report ────────────────────────────────────────────────────────────────────────────────────────────────────

const healthP95 = percentile(concurrentHealth, 0.95);
const meetsHealth = healthP95 <= HEALTH_P95_TARGET_MS;
const row = (what: string, values: number[], output: string) =>
  `| ${what} | ${ms(median(values))} | ${ms(Math.min(...values))} | ${ms(Math.max(...values))} | ${output} |`;
const healthRow = (what: string, waits: number[]) =>
  `| ${what} | ${waits.length} | ${ms(median(waits))} | ${ms(percentile(waits, 0.95))} | ${ms(Math.max(...waits))} |`;
const ourMedian = median(ours);
const theirMedian = chordii ? median(chordii) : null;
const ratio = theirMedian ? ourMedian / theirMedian : null;
const meetsTime = ourMedian <= TARGET_MS;
const meetsChordii = theirMedian === null || ourMedian <= theirMedian;
const date = new Date().toISOString().slice(0, 10);
const lines = [
  `# Playlist PDF benchmark (${date})`,
  "",
  `Thirty songs (apps/server/test/fixtures/spanish-songbook.ts) in three sections, A4 with contents and chords. ` +
    `Median of ${RUNS} runs after ${WARMUP} warm-up runs, one after another; ${cpus().length} CPUs, load ` +
    `${loadAtStart.map((value) => value.toFixed(2)).join(" ")} at the start and ` +
    `${loadavg()
      .map((value) => value.toFixed(2))
      .join(" ")} at the end (1, 5, 15 minutes; the machine is shared), Node ${process.version}.`,
  "",
  "| what | median | min | max | output |",
  "|---|---|---|---|---|",
  `| ours: GET /api/playlists/{id}/pdf (embedded database, pdfkit in the rendering pool, every request drawn afresh) | ${ms(ourMedian)} | ${ms(Math.min(...ours))} | ${ms(Math.max(...ours))} | ${ourPages} pages, ${(ourBytes / 1024).toFixed(0)} kB |`,
  `| ours, revalidated: If-None-Match → 304 | ${ms(median(revalidated))} | ${ms(Math.min(...revalidated))} | ${ms(Math.max(...revalidated))} | no body |`,
  row(
    "ours, kept copy: the second request for the same songbook (no drawing)",
    kept,
    `first drawn in ${ms(firstDrawn)}`,
  ),
  chordii
    ? `| ${chordiiVersion} + ps2pdf (ghostscript), -P a4 -i -G | ${ms(theirMedian!)} | ${ms(Math.min(...chordii))} | ${ms(Math.max(...chordii))} | ${(chordiiBytes / 1024).toFixed(0)} kB |`
    : `| chordii + ps2pdf | not measured: ${missing} | | | |`,
  "",
  ratio !== null
    ? `Ours takes ${ratio.toFixed(2)}× the time of chordii + ps2pdf (${ms(ourMedian)} against ${ms(theirMedian!)}).`
    : `chordii + ps2pdf were not measured (${missing}); only our figure is checked.`,
  "",
  "## Four forty-song songbooks at once",
  "",
  `Four playlists of forty songs each (the thirty and ten again) asked at once over HTTP from the server listening ` +
    `on 127.0.0.1 (${poolThreads} rendering thread${poolThreads === 1 ? "" : "s"}, the default for this machine; ` +
    `no kept copies), while \`/api/health\` is asked every ${HEALTH_INTERVAL_MS} ms on a fixed schedule; each wait ` +
    `counts from when its request was due. Beside it, in the same run: health with nothing drawn, and health while ` +
    `the same four songbooks are drawn on the event loop (renderSongbook called in the server's process, the way ` +
    `the route drew them before the rendering pool).`,
  "",
  "| health while … | answers | median | p95 | max |",
  "|---|---|---|---|---|",
  healthRow("nothing is drawn (baseline)", idleHealth),
  healthRow("four songbooks are drawn in the pool", concurrentHealth),
  healthRow("the same four are drawn on the event loop (before the pool)", inlineHealth),
  "",
  "| songbook times | median | min | max | |",
  "|---|---|---|---|---|",
  row(
    "each of the four, asked at once, through the pool (request to last byte)",
    concurrentPdfTimes,
    `all four in ${ms(concurrentWall)}`,
  ),
  row("each of the four drawn on the event loop", inlineTimes, "in one process, one after another"),
  "",
  `- target: median ≤ ${TARGET_MS} ms: ${meetsTime ? "met" : "MISSED"} (${ms(ourMedian)})`,
  `- target: no slower than chordii + ps2pdf: ${theirMedian === null ? "not checked" : meetsChordii ? "met" : "MISSED"}`,
  `- target: health p95 ≤ ${HEALTH_P95_TARGET_MS} ms while four forty-song songbooks are drawn: ${meetsHealth ? "met" : "MISSED"} (${ms(healthP95)})`,
  "",
];
const report = lines.join("\n");
log(`\n${report}`);
const results = fileURLToPath(new URL("../results/", import.meta.url));
mkdirSync(results, { recursive: true });
writeFileSync(join(results, `pdf-${date}.md`), report);
process.exit(meetsTime && meetsChordii && meetsHealth ? 0 : 1);
