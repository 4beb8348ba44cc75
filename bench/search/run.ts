/**
 * `npm run bench:search`: song search on 100,000 generated songs in PostgreSQL. The targets' run is the last: the
 * server as it runs by default, searched as a library in use (as-used.ts) — 24 people of several choirs, no query
 * sent twice (fresh.ts), five songs written a second meanwhile, sampled pages checked whole against the SQL. Before
 * it, for comparison, the replaying lists of each shape (queries.ts) through a server without its answer cache
 * (latency at 8 connections, throughput at 32) and as the bare SQL of the search statement, then through a server
 * without the index and one with the cache. Prints markdown tables, checks the targets, writes
 * bench/results/search-<date>.md and exits non-zero when a target fails.
 *
 * Environment: BENCH_DATABASE_URL (a database named *bench*, dropped and created again), BENCH_DURATION seconds per
 * measurement (10), BENCH_WARMUP seconds (2), BENCH_SONGS (100000), BENCH_REUSE=1 keeps an already seeded database,
 * BENCH_SERVER_CPUS and BENCH_POSTGRES_CPUS pin the server and the machine's PostgreSQL to cores (`taskset`), the load
 * generator running where the caller's own `taskset` put this process.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { cpus, loadavg } from "node:os";
import { SongSearchQuery } from "@choir/contract";
import { PgDialect } from "drizzle-orm/pg-core";
import type pg from "pg";
import type { Database } from "../../apps/server/src/db/client.js";
import { openDatabase } from "../../apps/server/src/db/client.js";
import { searchStatement } from "../../apps/server/src/features/search/search.js";
import {
  benchDatabaseUrl,
  type CpuSpent,
  cpuNow,
  cpuSpent,
  pinningFromEnv,
  postgresConnection,
  resultFile,
} from "../common.js";
import { freshLoad, type SampleCheck, signInPeople, startSampler, startWriter } from "./as-used.js";
import { BENCH_USER_EMAIL, type Corpus, generateCorpus } from "./corpus.js";
import { freshShapes } from "./fresh.js";
import { httpLoad, type Measurement, type SqlStatement, sqlLoad } from "./measure.js";
import { type Shape, shapes } from "./queries.js";
import { benchDatabaseName, seed } from "./seed.js";
import { signIn, startServer } from "./server.js";

const env = process.env;
const number = (name: string, fallback: number) => {
  const value = env[name] ? Number(env[name]) : fallback;
  if (!Number.isFinite(value) || value <= 0) throw new Error(`${name} must be a positive number`);
  return value;
};
const databaseUrl = benchDatabaseUrl("choir_bench_search");
const seconds = number("BENCH_DURATION", 10);
const warmup = number("BENCH_WARMUP", 2);
const size = { songs: number("BENCH_SONGS", 100_000), users: 300, choirs: 12, tags: 200, artists: 50 };
const LATENCY_CONNECTIONS = 8;
const THROUGHPUT_CONNECTIONS = 32;
const TARGET_P95_MS = 20;
const TARGET_RATIO = 0.5;
/** People of several choirs who search in the run as a library in use; songs they write a second meanwhile. */
const PEOPLE = 24;
const WRITES_PER_SECOND = 5;

const log = (line: string) => console.log(line);

/**
 * The SQL the service runs for a query string, from its own query builder (`searchStatement`, rendered by drizzle's
 * dialect): one statement that returns the page with its creators, tags and choirs, and the exact total.
 */
async function serviceStatement(
  db: Database["db"],
  userId: string,
  query: URLSearchParams,
): Promise<SqlStatement> {
  const raw: Record<string, string | string[]> = {};
  for (const [key, value] of query) {
    const previous = raw[key];
    raw[key] = previous === undefined ? value : [...(Array.isArray(previous) ? previous : [previous]), value];
  }
  const statement = await searchStatement(db, userId, SongSearchQuery.parse(raw));
  const { sql, params } = new PgDialect().sqlToQuery(statement);
  return { text: sql, values: params };
}

