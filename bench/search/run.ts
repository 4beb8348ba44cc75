/**
 * `npm run bench:search`: song search on 100,000 generated songs in PostgreSQL, through the real server (latency at
 * 8 connections, throughput at 32) and as the bare SQL the service issues (throughput at 32 clients). Prints a
 * markdown table, checks the targets, writes bench/results/search-<date>.md and exits non-zero when a target fails.
 *
 * Environment: BENCH_DATABASE_URL (a database named *bench*, dropped and created again), BENCH_DURATION seconds per
 * measurement (10), BENCH_WARMUP seconds (2), BENCH_SONGS (100000), BENCH_REUSE=1 keeps an already seeded database.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { cpus, loadavg } from "node:os";
import { fileURLToPath } from "node:url";
import { SongSearchQuery } from "@choir/contract";
import { PgDialect } from "drizzle-orm/pg-core";
import type pg from "pg";
import type { Database } from "../../apps/server/src/db/client.js";
import { openDatabase } from "../../apps/server/src/db/client.js";
import { searchStatement } from "../../apps/server/src/features/songs/service.js";
import { BENCH_USER_EMAIL, type Corpus, generateCorpus } from "./corpus.js";
import { httpLoad, type Measurement, type SqlStatement, sqlLoad } from "./measure.js";
import { benchDatabaseName, seed } from "./seed.js";
import { signIn, startServer } from "./server.js";

const env = process.env;
const number = (name: string, fallback: number) => {
  const value = env[name] ? Number(env[name]) : fallback;
  if (!Number.isFinite(value) || value <= 0) throw new Error(`${name} must be a positive number`);
  return value;
};
const databaseUrl = env.BENCH_DATABASE_URL || "postgres://postgres@127.0.0.1:5432/choir_bench_search";
const seconds = number("BENCH_DURATION", 10);
const warmup = number("BENCH_WARMUP", 2);
const size = { songs: number("BENCH_SONGS", 100_000), users: 300, choirs: 12, tags: 200, artists: 50 };
const LATENCY_CONNECTIONS = 8;
const THROUGHPUT_CONNECTIONS = 32;
const TARGET_P95_MS = 20;
const TARGET_RATIO = 0.5;

const log = (line: string) => console.log(line);

interface Search {
  label: string;
  query: URLSearchParams;
}

/** The searches, as the web app's library sends them (sort and direction always given, 24 a page). */
function searches(corpus: Corpus): Search[] {
  const count = <T>(items: T[]) => {
    const counts = new Map<T, number>();
    for (const item of items) counts.set(item, (counts.get(item) ?? 0) + 1);
    return [...counts].sort((a, b) => b[1] - a[1]);
  };
  const rare = corpus.rareWords.find(
    (word) => corpus.songs.filter((song) => song.title.includes(word)).length >= 3,
  )!;
  // The fifth busiest artist, by surname (what people type).
  const artists = count(corpus.songs.flatMap((song) => (song.artist ? [song.artist] : [])));
  const artist = artists[Math.min(4, artists.length - 1)]![0].split(" ").slice(1).join(" ");
  const q = (label: string, params: Record<string, string>) => ({
    label,
    query: new URLSearchParams({ ...params, take: "24" }),
  });
  return [
    q("(a) common lyric word", { searchTerm: "corazón", sortBy: "relevance", sortDirection: "desc" }),
    q("(b) rare title word", { searchTerm: rare, sortBy: "relevance", sortDirection: "desc" }),
    q("(c) artist", { searchTerm: artist, sortBy: "relevance", sortDirection: "desc" }),
    q("(d) tag filter", { tags: "Comunión", sortBy: "title", sortDirection: "asc" }),
    q("(e) term + tag, by title", {
      searchTerm: "gloria",
      tags: "Navidad",
      sortBy: "title",
      sortDirection: "asc",
    }),
  ];
}

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

