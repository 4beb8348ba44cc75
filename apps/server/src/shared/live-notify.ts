import { AsyncLocalStorage } from "node:async_hooks";
import { type SQL, sql } from "drizzle-orm";
import type { Db } from "../db/client.js";

/** The notification channel of live playlists, shared by every instance on the same database. */
export const LIVE_CHANNEL = "choir_live";

/**
 * What travels on the channel: a playlist's recorded change, the end of someone's (or everyone's) membership, or the
 * end of a session (signed out, revoked).
 */
export type LiveNotice =
  | {
      kind: "event";
      id: number;
      playlistId: string;
      choirId: string;
      type: string;
      actorId: string | null;
      /** What readers are told beyond the change's kind (the leader's place, for `lead`). */
      detail?: Record<string, unknown> | null;
    }
  | { kind: "membership"; choirId: string; userId: string | null }
  | { kind: "session"; sessionId: string };

/** Changes a playlist's readers hear about. */
export type PlaylistChange =
  | "updated"
  | "song-added"
  | "song-removed"
  | "song-moved"
  | "key-changed"
  /** An entry's note changed; its song switched between the original and the choir's version; several at once. */
  | "note-changed"
  | "song-switched"
  | "entry-changed"
  | "section-renamed"
  | "created"
  | "deleted"
  /** The leader of sing mode moved, started or stopped, or someone began or stopped following. */
  | "lead"
  /** A part or choir marking on a score of one of its songs was saved or deleted (features/scores/markings.ts). */
  | "marking";

type Executor = Pick<Db, "execute">;

/**
 * Notices recorded while a piece of work runs (a request, a stream's release), for a transport that sends them
 * itself once that work is done (Redis); on PostgreSQL `pg_notify` has sent them on commit.
 */
const recorded = new AsyncLocalStorage<LiveNotice[]>();

/** Runs `work` with notices recorded into `into` (see `recorded`). */
export function recordingLiveNotices<T>(into: LiveNotice[], work: () => T): T {
  return recorded.run(into, work);
}

/**
 * The announcement of a recorded change, as a column of a statement that reads the inserted `event` row (`id`,
 * `playlist_id`, `choir_id`, `type`, `actor_id`): `pg_notify` on the live channel, sent when the transaction commits.
 */
export const announceEvent = (detail: SQL) =>
  sql`pg_notify(${sql.raw(`'${LIVE_CHANNEL}'`)}, json_build_object(
      'kind', 'event', 'id', event.id, 'playlistId', event.playlist_id, 'choirId', event.choir_id,
      'type', event.type, 'actorId', event.actor_id, 'detail', ${detail}::json)::text)`;

/** Keeps a notice for a transport that sends notices itself once the request is done (`recordingLiveNotices`). */
export function noteAnnounced(notice: LiveNotice): void {
  recorded.getStore()?.push(notice);
}

/**
 * Records a change to a playlist and announces it, in one statement: inside a transaction the announcement goes out
 * when it commits, and not at all if it rolls back. Returns the event's id.
 */
export async function recordPlaylistChange(
  db: Executor,
  change: {
    playlistId: string;
    choirId: string;
    type: PlaylistChange;
    actorId: string | null;
    detail?: Record<string, unknown>;
  },
): Promise<number> {
  const detail = change.detail ? JSON.stringify(change.detail) : null;
  const result = await db.execute(sql`
    with event as (
      insert into playlist_events (playlist_id, choir_id, type, actor_id)
      values (${change.playlistId}, ${change.choirId}, ${change.type}, ${change.actorId})
      returning id, playlist_id, choir_id, type, actor_id
    )
    select id, ${announceEvent(sql`${detail}`)}
    from event`);
  const [row] = (result as unknown as { rows: { id: string | number }[] }).rows;
  const id = Number(row?.id ?? 0);
  noteAnnounced({
    kind: "event",
    id,
    playlistId: change.playlistId,
    choirId: change.choirId,
    type: change.type,
    actorId: change.actorId,
    detail: change.detail ?? null,
  });
  return id;
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
  noteAnnounced(notice);
}

/**
 * Announces that a session ended (signed out or revoked): its live streams close on every instance. Inside a
 * transaction it goes out on commit.
 */
export async function announceSessionEnded(db: Executor, sessionId: string): Promise<void> {
  const notice: LiveNotice = { kind: "session", sessionId };
  await db.execute(sql`select pg_notify(${LIVE_CHANNEL}, ${JSON.stringify(notice)})`);
  noteAnnounced(notice);
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
            detail:
              value.detail && typeof value.detail === "object" && !Array.isArray(value.detail)
                ? (value.detail as Record<string, unknown>)
                : null,
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
    if (value.kind === "session" && typeof value.sessionId === "string") {
      return { kind: "session", sessionId: value.sessionId };
    }
  } catch {
    // Not ours.
  }
  return null;
}
