import { SONG_LIMITS, SONG_MESSAGES, type SongSort } from "@choir/contract";
import { and, asc, desc, eq, inArray, type SQL, type SQLWrapper, sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import type { Db } from "../../db/client.js";
import { choirMembers, choirs, songChoirs, songs, songTags, tags, users } from "../../db/schema/index.js";
import { conflict, forbidden, invalid, notFound } from "../../http/errors.js";
import { requireCreator, visibleTo } from "./policy.js";

export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];
type Executor = Db | Tx;

export type SongRow = typeof songs.$inferSelect;

export interface SongDetails {
  song: SongRow;
  creatorName: { firstName: string; lastName: string; email: string };
  tags: { tagId: string; tagName: string }[];
  choirs: { choirId: string; choirName: string }[];
}

export interface SongFields {
  title: string;
  artist: string | null;
  content: string;
  audioUrl: string | null;
  visibility: 0 | 1 | 2;
  visibleToChoirs: string[];
  tags: string[];
}

/** Replaces a song's tags (creating tag rows as needed) and keeps its searchable tag text in step. */
async function setTags(tx: Tx, songId: string, names: string[]): Promise<void> {
  await tx.delete(songTags).where(eq(songTags.songId, songId));
  if (names.length > 0) {
    await tx
      .insert(tags)
      .values(names.map((name) => ({ name })))
      .onConflictDoNothing();
    const rows = await tx
      .select({ id: tags.id })
      .from(tags)
      .where(
        inArray(
          sql`lower(${tags.name})`,
          names.map((name) => name.toLocaleLowerCase()),
        ),
      );
    await tx
      .insert(songTags)
      .values(rows.map((row) => ({ songId, tagId: row.id })))
      .onConflictDoNothing();
  }
  await tx
    .update(songs)
    .set({ tagsText: names.join(" ") })
    .where(eq(songs.id, songId));
}

/** The caller may share a song only with choirs they belong to. */
async function requireMemberOfAll(db: Executor, userId: string, choirIds: string[]): Promise<void> {
  if (choirIds.length === 0) return;
  const rows = await db
    .select({ choirId: choirMembers.choirId })
    .from(choirMembers)
    .where(and(eq(choirMembers.userId, userId), inArray(choirMembers.choirId, choirIds)));
  if (rows.length !== choirIds.length) throw forbidden("You can only share songs with choirs you belong to.");
}

async function setChoirs(tx: Tx, songId: string, visibility: number, choirIds: string[]): Promise<void> {
  await tx.delete(songChoirs).where(eq(songChoirs.songId, songId));
  if (visibility === 2 && choirIds.length > 0) {
    await tx.insert(songChoirs).values(choirIds.map((choirId) => ({ songId, choirId })));
  }
}

export async function createSong(
  db: Db,
  creatorId: string,
  fields: SongFields,
  version?: { baseSongId: string; choirId: string },
): Promise<string> {
  await requireMemberOfAll(db, creatorId, fields.visibility === 2 ? fields.visibleToChoirs : []);
  return db.transaction((tx) => insertSong(tx, creatorId, fields, version));
}

/**
 * Inserts a song with its tags and choirs inside the caller's transaction, so several songs can be created
 * all or nothing (an import file, the demo library). Choir membership is the caller's to check.
 */
export async function insertSong(
  tx: Tx,
  creatorId: string,
  fields: SongFields,
  version?: { baseSongId: string; choirId: string },
): Promise<string> {
  const [row] = await tx
    .insert(songs)
    .values({
      title: fields.title,
      artist: fields.artist,
      content: fields.content,
      audioUrl: fields.audioUrl,
      visibility: fields.visibility,
      creatorId,
      baseSongId: version?.baseSongId ?? null,
      versionChoirId: version?.choirId ?? null,
    })
    .returning({ id: songs.id });
  await setTags(tx, row!.id, fields.tags);
  await setChoirs(tx, row!.id, fields.visibility, fields.visibleToChoirs);
  return row!.id;
}

/** A song the user may see, or 404 (whether it does not exist or is not theirs to see). */
export async function findVisibleSong(db: Executor, songId: string, userId: string): Promise<SongRow> {
  const [row] = await db
    .select()
    .from(songs)
    .where(and(eq(songs.id, songId), visibleTo(userId)));
  if (!row) throw notFound(SONG_MESSAGES.notFound);
  return row;
}

