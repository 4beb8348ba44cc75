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

/** The four standard voice parts, by these names; a choir adds parts of its own (`voiceParts`). */
export const STANDARD_VOICE_PARTS = ["Soprano", "Alto", "Tenor", "Bass"] as const;

/** A voice part's name: trimmed, 1–40 characters. */
export const VoicePartName = z.string().trim().min(1).max(LIMITS.voicePartMax);

/** A choir's own voice parts: distinct names (whatever their case), none of the standard ones, at most 20. */
export const ChoirVoiceParts = z
  .array(VoicePartName)
  .max(LIMITS.choirVoicePartsMax)
  .transform((parts) => {
    const seen = new Set<string>(STANDARD_VOICE_PARTS.map((part) => part.toLocaleLowerCase()));
    return parts.filter((part) => {
      const key = part.toLocaleLowerCase();
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    });
  });

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
    /** The choir's own voice parts beside the standard four; omitted → unchanged. */
    voiceParts: ChoirVoiceParts.optional(),
  })
  .meta({ id: "UpdateChoir" });
export type UpdateChoir = z.input<typeof UpdateChoir>;

export const ChoirMember = z
  .object({
    id: z.uuid(),
    name: z.string(),
    email: z.string(),
    role: ChoirRole,
    /** The part they sing in this choir, or null when not chosen. */
    voicePart: z.string().nullable(),
  })
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
    /** Voice parts of the choir's own, beside the standard four (STANDARD_VOICE_PARTS). */
    voiceParts: z.array(z.string()),
    createdAt: z.iso.datetime(),
    members: z.array(ChoirMember),
  })
  .meta({ id: "Choir" });
export type Choir = z.infer<typeof Choir>;

/** A member's voice part: a name (a standard part, one of the choir's, or another), or null / blank for none. */
export const SetVoicePart = z
  .object({
    voicePart: z.union([
      z.null(),
      z.literal("").transform(() => null),
      z.string().trim().max(LIMITS.voicePartMax),
    ]),
  })
  .transform(({ voicePart }) => ({ voicePart: voicePart ? voicePart : null }))
  .meta({ id: "SetVoicePart" });
export type SetVoicePart = z.input<typeof SetVoicePart>;

export const ChangeMemberRole = z.object({ role: ChoirRole }).meta({ id: "ChangeMemberRole" });
export type ChangeMemberRole = z.infer<typeof ChangeMemberRole>;

export const ChoirIdParams = z.object({ id: z.uuid() });
export const ChoirMemberParams = z.object({ id: z.uuid(), memberId: z.uuid() });
