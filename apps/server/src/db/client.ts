import { mkdirSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { unaccent } from "@electric-sql/pglite/contrib/unaccent";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import * as schema from "./schema/index.js";

export type Schema = typeof schema;
/** The one database type the services use, whichever engine is behind it. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export interface Database {
  db: Db;
  kind: "postgres" | "pglite";
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

export type DatabaseTarget = { url: string } | { dir: string | undefined };

/** Opens PostgreSQL when a URL is given, else PGlite in `dir` (in memory when undefined), and migrates. */
export async function openDatabase(target: DatabaseTarget): Promise<Database> {
  if ("url" in target) {
    const pool = new pg.Pool({
      connectionString: target.url,
      max: 10,
      // An outage answers 503 within a bounded time instead of hanging: connecting gives up after 5 s, a query
      // whose answer never comes after 30 s; keep-alive notices a silently dropped connection.
      connectionTimeoutMillis: 5_000,
      query_timeout: 30_000,
      keepAlive: true,
      idleTimeoutMillis: 30_000,
      // JIT off: the planner prices searches (trigram and visibility subqueries) above jit_above_cost, and
      // compiling them took longer (100–400 ms) than running them (bench/search).
      options: `-c pg_trgm.word_similarity_threshold=${WORD_SIMILARITY_THRESHOLD} -c jit=off`,
    });
    // An idle connection dropped by the server (restart, failover) must not bring the process down;
    // the pool replaces it on the next query.
    pool.on("error", () => {});
    const client = await pool.connect();
    try {
      await client.query("select pg_advisory_lock($1)", [MIGRATION_LOCK_KEY]);
      await migratePg(drizzlePg(client, { schema }), { migrationsFolder });
    } finally {
      await client.query("select pg_advisory_unlock($1)", [MIGRATION_LOCK_KEY]).catch(() => {});
      client.release();
    }
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    return { db, kind: "postgres", close: () => pool.end() };
  }
  if (target.dir) mkdirSync(target.dir, { recursive: true });
  // The same extensions as on a PostgreSQL server: accent-insensitive and fuzzy song search.
  const extensions = { unaccent, pg_trgm };
  const client = target.dir ? new PGlite(target.dir, { extensions }) : new PGlite({ extensions });
  const pgliteDb = drizzlePglite(client, { schema });
  await migratePglite(pgliteDb, { migrationsFolder });
  await client.exec(`set pg_trgm.word_similarity_threshold = ${WORD_SIMILARITY_THRESHOLD}`);
  return { db: pgliteDb as unknown as Db, kind: "pglite", close: () => client.close() };
}
