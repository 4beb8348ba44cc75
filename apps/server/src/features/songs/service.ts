import { SONG_MESSAGES } from "@choir/contract";
import { and, eq, inArray, sql } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { choirMembers, songChoirs, songs, songTags, tags } from "../../db/schema/index.js";
import { conflict, forbidden, invalid } from "../../http/errors.js";
import { writeSongs } from "./new-songs.js";
import { requireCreator } from "./policy.js";
import type { Executor, SongDetails, SongFields, Tx } from "./song-details.js";
import { findVisibleSong } from "./song-reads.js";

/**
 * The songs service: what the songs routes, the import and the demo library call. A song's edits are here (create,
 * edit, visibility, delete, choir versions); new songs are written by new-songs.ts within the daily allowance of
 * song-limits.ts; reads are song-reads.ts; searching and tag suggestions are the search's (features/search/).
 */

export { insertSong, insertSongs } from "./new-songs.js";
export type { Tx } from "./song-details.js";
export { requireSongAllowance, SongLimitError, songAllowance } from "./song-limits.js";
export {
  defaultVersionChoir,
  getSongDetails,
  listChoirSongs,
  listOwnSongs,
  songsForExport,
} from "./song-reads.js";

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
