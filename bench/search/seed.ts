/**
 * A fresh benchmark database: dropped and created again, migrated by the app's own migrator, filled with the
 * generated library through the real tables (PostgreSQL computes the generated search columns), then vacuumed
 * and analysed.
 */
import pg from "pg";
import { type Database, openDatabase } from "../../apps/server/src/db/client.js";
import type { Corpus, CorpusSong } from "./corpus.js";

/** The database name of a URL, refused unless it mentions "bench": this script drops it. */
export function benchDatabaseName(url: string): string {
  const name = decodeURIComponent(new URL(url).pathname.slice(1));
  if (!/^[a-z_][a-z0-9_]*$/.test(name) || !name.includes("bench"))
    throw new Error(`BENCH_DATABASE_URL must name a database like choir_bench_search (got "${name}")`);
  return name;
}

export async function recreateDatabase(url: string): Promise<void> {
  const name = benchDatabaseName(url);
  const admin = new URL(url);
  admin.pathname = "/postgres";
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  try {
    await client.query(`drop database if exists "${name}" with (force)`);
    await client.query(`create database "${name}"`);
  } finally {
    await client.end();
  }
}

/** Runs `statement` once per batch of rows, with one array parameter per column (INSERT … SELECT unnest). */
async function insertBatches<T>(
  pool: pg.Pool,
  rows: T[],
  batchSize: number,
  statement: string,
  columns: (row: T) => unknown[],
): Promise<void> {
  const batches: T[][] = [];
  for (let start = 0; start < rows.length; start += batchSize)
    batches.push(rows.slice(start, start + batchSize));
  // Two at a time: the generated columns (unaccent, to_tsvector) are what takes the time, on both cores.
  let next = 0;
  const worker = async () => {
    while (next < batches.length) {
      const batch = batches[next++]!;
      const width = columns(batch[0]!).length;
      const arrays: unknown[][] = Array.from({ length: width }, () => []);
      for (const row of batch) {
        columns(row).forEach((value, i) => {
          arrays[i]!.push(value);
        });
      }
      await pool.query(statement, arrays);
    }
  };
  await Promise.all([worker(), worker()]);
}

const songColumns = (song: CorpusSong) => [
  song.id,
  song.title,
  song.artist,
  song.content,
  song.visibility,
  song.creatorId,
  song.baseSongId,
  song.versionChoirId,
  // As the service keeps it: the tag names joined by spaces.
  song.tags.join(" "),
  song.createdAt.toISOString(),
];

/**
 * One statement a batch: the songs with their tags and shared choirs, as a song saved by the app has them by the
 * end of its transaction. The search rows (song_search) are written by the tables' triggers at the end of the
 * statement, once, from the finished songs.
 */
const INSERT_SONGS = `with inserted as (insert into songs
  (id, title, artist, content, visibility, creator_id, base_song_id, version_choir_id, tags_text, created_at, updated_at)
  select id, title, artist, content, visibility, creator_id, base_song_id, version_choir_id, tags_text, created_at, created_at
  from unnest($1::uuid[], $2::text[], $3::text[], $4::text[], $5::smallint[], $6::uuid[], $7::uuid[], $8::uuid[],
    $9::text[], $10::timestamptz[])
    as s(id, title, artist, content, visibility, creator_id, base_song_id, version_choir_id, tags_text, created_at)
  returning id),
tagged as (insert into song_tags (song_id, tag_id) select * from unnest($11::uuid[], $12::uuid[])),
shared as (insert into song_choirs (song_id, choir_id) select * from unnest($13::uuid[], $14::uuid[]))
select count(*) from inserted`;

/** Inserts songs `batchSize` at a time, two batches at once, each with its tags and choirs (INSERT_SONGS). */
async function insertSongs(
  pool: pg.Pool,
  songs: CorpusSong[],
  tagId: Map<string, string>,
  batchSize: number,
): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < songs.length) {
      const batch = songs.slice(next, next + batchSize);
      next += batchSize;
      const columns: unknown[][] = Array.from({ length: 14 }, () => []);
      for (const song of batch) {
        songColumns(song).forEach((value, i) => {
          columns[i]!.push(value);
        });
        for (const name of song.tags) {
          columns[10]!.push(song.id);
          columns[11]!.push(tagId.get(name)!);
        }
        for (const choirId of song.choirIds) {
          columns[12]!.push(song.id);
          columns[13]!.push(choirId);
        }
      }
      await pool.query(INSERT_SONGS, columns);
    }
  };
  await Promise.all([worker(), worker()]);
}

/** Creates, migrates and fills the database; returns the app's database handle on it (migrated, open). */
export async function seed(url: string, corpus: Corpus, log: (line: string) => void): Promise<Database> {
  await recreateDatabase(url);
  const database = await openDatabase({ url });
  const pool = new pg.Pool({ connectionString: url, max: 2 });
  try {
    let started = Date.now();
    const step = (what: string) => {
      log(`  ${what} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
      started = Date.now();
    };
    await insertBatches(
      pool,
      corpus.users,
      1000,
      `insert into users (id, email, first_name, last_name, has_completed_onboarding)
       select id, email, first_name, last_name, true
       from unnest($1::uuid[], $2::text[], $3::text[], $4::text[]) as u(id, email, first_name, last_name)`,
      (u) => [u.id, u.email, u.firstName, u.lastName],
    );
    await insertBatches(
      pool,
      corpus.choirs,
      1000,
      "insert into choirs (id, name) select * from unnest($1::uuid[], $2::text[])",
      (c) => [c.id, c.name],
    );
    await insertBatches(
      pool,
      corpus.members,
      1000,
      "insert into choir_members (choir_id, user_id, role) select * from unnest($1::uuid[], $2::uuid[], $3::text[])",
      (m) => [m.choirId, m.userId, m.role],
    );
    await insertBatches(
      pool,
      corpus.tags,
      1000,
      "insert into tags (id, name) select * from unnest($1::uuid[], $2::text[])",
      (t) => [t.id, t.name],
    );
    step(`${corpus.users.length} users, ${corpus.choirs.length} choirs, ${corpus.tags.length} tags`);

    // Versions point at earlier songs: insert the masters first.
    const masters = corpus.songs.filter((s) => !s.baseSongId);
    const versions = corpus.songs.filter((s) => s.baseSongId);
    const tagId = new Map(corpus.tags.map((t) => [t.name, t.id]));
    await insertSongs(pool, masters, tagId, 2000);
    await insertSongs(pool, versions, tagId, 2000);
    const songTags = corpus.songs.reduce((sum, s) => sum + s.tags.length, 0);
    const songChoirs = corpus.songs.filter((s) => s.choirIds.length > 0).length;
    step(
      `${corpus.songs.length} songs (${versions.length} choir versions), ${songTags} song tags, ` +
        `${songChoirs} songs shared with choirs`,
    );

    // A library that has been live for a while has been vacuumed: visibility map and statistics in place.
    await pool.query("vacuum (analyze)");
    step("vacuum (analyze)");
    return database;
  } catch (error) {
    await database.close();
    throw error;
  } finally {
    await pool.end();
  }
}
