import { TRACK_LIMITS, type TrackContentType } from "@choir/contract";
import { and, asc, count, eq, inArray } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { songs, songTracks, trackDeletions } from "../../db/schema/index.js";
import { AppError, notFound, pgError } from "../../http/errors.js";
import { type Quotas, requireRoom } from "./quota.js";

export type TrackRow = typeof songTracks.$inferSelect;

export const TRACK_MESSAGES = {
  notFound: "Track not found",
  full: `A song holds at most ${TRACK_LIMITS.perSong} tracks: remove one first.`,
} as const;

export const songFull = () =>
  new AppError("too_many_tracks", 409, TRACK_MESSAGES.full, [TRACK_MESSAGES.full]);

/** A song's tracks in the order they were added. */
export async function listTracks(db: Db, songId: string): Promise<TrackRow[]> {
  return db
    .select()
    .from(songTracks)
    .where(eq(songTracks.songId, songId))
    .orderBy(asc(songTracks.createdAt), asc(songTracks.id));
}

/** A file track's row: its audio is in the track store under `storageKey`. */
export type FileTrackRow = TrackRow & {
  storageKey: string;
  contentType: string;
  size: number;
  linkUrl: null;
};

export const isFileRow = (row: TrackRow): row is FileTrackRow => row.storageKey !== null;

/** A track with audio kept here; a link track (whose audio is on another site) is 404, as an unknown one. */
export async function findFileTrack(db: Db, songId: string, trackId: string): Promise<FileTrackRow> {
  const [row] = await db
    .select()
    .from(songTracks)
    .where(and(eq(songTracks.id, trackId), eq(songTracks.songId, songId)));
  if (!row || !isFileRow(row)) throw notFound(TRACK_MESSAGES.notFound);
  return row;
}

export async function countTracks(db: Db, songId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(songTracks).where(eq(songTracks.songId, songId));
  return row?.n ?? 0;
}

interface NewTrackBase {
  id: string;
  songId: string;
  part: string;
  label: string | null;
  createdBy: string;
}

/** A stored file's track, or a link's (an https:// address, checked by the contract's TrackLink). */
export type NewTrack =
  | (NewTrackBase & { contentType: TrackContentType; size: number; storageKey: string })
  | (NewTrackBase & { linkUrl: string });

/**
 * Records a track (a stored file's, or a link). The song's row is locked while its tracks are counted, so uploads finishing together
 * cannot pass the limit; a song deleted meanwhile is 404. A file is held to the storage quotas (`quotas`): its
 * uploader's and, for a choir version, the choir's stored bytes are summed under their storage locks (quota.ts).
 */
export async function insertTrack(db: Db, track: NewTrack, quotas?: Quotas): Promise<TrackRow> {
  try {
    return await db.transaction(async (tx) => {
      const [song] = await tx
        .select({ id: songs.id, choirId: songs.versionChoirId })
        .from(songs)
        .where(eq(songs.id, track.songId))
        .for("update");
      if (!song) throw notFound();
      const [held] = await tx
        .select({ n: count() })
        .from(songTracks)
        .where(eq(songTracks.songId, track.songId));
      if ((held?.n ?? 0) >= TRACK_LIMITS.perSong) throw songFull();
      if (quotas && "size" in track)
        await requireRoom(tx, quotas, track.createdBy, song.choirId, track.size, true);
      const [row] = await tx.insert(songTracks).values(track).returning();
      return row!;
    });
  } catch (error) {
    // foreign_key_violation: the song went between the lock and the insert (PGlite) or the uploader's account did.
    if (pgError(error)?.code === "23503") throw notFound();
    throw error;
  }
}

/** Deletes a track's row; its stored file is queued for removal by the database (track_deletions). */
export async function deleteTrack(db: Db, songId: string, trackId: string): Promise<TrackRow> {
  const [row] = await db
    .delete(songTracks)
    .where(and(eq(songTracks.id, trackId), eq(songTracks.songId, songId)))
    .returning();
  if (!row) throw notFound(TRACK_MESSAGES.notFound);
  return row;
}

/** Stored files whose tracks are gone, oldest first. */
export async function queuedDeletions(db: Db, limit: number): Promise<string[]> {
  const rows = await db
    .select({ key: trackDeletions.storageKey })
    .from(trackDeletions)
    .orderBy(asc(trackDeletions.queuedAt))
    .limit(limit);
  return rows.map((row) => row.key);
}

export async function forgetDeletions(db: Db, keys: string[]): Promise<void> {
  if (keys.length > 0) await db.delete(trackDeletions).where(inArray(trackDeletions.storageKey, keys));
}
