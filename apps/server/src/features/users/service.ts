import { asc, eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { choirMembers, choirs, users } from "../../db/schema/index.js";
import { notFound } from "../../http/errors.js";

export type UserRow = typeof users.$inferSelect;

export interface UserWithChoirs {
  user: UserRow;
  choirs: { id: string; name: string; role: "ChoirAdmin" | "ChoirMember"; voicePart: string | null }[];
}

/** Finds the user by e-mail, case-insensitively, or creates one; `created` tells a first sign-in. */
export async function findOrCreateUserByEmail(
  db: Db,
  identity: { email: string; firstName: string; lastName: string },
): Promise<{ user: UserRow; created: boolean }> {
  const byEmail = sql`lower(${users.email}) = lower(${identity.email})`;
  const [existing] = await db.select().from(users).where(byEmail);
  if (existing) return { user: existing, created: false };
  const [inserted] = await db
    .insert(users)
    .values({ email: identity.email, firstName: identity.firstName, lastName: identity.lastName })
    .onConflictDoNothing()
    .returning();
  if (inserted) return { user: inserted, created: true };
  // Another sign-in of the same address created it a moment ago.
  const [raced] = await db.select().from(users).where(byEmail);
  if (!raced) throw new Error("user vanished during sign-in");
  return { user: raced, created: false };
}

export async function getUserWithChoirs(db: Db, userId: string): Promise<UserWithChoirs> {
  const [user] = await db.select().from(users).where(eq(users.id, userId));
  if (!user) throw notFound();
  const memberships = await db
    .select({ id: choirs.id, name: choirs.name, role: choirMembers.role, voicePart: choirMembers.voicePart })
    .from(choirMembers)
    .innerJoin(choirs, eq(choirs.id, choirMembers.choirId))
    .where(eq(choirMembers.userId, userId))
    .orderBy(asc(choirs.name));
  return { user, choirs: memberships };
}

export async function updateUserName(
  db: Db,
  userId: string,
  name: { firstName: string; lastName: string },
): Promise<void> {
  await db
    .update(users)
    .set({ firstName: name.firstName, lastName: name.lastName, updatedAt: new Date() })
    .where(eq(users.id, userId));
}

export async function completeOnboarding(
  db: Db,
  userId: string,
  role: "ChoirAdmin" | "GeneralUser",
): Promise<void> {
  await db
    .update(users)
    .set({ role, hasCompletedOnboarding: true, updatedAt: new Date() })
    .where(eq(users.id, userId));
}

export async function setCurrentChoir(db: Db, userId: string, choirId: string): Promise<void> {
  await db.update(users).set({ currentChoirId: choirId, updatedAt: new Date() }).where(eq(users.id, userId));
}
