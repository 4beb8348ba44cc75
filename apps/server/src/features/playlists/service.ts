import { randomUUID } from "node:crypto";
import { PLAYLIST_LIMITS, PLAYLIST_MESSAGES, SONG_MESSAGES, TEMPLATE_MESSAGES } from "@choir/contract";
import { and, asc, desc, eq, inArray, isNull, lte, or, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Db } from "../../db/client.js";
import {
  playlistEntries,
  playlistSections,
  playlists,
  playlistTemplates,
  songs,
  templateSections,
} from "../../db/schema/index.js";
import { conflict, invalid, notFound, pgError, preconditionFailed } from "../../http/errors.js";
import { songVisibleTo } from "./policy.js";

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];
type Executor = Db | Tx;

export type PlaylistRow = typeof playlists.$inferSelect;
type SectionRow = typeof playlistSections.$inferSelect;
type EntryRow = typeof playlistEntries.$inferSelect;

/** What a playlist's answer shows (presenter.ts). */
export interface PlaylistDetails {
  playlist: Pick<
    PlaylistRow,
    "id" | "choirId" | "date" | "title" | "isPublic" | "templateId" | "createdAt" | "updatedAt"
  >;
  template: { id: string; title: string } | null;
  sections: {
    section: Pick<SectionRow, "id" | "title">;
    entries: {
      entry: Pick<EntryRow, "id" | "songId" | "key">;
      /** null when the reader may not see the song. */
      song: { title: string; artist: string | null; key: string | null; duration: string | null } | null;
    }[];
  }[];
}

export interface EntryInput {
  songId: string;
  /** undefined keeps an existing entry's key; null clears it. */
  key?: string | null;
}

export interface SectionInput {
  id?: string;
  title: string;
  songs: EntryInput[];
}

/** Unique violations raced past the checks below, in the product's words. */
function mapConflicts(error: unknown): never {
  const found = pgError(error);
  if (found?.code === "23505") {
    if (found.constraint === "playlist_entries_playlist_song_key")
      throw conflict(PLAYLIST_MESSAGES.songAlreadyInPlaylist);
    if (found.constraint === "playlists_choir_date_key") throw conflict(PLAYLIST_MESSAGES.dateTaken);
  }
  throw error;
}

/** A playlist by id, or 404; access is the caller's to check with the policy. */
export async function findPlaylist(db: Executor, playlistId: string): Promise<PlaylistRow> {
  const [row] = await db.select().from(playlists).where(eq(playlists.id, playlistId));
  if (!row) throw notFound(PLAYLIST_MESSAGES.notFound);
  return row;
}

/**
 * A playlist with its template's title, its sections in order and their entries in order, each entry's song (title,
 * artist, the `{key}` and `{duration}` of its text) where `viewerId` may see the song, and whether `viewerId` is a
 * member of its choir (for the policy): one statement. 404 for an unknown playlist.
 */
export async function getPlaylist(
  db: Executor,
  playlistId: string,
  viewerId: string,
): Promise<PlaylistDetails & { readerIsMember: boolean }> {
  const [row] = await preparedReads(db).one.execute({ playlistId, viewerId });
  if (!row) throw notFound(PLAYLIST_MESSAGES.notFound);
  return playlistDetailsOf(row);
}

/** A row of the playlist read as the presenter takes it. */
function playlistDetailsOf(row: PlaylistRead): PlaylistDetails & { readerIsMember: boolean } {
  const { isMember, template, sections, createdAt, updatedAt, ...playlist } = row;
  return {
    readerIsMember: isMember,
    playlist: { ...playlist, createdAt: new Date(createdAt), updatedAt: new Date(updatedAt) },
    template,
    sections: sections.map(({ entries, ...section }) => ({
      section,
      entries: entries.map(({ title, artist, songKey, duration, ...entry }) => ({
        entry,
        song: title === null ? null : { title, artist, key: songKey, duration },
      })),
    })),
  };
}

/**
 * The playlist read, prepared once a connection: by id (`one`), and a page of a choir's playlists by date (`ofChoir`,
 * from the day `from` when it is not null). Each row carries its template, sections, entries and the songs the
 * viewer may see, so a page of playlists is one statement too.
 */
