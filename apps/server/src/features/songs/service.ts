import { randomUUID } from "node:crypto";
import { SONG_LIMITS, SONG_MESSAGES, type SongSort } from "@choir/contract";
import { and, asc, desc, eq, getTableColumns, inArray, type SQL, sql } from "drizzle-orm";
import { type Db, preparedStatement, sqlArray } from "../../db/client.js";
import { choirMembers, choirs, songChoirs, songs, songTags, tags, users } from "../../db/schema/index.js";
import { AppError, conflict, forbidden, invalid, notFound } from "../../http/errors.js";
import { monthsBefore, type SongHistory, sungSongs } from "./history.js";
import { requireCreator, songColumnsOf, songVisible, visibleTo } from "./policy.js";
import type { SearchCache } from "./search-cache.js";
import { compareCodePoints, type IndexSort, type IndexWord } from "./search-index.js";
import type { CallerFacts, SearchIndexSync } from "./search-index-sync.js";

export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];
type Executor = Db | Tx;

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
const glossaryNames = (name: SQL | typeof tags.name) =>
  sql<{ en?: string; es?: string } | null>`choir_tag_names(${name})`;

/** A tag entry without `names` when the glossary does not know the tag. */
function tagEntry(tagId: string, tagName: string, names: { en?: string; es?: string } | null | undefined) {
  return names ? { tagId, tagName, names } : { tagId, tagName };
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

/** A new song refused because its creator reached the daily limit (429); `retryAfterSeconds` until one more may be made. */
export class SongLimitError extends AppError {
  constructor(
    readonly limit: number,
    readonly retryAfterSeconds: number,
  ) {
    super("song_limit_reached", 429, SONG_MESSAGES.dailyLimit);
  }
}

const DAY_SECONDS = 86_400;

/** The refusal when `count` more songs would take the person past `limit` (`made` in the last day), else undefined. */
function limitRefusal(limit: number, count: number, made: number, wait: number): SongLimitError | undefined {
  const left = limit - made;
  if (left >= count) return undefined;
  const retry = left === limit || count > limit ? DAY_SECONDS : wait;
  return new SongLimitError(limit, Math.min(DAY_SECONDS, Math.max(1, retry)));
}

/**
 * Refuses to create `count` more songs when that takes the person past `limit` songs in the last 24 hours
 * (0: no limit), counting the songs they created from `songs.created_at`. The person's song lock (an advisory lock,
 * `choir_song_allowance`) is held until the caller's transaction ends, so one person's concurrent creations are
 * counted one after another.
 */
export async function requireSongAllowance(
  tx: Tx,
  userId: string,
  count: number,
  limit: number,
): Promise<void> {
  if (limit <= 0) return;
  const { made, wait } = await countMade(tx, userId, limit);
  const refusal = limitRefusal(limit, count, made, wait);
  if (refusal) throw refusal;
}

/**
 * How many more songs the person may create now (Infinity without a limit), and the seconds until their oldest
 * song of the last 24 hours stops counting; holds their song lock until the caller's transaction ends.
 */
export async function songAllowance(
  tx: Tx,
  userId: string,
  limit: number,
): Promise<{ left: number; wait: number }> {
  if (limit <= 0) return { left: Number.POSITIVE_INFINITY, wait: 0 };
  const { made, wait } = await countMade(tx, userId, limit);
  return { left: limit - made, wait };
}

/** `choir_song_allowance` (migration 0023): takes the person's song lock, then counts their songs of the last day. */
async function countMade(tx: Tx, userId: string, limit: number): Promise<{ made: number; wait: number }> {
  const result = await tx.execute(sql`select made, wait from choir_song_allowance(${userId}, ${limit})`);
  const [row] = (result as unknown as { rows: { made: number; wait: number | null }[] }).rows;
  return { made: Number(row?.made ?? 0), wait: Number(row?.wait ?? DAY_SECONDS) };
}

/**
 * Creates a song (or a choir version) for `creatorId`, within their daily limit of new songs (0: none), and returns
 * it as the API shows it. One statement (writeSongs), its own transaction.
 */
export async function createSong(
  db: Db,
  creatorId: string,
  fields: SongFields,
  version?: { baseSongId: string; choirId: string },
  dailyLimit = 0,
): Promise<SongDetails> {
  await requireMemberOfAll(db, creatorId, fields.visibility === 2 ? fields.visibleToChoirs : []);
  const written = await writeSongs(db, creatorId, [fields], version, dailyLimit);
  return written.details[0]!;
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
  const [id] = await insertSongs(tx, creatorId, [fields], version);
  return id!;
}

/**
 * Inserts new songs with their tags and choirs in one statement whatever their number; the ids in the order given.
 * Choir membership is the caller's to check.
 */
export async function insertSongs(
  tx: Tx,
  creatorId: string,
  list: SongFields[],
  version?: { baseSongId: string; choirId: string },
): Promise<string[]> {
  return (await writeSongs(tx, creatorId, list, version, 0, false)).ids;
}

const songRowColumns = Object.entries(songColumns);

/** A song row as a statement returned it (timestamps as the driver gives them) → SongRow. */
function songRowFrom(row: Record<string, unknown>): SongRow {
  const song: Record<string, unknown> = {};
  for (const [key, column] of songRowColumns) {
    const value = row[key];
    song[key] = value === null || value === undefined ? null : column.mapFromDriverValue(value);
  }
  return song as SongRow;
}

/**
 * The statement of writeSongs, in four shapes: with or without the daily limit's gate; one song, given as single
 * values and answered with its details, or many, given as arrays and answered with nothing more. With single values
 * PostgreSQL plans the one-song statement once a connection (a generic plan); with arrays of unknown length it
 * would plan it again on every request.
 */
function songsStatement(gated: boolean, one: boolean) {
  const details = one;
  const name = `songs_insert_${one ? "one" : "many"}${gated ? "_gated" : ""}`;
  return preparedStatement(name, (value) => {
    const gate = gated
      ? sql`select a.made, a.wait, ${value("limit")}::int - a.made >= ${value("count")}::int as ok
          from choir_song_allowance(${value("creator")}, ${value("limit")}::int) a`
      : sql`select 0 as made, 0 as wait, true as ok`;
    const output = details
      ? sql`select gate.made, gate.wait, gate.ok, ${sql.join(
          songRowColumns.map(
            ([key, column]) => sql`s.${sql.identifier(column.name)} as ${sql.identifier(key)}`,
          ),
          sql`, `,
        )},
        (select coalesce(json_agg(json_strip_nulls(json_build_object('tagId', t.tag_id, 'tagName', t.tag_name,
            'names', t.tag_names)) order by t.tag_name), '[]')
          from links l join tag t on t.tag_id = l.tag_id where l.song_id = s.id) as tags,
        (select coalesce(json_agg(json_build_object('choirId', c.id, 'choirName', c.name) order by c.name), '[]')
          from shared sh join choirs c on c.id = sh.choir_id where sh.song_id = s.id) as choirs,
        (select json_build_object('firstName', u.first_name, 'lastName', u.last_name, 'email', u.email)
          from users u where u.id = ${value("creator")}) as creator
        from gate left join new_songs s on true`
      : sql`select gate.made, gate.wait, gate.ok from gate`;
    return sql`with gate as materialized (${gate}),
      tag as materialized (select tag_key, tag_id, tag_name, tag_names from choir_tag_ids(
        (select case when gate.ok then ${value("tagNames")}::text[] else '{}'::text[] end from gate))),
      new_songs as (
        insert into songs (id, title, artist, content, audio_url, visibility, creator_id, base_song_id,
          version_choir_id, tags_text)
        select n.id, n.title, n.artist, n.content, n.audio_url, n.visibility, ${value("creator")},
          ${value("baseSongId")}::uuid, ${value("versionChoirId")}::uuid, n.tags_text
        from ${
          one
            ? sql`(select ${value("id")}::uuid, ${value("title")}::text, ${value("artist")}::text,
                ${value("content")}::text, ${value("audioUrl")}::text, ${value("visibility")}::smallint,
                ${value("tagsText")}::text, 1::bigint)`
            : sql`unnest(${value("ids")}::uuid[], ${value("titles")}::text[], ${value("artists")}::text[],
                ${value("contents")}::text[], ${value("audioUrls")}::text[], ${value("visibilities")}::smallint[],
                ${value("tagsTexts")}::text[]) with ordinality`
        } as n(id, title, artist, content, audio_url, visibility, tags_text, ord)
        where (select ok from gate)
        order by n.ord
        returning ${sql.join(
          songRowColumns.map(([, column]) => sql.identifier(column.name)),
          sql`, `,
        )}),
      links as (
        insert into song_tags (song_id, tag_id)
        select distinct l.song_id, t.tag_id
        from unnest(${value("linkSongs")}::uuid[], ${value("linkNames")}::text[]) as l(song_id, name)
        join tag t on t.tag_key = lower(l.name)
        returning song_id, tag_id),
      shared as (
        insert into song_choirs (song_id, choir_id)
        select sc.song_id, sc.choir_id
        from unnest(${value("sharedSongs")}::uuid[], ${value("sharedChoirs")}::uuid[]) as sc(song_id, choir_id)
        where (select ok from gate)
        returning song_id, choir_id)
      ${output}`;
  });
}

const songsStatements = {
  gated: { one: songsStatement(true, true), many: songsStatement(true, false) },
  open: { one: songsStatement(false, true), many: songsStatement(false, false) },
};

interface WrittenSongs {
  ids: string[];
  /** With `withDetails`: each song as the API shows it, in the order given. */
  details: SongDetails[];
}

/**
 * Writes new songs, their tags (created when unknown) and the choirs they are shared with in ONE statement, so that
 * the triggers compute each song's search row once, with its tags and choirs in place (migration 0023); with
 * `withDetails` the same statement returns each song as the API shows it (creator, tags with their glossary names,
 * choirs), so no read follows. With a `dailyLimit` (> 0) the statement first takes the person's song lock and counts
 * their songs of the last day (`choir_song_allowance`), and writes nothing when these songs would pass the limit
 * (SongLimitError). Tags come from `choir_tag_ids`, which creates the unknown ones and then reads them in a statement
 * of its own, so a tag that another transaction created meanwhile is found. Choir membership is the caller's to check.
 */
async function writeSongs(
  db: Executor,
  creatorId: string,
  list: SongFields[],
  version: { baseSongId: string; choirId: string } | undefined,
  dailyLimit: number,
  withDetails = true,
): Promise<WrittenSongs> {
  if (list.length === 0) return { ids: [], details: [] };
  const ids = list.map(() => randomUUID());
  // One tag per name whatever its case, the first spelling given (the tag's name when it is new).
  const names = new Map<string, string>();
  const linkSongs: string[] = [];
  const linkNames: string[] = [];
  const sharedSongs: string[] = [];
  const sharedChoirs: string[] = [];
  list.forEach((fields, index) => {
    for (const name of fields.tags) {
      const key = name.toLocaleLowerCase();
      if (!names.has(key)) names.set(key, name);
      linkSongs.push(ids[index]!);
      linkNames.push(name);
    }
    if (fields.visibility === 2) {
      for (const choirId of new Set(fields.visibleToChoirs)) {
        sharedSongs.push(ids[index]!);
        sharedChoirs.push(choirId);
      }
    }
  });
  const statements = dailyLimit > 0 ? songsStatements.gated : songsStatements.open;
  const one = withDetails && list.length === 1;
  if (withDetails && !one) throw new Error("Only a single new song is answered with its details.");
  const statement = one ? statements.one : statements.many;
  type Row = Record<string, unknown> & {
    made: number;
    wait: number | null;
    ok: boolean;
    tags: SongTagEntry[] | null;
    choirs: { choirId: string; choirName: string }[] | null;
    creator: { firstName: string; lastName: string; email: string } | null;
  };
  const rows = await statement<Row>(db, {
    limit: dailyLimit,
    count: list.length,
    creator: creatorId,
    tagNames: [...names.values()],
    baseSongId: version?.baseSongId ?? null,
    versionChoirId: version?.choirId ?? null,
    ...(one
      ? {
          id: ids[0],
          title: list[0]!.title,
          artist: list[0]!.artist,
          content: list[0]!.content,
          audioUrl: list[0]!.audioUrl,
          visibility: list[0]!.visibility,
          tagsText: list[0]!.tags.join(" "),
        }
      : {}),
    ids,
    titles: list.map((fields) => fields.title),
    artists: list.map((fields) => fields.artist),
    contents: list.map((fields) => fields.content),
    audioUrls: list.map((fields) => fields.audioUrl),
    visibilities: list.map((fields) => fields.visibility),
    tagsTexts: list.map((fields) => fields.tags.join(" ")),
    linkSongs,
    linkNames,
    sharedSongs,
    sharedChoirs,
  });
  const first = rows[0];
  if (!first?.ok) {
    throw (
      limitRefusal(dailyLimit, list.length, Number(first?.made ?? 0), Number(first?.wait ?? DAY_SECONDS)) ??
      new Error("The songs were not written.")
    );
  }
  if (!withDetails) return { ids, details: [] };
  const byId = new Map<string, SongDetails>();
  for (const row of rows) {
    const song = songRowFrom(row);
    byId.set(song.id, {
      song,
      creatorName: row.creator ?? { firstName: "", lastName: "", email: "" },
      tags: row.tags ?? [],
      choirs: row.choirs ?? [],
    });
  }
  return { ids, details: ids.map((id) => byId.get(id)!) };
}

/** A song the user may see, or 404 (whether it does not exist or is not theirs to see). */
export async function findVisibleSong(db: Executor, songId: string, userId: string): Promise<SongRow> {
  const [row] = await db
    .select(songColumns)
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
      .select({
        songId: songTags.songId,
        tagId: tags.id,
        tagName: tags.name,
        names: glossaryNames(tags.name),
      })
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
    tags: tagRows
      .filter((t) => t.songId === song.id)
      .map(({ tagId, tagName, names }) => tagEntry(tagId, tagName, names)),
    choirs: choirRows
      .filter((c) => c.songId === song.id)
      .map(({ choirId, choirName }) => ({ choirId, choirName })),
  }));
}

