import { type SQL, sql } from "drizzle-orm";
import { type Db, preparedStatement, sqlArray } from "../../db/client.js";
import { monthsBefore, sungSongs } from "../songs/history.js";
import { songColumnsOf, songVisible } from "../songs/policy.js";
import type { SongTagEntry } from "../songs/song-details.js";
import {
  allowsTypos,
  containsPattern,
  normalized,
  prefixQuery,
  type SearchFilters,
  searchable,
  searchWords,
  tagIdsByName,
} from "./search-terms.js";

// The search in SQL: the one statement that filters, counts, orders and reads a page over `song_search`, and the
// statement that reads a page's songs by id (prepared; the index's catch-up reads the same rows).

export interface SearchRow {
  total: number;
  /** The search generation in the statement's snapshot (a bigint, as text on PostgreSQL). */
  generation: number | string;
  song: {
    id: string;
    title: string;
    artist: string | null;
    content: string;
    audioUrl: string | null;
    visibility: number;
    creatorId: string;
    baseSongId: string | null;
    versionChoirId: string | null;
    tagsText: string;
    titleNorm: string | null;
    artistNorm: string | null;
    ccli: string | null;
    copyright: string | null;
    composer: string | null;
    lyricist: string | null;
    createdAt: string;
    updatedAt: string;
    creator: { firstName: string; lastName: string; email: string } | null;
    tags: SongTagEntry[];
    choirs: { choirId: string; choirName: string }[];
  } | null;
}

/** Who may see a song, read from its search or browse row (`alias`): the one visibility rule (policy.ts). */
function visibleSearchRow(callerId: string | SQL, alias: string): SQL {
  return songVisible(songColumnsOf(alias, "search"), callerId);
}

export async function runSearch(db: Db, callerId: string, filters: SearchFilters): Promise<SearchRow[]> {
  const result = await db.execute(await searchStatement(db, callerId, filters));
  return (result as unknown as { rows: SearchRow[] }).rows;
}

/**
 * The one statement of a search (bench/search runs it as well). It reads `song_search` (narrow rows kept by
 * triggers; `song_browse`, narrower still, without a term) to filter, count and order, and the wide `songs` rows
 * of the page only. It always returns at least one row, carrying the exact total and the search generation its
 * snapshot saw; `song` is null when the page is empty.
 *
 * Relevance, with a search term, highest first: (1) songs with a search word in the title, artist or tags,
 * ranked by ts_rank over title (weight A), artist (B) and tags (C); (2) songs found only as a likely typo of a
 * title or artist word, ranked by word similarity (title counts twice the artist); (3) songs whose words match in
 * the lyrics only, all equal. Equal ranks go by title, then id. Lyrics are matched, never ranked: ranking a
 * common word's 20,000 matches on their full word lists cost more than everything else.
 */
