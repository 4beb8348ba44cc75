import { sql } from "drizzle-orm";
import type { Db } from "../db/client.js";

/** The notification channel of live playlists, shared by every instance on the same database. */
export const LIVE_CHANNEL = "choir_live";

/** What travels on the channel: a playlist's recorded change, or the end of someone's (or everyone's) membership. */
export type LiveNotice =
  | { kind: "event"; id: number; playlistId: string; choirId: string; type: string; actorId: string | null }
  | { kind: "membership"; choirId: string; userId: string | null };

/** Changes a playlist's readers hear about. */
export type PlaylistChange =
  | "updated"
  | "song-added"
  | "song-removed"
  | "song-moved"
  | "key-changed"
  | "created"
  | "deleted";

type Executor = Pick<Db, "execute">;

/**
 * Records a change to a playlist and announces it, in one statement: inside a transaction the announcement goes out
 * when it commits, and not at all if it rolls back. Returns the event's id.
 */
export async function recordPlaylistChange(
  db: Executor,
  change: { playlistId: string; choirId: string; type: PlaylistChange; actorId: string | null },
): Promise<number> {
  const result = await db.execute(sql`
    with event as (
      insert into playlist_events (playlist_id, choir_id, type, actor_id)
      values (${change.playlistId}, ${change.choirId}, ${change.type}, ${change.actorId})
      returning id, playlist_id, choir_id, type, actor_id
    )
    select id, pg_notify(${LIVE_CHANNEL}, json_build_object(
      'kind', 'event', 'id', id, 'playlistId', playlist_id, 'choirId', choir_id, 'type', type,
      'actorId', actor_id)::text)
    from event`);
  const [row] = (result as unknown as { rows: { id: string | number }[] }).rows;
  return Number(row?.id ?? 0);
}

/**
 * Announces that a person left a choir (or, with `userId` null, that the choir is gone): their live streams of its
 * playlists close. Inside a transaction it goes out on commit.
 */
export async function announceMembershipEnded(
  db: Executor,
  choirId: string,
  userId: string | null,
): Promise<void> {
  const notice: LiveNotice = { kind: "membership", choirId, userId };
  await db.execute(sql`select pg_notify(${LIVE_CHANNEL}, ${JSON.stringify(notice)})`);
}

/** A notice read back from the channel; anything else is ignored. */
export function parseLiveNotice(payload: string): LiveNotice | null {
  try {
    const value = JSON.parse(payload) as Partial<Record<string, unknown>>;
    if (value.kind === "event" && typeof value.playlistId === "string" && typeof value.choirId === "string") {
      const id = Number(value.id);
      return Number.isSafeInteger(id) && typeof value.type === "string"
        ? {
            kind: "event",
            id,
            playlistId: value.playlistId,
            choirId: value.choirId,
            type: value.type,
            actorId: typeof value.actorId === "string" ? value.actorId : null,
          }
        : null;
    }
    if (value.kind === "membership" && typeof value.choirId === "string") {
      return {
        kind: "membership",
        choirId: value.choirId,
        userId: typeof value.userId === "string" ? value.userId : null,
      };
    }
  } catch {
    // Not ours.
  }
  return null;
}
