import { z } from "zod";
import { LIMITS } from "./limits.js";
import { ChoirRole } from "./users.js";

const trimmed = (max: number) => z.string().trim().max(max);

export const ChoirName = z.string().trim().min(1).max(LIMITS.choirNameMax);

/** Optional text: omitted or blank means none. */
const optionalText = (max: number) =>
  trimmed(max)
    .nullish()
    .transform((v) => (v ? v : undefined));

export const CreateChoir = z
  .object({
    name: ChoirName,
    address: optionalText(LIMITS.choirAddressMax),
    notes: optionalText(LIMITS.choirNotesMax),
  })
  .meta({ id: "CreateChoir" });
export type CreateChoir = z.input<typeof CreateChoir>;

/**
 * Rename or edit a choir. `address` and `notes`: omitted → unchanged; null or blank → cleared;
 * text → replaced (trimmed).
 */
export const UpdateChoir = z
  .object({
    name: ChoirName,
    address: trimmed(LIMITS.choirAddressMax).nullish(),
    notes: trimmed(LIMITS.choirNotesMax).nullish(),
    /** Whether plain members may build and edit the choir's playlists; omitted → unchanged. */
    membersEditPlaylists: z.boolean().optional(),
  })
  .meta({ id: "UpdateChoir" });
export type UpdateChoir = z.input<typeof UpdateChoir>;

export const ChoirMember = z
  .object({ id: z.uuid(), name: z.string(), email: z.string(), role: ChoirRole })
  .meta({ id: "ChoirMember" });
export type ChoirMember = z.infer<typeof ChoirMember>;

export const Choir = z
  .object({
    id: z.uuid(),
    name: z.string(),
    address: z.string().nullable(),
    notes: z.string().nullable(),
    /** Whether plain members may build and edit the choir's playlists (administrators always may). */
    membersEditPlaylists: z.boolean(),
    createdAt: z.iso.datetime(),
    members: z.array(ChoirMember),
  })
  .meta({ id: "Choir" });
export type Choir = z.infer<typeof Choir>;

export const ChangeMemberRole = z.object({ role: ChoirRole }).meta({ id: "ChangeMemberRole" });
export type ChangeMemberRole = z.infer<typeof ChangeMemberRole>;

export const ChoirIdParams = z.object({ id: z.uuid() });
export const ChoirMemberParams = z.object({ id: z.uuid(), memberId: z.uuid() });
