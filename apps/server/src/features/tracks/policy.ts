import { SONG_MESSAGES } from "@choir/contract";
import { and, eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { songs } from "../../db/schema/index.js";
import { forbidden, notFound } from "../../http/errors.js";
import { visibleTo } from "../songs/policy.js";

/** The song whose tracks are asked for, as the track rules need it. */
export interface TrackSong {
  id: string;
  title: string;
  /** Whether the caller may add and remove its tracks. */
  mayEdit: boolean;
}

/**
 * A song's tracks are read by whoever may read the song (the songs' `visibleTo`), and 404 for anyone else, as the
 * song itself. They are added and removed by the song's creator, or, for a choir version, by any member of its choir
 * (a version is the choir's own copy, as its playlists are): others who may read the song get 403.
 */
export async function findTrackSong(db: Db, songId: string, userId: string): Promise<TrackSong> {
  const [row] = await db
    .select({
      id: songs.id,
      title: songs.title,
      mayEdit: sql<boolean>`(${songs.creatorId} = ${userId} or (${songs.versionChoirId} is not null and exists (
        select 1 from choir_members m where m.choir_id = ${songs.versionChoirId} and m.user_id = ${userId})))`,
    })
    .from(songs)
    .where(and(eq(songs.id, songId), visibleTo(userId)));
  if (!row) throw notFound(SONG_MESSAGES.notFound);
  return row;
}

export function requireTrackEditor(song: TrackSong): void {
  if (!song.mayEdit)
    throw forbidden("Only the song's creator, or for a choir's version its members, can change its tracks.");
}
