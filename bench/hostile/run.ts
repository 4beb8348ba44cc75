/**
 * `npm run bench:hostile`: the routes that take people's text, sent normal songs and the hostile shapes of the cost
 * tests (apps/server/test/hostile-text.ts, at BENCH_HOSTILE_CHARS characters), through the real server on
 * PostgreSQL.
 *
 * 1. Baseline: `GET /api/health` at 32 connections for 5 s.
 * 2. For each route and shape: BENCH_REPEATS requests one after the other (the answer times' p50 and p95, and the
 *    statuses), while a second client asks `/api/health` every 20 ms beside them (its p95 while they run): a request
 *    that held the event loop shows there.
 *
 * Prints markdown, writes bench/results/hostile-<date>.md, exits non-zero when a target is missed: every hostile
 * answer within 2 s and a contract answer (below 500, or 503), and /api/health's p95 beside it under 250 ms.
 *
 * Environment: BENCH_DATABASE_URL (a database named *bench*, dropped and created again; default
 * choir_bench_hostile), BENCH_REPEATS (5), BENCH_HOSTILE_CHARS (99000).
 */
import { cpus, loadavg } from "node:os";
import { IMPORT_FORMATS, SHAPES } from "../../apps/server/test/hostile-text.js";
import { benchDatabaseUrl, envNumber, ms, sendAs, targets, whole, writeReport } from "../common.js";
import { generateCorpus } from "../search/corpus.js";
import { httpLoad, percentile } from "../search/measure.js";
import { seed } from "../search/seed.js";
import { signIn, startServer } from "../search/server.js";

const databaseUrl = benchDatabaseUrl("choir_bench_hostile");
const repeats = envNumber("BENCH_REPEATS", 5);
const chars = envNumber("BENCH_HOSTILE_CHARS", 99_000);
const TARGET_ANSWER_MS = 2000;
const TARGET_HEALTH_P95_MS = 250;

const log = (line: string) => console.log(line);

interface Row {
  route: string;
  shape: string;
  hostile: boolean;
  p50: number;
  p95: number;
  max: number;
  healthP95: number;
  statuses: string;
}

