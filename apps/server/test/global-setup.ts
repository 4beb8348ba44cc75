import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import type { TestProject } from "vitest/node";
import { openDatabase } from "../src/db/client.js";

declare module "vitest" {
  export interface ProvidedContext {
    /** PostgreSQL: a database migrated once, copied (`CREATE DATABASE … TEMPLATE`) for every test database. */
    templateDatabase: string | undefined;
    /** Embedded database: a data directory migrated once (`dumpDataDir`), loaded by every test database. */
    pgliteSnapshot: string | undefined;
  }
}

/**
 * Runs the migrations once for the whole server project instead of once per test database: on PostgreSQL into a
 * template database, on the embedded database into a saved data directory. Every test database still starts
 * through `openDatabase`, which finds every migration applied.
 */
export default async function setup(project: TestProject) {
  const adminUrl = process.env.DATABASE_TEST_URL;
  if (adminUrl) {
    const name = `choir_template_${randomBytes(5).toString("hex")}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    const database = await openDatabase({ url: url.toString() });
    await database.close();
    project.provide("templateDatabase", name);
    project.provide("pgliteSnapshot", undefined);
    return async () => {
      const cleanup = new pg.Client({ connectionString: adminUrl });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${name} with (force)`);
      await cleanup.end();
    };
  }
  const database = await openDatabase({ dir: undefined });
  const client = (database.db as unknown as { $client: { dumpDataDir(c: "none"): Promise<Blob> } }).$client;
  const snapshot = await client.dumpDataDir("none");
  await database.close();
  const dir = mkdtempSync(join(tmpdir(), "choir-test-snapshot-"));
  const file = join(dir, "migrated.tar");
  writeFileSync(file, Buffer.from(await snapshot.arrayBuffer()));
  project.provide("pgliteSnapshot", file);
  project.provide("templateDatabase", undefined);
  return () => rmSync(dir, { recursive: true, force: true });
}
