/**
 * `npm run bench:writes`: songs written through the real server on PostgreSQL, as people write them.
 *
 * 1. Baseline: `GET /api/health` at 32 connections for the measurement's duration.
 * 2. `POST /api/songs` at 32 concurrent requests, one person each, every request a different generated song (title,
 *    lyrics with chords, tags, public or private): songs per second and latency. Both through autocannon (keep-alive
 *    connections, bodies made before the measurement), so that the load generator takes little of the machine.
 * 3. A library import by one person: an export file of 5,000 generated songs, sent exactly as the web app sends it
 *    (`splitExports` and `importBatches` of the web app: parts the server takes whole, one request after the
 *    other): the seconds from the first request to the last answer, and the requests it took.
 *
 * The library holds BENCH_SONGS generated songs before it starts (20,000), so indexes and triggers work at size.
 * Prints markdown, writes bench/results/writes-<date>.md, exits non-zero when a target is missed (≥ 500 songs per
 * second; the import ≤ 10 s; no failed request).
 *
 * Environment: BENCH_DATABASE_URL (a database named *bench*, dropped and created again; default choir_bench_writes),
 * BENCH_DURATION seconds (10), BENCH_SONGS (20000), BENCH_IMPORT_SONGS (5000); BENCH_SERVER_CPUS and BENCH_POSTGRES_CPUS pin
 * the server and the machine's PostgreSQL to cores (`taskset`), the load generator running where the caller's own
 * `taskset` put this process.
 */
import { cpus, loadavg } from "node:os";
import { importBatches, splitExports } from "../../apps/web/src/features/songs/library.js";
import {
  benchDatabaseUrl,
  cpuNow,
  cpuSpent,
  describeCpu,
  envNumber,
  ms,
  pinningFromEnv,
  postgresConnection,
  targets,
  whole,
  writeReport,
} from "../common.js";
import { generateCorpus, random } from "../search/corpus.js";
import { httpLoad, type Measurement } from "../search/measure.js";
import { seed } from "../search/seed.js";
import { signIn, startServer } from "../search/server.js";

const number = envNumber;
const databaseUrl = benchDatabaseUrl("choir_bench_writes");
const seconds = number("BENCH_DURATION", 10);
const librarySize = number("BENCH_SONGS", 20_000);
const importSize = number("BENCH_IMPORT_SONGS", 5_000);
const CONCURRENCY = 32;
const TARGET_SONGS_PER_SECOND = 500;
const TARGET_IMPORT_SECONDS = 10;

const log = (line: string) => console.log(line);

/** Songs nobody has written yet: the corpus generator's, under another seed, with a run-unique title. */
function newSongs(count: number, seedValue: number) {
  const corpus = generateCorpus({ songs: count, users: 40, choirs: 4, tags: 60, artists: 30 }, seedValue);
  return corpus.songs.map((song, index) => ({
    title: `${song.title} ${index}`,
    artist: song.artist,
    content: song.content,
    tags: song.tags,
  }));
}

