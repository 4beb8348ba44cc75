import { sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../src/config.js";
import { type Database, openDatabase } from "../src/db/client.js";
import {
  appWithSlowRoute,
  bearer,
  embeddedSnapshot,
  expectSlowStatementCancelled,
  testConfig,
} from "./helpers.js";

/**
 * The database's statement timeout: its configuration, and a cancellation reported by the embedded database
 * answered like PostgreSQL's. PostgreSQL cancelling a slow statement: statement-timeout.pg.test.ts.
 */
describe("statement timeout configuration", () => {
  it("defaults to a few seconds, takes 0 for none, and refuses nonsense", () => {
    expect(testConfig().statementTimeoutMs).toBe(5_000);
    expect(testConfig({ DATABASE_STATEMENT_TIMEOUT_MS: "0" }).statementTimeoutMs).toBe(0);
    expect(testConfig({ DATABASE_STATEMENT_TIMEOUT_MS: "250" }).statementTimeoutMs).toBe(250);
    expect(() => loadConfig({ NODE_ENV: "test", DATABASE_STATEMENT_TIMEOUT_MS: "soon" })).toThrow(
      /DATABASE_STATEMENT_TIMEOUT_MS/,
    );
  });
});

describe("statement cancelled on the embedded database", () => {
  let database: Database;
  let app: FastifyInstance;

  beforeAll(async () => {
    database = await openDatabase(
      { dir: undefined, snapshot: embeddedSnapshot() },
      { statementTimeoutMs: 150 },
    );
    // PGlite runs a statement to its end within this process and cannot cancel it (docs/decisions/0044-statement-timeout-and-list-pages.md); a
    // cancellation it reports is answered the same way as PostgreSQL's.
    app = await appWithSlowRoute(
      database,
      sql`do $$ begin raise exception using errcode = 'query_canceled', message = 'canceling statement due to statement timeout'; end $$`,
    );
  });

  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  it("answers 503 JSON with Retry-After, and keeps serving", async () => {
    const person = await expectSlowStatementCancelled(app);
    const after = await app.inject({ method: "GET", url: "/api/me", headers: bearer(person.token) });
    expect(after.statusCode).toBe(200);
  });
});
