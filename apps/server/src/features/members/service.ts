import { CHOIR_MESSAGES } from "@choir/contract";
import { and, eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { choirMembers, choirs, users } from "../../db/schema/index.js";
import { conflict, notFound } from "../../http/errors.js";
import { announceMembershipEnded } from "../../shared/live-notify.js";
import { memberColumns } from "../choirs/service.js";

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

/**
 * Runs a membership change with the choir row locked, so concurrent changes of one choir's members happen
 * one after another and the last-administrator rule cannot be raced past.
 */
async function withChoirLocked<T>(db: Db, choirId: string, change: (tx: Tx) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    const [choir] = await tx
      .select({ id: choirs.id })
      .from(choirs)
      .where(eq(choirs.id, choirId))
      .for("update");
    if (!choir) throw notFound();
    return change(tx);
  });
}

async function adminCount(tx: Tx, choirId: string): Promise<number> {
  const [row] = await tx
    .select({ count: sql<number>`count(*)::int` })
    .from(choirMembers)
    .where(and(eq(choirMembers.choirId, choirId), eq(choirMembers.role, "ChoirAdmin")));
  return row?.count ?? 0;
}

async function memberRole(tx: Tx, choirId: string, userId: string) {
  const [row] = await tx
    .select({ role: choirMembers.role })
    .from(choirMembers)
    .where(and(eq(choirMembers.choirId, choirId), eq(choirMembers.userId, userId)));
  return row?.role;
}

/** Removes a member (or the caller leaving); the last administrator cannot go. */
export async function removeMember(db: Db, choirId: string, memberId: string): Promise<void> {
  await withChoirLocked(db, choirId, async (tx) => {
    const role = await memberRole(tx, choirId, memberId);
    if (!role) throw notFound();
    if (role === "ChoirAdmin" && (await adminCount(tx, choirId)) <= 1)
      throw conflict(CHOIR_MESSAGES.lastAdmin);
    await tx
      .delete(choirMembers)
      .where(and(eq(choirMembers.choirId, choirId), eq(choirMembers.userId, memberId)));
    await tx
      .update(users)
      .set({ currentChoirId: null })
      .where(and(eq(users.id, memberId), eq(users.currentChoirId, choirId)));
    // Their live streams of the choir's playlists close when this commits.
    await announceMembershipEnded(tx, choirId, memberId);
  });
}

/** Promotes or demotes a member; demoting the last administrator is refused. */
export async function changeMemberRole(
  db: Db,
  choirId: string,
  memberId: string,
  role: "ChoirAdmin" | "ChoirMember",
) {
  return withChoirLocked(db, choirId, async (tx) => {
    const current = await memberRole(tx, choirId, memberId);
    if (!current) throw notFound();
    if (current === "ChoirAdmin" && role === "ChoirMember" && (await adminCount(tx, choirId)) <= 1) {
      throw conflict(CHOIR_MESSAGES.lastAdmin);
    }
    await tx
      .update(choirMembers)
      .set({ role })
      .where(and(eq(choirMembers.choirId, choirId), eq(choirMembers.userId, memberId)));
    return (await memberEntry(tx, choirId, memberId))!;
  });
}

/** A member as the choir's member list shows them, or undefined when not a member. */
async function memberEntry(db: Db | Tx, choirId: string, memberId: string) {
  const [member] = await db
    .select(memberColumns)
    .from(choirMembers)
    .innerJoin(users, eq(users.id, choirMembers.userId))
    .where(and(eq(choirMembers.choirId, choirId), eq(choirMembers.userId, memberId)));
  return member;
}

/** Sets (or clears, with null) the part a member sings in the choir; 404 when they are not a member. */
export async function setVoicePart(db: Db, choirId: string, memberId: string, voicePart: string | null) {
  const updated = await db
    .update(choirMembers)
    .set({ voicePart })
    .where(and(eq(choirMembers.choirId, choirId), eq(choirMembers.userId, memberId)))
    .returning({ userId: choirMembers.userId });
  if (updated.length === 0) throw notFound();
  return (await memberEntry(db, choirId, memberId))!;
}
