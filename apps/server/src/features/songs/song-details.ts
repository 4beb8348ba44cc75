import { getTableColumns, type SQL, sql } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { songs, type tags } from "../../db/schema/index.js";
import type { SongHistory } from "./history.js";

// A song's shapes, shared by the songs modules and the search (features/search/): a song as a read answers it (its
// row, its creator's name, its tags and choirs), what a write gives, and the transaction writes run in. Both the songs
// service and the search build a song's details, so they live apart from either.

/**
 * A song as the app reads it: every column but `lyrics_norm`, which only the content filter reads, in SQL, and
 * `content_key` and `content_duration`, which only playlists read.
 */
export type SongRow = Omit<typeof songs.$inferSelect, "lyricsNorm" | "contentKey" | "contentDuration">;

const {
  lyricsNorm: _lyricsNorm,
  contentKey: _contentKey,
  contentDuration: _contentDuration,
  ...songColumnsShown
} = getTableColumns(songs);
/** The columns of SongRow, for `select(songColumns)`. */
export const songColumns = songColumnsShown;

export interface SongDetails {
  song: SongRow;
  creatorName: { firstName: string; lastName: string; email: string };
  tags: SongTagEntry[];
  choirs: { choirId: string; choirName: string }[];
  /** The song's history in the choir a read asked for (history.ts). */
  history?: SongHistory;
}

/** A song's tag: its id and name, and its names in the tag glossary when the glossary knows it. */
export interface SongTagEntry {
  tagId: string;
  tagName: string;
  names?: { en?: string; es?: string };
}

/** The glossary names of a tag (`choir_tag_names`, migration 0015): `{en, es}`, or null when unknown. */
export const glossaryNames = (name: SQL | typeof tags.name) =>
  sql<{ en?: string; es?: string } | null>`choir_tag_names(${name})`;

/** A tag entry without `names` when the glossary does not know the tag. */
export function tagEntry(
  tagId: string,
  tagName: string,
  names: { en?: string; es?: string } | null | undefined,
) {
  return names ? { tagId, tagName, names } : { tagId, tagName };
}

/** What a song write gives: the fields of a new song or a version. */
export interface SongFields {
  title: string;
  artist: string | null;
  content: string;
  audioUrl: string | null;
  visibility: 0 | 1 | 2;
  visibleToChoirs: string[];
  tags: string[];
}

/** A transaction of the database: where several writes go all or nothing (an import file, the demo library). */
export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];
/** The database, or a transaction of it. */
export type Executor = Db | Tx;
