import { SONG_LIMITS } from "@choir/contract";
import { and, asc, desc, eq, type SQL, sql } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { songs, songTags, tags } from "../../db/schema/index.js";
import { visibleTo } from "../songs/policy.js";
import { glossaryNames, type SongTagEntry, tagEntry } from "../songs/song-details.js";
import { containsPattern, normalized } from "./search-terms.js";

// Tag suggestions for the tag filter: the most used tags, or those matching what is typed, among visible songs.

/**
 * The most used tags (empty query), or the tags matching the query (case- and accent-insensitive, by their own
 * name or by any name of theirs in the tag glossary: "nav" finds "christmas" through "navidad"), prefix matches
 * first; among visible songs. One suggestion per meaning: of the tags the glossary holds for one concept
 * ("christmas", "Navidad"), the most used stands for them all (a tag filter by any one finds them all).
 */
export async function suggestTags(
  db: Db,
  userId: string,
  query: string | undefined,
  maxResults: number,
): Promise<SongTagEntry[]> {
  const q = query?.trim();
  const limit = q ? maxResults : Math.min(maxResults, SONG_LIMITS.tagSuggestionsEmpty);
  const usage = sql<number>`count(*)::int`;
  const folded = sql`${tags.nameKey}`;
  const concept = sql<
    string | null
  >`(select min(k.concept) from tag_glossary k where k.name_key = ${folded})`;
  const filters: SQL[] = [visibleTo(userId)];
  let prefixFirst: SQL = sql`0::int`;
  if (q) {
    const contains = containsPattern(q);
    const prefix = sql`replace(replace(replace(${normalized(q)}, '\\', '\\\\'), '%', '\\%'), '_', '\\_') || '%'`;
    const glossaryLike = (pattern: SQL) => sql`exists (select 1 from tag_glossary k
      join tag_glossary g on g.concept = k.concept where k.name_key = ${folded} and g.name_key like ${pattern})`;
    filters.push(
      sql`(lower(${tags.name}) like ${`%${q.toLocaleLowerCase().replace(/[\\%_]/g, "\\$&")}%`}
        or ${folded} like ${contains} or ${glossaryLike(contains)})`,
    );
    prefixFirst = sql`case when ${folded} like ${prefix} or ${glossaryLike(prefix)} then 0 else 1 end`;
  }
  // Several tags of one concept come out together at most a few times over: ask for enough to fill the page.
  const rows = await db
    .select({ tagId: tags.id, tagName: tags.name, names: glossaryNames(tags.name), concept })
    .from(tags)
    .innerJoin(songTags, eq(songTags.tagId, tags.id))
    .innerJoin(songs, eq(songs.id, songTags.songId))
    .where(and(...filters))
    .groupBy(tags.id, tags.name)
    .orderBy(prefixFirst, desc(usage), asc(sql`lower(${tags.name})`))
    .limit(limit * 4);
  const seen = new Set<string>();
  const suggestions: SongTagEntry[] = [];
  for (const row of rows) {
    if (row.concept) {
      if (seen.has(row.concept)) continue;
      seen.add(row.concept);
    }
    suggestions.push(tagEntry(row.tagId, row.tagName, row.names));
    if (suggestions.length === limit) break;
  }
  return suggestions;
}