export async function searchStatement(db: Db, callerId: string, given: SearchFilters): Promise<SQL> {
  const filters: SearchFilters = {
    ...given,
    searchTerm: searchable(given.searchTerm),
    title: searchable(given.title),
    artist: searchable(given.artist),
    content: searchable(given.content),
  };
  const where: SQL[] = [visibleSearchRow(callerId, "ss")];
  const term = filters.searchTerm?.trim();
  const words = term ? searchWords(term) : [];
  let rank: SQL | undefined;
  if (term && words.length > 0) {
    // Every word must match: as a word prefix anywhere (title, artist, tags, lyrics), or, from five letters on, as
    // a likely typo of a word of the title or artist. (`title_norm %> word` is `word <% title_norm` as the trigram index reads it.)
    for (const word of words) {
      where.push(
        allowsTypos(word)
          ? sql`(ss.words @@ ${prefixQuery(word)}
        or ss.title_norm %> ${normalized(word)} or ss.artist_norm %> ${normalized(word)})`
          : sql`ss.words @@ ${prefixQuery(word)}`,
      );
    }
    const any = sql`(${sql.join(words.map(prefixQuery), sql` || `)})`;
    const all = sql`(${sql.join(words.map(prefixQuery), sql` && `)})`;
    rank = sql`case
      when ss.head_vector @@ ${any} then 2 + least(ts_rank(ss.head_vector, ${any}), 1)
      when not (ss.words @@ ${all}) then 1 + (word_similarity(${normalized(term)}, ss.title_norm)
        + 0.5 * word_similarity(${normalized(term)}, ss.artist_norm)) / 1.5
      else 0 end`;
  }
  if (filters.title) where.push(sql`ss.title_norm like ${containsPattern(filters.title)}`);
  if (filters.artist) where.push(sql`ss.artist_norm like ${containsPattern(filters.artist)}`);
  if (filters.content) {
    // lyrics_norm: the lyrics folded once when the song is saved (migration 0013), not on every search.
    where.push(sql`exists (select 1 from songs c where c.id = ss.song_id
      and c.lyrics_norm like ${containsPattern(filters.content)})`);
  }
  // Tags by id, resolved once before the statement (through the glossary: a name stands for every tag of its
  // meaning): with the ids in the statement the planner knows how common each tag is, and reads the songs of a
  // common tag in title order instead of sorting them all. Every asked name must match; a name that stands for
  // one tag is a containment test, for several an overlap with any of them. An unknown name matches nothing.
  if (filters.tags.length > 0) {
    const idLists = await tagIdsByName(db, filters.tags);
    if (idLists.some((ids) => ids.length === 0)) where.push(sql`false`);
    else {
      const single = [...new Set(idLists.filter((ids) => ids.length === 1).map((ids) => ids[0]!))];
      const uuids = (ids: string[]) => sqlArray(ids, "uuid");
      if (single.length > 0) where.push(sql`ss.tag_ids @> ${uuids(single)}`);
      for (const ids of idLists.filter((list) => list.length > 1))
        where.push(sql`ss.tag_ids && ${uuids(ids)}`);
    }
  }
  if (filters.visibility !== undefined) where.push(sql`ss.visibility = ${filters.visibility}`);
  if (filters.choirId) {
    where.push(
      sql`(ss.version_choir_id = ${filters.choirId} or ss.choir_ids @> array[${filters.choirId}]::uuid[])`,
    );
  }
  // A userId narrows to that person's songs, still only among those the caller may see.
  if (filters.userId) where.push(sql`ss.creator_id = ${filters.userId}`);
  if (filters.onlyUserCreated) where.push(sql`ss.creator_id = ${callerId}`);
  // The choir's history as rows (song_id, last_sung), when the search sorts or filters by it (history.ts).
  const history = filters.history;
  const sung =
    history && (filters.sortBy === "lastSung" || filters.notSungMonths !== undefined)
      ? sungSongs(history.choirId, history.today)
      : undefined;
  if (history && filters.notSungMonths !== undefined) {
    where.push(sql`not exists (select 1 from sung where sung.song_id = ss.song_id
      and sung.last_sung >= ${monthsBefore(history.today, filters.notSungMonths)})`);
  }

  const condition = sql.join(where, sql` and `);
  const sortBy = filters.sortBy ?? (rank ? "relevance" : "title");
  const ascending =
    (filters.sortDirection ??
      (sortBy === "relevance" || sortBy === "createdAt" || sortBy === "lastSung" ? "desc" : "asc")) === "asc";
  const page = sql`limit ${filters.take} offset ${filters.skip}`;
  const keys = "song_id, title_norm, artist_norm, created_at";
  // Without a term no word vector is needed: song_browse holds the same rows a fifth as wide.
  const table = sql.raw(words.length > 0 ? "song_search" : "song_browse");

  let matches: SQL;
  let total: SQL;
  let order: (table: string) => SQL;
  if (sortBy === "relevance" && rank) {
    // Ranking reads every match anyway, so the matches (narrow: id, rank, sort keys) are kept once, counted and
    // sorted in the same pass.
    order = (t) => sql.raw(`${t}.rank ${ascending ? "asc" : "desc"}, ${t}.title_norm, ${t}.song_id`);
    matches = sql`matches as materialized (
        select ${sql.raw(keys)}, ${rank} as rank from song_search ss where ${condition}),
      page as (select * from matches order by ${order("matches")} ${page})`;
    total = sql`(select count(*) from matches)`;
  } else if (sortBy === "tags") {
    // A song's first tag in alphabetical order, folded as titles are; songs without tags last either way.
    const tagKey = "(select min(tg.name_key) from tags tg where tg.id = any(ss.tag_ids))";
    const direction = ascending ? "asc" : "desc";
    order = (t) => sql.raw(`${t}.tag_key ${direction} nulls last, ${t}.title_norm, ${t}.song_id`);
    matches = sql`page as (
      select ${sql.raw(keys)}, 0 as rank, ${sql.raw(tagKey)} as tag_key from ${table} ss where ${condition}
      order by tag_key ${sql.raw(direction)} nulls last, ss.title_norm, ss.song_id ${page})`;
    total = sql`(select count(*) from ${table} ss where ${condition})`;
  } else if (sortBy === "lastSung" && sung) {
    // Never sung: last when the most recent come first, first when the longest ago come first.
    const direction = ascending ? "asc nulls first" : "desc nulls last";
    order = (t) => sql.raw(`${t}.last_sung ${direction}, ${t}.title_norm, ${t}.song_id`);
    matches = sql`page as (
      select ss.song_id, ss.title_norm, ss.artist_norm, ss.created_at, 0 as rank, sung.last_sung
      from ${table} ss left join sung on sung.song_id = ss.song_id where ${condition}
      order by sung.last_sung ${sql.raw(direction)}, ss.title_norm, ss.song_id ${page})`;
    total = sql`(select count(*) from ${table} ss where ${condition})`;
  } else {
    const column = sortBy === "artist" ? "artist_norm" : sortBy === "createdAt" ? "created_at" : "title_norm";
    const then = sortBy === "artist" ? ", %t.title_norm" : "";
    order = (t) =>
      sql.raw(`${t}.${column} ${ascending ? "asc" : "desc"}${then.replace("%t", t)}, ${t}.song_id`);
    matches = sql`page as (
      select ${sql.raw(keys)}, 0 as rank from ${table} ss where ${condition} order by ${order("ss")} ${page})`;
    total = sql`(select count(*) from ${table} ss where ${condition})`;
  }
  return sql`with ${sung ? sql`${sung}, ` : sql``}${matches}
    select ${total}::int as total, (select sum(value)::bigint from search_generation) as generation,
      case when s.id is null then null else ${songJson} end as song
    from (select 1) as one
    left join page on true
    left join songs s on s.id = page.song_id
    left join song_browse shown on shown.song_id = page.song_id
    order by ${order("page")}`;
}

