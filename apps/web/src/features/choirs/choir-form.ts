import type { CreateChoir, UpdateChoir } from "@choir/contract";
import { LIMITS } from "@choir/contract";

/** The create body: the name trimmed; address and notes trimmed and sent only when non-empty. */
export function createChoirBody(values: { name: string; address?: string; notes?: string }): CreateChoir {
  const body: CreateChoir = { name: values.name.trim() };
  const address = values.address?.trim();
  const notes = values.notes?.trim();
  if (address) body.address = address;
  if (notes) body.notes = notes;
  return body;
}

/** Editing address and notes: blank clears them (null), text replaces them. */
export function detailsBody(name: string, values: { address: string; notes: string }): UpdateChoir {
  return { name, address: values.address.trim() || null, notes: values.notes.trim() || null };
}

export type NameProblem = "empty" | "tooLong" | null;

/** The rename rule: trimmed, non-empty, at most 100 characters. */
export function choirNameProblem(name: string): NameProblem {
  const trimmed = name.trim();
  if (!trimmed) return "empty";
  if (trimmed.length > LIMITS.choirNameMax) return "tooLong";
  return null;
}

/** Administrator status comes from the user's own role in the choir's member list. */
export function isChoirAdmin(choir: { members: { id: string; role: string }[] }, userId: string): boolean {
  return choir.members.some((member) => member.id === userId && member.role === "ChoirAdmin");
}
