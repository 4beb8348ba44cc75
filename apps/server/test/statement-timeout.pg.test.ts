import { sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Database, defaultPoolSize, openDatabase } from "../src/db/client.js";
import { appWithSlowRoute, bearer, expectSlowStatementCancelled, postgresAdminUrl } from "./helpers.js";
import { scratchDatabase } from "./server-process.js";

/**
 * The database's statement timeout: PostgreSQL cancels a statement that runs too long, on every pooled connection,
 * and a request whose statement was cancelled answers 503 JSON (`database_busy`, `Retry-After`), not a 500.
 */
const adminUrl = postgresAdminUrl();

describe("statement timeout on PostgreSQL", () => {
  let scratch: Awaited<ReturnType<typeof scratchDatabase>>;
  let database: Database;
  let app: FastifyInstance;

  beforeAll(async () => {
    scratch = await scratchDatabase(adminUrl, "timeout");
    database = await openDatabase({ url: scratch.url }, { statementTimeoutMs: 150 });
    app = await appWithSlowRoute(database, sql`select pg_sleep(2)`);
  });

  afterAll(async () => {
    await app?.close();
    await database?.close();
    await scratch?.drop();
  });

  it("cancels a slow statement with SQL state 57014", async () => {
    const started = Date.now();
    const failure = await database.db.execute(sql`select pg_sleep(2)`).then(
      () => undefined,
      (error: unknown) => error,
    );
    expect(Date.now() - started).toBeLessThan(1_500);
    const { code } = ((failure as { cause?: unknown })?.cause ?? failure) as { code?: string };
    expect(code).toBe("57014");
  });

  it("applies to every pooled connection, the migrating one included", async () => {
    // More statements at once than the pool has connections: each connection gets its turn, each is cancelled.
    const results = await Promise.allSettled(
      Array.from({ length: 12 }, () => database.db.execute(sql`select pg_sleep(2)`)),
    );
    expect(results.every((result) => result.status === "rejected")).toBe(true);
    const settings = await Promise.all(
      Array.from({ length: 10 }, () =>
        database.db.execute(sql`select current_setting('statement_timeout') as v`),
      ),
    );
    for (const result of settings) expect((result as { rows: unknown[] }).rows[0]).toEqual({ v: "150ms" });
  });

  it("answers 503 JSON with Retry-After to a request whose statement was cancelled, and keeps serving", async () => {
    const person = await expectSlowStatementCancelled(app);

    const after = await Promise.all(
      Array.from({ length: 12 }, () =>
        app.inject({ method: "GET", url: "/api/me", headers: bearer(person.token) }),
      ),
    );
    expect(after.map((r) => r.statusCode)).toEqual(Array(12).fill(200));
  });

  it("lets migrations run without the timeout", async () => {
    // A second opening migrates again under the advisory lock (nothing to do) with a timeout far below what
    // waiting for the lock held here takes; it still opens once the lock is free.
    const holder = await scratchHolder(scratch.url);
    const opening = openDatabase({ url: scratch.url }, { statementTimeoutMs: 50 });
    await new Promise((resolve) => setTimeout(resolve, 300));
    await holder.release();
    const second = await opening;
    await second.close();
  });
});

describe("connection pool on PostgreSQL", () => {
  it("keeps at most the configured number of connections, the statements beyond waiting their turn", async () => {
    const scratch = await scratchDatabase(adminUrl, "pool");
    const database = await openDatabase({ url: scratch.url }, { poolSize: 2 });
    try {
      const answers = await Promise.all(
        Array.from({ length: 6 }, () =>
          database.db.execute(sql`select pg_backend_pid() as pid, pg_sleep(0.05)`),
        ),
      );
      const pids = new Set(answers.map((answer) => (answer as { rows: { pid: number }[] }).rows[0]!.pid));
      expect(pids.size).toBe(2);
    } finally {
      await database.close();
      await scratch.drop();
    }
  });

  it("sizes the pool to two connections a core unless configured: at least 4, at most 10", () => {
    expect([1, 2, 3, 4, 5, 8, 64].map((cores) => defaultPoolSize(cores))).toEqual([4, 4, 6, 8, 10, 10, 10]);
  });
});

/** Holds the migration advisory lock on its own connection until released. */
async function scratchHolder(url: string) {
  const pg = (await import("pg")).default;
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  await client.query("select pg_advisory_lock(727001)");
  return {
    release: async () => {
      await client.query("select pg_advisory_unlock(727001)");
      await client.end();
    },
  };
}
