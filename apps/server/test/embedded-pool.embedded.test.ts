import { beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../src/app.js";
import { type Database, openDatabase } from "../src/db/client.js";
import { acquireEmbedded, clientOf } from "./embedded-pool.js";
import { bearer, createChoir, embeddedSnapshot, MovableClock, signInPerson, testConfig } from "./helpers.js";

/** Every table's rows (a digest of them, in a fixed order) and every sequence's position. */
async function contents(database: Database): Promise<Record<string, string>> {
  const client = clientOf(database);
  const tables = await client.query<{ name: string }>(`
    select format('%I.%I', n.nspname, c.relname) as name
      from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where c.relkind in ('r', 'p') and n.nspname not in ('pg_catalog', 'information_schema')
        and n.nspname not like 'pg_%' order by 1`);
  const found: Record<string, string> = {};
  for (const { name } of tables.rows) {
    const [row] = (
      await client.query<{ rows: number; digest: string }>(
        `select count(*)::int as rows, md5(coalesce(string_agg(t::text, E'\\n' order by t::text), '')) as digest
           from ${name} t`,
      )
    ).rows;
    found[name] = `${row?.rows} rows ${row?.digest}`;
  }
  const sequences = await client.query<{ name: string; position: string }>(
    "select format('%I.%I', schemaname, sequencename) as name, coalesce(last_value::text, 'unused') as position from pg_sequences",
  );
  for (const { name, position } of sequences.rows) found[`sequence ${name}`] = position;
  // What the planner reads besides the rows: each relation's size as last counted, its columns' statistics, and the
  // session's counts of reads not yet reported (a test may count its own reads).
  const planner = await client.query<{ name: string; counted: string }>(`
    select format('%I.%I', n.nspname, c.relname) as name,
           format('%s pages, %s tuples, %s column statistics, %s reads pending', c.relpages, c.reltuples,
             (select count(*) from pg_statistic s where s.starelid = c.oid),
             coalesce((select x.seq_scan + coalesce(x.idx_scan, 0) from pg_stat_xact_all_tables x where x.relid = c.oid), 0)) as counted
      from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where c.relkind in ('r', 'p', 'i') and n.nspname not in ('pg_catalog', 'information_schema')
        and n.nspname not like 'pg_%'`);
  for (const { name, counted } of planner.rows) found[`planner ${name}`] = counted;
  return found;
}

describe("embedded test databases kept between test files", () => {
  let snapshot: Blob | undefined;
  /** What a database new from the snapshot holds. */
  let pristine: Record<string, string>;

  beforeAll(async () => {
    // The PostgreSQL run provides no saved data directory: this file makes its own, as global-setup.ts does.
    snapshot = embeddedSnapshot();
    if (!snapshot) {
      const migrated = await openDatabase({ dir: undefined });
      snapshot = await clientOf(migrated).dumpDataDir("none");
      await migrated.close();
    }
    const fresh = await openDatabase({ dir: undefined, snapshot });
    pristine = await contents(fresh);
    await fresh.close();
  });

  it("gives the next file the same database back as the snapshot left it, after the app wrote across it", async () => {
    const first = await acquireEmbedded(snapshot);
    const app = await buildApp({
      config: testConfig(),
      database: first.database,
      clock: new MovableClock(),
      logger: false,
    });
    await app.ready();
    const director = await signInPerson(app, "director");
    const choir = await createChoir(app, director);
    const song = await app.inject({
      method: "POST",
      url: "/api/songs",
      headers: bearer(director.token),
      payload: {
        title: "Morning Hymn",
        artist: null,
        content: "{title: Morning Hymn}\n[G]Morning has [C]broken",
        tags: ["morning"],
        visibility: 1,
        choirId: choir.id,
      },
    });
    expect(song.statusCode).toBe(201);
    const written = await contents(first.database);
    expect(written, "the app wrote rows").not.toEqual(pristine);
    // A session setting, a listener and a rewritten row of the migrations' own data, all to be undone.
    const client = clientOf(first.database);
    await client.exec("set application_name = 'left behind'");
    const heard: string[] = [];
    await first.database.listen("left_behind", (payload) => heard.push(payload));
    await client.exec("update drizzle.__drizzle_migrations set hash = 'changed'");
    await app.close();
    await first.drop();

    const second = await acquireEmbedded(snapshot);
    expect(clientOf(second.database), "the same database, kept").toBe(client);
    expect(await contents(second.database)).toEqual(pristine);
    const settings = await client.query<{ name: string; threshold: string }>(
      "select current_setting('application_name') as name, current_setting('pg_trgm.word_similarity_threshold') as threshold",
    );
    expect(settings.rows).toEqual([{ name: "", threshold: "0.45" }]);
    await second.database.listen("left_behind", () => {});
    await client.exec("select pg_notify('left_behind', 'next file')");
    expect(heard, "the earlier file's listener no longer hears").toEqual([]);
    await second.drop();
  });

  it("closes a database whose schema a file changed instead of keeping it", async () => {
    const first = await acquireEmbedded(snapshot);
    const client = clientOf(first.database);
    await client.exec("create table stray (id int)");
    await first.drop();
    const second = await acquireEmbedded(snapshot);
    expect(clientOf(second.database)).not.toBe(client);
    expect(client.closed).toBe(true);
    expect(await contents(second.database)).toEqual(pristine);
    await second.drop();
  });

  it("closes a database left inside a transaction instead of keeping it", async () => {
    const first = await acquireEmbedded(snapshot);
    const client = clientOf(first.database);
    await client.exec("begin; insert into drizzle.__drizzle_migrations (hash, created_at) values ('x', 1)");
    await first.drop();
    const second = await acquireEmbedded(snapshot);
    expect(clientOf(second.database)).not.toBe(client);
    expect(await contents(second.database)).toEqual(pristine);
    await second.drop();
  });

  it("does not keep a database its file closed itself", async () => {
    const first = await acquireEmbedded(snapshot);
    const client = clientOf(first.database);
    await first.database.close();
    await first.drop();
    const second = await acquireEmbedded(snapshot);
    expect(clientOf(second.database)).not.toBe(client);
    await second.drop();
  });
});