interface Row {
  search: Search;
  totalCount?: number;
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
  let server = await startServer(databaseUrl);
  const rows: Row[] = [];
  const uncached: Row[] = [];
  const setting = async (name: string) =>
    (await pool.query<{ value: string }>("select current_setting($1) as value", [name])).rows[0]!.value;
  const postgres = {
    version: await setting("server_version"),
    sharedBuffers: await setting("shared_buffers"),
    workMem: await setting("work_mem"),
  };
  const loadBefore = loadavg()[0]!;
  try {
    let headers = await signedIn(server.origin, corpus);
    const load = async (url: string, withHeaders: boolean) => {
      const options = withHeaders ? { headers } : {};
      await httpLoad(url, { connections: LATENCY_CONNECTIONS, seconds: warmup, ...options });
      const latency = await httpLoad(url, { connections: LATENCY_CONNECTIONS, seconds, ...options });
      const api = await httpLoad(url, { connections: THROUGHPUT_CONNECTIONS, seconds, ...options });
      return { latency, api };
    };

    log("\n  GET /api/health");
    rows.push({
      search: { label: "health (baseline)", query: new URLSearchParams() },
      ...(await load(`${server.origin}/api/health`, false)),
    });

    for (const search of searches(corpus)) {
      const url = `${server.origin}/api/songs/search?${search.query}`;
      log(`  ${search.label}: ${decodeURIComponent(search.query.toString())}`);
      const totalCount = await firstAnswer(url, headers);
      const statement = await serviceStatement(database.db, corpus.benchUser.id, search.query);
      // The statement is the service's: it must count what the API counted.
      const counted = await pool.query({ ...statement, rowMode: "array" });
      if (Number(counted.rows[0]?.[0]) !== totalCount)
        throw new Error(`direct count ${counted.rows[0]?.[0]} differs from the API's ${totalCount}`);
      const { latency, api } = await load(url, true);
      await sqlLoad(connection, [statement], {
        clients: THROUGHPUT_CONNECTIONS,
        seconds: Math.min(warmup, 2),
      });
      const direct = await sqlLoad(connection, [statement], { clients: THROUGHPUT_CONNECTIONS, seconds });
      rows.push({ search, totalCount, latency, api, direct });
    }

    // The same searches on a server that keeps no answers: what a search not asked before costs.
    await server.stop();
    server = await startServer(databaseUrl, { SEARCH_CACHE_MB: "0" });
    headers = await signedIn(server.origin, corpus);
    log("\n  without the search cache (SEARCH_CACHE_MB=0)");
    for (const [index, search] of searches(corpus).entries()) {
      const url = `${server.origin}/api/songs/search?${search.query}`;
      log(`  ${search.label}`);
      const totalCount = await firstAnswer(url, headers);
      const { latency, api } = await load(url, true);
      uncached.push({ search, totalCount, latency, api, direct: rows[index + 1]?.direct });
    }
  } finally {
    await server.stop();
    await database.close();
  }