async function main() {
  const startedAt = new Date();
  log(`Writes benchmark: a library of ${whole(librarySize)} songs, ${seconds} s a measurement`);
  const corpus = generateCorpus({ songs: librarySize, users: 300, choirs: 12, tags: 200, artists: 50 });
  const database = await seed(databaseUrl, corpus, log);
  await database.close();

  // The daily allowance of new songs is left at its default for people writing one by one; the import's director
  // brings a library larger than it, as an administrator allows for a migration.
  // BENCH_SERVER_CPUS and BENCH_POSTGRES_CPUS: what one more core buys (common.ts `pinningFromEnv`).
  const pinning = pinningFromEnv();
  const server = await startServer(databaseUrl, { SONG_CREATE_LIMIT_PER_DAY: String(importSize * 2) });
  const loadBefore = loadavg()[0]!;
  let health: Measurement;
  let creates: Measurement;
  let createsCpu: ReturnType<typeof cpuSpent>;
  let importSeconds = 0;
  let importRequests = 0;
  let imported = 0;
  let importFailures = 0;
  let importBytes = 0;
  let importFirstFailure: string | undefined;
  try {
    const origin = server.origin;
    log("  GET /api/health");
    const load = { connections: CONCURRENCY, seconds };
    health = await httpLoad(`${origin}/api/health`, load);

    log(`  POST /api/songs, ${CONCURRENCY} people at once`);
    const tokens = await Promise.all(
      Array.from({ length: CONCURRENCY }, (_, i) =>
        signIn(origin, { name: `Writer ${i}`, email: `writer${i}@bench.example` }),
      ),
    );
    // Every request a song nobody has sent before, its body made before the measurement: the load generator
    // shares the machine, and its own work is not the server's.
    const rng = random(20_261_126);
    const bodies = newSongs(Math.max(20_000, seconds * 2_000), 20_261_126).map((song) =>
      JSON.stringify({
        title: song.title,
        artist: song.artist,
        content: song.content,
        tags: song.tags,
        visibility: rng() < 0.7 ? 1 : 0,
      }),
    );
    // The 32 people take turns: with 32 requests in flight, each is most often one person's only one. Where the
    // time goes: the CPU of the server, of PostgreSQL and of this process over the load.
    const cpuBefore = cpuNow([server.pid]);
    const began = performance.now();
    creates = await httpLoad(`${origin}/api/songs`, {
      ...load,
      request: (n) => {
        if (n >= bodies.length) throw new Error("writes benchmark: ran out of distinct songs");
        return {
          method: "POST",
          path: "/api/songs",
          headers: {
            authorization: `Bearer ${tokens[n % tokens.length]}`,
            "content-type": "application/json",
          },
          body: bodies[n]!,
        };
      },
    });
    createsCpu = cpuSpent(
      cpuBefore,
      cpuNow([server.pid]),
      (performance.now() - began) / 1000,
      creates.count + creates.failures,
    );

    log(`  import of a library export file of ${whole(importSize)} songs, as the web app sends it`);
    const director = await signIn(origin, { name: "Import Director", email: "director@bench.example" });
    const library = newSongs(importSize, 20_261_127);
    const exportFile = { name: "songs-export.json", content: JSON.stringify(library) };
    importBytes = exportFile.content.length;
    const { batches, tooLarge } = importBatches(splitExports([exportFile]));
    if (tooLarge.length > 0) throw new Error(`${tooLarge.length} parts are too large to import`);
    const t0 = performance.now();
    for (const batch of batches) {
      const response = await fetch(`${origin}/api/songs/import`, {
        method: "POST",
        headers: { authorization: `Bearer ${director}`, "content-type": "application/json" },
        body: JSON.stringify({ files: batch }),
      });
      importRequests++;
      const body = (await response.json()) as {
        results?: { name: string; songIds: string[]; error?: string }[];
      };
      if (!response.ok) {
        importFailures += batch.length;
        importFirstFailure ??= `${response.status} ${JSON.stringify(body).slice(0, 300)}`;
        continue;
      }
      for (const result of body.results ?? []) {
        imported += result.songIds.length;
        if (result.error) {
          importFailures++;
          importFirstFailure ??= `${result.name}: ${result.error}`;
        }
      }
    }
    importSeconds = (performance.now() - t0) / 1000;
  } finally {
    await server.stop();
    pinning.restore();
  }

  const lines: string[] = [];
  const out = (line = "") => lines.push(line);
  out("| measurement | per second | p50 | p95 | p99 (ms) | done | failed |");
  out("|---|---:|---:|---:|---:|---:|---:|");
  for (const [label, run] of [
    ["GET /api/health (baseline), 32 connections", health],
    ["POST /api/songs, 32 people at once", creates],
  ] as const) {
    out(
      `| ${label} | ${whole(run.perSecond)} | ${ms(run.p50)} | ${ms(run.p95)} | ${ms(run.p99)} | ` +
        `${whole(run.count)} | ${run.failures} |`,
    );
  }
  out();
  out(
    `Where the time goes while songs are created, from /proc: the server ${describeCpu(createsCpu.server, "song")}, ` +
      `PostgreSQL ${describeCpu(createsCpu.postgres, "song")}, the load generator ${describeCpu(createsCpu.generator, "song")}.`,
  );
  out();
  out(
    `Library import: one export file of ${whole(importSize)} songs (${(importBytes / 1e6).toFixed(1)} MB), ` +
      `${whole(imported)} imported in ${importSeconds.toFixed(1)} s, ${importRequests} requests one after the ` +
      `other (the web app's parts and batches), ${importFailures} parts failed.`,
  );
  if (importFirstFailure) out(`\nFirst failed import request: ${importFirstFailure}`);
  out();
  out("Targets:");
  out();
  const verdict = targets(lines);
  const check = verdict.check;
  check(
    creates.perSecond >= TARGET_SONGS_PER_SECOND,
    `POST /api/songs: ${whole(creates.perSecond)} songs/s at ${CONCURRENCY} concurrent requests (target ≥ ${TARGET_SONGS_PER_SECOND})`,
  );
  check(creates.failures === 0, `POST /api/songs: ${creates.failures} failed requests`);
  check(
    importSeconds <= TARGET_IMPORT_SECONDS && imported === importSize,
    `import of ${whole(importSize)} songs: ${importSeconds.toFixed(1)} s, ${whole(imported)} imported (target ≤ ${TARGET_IMPORT_SECONDS} s, all)`,
  );
  out();
  out(verdict.failed === 0 ? "All targets met." : `${verdict.failed} target(s) not met.`);

  const cpu = cpus();
  const context =
    `a library of ${whole(librarySize)} generated songs on PostgreSQL (over ${postgresConnection(databaseUrl)}), the server (\`apps/server\`) in a child ` +
    `process, Node.js ${process.version}, ${cpu.length} × ${cpu[0]?.model.trim() ?? "CPU"}; server, PostgreSQL and ` +
    `load generator share the machine${pinning.described ? ` (pinned: ${pinning.described})` : ""} (1-minute load average ${loadBefore.toFixed(1)} when the measurements ` +
    `started); ${seconds} s per measurement.`;
  writeReport("writes", "Writes benchmark", startedAt, context, lines);
  process.exitCode = verdict.failed === 0 ? 0 : 1;
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