/**
 * A song the caller may see, with its creator, tags and choirs: the search's prepared page statement for one id
 * (one round trip, where reading the row and then its creator, tags and choirs took four); 404 when it is not there
 * for the caller.
 */
export async function getSongDetails(db: Db, songId: string, userId: string): Promise<SongDetails> {
  const [details] = await songsOfPage(db, userId, [songId]);
  if (!details) throw notFound(SONG_MESSAGES.notFound);
  return details;
}

export async function updateSong(
  db: Db,
  songId: string,
  userId: string,
  fields: Pick<SongFields, "title" | "artist" | "content"> & { audioUrl?: string | null; tags?: string[] },
): Promise<void> {
  await db.transaction(async (tx) => {
    requireCreator(await findVisibleSong(tx, songId, userId), userId);
    await tx
      .update(songs)
      .set({
        title: fields.title,
        artist: fields.artist,
        content: fields.content,
        // Left as it is when the call did not send it.
        ...(fields.audioUrl === undefined ? {} : { audioUrl: fields.audioUrl }),
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
  dailyLimit = 0,
): Promise<SongDetails> {
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
  return createSong(db, userId, fields, { baseSongId: base.id, choirId }, dailyLimit);
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

/** A page of a list: `skip` songs passed over, at most `take` returned. */
export interface ListPage {
  skip: number;
  take: number;
}

export async function listChoirSongs(
  db: Db,
  choirId: string,
  userId: string,
  page: ListPage,
): Promise<SongDetails[]> {
  const rows = await db
    .select(songColumns)
    .from(songs)
    .where(
      and(
        visibleTo(userId),
        sql`(${songs.versionChoirId} = ${choirId} or exists (
          select 1 from song_choirs sc where sc.song_id = ${songs.id} and sc.choir_id = ${choirId}))`,
      ),
    )
    .orderBy(asc(songs.titleNorm), asc(songs.id))
    .limit(page.take)
    .offset(page.skip);
  return withDetails(db, rows);
}

export async function listOwnSongs(db: Db, userId: string, page: ListPage): Promise<SongDetails[]> {
  const rows = await db
    .select(songColumns)
    .from(songs)
    .where(eq(songs.creatorId, userId))
    .orderBy(asc(songs.titleNorm), asc(songs.id))
    .limit(page.take)
    .offset(page.skip);
  return withDetails(db, rows);
}

export async function songsForExport(db: Db, songIds: string[], userId: string): Promise<SongDetails[]> {
  if (songIds.length === 0) return [];
  const rows = await db
    .select(songColumns)
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
  /** Only songs `history`'s choir has not sung in the last N months. */
  notSungMonths?: number;
  /** The choir whose history `sortBy: "lastSung"` and `notSungMonths` read (a member's), and today's date. */
  history?: { choirId: string; today: string };
  sortBy?: SongSort;
  sortDirection?: "asc" | "desc";
  skip: number;
  take: number;
}

/** The words of a search term (letters and digits), at most 12. */
export function searchWords(term: string): string[] {
  return (term.toLocaleLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).slice(0, 12);
}

/** How long a search word must be (in letters and digits, as typed) to match a title or artist word as a typo. */
export const TYPO_MIN_LETTERS = 5;

/**
 * Whether a search word may match as a likely typo, not only as a word prefix: from five letters on. A shorter word
 * is most often the start of a word still being typed, whose prefix matches already find what is meant, and whose
 * "typos" (any title word sharing its first letters) only add noise. Decided here, for the search statement and the
 * song index alike.
 */
export function allowsTypos(word: string): boolean {
  return [...word.normalize("NFC")].length >= TYPO_MIN_LETTERS;
}

const normalized = (value: string) => sql`lower(choir_unaccent(${value}))`;
/** `%text%` for LIKE, escaped after folding: unaccent turns a few characters into `%`, `_` or a backslash (％ → %). */
const containsPattern = (value: string) =>
  sql`'%' || replace(replace(replace(${normalized(value)}, '\\', '\\\\'), '%', '\\%'), '_', '\\_') || '%'`;
/**
 * A search word as a prefix query. The word is unaccented first and then quoted, so that whatever unaccent makes
 * of it (ŉ → 'n, ⑴ → (1), ½ → 1/2) is read as text, which the parser splits as it splits the songs' words, and
 * never as tsquery syntax. The spaces inside the quotes keep a word that folds to nothing a valid (empty) query.
 */
const prefixQuery = (word: string) =>
  sql`to_tsquery('simple', ''' ' || replace(replace(choir_unaccent(${word}), '\\', '\\\\'), '''', '''''') || ' '':*')`;

/** Search text as the database can take it: PostgreSQL text cannot hold NUL, which no song contains anyway. */
const searchable = (value: string | undefined) => value?.replaceAll("\u0000", "");

/**
 * The tags each asked name stands for, resolved once per search: the tags whose name is the asked name or any
 * name of its concept in the tag glossary (migration 0015), compared lowercase and unaccented ("comunion" finds
 * "Comunión"; "navidad" finds "christmas"). One list of tag ids per asked name, in order; empty when no tag has
 * any of those names.
 */
/**
 * The tags each asked name stands for (`ord`: its place in `names`, a text[] value): the tags of that name, folded,
 * and of every name the tag glossary gives the same concept.
 */
export function tagIdRows(names: SQL): SQL {
  return sql`with asked as (
      select (a.ord - 1)::int as ord, lower(choir_unaccent(a.name)) as key
      from unnest(${names}::text[]) with ordinality a(name, ord)),
    keys as (
      select ord, key from asked
      union
      select a.ord, g.name_key from asked a
      join tag_glossary k on k.name_key = a.key
      join tag_glossary g on g.concept = k.concept)
    select keys.ord, t.id from keys join tags t on t.name_key = keys.key`;
}

export async function tagIdsByName(db: Executor, names: string[]): Promise<string[][]> {
  if (names.length === 0) return [];
  const result = await db.execute(tagIdRows(sqlArray(names, "text")));
  const ids: string[][] = names.map(() => []);
  for (const row of (result as unknown as { rows: { ord: number; id: string }[] }).rows) {
    const list = ids[Number(row.ord)];
    if (list && !list.includes(row.id)) list.push(row.id);
  }
  return ids;
}

interface SearchRow {
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

/** The database's search generation now (see search-cache.ts). */
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

function songDetailsOf(song: NonNullable<SearchRow["song"]>): SongDetails {
  const { creator, tags: songTagList, choirs: songChoirList, createdAt, updatedAt, ...row } = song;
  return {
    song: { ...row, createdAt: new Date(createdAt), updatedAt: new Date(updatedAt) },
    creatorName: creator ?? { firstName: "", lastName: "", email: "" },
    tags: songTagList,
    choirs: songChoirList,
  };
}

/** Search words as the index takes them, worked out by the database once per word (a pure function of it). */
const wordForms = new Map<string, IndexWord | null>();
/** Whole search terms folded (lower case, unaccented by the database), likewise remembered. */
const termsFolded = new Map<string, string>();
const WORD_FORMS_KEPT = 20_000;

/**
 * Each word's prefix lexeme (what `to_tsquery('simple', …)` makes of it) and folded text, and the whole term
 * folded; undefined when a word is not one lexeme (the search statement then answers).
 */
async function indexWords(
  db: Db,
  term: string,
  words: string[],
): Promise<{ words: IndexWord[]; termFolded: string } | undefined> {
  const unknown = [...new Set(words.filter((word) => !wordForms.has(word)))];
  let termFolded = termsFolded.get(term);
  if (unknown.length > 0 || termFolded === undefined) {
    const result = await db.execute(sql`select lower(choir_unaccent(${term})) as term,
      (select coalesce(json_agg(json_build_object('word', w,
        'lexemes', tsvector_to_array(to_tsvector('simple', choir_unaccent(w))),
        'folded', lower(choir_unaccent(w)))), '[]')
       from unnest(${sqlArray(unknown, "text")}) w) as forms`);
    const row = (
      result as unknown as {
        rows: { term: string; forms: { word: string; lexemes: string[]; folded: string }[] }[];
      }
    ).rows[0]!;
    if (wordForms.size + row.forms.length > WORD_FORMS_KEPT) wordForms.clear();
    for (const form of row.forms) {
      wordForms.set(
        form.word,
        form.lexemes.length === 1
          ? { prefix: form.lexemes[0]!, folded: form.folded, typos: allowsTypos(form.word) }
          : null,
      );
    }
    if (termsFolded.size >= WORD_FORMS_KEPT) termsFolded.clear();
    termFolded = row.term;
    termsFolded.set(term, termFolded);
  }
  const forms: IndexWord[] = [];
  for (const word of words) {
    const form = wordForms.get(word);
    if (!form) return undefined;
    forms.push(form);
  }
  return { words: forms, termFolded };
}

/**
 * A search answered by the in-memory index (search-index.ts): the index filters, counts and orders, the database
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

type PageRow = Omit<NonNullable<SearchRow["song"]>, "tags"> & { tags: string[] };

/** The songs of a page found by the index, in its order; the caller's right to see each is checked again. */
async function songsOfPage(db: Db, callerId: string, songIds: string[]): Promise<SongDetails[]> {
  if (songIds.length === 0) return [];
  const rows = (await pageStatement<{ song: PageRow }>(db, { ids: songIds, caller: callerId })).map(
    ({ song }) => song,
  );
  return pageDetails(db, songIds, rows);
}

/** A page's rows (`pageRows`) in the index's order, with their tags named. */
async function pageDetails(db: Db, songIds: string[], rows: PageRow[]): Promise<SongDetails[]> {
  const byId = new Map(rows.map((row) => [row.id, row]));
  const ordered = songIds.flatMap((id) => byId.get(id) ?? []);
  const tagLists = await namedTags(
    db,
    ordered.map((row) => row.tags),
  );
  return ordered.map((row, i) => songDetailsOf({ ...row, tags: tagLists[i]! }));
}

/** Who may see a song, read from its search or browse row (`alias`): the one visibility rule (policy.ts). */
function visibleSearchRow(callerId: string | SQL, alias: string): SQL {
  return songVisible(songColumnsOf(alias, "search"), callerId);
}

async function runSearch(db: Db, callerId: string, filters: SearchFilters): Promise<SearchRow[]> {
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
const pageStatement = preparedStatement("search_page", (value) => pageRows(value("ids"), value("caller")));

/** The rows (`song`, JSON) of the songs `ids` (a uuid array) the caller may see; the catch-up can read them too. */
export function pageRows(ids: SQL, caller: SQL): SQL {
  return sql`select ${songJsonOf("ids")} as song
    from songs s join song_browse shown on shown.song_id = s.id
    where s.id = any(${ids}::uuid[]) and ${visibleSearchRow(sql`${caller}::uuid`, "shown")}`;
}

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
