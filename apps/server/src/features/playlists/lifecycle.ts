/** A playlist's life: created (from a template), edited as a whole (title, flags, its layout of sections), deleted. */
import { randomUUID } from "node:crypto";
import { PLAYLIST_MESSAGES, SONG_MESSAGES, TEMPLATE_MESSAGES } from "@choir/contract";
import { and, asc, eq, inArray, isNull, or, sql } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import {
  choirMembers,
  playlistEntries,
  playlistSections,
  playlists,
  playlistTemplates,
  songs,
  templateSections,
} from "../../db/schema/index.js";
import { conflict, invalid, notFound, preconditionFailed } from "../../http/errors.js";
import { songVisibleTo } from "./policy.js";
import { type Executor, mapConflicts, type PlaylistRow, type Tx, utc } from "./store.js";

export interface EntryInput {
  songId: string;
  /** undefined keeps an existing entry's key; null clears it. */
  key?: string | null;
  /** undefined keeps an existing entry's note; null clears it. */
  note?: string | null;
}

export interface SectionInput {
  id?: string;
  title: string;
  songs: EntryInput[];
}

/** A template the choir may use: a built-in one or its own; else 404. */
async function usableTemplate(tx: Executor, choirId: string, templateId: string) {
  const [template] = await tx
    .select({ id: playlistTemplates.id })
    .from(playlistTemplates)
    .where(
      and(
        eq(playlistTemplates.id, templateId),
        or(eq(playlistTemplates.choirId, choirId), isNull(playlistTemplates.choirId)),
      ),
    );
  if (!template) throw notFound(TEMPLATE_MESSAGES.notFound);
  return template;
}

/** 400 unless the person named to lead the service is a member of the choir. */
async function checkLeader(tx: Executor, choirId: string, leaderId: string | null | undefined) {
  if (!leaderId) return;
  const [member] = await tx
    .select({ userId: choirMembers.userId })
    .from(choirMembers)
    .where(and(eq(choirMembers.choirId, choirId), eq(choirMembers.userId, leaderId)));
  if (!member) throw invalid([`body.leaderId: ${PLAYLIST_MESSAGES.leaderNotMember}`]);
}

/** Refuses a song twice in one payload (409), and songs the caller may not see (404, like reading them). */
async function checkSongs(tx: Executor, songIds: string[], callerId: string, alreadyIn: Set<string>) {
  if (new Set(songIds).size !== songIds.length) throw conflict(PLAYLIST_MESSAGES.songAlreadyInPlaylist);
  // Songs already in the playlist stay, even when this member may not see them (another member's private song).
  const added = songIds.filter((id) => !alreadyIn.has(id));
  if (added.length === 0) return;
  const visible = await tx
    .select({ id: songs.id })
    .from(songs)
    .where(and(inArray(songs.id, added), songVisibleTo(callerId)));
  if (visible.length !== added.length) throw notFound(SONG_MESSAGES.notFound);
}

async function insertLayout(
  tx: Tx,
  playlistId: string,
  sections: SectionInput[],
  previous: Map<string, { id: string; key: string | null; note: string | null }> = new Map(),
) {
  const sectionRows = sections.map((section, position) => ({
    id: section.id ?? randomUUID(),
    playlistId,
    title: section.title,
    position,
  }));
  const newSections = sectionRows.filter((_, index) => !sections[index]!.id);
  if (newSections.length > 0) await tx.insert(playlistSections).values(newSections);
  const entryRows = sections.flatMap((section, index) =>
    section.songs.map((song, position) => {
      const before = previous.get(song.songId);
      return {
        id: before?.id ?? randomUUID(),
        playlistId,
        sectionId: sectionRows[index]!.id,
        songId: song.songId,
        position,
        key: song.key === undefined ? (before?.key ?? null) : song.key,
        note: song.note === undefined ? (before?.note ?? null) : song.note,
      };
    }),
  );
  if (entryRows.length > 0) await tx.insert(playlistEntries).values(entryRows);
}

export interface CreatePlaylistInput {
  choirId: string;
  date: string;
  title?: string | null;
  time?: string | null;
  leaderId?: string | null;
  isPublic: boolean;
  playlistTemplateId?: string | null;
  sections?: SectionInput[];
}

/** Creates a choir's playlist for a date (one of several there may be); sections omitted take the template's, empty. */
export async function createPlaylist(db: Db, callerId: string, input: CreatePlaylistInput): Promise<string> {
  try {
    return await db.transaction(async (tx) => {
      // A new playlist's sections are all new, whatever ids the payload carries.
      let sections: SectionInput[] | undefined = input.sections?.map((section) => ({
        ...section,
        id: undefined,
      }));
      if (input.playlistTemplateId) {
        await usableTemplate(tx, input.choirId, input.playlistTemplateId);
        if (!sections) {
          const fromTemplate = await tx
            .select({ title: templateSections.title })
            .from(templateSections)
            .where(eq(templateSections.templateId, input.playlistTemplateId))
            .orderBy(asc(templateSections.position), asc(templateSections.id));
          sections = fromTemplate.map(({ title }) => ({ title, songs: [] }));
        }
      }
      sections ??= [];
      await checkLeader(tx, input.choirId, input.leaderId);
      await checkSongs(
        tx,
        sections.flatMap((section) => section.songs.map((song) => song.songId)),
        callerId,
        new Set(),
      );
      const id = randomUUID();
      await tx.insert(playlists).values({
        id,
        choirId: input.choirId,
        date: input.date,
        title: input.title ?? null,
        time: input.time ?? null,
        leaderId: input.leaderId ?? null,
        isPublic: input.isPublic,
        templateId: input.playlistTemplateId ?? null,
        createdBy: callerId,
      });
      await insertLayout(tx, id, sections);
      return id;
    });
  } catch (error) {
    mapConflicts(error);
  }
}

