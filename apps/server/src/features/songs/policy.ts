import { type Placeholder, type SQL, sql } from "drizzle-orm";
import { songs } from "../../db/schema/index.js";
import { forbidden } from "../../http/errors.js";

/**
 * The songs a user may see, as a WHERE condition on `songs`: their own; everyone's PublicAll songs;
 * PublicChoirs songs shared with a choir they belong to; choir versions made for a choir they belong to.
 * Every list and search uses it, so a list can never show what a read would refuse. The user may be a placeholder
 * of a prepared statement.
 */
export function visibleTo(userId: string | Placeholder): SQL {
  return sql`(
    ${songs.creatorId} = ${userId}
    or ${songs.visibility} = 1
    or (${songs.visibility} = 2 and exists (
      select 1 from song_choirs sc join choir_members m on m.choir_id = sc.choir_id
      where sc.song_id = ${songs.id} and m.user_id = ${userId}))
    or (${songs.versionChoirId} is not null and exists (
      select 1 from choir_members m where m.choir_id = ${songs.versionChoirId} and m.user_id = ${userId}))
  )`;
}

/** Only a song's creator edits it, changes its visibility or deletes it. */
export function requireCreator(song: { creatorId: string }, userId: string): void {
  if (song.creatorId !== userId) throw forbidden("Only the creator of a song can change it.");
}
