import { z } from "zod";

/**
 * Who sings on a playlist's date, who came, and a person's calendar (decisions 0118, 0119; the contract's
 * "Availability" and "Calendar feed").
 */

export const AVAILABILITY_STATUSES = ["yes", "no", "maybe"] as const;
export type AvailabilityStatus = (typeof AVAILABILITY_STATUSES)[number];

export const AVAILABILITY_LIMITS = {
  /** Characters of an answer's note. */
  noteMax: 200,
  /** People one attendance list names. */
  presentMax: 1000,
  /** Days before today from which the calendar feed lists a choir's playlists. */
  feedPastDays: 180,
  /** Events one calendar feed holds at most (the soonest first). */
  feedEventsMax: 1000,
} as const;

/** An answer: the caller's own, or — for the choir's administrators — a member's named by `memberId`. */
export const AvailabilityAnswer = z
  .object({
    status: z.enum(AVAILABILITY_STATUSES),
    note: z.string().trim().max(AVAILABILITY_LIMITS.noteMax).nullish(),
    memberId: z.uuid().optional(),
  })
  .meta({ id: "AvailabilityAnswer" });
export type AvailabilityAnswer = z.infer<typeof AvailabilityAnswer>;

const Counts = z.object({
  yes: z.number().int(),
  no: z.number().int(),
  maybe: z.number().int(),
  unanswered: z.number().int(),
});

export const AvailabilitySummary = z
  .object({
    counts: Counts,
    /** Per voice part (null: members with none), the standard parts first. */
    byPart: z.array(Counts.extend({ part: z.string().nullable() })),
    mine: z.object({ status: z.enum(AVAILABILITY_STATUSES), note: z.string().nullable() }).nullable(),
    /** Every member with their answer: for the choir's administrators only (members get `[]`). */
    people: z.array(
      z.object({
        memberId: z.string(),
        name: z.string(),
        voicePart: z.string().nullable(),
        status: z.enum(AVAILABILITY_STATUSES).nullable(),
        note: z.string().nullable(),
      }),
    ),
    /** Who came, for the choir's administrators only. */
    present: z.array(z.string()).optional(),
  })
  .meta({ id: "AvailabilitySummary" });
export type AvailabilitySummary = z.infer<typeof AvailabilitySummary>;

export const AttendanceBody = z
  .object({ present: z.array(z.uuid()).max(AVAILABILITY_LIMITS.presentMax) })
  .meta({ id: "Attendance" });
export type AttendanceBody = z.infer<typeof AttendanceBody>;

export const CalendarFeed = z.object({ url: z.string() }).meta({ id: "CalendarFeed" });
export type CalendarFeed = z.infer<typeof CalendarFeed>;
