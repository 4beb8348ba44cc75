/**
 * Song search: what the rest of the server may use of it. The songs feature (its routes and service) and app.ts
 * import this file only; the files beside it are the search's own. The search reads three leaf modules of the
 * songs feature — the one visibility rule (songs/policy.ts), a choir's history (songs/history.ts) and the shape of
 * a song read (songs/song-details.ts) — and never the songs service.
 *
 * How a search is answered: by this server's in-memory song index when it is ready and the search is one it keeps
 * (words, tags, visibility, choir, creator; by relevance, title, artist or date), else by one SQL statement over
 * `song_search` (`searchStatement`), whose answers are kept in memory while nothing changes (`SearchCache`). Either
 * way the page's songs are read from the database, their visibility checked again there.
 *
 * What it promises:
 *
 * - **Consistency across instances.** A search sees every change committed before it began, whichever instance
 *   (or a hand-written statement) wrote it; nothing is pushed between instances, each asks the database. Before
 *   every search the index answers, one statement reads the `song_search` rows and the removals written since this
 *   server last looked (triggers stamp each with its writing transaction, migration 0025), and the index applies
 *   them first (index-sync.ts). A kept SQL answer is given again only while the database's search generation — a
 *   number the triggers raise in the same transaction as any change a search can show — is the one it was computed
 *   at; each search reads it first (answer-cache.ts). Searches by last sung are never kept. Tested by
 *   apps/server/test/search-index.test.ts (the index against the statement, 160 searches; every change seen, on
 *   this server, on another, by hand in SQL), search-index-lag.pg.test.ts (an older transaction left open),
 *   songs-search-cache.test.ts (kept answers dropped after every kind of change, from this server and another),
 *   song-visibility-index.test.ts (the index's visibility rule is songs/policy.ts's), pg-text.test.ts (word
 *   similarity and ts_rank exactly as the database computes them), songs-search.test.ts (both ways against a
 *   brute-force model), and, beside the code, song-index.test.ts and answer-cache.test.ts.
 * - **Memory.** Per song the index holds its id, visibility, creator, version choir and shared choirs (as small
 *   numbers), its folded title and artist (each distinct one once, with its trigrams in one shared array), its
 *   creation time and its place in the three orders, and its slot (4 bytes) in the posting of every distinct lexeme
 *   of its title, artist, tags and lyrics (the title's, artist's and tags' with a 4-byte score) and of its title's
 *   trigrams; postings grow by a quarter and are trimmed after the reading at start. With the benchmark's lyrics:
 *   825 bytes a song at 100,000 songs, 904 at 20,000 (V8's heap and array buffers after a forced collection,
 *   `npm run bench:search-memory`, bench/results/search-memory-2026-12-05b.md; decision 0123). Beside it: the typo
 *   matches of up to 2,000 words (at most 2,000,000 songs and artists listed), the search words' forms (20,000) and
 *   tag names (50,000) already read, each caller's choirs and tag ids (10,000), and the SQL answers within
 *   `SEARCH_CACHE_MB`. `SEARCH_INDEX=off` keeps no index.
 * - **At start.** The index is read in the background once the server listens (`SearchIndexSync.start`, from
 *   app.ts): every row, in pages of 1,000, in one repeatable-read snapshot. Until it is ready every search is
 *   answered by the SQL statement (with its kept answers), so answers are the same, only slower; `/api/health`
 *   says `searchIndex: loading`. A reading that fails leaves the state `failed` and the statement answering until
 *   the server restarts; a database that does not sort text by code point turns the index `off`. A server that has
 *   not caught up for twelve hours reads everything again, the statement answering meanwhile. Tested by
 *   apps/server/test/search-while-loading.test.ts (a search while the index is loading), app.test.ts (the state in
 *   `/api/health`) and songs-search.test.ts (the same answers with the index and without).
 */

export { SearchCache } from "./answer-cache.js";
export { type IndexState, SearchIndexSync } from "./index-sync.js";
export { songsOfPage } from "./page-songs.js";
export { searchStatement } from "./search-statement.js";
export type { SearchFilters } from "./search-terms.js";
export { type SearchAnswer, searchSongs } from "./song-search.js";
export { suggestTags } from "./tag-suggestions.js";
