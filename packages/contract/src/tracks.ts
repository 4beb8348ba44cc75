import { z } from "zod";
import { TRACK_LIMITS } from "./limits.js";
import { TRACK_CONTENT_TYPES, TRACK_FULL_MIX } from "./values.js";

/**
 * Rehearsal tracks: audio files of a song, or links to audio elsewhere, each labelled by the part it is for.
 *
 * - `kind` says which: `"file"`, audio kept by the app, or `"link"`, an https:// address on another site.
 * - `part` says whom the track serves: `"all"` (TRACK_FULL_MIX) for a full mix, or a voice part's name as the choir
 *   names it ("Soprano", "Tenor", "S1", "Baritone"), for that part alone or for a mix with that part predominant.
 * - `label` says what the track is, in the uploader's words; a "part predominant" mix is a track whose `part` is the
 *   part brought forward and whose label says it is a mix ("Tenor predominant"). Null when none was given.
 * - A file's `url` is a path on this server (`/api/songs/{id}/tracks/{trackId}/audio?token=…`), resolved against the
 *   API's origin. It carries a token for the caller, valid 3 to 6 hours and bound to the track, so an `<audio>`
 *   element can play it without headers; with the caller's bearer header it works without the token too. It answers
 *   `Range`. A link's `url` is the link itself, opened on its own site; its `contentType` and `size` are null.
 * - `songId` is set on a track of another song than the one asked for: listed with `?choirId=` (TrackChoirQuery), a
 *   song's tracks come with those of its family in that choir (the choir's version's, or the original's), and an add
 *   with `?choirId=` to an original goes to the choir's version (made then, a copy, when the choir has none). Remove
 *   such a track through its own song (`DELETE /api/songs/{songId}/tracks/{id}`). Decision 0098.
 */
export const FileTrack = z
  .object({
    id: z.uuid(),
    kind: z.literal("file"),
    /** The song the track belongs to, when not the one asked for (see above). */
    songId: z.uuid().optional(),
    part: z.string(),
    label: z.string().nullable(),
    contentType: z.enum(TRACK_CONTENT_TYPES),
    /** Bytes. */
    size: z.number().int().nonnegative(),
    url: z.string(),
  })
  .meta({ id: "FileTrack" });
export type FileTrack = z.infer<typeof FileTrack>;

export const LinkTrack = z
  .object({
    id: z.uuid(),
    kind: z.literal("link"),
    /** The song the track belongs to, when not the one asked for (see above). */
    songId: z.uuid().optional(),
    part: z.string(),
    label: z.string().nullable(),
    contentType: z.null(),
    size: z.null(),
    /** The https:// address, as given (normalised). */
    url: z.string(),
  })
  .meta({ id: "LinkTrack" });
export type LinkTrack = z.infer<typeof LinkTrack>;

export const Track = z.discriminatedUnion("kind", [FileTrack, LinkTrack]).meta({ id: "Track" });
export type Track = z.infer<typeof Track>;

export const isFileTrack = (track: Track): track is FileTrack => track.kind === "file";

/**
 * `GET` and `POST /api/songs/{id}/tracks?choirId=…`: the choir whose material goes with the song (its members only;
 * others 404). Read: the song's tracks, then those of its counterpart in the choir — the choir's version of it, or the
 * original a version of that choir was made from — where the reader may read it. Add: to an original, the track goes
 * to the choir's version, made quietly (a copy) when the choir has none; the answer's `songId` names it.
 */
export const TrackChoirQuery = z.object({ choirId: z.uuid().optional() });
export type TrackChoirQuery = z.input<typeof TrackChoirQuery>;

/** A track's part: `"all"` (any case) for the full mix, else a part's name, trimmed, 1–40 characters. */
export const TrackPart = z
  .string()
  .trim()
  .min(1)
  .max(TRACK_LIMITS.partMax)
  .transform((v) => (v.toLowerCase() === TRACK_FULL_MIX ? TRACK_FULL_MIX : v));

