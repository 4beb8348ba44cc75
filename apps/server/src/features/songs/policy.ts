import { type Placeholder, type SQL, sql } from "drizzle-orm";
import { songs } from "../../db/schema/index.js";
import { forbidden } from "../../http/errors.js";

/**
 * Who may see a song is decided here, once: `songVisible` (a reader) and `visibleToChoir` (what every member of a
 * choir sees) build the one SQL condition every read that names a song uses — song reads, lists, export, versions,
 * tracks, search (statement and page rows), playlist reads and adds, the songbook (PDF, share page, playlist
 * export), the usage report, last sung. It is a Drizzle fragment, not a database function: PostgreSQL inlines no
 * scalar SQL function holding a subquery, and a called function would hide the condition (and its indexes) from
 * the planner on the benchmarked search and playlist reads (docs/decisions/0090). The in-memory search index keeps
 * the same rule in memory (features/search/song-index.ts), held to this one by song-visibility-index.test.ts.
 */

/** The columns of a row shaped like a song (a `songs` row, or a `song_search`/`song_browse` row). */
export interface SongColumns {
  id: SQL;
  visibility: SQL;
  creatorId: SQL;
  versionChoirId: SQL;
}

/** The columns of a `songs` row under `alias` (`songs.id`, …), or of a search row (`song_id`, …). */
export function songColumnsOf(alias: string, kind: "songs" | "search" = "songs"): SongColumns {
  const t = sql.raw(alias);
  return {
    id: kind === "songs" ? sql`${t}.id` : sql`${t}.song_id`,
    visibility: sql`${t}.visibility`,
    creatorId: sql`${t}.creator_id`,
    versionChoirId: sql`${t}.version_choir_id`,
  };
}

const songsTable: SongColumns = {
  id: sql`${songs.id}`,
  visibility: sql`${songs.visibility}`,
  creatorId: sql`${songs.creatorId}`,
  versionChoirId: sql`${songs.versionChoirId}`,
};

/**
 * True when `reader` may see the song: their own; everyone's PublicAll songs; PublicChoirs songs shared with a
 * choir they belong to; choir versions made for a choir they belong to. The reader may be a placeholder of a
 * prepared statement or any uuid expression.
 */
export function songVisible(song: SongColumns, reader: string | Placeholder | SQL): SQL {
  return sql`(
    ${song.creatorId} = ${reader}
    or ${song.visibility} = 1
    or (${song.visibility} = 2 and exists (
      select 1 from song_choirs sc join choir_members m on m.choir_id = sc.choir_id
      where sc.song_id = ${song.id} and m.user_id = ${reader}))
    or (${song.versionChoirId} is not null and exists (
      select 1 from choir_members m where m.choir_id = ${song.versionChoirId} and m.user_id = ${reader}))
  )`;
}

/**
 * The songs a user may see, as a WHERE condition on `songs`. Every list and search uses it, so a list can never
 * show what a read would refuse.
 */
export function visibleTo(userId: string | Placeholder | SQL): SQL {
  return songVisible(songsTable, userId);
}

/**
 * The songs every member of `choirId` sees, whoever reads (a shared playlist's songbook is read by anyone with its
 * link): public ones, those shared with the choir, the choir's own versions; never a member's private song.
 */
export function visibleToChoir(choirId: string | SQL, song: SongColumns = songsTable): SQL {
  return sql`(
    ${song.visibility} = 1
    or (${song.visibility} = 2 and exists (
      select 1 from song_choirs sc where sc.song_id = ${song.id} and sc.choir_id = ${choirId}))
    or ${song.versionChoirId} = ${choirId}
  )`;
}

/** Only a song's creator edits it, changes its visibility or deletes it. */
export function requireCreator(song: { creatorId: string }, userId: string): void {
  if (song.creatorId !== userId) throw forbidden("Only the creator of a song can change it.");
}
