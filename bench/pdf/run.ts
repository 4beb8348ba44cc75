/**
 * `npm run bench:pdf`: the thirty-song playlist songbook (the PDF tests' songs) generated through the real route on
 * an embedded database, median of 20 runs, beside Debian's `chordii` (ChordPro → PostScript) + `ps2pdf` on the same
 * songs in the same run. Prints a markdown table, writes bench/results/pdf-<date>.md and exits non-zero when a target
 * is missed: our median ≤ 300 ms and no slower than chordii + ps2pdf.
 *
 * Environment: BENCH_RUNS (20), BENCH_WARMUP runs (3). chordii and ghostscript are installed with apt-get when
 * missing and the benchmark runs as root; when they cannot be, the table says so and only our figure is checked.
 */
import { execFileSync, spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from "node:fs";
import { cpus, loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { SPANISH_SONGBOOK } from "../../apps/server/test/fixtures/spanish-songbook.js";
import { bearer, choirWithCast, createTestApp } from "../../apps/server/test/helpers.js";

const env = process.env;
const count = (name: string, fallback: number) => {
  const value = env[name] ? Number(env[name]) : fallback;
  if (!Number.isInteger(value) || value <= 0) throw new Error(`${name} must be a positive whole number`);
  return value;
};
const RUNS = count("BENCH_RUNS", 20);
const WARMUP = count("BENCH_WARMUP", 3);
const TARGET_MS = 300;

const log = (line: string) => console.log(line);
const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};
const ms = (value: number) => `${value.toFixed(1)} ms`;

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

const ctx = await createTestApp();
const { admin, choir } = await choirWithCast(ctx.app);
const songIds: string[] = [];
for (const song of SPANISH_SONGBOOK) {
  const response = await ctx.app.inject({
    method: "POST",
    url: "/api/songs",
    headers: bearer(admin.token),
    payload: { title: song.title, artist: song.artist, content: song.content, visibility: 1 },
  });
  if (response.statusCode !== 201) throw new Error(`creating a song answered ${response.statusCode}`);
  songIds.push(response.json().songId);
}
const section = (title: string, from: number) => ({
  title,
  songs: songIds.slice(from, from + 10).map((songId) => ({ songId })),
});
const created = await ctx.app.inject({
  method: "POST",
  url: "/api/playlists",
  headers: bearer(admin.token),
  payload: {
    choirId: choir.id,
    date: "2026-03-15",
    title: "Misa de domingo",
    sections: [section("entrance", 0), section("Comunión", 10), section("Salida", 20)],
  },
});
if (created.statusCode !== 201) throw new Error(`creating the playlist answered ${created.statusCode}`);
const playlistId: string = created.json().id;

let ourBytes = 0;
let ourPages = 0;
const ours = await timeRuns("ours (GET /api/playlists/{id}/pdf)", async () => {
  const response = await ctx.app.inject({ method: "GET", url: `/api/playlists/${playlistId}/pdf` });
  if (response.statusCode !== 200) throw new Error(`the songbook answered ${response.statusCode}`);
  ourBytes = response.rawPayload.length;
  ourPages = (response.rawPayload.toString("latin1").match(/\/Type \/Page\b/g) ?? []).length;
});
const cached = await ctx.app.inject({ method: "GET", url: `/api/playlists/${playlistId}/pdf` });
const etag = String(cached.headers.etag);
const revalidated = await timeRuns("ours, revalidated (If-None-Match → 304)", async () => {
  const response = await ctx.app.inject({
    method: "GET",
    url: `/api/playlists/${playlistId}/pdf`,
    headers: { "if-none-match": etag },
  });
  if (response.statusCode !== 304) throw new Error(`revalidation answered ${response.statusCode}`);
});
await ctx.close();

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
    `${loadavg()
      .map((value) => value.toFixed(2))
      .join(" ")}, Node ${process.version}.`,
  "",
  "| what | median | min | max | output |",
  "|---|---|---|---|---|",
  `| ours: GET /api/playlists/{id}/pdf (embedded database, pdfkit) | ${ms(ourMedian)} | ${ms(Math.min(...ours))} | ${ms(Math.max(...ours))} | ${ourPages} pages, ${(ourBytes / 1024).toFixed(0)} kB |`,
  `| ours, revalidated: If-None-Match → 304 | ${ms(median(revalidated))} | ${ms(Math.min(...revalidated))} | ${ms(Math.max(...revalidated))} | no body |`,
  chordii
    ? `| ${chordiiVersion} + ps2pdf (ghostscript), -P a4 -i -G | ${ms(theirMedian!)} | ${ms(Math.min(...chordii))} | ${ms(Math.max(...chordii))} | ${(chordiiBytes / 1024).toFixed(0)} kB |`
    : `| chordii + ps2pdf | not measured: ${missing} | | | |`,
  "",
  ratio !== null
    ? `Ours takes ${ratio.toFixed(2)}× the time of chordii + ps2pdf (${ms(ourMedian)} against ${ms(theirMedian!)}).`
    : `chordii + ps2pdf were not measured (${missing}); only our figure is checked.`,
  "",
  `- target: median ≤ ${TARGET_MS} ms: ${meetsTime ? "met" : "MISSED"} (${ms(ourMedian)})`,
  `- target: no slower than chordii + ps2pdf: ${theirMedian === null ? "not checked" : meetsChordii ? "met" : "MISSED"}`,
  "",
];
const report = lines.join("\n");
log(`\n${report}`);
const results = fileURLToPath(new URL("../results/", import.meta.url));
mkdirSync(results, { recursive: true });
writeFileSync(join(results, `pdf-${date}.md`), report);
process.exit(meetsTime && meetsChordii ? 0 : 1);