/** Loads songs with creator names, tags and shared choirs, keeping the order of `rows`. */
export async function withDetails(db: Executor, rows: SongRow[]): Promise<SongDetails[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.id);
  const creatorIds = [...new Set(rows.map((row) => row.creatorId))];
  const [creators, tagRows, choirRows] = await Promise.all([
    db
      .select({ id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email })
      .from(users)
      .where(inArray(users.id, creatorIds)),
    db
      .select({ songId: songTags.songId, tagId: tags.id, tagName: tags.name })
      .from(songTags)
      .innerJoin(tags, eq(tags.id, songTags.tagId))
      .where(inArray(songTags.songId, ids))
      .orderBy(asc(tags.name)),
    db
      .select({ songId: songChoirs.songId, choirId: choirs.id, choirName: choirs.name })
      .from(songChoirs)
      .innerJoin(choirs, eq(choirs.id, songChoirs.choirId))
      .where(inArray(songChoirs.songId, ids))
      .orderBy(asc(choirs.name)),
  ]);
  const creatorById = new Map(creators.map((c) => [c.id, c]));
  return rows.map((song) => ({
    song,
    creatorName: creatorById.get(song.creatorId) ?? { firstName: "", lastName: "", email: "" },
    tags: tagRows.filter((t) => t.songId === song.id).map(({ tagId, tagName }) => ({ tagId, tagName })),
    choirs: choirRows
      .filter((c) => c.songId === song.id)
      .map(({ choirId, choirName }) => ({ choirId, choirName })),
  }));
}

export async function getSongDetails(db: Db, songId: string, userId: string): Promise<SongDetails> {
  const [details] = await withDetails(db, [await findVisibleSong(db, songId, userId)]);
  return details!;
}

export async function updateSong(
  db: Db,
  songId: string,
  userId: string,
  fields: Pick<SongFields, "title" | "artist" | "content" | "audioUrl"> & { tags?: string[] },
): Promise<void> {
  await db.transaction(async (tx) => {
    requireCreator(await findVisibleSong(tx, songId, userId), userId);
    await tx
      .update(songs)
      .set({
        title: fields.title,
        artist: fields.artist,
        content: fields.content,
        audioUrl: fields.audioUrl,
        updatedAt: new Date(),
      })
      .where(eq(songs.id, songId));
    if (fields.tags) await setTags(tx, songId, fields.tags);
  });
}

export async function updateVisibility(
  db: Db,
  songId: string,
  userId: string,
  visibility: 0 | 1 | 2,
  choirIds: string[],
): Promise<void> {
  if (visibility === 2 && choirIds.length === 0)
    throw invalid([SONG_MESSAGES.choirRequired], SONG_MESSAGES.choirRequired);
  await requireMemberOfAll(db, userId, visibility === 2 ? choirIds : []);
  await db.transaction(async (tx) => {
    requireCreator(await findVisibleSong(tx, songId, userId), userId);
    await tx.update(songs).set({ visibility, updatedAt: new Date() }).where(eq(songs.id, songId));
    await setChoirs(tx, songId, visibility, choirIds);
  });
}

export async function deleteSong(db: Db, songId: string, userId: string): Promise<void> {
  await db.transaction(async (tx) => {
    requireCreator(await findVisibleSong(tx, songId, userId), userId);
    await tx.delete(songs).where(eq(songs.id, songId));
  });
}

/** Deletes each of the caller's own songs; a result per id. */
export async function bulkDeleteSongs(db: Db, songIds: string[], userId: string) {
  const results: { songId: string; deleted: boolean; error?: string }[] = [];
  for (const songId of [...new Set(songIds)]) {
    try {
      await deleteSong(db, songId, userId);
      results.push({ songId, deleted: true });
    } catch (error) {
      results.push({ songId, deleted: false, error: (error as Error).message });
    }
  }
  return results;
}

/** Makes a choir version of a song for one choir the caller belongs to. */
export async function createVersion(
  db: Db,
  baseSongId: string,
  userId: string,
  choirId: string,
  fields: SongFields,
): Promise<string> {
  const base = await findVisibleSong(db, baseSongId, userId);
  const [membership] = await db
    .select({ role: choirMembers.role })
    .from(choirMembers)
    .where(and(eq(choirMembers.choirId, choirId), eq(choirMembers.userId, userId)));
  if (!membership) throw forbidden("You can only make versions for a choir you belong to.");
  const [existing] = await db
    .select({ id: songs.id })
    .from(songs)
    .where(and(eq(songs.baseSongId, base.id), eq(songs.versionChoirId, choirId)));
  if (existing) throw conflict(SONG_MESSAGES.versionExists);
  return createSong(db, userId, fields, { baseSongId: base.id, choirId });
}

