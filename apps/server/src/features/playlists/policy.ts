import { PLAYLIST_MESSAGES } from "@choir/contract";
import { eq, type SQL, sql } from "drizzle-orm";
import { requireAdmin, requireMember } from "../../access/choir-access.js";
import { type Db, preparedStatement } from "../../db/client.js";
import { choirs } from "../../db/schema/index.js";
import { forbidden, notFound } from "../../http/errors.js";

export { songColumnsOf, songVisible, visibleTo as songVisibleTo } from "../songs/policy.js";

interface PlaylistOwner {
  choirId: string;
}

/**
 * A playlist is visible to its choir's members only; to anyone else it does not exist (404). The read learns whether
 * the reader is a member in the statement that reads the playlist (`getPlaylist`), so no query is spent here.
 */
export function requirePlaylistReader(playlist: { readerIsMember: boolean }): void {
  if (!playlist.readerIsMember) throw notFound();
}

/**
 * Building and editing a choir's playlists (create, edit, sections, add, move, remove, keys): administrators
 * always; plain members unless the choir's administrators turned members' playlist editing off (the choir's
 * `membersEditPlaylists`, on by default). Outsiders get 404, members who may not edit 403.
 */
export async function requirePlaylistEditor(db: Db, playlist: PlaylistOwner, userId: string): Promise<void> {
  const role = await requireMember(db, playlist.choirId, userId);
  if (role === "ChoirAdmin") return;
  const [choir] = await db
    .select({ membersEditPlaylists: choirs.membersEditPlaylists })
    .from(choirs)
    .where(eq(choirs.id, playlist.choirId));
  refuseUnlessEditor(role, choir?.membersEditPlaylists ?? false);
}

/** Administrators edit; members only while the choir lets them (403 otherwise). */
function refuseUnlessEditor(role: string, membersEdit: boolean): void {
  if (role !== "ChoirAdmin" && !membersEdit) throw forbidden();
}

/** Deleting a playlist is for the choir's administrators: members get 403, outsiders 404. */
export async function requirePlaylistDeleter(db: Db, playlist: PlaylistOwner, userId: string): Promise<void> {
  await requireAdmin(db, playlist.choirId, userId);
}

/** The row of `EditorCheckRow` for a playlist and a caller (SQL values), for a statement of its own or a part of one. */
export const editorRow = (playlistId: SQL, userId: SQL) =>
  sql`select p.id, p.choir_id as "choirId", m.role, c.members_edit_playlists as "membersEdit"
    from playlists p join choirs c on c.id = p.choir_id
    left join choir_members m on m.choir_id = p.choir_id and m.user_id = ${userId}::uuid
    where p.id = ${playlistId}::uuid`;

/**
 * The playlist an edit is for, with the caller's role in its choir and the choir's setting, in one statement
 * (prepared once a connection; an edit's policy took three): unknown playlist or outsider → 404, a member while the
 * choir keeps playlists to its administrators → 403, as `requirePlaylistEditor` answers.
 */
const editorCheck = preparedStatement("playlist_editor_check", (value) =>
  editorRow(value("playlistId"), value("userId")),
);

/** What the edit checks of a playlist learn: its choir, the caller's role in it and the choir's setting. */
export interface EditorCheckRow {
  id: string;
  choirId: string;
  /** The caller's role in the playlist's choir; null for an outsider. */
  role: string | null;
  membersEdit: boolean;
}

/** 404 for an unknown playlist or an outsider, 403 for a member the choir does not let edit. */
export function refuseUnlessEditorOf(row: EditorCheckRow | undefined): asserts row is EditorCheckRow {
  if (!row?.role) throw notFound(row ? undefined : PLAYLIST_MESSAGES.notFound);
  refuseUnlessEditor(row.role, row.membersEdit);
}

/** Whether a caller with `role` (SQL: the caller's role, null for an outsider) may edit (SQL, for a statement). */
export const mayEditPlaylists = (role: SQL, membersEdit: SQL) =>
  sql`(${role} = 'ChoirAdmin' or (${role} is not null and ${membersEdit}))`;

export async function requireEditablePlaylist(
  db: Db,
  playlistId: string,
  userId: string,
): Promise<{ id: string; choirId: string }> {
  const [row] = await editorCheck<EditorCheckRow>(db, { playlistId, userId });
  refuseUnlessEditorOf(row);
  return { id: row.id, choirId: row.choirId };
}
