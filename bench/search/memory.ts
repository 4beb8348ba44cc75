/**
 * `npm run bench:search-memory`: what the song index costs — in memory, at start, and to the searches asked while it
 * is read. For each library size (BENCH_MEMORY_SIZES, songs, "20000,100000" by default) it seeds the search
 * benchmark's generated library (seed.ts, corpus.ts) and:
 *
 * 1. **Memory a song.** In this process (run with `--expose-gc`), the heap after forced collections — V8's heap in
 *    use plus the array buffers outside it, where typed arrays keep their numbers; never the resident size — before
 *    and after the index reads every song as the server does at start (`SearchIndexSync`, the production code), once
 *    the rows it was given are gone. Divided by the songs: the bytes a song. Target: at most 1 kB a song at 100,000.
 * 2. **Read time.** How long that reading took, and how long the built server took to say `searchIndex: ready`.
 * 3. **Searches while it reads.** The built server started on the same database; from the moment it answers, people
 *    of several choirs search at 8 connections, every query never sent before (fresh.ts), while /api/health is
 *    asked every 50 ms: latencies while the index is read (the database answers them) and in the ten seconds after.
 *
 * Environment: BENCH_DATABASE_URL (a database named *bench*, dropped and created again; choir_bench_memory).
 */
import { cpus, loadavg } from "node:os";
import { SearchIndexSync } from "../../apps/server/src/features/search/search.js";
import { benchDatabaseUrl, ms, targets, whole, writeReport } from "../common.js";
import { signInPeople } from "./as-used.js";
import { generateCorpus } from "./corpus.js";
import { freshShapes } from "./fresh.js";
import { httpLoad, percentile } from "./measure.js";
import { seed } from "./seed.js";
import { startServer } from "./server.js";

const databaseUrl = benchDatabaseUrl("choir_bench_memory");
const sizes = (process.env.BENCH_MEMORY_SIZES ?? "20000,100000").split(",").map(Number);
if (sizes.some((size) => !Number.isInteger(size) || size <= 0))
  throw new Error("BENCH_MEMORY_SIZES must list positive whole numbers of songs");
const TARGET_BYTES_A_SONG = 1024;
const CONNECTIONS = 8;
const PEOPLE = 24;
const AFTER_READY_MS = 10_000;

const collect = (globalThis as { gc?: () => void }).gc;
if (!collect) throw new Error("run with node --expose-gc (npm run bench:search-memory does)");
const log = (line: string) => console.log(line);

/** Heap in use and array buffers after forced collections, in bytes. */
async function heapAfterCollection(): Promise<{ heap: number; buffers: number }> {
  for (let pass = 0; pass < 3; pass++) {
    collect!();
    await new Promise((resolve) => setImmediate(resolve));
  }
  const usage = process.memoryUsage();
  return { heap: usage.heapUsed, buffers: usage.arrayBuffers };
}

interface MemoryFigures {
  songs: number;
  heapBytes: number;
  bufferBytes: number;
  readMs: number;
}

/** Reads the whole index in this process, as a starting server does; its memory after forced collections. */
async function measureIndex(db: ConstructorParameters<typeof SearchIndexSync>[0], songs: number) {
  const quiet = { warn: () => {}, info: () => {} };
  const before = await heapAfterCollection();
  const sync = new SearchIndexSync(db, true, quiet);
  const started = performance.now();
  await sync.start();
  const readMs = performance.now() - started;
  if (sync.state !== "ready" || sync.index.size !== songs)
    throw new Error(`the index read ${sync.index.size} songs (${sync.state}), not ${songs}`);
  const after = await heapAfterCollection();
  const figures: MemoryFigures = {
    songs,
    heapBytes: after.heap - before.heap,
    bufferBytes: after.buffers - before.buffers,
    readMs,
  };
  await sync.close();
  return figures;
}

interface WhileReading {
  readyAfterMs: number;
  loading: number[];
  ready: number[];
  healthLoading: number[];
  failures: number;
}

/** Starts the built server and searches from the moment it answers until AFTER_READY_MS after its index is read. */
async function searchWhileReading(
  corpus: ReturnType<typeof generateCorpus>,
  jwtSecret: string,
  tokensFrom: Awaited<ReturnType<typeof signInPeople>>,
): Promise<WhileReading> {
  const startedAt = performance.now();
  const server = await startServer(databaseUrl, { JWT_SECRET: jwtSecret }, [], { waitForIndex: false });
  const shapes = freshShapes(corpus, 20_261_205 + corpus.songs.length);
  const result: WhileReading = { readyAfterMs: 0, loading: [], ready: [], healthLoading: [], failures: 0 };
  let readyAt = 0;
  let n = 0;
  try {
    const poll = (async () => {
      while (!readyAt || performance.now() - readyAt < AFTER_READY_MS) {
        const asked = performance.now();
        const health = (await (await fetch(`${server.origin}/api/health`)).json()) as {
          searchIndex?: string;
        };
        if (!readyAt) result.healthLoading.push(performance.now() - asked);
        if (!readyAt && health.searchIndex !== "loading") {
          readyAt = performance.now();
          result.readyAfterMs = readyAt - startedAt;
        }
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    })();
    const connection = async () => {
      while (!readyAt || performance.now() - readyAt < AFTER_READY_MS) {
        const i = n++;
        const person = tokensFrom[i % tokensFrom.length]!;
        const query = shapes[i % shapes.length]!.next();
        const asked = performance.now();
        const wasReady = readyAt > 0;
        const response = await fetch(`${server.origin}/api/songs/search?${query}`, {
          headers: person.headers,
        });
        await response.arrayBuffer();
        const took = performance.now() - asked;
        if (!response.ok) result.failures++;
        else (wasReady ? result.ready : result.loading).push(took);
      }
    };
    await Promise.all([poll, ...Array.from({ length: CONNECTIONS }, connection)]);
  } finally {
    await server.stop();
  }
  return result;
}

const summary = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return `${whole(values.length)} | ${values.length ? ms(percentile(sorted, 50)) : "–"} | ${values.length ? ms(percentile(sorted, 95)) : "–"}`;
};