/** Signs the seeded bench user in on `origin`; the authorization header of the session. */
async function signedIn(origin: string, corpus: Corpus): Promise<Record<string, string>> {
  const token = await signIn(origin, { name: "Bench Singer", email: BENCH_USER_EMAIL });
  const headers = { authorization: `Bearer ${token}` };
  const me = (await (await fetch(`${origin}/api/me`, { headers })).json()) as { id: string };
  if (me.id !== corpus.benchUser.id) throw new Error("signed in as someone else than the seeded bench user");
  return headers;
}

/** Asks once; the total the API counted. */
async function firstAnswer(url: string, headers: Record<string, string>): Promise<number> {
  const first = await fetch(url, { headers });
  if (!first.ok) throw new Error(`${url} answered ${first.status}: ${await first.text()}`);
  return ((await first.json()) as { totalCount: number }).totalCount;
}

const ms = (value: number) => (value < 10 ? value.toFixed(1) : value.toFixed(0));
const perSecond = (value: number) => Math.round(value).toLocaleString("en-US");

/** Queries whose direct statement is checked against the API's total before measuring. */
const CHECKED_TOTALS = 3;
/** Queries of a shape whose statements the direct SQL measurement runs in turn. */
const DIRECT_STATEMENTS = 300;
const HEALTH: Shape = { label: "health (baseline)", made: "", queries: [] };

/** A server process's resident memory in MB (Linux). */
function residentMb(pid: number): number {
  const line = readFileSync(`/proc/${pid}/status`, "utf8").match(/^VmRSS:\s+(\d+) kB/m);
  return line ? Number(line[1]) / 1024 : Number.NaN;
}

interface Row {
  shape: Shape;
  latency: Measurement;
  api: Measurement;
  direct?: Measurement;
}

