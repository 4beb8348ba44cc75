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
  /** How the sheet shows voice parts to a singer with a part: all alike, theirs highlighted, or only theirs. */
  songPartsView: "choirapp-song-parts-view",
  knownUser: "choirapp-known-user",
  singSettings: "choirapp-sing-settings",
  /** Session storage: what the reader does in sing mode (`{playlistId, role}`: leads or follows), kept over a reload. */
  singLead: "choirapp-sing-lead",
  /** The dashboard's setup checklist folded away on this device ("1"). */
  setupFolded: "choirapp-setup-folded",
  /** Markings drawn while offline, waiting to be sent (`[{scoreId, marking}]`, decision 0115). */
  pendingMarkings: "choirapp-pending-markings",
  /** Answers to "are you singing?" given while offline, waiting to be sent (`[{userId, playlistId, status, note}]`). */
  pendingAnswers: "choirapp-pending-answers",
} as const;

/** Where Mantine keeps the colour scheme a person chose (its default local-storage manager's key). */
export const COLOR_SCHEME_STORAGE_KEY = "mantine-color-scheme-value";

/**
 * The one inline script of the app: in the head of the prerendered landing pages (landing-{language}.html), before
 * anything is painted. It sets the colour scheme the page will have (the person's choice, else the system's), so a
 * dark page does not flash light; and it marks the page to be drawn afresh instead of shown as sent when the visitor
 * is signed in (the app opens instead) or chose the other language. The server allows exactly this text by its hash
 * in the Content-Security-Policy; any other inline script stays blocked.
 */
export const LANDING_BOOT_SCRIPT =
  "(function(){try{var d=document.documentElement,l=localStorage," +
  `s=l.getItem(${JSON.stringify(COLOR_SCHEME_STORAGE_KEY)}),g=l.getItem(${JSON.stringify(STORAGE_KEYS.language)});` +
  'd.setAttribute("data-mantine-color-scheme",s==="light"||s==="dark"?s:' +
  'matchMedia("(prefers-color-scheme: dark)").matches?"dark":"light");' +
  `if(l.getItem(${JSON.stringify(STORAGE_KEYS.authToken)})||(g&&g.slice(0,2)!==d.lang))d.setAttribute("data-redraw","")` +
  "}catch(e){}})()";

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

/** A rehearsal track's `part` for a full mix (any other value names a voice part). */
export const TRACK_FULL_MIX = "all";

/** The types a rehearsal track may have, as its bytes say: MP3, AAC (M4A or ADTS), OGG (Vorbis or Opus), WAV. */
export const TRACK_CONTENT_TYPES = [
  "audio/mpeg",
  "audio/mp4",
  "audio/aac",
  "audio/ogg",
  "audio/wav",
] as const;
export type TrackContentType = (typeof TRACK_CONTENT_TYPES)[number];

/**
 * Copyright texts that mark a song as public domain, compared lowercase, without accents, and without spaces or
 * full stops around them: the song usage report leaves such songs out (they need no licence report).
 */
export const PUBLIC_DOMAIN_COPYRIGHTS = ["public domain", "dominio publico"] as const;

/** True when a song's copyright says it is public domain ("Public domain", "Dominio público."). */
export function isPublicDomain(copyright: string | null | undefined): boolean {
  if (!copyright) return false;
  const folded = copyright
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/^[ .]+|(?<![ .])[ .]+$/g, "");
  return (PUBLIC_DOMAIN_COPYRIGHTS as readonly string[]).includes(folded);
}
