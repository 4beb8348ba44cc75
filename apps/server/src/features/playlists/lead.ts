import { PLAYLIST_MESSAGES } from "@choir/contract";
import { and, eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { playlistEntries, playlistFollowers, playlistLeads } from "../../db/schema/index.js";
import { notFound } from "../../http/errors.js";
import { recordPlaylistChange } from "../../shared/live-notify.js";
import { personName } from "../../shared/person-name.js";

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];
type Executor = Db | Tx;

/** What every reader of a playlist is told about its sing-mode leader (the `lead` event's fields). */
export interface LeadState {
  leader: { id: string; name: string } | null;
  entryId: string | null;
  position: number;
  followers: number;
}

/** The playlist a lead belongs to (its choir decides who counts). */
interface LeadPlaylist {
  id: string;
  choirId: string;
}

/** Positions closer than this are the same place (a repeated turn is not announced again). */
const SAME_PLACE = 0.001;

/**
 * The playlist's leader and place, and how many of its choir's members follow (a leader or follower who left the
 * choir does not count). One statement.
 */
export async function readLead(db: Executor, playlist: LeadPlaylist): Promise<LeadState> {
  const result = await db.execute(sql`
    select l.leader_id, u.first_name, u.last_name, l.entry_id, l.position,
      (select count(*)::int from playlist_followers f
        join choir_members m on m.user_id = f.user_id and m.choir_id = ${playlist.choirId}
        where f.playlist_id = ${playlist.id}
          and f.user_id is distinct from l.leader_id) as followers
    from (select 1) as one
    left join playlist_leads l on l.playlist_id = ${playlist.id}
      and exists (select 1 from choir_members lm where lm.choir_id = ${playlist.choirId} and lm.user_id = l.leader_id)
    left join users u on u.id = l.leader_id`);
  const [row] = (
    result as unknown as {
      rows: {
        leader_id: string | null;
        first_name: string | null;
        last_name: string | null;
        entry_id: string | null;
        position: number | string | null;
        followers: number | string;
      }[];
    }
  ).rows;
  const leader =
    row?.leader_id != null
      ? {
          id: row.leader_id,
          name: personName({ firstName: row.first_name ?? "", lastName: row.last_name ?? "" }),
        }
      : null;
  return {
    leader,
    entryId: leader ? (row?.entry_id ?? null) : null,
    position: leader ? Math.min(1, Math.max(0, Number(row?.position ?? 0))) : 0,
    followers: Number(row?.followers ?? 0),
  };
}

/** Tells every reader of the playlist the lead as it now is (recorded, then announced on commit). */
async function announceLead(tx: Tx, playlist: LeadPlaylist, actorId: string): Promise<LeadState> {
  const state = await readLead(tx, playlist);
  await recordPlaylistChange(tx, {
    playlistId: playlist.id,
    choirId: playlist.choirId,
    type: "lead",
    actorId,
    detail: { ...state },
  });
  return state;
}

/** Whether `userId` follows the playlist's leader. */
export async function isFollowing(db: Executor, playlistId: string, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ userId: playlistFollowers.userId })
    .from(playlistFollowers)
    .where(and(eq(playlistFollowers.playlistId, playlistId), eq(playlistFollowers.userId, userId)));
  return row !== undefined;
}

/** The lead as one reader sees it: the state, and whether they follow. */
export async function leadFor(
  db: Executor,
  playlist: LeadPlaylist,
  userId: string,
): Promise<LeadState & { isFollowing: boolean }> {
  const [state, following] = await Promise.all([
    readLead(db, playlist),
    isFollowing(db, playlist.id, userId),
  ]);
  return { ...state, isFollowing: following };
}

/**
 * `userId` leads from `entryId`, `position` down it: takes the lead if no one (or someone else) has it. A leader does
 * not follow. The same place again is not announced. The entry must be the playlist's (else 404).
 */