async function main() {
  const startedAt = new Date();
  const dbName = benchDatabaseName(databaseUrl);
  log(
    `Search benchmark: ${size.songs.toLocaleString("en-US")} songs in ${dbName}, ${seconds} s a measurement`,
  );

  let started = Date.now();
  const corpus = generateCorpus(size);
  log(`  generated the library (${((Date.now() - started) / 1000).toFixed(1)} s)`);
  started = Date.now();

  let database: Database;
  if (env.BENCH_REUSE === "1") {
    database = await openDatabase({ url: databaseUrl });
    const pool = (database.db as unknown as { $client: pg.Pool }).$client;
    const seeded = Number((await pool.query("select count(*) from songs")).rows[0].count);
    if (seeded !== size.songs) {
      await database.close();
      throw new Error(`BENCH_REUSE=1: ${dbName} holds ${seeded} songs, not ${size.songs}; run without it`);
    }
    log("  reusing the seeded database (BENCH_REUSE=1)");
  } else {
    database = await seed(databaseUrl, corpus, log);
    log(`  seeded in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  }
  // The direct clients connect exactly like the app's pool: same URL, same per-connection settings.
  const pool = (database.db as unknown as { $client: pg.Pool }).$client;
  const connection: pg.ClientConfig = { ...pool.options };
  const rows: Row[] = [];
  const cached: Row[] = [];
  const fresh: (Row & { samples: SampleCheck; cpu: ReturnType<typeof cpuSpent> })[] = [];
  let writes: { written: number; failed: number; perSecond: number } | undefined;
  let health: Row | undefined;
  const setting = async (name: string) =>
    (await pool.query<{ value: string }>("select current_setting($1) as value", [name])).rows[0]!.value;
  const postgres = {
    version: await setting("server_version"),
    sharedBuffers: await setting("shared_buffers"),
    workMem: await setting("work_mem"),
  };
  const loadBefore = loadavg()[0]!;
  const shapeList = shapes(corpus);
  // The distinct run first, on a server that keeps no answers: every request searches the database.
  const baseline: Row[] = [];
  const memory: { label: string; mb: number }[] = [];
  // BENCH_SERVER_CPUS and BENCH_POSTGRES_CPUS: what one more core buys (common.ts `pinningFromEnv`).
  const pinning = pinningFromEnv(env);
  let server = await startServer(databaseUrl, { SEARCH_CACHE_MB: "0" });
  try {
    if (server.searchIndex !== "ready") throw new Error(`the server's search index is ${server.searchIndex}`);
    memory.push({ label: "with the song index (read, before any search)", mb: residentMb(server.pid) });
    let headers = await signedIn(server.origin, corpus);
    const load = async (urls: string | string[], withHeaders: boolean) => {
      const options = withHeaders ? { headers } : {};
      await httpLoad(urls, { connections: LATENCY_CONNECTIONS, seconds: warmup, ...options });
      const latency = await httpLoad(urls, { connections: LATENCY_CONNECTIONS, seconds, ...options });
      const api = await httpLoad(urls, { connections: THROUGHPUT_CONNECTIONS, seconds, ...options });
      return { latency, api };
    };
    const urlsOf = (shape: Shape) =>
      shape.queries.map((query) => `${server.origin}/api/songs/search?${query}`);

    log("\n  GET /api/health");
    health = { shape: HEALTH, ...(await load(`${server.origin}/api/health`, false)) };

    log("\n  distinct queries, without the search cache (SEARCH_CACHE_MB=0), with the song index");
    for (const shape of shapeList) {
      log(`  ${shape.label}: ${shape.queries.length} queries`);
      const urls = urlsOf(shape);
      // The statements the service runs for the first queries: each must count what the API counted.
      const statements: SqlStatement[] = [];
      for (const [index, query] of shape.queries.slice(0, DIRECT_STATEMENTS).entries()) {
        const statement = await serviceStatement(database.db, corpus.benchUser.id, query);
        if (index < CHECKED_TOTALS) {
          const totalCount = await firstAnswer(urls[index]!, headers);
          const counted = await pool.query({ ...statement, rowMode: "array" });
          if (Number(counted.rows[0]?.[0]) !== totalCount)
            throw new Error(
              `${query}: direct count ${counted.rows[0]?.[0]} differs from the API's ${totalCount}`,
            );
        }
        statements.push(statement);
      }
      const { latency, api } = await load(urls, true);
      await sqlLoad(connection, statements, {
        clients: THROUGHPUT_CONNECTIONS,
        seconds: warmup,
        rotate: true,
      });
      const direct = await sqlLoad(connection, statements, {
        clients: THROUGHPUT_CONNECTIONS,
        seconds,
        rotate: true,
      });
      rows.push({ shape, latency, api, direct });
    }

    // The baseline: the same lists on a server without the index (the search statement alone), no cache.
    await server.stop();
    server = await startServer(databaseUrl, { SEARCH_CACHE_MB: "0", SEARCH_INDEX: "off" });
    memory.push({
      label: "without the song index (SEARCH_INDEX=off), after start",
      mb: residentMb(server.pid),
    });
    headers = await signedIn(server.origin, corpus);
    log("\n  the same queries without the index (SEARCH_INDEX=off), no cache");
    for (const shape of shapeList) {
      log(`  ${shape.label}`);
      const { latency, api } = await load(urlsOf(shape), true);
      baseline.push({ shape, latency, api });
    }

    // The same lists on a server as it runs by default: once a list comes round again, the cache answers.
    await server.stop();
    server = await startServer(databaseUrl);
    headers = await signedIn(server.origin, corpus);
    log("\n  the same queries with the search cache (the default)");
    for (const shape of shapeList) {
      log(`  ${shape.label}`);
      const { latency, api } = await load(urlsOf(shape), true);
      cached.push({ shape, latency, api });
    }

    // As a library in use (the targets' run): the same server as it runs by default; many people, no query twice,
    // songs written throughout, sampled pages checked against the SQL.
    log(
      `\n  as a library in use: ${PEOPLE} people, fresh queries, ${WRITES_PER_SECOND} songs written a second`,
    );
    const people = await signInPeople(server.origin, corpus, PEOPLE);
    const writer = startWriter(server.origin, people, WRITES_PER_SECOND);
    try {
      for (const shape of freshShapes(corpus)) {
        log(`  ${shape.label}`);
        await freshLoad(server.origin, shape, people, { connections: LATENCY_CONNECTIONS, seconds: warmup });
        // Where the time goes: the CPU of the server, of PostgreSQL and of this process (the searches, the writer)
        // over the latency's load.
        const cpuBefore = cpuNow([server.pid]);
        const began = performance.now();
        const latency = await freshLoad(server.origin, shape, people, {
          connections: LATENCY_CONNECTIONS,
          seconds,
        });
        const cpu = cpuSpent(
          cpuBefore,
          cpuNow([server.pid]),
          (performance.now() - began) / 1000,
          latency.count + latency.failures,
        );
        // The pages are checked beside the throughput's load, not the latency's: the checker's own SQL (a common
        // word's statement costs PostgreSQL 100–300 ms, twice a page) would otherwise take the cores the p95 is
        // measured on — work no person's search causes.
        const sampler = startSampler(server.origin, shape, people, pool, (userId, query) =>
          serviceStatement(database.db, userId, query),
        );
        const api = await freshLoad(server.origin, shape, people, {
          connections: THROUGHPUT_CONNECTIONS,
          seconds,
        });
        fresh.push({
          shape: { label: shape.label, made: shape.made, queries: [] },
          latency,
          api,
          samples: await sampler.stop(),
          cpu,
        });
      }
    } finally {
      const stopped = await writer.stop();
      writes = stopped;
      // The library goes back to what was seeded, so that BENCH_REUSE=1 finds it again.
      if (stopped.songIds.length > 0)
        await pool.query("delete from songs where id = any($1::uuid[])", [stopped.songIds]);
    }
  } finally {
    await server.stop();
    await database.close();
    pinning.restore();
  }

  // ── Report ──
  const lines: string[] = [];
  const out = (line = "") => lines.push(line);
  out("## As a library in use (the targets' run)");
  out();
  out(
    `The server as it runs by default (song index and search cache). ${PEOPLE} people of several choirs search, ` +
      "each request as the next of them, so their private, choir-only and choir-version songs are in their " +
      "answers; no query is sent twice in the run (bench/search/fresh.ts, held by fresh.test.ts), so no answer " +
      `is kept from an earlier one; ${WRITES_PER_SECOND} songs a second are written meanwhile with the corpus's ` +
      "common words (after each, the index sorts its orders again and compares the new songs with the words whose " +
      "typos it kept). Beside each throughput load (not the latency's: the checker's SQL would take the cores the " +
      "p95 is measured on), a sampler asks fresh queries of the shape as a random person and checks the whole " +
      "page (songs in order, total) against the service's SQL for that person, read just before and just after " +
      "the answer.",
  );
  out();
  for (const row of fresh) out(`- ${row.shape.label}: ${row.shape.made}`);
  out();
  out("| shape | p50 | p95 | p99 (ms) @8 | API req/s @32 | failed | pages checked | equal to SQL |");
  out("|---|---:|---:|---:|---:|---:|---:|---:|");
  for (const row of fresh) {
    out(
      `| ${row.shape.label} | ${ms(row.latency.p50)} | ${ms(row.latency.p95)} | ${ms(row.latency.p99)} | ` +
        `${perSecond(row.api.perSecond)} | ${row.latency.failures + row.api.failures} | ${row.samples.checked} | ` +
        `${row.samples.matched} |`,
    );
  }
  if (health) {
    out(
      `| health (baseline, same machine) | ${ms(health.latency.p50)} | ${ms(health.latency.p95)} | ` +
        `${ms(health.latency.p99)} | ${perSecond(health.api.perSecond)} | – | – | – |`,
    );
  }
  out();
  out(
    `Where the time goes, over each shape's latency load at ${LATENCY_CONNECTIONS} connections: the CPU of the ` +
      "server process, of PostgreSQL's processes and of the load generator (this process: the searches, the " +
      `writer of ${WRITES_PER_SECOND} songs a second), from /proc, as a share of a core and per search. A side near ` +
      "1.00 of a core is a queue: the server answers on one thread.",
  );
  out();
  out("| shape | searches a second | server | PostgreSQL | load generator |");
  out("|---|---:|---:|---:|---:|");
  for (const row of fresh) {
    const side = (spent: CpuSpent) => `${spent.cores.toFixed(2)} (${spent.msEach.toFixed(2)} ms)`;
    out(
      `| ${row.shape.label} | ${perSecond(row.latency.perSecond)} | ${side(row.cpu.server)} | ` +
        `${side(row.cpu.postgres)} | ${side(row.cpu.generator)} |`,
    );
  }
  out();
  if (writes)
    out(
      `Songs written during the run: ${writes.written.toLocaleString("en-US")} (${writes.perSecond.toFixed(1)} a ` +
        `second), ${writes.failed} refused or failed; taken away again at the end.`,
    );
  for (const row of fresh)
    for (const mismatch of row.samples.mismatches)
      out(`- differs from SQL (${row.shape.label}): ${mismatch}`);
  out();
  out("## Replaying lists (for comparison)");
  out();
  out(
    "The earlier run, named for what it does: each shape's fixed list is sent from its start in every window, so " +
      "a query comes round several times a run, one person searches, and nothing is written meanwhile. No target.",
  );
  out();
  out("Shapes: each request of a measurement asks the next query of its shape's shuffled list.");
  out();
  for (const shape of shapeList) {
    const examples = shape.queries
      .slice(0, 3)
      .map((query) => `\`${decodeURIComponent(query.toString())}\``)
      .join(", ");
    out(
      `- ${shape.label}: ${shape.made}; ${shape.queries.length.toLocaleString("en-US")} queries, e.g. ${examples}`,
    );
  }
  out();
  out(
    "Distinct queries on a server without the search cache (`SEARCH_CACHE_MB=0`), answered by its in-memory song " +
      "index (the default, `SEARCH_INDEX=on`): every request catches the index up with the database, searches it " +
      "and reads its page of songs from the database. The targets apply to this table. Direct SQL: the search " +
      `statement (what a server without the index runs) for the first ${DIRECT_STATEMENTS} queries of the shape, ` +
      "in turn, through `pg`; each shape's first three totals were checked equal between the API and the statement.",
  );
  out();
  out("| shape | p50 | p95 | p99 (ms) @8 | API req/s @32 | direct SQL q/s @32 | API/direct ratio |");
  out("|---|---:|---:|---:|---:|---:|---:|");
  const all = health ? [health, ...rows] : rows;
  for (const row of all) {
    const ratio = row.direct ? (row.api.perSecond / row.direct.perSecond).toFixed(2) : "–";
    out(
      `| ${row.shape.label} | ${ms(row.latency.p50)} | ${ms(row.latency.p95)} | ${ms(row.latency.p99)} | ` +
        `${perSecond(row.api.perSecond)} | ${row.direct ? perSecond(row.direct.perSecond) : "–"} | ${ratio} |`,
    );
  }
  out();
  out(
    "At 32 connections / clients: latency in ms (p50, p95) of the API and of one direct search; failed = API " +
      "answers other than 2xx, errors and timeouts in both HTTP measurements.",
  );
  out();
  out("| shape | API p50 | API p95 | SQL p50 | SQL p95 | failed |");
  out("|---|---:|---:|---:|---:|---:|");
  for (const row of all) {
    out(
      `| ${row.shape.label} | ${ms(row.api.p50)} | ${ms(row.api.p95)} | ` +
        `${row.direct ? ms(row.direct.p50) : "–"} | ${row.direct ? ms(row.direct.p95) : "–"} | ` +
        `${row.latency.failures + row.api.failures} |`,
    );
  }
  /** A table of HTTP measurements only (no direct SQL): latency at 8 connections, throughput at 32, failures. */
  const httpTable = (list: Row[]) => {
    out("| shape | p50 | p95 | p99 (ms) @8 | API req/s @32 | failed |");
    out("|---|---:|---:|---:|---:|---:|");
    for (const row of list) {
      out(
        `| ${row.shape.label} | ${ms(row.latency.p50)} | ${ms(row.latency.p95)} | ${ms(row.latency.p99)} | ` +
          `${perSecond(row.api.perSecond)} | ${row.latency.failures + row.api.failures} |`,
      );
    }
  };
  out();
  out(
    "Baseline: the same lists on a server without the index (`SEARCH_INDEX=off`, `SEARCH_CACHE_MB=0`): every " +
      "request runs the search statement.",
  );
  out();
  httpTable(baseline);
  out();
  out("Server memory (resident set) once started:");
  out();
  for (const entry of memory) out(`- ${entry.label}: ${entry.mb.toFixed(0)} MB`);
  out();
  out(
    "The same lists on a server as it runs by default, with the search cache: the first pass through a list " +
      "searches, a query asked again while the library is unchanged is answered from memory. For information, " +
      "beside the table above; no target.",
  );
  out();
  httpTable(cached);
  out();
  out("Targets (p95 and pages on the run as a library in use; the API/direct ratio on the replaying lists):");
  out();
  let failed = 0;
  const check = (ok: boolean, text: string) => {
    failed += Number(!ok);
    out(`- ${ok ? "PASS" : "FAIL"} ${text}`);
  };
  for (const row of [...cached, ...baseline]) {
    const failures = row.latency.failures + row.api.failures;
    const run = cached.includes(row) ? "with the cache" : "without the index";
    if (failures > 0) check(false, `${row.shape.label}, ${run}: ${failures} requests failed`);
  }
  for (const row of rows) {
    const label = row.shape.label;
    const failures = row.latency.failures + row.api.failures;
    if (failures > 0) check(false, `${label}: ${failures} requests failed`);
    if (!row.direct) continue;
    const ratio = row.api.perSecond / row.direct.perSecond;
    check(
      ratio >= TARGET_RATIO,
      `${label} (replaying): API/direct ${ratio.toFixed(2)} (target ≥ ${TARGET_RATIO})`,
    );
  }
  for (const row of fresh) {
    const label = row.shape.label;
    const failures = row.latency.failures + row.api.failures;
    if (failures > 0) check(false, `${label} (in use): ${failures} requests failed`);
    check(
      row.latency.p95 <= TARGET_P95_MS,
      `${label} (in use): p95 ${ms(row.latency.p95)} ms at 8 connections (target ≤ ${TARGET_P95_MS} ms)`,
    );
    check(
      row.samples.checked > 0 && row.samples.matched === row.samples.checked,
      `${label} (in use): ${row.samples.matched} of ${row.samples.checked} sampled pages equal to the SQL's`,
    );
  }
  if (writes)
    check(
      writes.perSecond >= WRITES_PER_SECOND * 0.9,
      `songs written during the run: ${writes.perSecond.toFixed(1)} a second (at least ${WRITES_PER_SECOND})`,
    );
  out();
  out(failed === 0 ? "All targets met." : `${failed} target(s) not met.`);

  const cpu = cpus();
  const context =
    `${size.songs.toLocaleString("en-US")} generated songs (${size.users} users, ${size.choirs} choirs, ` +
    `${size.tags} tags, ${size.artists} artists), searched as ${BENCH_USER_EMAIL}. PostgreSQL ${postgres.version} ` +
    `over ${postgresConnection(databaseUrl)} ` +
    `(shared_buffers ${postgres.sharedBuffers}, work_mem ${postgres.workMem}), Node.js ${process.version}, ` +
    `${cpu.length} × ${cpu[0]?.model.trim() ?? "CPU"}; server, PostgreSQL and load generator share the machine` +
    `${pinning.described ? ` (pinned: ${pinning.described})` : ""} ` +
    `(1-minute load average ${loadBefore.toFixed(1)} when the run started). ${seconds} s per measurement ` +
    `after ${warmup} s of warm-up; latency at ${LATENCY_CONNECTIONS} connections, throughput at ` +
    `${THROUGHPUT_CONNECTIONS} connections (API) and ${THROUGHPUT_CONNECTIONS} clients (direct SQL).`;
  console.log(`\n${context}\n\n${lines.join("\n")}`);

  const date = startedAt.toISOString().slice(0, 10);
  // A second run on the same day gets its own file (search-<date>b.md, …), the earlier one kept beside it.
  const file = resultFile("search", date);
  writeFileSync(
    file,
    [
      `# Search benchmark, ${date}`,
      "",
      `\`npm run bench:search\` at ${startedAt.toISOString()}, ${Math.round((Date.now() - startedAt.getTime()) / 1000)} s: ${context}`,
      "",
      ...lines,
      "",
    ].join("\n"),
  );
  console.log(`\nwritten to ${file} (${Math.round((Date.now() - startedAt.getTime()) / 1000)} s in all)`);
  process.exitCode = failed === 0 ? 0 : 1;
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