function preparePlaylistReads(db: Executor) {
  const viewerId = sql.placeholder("viewerId");
  const p = alias(playlists, "p");
  const read = () =>
    db.select({
      id: p.id,
      choirId: p.choirId,
      date: sql<string>`p.date::text`,
      title: p.title,
      isPublic: p.isPublic,
      templateId: p.templateId,
      createdAt: sql<string>`${utc("p.created_at")}`,
      updatedAt: sql<string>`${utc("p.updated_at")}`,
      isMember: sql<boolean>`exists (
        select 1 from choir_members m where m.choir_id = p.choir_id and m.user_id = ${viewerId})`,
      template: sql<PlaylistReadRow["template"]>`(
        select json_build_object('id', t.id, 'title', t.title) from playlist_templates t where t.id = p.template_id)`,
      sections: sql<PlaylistReadRow["sections"]>`(
        select coalesce(json_agg(json_build_object('id', sec.id, 'title', sec.title, 'entries', (
          select coalesce(json_agg(json_build_object('id', e.id, 'songId', e.song_id, 'key', e.key,
              'title', songs.title, 'artist', songs.artist,
              'songKey', songs.content_key, 'duration', songs.content_duration)
            order by e.position, e.created_at, e.id), '[]')
          from playlist_entries e left join songs on songs.id = e.song_id and ${songVisibleTo(viewerId)}
          where e.section_id = sec.id)) order by sec.position, sec.id), '[]')
        from playlist_sections sec where sec.playlist_id = p.id)`,
    });
  return {
    one: read()
      .from(p)
      .where(eq(p.id, sql.placeholder("playlistId")))
      .prepare("playlist_read"),
    ofChoir: read()
      .from(p)
      .where(
        and(
          eq(p.choirId, sql.placeholder("choirId")),
          sql`p.date >= coalesce(${sql.placeholder("from")}::date, '-infinity'::date)`,
        ),
      )
      .orderBy(asc(p.date), asc(p.id))
      .limit(sql.placeholder("take"))
      .offset(sql.placeholder("skip"))
      .prepare("choir_playlists_read"),
  };
}

type PlaylistRead = Awaited<ReturnType<ReturnType<typeof preparePlaylistReads>["one"]["execute"]>>[number];

const playlistReads = new WeakMap<Executor, ReturnType<typeof preparePlaylistReads>>();

function preparedReads(db: Executor): ReturnType<typeof preparePlaylistReads> {
  let reads = playlistReads.get(db);
  if (!reads) {
    reads = preparePlaylistReads(db);
    playlistReads.set(db, reads);
  }
  return reads;
}

/** A timestamp column as ISO 8601 text in UTC, to the millisecond. */
const utc = (column: string) =>
  sql.raw(`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`);

interface PlaylistReadRow {
  template: { id: string; title: string } | null;
  sections: {
    id: string;
    title: string;
    entries: {
      id: string;
      songId: string;
      key: string | null;
      title: string | null;
      artist: string | null;
      songKey: string | null;
      duration: string | null;
    }[];
  }[];
}

/** A page of a choir's playlists, by date (one per day, so the order is total), from the day `from` when given. */
export async function listChoirPlaylists(
  db: Db,
  choirId: string,
  viewerId: string,
  page: { skip: number; take: number; from?: string },
): Promise<PlaylistDetails[]> {
  const rows = await preparedReads(db).ofChoir.execute({
    choirId,
    viewerId,
    from: page.from ?? null,
    take: page.take,
    skip: page.skip,
  });
  return rows.map(playlistDetailsOf);
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
  previous: Map<string, { id: string; key: string | null }> = new Map(),
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
      };
    }),
  );
  if (entryRows.length > 0) await tx.insert(playlistEntries).values(entryRows);
}

export interface CreatePlaylistInput {
  choirId: string;
  date: string;
  title?: string | null;
  isPublic: boolean;
  playlistTemplateId?: string | null;
  sections?: SectionInput[];
}

