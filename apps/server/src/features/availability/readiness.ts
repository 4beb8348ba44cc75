/**
 * Readiness (decision 0122): each singer marks a song of the choir's playlists as learned or still learning; the
 * choir's members see, per song, how many of each voice part have learned it — never who. A mark is kept per choir,
 * person and song, so it holds in every playlist of the choir that sings the song; only current members are counted
 * (a removed member's mark counts again only if they return). Every song named is one the reader may read (the
 * shared visibility predicate); any other is told not to exist.
 */
import type { ReadinessStatus, SongReadiness, SongReadinessPlaces } from "@choir/contract";
import { and, eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { songReadiness } from "../../db/schema/index.js";
import { notFound } from "../../http/errors.js";
import { songColumnsOf, songVisible } from "../songs/policy.js";
import { partName, partOrder } from "./parts.js";
import { dayBefore } from "./service.js";

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/** The songs of a playlist the reader may read, each once, in the playlist's order (sections, then entries). */
async function playlistSongs(db: Db, playlistId: string, readerId: string): Promise<string[]> {
  const result = await db.execute(sql`
    select e.song_id as "songId", min(s.position * 100000 + e.position) as at
    from playlist_entries e
    join playlist_sections s on s.id = e.section_id
    join songs on songs.id = e.song_id
    where e.playlist_id = ${playlistId}::uuid and ${songVisible(songColumnsOf("songs"), sql`${readerId}::uuid`)}
    group by e.song_id
    order by at`);
  return rowsOf<{ songId: string }>(result).map((row) => row.songId);
}

type Counts = { learned: number; learning: number; unmarked: number };
const noCounts = (): Counts => ({ learned: 0, learning: 0, unmarked: 0 });

/** Each song's readiness among the choir's current members, with the reader's own mark. */
async function readinessOf(
  db: Db,
  choirId: string,
  readerId: string,
  songIds: string[],
): Promise<SongReadiness[]> {
  if (songIds.length === 0) return [];
  const result = await db.execute(sql`
    select song.id as "songId", m.user_id as "userId", m.voice_part as "voicePart", r.status
    from (select unnest(${sql`array[${sql.join(
      songIds.map((id) => sql`${id}::uuid`),
      sql`, `,
    )}]`}) as id) song
    cross join choir_members m
    left join song_readiness r on r.choir_id = m.choir_id and r.user_id = m.user_id and r.song_id = song.id
    where m.choir_id = ${choirId}::uuid`);
  const bySong = new Map<
    string,
    SongReadiness & { parts: Map<string | null, Counts & { part: string | null }> }
  >();
  for (const id of songIds)
    bySong.set(id, { songId: id, mine: null, counts: noCounts(), byPart: [], parts: new Map() });
  for (const row of rowsOf<{
    songId: string;
    userId: string;
    voicePart: string | null;
    status: ReadinessStatus | null;
  }>(result)) {
    const song = bySong.get(row.songId)!;
    const key = row.voicePart?.toLocaleLowerCase() ?? null;
    const part = song.parts.get(key) ?? { part: partName(row.voicePart), ...noCounts() };
    const field = row.status ?? "unmarked";
    song.counts[field] += 1;
    part[field] += 1;
    song.parts.set(key, part);
    if (row.userId === readerId) song.mine = row.status;
  }
  return songIds.map((id) => {
    const { parts, ...song } = bySong.get(id)!;
    return { ...song, byPart: [...parts.values()].sort((a, b) => partOrder(a.part, b.part)) };
  });
}

/** Every song of the playlist the reader may read, with its readiness in the playlist's choir. */
export async function playlistReadiness(
  db: Db,
  playlistId: string,
  reader: { userId: string; choirId: string },
): Promise<SongReadiness[]> {
  const songIds = await playlistSongs(db, playlistId, reader.userId);
  return readinessOf(db, reader.choirId, reader.userId, songIds);
}

/**
 * Sets (or, with null, takes away) the caller's mark on a song of the playlist; a song the playlist does not sing, or
 * one the caller may not read, is not found. Answers the song's readiness.
 */
export async function markReadiness(
  db: Db,
  playlistId: string,
  songId: string,
  caller: { userId: string; choirId: string },
  status: ReadinessStatus | null,
): Promise<SongReadiness> {
  const songIds = await playlistSongs(db, playlistId, caller.userId);
  if (!songIds.includes(songId)) throw notFound();
  const key = { choirId: caller.choirId, userId: caller.userId, songId };
  if (status === null)
    await db
      .delete(songReadiness)
      .where(
        and(
          eq(songReadiness.choirId, key.choirId),
          eq(songReadiness.userId, key.userId),
          eq(songReadiness.songId, key.songId),
        ),
      );
  else
    await db
      .insert(songReadiness)
      .values({ ...key, status })
      .onConflictDoUpdate({
        target: [songReadiness.choirId, songReadiness.userId, songReadiness.songId],
        set: { status, updatedAt: sql`now()` },
      });
  const [readiness] = await readinessOf(db, caller.choirId, caller.userId, [songId]);
  return readiness!;
}

/**
 * Where the caller may mark a song from its own page: for each of their choirs, the soonest playlist that sings it
 * from `today` on (from the day before, for a person whose day is behind the server's), with their mark. A song the caller may not read is not found.
 */
export async function songReadinessPlaces(
  db: Db,
  songId: string,
  userId: string,
  today: string,
): Promise<SongReadinessPlaces> {
  const result = await db.execute(sql`
    select distinct on (p.choir_id) p.choir_id as "choirId", c.name as "choirName", r.status as mine,
      p.id, p.title, to_char(p.date, 'YYYY-MM-DD') as date, p.time
    from songs
    join playlist_entries e on e.song_id = songs.id
    join playlists p on p.id = e.playlist_id and p.date >= ${dayBefore(today)}::date
    join choir_members m on m.choir_id = p.choir_id and m.user_id = ${userId}::uuid
    join choirs c on c.id = p.choir_id
    left join song_readiness r on r.choir_id = p.choir_id and r.user_id = m.user_id and r.song_id = songs.id
    where songs.id = ${songId}::uuid
    order by p.choir_id, p.date, p.time nulls first, p.id`);
  const rows = rowsOf<{
    choirId: string;
    choirName: string;
    mine: ReadinessStatus | null;
    id: string;
    title: string | null;
    date: string;
    time: string | null;
  }>(result);
  return {
    choirs: rows
      .map(({ choirId, choirName, mine, ...playlist }) => ({ choirId, choirName, mine, playlist }))
      .sort(
        (a, b) => a.playlist.date.localeCompare(b.playlist.date) || a.choirName.localeCompare(b.choirName),
      ),
  };
}
