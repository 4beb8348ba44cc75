import type { PGlite } from "@electric-sql/pglite";
import { type Database, embeddedDatabase, openDatabase, type Unlisten } from "../src/db/client.js";

/**
 * Embedded test databases kept from one test file to the next in the same worker (the server project shares a
 * worker's modules between its files: vitest.config.ts, `isolate: false`). Starting an embedded database from the
 * migrated snapshot costs about 0.8 s of CPU; putting a released one back as the snapshot left it costs a sixth of
 * that. A database goes back to the pool only when it is provably as the snapshot left it:
 *
 * - no transaction is left open, and the session is reset (`DISCARD ALL`: settings, temporary tables, listeners,
 *   advisory locks, prepared statements and plans);
 * - its schema (tables, columns, indexes, functions, triggers, constraints, types, extensions) reads the same as the
 *   snapshot's, and the snapshot had no column statistics;
 * - every table is emptied (`TRUNCATE … RESTART IDENTITY`), the rows the migrations wrote are copied back, every
 *   sequence is set where the snapshot had it, and what the planner reads besides rows is as the snapshot had it:
 *   each relation's counted size, no column statistics, no reads counted and not yet reported;
 * - it is then opened as `openDatabase` opens one (`embeddedDatabase`: the migrations found applied, the session's
 *   settings), as a new `Database` for the next file.
 *
 * Anything else (an error on the way, a changed schema, a file that closed its database) closes it instead; a file
 * that needs two databases at once gets a second one from the snapshot. embedded-pool.embedded.test.ts compares a reset
 * database with a new one, rows, sequences and planner state alike.
 */

/** What the snapshot holds that a reset puts back. */
interface Pristine {
  schema: string;
  tables: string[];
  rows: { table: string; columns: string; blob: Blob }[];
  sequences: { name: string; value: string; called: boolean }[];
  /** Each relation's size as the planner last counted it (`pg_class`), as one `VALUES` list. */
  sizes: string;
}

/** Databases released and reset, ready for the next file; two at most (each holds its own memory). */
const idle: PGlite[] = [];
const IDLE_MAX = 2;
let pristine: Promise<Pristine> | undefined;

const USER_NAMESPACES = `n.nspname not in ('pg_catalog', 'information_schema', 'pg_toast') and n.nspname not like 'pg_temp%' and n.nspname not like 'pg_toast_temp%'`;

/** One text that changes when any object of the user's schemas is added, dropped or redefined. */
const SCHEMA_FINGERPRINT = `
  select md5(string_agg(line, E'\\n' order by line)) as fingerprint from (
    select format('class %s.%s %s %s', n.nspname, c.relname, c.relkind, coalesce(pg_get_indexdef(c.oid), '')) as line
      from pg_class c join pg_namespace n on n.oid = c.relnamespace where ${USER_NAMESPACES}
    union all
    select format('column %s.%s.%s %s %s %s', n.nspname, c.relname, a.attname, format_type(a.atttypid, a.atttypmod),
                  a.attnotnull, coalesce(pg_get_expr(d.adbin, d.adrelid), ''))
      from pg_attribute a join pg_class c on c.oid = a.attrelid join pg_namespace n on n.oid = c.relnamespace
      left join pg_attrdef d on d.adrelid = a.attrelid and d.adnum = a.attnum
      where a.attnum > 0 and not a.attisdropped and ${USER_NAMESPACES}
    union all
    select format('function %s.%s %s', n.nspname, p.proname, md5(pg_get_functiondef(p.oid)))
      from pg_proc p join pg_namespace n on n.oid = p.pronamespace where ${USER_NAMESPACES} and p.prokind <> 'a'
    union all
    select format('trigger %s %s %s', t.tgrelid::regclass, t.tgname, t.tgenabled)
      from pg_trigger t where not t.tgisinternal
    union all
    select format('constraint %s %s %s', c.conrelid::regclass, c.conname, pg_get_constraintdef(c.oid))
      from pg_constraint c join pg_namespace n on n.oid = c.connamespace where ${USER_NAMESPACES}
    union all
    select format('type %s.%s', n.nspname, t.typname)
      from pg_type t join pg_namespace n on n.oid = t.typnamespace where ${USER_NAMESPACES}
    union all
    select format('extension %s %s', extname, extversion) from pg_extension
    union all
    select format('setting %s', array_to_string(setconfig, ',')) from pg_db_role_setting
  ) lines`;

const TABLES = `
  select format('%I.%I', n.nspname, c.relname) as name
    from pg_class c join pg_namespace n on n.oid = c.relnamespace
    where c.relkind in ('r', 'p') and not c.relispartition and ${USER_NAMESPACES}
    order by 1`;

/** The counted sizes of every relation of the user's schemas, as a `VALUES` list to set them back from. */
const SIZES = `
  select string_agg(format('(%s, %s, %s::real, %s)', c.oid, c.relpages, c.reltuples, c.relallvisible), ', ') as sizes,
         sum((select count(*) from pg_statistic s where s.starelid = c.oid))::int as statistics
    from pg_class c join pg_namespace n on n.oid = c.relnamespace where ${USER_NAMESPACES}`;

const SEQUENCES = `
  select format('%I.%I', schemaname, sequencename) as name, coalesce(last_value, start_value)::text as value,
         last_value is not null as called
    from pg_sequences order by 1`;

