/**
 * A song's choir material (decision 0098): what a choir adds to a song it sings — tracks today — goes with the song
 * in that choir whether a playlist holds the original or the choir's version. Tracks are stored on the choir's
 * version (a choir has at most one version of a song), so its members edit them as the contract says; reading a
 * song's tracks with the choir named lists the counterpart's too, each through the one visibility rule.
 */
import { SONG_MESSAGES } from "@choir/contract";
import { sql } from "drizzle-orm";
import { requireMember } from "../../access/choir-access.js";
import type { Db } from "../../db/client.js";
import { AppError, pgError } from "../../http/errors.js";
import { songColumnsOf, songVisible } from "../songs/policy.js";
import { createVersion } from "../songs/service.js";
import { findVisibleSong } from "../songs/song-reads.js";
import { findTrackSong, requireTrackEditor, type TrackSong } from "./policy.js";

/**
 * The song's counterpart in the choir where `userId` may read it: the original a version of that choir was made from,
 * or that choir's version of the song; null when there is none (or the reader may not read it).
 */
export async function choirCounterpart(
  db: Db,
  songId: string,
  choirId: string,
  userId: string,
): Promise<string | null> {
  const result = await db.execute(sql`
    select coalesce(
      (select o.id from songs s join songs o on o.id = s.base_song_id
        where s.id = ${songId} and s.version_choir_id = ${choirId} and ${songVisible(songColumnsOf("o"), userId)}),
      (select v.id from songs s join songs v on v.base_song_id = s.id and v.version_choir_id = ${choirId}
        where s.id = ${songId} and s.version_choir_id is distinct from ${choirId}
          and ${songVisible(songColumnsOf("v"), userId)})
    ) as id`);
  const [row] = (result as unknown as { rows: { id: string | null }[] }).rows;
  return row?.id ?? null;
}

/** Whether the song is the choir's own version, and the choir's version of it when it is not and there is one. */
async function choirVersionOf(
  db: Db,
  songId: string,
  choirId: string,
): Promise<{ isVersion: boolean; versionId: string | null }> {
  const result = await db.execute(sql`
    select s.version_choir_id is not distinct from ${choirId}::uuid as "isVersion",
      (select v.id from songs v where v.base_song_id = s.id and v.version_choir_id = ${choirId}) as "versionId"
    from songs s where s.id = ${songId}`);
  const [row] = (result as unknown as { rows: { isVersion: boolean; versionId: string | null }[] }).rows;
  return { isVersion: row?.isVersion ?? false, versionId: row?.versionId ?? null };
}

/**
 * Where a track added to `songId` for the choir goes: the song itself when it is the choir's version; else the
 * choir's version of it, made now as a copy of the song (title, artist, text, tags; shared with the choir) when the
 * choir has none. The caller may read the song (404 otherwise) and is a member of the choir (the route asks first).
 * Two adds at once make one version: the second finds the first's.
 */
export async function choirSongForTrack(
  db: Db,
  songId: string,
  choirId: string,
  userId: string,
  dailyLimit: number,
): Promise<string> {
  const song = await findVisibleSong(db, songId, userId);
  const found = await choirVersionOf(db, song.id, choirId);
  if (found.isVersion) return song.id;
  if (found.versionId) return found.versionId;
  try {
    const version = await createVersion(
      db,
      song.id,
      userId,
      choirId,
      {
        title: song.title,
        artist: song.artist,
        content: song.content,
        audioUrl: song.audioUrl,
        visibility: 2,
        visibleToChoirs: [choirId],
        tags: await songTags(db, song.id),
      },
      dailyLimit,
    );
    return version.song.id;
  } catch (error) {
    const raced =
      (error instanceof AppError && error.message === SONG_MESSAGES.versionExists) ||
      pgError(error)?.constraint === "songs_version_per_choir_key";
    if (!raced) throw error;
    const again = await choirVersionOf(db, song.id, choirId);
    if (!again.versionId) throw error;
    return again.versionId;
  }
}

async function songTags(db: Db, songId: string): Promise<string[]> {
  const result = await db.execute(sql`
    select t.name from song_tags st join tags t on t.id = st.tag_id where st.song_id = ${songId} order by t.name`);
  return (result as unknown as { rows: { name: string }[] }).rows.map((row) => row.name);
}

/**
 * The song an upload of material (a track, a score) to `songId` goes to, which the caller may change: with `choirId`
 * (a choir the caller is in, else 404), the choir's counterpart (choirSongForTrack); else the song itself. 404 when
 * the caller may not read it, 403 when they may not change its material.
 */
export async function materialSongFor(
  db: Db,
  songId: string,
  choirId: string | undefined,
  userId: string,
  dailyLimit: number,
): Promise<TrackSong> {
  let target = songId;
  if (choirId) {
    await requireMember(db, choirId, userId);
    target = await choirSongForTrack(db, songId, choirId, userId, dailyLimit);
  }
  const song = await findTrackSong(db, target, userId);
  requireTrackEditor(song);
  return song;
}
