import { eq } from "drizzle-orm";
import { requireAdmin, requireMember } from "../../access/choir-access.js";
import type { Db } from "../../db/client.js";
import { choirs } from "../../db/schema/index.js";
import { forbidden, notFound } from "../../http/errors.js";

export { visibleTo as songVisibleTo } from "../songs/policy.js";

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
  if (!choir?.membersEditPlaylists) throw forbidden();
}

/** Deleting a playlist is for the choir's administrators: members get 403, outsiders 404. */
export async function requirePlaylistDeleter(db: Db, playlist: PlaylistOwner, userId: string): Promise<void> {
  await requireAdmin(db, playlist.choirId, userId);
}