/** The user's current choir, else their only choir: where a version goes when none is named. */
export async function defaultVersionChoir(db: Db, userId: string): Promise<string | undefined> {
  const [user] = await db
    .select({ currentChoirId: users.currentChoirId })
    .from(users)
    .where(eq(users.id, userId));
  if (user?.currentChoirId) return user.currentChoirId;
  const memberships = await db
    .select({ choirId: choirMembers.choirId })
    .from(choirMembers)
    .where(eq(choirMembers.userId, userId))
    .limit(2);
  return memberships.length === 1 ? memberships[0]!.choirId : undefined;
}

export async function listChoirSongs(db: Db, choirId: string, userId: string): Promise<SongDetails[]> {
  const rows = await db
    .select()
    .from(songs)
    .where(
      and(
        visibleTo(userId),
        sql`(${songs.versionChoirId} = ${choirId} or exists (
          select 1 from song_choirs sc where sc.song_id = ${songs.id} and sc.choir_id = ${choirId}))`,
      ),
    )
    .orderBy(asc(songs.titleNorm), asc(songs.id));
  return withDetails(db, rows);
}

export async function listOwnSongs(db: Db, userId: string): Promise<SongDetails[]> {
  const rows = await db
    .select()
    .from(songs)
    .where(eq(songs.creatorId, userId))
    .orderBy(asc(songs.titleNorm), asc(songs.id));
  return withDetails(db, rows);
}

export async function songsForExport(db: Db, songIds: string[], userId: string): Promise<SongDetails[]> {
  if (songIds.length === 0) return [];
  const rows = await db
    .select()
    .from(songs)
    .where(and(inArray(songs.id, songIds), visibleTo(userId)))
    .orderBy(asc(songs.titleNorm), asc(songs.id));
  return withDetails(db, rows);
}

export interface SearchFilters {
  searchTerm?: string;
  title?: string;
  artist?: string;
  content?: string;
  tags: string[];
  visibility?: 0 | 1 | 2;
  choirId?: string;
  userId?: string;
  onlyUserCreated?: boolean;
  sortBy?: SongSort;
  sortDirection?: "asc" | "desc";
  skip: number;
  take: number;
}

/** The words of a search term (letters and digits), at most 12. */
export function searchWords(term: string): string[] {
  return (term.toLocaleLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).slice(0, 12);
}

const normalized = (value: string) => sql`lower(choir_unaccent(${value}))`;
const containsPattern = (value: string) => sql`'%' || ${normalized(value.replace(/[\\%_]/g, "\\$&"))} || '%'`;

/** Full-text and fuzzy song search over what the caller may see; exact totals. */
export async function searchSongs(db: Db, callerId: string, filters: SearchFilters) {
  const { count, page, pageCounts } = await searchQueries(db, callerId, filters);
  const [countRows, rows] = await Promise.all([pageCounts ? [] : count, page]);
  let totalCount = pageCounts ? (rows[0]?.total ?? 0) : (countRows[0]?.count ?? 0);
  // A ranked page carries the total on its rows; a page past the last match has no row to carry it.
  if (pageCounts && rows.length === 0 && filters.skip > 0) totalCount = (await count)[0]?.count ?? 0;
  const pageRows = rows.map((row) => row.song);
  return {
    songs: await withDetails(db, pageRows),
    totalCount,
    hasMore: filters.skip + pageRows.length < totalCount,
  };
}

/**
 * The queries of a search, built but not run (bench/search runs their SQL): the exact total, and one page of songs
 * whose rows also carry the total when `pageCounts` (ranked by relevance).
 */