  // ── Report ──
  const lines: string[] = [];
  const out = (line = "") => lines.push(line);
  out("| search | p50 | p95 | p99 (ms) @8 | API req/s @32 | direct SQL q/s @32 | API/direct ratio |");
  out("|---|---:|---:|---:|---:|---:|---:|");
  for (const row of rows) {
    const query = row.search.query.toString()
      ? ` \`${decodeURIComponent(row.search.query.toString())}\``
      : "";
    const matches =
      row.totalCount === undefined ? "" : ` (${row.totalCount.toLocaleString("en-US")} matches)`;
    const ratio = row.direct ? (row.api.perSecond / row.direct.perSecond).toFixed(2) : "–";
    out(
      `| ${row.search.label}${query}${matches} | ${ms(row.latency.p50)} | ${ms(row.latency.p95)} | ${ms(row.latency.p99)} | ` +
        `${perSecond(row.api.perSecond)} | ${row.direct ? perSecond(row.direct.perSecond) : "–"} | ${ratio} |`,
    );
  }
  out();
  out(
    "At 32 connections / clients: latency in ms (p50, p95) of the API and of one direct search (the service's one " +
      "statement: the page with its creators, tags and choirs, and the exact total); failed = API answers other " +
      "than 2xx, errors and timeouts in both HTTP measurements.",
  );
  out();
  out("| search | API p50 | API p95 | SQL p50 | SQL p95 | failed |");
  out("|---|---:|---:|---:|---:|---:|");
  for (const row of rows) {
    out(
      `| ${row.search.label} | ${ms(row.api.p50)} | ${ms(row.api.p95)} | ` +
        `${row.direct ? ms(row.direct.p50) : "–"} | ${row.direct ? ms(row.direct.p95) : "–"} | ` +
        `${row.latency.failures + row.api.failures} |`,
    );
  }
  out();
  out(
    "Without the search cache: the same searches on a server started with `SEARCH_CACHE_MB=0`, so that every " +
      "request searches the database — what a search nobody has asked since the library last changed costs. " +
      "For information; the targets below are the app's as it runs by default (the first table).",
  );
  out();
  out("| search | p50 | p95 | p99 (ms) @8 | API req/s @32 | API/direct ratio | failed |");
  out("|---|---:|---:|---:|---:|---:|---:|");
  for (const row of uncached) {
    const ratio = row.direct ? (row.api.perSecond / row.direct.perSecond).toFixed(2) : "–";
    out(
      `| ${row.search.label} | ${ms(row.latency.p50)} | ${ms(row.latency.p95)} | ${ms(row.latency.p99)} | ` +
        `${perSecond(row.api.perSecond)} | ${ratio} | ${row.latency.failures + row.api.failures} |`,
    );
  }
  out();
  out("Targets:");
  out();
  let failed = 0;
  const check = (ok: boolean, text: string) => {
    failed += Number(!ok);
    out(`- ${ok ? "PASS" : "FAIL"} ${text}`);
  };
  for (const row of uncached) {
    const failures = row.latency.failures + row.api.failures;
    if (failures > 0) check(false, `${row.search.label}, without the cache: ${failures} requests failed`);
  }
  for (const row of rows) {
    const label = row.search.label;
    const failures = row.latency.failures + row.api.failures;
    if (failures > 0) check(false, `${label}: ${failures} requests failed`);
    if (!row.direct) continue;
    const ratio = row.api.perSecond / row.direct.perSecond;
    check(
      row.latency.p95 <= TARGET_P95_MS,
      `${label}: p95 ${ms(row.latency.p95)} ms at 8 connections (target ≤ ${TARGET_P95_MS} ms)`,
    );
    check(ratio >= TARGET_RATIO, `${label}: API/direct ${ratio.toFixed(2)} (target ≥ ${TARGET_RATIO})`);
  }
  out();
  out(failed === 0 ? "All targets met." : `${failed} target(s) not met.`);

  const cpu = cpus();
  const context =
    `${size.songs.toLocaleString("en-US")} generated songs (${size.users} users, ${size.choirs} choirs, ` +
    `${size.tags} tags, ${size.artists} artists), searched as ${BENCH_USER_EMAIL}. PostgreSQL ${postgres.version} ` +
    `(shared_buffers ${postgres.sharedBuffers}, work_mem ${postgres.workMem}), Node.js ${process.version}, ` +
    `${cpu.length} × ${cpu[0]?.model.trim() ?? "CPU"}; server, PostgreSQL and load generator share the machine ` +
    `(1-minute load average ${loadBefore.toFixed(1)} when the run started). ${seconds} s per measurement ` +
    `after ${warmup} s of warm-up; latency at ${LATENCY_CONNECTIONS} connections, throughput at ` +
    `${THROUGHPUT_CONNECTIONS} connections (API) and ${THROUGHPUT_CONNECTIONS} clients (direct SQL).`;
  console.log(`\n${context}\n\n${lines.join("\n")}`);

  const date = startedAt.toISOString().slice(0, 10);
  const file = fileURLToPath(new URL(`../results/search-${date}.md`, import.meta.url));
  mkdirSync(fileURLToPath(new URL("../results/", import.meta.url)), { recursive: true });
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
