import { sql } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import type { SongDetails } from "../songs/song-details.js";
import type { SearchCache } from "./answer-cache.js";
import type { CallerFacts, SearchIndexSync } from "./index-sync.js";
import { type PageRow, pageDetails, songDetailsOf, songsOfPage } from "./page-songs.js";
import { runSearch } from "./search-statement.js";
import { indexWords, type SearchFilters, searchable, searchWords } from "./search-terms.js";
import type { IndexSort } from "./song-index.js";

// A search answered: by the in-memory index when it is ready and keeps what is asked, else by the search statement
// with its kept answers (answer-cache.ts).

export interface SearchAnswer {
  songs: SongDetails[];
  totalCount: number;
  hasMore: boolean;
}

/** What makes two searches by one person the same search. */
function searchKey(callerId: string, filters: SearchFilters): string {
  const tagKeys = [...new Set(filters.tags.map((name) => name.toLocaleLowerCase()))].sort();
  return JSON.stringify([
    callerId,
    filters.searchTerm?.trim() ?? "",
    filters.title ?? "",
    filters.artist ?? "",
    filters.content ?? "",
    tagKeys,
    filters.visibility ?? null,
    filters.choirId ?? null,
    filters.userId ?? null,
    filters.onlyUserCreated ?? false,
    filters.notSungMonths ?? null,
    filters.history ?? null,
    filters.sortBy ?? null,
    filters.sortDirection ?? null,
    filters.skip,
    filters.take,
  ]);
}

/** About what an answer holds in memory: its texts twice (UTF-16) and a fixed share per song. */
function answerBytes(answer: SearchAnswer): number {
  let bytes = 256;
  for (const { song, tags: songTagList, choirs: songChoirList } of answer.songs) {
    bytes +=
      1_024 +
      2 * (song.content.length + song.title.length + (song.artist?.length ?? 0) + song.tagsText.length);
    bytes += 160 * (songTagList.length + songChoirList.length);
  }
  return bytes;
}

/** The database's search generation now (see answer-cache.ts). */
async function currentGeneration(db: Db): Promise<number> {
  const result = await db.execute(sql`select sum(value)::bigint as value from search_generation`);
  return Number((result as unknown as { rows: { value: number | string }[] }).rows[0]?.value ?? 0);
}

/**
 * Full-text and fuzzy song search over what the caller may see, in one statement: the exact total and one page
 * of songs with their creator, tags and choirs. With a cache, an answer computed while the database's search
 * generation still stands is given again without searching.
 */
export async function searchSongs(
  db: Db,
  callerId: string,
  filters: SearchFilters,
  cache?: SearchCache<SearchAnswer>,
  index?: SearchIndexSync,
): Promise<SearchAnswer> {
  if (index) {
    const answer = await searchWithIndex(db, index, callerId, filters);
    if (answer) return answer;
  }
  // What a choir sang changes with its playlists, which the search generation does not follow: such searches are
  // never kept.
  const readsHistory = filters.sortBy === "lastSung" || filters.notSungMonths !== undefined;
  const key = cache?.enabled && !readsHistory ? searchKey(callerId, filters) : undefined;
  if (cache && key) {
    const kept = cache.get(key, await currentGeneration(db));
    if (kept) return kept;
  }
  const rows = await runSearch(db, callerId, filters);
  const totalCount = Number(rows[0]?.total ?? 0);
  const songs = rows.flatMap(({ song }) => (song ? [songDetailsOf(song)] : []));
  const answer = { songs, totalCount, hasMore: filters.skip + songs.length < totalCount };
  if (cache && key) cache.set(key, Number(rows[0]?.generation ?? 0), answer, answerBytes(answer));
  return answer;
}

/**
 * A search answered by the in-memory index (song-index.ts): the index filters, counts and orders, the database
 * gives the page's songs. Undefined when the index cannot answer it — not ready, or a filter or order it does not
 * keep (title, artist or lyrics text, last sung, by tags), or a word that is not one lexeme.
 */
async function searchWithIndex(
  db: Db,
  index: SearchIndexSync,
  callerId: string,
  given: SearchFilters,
): Promise<SearchAnswer | undefined> {
  if (index.state !== "ready") return undefined;
  if (given.title || given.artist || given.content || given.notSungMonths !== undefined) return undefined;
  const term = searchable(given.searchTerm)?.trim();
  const words = term ? searchWords(term) : [];
  const sortBy = given.sortBy ?? (words.length > 0 ? "relevance" : "title");
  if (sortBy === "tags" || sortBy === "lastSung") return undefined;
  const forms = term && words.length > 0 ? await indexWords(db, term, words) : { words: [], termFolded: "" };
  if (!forms) return undefined;
  const ascending =
    (given.sortDirection ?? (sortBy === "relevance" || sortBy === "createdAt" ? "desc" : "asc")) === "asc";
  const searchFor = ({ choirIds, tagIdLists }: CallerFacts) =>
    index.index.search({
      callerId,
      callerChoirIds: choirIds,
      words: forms.words,
      termFolded: forms.termFolded,
      tagIdLists,
      visibility: given.visibility,
      choirId: given.choirId,
      userId: given.userId,
      onlyUserCreated: given.onlyUserCreated,
      // Relevance without a word is the title order, as in the search statement.
      sortBy: (sortBy === "relevance" && forms.words.length === 0 ? "title" : sortBy) as IndexSort,
      ascending,
      skip: given.skip,
      take: given.take,
    });
  const answer = (found: { songIds: string[]; total: number }, songs: SongDetails[]): SearchAnswer => {
    index.answered++;
    return { songs, totalCount: found.total, hasMore: given.skip + songs.length < found.total };
  };
  // With the caller's choirs and tags known from an earlier search, the index searches first and one statement
  // both catches up and reads the page; the page stands when that statement found nothing changed.
  const known = index.known(callerId, given.tags);
  if (known) {
    const found = searchFor(known);
    const checked = await index.catchUp(callerId, given.tags, found.songIds);
    if (!checked) return undefined;
    if (!checked.changed && sameFacts(checked, known)) {
      index.answeredInOne++;
      return answer(found, await pageDetails(db, found.songIds, (checked.page ?? []) as PageRow[]));
    }
    const again = searchFor(checked);
    return answer(again, await songsOfPage(db, callerId, again.songIds));
  }
  const fresh = await index.catchUp(callerId, given.tags);
  if (!fresh) return undefined;
  const found = searchFor(fresh);
  return answer(found, await songsOfPage(db, callerId, found.songIds));
}

const sameList = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((value, i) => value === b[i]);

/** Whether two readings of a caller's choirs and tag ids agree (both keep their lists sorted). */
function sameFacts(a: CallerFacts, b: CallerFacts): boolean {
  return (
    sameList(a.choirIds, b.choirIds) &&
    a.tagIdLists.length === b.tagIdLists.length &&
    a.tagIdLists.every((ids, i) => sameList(ids, b.tagIdLists[i]!))
  );
}
