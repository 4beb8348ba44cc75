import { z } from "zod";
import { LIMITS } from "./limits.js";

export const UserRole = z.enum(["GeneralUser", "ChoirAdmin", "ChoirMember"]);
export type UserRole = z.infer<typeof UserRole>;

export const ChoirRole = z.enum(["ChoirAdmin", "ChoirMember"]);
export type ChoirRole = z.infer<typeof ChoirRole>;

export const UserChoir = z.object({
  id: z.uuid(),
  name: z.string(),
  role: ChoirRole,
  /** The part the user sings in this choir, or null when not chosen (absent in records kept by older apps). */
  voicePart: z.string().nullable().default(null),
});
export type UserChoir = z.infer<typeof UserChoir>;

export const CurrentUser = z
  .object({
    id: z.uuid(),
    email: z.string(),
    name: z.string(),
    firstName: z.string(),
    lastName: z.string(),
    role: UserRole,
    choirs: z.array(UserChoir),
    hasCompletedOnboarding: z.boolean(),
    isNewUser: z.boolean(),
    choirId: z.uuid().nullable(),
  })
  .meta({ id: "CurrentUser" });
export type CurrentUser = z.infer<typeof CurrentUser>;

const personName = z.string().trim().max(LIMITS.personNameMax);

export const UpdateMe = z
  .object({ firstName: personName.min(1), lastName: personName })
  .meta({ id: "UpdateMe" });
export type UpdateMe = z.infer<typeof UpdateMe>;

/** Accepts the two spellings the spec uses for the onboarding choice. */
export const OnboardingUserType = z.enum(["admin", "general", "ChoirAdmin", "GeneralUser"]);
export type OnboardingUserType = z.infer<typeof OnboardingUserType>;

export const CompleteOnboarding = z
  .object({ userType: OnboardingUserType })
  .meta({ id: "CompleteOnboarding" });
export type CompleteOnboarding = z.infer<typeof CompleteOnboarding>;

/** Makes a choir the caller's current one (opening its dashboard); members only. */
export const SetCurrentChoir = z.object({ choirId: z.uuid() }).meta({ id: "SetCurrentChoir" });
export type SetCurrentChoir = z.infer<typeof SetCurrentChoir>;
