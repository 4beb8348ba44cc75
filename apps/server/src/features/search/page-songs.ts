import { sql } from "drizzle-orm";
import { type Db, sqlArray } from "../../db/client.js";
import { type SongDetails, type SongTagEntry, tagEntry } from "../songs/song-details.js";
import { pageStatement, type SearchRow } from "./search-statement.js";
import { compareCodePoints } from "./song-index.js";

// The songs of a page as a search answers them: read by id from the database (each one's visibility checked again),
// in the order the index found them, their tags named from the tags this server has read.

/** A song of a search's rows (`songJsonOf`), dates read, as the songs feature shows it. */
export function songDetailsOf(song: NonNullable<SearchRow["song"]>): SongDetails {
  const { creator, tags: songTagList, choirs: songChoirList, createdAt, updatedAt, ...row } = song;
  return {
    song: { ...row, createdAt: new Date(createdAt), updatedAt: new Date(updatedAt) },
    creatorName: creator ?? { firstName: "", lastName: "", email: "" },
    tags: songTagList,
    choirs: songChoirList,
  };
}

/**
 * Tags as songs show them, by id. Tags are never renamed or deleted, and the glossary changes only with a
 * migration, so each server keeps the entries it has read (one statement for those it has not), instead of
 * asking the glossary for every tag of every song of every page.
 */
const tagEntries = new Map<string, SongTagEntry>();
const TAG_ENTRIES_KEPT = 50_000;

async function namedTags(db: Db, tagIdLists: string[][]): Promise<SongTagEntry[][]> {
  const unknown = [...new Set(tagIdLists.flat().filter((id) => !tagEntries.has(id)))];
  if (unknown.length > 0) {
    const result = await db.execute(sql`select t.id, t.name, choir_tag_names(t.name) as names from tags t
      where t.id = any(${sqlArray(unknown, "uuid")})`);
    if (tagEntries.size + unknown.length > TAG_ENTRIES_KEPT) tagEntries.clear();
    for (const row of (
      result as unknown as { rows: { id: string; name: string; names: SongTagEntry["names"] | null }[] }
    ).rows)
      tagEntries.set(row.id, tagEntry(row.id, row.name, row.names));
  }
  // As the search statement lists them: by name, in code point order (the index runs only on such a database).
  return tagIdLists.map((ids) =>
    ids
      .flatMap((id) => tagEntries.get(id) ?? [])
      .sort((a, b) => compareCodePoints(a.tagName, b.tagName) || (a.tagId < b.tagId ? -1 : 1)),
  );
}

export type PageRow = Omit<NonNullable<SearchRow["song"]>, "tags"> & { tags: string[] };

/** The songs of a page found by the index, in its order; the caller's right to see each is checked again. */
export async function songsOfPage(db: Db, callerId: string, songIds: string[]): Promise<SongDetails[]> {
  if (songIds.length === 0) return [];
  const rows = (await pageStatement<{ song: PageRow }>(db, { ids: songIds, caller: callerId })).map(
    ({ song }) => song,
  );
  return pageDetails(db, songIds, rows);
}

/** A page's rows (`pageRows`) in the index's order, with their tags named. */
export async function pageDetails(db: Db, songIds: string[], rows: PageRow[]): Promise<SongDetails[]> {
  const byId = new Map(rows.map((row) => [row.id, row]));
  const ordered = songIds.flatMap((id) => byId.get(id) ?? []);
  const tagLists = await namedTags(
    db,
    ordered.map((row) => row.tags),
  );
  return ordered.map((row, i) => songDetailsOf({ ...row, tags: tagLists[i]! }));
}