/** Creates a choir's playlist for a date; sections omitted take the template's, empty. */
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
 * the others removed; entries of songs that stay keep their id and key.
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
    // updatedAt keeps the SET from being empty when only the sections change.
    await tx
      .update(playlists)
      .set({
        ...(input.title === undefined ? {} : { title: input.title }),
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
      .select({ id: playlistEntries.id, songId: playlistEntries.songId, key: playlistEntries.key })
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

/** The entry of a song in a playlist, by song id or entry id (a song is at most once in a playlist); else 404. */
async function findEntry(tx: Tx, playlistId: string, songOrEntryId: string): Promise<EntryRow> {
  const [entry] = await tx
    .select()
    .from(playlistEntries)
    .where(
      and(
        eq(playlistEntries.playlistId, playlistId),
        or(eq(playlistEntries.songId, songOrEntryId), eq(playlistEntries.id, songOrEntryId)),
      ),
    );
  if (!entry) throw notFound(PLAYLIST_MESSAGES.songNotInPlaylist);
  return entry;
}

async function findSection(
  tx: Tx,
  playlistId: string,
  sectionId: string,
  field: string,
): Promise<SectionRow> {
  const [section] = await tx
    .select()
    .from(playlistSections)
    .where(and(eq(playlistSections.id, sectionId), eq(playlistSections.playlistId, playlistId)));
  if (!section)
    throw invalid([`body.${field}: not a section of this playlist`], PLAYLIST_MESSAGES.sectionNotFound);
  return section;
}

async function sectionEntries(tx: Tx, sectionId: string) {
  return tx
    .select({ id: playlistEntries.id, position: playlistEntries.position })
    .from(playlistEntries)
    .where(eq(playlistEntries.sectionId, sectionId))
    .orderBy(asc(playlistEntries.position), asc(playlistEntries.createdAt), asc(playlistEntries.id));
}

/** Writes positions 0..n-1 in the given order, touching only the entries whose position changes. */
async function writePositions(tx: Tx, ordered: { id: string; position: number }[]): Promise<void> {
  for (const [position, entry] of ordered.entries()) {
    if (entry.position !== position)
      await tx.update(playlistEntries).set({ position }).where(eq(playlistEntries.id, entry.id));
  }
}

const clamp = (order: number | undefined, length: number) => Math.min(order ?? length, length);

/**
 * Adds a song the caller may see to a section (the first one when none is named, a new "songs" section when the
 * playlist has none), at `order` or the end. A song already in the playlist is refused with 409.
 */
export async function addSong(
  db: Db,
  playlistId: string,
  callerId: string,
  input: { songId: string; sectionId?: string; order?: number },
): Promise<void> {
  await withPlaylistLocked(db, playlistId, async (tx) => {
    await checkSongs(tx, [input.songId], callerId, new Set());
    const [counts] = await tx
      .select({
        total: sql<number>`count(*)::int`,
        same: sql<number>`count(*) filter (where ${playlistEntries.songId} = ${input.songId})::int`,
      })
      .from(playlistEntries)
      .where(eq(playlistEntries.playlistId, playlistId));
    if ((counts?.same ?? 0) > 0) throw conflict(PLAYLIST_MESSAGES.songAlreadyInPlaylist);
    if ((counts?.total ?? 0) >= PLAYLIST_LIMITS.songsMax) throw conflict(PLAYLIST_MESSAGES.tooManySongs);

    let sectionId = input.sectionId;
    if (sectionId) {
      await findSection(tx, playlistId, sectionId, "sectionId");
    } else {
      const [first] = await tx
        .select({ id: playlistSections.id })
        .from(playlistSections)
        .where(eq(playlistSections.playlistId, playlistId))
        .orderBy(asc(playlistSections.position), asc(playlistSections.id))
        .limit(1);
      sectionId = first?.id;
      if (!sectionId) {
        sectionId = randomUUID();
        await tx.insert(playlistSections).values({ id: sectionId, playlistId, title: "songs", position: 0 });
      }
    }
    const existing = await sectionEntries(tx, sectionId);
    const at = clamp(input.order, existing.length);
    const id = randomUUID();
    await tx
      .insert(playlistEntries)
      .values({ id, playlistId, sectionId, songId: input.songId, position: existing.length });
    await writePositions(tx, [
      ...existing.slice(0, at),
      { id, position: existing.length },
      ...existing.slice(at),
    ]);
  });
}

export async function removeSong(db: Db, playlistId: string, songOrEntryId: string): Promise<void> {
  await withPlaylistLocked(db, playlistId, async (tx) => {
    const entry = await findEntry(tx, playlistId, songOrEntryId);
    await tx.delete(playlistEntries).where(eq(playlistEntries.id, entry.id));
    await writePositions(tx, await sectionEntries(tx, entry.sectionId));
  });
}

/**
 * Moves an entry to a section at `order` (the end when omitted); within one section it reorders. A
 * `fromSectionId` that is not where the song is now means the caller's view is stale: 409, so it reloads.
 */
export async function moveSong(
  db: Db,
  playlistId: string,
  songOrEntryId: string,
  input: { fromSectionId?: string; toSectionId: string; order?: number },
): Promise<void> {
  await withPlaylistLocked(db, playlistId, async (tx) => {
    const entry = await findEntry(tx, playlistId, songOrEntryId);
    if (input.fromSectionId && input.fromSectionId !== entry.sectionId) {
      await findSection(tx, playlistId, input.fromSectionId, "fromSectionId");
      throw conflict(PLAYLIST_MESSAGES.movedMeanwhile);
    }
    await findSection(tx, playlistId, input.toSectionId, "toSectionId");
    const others = (await sectionEntries(tx, input.toSectionId)).filter((row) => row.id !== entry.id);
    const at = clamp(input.order, others.length);
    if (entry.sectionId !== input.toSectionId) {
      await tx
        .update(playlistEntries)
        .set({ sectionId: input.toSectionId, position: others.length })
        .where(eq(playlistEntries.id, entry.id));
    }
    const moved = {
      id: entry.id,
      position: entry.sectionId === input.toSectionId ? entry.position : others.length,
    };
    await writePositions(tx, [...others.slice(0, at), moved, ...others.slice(at)]);
    if (entry.sectionId !== input.toSectionId)
      await writePositions(tx, await sectionEntries(tx, entry.sectionId));
  });
}

/** Sets or clears the key an entry is sung in. */
export async function setEntryKey(
  db: Db,
  playlistId: string,
  songOrEntryId: string,
  key: string | null,
): Promise<void> {
  await withPlaylistLocked(db, playlistId, async (tx) => {
    const entry = await findEntry(tx, playlistId, songOrEntryId);
    await tx.update(playlistEntries).set({ key }).where(eq(playlistEntries.id, entry.id));
  });
}

/** The latest of a choir's playlists holding a song, up to and including `until`, newest first. */
export async function lastSung(db: Db, choirId: string, songId: string, until: string, take: number) {
  return db
    .select({ playlistId: playlists.id, date: playlists.date, title: playlists.title })
    .from(playlists)
    .innerJoin(playlistEntries, eq(playlistEntries.playlistId, playlists.id))
    .where(
      and(eq(playlists.choirId, choirId), eq(playlistEntries.songId, songId), lte(playlists.date, until)),
    )
    .orderBy(desc(playlists.date))
    .limit(take);
}

/**
 * The latest of a choir's playlists holding a song's family (the song it was made from, or itself, and every
 * choir version of that) dated before `today` and up to `until`, each playlist once, newest first: the days a
 * song's history counts (see songs/history.ts).
 */
export async function lastSungInFamily(
  db: Db,
  choirId: string,
  songId: string,
  until: string,
  today: string,
  take: number,
) {
  const root = sql`coalesce((select s.base_song_id from songs s where s.id = ${songId}), ${songId}::uuid)`;
  const family = db
    .select({ id: songs.id })
    .from(songs)
    .where(or(sql`${songs.id} = ${root}`, sql`${songs.baseSongId} = ${root}`));
  return db
    .selectDistinct({ playlistId: playlists.id, date: playlists.date, title: playlists.title })
    .from(playlists)
    .innerJoin(playlistEntries, eq(playlistEntries.playlistId, playlists.id))
    .where(
      and(
        eq(playlists.choirId, choirId),
        inArray(playlistEntries.songId, family),
        lte(playlists.date, until),
        sql`${playlists.date} < ${today}::date`,
      ),
    )
    .orderBy(desc(playlists.date), playlists.id)
    .limit(take);
}