export async function searchQueries(db: Db, callerId: string, filters: SearchFilters) {
  const where: SQL[] = [visibleTo(callerId)];
  const term = filters.searchTerm?.trim();
  const words = term ? searchWords(term) : [];
  let rank: SQL | undefined;
  if (term && words.length > 0) {
    // Every word must match: as a word prefix anywhere (title, artist, tags, lyrics), or as a likely typo of a
    // word of the title or artist.
    for (const word of words) {
      where.push(sql`(${songs.searchVector} @@ to_tsquery('simple', choir_unaccent(${`${word}:*`}))
        or ${songs.titleNorm} %> ${normalized(word)} or ${songs.artistNorm} %> ${normalized(word)})`);
    }
    const query = sql`to_tsquery('simple', choir_unaccent(${words.map((word) => `${word}:*`).join(" | ")}))`;
    rank = sql`(ts_rank(${songs.searchVector}, ${query})
      + word_similarity(${normalized(term)}, ${songs.titleNorm})
      + 0.5 * word_similarity(${normalized(term)}, ${songs.artistNorm}))`;
  }
  if (filters.title) where.push(sql`${songs.titleNorm} like ${containsPattern(filters.title)}`);
  if (filters.artist) where.push(sql`${songs.artistNorm} like ${containsPattern(filters.artist)}`);
  if (filters.content) {
    where.push(
      sql`lower(choir_unaccent(choir_lyrics(${songs.content}))) like ${containsPattern(filters.content)}`,
    );
  }
  // Tags are looked up first: with their ids in the query the planner knows how common each one is (the songs of
  // a common tag are then read in title order, not all sorted). An unknown tag matches nothing.
  const tagIds = await Promise.all(
    filters.tags.map(async (tag) => {
      const [row] = await db
        .select({ id: tags.id })
        .from(tags)
        .where(sql`lower(${tags.name}) = lower(${tag})`);
      return row?.id;
    }),
  );
  for (const tagId of tagIds) {
    where.push(
      tagId
        ? sql`exists (select 1 from song_tags st where st.song_id = ${songs.id} and st.tag_id = ${tagId})`
        : sql`false`,
    );
  }
  if (filters.visibility !== undefined) where.push(eq(songs.visibility, filters.visibility));
  if (filters.choirId) {
    where.push(sql`(${songs.versionChoirId} = ${filters.choirId} or exists (
      select 1 from song_choirs sc where sc.song_id = ${songs.id} and sc.choir_id = ${filters.choirId}))`);
  }
  // A userId narrows to that person's songs, still only among those the caller may see.
  if (filters.userId) where.push(eq(songs.creatorId, filters.userId));
  if (filters.onlyUserCreated) where.push(eq(songs.creatorId, callerId));

  const condition = and(...where)!;
  const sortBy = filters.sortBy ?? (rank ? "relevance" : "title");
  const ascending =
    (filters.sortDirection ?? (sortBy === "relevance" || sortBy === "createdAt" ? "desc" : "asc")) === "asc";
  const direction = (column: SQLWrapper | AnyPgColumn) => (ascending ? asc(column) : desc(column));
  const count = db.select({ count: sql<number>`count(*)::int` }).from(songs).where(condition);
  if (sortBy === "relevance" && rank) {
    // Ranking reads every match anyway, so the same pass counts them: the matches (narrow rows: id, rank, title)
    // are kept once, counted and sorted, and only the page's songs are read whole.
    const matches = db.$with("matches").as(
      db
        .select({ id: songs.id, rank: sql<number>`${rank}`.as("rank"), titleNorm: songs.titleNorm })
        .from(songs)
        .where(condition),
    );
    const ranked = db
      .select({ id: matches.id, rank: matches.rank, titleNorm: matches.titleNorm })
      .from(matches)
      .orderBy(direction(matches.rank), asc(matches.titleNorm), asc(matches.id))
      .limit(filters.take)
      .offset(filters.skip)
      .as("ranked");
    const page = db
      .with(matches)
      .select({ song: songs, total: sql<number>`(select count(*) from ${matches})::int` })
      .from(ranked)
      .innerJoin(songs, eq(songs.id, ranked.id))
      .orderBy(direction(ranked.rank), asc(ranked.titleNorm), asc(ranked.id));
    return { count, page, pageCounts: true };
  }
  const order: SQL[] =
    sortBy === "artist"
      ? [direction(songs.artistNorm), asc(songs.titleNorm)]
      : sortBy === "createdAt"
        ? [direction(songs.createdAt)]
        : [direction(songs.titleNorm)];
  const page = db
    .select({ song: songs, total: sql<number | null>`null` })
    .from(songs)
    .where(condition)
    .orderBy(...order, asc(songs.id))
    .limit(filters.take)
    .offset(filters.skip);
  return { count, page, pageCounts: false };
}

/** The most used tags (empty query), or matching tags with prefix matches first; among visible songs. */
export async function suggestTags(db: Db, userId: string, query: string | undefined, maxResults: number) {
  const q = query?.trim();
  const limit = q ? maxResults : Math.min(maxResults, SONG_LIMITS.tagSuggestionsEmpty);
  const usage = sql<number>`count(*)::int`;
  const filters: SQL[] = [visibleTo(userId)];
  if (q)
    filters.push(sql`lower(${tags.name}) like ${`%${q.toLocaleLowerCase().replace(/[\\%_]/g, "\\$&")}%`}`);
  const prefixFirst = q
    ? sql`case when lower(${tags.name}) like ${`${q.toLocaleLowerCase().replace(/[\\%_]/g, "\\$&")}%`} then 0 else 1 end`
    : sql`0::int`;
  return db
    .select({ tagId: tags.id, tagName: tags.name })
    .from(tags)
    .innerJoin(songTags, eq(songTags.tagId, tags.id))
    .innerJoin(songs, eq(songs.id, songTags.songId))
    .where(and(...filters))
    .groupBy(tags.id, tags.name)
    .orderBy(prefixFirst, desc(usage), asc(sql`lower(${tags.name})`))
    .limit(limit);
}