async function main() {
  const startedAt = new Date();
  const lines: string[] = [];
  const check = targets(lines);
  const rows: { memory: MemoryFigures; reading: WhileReading }[] = [];
  let health = "";
  for (const songs of sizes) {
    log(`\nsong index at ${whole(songs)} songs`);
    const corpus = generateCorpus({ songs, users: 300, choirs: 12, tags: 200, artists: 50 });
    const database = await seed(databaseUrl, corpus, log);
    let memory: MemoryFigures;
    try {
      memory = await measureIndex(database.db, songs);
    } finally {
      await database.close();
    }
    log(
      `  ${whole(memory.heapBytes + memory.bufferBytes)} bytes (${whole((memory.heapBytes + memory.bufferBytes) / songs)} a song), read in ${whole(memory.readMs)} ms`,
    );
    // People signed in once on a server whose index is read; their tokens serve the server started next.
    const jwtSecret = `bench-memory-${Date.now()}-${Math.random()}`;
    const first = await startServer(databaseUrl, { JWT_SECRET: jwtSecret });
    let people: Awaited<ReturnType<typeof signInPeople>>;
    try {
      people = await signInPeople(first.origin, corpus, PEOPLE);
      if (!health) health = await healthFigure(first.origin);
    } finally {
      await first.stop();
    }
    const reading = await searchWhileReading(corpus, jwtSecret, people);
    log(
      `  server ready after ${whole(reading.readyAfterMs)} ms; searches while reading ${summary(reading.loading)}; after ${summary(reading.ready)}`,
    );
    rows.push({ memory, reading });
  }

  lines.push(
    "## Memory a song, after a forced collection",
    "",
    "V8's heap in use and the array buffers beside it, before and after the index reads every song in this process " +
      "(the server's own `SearchIndexSync`); never the resident size.",
    "",
    "| songs | heap | array buffers | together | a song | read in |",
    "|---|---|---|---|---|---|",
    ...rows.map(
      ({ memory: m }) =>
        `| ${whole(m.songs)} | ${whole(m.heapBytes / 1024 / 1024)} MB | ${whole(m.bufferBytes / 1024 / 1024)} MB | ${whole((m.heapBytes + m.bufferBytes) / 1024 / 1024)} MB | ${whole((m.heapBytes + m.bufferBytes) / m.songs)} bytes | ${whole(m.readMs)} ms |`,
    ),
    "",
    "## Searches while the index is read",
    "",
    `The built server started on the same library; from its first answer, ${CONNECTIONS} connections of ${PEOPLE} people ` +
      "search with queries never sent before, until ten seconds after /api/health says the index is ready. While it " +
      "reads, the database answers every search.",
    "",
    "| songs | server ready after | searches while reading | p50 ms | p95 ms | searches after | p50 ms | p95 ms | health p95 while reading | failed |",
    "|---|---|---|---|---|---|---|---|---|---|",
    ...rows.map(({ memory: m, reading: r }) => {
      const health = [...r.healthLoading].sort((a, b) => a - b);
      return `| ${whole(m.songs)} | ${whole(r.readyAfterMs)} ms | ${summary(r.loading)} | ${summary(r.ready)} | ${health.length ? ms(percentile(health, 95)) : "–"} ms | ${r.failures} |`;
    }),
    "",
    "## Targets",
    "",
  );
  const largest = rows.at(-1)!;
  const perSong = (largest.memory.heapBytes + largest.memory.bufferBytes) / largest.memory.songs;
  check.check(
    perSong <= TARGET_BYTES_A_SONG,
    `at most ${whole(TARGET_BYTES_A_SONG)} bytes a song at ${whole(largest.memory.songs)} songs: ${whole(perSong)}`,
  );
  check.check(
    rows.every((row) => row.reading.failures === 0),
    `no search failed while the index was read: ${rows.map((row) => row.reading.failures).join(", ")} failed`,
  );
  const context =
    `${cpus().length} cores (${cpus()[0]?.model ?? "unknown"}), load average ${loadavg()[0]!.toFixed(1)} at the end; ` +
    `node ${process.version}; ${health}`;
  writeReport("search-memory", "Song index memory and start", startedAt, context, lines);
  process.exit(check.failed > 0 ? 1 : 0);
}

/** The machine's baseline in the same run: /api/health at 8 connections for 5 s, answers a second and p95. */
async function healthFigure(origin: string): Promise<string> {
  const measured = await httpLoad(`${origin}/api/health`, { connections: CONNECTIONS, seconds: 5 });
  return `GET /api/health (this run's baseline): ${whole(measured.perSecond)} answers a second at ${CONNECTIONS} connections, p95 ${ms(measured.p95)} ms`;
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