async function main() {
  const startedAt = new Date();
  log(
    `Hostile inputs benchmark: ${repeats} requests a route and shape, hostile shapes at ${whole(chars)} characters`,
  );
  const corpus = generateCorpus({ songs: 200, users: 20, choirs: 2, tags: 20, artists: 10 });
  const database = await seed(databaseUrl, corpus, log);
  await database.close();
  const normal = corpus.songs[0]!.content;

  const server = await startServer(databaseUrl, { SONG_CREATE_LIMIT_PER_DAY: "0" });
  const loadBefore = loadavg()[0]!;
  const rows: Row[] = [];
  let baseline: Awaited<ReturnType<typeof httpLoad>>;
  try {
    const origin = server.origin;
    log("  GET /api/health, 32 connections, 5 s");
    baseline = await httpLoad(`${origin}/api/health`, { connections: 32, seconds: 5 });
    const token = await signIn(origin, { name: "Hostile Writer", email: "hostile@bench.example" });
    const send = (method: string, path: string, body?: unknown) => sendAs(origin, token, method, path, body);
    const songOf = async (content: string) => {
      const answer = await send("POST", "/api/songs", { title: "Hostile", content });
      if (answer.status !== 201)
        throw new Error(`song create answered ${answer.status}: ${answer.text.slice(0, 200)}`);
      return (JSON.parse(answer.text) as { songId: string }).songId;
    };
    const existing = await songOf("{title: Hostile}\n[C]la");

    const texts: [string, boolean, string][] = [
      ["a generated song", false, normal],
      ...Object.entries(SHAPES).map(([name, make]): [string, boolean, string] => [name, true, make(chars)]),
    ];
    type Route = [name: string, request: (text: string) => Promise<{ status: number; text: string }>];
    const exportOf = (format: string) => async (text: string) =>
      send("GET", `/api/songs/export?format=${format}&ids=${await songOf(text)}`);
    const routes: Route[] = [
      [
        "POST /api/songs (with credits)",
        (text) => send("POST", "/api/songs", { title: "H", content: text, composer: "A" }),
      ],
      ["PUT /api/songs/{id}", (text) => send("PUT", `/api/songs/${existing}`, { title: "H", content: text })],
      ["GET /api/songs/export?format=chordpro", exportOf("chordpro")],
      ["GET /api/songs/export?format=openlyrics", exportOf("openlyrics")],
      ...Object.entries(IMPORT_FORMATS).map(
        ([format, file]): Route => [
          `POST /api/songs/import/preview (${format})`,
          (text) => send("POST", "/api/songs/import/preview", { files: [file(text)] }),
        ],
      ),
      [
        "POST /api/songs/import (SongSelect)",
        (text) => send("POST", "/api/songs/import", { files: [IMPORT_FORMATS.SongSelect!(text)] }),
      ],
      [
        "GET /api/songs/search (the text's first 200 characters)",
        (text) => send("GET", `/api/songs/search?searchTerm=${encodeURIComponent(text.slice(0, 200))}`),
      ],
    ];

    for (const [route, request] of routes) {
      log(`  ${route}`);
      for (const [shape, hostile, text] of texts) {
        const times: number[] = [];
        const statuses = new Map<number, number>();
        const health: number[] = [];
        let running = true;
        // /api/health asked every 20 ms while the requests run.
        const sampler = (async () => {
          while (running) {
            const t0 = performance.now();
            await fetch(`${origin}/api/health`).then((r) => r.arrayBuffer());
            health.push(performance.now() - t0);
            await new Promise((resolve) => setTimeout(resolve, 20));
          }
        })();
        for (let i = 0; i < repeats; i++) {
          const t0 = performance.now();
          const answer = await request(text);
          times.push(performance.now() - t0);
          statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);
        }
        running = false;
        await sampler;
        const sorted = [...times].sort((a, b) => a - b);
        rows.push({
          route,
          shape,
          hostile,
          p50: percentile(sorted, 50),
          p95: percentile(sorted, 95),
          max: sorted[sorted.length - 1]!,
          healthP95: percentile(
            [...health].sort((a, b) => a - b),
            95,
          ),
          statuses: [...statuses].map(([status, count]) => `${status}×${count}`).join(" "),
        });
      }
    }
  } finally {
    await server.stop();
  }

  const lines: string[] = [];
  const out = (line = "") => lines.push(line);
  out(
    `Baseline: GET /api/health at 32 connections, ${whole(baseline.perSecond)}/s, p50 ${ms(baseline.p50)} ms, ` +
      `p95 ${ms(baseline.p95)} ms, ${baseline.failures} failed.`,
  );
  out();
  out("| route | text | p50 | p95 (ms) | /api/health p95 beside (ms) | answers |");
  out("|---|---|---:|---:|---:|---|");
  for (const row of rows) {
    out(
      `| ${row.route} | ${row.shape}${row.hostile ? ` (${whole(chars)})` : ""} | ${ms(row.p50)} | ${ms(row.p95)} | ` +
        `${ms(row.healthP95)} | ${row.statuses} |`,
    );
  }
  out();
  out("Targets:");
  out();
  const verdict = targets(lines);
  const hostile = rows.filter((row) => row.hostile);
  const slowest = hostile.reduce((a, b) => (b.max > a.max ? b : a));
  verdict.check(
    slowest.max <= TARGET_ANSWER_MS,
    `every hostile answer within ${TARGET_ANSWER_MS} ms (slowest ${ms(slowest.max)} ms: ${slowest.route}, ${slowest.shape})`,
  );
  const refused = hostile.filter((row) =>
    row.statuses.split(" ").some((s) => s.startsWith("5") && !s.startsWith("503")),
  );
  verdict.check(
    refused.length === 0,
    `every hostile answer a contract answer (${refused.length} route/shape pairs with a 5xx)`,
  );
  const stalled = hostile.reduce((a, b) => (b.healthP95 > a.healthP95 ? b : a));
  verdict.check(
    stalled.healthP95 <= TARGET_HEALTH_P95_MS,
    `/api/health p95 beside a hostile request ≤ ${TARGET_HEALTH_P95_MS} ms (highest ${ms(stalled.healthP95)} ms: ` +
      `${stalled.route}, ${stalled.shape})`,
  );
  out();
  out(verdict.failed === 0 ? "All targets met." : `${verdict.failed} target(s) not met.`);

  const cpu = cpus();
  const context =
    `the server (\`apps/server\`, production build) in a child process on PostgreSQL with 200 generated songs, ` +
    `Node.js ${process.version}, ${cpu.length} × ${cpu[0]?.model.trim() ?? "CPU"}; server, PostgreSQL and the ` +
    `clients share the machine (1-minute load average ${loadBefore.toFixed(1)} when the measurements started); ` +
    `${repeats} requests a route and text, one after the other.`;
  writeReport("hostile", "Hostile inputs benchmark", startedAt, context, lines);
  process.exitCode = verdict.failed === 0 ? 0 : 1;
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