export async function lead(
  db: Db,
  playlist: LeadPlaylist,
  userId: string,
  place: { entryId: string; position: number },
): Promise<LeadState> {
  return db.transaction(async (tx) => {
    const [entry] = await tx
      .select({ id: playlistEntries.id })
      .from(playlistEntries)
      .where(and(eq(playlistEntries.playlistId, playlist.id), eq(playlistEntries.id, place.entryId)));
    if (!entry) throw notFound(PLAYLIST_MESSAGES.songNotInPlaylist);
    const [current] = await tx
      .select()
      .from(playlistLeads)
      .where(eq(playlistLeads.playlistId, playlist.id))
      .for("update");
    const isSamePlace =
      current?.leaderId === userId &&
      current.entryId === place.entryId &&
      Math.abs(current.position - place.position) < SAME_PLACE;
    if (isSamePlace) return readLead(tx, playlist);
    await tx
      .insert(playlistLeads)
      .values({ playlistId: playlist.id, leaderId: userId, entryId: place.entryId, position: place.position })
      .onConflictDoUpdate({
        target: playlistLeads.playlistId,
        set: { leaderId: userId, entryId: place.entryId, position: place.position, updatedAt: new Date() },
      });
    await tx
      .delete(playlistFollowers)
      .where(and(eq(playlistFollowers.playlistId, playlist.id), eq(playlistFollowers.userId, userId)));
    return announceLead(tx, playlist, userId);
  });
}

/** Ends the lead, whoever has it; announced when there was one. Returns whether there was. */
export async function endLead(db: Db, playlist: LeadPlaylist, actorId: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    const ended = await tx
      .delete(playlistLeads)
      .where(eq(playlistLeads.playlistId, playlist.id))
      .returning({ leaderId: playlistLeads.leaderId });
    if (ended.length > 0) await announceLead(tx, playlist, actorId);
    return ended.length > 0;
  });
}

/** The playlist's current leader, if any. */
export async function leaderOf(db: Executor, playlistId: string): Promise<string | null> {
  const [row] = await db
    .select({ leaderId: playlistLeads.leaderId })
    .from(playlistLeads)
    .where(eq(playlistLeads.playlistId, playlistId));
  return row?.leaderId ?? null;
}

/** `userId` follows (true) or steps away (false); announced when it changed anything. */
export async function setFollowing(
  db: Db,
  playlist: LeadPlaylist,
  userId: string,
  isFollowingNow: boolean,
): Promise<LeadState> {
  return db.transaction(async (tx) => {
    const changed = isFollowingNow
      ? await tx
          .insert(playlistFollowers)
          .values({ playlistId: playlist.id, userId })
          .onConflictDoNothing()
          .returning({ userId: playlistFollowers.userId })
      : await tx
          .delete(playlistFollowers)
          .where(and(eq(playlistFollowers.playlistId, playlist.id), eq(playlistFollowers.userId, userId)))
          .returning({ userId: playlistFollowers.userId });
    return changed.length > 0 ? announceLead(tx, playlist, userId) : readLead(tx, playlist);
  });
}

/**
 * A person's last live stream of the playlist closed (on this instance): they no longer follow, and a lead of theirs
 * ends. Their app says again what it was doing when it reconnects.
 */
export async function releasePresence(db: Db, playlist: LeadPlaylist, userId: string): Promise<void> {
  await db.transaction(async (tx) => {
    const followed = await tx
      .delete(playlistFollowers)
      .where(and(eq(playlistFollowers.playlistId, playlist.id), eq(playlistFollowers.userId, userId)))
      .returning({ userId: playlistFollowers.userId });
    const led = await tx
      .delete(playlistLeads)
      .where(and(eq(playlistLeads.playlistId, playlist.id), eq(playlistLeads.leaderId, userId)))
      .returning({ leaderId: playlistLeads.leaderId });
    if (followed.length > 0 || led.length > 0) await announceLead(tx, playlist, userId);
  });
}
