import { mkdirSync } from "node:fs";
import { availableParallelism } from "node:os";
import { fileURLToPath } from "node:url";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { unaccent } from "@electric-sql/pglite/contrib/unaccent";
import { type SQL, sql } from "drizzle-orm";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import { type PgDatabase, PgDialect, type PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import * as schema from "./schema/index.js";

export type Schema = typeof schema;

/** A list as one SQL array value (`array[$1, $2, …]::type[]`); Drizzle would otherwise spread it into a row. */
export const sqlArray = (values: readonly (string | number)[], type: "text" | "uuid" | "int"): SQL =>
  sql`array[${sql.join(
    values.map((value) => sql`${value}`),
    sql`, `,
  )}]::${sql.raw(type)}[]`;
/** The one database type the services use, whichever engine is behind it. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

/**
 * A statement rendered once and run as a named prepared statement: `build` names each value with `value(name)`, and
 * the function returned runs it with one call's values on the given database or transaction. PostgreSQL parses it
 * once a connection instead of on every request, and the server does not render its many pieces again (together
 * about a millisecond a song on the loaded benchmark machine). Through drizzle's session, as the query builder's
 * `prepare` does, since a statement with data-modifying WITH clauses is not one the builder writes.
 */
export function preparedStatement(name: string, build: (value: (name: string) => SQL) => SQL) {
  const query = new PgDialect().sqlToQuery(build((valueName) => sql`${sql.placeholder(valueName)}`));
  return async <Row>(db: Db, values: Record<string, unknown>): Promise<Row[]> => {
    const result = await db._.session.prepareQuery(query, undefined, name, false).execute(values);
    return (result as unknown as { rows: Row[] }).rows;
  };
}

/** Stops listening. */
export type Unlisten = () => Promise<void>;

export interface Database {
  db: Db;
  kind: "postgres" | "pglite";
  /**
   * Calls `onMessage` with each notification (`pg_notify`) on `channel`, from every instance on the same database.
   * On PostgreSQL a connection of its own listens, and connects again after a loss; `onResume` is then called, since
   * notifications sent meanwhile were missed.
   */
  listen(channel: string, onMessage: (payload: string) => void, onResume?: () => void): Promise<Unlisten>;
  close(): Promise<void>;
}

const migrationsFolder = fileURLToPath(new URL("./migrations", import.meta.url));

/** Arbitrary constant key for the advisory lock that serialises migrations across instances. */
const MIGRATION_LOCK_KEY = 727_001;

/**
 * How close a search word must be to a word of a title or artist to count as a typo of it (pg_trgm's `<%`):
 * 0.45 lets "mañna" find "mañana" (a test holds it) without matching unrelated words of long titles.
 */
const WORD_SIMILARITY_THRESHOLD = 0.45;

/** What every embedded database's one session is set to when it opens (a PostgreSQL pool sends the same). */
const EMBEDDED_SESSION_SETTINGS = `set pg_trgm.word_similarity_threshold = ${WORD_SIMILARITY_THRESHOLD}`;

/**
 * PostgreSQL at `url`, or PGlite in `dir` (in memory when undefined); an in-memory PGlite may start from
 * `snapshot`, a data directory saved with `dumpDataDir` (the tests migrate once and start every database from it).
 */
export type DatabaseTarget = { url: string } | { dir: string | undefined; snapshot?: Blob };

/** How long one statement may run before PostgreSQL cancels it (`statement_timeout`), unless configured otherwise. */
export const DEFAULT_STATEMENT_TIMEOUT_MS = 5_000;

export interface DatabaseOptions {
  /**
   * PostgreSQL's `statement_timeout` for every pooled connection, in milliseconds; 0 or absent: none. Migrations run
   * without it (a backfill may take longer than any request should). A cancelled statement fails with SQL state
   * 57014, which the error handler answers as 503 `database_busy`.
   */
  statementTimeoutMs?: number;
  /** PostgreSQL connections kept at most; absent: `defaultPoolSize()`. */
  poolSize?: number;
}

/**
 * PostgreSQL connections a server keeps unless configured: two a core of this machine, at least 4 and at most 10.
 * Each busy connection is a PostgreSQL process; more of them than the cores can run only take turns, and every one
 * keeps its own caches and prepared plans. On two cores shared with PostgreSQL, 10 connections cost PostgreSQL
 * 15–25 % more CPU a call than 4, for the same answers (bench/results, docs/decisions/0086-session-check-by-key-pool-sized-to-cores.md).
 */
export function defaultPoolSize(cores = availableParallelism()): number {
  return Math.min(10, Math.max(4, 2 * cores));
}

/** Opens PostgreSQL when a URL is given, else PGlite in `dir` (in memory when undefined), and migrates. */
export async function openDatabase(target: DatabaseTarget, options: DatabaseOptions = {}): Promise<Database> {
  const statementTimeoutMs = Math.max(0, Math.trunc(options.statementTimeoutMs ?? 0));
  if ("url" in target) {
    const pool = new pg.Pool({
      connectionString: target.url,
      max: options.poolSize ?? defaultPoolSize(),
      // An outage answers 503 within a bounded time instead of hanging: connecting gives up after 5 s, a query
      // whose answer never comes after 30 s; keep-alive notices a silently dropped connection.
      connectionTimeoutMillis: 5_000,
      query_timeout: 30_000,
      keepAlive: true,
      idleTimeoutMillis: 30_000,
      // JIT off: the planner prices searches (trigram and visibility subqueries) above jit_above_cost, and
      // compiling them took longer (100–400 ms) than running them (bench/search).
      options: `-c pg_trgm.word_similarity_threshold=${WORD_SIMILARITY_THRESHOLD} -c jit=off`,
      // Sent with every new connection, so each pooled connection cancels a statement running longer than this.
      ...(statementTimeoutMs > 0 ? { statement_timeout: statementTimeoutMs } : {}),
    });
    // An idle connection dropped by the server (restart, failover) must not bring the process down;
    // the pool replaces it on the next query.
    pool.on("error", () => {});
    const client = await pool.connect();
    try {
      // Waiting for another instance's migrations and running a long backfill are not requests: no timeout here.
      await client.query("set statement_timeout = 0");
      await client.query("select pg_advisory_lock($1)", [MIGRATION_LOCK_KEY]);
      await migratePg(drizzlePg(client, { schema }), { migrationsFolder });
    } finally {
      await client.query("select pg_advisory_unlock($1)", [MIGRATION_LOCK_KEY]).catch(() => {});
      // Back to the connection's own setting before the pool hands it out again; a connection that cannot be reset
      // is closed rather than reused without its timeout.
      const reset = await client.query("reset statement_timeout").then(
        () => true,
        () => false,
      );
      client.release(!reset);
    }
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    const listen = (channel: string, onMessage: (payload: string) => void, onResume?: () => void) =>
      listenPostgres(target.url, channel, onMessage, onResume);
    return { db, kind: "postgres", listen, close: () => pool.end() };
  }
  if (target.dir) mkdirSync(target.dir, { recursive: true });
  // The same extensions as on a PostgreSQL server: accent-insensitive and fuzzy song search.
  const extensions = { unaccent, pg_trgm };
  const client = target.dir
    ? new PGlite(target.dir, { extensions })
    : new PGlite({ extensions, ...(target.snapshot ? { loadDataDir: target.snapshot } : {}) });
  return embeddedDatabase(client);
}

/**
 * The database over an open PGlite: migrated, its one session given the settings a PostgreSQL pool sends. PGlite
 * runs each statement to its end inside this process: it has no timer to cancel one, so the statement timeout
 * applies to PostgreSQL only (docs/decisions/0044-statement-timeout-and-list-pages.md).
 */
export async function embeddedDatabase(client: PGlite): Promise<Database> {
  const pgliteDb = drizzlePglite(client, { schema });
  await migratePglite(pgliteDb, { migrationsFolder });
  await client.exec(EMBEDDED_SESSION_SETTINGS);
  const listen = async (channel: string, onMessage: (payload: string) => void): Promise<Unlisten> =>
    client.listen(channel, onMessage);
  return { db: pgliteDb as unknown as Db, kind: "pglite", listen, close: () => client.close() };
}

/** Waits before connecting again after a lost listening connection: 0.5 s, doubling to 10 s. */
const LISTEN_RETRY_MS = { first: 500, max: 10_000 };

/**
 * A connection of its own that LISTENs on `channel`; when it is lost (restart, failover, network) it connects again
 * with growing pauses and calls `onResume`. Stopping closes it.
 */
async function listenPostgres(
  url: string,
  channel: string,
  onMessage: (payload: string) => void,
  onResume?: () => void,
): Promise<Unlisten> {
  let stopped = false;
  let client: pg.Client | undefined;
  let retry: ReturnType<typeof setTimeout> | undefined;
  let pause = LISTEN_RETRY_MS.first;
  const quoted = `"${channel.replace(/"/g, '""')}"`;

  const connect = async (isResume: boolean): Promise<void> => {
    const next = new pg.Client({ connectionString: url, keepAlive: true, connectionTimeoutMillis: 5_000 });
    const lost = () => {
      if (client !== next || stopped) return;
      client = undefined;
      void next.end().catch(() => {});
      retry = setTimeout(() => void connect(true).catch(() => {}), pause);
      pause = Math.min(LISTEN_RETRY_MS.max, pause * 2);
    };
    next.on("error", lost);
    next.on("end", lost);
    next.on("notification", (message) => {
      if (message.channel === channel && message.payload !== undefined) onMessage(message.payload);
    });
    client = next;
    try {
      await next.connect();
      await next.query(`LISTEN ${quoted}`);
    } catch (error) {
      if (!isResume) {
        client = undefined;
        await next.end().catch(() => {});
        throw error;
      }
      lost();
      return;
    }
    if (stopped) {
      await next.end().catch(() => {});
      return;
    }
    pause = LISTEN_RETRY_MS.first;
    if (isResume) onResume?.();
  };

  await connect(false);
  return async () => {
    stopped = true;
    clearTimeout(retry);
    const current = client;
    client = undefined;
    await current?.end().catch(() => {});
  };
}
