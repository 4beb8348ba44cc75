import { z } from "zod";
import { TRACK_LIMITS } from "./limits.js";
import { TRACK_CONTENT_TYPES, TRACK_FULL_MIX } from "./values.js";

/**
 * Rehearsal tracks: audio files of a song, each labelled by the part it is for.
 *
 * - `part` says whom the track serves: `"all"` (TRACK_FULL_MIX) for a full mix, or a voice part's name as the choir
 *   names it ("Soprano", "Tenor", "S1", "Baritone"), for that part alone or for a mix with that part predominant.
 * - `label` says what the track is, in the uploader's words; a "part predominant" mix is a track whose `part` is the
 *   part brought forward and whose label says it is a mix ("Tenor predominant"). Null when none was given.
 * - `url` is a path on this server (`/api/songs/{id}/tracks/{trackId}/audio?token=…`), resolved against the API's
 *   origin. It carries a token for the caller, valid 3 to 6 hours and bound to the track, so an `<audio>` element can
 *   play it without headers; with the caller's bearer header it works without the token too. It answers `Range`.
 */
export const Track = z
  .object({
    id: z.uuid(),
    part: z.string(),
    label: z.string().nullable(),
    contentType: z.enum(TRACK_CONTENT_TYPES),
    /** Bytes. */
    size: z.number().int().nonnegative(),
    url: z.string(),
  })
  .meta({ id: "Track" });
export type Track = z.infer<typeof Track>;

/** A track's part: `"all"` (any case) for the full mix, else a part's name, trimmed, 1–40 characters. */
export const TrackPart = z
  .string()
  .trim()
  .min(1)
  .max(TRACK_LIMITS.partMax)
  .transform((v) => (v.toLowerCase() === TRACK_FULL_MIX ? TRACK_FULL_MIX : v));

/** The text fields of an upload (`multipart/form-data` beside the `file`): blank label means none. */
export const TrackUploadFields = z
  .object({
    part: TrackPart,
    label: z
      .string()
      .trim()
      .max(TRACK_LIMITS.labelMax)
      .nullish()
      .transform((v) => v || null),
  })
  .meta({ id: "TrackUploadFields" });
export type TrackUploadFields = z.input<typeof TrackUploadFields>;
