import { and, eq } from "drizzle-orm";
import type { Db } from "../db/client.js";
import { choirMembers } from "../db/schema/index.js";
import { forbidden, notFound } from "../http/errors.js";

export type ChoirRole = "ChoirAdmin" | "ChoirMember";

/** The caller's role in a choir, read from the database on every request; undefined when not a member. */
export async function choirRole(db: Db, choirId: string, userId: string): Promise<ChoirRole | undefined> {
  const [row] = await db
    .select({ role: choirMembers.role })
    .from(choirMembers)
    .where(and(eq(choirMembers.choirId, choirId), eq(choirMembers.userId, userId)));
  return row?.role;
}

/** A choir is visible to its members only; to anyone else it does not exist (404). */
export async function requireMember(db: Db, choirId: string, userId: string): Promise<ChoirRole> {
  const role = await choirRole(db, choirId, userId);
  if (!role) throw notFound();
  return role;
}

/** Admin actions: outsiders get 404 (the choir stays hidden), members get 403. */
export async function requireAdmin(db: Db, choirId: string, userId: string): Promise<void> {
  const role = await requireMember(db, choirId, userId);
  if (role !== "ChoirAdmin") throw forbidden();
}
