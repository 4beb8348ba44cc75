/** Values and small rules shared by server and web app; plain code, no schemas, so the app loads no validation library for them. */

import type { ShareableInvitation } from "./invitations.js";
import type { OnboardingUserType } from "./users.js";

export const VISIBILITY = { Private: 0, PublicAll: 1, PublicChoirs: 2 } as const;

/**
 * The built-in templates, in the order the template list shows them. Mass comes first: a choir without templates
 * of its own drafts its playlists from the first template of the list.
 */
export const GLOBAL_TEMPLATE_KEYS = [
  "mass",
  "generic",
  "service",
  "practice",
  "concert",
  "wedding",
  "funeral",
] as const;

export type GlobalTemplateKey = (typeof GLOBAL_TEMPLATE_KEYS)[number];

export const GLOBAL_SECTION_KEYS = [
  "songs",
  "entrance",
  "penitential",
  "gloria",
  "word",
  "offertory",
  "holy",
  "peace",
  "communion",
  "recessional",
  "opening",
  "worship",
  "closing",
  "prelude",
  "postlude",
  "anthem",
  "hymns",
  "psalms",
] as const;

export type GlobalSectionKey = (typeof GLOBAL_SECTION_KEYS)[number];

/** Browser storage keys, exactly as the product uses them. */
export const STORAGE_KEYS = {
  authToken: "authToken",
  language: "choirapp-language",
  inviteToken: "inviteToken",
  redirectAfterAuth: "redirectAfterAuth",
  songFontSize: "choirapp-song-font-size",
  songFontWeight: "choirapp-song-font-weight",
  songSolfege: "choirapp-song-solfege",
} as const;

export type ShareableLinkStatus = "deactivated" | "expired" | "limitReached" | "active";

/** The badge of a shareable link, in the spec's priority: deactivated > expired > limit reached > active. */
export function shareableLinkStatus(
  link: Pick<ShareableInvitation, "isActive" | "expiryDate" | "maxUses" | "currentUses">,
  now: Date = new Date(),
): ShareableLinkStatus {
  if (!link.isActive) return "deactivated";
  if (new Date(link.expiryDate).getTime() <= now.getTime()) return "expired";
  if (link.maxUses != null && link.currentUses >= link.maxUses) return "limitReached";
  return "active";
}

export function roleForUserType(userType: OnboardingUserType): "ChoirAdmin" | "GeneralUser" {
  return userType === "admin" || userType === "ChoirAdmin" ? "ChoirAdmin" : "GeneralUser";
}