/**
 * A song of a search's page as JSON, with its creator, tags and choirs (`s`: the song, `shown`: its browse row);
 * with `tags: "ids"` its tag ids only, for the caller to name from the tags it knows (`namedTags`).
 */
const songJsonOf = (tagsAs: "entries" | "ids") => sql`json_build_object(
      'id', s.id, 'title', s.title, 'artist', s.artist, 'content', s.content, 'audioUrl', s.audio_url,
      'visibility', s.visibility, 'creatorId', s.creator_id, 'baseSongId', s.base_song_id,
      'versionChoirId', s.version_choir_id, 'tagsText', s.tags_text, 'titleNorm', s.title_norm,
      'artistNorm', s.artist_norm, 'createdAt', s.created_at, 'updatedAt', s.updated_at,
      'ccli', s.ccli, 'copyright', s.copyright, 'composer', s.composer, 'lyricist', s.lyricist,
      'creator', (select json_build_object('firstName', u.first_name, 'lastName', u.last_name, 'email', u.email)
        from users u where u.id = s.creator_id),
      'tags', ${
        tagsAs === "ids"
          ? sql`coalesce(shown.tag_ids, '{}')`
          : sql`(select coalesce(json_agg(json_strip_nulls(json_build_object('tagId', t.id, 'tagName', t.name,
          'names', choir_tag_names(t.name))) order by t.name), '[]')
        from unnest(shown.tag_ids) as shown_tag(id), lateral (select * from tags where id = shown_tag.id limit 1) t)`
      },
      'choirs', (select coalesce(json_agg(json_build_object('choirId', c.id, 'choirName', c.name) order by c.name), '[]')
        from unnest(shown.choir_ids) as shown_choir(id),
          lateral (select id, name from choirs where id = shown_choir.id limit 1) c))`;
const songJson = songJsonOf("entries");

/** The songs of a page by id, if the caller may see them: prepared once a connection (every search runs it). */
export const pageStatement = preparedStatement("search_page", (value) =>
  pageRows(value("ids"), value("caller")),
);

/** The rows (`song`, JSON) of the songs `ids` (a uuid array) the caller may see; the catch-up can read them too. */
export function pageRows(ids: SQL, caller: SQL): SQL {
  return sql`select ${songJsonOf("ids")} as song
    from songs s join song_browse shown on shown.song_id = s.id
    where s.id = any(${ids}::uuid[]) and ${visibleSearchRow(sql`${caller}::uuid`, "shown")}`;
}