/** The columns COPY may write (not generated ones), in order. */
const COPY_COLUMNS = `
  select string_agg(format('%I', attname), ', ' order by attnum) as columns
    from pg_attribute where attrelid = $1::regclass and attnum > 0 and not attisdropped and attgenerated = ''`;

/** The one row a statement answers. */
async function one<Row>(
  client: Pick<PGlite, "query">,
  statement: string,
  values: unknown[] = [],
): Promise<Row> {
  const [row] = (await client.query<Row>(statement, values)).rows;
  if (!row) throw new Error(`no row from: ${statement.trim().slice(0, 60)}`);
  return row;
}

/** The PGlite behind an embedded database. */
export function clientOf(database: Database): PGlite {
  return (database.db as unknown as { $client: PGlite }).$client;
}

async function readPristine(client: PGlite): Promise<Pristine> {
  const { fingerprint } = await one<{ fingerprint: string }>(client, SCHEMA_FINGERPRINT);
  const { sizes, statistics } = await one<{ sizes: string; statistics: number }>(client, SIZES);
  // Column statistics cannot be copied back as they were: a snapshot with some is not one to reset to.
  if (statistics > 0) throw new Error("the snapshot has column statistics");
  const tables = (await client.query<{ name: string }>(TABLES)).rows.map((row) => row.name);
  const rows: Pristine["rows"] = [];
  for (const table of tables) {
    const { filled } = await one<{ filled: boolean }>(
      client,
      `select exists (select from ${table}) as filled`,
    );
    if (!filled) continue;
    const { columns } = await one<{ columns: string }>(client, COPY_COLUMNS, [table]);
    const copied = await client.query(`copy ${table} (${columns}) to '/dev/blob'`);
    if (!copied.blob) throw new Error(`copying ${table} gave no rows back`);
    rows.push({ table, columns, blob: copied.blob });
  }
  const sequences = (await client.query<Pristine["sequences"][number]>(SEQUENCES)).rows;
  return { schema: fingerprint, tables, rows, sequences, sizes };
}

/** Puts the database back as the snapshot left it, or says why it cannot be (the next file opens it again). */
async function reset(client: PGlite, snapshot: Pristine): Promise<void> {
  // Refused inside an open transaction: such a database is closed, not reused.
  await client.exec("discard all");
  const { fingerprint } = await one<{ fingerprint: string }>(client, SCHEMA_FINGERPRINT);
  if (fingerprint !== snapshot.schema) throw new Error("the schema changed");
  await client.transaction(async (tx) => {
    // Row triggers and foreign-key checks off while the migrations' own rows are copied back as they were.
    await tx.exec("set local session_replication_role = replica");
    await tx.exec(`truncate ${snapshot.tables.join(", ")} restart identity cascade`);
    for (const { table, columns, blob } of snapshot.rows)
      await tx.query(`copy ${table} (${columns}) from '/dev/blob'`, [], { blob });
    for (const { name, value, called } of snapshot.sequences)
      await tx.query("select setval($1::regclass, $2::bigint, $3)", [name, value, called]);
    await tx.exec(`update pg_class c set relpages = s.pages, reltuples = s.tuples, relallvisible = s.visible
      from (values ${snapshot.sizes}) as s (oid, pages, tuples, visible) where c.oid = s.oid::oid`);
    await tx.exec(`delete from pg_statistic s using pg_class c join pg_namespace n on n.oid = c.relnamespace
      where s.starelid = c.oid and ${USER_NAMESPACES}`);
  });
  // The session's counts of reads are reported when it is next idle, then cleared with the rest: a file that counts
  // its own reads (pg_stat_xact_*) starts from none, as on a new database.
  await client.query("select pg_stat_force_next_flush()");
  await client.query("select pg_stat_reset()");
}

/**
 * An embedded database as the snapshot left it: one released by an earlier file when there is one, else a new one.
 * `drop` gives it back (reset) or closes it.
 */
export async function acquireEmbedded(snapshot: Blob | undefined): Promise<{
  database: Database;
  drop: () => Promise<void>;
}> {
  const kept = idle.pop();
  const database = kept ? await embeddedDatabase(kept) : await openDatabase({ dir: undefined, snapshot });
  const client = clientOf(database);
  pristine ??= readPristine(client);
  // A snapshot that cannot be reset to: every file opens its own, as without the pool.
  const state = await pristine.catch(() => undefined);
  // Listeners the file leaves behind are stopped before the database serves another file.
  const listening = new Set<Unlisten>();
  let closed = false;
  let released = false;
  const lent: Database = {
    ...database,
    listen: async (channel, onMessage, onResume) => {
      const unlisten = await database.listen(channel, onMessage, onResume);
      const once: Unlisten = async () => {
        if (!listening.delete(once)) return;
        await unlisten();
      };
      listening.add(once);
      return once;
    },
    close: async () => {
      closed = true;
      await database.close();
    },
  };
  return {
    database: lent,
    drop: async () => {
      if (released || closed) return;
      released = true;
      try {
        for (const unlisten of [...listening]) await unlisten();
        if (!state) throw new Error("nothing to reset to");
        if (idle.length >= IDLE_MAX) throw new Error("enough databases kept");
        await reset(client, state);
        idle.push(client);
      } catch {
        await client.close().catch(() => {});
      }
    },
  };
}
