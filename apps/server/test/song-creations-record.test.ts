import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../src/db/client.js";
import { openTestDatabase } from "./helpers.js";

/**
 * Each song written is recorded for its creator's daily allowance, and that creator's records older than a day are
 * forgotten in the same statement (migration 0035). Forgetting them reads that creator's range of the index, not the
 * day's creations of everyone: a scan of the whole table for each song written cost more than the song itself once
 * many people wrote (bench/README.md, "Writes").
 */
describe("recording a song's creation", () => {
  let database: Database;
  let drop: () => Promise<void>;
  const writer = "00000000-0000-4000-8000-0000000000a1";
  const others = "00000000-0000-4000-8000-0000000000b2";

  beforeAll(async () => {
    ({ database, drop } = await openTestDatabase());
    await database.db.execute(sql`insert into users (id, email, first_name, last_name)
      values (${writer}::uuid, 'writer@example.test', 'Writer', 'W'),
             (${others}::uuid, 'others@example.test', 'Others', 'O')`);
    // Another person's day of writing, and two of the writer's records: one older than a day, one of this hour.
    await database.db.execute(sql`insert into song_creations (creator_id, created_at)
      select ${others}::uuid, now() - (n || ' seconds')::interval from generate_series(1, 3000) n`);
    await database.db.execute(sql`insert into song_creations (creator_id, created_at)
      values (${writer}::uuid, now() - interval '25 hours'), (${writer}::uuid, now() - interval '1 hour')`);
    await database.db.execute(sql`analyze song_creations`);
  });
  afterAll(async () => drop());

  it("forgets only the writer's records older than a day, through the index", async () => {
    const rows = <T>(result: unknown) => (result as { rows: T[] }).rows;
    // An import's many songs in one statement, then one song, in one session: the records' statement is planned
    // once a session, and planned for many new songs it read the whole table for one as well.
    const reads = await database.db.transaction(async (tx) => {
      await tx.execute(sql`insert into songs (title, content, creator_id, visibility)
        select 'Imported ' || n, '[G]Amen', ${writer}::uuid, 0 from generate_series(1, 300) n`);
      await tx.execute(sql`insert into songs (title, content, creator_id, visibility)
        values ('Recorded', '[G]Amen', ${writer}::uuid, 0)`);
      // This transaction's own reads of the table (not yet reported to the statistics).
      return rows<{ seq: number; idx: number }>(
        await tx.execute(sql`select seq_scan::int as seq, coalesce(idx_scan, 0)::int as idx
          from pg_stat_xact_user_tables where relname = 'song_creations'`),
      )[0];
    });
    expect(reads?.seq, "whole-table reads of song_creations while a song was written").toBe(0);
    expect(reads?.idx).toBeGreaterThan(0);

    const kept = rows<{ creator: string; old: boolean }>(
      await database.db.execute(sql`select creator_id::text as creator, created_at < now() - interval '1 day' as old
        from song_creations where creator_id = ${writer}::uuid order by created_at`),
    );
    expect(kept.length).toBe(302);
    expect(kept.some((row) => row.old)).toBe(false);
    const theirs = rows<{ count: number }>(
      await database.db.execute(sql`select count(*)::int as count from song_creations
        where creator_id = ${others}::uuid`),
    );
    expect(theirs[0]?.count).toBe(3000);
  });
});
