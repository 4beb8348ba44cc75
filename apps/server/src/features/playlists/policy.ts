import { requireMember } from "../../access/choir-access.js";
import type { Db } from "../../db/client.js";

export { visibleTo as songVisibleTo } from "../songs/policy.js";

interface PlaylistOwner {
  choirId: string;
}

/** A playlist is visible to its choir's members only; to anyone else it does not exist (404). */
export async function requirePlaylistReader(db: Db, playlist: PlaylistOwner, userId: string): Promise<void> {
  await requireMember(db, playlist.choirId, userId);
}

/**
 * Building and editing a choir's playlists (create, edit, add, move, remove, keys, delete) is open to every
 * member, administrators and singers alike, as the contract says: a director expects singers to help prepare
 * Sunday's list, and deleting is how the spec's screens unlock a playlist's template.
 */
export async function requirePlaylistEditor(db: Db, playlist: PlaylistOwner, userId: string): Promise<void> {
  await requireMember(db, playlist.choirId, userId);
}
