import { asc, eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { choirMembers, choirs, users } from "../../db/schema/index.js";
import { notFound } from "../../http/errors.js";
import { announceMembershipEnded } from "../../shared/live-notify.js";

export type ChoirRow = typeof choirs.$inferSelect;

export interface ChoirWithMembers {
  choir: ChoirRow;
  members: {
    id: string;
    firstName: string;
    lastName: string;
    email: string;
    role: "ChoirAdmin" | "ChoirMember";
    voicePart: string | null;
  }[];
}

/** Creates a choir with its creator as ChoirAdmin, and makes it the creator's current choir if none is. */
export async function createChoir(
  db: Db,
  creatorId: string,
  input: { name: string; address?: string; notes?: string },
): Promise<string> {
  return db.transaction(async (tx) => {
    const [choir] = await tx
      .insert(choirs)
      .values({ name: input.name, address: input.address ?? null, notes: input.notes ?? null })
      .returning({ id: choirs.id });
    await tx.insert(choirMembers).values({ choirId: choir!.id, userId: creatorId, role: "ChoirAdmin" });
    await tx
      .update(users)
      .set({ currentChoirId: sql`coalesce(${users.currentChoirId}, ${choir!.id})` })
      .where(eq(users.id, creatorId));
    return choir!.id;
  });
}

/** A member's columns as the choir's member list shows them (users joined to choir_members). */
export const memberColumns = {
  id: users.id,
  firstName: users.firstName,
  lastName: users.lastName,
  email: users.email,
  role: choirMembers.role,
  voicePart: choirMembers.voicePart,
};

export async function getChoirWithMembers(db: Db, choirId: string): Promise<ChoirWithMembers> {
  const [choir] = await db.select().from(choirs).where(eq(choirs.id, choirId));
  if (!choir) throw notFound();
  const members = await db
    .select(memberColumns)
    .from(choirMembers)
    .innerJoin(users, eq(users.id, choirMembers.userId))
    .where(eq(choirMembers.choirId, choirId))
    // administrators first, then by name
    .orderBy(asc(choirMembers.role), asc(users.firstName), asc(users.lastName), asc(users.email));
  return { choir, members };
}

/** Renames or edits a choir: `undefined` keeps a field, `null` or blank clears it. */
export async function updateChoir(
  db: Db,
  choirId: string,
  input: {
    name: string;
    address?: string | null;
    notes?: string | null;
    membersEditPlaylists?: boolean;
    voiceParts?: string[];
  },
): Promise<void> {
  const blankToNull = (value: string | null | undefined) => (value === undefined ? undefined : value || null);
  await db
    .update(choirs)
    .set({
      name: input.name,
      address: blankToNull(input.address),
      notes: blankToNull(input.notes),
      membersEditPlaylists: input.membersEditPlaylists,
      voiceParts: input.voiceParts,
      updatedAt: new Date(),
    })
    .where(eq(choirs.id, choirId));
}

/**
 * Deletes a choir and, through the foreign keys' cascades in the same statement, its members, invitations,
 * links, playlists, templates and its versions of songs (with their tags, search rows and playlist entries); songs
 * shared with it only lose that share (choirs.test.ts).
 */
export async function deleteChoir(db: Db, choirId: string): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.delete(choirs).where(eq(choirs.id, choirId));
    // Every live stream of the choir's playlists closes when this commits.
    await announceMembershipEnded(tx, choirId, null);
  });
}
