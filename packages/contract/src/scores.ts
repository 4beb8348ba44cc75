import { z } from "zod";
import { SCORE_LIMITS } from "./limits.js";

/**
 * Scores: sheet music of a song as PDF files, for the whole choir or one voice part, each with an optional label.
 *
 * - `part` is null for a score of the whole choir, else the voice part it is for ("Alto", "T1").
 * - `pages` is the page count read from the file on upload.
 * - `url` is a path on this server (`/api/songs/{id}/scores/{scoreId}/file?token=…`) carrying a token for the caller
 *   (as a track's), answering `Range`; the file is always served as an attachment (`application/pdf`), never shown by
 *   the browser's own viewer on the app's origin: the app draws it with pdf.js, scripting off.
 * - `songId` is set on a score of another song than the one asked for: listed with `?choirId=`, a song's scores come
 *   with those of its family in that choir, as tracks do.
 */
export const Score = z
  .object({
    id: z.uuid(),
    songId: z.uuid().optional(),
    part: z.string().nullable(),
    label: z.string().nullable(),
    pages: z.number().int().positive(),
    /** Bytes. */
    size: z.number().int().nonnegative(),
    url: z.string(),
  })
  .meta({ id: "Score" });
export type Score = z.infer<typeof Score>;

/** A score's part: blank (or "all") for the whole choir, else a voice part's name, trimmed, 1–40 characters. */
const ScorePart = z
  .string()
  .trim()
  .max(SCORE_LIMITS.partMax)
  .nullish()
  .transform((v) => (!v || v.toLowerCase() === "all" ? null : v));

const ScoreLabel = z
  .string()
  .trim()
  .max(SCORE_LIMITS.labelMax)
  .nullish()
  .transform((v) => v || null);

/** The text fields of a score's upload (`multipart/form-data` beside the `file`). */
export const ScoreUploadFields = z
  .object({ part: ScorePart, label: ScoreLabel })
  .meta({ id: "ScoreUploadFields" });
export type ScoreUploadFields = z.input<typeof ScoreUploadFields>;

export const MARKING_SCOPES = ["private", "part", "choir"] as const;
export type MarkingScope = (typeof MARKING_SCOPES)[number];
export const MARKING_KINDS = ["ink", "text", "highlight"] as const;
export type MarkingKind = (typeof MARKING_KINDS)[number];
/** The stamps a text marking may be instead of words: a breath mark, a fermata, dynamics and hairpins' words. */
export const MARKING_STAMPS = [
  "breath",
  "fermata",
  "pp",
  "p",
  "mp",
  "mf",
  "f",
  "ff",
  "cresc",
  "dim",
] as const;
export type MarkingStamp = (typeof MARKING_STAMPS)[number];
export const MARKING_COLORS = ["graphite", "red", "blue", "green", "yellow"] as const;
export type MarkingColor = (typeof MARKING_COLORS)[number];

/** A place on the page: 0 is its left (top) edge, 1 its right (bottom), whatever size the page is drawn at. */
const Fraction = z.number().min(0).max(1);

/** A stroke's point: x and y as fractions of the page, and the pen's pressure (0–1; 0.5 where the device gives none). */
const StrokePoint = z.tuple([Fraction, Fraction, z.number().min(0).max(1)]);

const Stroke = z.object({
  points: z.array(StrokePoint).min(1).max(SCORE_LIMITS.pointsMax),
  /** The stroke's width as a fraction of the page's width. */
  width: z.number().min(0.0005).max(0.05),
  color: z.enum(MARKING_COLORS),
});

/** An ink stroke (the pencil) or a highlighter's wide, see-through stroke. */
export const StrokeData = Stroke.meta({ id: "MarkingStroke" });
export type StrokeData = z.infer<typeof StrokeData>;

/** Words or a stamp placed on the page; `size` is the letters' height as a fraction of the page's height. */
export const TextData = z
  .object({
    x: Fraction,
    y: Fraction,
    text: z.string().trim().max(SCORE_LIMITS.textMax).default(""),
    stamp: z.enum(MARKING_STAMPS).nullish(),
    size: z.number().min(0.005).max(0.1).default(0.025),
    color: z.enum(MARKING_COLORS).default("red"),
  })
  .refine((data) => data.text.length > 0 || data.stamp, { message: "a text marking needs words or a stamp" })
  .meta({ id: "MarkingText" });
export type TextData = z.infer<typeof TextData>;

/** A marking's data for its kind. */
export function markingDataSchema(kind: MarkingKind) {
  return kind === "text" ? TextData : StrokeData;
}

export const Marking = z
  .object({
    id: z.uuid(),
    scope: z.enum(MARKING_SCOPES),
    /** The voice part a `part` marking is for; null otherwise. */
    part: z.string().nullable(),
    /** The page it is on, from 1. */
    page: z.number().int().positive(),
    kind: z.enum(MARKING_KINDS),
    data: z.union([StrokeData, TextData]),
    authorId: z.uuid().nullable(),
    updatedAt: z.iso.datetime({ offset: true }),
  })
  .meta({ id: "Marking" });
export type Marking = z.infer<typeof Marking>;

export const MarkingsQuery = z.object({ choirId: z.uuid() });

/**
 * A new marking. `id` may be given by the client (a marking made offline keeps the id it was drawn with, so sending
 * it twice makes one marking); `part` is required for, and only for, a `part` marking. `data` is checked against
 * `kind` (markingDataSchema).
 */
export const MarkingCreate = z
  .object({
    id: z.uuid().optional(),
    choirId: z.uuid(),
    scope: z.enum(MARKING_SCOPES),
    part: z.string().trim().min(1).max(SCORE_LIMITS.partMax).nullish(),
    page: z.number().int().positive().max(SCORE_LIMITS.pagesMax),
    kind: z.enum(MARKING_KINDS),
    data: z.unknown(),
  })
  .meta({ id: "MarkingCreate" });
export type MarkingCreate = z.input<typeof MarkingCreate>;

/** A marking changed: its new data (same kind), and optionally its page. */
export const MarkingUpdate = z
  .object({
    page: z.number().int().positive().max(SCORE_LIMITS.pagesMax).optional(),
    data: z.unknown(),
  })
  .meta({ id: "MarkingUpdate" });
export type MarkingUpdate = z.input<typeof MarkingUpdate>;
