import { SONG_MESSAGES } from "@choir/contract";
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { choirMembers, choirs, songChoirs, songs, songTags, tags, users } from "../../db/schema/index.js";
import { notFound } from "../../http/errors.js";
import { songsOfPage } from "../search/search.js";
import { visibleTo } from "./policy.js";
import {
  type Executor,
  glossaryNames,
  type SongDetails,
  type SongRow,
  songColumns,
  tagEntry,
} from "./song-details.js";

// Songs read: one the caller may see, a choir's and a person's lists a page at a time, the songs of an export, with
// their creators, tags and choirs; and the choir a new version goes to when none is named. Every read names only
// songs the caller may see (policy.ts).

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