/** A track's label: trimmed, at most 100 characters; blank means none. */
const TrackLabel = z
  .string()
  .trim()
  .max(TRACK_LIMITS.labelMax)
  .nullish()
  .transform((v) => v || null);

/** The text fields of an upload (`multipart/form-data` beside the `file`): blank label means none. */
export const TrackUploadFields = z
  .object({ part: TrackPart, label: TrackLabel })
  .meta({ id: "TrackUploadFields" });
export type TrackUploadFields = z.input<typeof TrackUploadFields>;

/** What is wrong with a link track's address, if anything (the browser's form and the server ask the same). */
export type TrackLinkProblem = "notUrl" | "notHttps" | "credentials" | "tooLong";

export const TRACK_LINK_ISSUES: Record<TrackLinkProblem, string> = {
  notUrl: "must be a full web address (https://…)",
  notHttps: "must be an https:// address",
  credentials: "must not carry a user name or password",
  tooLong: `must be at most ${TRACK_LIMITS.linkMax} characters`,
};

/** What the WHATWG URL parser (Node's and the browsers' `URL`) tells; this package is built without either's types. */
interface ParsedUrl {
  protocol: string;
  hostname: string;
  username: string;
  password: string;
  href: string;
}

/**
 * Checks a link track's address: an absolute https:// URL with a host, no user name or password, at most
 * TRACK_LIMITS.linkMax characters as written and as the URL parser spells it. Returns the parser's spelling, which is
 * what is kept and shown, or the problem.
 */
export function checkTrackLink(value: string): { href: string } | { problem: TrackLinkProblem } {
  const text = value.trim();
  if (text.length > TRACK_LIMITS.linkMax) return { problem: "tooLong" };
  let url: ParsedUrl;
  try {
    url = new (globalThis as unknown as { URL: new (input: string) => ParsedUrl }).URL(text);
  } catch {
    return { problem: "notUrl" };
  }
  if (url.protocol !== "https:") return { problem: "notHttps" };
  if (!url.hostname) return { problem: "notUrl" };
  if (url.username || url.password) return { problem: "credentials" };
  if (url.href.length > TRACK_LIMITS.linkMax) return { problem: "tooLong" };
  return { href: url.href };
}

/** A link track's address, kept as the URL parser spells it (checkTrackLink). */
export const TrackLink = z
  .string()
  .transform((value, ctx) => {
    const checked = checkTrackLink(value);
    if ("href" in checked) return checked.href;
    ctx.addIssue({ code: "custom", message: TRACK_LINK_ISSUES[checked.problem] });
    return z.NEVER;
  })
  .meta({
    format: "uri",
    maxLength: TRACK_LIMITS.linkMax,
    description: "An https:// address, no user name or password",
  });

/** A link track (JSON): its part, an optional label, and the https:// address of the audio on another site. */
export const TrackLinkCreate = z
  .object({ part: TrackPart, label: TrackLabel, link: TrackLink })
  .meta({ id: "TrackLinkCreate" });
export type TrackLinkCreate = z.input<typeof TrackLinkCreate>;

/** Bytes stored against one owner of a quota, and its limit (null: none). */
const StorageUse = z.object({
  /** Bytes of stored files counted against it. */
  used: z.number().int().nonnegative(),
  /** Its quota in bytes; null when no quota is set. */
  limit: z.number().int().positive().nullable(),
});

/**
 * What an upload to a song would count against (`GET /api/songs/{id}/storage`): the caller's own stored bytes, the
 * choir's when the song is a choir version of a choir the caller is in (else null), and whether the server's disk is
 * below its free-space floor (uploads refused with 507 meanwhile). Over a quota an upload answers 413
 * `storage_quota`.
 */
export const TrackStorage = z
  .object({
    person: StorageUse,
    choir: StorageUse.extend({ choirId: z.uuid() }).nullable(),
    freeSpaceLow: z.boolean(),
  })
  .meta({ id: "TrackStorage" });
export type TrackStorage = z.infer<typeof TrackStorage>;
