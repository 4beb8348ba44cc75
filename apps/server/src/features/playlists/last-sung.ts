import { SONG_MESSAGES } from "@choir/contract";
import { and, desc, eq, inArray, lte, or, sql } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { playlistEntries, playlists, songs } from "../../db/schema/index.js";
import { notFound } from "../../http/errors.js";
import { songVisibleTo } from "./policy.js";

/** The latest of a choir's playlists holding a song, up to and including `until`, newest first. */
export async function lastSung(db: Db, choirId: string, songId: string, until: string, take: number) {
  return db
    .select({ playlistId: playlists.id, date: playlists.date, title: playlists.title })
    .from(playlists)
    .innerJoin(playlistEntries, eq(playlistEntries.playlistId, playlists.id))
    .where(
      and(eq(playlists.choirId, choirId), eq(playlistEntries.songId, songId), lte(playlists.date, until)),
    )
    .orderBy(desc(playlists.date))
    .limit(take);
}

/** 404 unless the reader may see the song (the one visibility rule): a song's history names it. */
export async function requireVisibleSong(db: Db, songId: string, userId: string): Promise<void> {
  const [row] = await db
    .select({ id: songs.id })
    .from(songs)
    .where(and(eq(songs.id, songId), songVisibleTo(userId)));
  if (!row) throw notFound(SONG_MESSAGES.notFound);
}

/**
 * The latest of a choir's playlists holding a song's family (the song it was made from, or itself, and every
 * choir version of that) dated before `today` and up to `until`, each playlist once, newest first: the days a
 * song's history counts (see songs/history.ts).
 */
export async function lastSungInFamily(
  db: Db,
  choirId: string,
  songId: string,
  until: string,
  today: string,
  take: number,
) {
  const root = sql`coalesce((select s.base_song_id from songs s where s.id = ${songId}), ${songId}::uuid)`;
  const family = db
    .select({ id: songs.id })
    .from(songs)
    .where(or(sql`${songs.id} = ${root}`, sql`${songs.baseSongId} = ${root}`));
  return db
    .selectDistinct({ playlistId: playlists.id, date: playlists.date, title: playlists.title })
    .from(playlists)
    .innerJoin(playlistEntries, eq(playlistEntries.playlistId, playlists.id))
    .where(
      and(
        eq(playlists.choirId, choirId),
        inArray(playlistEntries.songId, family),
        lte(playlists.date, until),
        sql`${playlists.date} < ${today}::date`,
      ),
    )
    .orderBy(desc(playlists.date), playlists.id)
    .limit(take);
}
