import { PLAYLIST_MESSAGES } from "@choir/contract";
import { type SQL, sql } from "drizzle-orm";
import { type Db, preparedStatement } from "../../db/client.js";
import { invalid, notFound } from "../../http/errors.js";
import { announceEvent, type PlaylistChange } from "../../shared/live-notify.js";
import { type EditorCheckRow, editorRow, mayEditPlaylists, refuseUnlessEditorOf } from "./policy.js";
import { mapConflicts, type Tx } from "./store.js";

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
export async function withEntriesLocked(
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
export const entryEditStatement = (
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
export const whenLocked = sql`exists (select 1 from locked)`;

export type EntryEditRow = EditorCheckRow & { eventId: string | null };

/**
 * Runs an entry edit's statement (`entryEditStatement`) with the edit's `values` and those every such statement
 * takes (the playlist, the caller, the change's type, the time): refuses as the locking way would (`refuse` throws the
 * edit's own refusals), and makes the edit the locking way (`locked`) when the statement wrote nothing: a
 * concurrent edit, or a case only that way handles.
 */
export async function editInOneStatement<Row extends EntryEditRow>(
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
export const entryOf = (value: (name: string) => SQL) =>
  sql`(select id from playlist_entries where playlist_id = ${value("playlistId")}::uuid
    and (song_id = ${value("songOrEntryId")}::uuid or id = ${value("songOrEntryId")}::uuid) limit 1)`;

/** A section's entries in order, as JSON `{ id, sectionId, position }`. */
export const entriesOf = (sections: SQL) =>
  sql`coalesce((select json_agg(json_build_object('id', e.id, 'sectionId', e.section_id, 'position', e.position)
    order by e.position, e.created_at, e.id) from playlist_entries e where e.section_id in (${sections})), '[]'::json)`;

export interface PlacedEntry {
  id: string;
  sectionId: string;
  position: number;
}

/**
 * Writes a change of entries in one statement: the entries whose section or position changes (`moved`), and the new
 * entries (`added`), each list as JSON. The playlist narrows the entries updated to its own few (by the playlist and
 * song index): joined by id alone, the planner expects a hundred rows from the JSON and reads every entry of every
 * playlist.
 */
export const writeEntries = preparedStatement(
  "playlist_entries_write",
  (value) => sql`with moved as (
      update playlist_entries e set section_id = v.section_id, position = v.position
      from json_to_recordset(${value("moved")}::json) as v(id uuid, section_id uuid, position int)
      where e.playlist_id = ${value("playlistId")}::uuid and e.id = v.id)
    insert into playlist_entries (id, playlist_id, section_id, song_id, position, key, note)
    select id, playlist_id, section_id, song_id, position, key, note
    from json_to_recordset(${value("added")}::json)
      as a(id uuid, playlist_id uuid, section_id uuid, song_id uuid, position int, key text, note text)`,
);

/** The entries of `ordered` placed in `sectionId` at 0..n-1 whose section or position that changes. */
export function placements(ordered: PlacedEntry[], sectionId: string) {
  return ordered.flatMap((entry, position) =>
    entry.sectionId === sectionId && entry.position === position
      ? []
      : [{ id: entry.id, section_id: sectionId, position }],
  );
}

export const clamp = (order: number | undefined, length: number) => Math.min(order ?? length, length);

export const notASection = (field: string) =>
  invalid([`body.${field}: not a section of this playlist`], PLAYLIST_MESSAGES.sectionNotFound);

/** An edit of one entry found by song or entry id (`entryOf`): its check, as the WITH clause `checks`. */
export const oneEntryChecks = (value: (name: string) => SQL) =>
  sql`checks as (select ${entryOf(value)} as "entryId")`;

/** The refusal of an edit of one entry: not in the playlist, 404. */
export function refuseMissingEntry(row: { entryId: string | null }): void {
  if (!row.entryId) throw notFound(PLAYLIST_MESSAGES.songNotInPlaylist);
}