/**
 * Runs a change of one playlist with its row locked, so concurrent adds, moves and removals of one playlist
 * happen one after another and every section's order stays 0..n-1; the change bumps `updatedAt`.
 */
async function withPlaylistLocked<T>(
  db: Db,
  playlistId: string,
  change: (tx: Tx, playlist: PlaylistRow) => Promise<T>,
): Promise<T> {
  try {
    return await db.transaction(async (tx) => {
      const [playlist] = await tx
        .select()
        .from(playlists)
        .where(eq(playlists.id, playlistId))
        .for("no key update");
      if (!playlist) throw notFound(PLAYLIST_MESSAGES.notFound);
      const result = await change(tx, playlist);
      await tx.update(playlists).set({ updatedAt: new Date() }).where(eq(playlists.id, playlistId));
      return result;
    });
  } catch (error) {
    mapConflicts(error);
  }
}

export interface UpdatePlaylistInput {
  title?: string | null;
  date?: string;
  time?: string | null;
  leaderId?: string | null;
  isPublic?: boolean;
  playlistTemplateId?: string | null;
  sections?: SectionInput[];
  /**
   * The `updatedAt` (ISO, as the playlist is answered) the edit was based on: when the playlist has changed since,
   * nothing is written and the answer is 412.
   */
  basedOn?: string;
}

/**
 * Edits a playlist: omitted fields are kept. New sections replace the layout: sections named by id are kept,
 * the others removed; entries of songs that stay keep their id, key and note.
 */
export async function updatePlaylist(
  db: Db,
  playlistId: string,
  callerId: string,
  input: UpdatePlaylistInput,
): Promise<void> {
  await withPlaylistLocked(db, playlistId, async (tx, playlist) => {
    if (input.basedOn !== undefined) {
      // Read as the playlist is answered (milliseconds, UTC), with the row locked: no change slips in between.
      const [current] = await tx
        .select({ updatedAt: sql<string>`${utc("updated_at")}` })
        .from(playlists)
        .where(eq(playlists.id, playlistId));
      if (current?.updatedAt !== input.basedOn)
        throw preconditionFailed(PLAYLIST_MESSAGES.changedMeanwhile, "playlist_changed");
    }
    if (input.playlistTemplateId) await usableTemplate(tx, playlist.choirId, input.playlistTemplateId);
    await checkLeader(tx, playlist.choirId, input.leaderId);
    // updatedAt keeps the SET from being empty when only the sections change.
    await tx
      .update(playlists)
      .set({
        ...(input.title === undefined ? {} : { title: input.title }),
        ...(input.date === undefined ? {} : { date: input.date }),
        ...(input.time === undefined ? {} : { time: input.time }),
        ...(input.leaderId === undefined ? {} : { leaderId: input.leaderId }),
        ...(input.isPublic === undefined ? {} : { isPublic: input.isPublic }),
        ...(input.playlistTemplateId === undefined ? {} : { templateId: input.playlistTemplateId }),
        updatedAt: new Date(),
      })
      .where(eq(playlists.id, playlistId));
    if (!input.sections) return;

    const sections = input.sections;
    const currentSections = await tx
      .select({ id: playlistSections.id })
      .from(playlistSections)
      .where(eq(playlistSections.playlistId, playlistId));
    const currentIds = new Set(currentSections.map((section) => section.id));
    const kept = new Set<string>();
    const errors: string[] = [];
    sections.forEach((section, index) => {
      if (!section.id) return;
      if (!currentIds.has(section.id) || kept.has(section.id))
        errors.push(`body.sections.${index}.id: not a section of this playlist`);
      kept.add(section.id);
    });
    if (errors.length > 0) throw invalid(errors, PLAYLIST_MESSAGES.sectionNotFound);

    const previous = await tx
      .select({
        id: playlistEntries.id,
        songId: playlistEntries.songId,
        key: playlistEntries.key,
        note: playlistEntries.note,
      })
      .from(playlistEntries)
      .where(eq(playlistEntries.playlistId, playlistId));
    const previousBySong = new Map(previous.map((entry) => [entry.songId, entry]));
    await checkSongs(
      tx,
      sections.flatMap((section) => section.songs.map((song) => song.songId)),
      callerId,
      new Set(previousBySong.keys()),
    );

    await tx.delete(playlistEntries).where(eq(playlistEntries.playlistId, playlistId));
    const removed = [...currentIds].filter((id) => !kept.has(id));
    if (removed.length > 0) await tx.delete(playlistSections).where(inArray(playlistSections.id, removed));
    for (const [position, section] of sections.entries()) {
      if (section.id) {
        await tx
          .update(playlistSections)
          .set({ title: section.title, position })
          .where(eq(playlistSections.id, section.id));
      }
    }
    await insertLayout(tx, playlistId, sections, previousBySong);
  });
}

export async function deletePlaylist(db: Db, playlistId: string): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.delete(playlists).where(eq(playlists.id, playlistId));
  });
}
