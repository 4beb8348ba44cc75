import { randomUUID } from "node:crypto";
import { PLAYLIST_LIMITS, PLAYLIST_MESSAGES, SONG_MESSAGES, TEMPLATE_MESSAGES } from "@choir/contract";
import { and, asc, desc, eq, inArray, isNull, lte, or, type SQL, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { type Db, preparedStatement } from "../../db/client.js";
import {
  playlistEntries,
  playlistSections,
  playlists,
  playlistTemplates,
  songs,
  templateSections,
} from "../../db/schema/index.js";
import { conflict, invalid, notFound, pgError, preconditionFailed } from "../../http/errors.js";
import { announceEvent, type PlaylistChange } from "../../shared/live-notify.js";
import {
  type EditorCheckRow,
  editorRow,
  mayEditPlaylists,
  refuseUnlessEditorOf,
  songVisibleTo,
} from "./policy.js";

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
  const q = alias(playlists, "q");
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
    // The page's ids first, then their rows: with the limit and offset outside, PostgreSQL priced the plan for any
    // page as if it read past an unknown offset's rows with all their sections, found it dearer than a plan for
    // the page asked, and planned every call again (0.7 ms, more than the read).
    ofChoir: read()
      .from(p)
      .where(
        inArray(
          p.id,
          db
            .select({ id: q.id })
            .from(q)
            .where(
              and(
                eq(q.choirId, sql.placeholder("choirId")),
                sql`${q.date} >= coalesce(${sql.placeholder("from")}::date, '-infinity'::date)`,
              ),
            )
            .orderBy(asc(q.date), asc(q.id))
            .limit(sql.placeholder("take"))
            .offset(sql.placeholder("skip")),
        ),
      )
      .orderBy(asc(p.date), asc(p.id))
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

/**
 * A page of a choir's playlists, by date (one per day, so the order is total), from the day `from` when given; each
 * says whether `viewerId` is a member of the choir. Access is the caller's to check.
 */
export async function listChoirPlaylists(
  db: Db,
  choirId: string,
  viewerId: string,
  page: { skip: number; take: number; from?: string },
): Promise<(PlaylistDetails & { readerIsMember: boolean })[]> {
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

/** Who edits a playlist's entries and which change it is, for the policy and the playlist's live readers. */
export interface EntryEdit {
  userId: string;
  type: PlaylistChange;
}

/** An entry edit made: the playlist's choir and the change's event (announced on commit), for the live readers. */
export interface EntryEditMade {
  choirId: string;
  eventId: number;
}

/**
 * Runs a change of a playlist's entries (add, move, remove, key) in a transaction whose first statement checks that
 * the caller may edit the playlist (404 or 403 as `requireEditablePlaylist`), locks its row and bumps its
 * `updatedAt`, and records the change for its live readers (announced when the transaction commits, not at all when
 * it rolls back). So concurrent changes of one playlist happen one after another and every section's order stays
 * 0..n-1. The change itself is one or two statements more (below): an edit under load waits for the server's
 * thread once per statement, and these took ten to twenty.
 */
async function withEntriesLocked(
  db: Db,
  playlistId: string,
  edit: EntryEdit,
  change: (tx: Tx) => Promise<void>,
): Promise<EntryEditMade> {
  try {
    return await db.transaction(async (tx) => {
      // pg_notify answers void, "" as text: the event's id is the column's whole text.
      const [row] = await lockForEdit<EditorCheckRow & { eventId: string | null }>(tx, {
        playlistId,
        userId: edit.userId,
        type: edit.type,
        now: new Date().toISOString(),
      });
      refuseUnlessEditorOf(row);
      if (row.eventId === null) throw notFound(PLAYLIST_MESSAGES.notFound);
      await change(tx);
      return { choirId: row.choirId, eventId: Number(row.eventId) };
    });
  } catch (error) {
    mapConflicts(error);
  }
}

/**
 * The playlist's row bumped (`locked`) where `condition` holds of it and of the rows `from` names, and the change
 * recorded for its live readers (`event`): two WITH clauses. The `editor` row is always among `from`.
 */
const bumpAndRecord = (value: (name: string) => SQL, from: SQL, condition: SQL) =>
  sql`locked as (
      update playlists p set updated_at = ${value("now")}::timestamptz from ${from}
      where p.id = e.id and ${mayEditPlaylists(sql`e.role`, sql`e."membersEdit"`)} and ${condition}
      returning p.id, p.choir_id),
    event as (
      insert into playlist_events (playlist_id, choir_id, type, actor_id)
      select id, choir_id, ${value("type")}::text, ${value("userId")}::uuid from locked
      returning id, playlist_id, choir_id, type, actor_id)`;

/** The event's id and its announcement, as the `eventId` column (pg_notify answers void, "" as text). */
const eventIdColumn = sql`(select event.id::text || ${announceEvent(sql`null`)}::text from event) as "eventId"`;

/**
 * The caller's right to edit (their role in the playlist's choir, the choir's setting) and, when they may, the
 * playlist's row locked with `updatedAt` bumped and the change recorded and announced: one statement.
 */
const lockForEdit = preparedStatement(
  "playlist_lock_for_edit",
  (value) => sql`with editor as (${editorRow(value("playlistId"), value("userId"))}),
    ${bumpAndRecord(value, sql`editor e`, sql`true`)}
    select e.*, ${eventIdColumn} from editor e`,
);

/**
 * An entry edit in one statement, without a transaction around it: the caller's right, the edit's `checks` (WITH
 * clauses ending with `checks`, one row), and when the caller may, `ok` holds of `checks c` and the playlist is
 * still as the statement's snapshot shows it, the playlist bumped and the change recorded (`locked`, `event`) and
 * the `writes` (WITH clauses, each writing only when `locked` holds a row). The answer: the editor row, the checks
 * and `eventId`.
 *
 * The snapshot is taken as the statement starts, so a concurrent edit of the same playlist that commits after that
 * would go unseen by the checks and the writes. Every entry edit bumps the playlist's row; the bump here holds only
 * while the row is the version the snapshot read (its `xmin`): PostgreSQL waits for a concurrent edit's lock and
 * checks the condition again on the row it left, which is then another version. Nothing is written and `eventId`
 * is null; the edit is made again the locking way (`withEntriesLocked`), which reads after it holds the lock.
 */
const entryEditStatement = (
  value: (name: string) => SQL,
  edit: { checks: SQL; ok: SQL; writes: SQL },
) => sql`with version as (select p.xmin from playlists p where p.id = ${value("playlistId")}::uuid),
    editor as (${editorRow(value("playlistId"), value("userId"))}),
    ${edit.checks},
    ${bumpAndRecord(
      value,
      sql`editor e, checks c`,
      sql`${edit.ok} and p.xmin = (select version.xmin from version)`,
    )},
    ${edit.writes}
    select e.*, c.*, ${eventIdColumn} from editor e cross join checks c`;

/** Whether a write of `entryEditStatement` is to happen: the playlist was bumped. */
const whenLocked = sql`exists (select 1 from locked)`;

type EntryEditRow = EditorCheckRow & { eventId: string | null };

/**
 * Runs an entry edit's statement (`entryEditStatement`) with the edit's `values` and those every such statement
 * takes (the playlist, the caller, the change's type, the time): refuses as the locking way would (`refuse` throws the
 * edit's own refusals), and makes the edit the locking way (`locked`) when the statement wrote nothing: a
 * concurrent edit, or a case only that way handles.
 */
async function editInOneStatement<Row extends EntryEditRow>(
  db: Db,
  playlistId: string,
  edit: EntryEdit,
  run: {
    statement: (db: Db, values: Record<string, unknown>) => Promise<Row[]>;
    values: Record<string, unknown>;
  },
  refuse: (row: Row) => void,
  locked: () => Promise<EntryEditMade>,
): Promise<EntryEditMade> {
  let row: Row | undefined;
  try {
    [row] = await run.statement(db, {
      ...run.values,
      playlistId,
      userId: edit.userId,
      type: edit.type,
      now: new Date().toISOString(),
    });
  } catch (error) {
    mapConflicts(error);
  }
  refuseUnlessEditorOf(row);
  refuse(row);
  if (row.eventId === null) return locked();
  return { choirId: row.choirId, eventId: Number(row.eventId) };
}

/** The entry of a song in a playlist, by song id or entry id (a song is at most once in a playlist). */
const entryOf = (value: (name: string) => SQL) =>
  sql`(select id from playlist_entries where playlist_id = ${value("playlistId")}::uuid
    and (song_id = ${value("songOrEntryId")}::uuid or id = ${value("songOrEntryId")}::uuid) limit 1)`;

/** A section's entries in order, as JSON `{ id, sectionId, position }`. */
const entriesOf = (sections: SQL) =>
  sql`coalesce((select json_agg(json_build_object('id', e.id, 'sectionId', e.section_id, 'position', e.position)
    order by e.position, e.created_at, e.id) from playlist_entries e where e.section_id in (${sections})), '[]'::json)`;

interface PlacedEntry {
  id: string;
  sectionId: string;
  position: number;
}

/** What adding a song checks, as WITH clauses ending with `checks` (for `addRead` and `entryEditStatement`). */
const addChecks = (value: (name: string) => SQL) => sql`target as (
      select s.id from playlist_sections s
      where s.playlist_id = ${value("playlistId")}::uuid
        and (${value("sectionId")}::uuid is null or s.id = ${value("sectionId")}::uuid)
      order by s.position, s.id limit 1),
    checks as (select
      exists (select 1 from songs where songs.id = ${value("songId")}::uuid
        and ${songVisibleTo(sql.placeholder("userId"))}) as visible,
      (select count(*)::int from playlist_entries where playlist_id = ${value("playlistId")}::uuid) as total,
      exists (select 1 from playlist_entries where playlist_id = ${value("playlistId")}::uuid
        and song_id = ${value("songId")}::uuid) as "inPlaylist",
      (select id from target) as "sectionId")`;

/**
 * Everything adding a song checks, in one statement: whether the caller may see the song, the playlist's count and
 * whether the song is in it already, the section (the one named, else the first), and that section's entries.
 */
const addRead = preparedStatement(
  "playlist_add_read",
  (value) => sql`with ${addChecks(value)}
    select c.*, ${entriesOf(sql`select "sectionId" from checks`)} as entries from checks c`,
);

interface AddRead {
  visible: boolean;
  total: number;
  inPlaylist: boolean;
  sectionId: string | null;
  entries: PlacedEntry[];
}

/** What moving an entry checks, as WITH clauses ending with `checks` (for `moveRead` and `entryEditStatement`). */
const moveChecks = (value: (name: string) => SQL) => sql`entry as (
      select id, section_id, position from playlist_entries where id = ${entryOf(value)}),
    checks as (select
      (select json_build_object('id', id, 'sectionId', section_id, 'position', position) from entry) as entry,
      exists (select 1 from playlist_sections where id = ${value("toSectionId")}::uuid
        and playlist_id = ${value("playlistId")}::uuid) as "toExists",
      (${value("fromSectionId")}::uuid is null or exists (select 1 from playlist_sections
        where id = ${value("fromSectionId")}::uuid and playlist_id = ${value("playlistId")}::uuid)) as "fromExists")`;

/** The entry to move, whether the sections named are the playlist's, and the entries of both sections. */
const moveRead = preparedStatement(
  "playlist_move_read",
  (value) => sql`with ${moveChecks(value)}
    select c.*, ${entriesOf(sql`${value("toSectionId")}::uuid, (select section_id from entry)`)} as entries
    from checks c`,
);

/**
 * Moves an entry in one statement: the other entries of its section and of the section it goes to numbered again
 * (the latter with a gap at `order`, the end when null or past it), and the entry in the gap.
 */
const moveInOneStatement = preparedStatement("playlist_move_song", (value) =>
  entryEditStatement(value, {
    checks: moveChecks(value),
    ok: sql`c.entry is not null and c."toExists" and (${value("fromSectionId")}::uuid is null
      or ${value("fromSectionId")}::uuid = (select section_id from entry))`,
    writes: sql`others as (
        select e.id, e.section_id,
          (row_number() over (partition by e.section_id order by e.position, e.created_at, e.id) - 1)::int as rn
        from playlist_entries e
        where e.section_id in (${value("toSectionId")}::uuid, (select section_id from entry))
          and e.id <> (select id from entry)),
      gap as (
        select least(coalesce(${value("order")}::int, count(*)), count(*))::int as at
        from others where others.section_id = ${value("toSectionId")}::uuid),
      placed as (
        select o.id, o.section_id,
          o.rn + (o.section_id = ${value("toSectionId")}::uuid and o.rn >= g.at)::int as position
        from others o, gap g
        union all
        select entry.id, ${value("toSectionId")}::uuid, g.at from entry, gap g),
      moved as (
        update playlist_entries e set section_id = pl.section_id, position = pl.position from placed pl
        where e.playlist_id = ${value("playlistId")}::uuid and e.id = pl.id
          and (e.section_id <> pl.section_id or e.position <> pl.position) and ${whenLocked})`,
  }),
);

interface MoveRead {
  entry: PlacedEntry | null;
  toExists: boolean;
  fromExists: boolean;
  entries: PlacedEntry[];
}

/**
 * Writes a change of entries in one statement: the entries whose section or position changes (`moved`), and the new
 * entries (`added`), each list as JSON. The playlist narrows the entries updated to its own few (by the playlist and
 * song index): joined by id alone, the planner expects a hundred rows from the JSON and reads every entry of every
 * playlist.
 */
const writeEntries = preparedStatement(
  "playlist_entries_write",
  (value) => sql`with moved as (
      update playlist_entries e set section_id = v.section_id, position = v.position
      from json_to_recordset(${value("moved")}::json) as v(id uuid, section_id uuid, position int)
      where e.playlist_id = ${value("playlistId")}::uuid and e.id = v.id)
    insert into playlist_entries (id, playlist_id, section_id, song_id, position)
    select id, playlist_id, section_id, song_id, position
    from json_to_recordset(${value("added")}::json)
      as a(id uuid, playlist_id uuid, section_id uuid, song_id uuid, position int)`,
);

/** The entries of `ordered` placed in `sectionId` at 0..n-1 whose section or position that changes. */
function placements(ordered: PlacedEntry[], sectionId: string) {
  return ordered.flatMap((entry, position) =>
    entry.sectionId === sectionId && entry.position === position
      ? []
      : [{ id: entry.id, section_id: sectionId, position }],
  );
}

const clamp = (order: number | undefined, length: number) => Math.min(order ?? length, length);

const notASection = (field: string) =>
  invalid([`body.${field}: not a section of this playlist`], PLAYLIST_MESSAGES.sectionNotFound);

/**
 * Adds a song in one statement: the section's entries numbered again with a gap at `order` (the end when null or
 * past it) and the new entry in the gap.
 */
const addInOneStatement = preparedStatement("playlist_add_song", (value) =>
  entryEditStatement(value, {
    checks: addChecks(value),
    ok: sql`c.visible and not c."inPlaylist" and c.total < ${sql.raw(String(PLAYLIST_LIMITS.songsMax))}
      and c."sectionId" is not null`,
    writes: sql`ordered as (
        select e.id, (row_number() over (order by e.position, e.created_at, e.id) - 1)::int as rn
        from playlist_entries e where e.section_id = (select "sectionId" from checks)),
      gap as (
        select least(coalesce(${value("order")}::int, count(*)), count(*))::int as at from ordered),
      shifted as (
        update playlist_entries e set position = o.rn + (o.rn >= g.at)::int
        from ordered o, gap g
        where e.playlist_id = ${value("playlistId")}::uuid and e.id = o.id
          and e.position <> o.rn + (o.rn >= g.at)::int and ${whenLocked}),
      added as (
        insert into playlist_entries (id, playlist_id, section_id, song_id, position)
        select ${value("entryId")}::uuid, ${value("playlistId")}::uuid, c."sectionId", ${value("songId")}::uuid, g.at
        from checks c, gap g where ${whenLocked})`,
  }),
);

/** The add's refusals, in the order the locking way makes them. */
function refuseAdd(read: Omit<AddRead, "entries">, sectionNamed: boolean): void {
  if (!read.visible) throw notFound(SONG_MESSAGES.notFound);
  if (read.inPlaylist) throw conflict(PLAYLIST_MESSAGES.songAlreadyInPlaylist);
  if (read.total >= PLAYLIST_LIMITS.songsMax) throw conflict(PLAYLIST_MESSAGES.tooManySongs);
  if (sectionNamed && !read.sectionId) throw notASection("sectionId");
}

/**
 * Adds a song the caller may see to a section (the first one when none is named, a new "songs" section when the
 * playlist has none), at `order` or the end. A song already in the playlist is refused with 409. One statement;
 * the locking way for a playlist without sections and after a concurrent edit.
 */
export async function addSong(
  db: Db,
  playlistId: string,
  edit: EntryEdit,
  input: { songId: string; sectionId?: string; order?: number },
): Promise<EntryEditMade> {
  return editInOneStatement(
    db,
    playlistId,
    edit,
    {
      statement: addInOneStatement<EntryEditRow & Omit<AddRead, "entries">>,
      values: {
        songId: input.songId,
        sectionId: input.sectionId ?? null,
        order: input.order ?? null,
        entryId: randomUUID(),
      },
    },
    (row) => refuseAdd(row, Boolean(input.sectionId)),
    () => addSongLocked(db, playlistId, edit, input),
  );
}

async function addSongLocked(
  db: Db,
  playlistId: string,
  edit: EntryEdit,
  input: { songId: string; sectionId?: string; order?: number },
): Promise<EntryEditMade> {
  return withEntriesLocked(db, playlistId, edit, async (tx) => {
    const [read] = await addRead<AddRead>(tx, {
      playlistId,
      songId: input.songId,
      userId: edit.userId,
      sectionId: input.sectionId ?? null,
    });
    if (!read) throw notFound(SONG_MESSAGES.notFound);
    refuseAdd(read, Boolean(input.sectionId));
    let sectionId = read.sectionId;
    if (!sectionId) {
      sectionId = randomUUID();
      await tx.insert(playlistSections).values({ id: sectionId, playlistId, title: "songs", position: 0 });
    }
    const at = clamp(input.order, read.entries.length);
    const id = randomUUID();
    const added = { id, sectionId, position: at };
    const ordered = [...read.entries.slice(0, at), added, ...read.entries.slice(at)];
    await writeEntries(tx, {
      playlistId,
      moved: JSON.stringify(placements(ordered, sectionId).filter((entry) => entry.id !== id)),
      added: JSON.stringify([
        { id, playlist_id: playlistId, section_id: sectionId, song_id: input.songId, position: at },
      ]),
    });
  });
}

/** The gap a removed entry (`gone`) leaves closed: its section's other entries numbered 0..n-1 again in order. */
const closeGap = sql`ranked as (
      select e.id, (row_number() over (order by e.position, e.created_at, e.id) - 1)::int as position
      from playlist_entries e
      where e.section_id in (select section_id from gone) and e.id not in (select id from gone)),
    renumbered as (
      update playlist_entries e set position = r.position from ranked r
      where e.id = r.id and e.position <> r.position)`;

/** Removes an entry and closes the gap it leaves, in one statement (the locking way). Not in the playlist: 404. */
const removeEntry = preparedStatement(
  "playlist_remove_entry",
  (value) => sql`with gone as (
      delete from playlist_entries where id = ${entryOf(value)} returning id, section_id),
    ${closeGap}
    select count(*)::int as removed from gone`,
);

/** An edit of one entry found by song or entry id (`entryOf`): its check, as the WITH clause `checks`. */
const oneEntryChecks = (value: (name: string) => SQL) =>
  sql`checks as (select ${entryOf(value)} as "entryId")`;

const removeInOneStatement = preparedStatement("playlist_remove_song", (value) =>
  entryEditStatement(value, {
    checks: oneEntryChecks(value),
    ok: sql`c."entryId" is not null`,
    writes: sql`gone as (
        delete from playlist_entries where id = (select "entryId" from checks) and ${whenLocked}
        returning id, section_id),
      ${closeGap}`,
  }),
);

/** The refusal of an edit of one entry: not in the playlist, 404. */
function refuseMissingEntry(row: { entryId: string | null }): void {
  if (!row.entryId) throw notFound(PLAYLIST_MESSAGES.songNotInPlaylist);
}

/**
 * Removes an entry (by song or entry id) and closes the gap it leaves. One statement; the locking way after a
 * concurrent edit.
 */
export async function removeSong(
  db: Db,
  playlistId: string,
  edit: EntryEdit,
  songOrEntryId: string,
): Promise<EntryEditMade> {
  return editInOneStatement(
    db,
    playlistId,
    edit,
    {
      statement: removeInOneStatement<EntryEditRow & { entryId: string | null }>,
      values: {
        songOrEntryId,
      },
    },
    refuseMissingEntry,
    () =>
      withEntriesLocked(db, playlistId, edit, async (tx) => {
        const [row] = await removeEntry<{ removed: number }>(tx, { playlistId, songOrEntryId });
        if (!row?.removed) throw notFound(PLAYLIST_MESSAGES.songNotInPlaylist);
      }),
  );
}

/** The move's refusals, in the order the locking way makes them; the entry to move. */
function refuseMove(
  read: Omit<MoveRead, "entries"> | undefined,
  fromSectionId: string | undefined,
): PlacedEntry {
  const entry = read?.entry;
  if (!read || !entry) throw notFound(PLAYLIST_MESSAGES.songNotInPlaylist);
  if (fromSectionId && fromSectionId !== entry.sectionId) {
    if (!read.fromExists) throw notASection("fromSectionId");
    throw conflict(PLAYLIST_MESSAGES.movedMeanwhile);
  }
  if (!read.toExists) throw notASection("toSectionId");
  return entry;
}

/**
 * Moves an entry to a section at `order` (the end when omitted); within one section it reorders. A
 * `fromSectionId` that is not where the song is now means the caller's view is stale: 409, so it reloads. One
 * statement; the locking way after a concurrent edit.
 */
export async function moveSong(
  db: Db,
  playlistId: string,
  edit: EntryEdit,
  songOrEntryId: string,
  input: { fromSectionId?: string; toSectionId: string; order?: number },
): Promise<EntryEditMade> {
  return editInOneStatement(
    db,
    playlistId,
    edit,
    {
      statement: moveInOneStatement<EntryEditRow & Omit<MoveRead, "entries">>,
      values: {
        songOrEntryId,
        toSectionId: input.toSectionId,
        fromSectionId: input.fromSectionId ?? null,
        order: input.order ?? null,
      },
    },
    (row) => refuseMove(row, input.fromSectionId),
    () => moveSongLocked(db, playlistId, edit, songOrEntryId, input),
  );
}

async function moveSongLocked(
  db: Db,
  playlistId: string,
  edit: EntryEdit,
  songOrEntryId: string,
  input: { fromSectionId?: string; toSectionId: string; order?: number },
): Promise<EntryEditMade> {
  return withEntriesLocked(db, playlistId, edit, async (tx) => {
    const [read] = await moveRead<MoveRead>(tx, {
      playlistId,
      songOrEntryId,
      toSectionId: input.toSectionId,
      fromSectionId: input.fromSectionId ?? null,
    });
    const entry = refuseMove(read, input.fromSectionId);
    const entries = read?.entries ?? [];
    const inSection = (sectionId: string) =>
      entries.filter((row) => row.sectionId === sectionId && row.id !== entry.id);
    const others = inSection(input.toSectionId);
    const at = clamp(input.order, others.length);
    const moved = placements([...others.slice(0, at), entry, ...others.slice(at)], input.toSectionId);
    if (entry.sectionId !== input.toSectionId)
      moved.push(...placements(inSection(entry.sectionId), entry.sectionId));
    if (moved.length > 0) await writeEntries(tx, { playlistId, moved: JSON.stringify(moved), added: "[]" });
  });
}

const setKey = preparedStatement(
  "playlist_entry_key",
  (value) =>
    sql`update playlist_entries set key = ${value("key")}::text where id = ${entryOf(value)} returning id`,
);

const setKeyInOneStatement = preparedStatement("playlist_set_key", (value) =>
  entryEditStatement(value, {
    checks: oneEntryChecks(value),
    ok: sql`c."entryId" is not null`,
    writes: sql`keyed as (
        update playlist_entries set key = ${value("key")}::text
        where id = (select "entryId" from checks) and ${whenLocked})`,
  }),
);

/** Sets or clears the key an entry is sung in. One statement; the locking way after a concurrent edit. */
export async function setEntryKey(
  db: Db,
  playlistId: string,
  edit: EntryEdit,
  songOrEntryId: string,
  key: string | null,
): Promise<EntryEditMade> {
  return editInOneStatement(
    db,
    playlistId,
    edit,
    {
      statement: setKeyInOneStatement<EntryEditRow & { entryId: string | null }>,
      values: {
        songOrEntryId,
        key,
      },
    },
    refuseMissingEntry,
    () =>
      withEntriesLocked(db, playlistId, edit, async (tx) => {
        const [row] = await setKey<{ id: string }>(tx, { playlistId, songOrEntryId, key });
        if (!row) throw notFound(PLAYLIST_MESSAGES.songNotInPlaylist);
      }),
  );
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

/** 404 unless the reader may see the song (the one visibility rule): a song's history names it. */
export async function requireVisibleSong(db: Db, songId: string, userId: string): Promise<void> {
  const [row] = await db
    .select({ id: songs.id })
    .from(songs)
    .where(and(eq(songs.id, songId), songVisibleTo(userId)));
  if (!row) throw notFound(SONG_MESSAGES.notFound);
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
