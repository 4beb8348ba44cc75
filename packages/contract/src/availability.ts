import { z } from "zod";
import { IsoDate } from "./playlists.js";

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
  /** The longest period of an attendance report, in days. */
  reportRangeDaysMax: 367,
  /** Services one attendance report lists at most (the earliest first). */
  reportServicesMax: 400,
  /** The longest range of dates one answer covers ("away 1–15 March"), in days. */
  rangeDaysMax: 366,
  /** Playlists one range answer answers at most (the soonest first). */
  rangePlaylistsMax: 200,
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

export const AVAILABILITY_COUNTS_MAX_IDS = 50;

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

/** Whether the person has a calendar address now, and since when (the address itself is shown once, when made). */
export const CalendarFeedState = z
  .object({ active: z.boolean(), createdAt: z.iso.datetime().nullable() })
  .meta({ id: "CalendarFeedState" });
export type CalendarFeedState = z.infer<typeof CalendarFeedState>;

/** `GET /api/choirs/{id}/attendance`: the playlists dated from `from` to `to`, both included (at most about a year). */
export const AttendanceReportQuery = z
  .object({ from: IsoDate, to: IsoDate })
  .refine((q) => q.from <= q.to, { message: "must not be before from", path: ["to"] })
  .refine(
    (q) => (Date.parse(q.to) - Date.parse(q.from)) / 86_400_000 < AVAILABILITY_LIMITS.reportRangeDaysMax,
    {
      message: `must be at most ${AVAILABILITY_LIMITS.reportRangeDaysMax} days after from`,
      path: ["to"],
    },
  );
export type AttendanceReportQuery = z.input<typeof AttendanceReportQuery>;

const Rate = z.number().min(0).max(1).nullable().describe("attended / services, null with no services");

/**
 * A choir's attendance over a period: the services whose attendance was taken (a playlist nobody marked is left out),
 * each current member's record — a service counts for them from the day they joined — and the same by voice part.
 */
export const AttendanceReport = z
  .object({
    from: IsoDate,
    to: IsoDate,
    services: z.array(
      z.object({
        playlistId: z.uuid(),
        date: IsoDate,
        time: z.string().nullable(),
        title: z.string().nullable(),
        present: z.number().int(),
      }),
    ),
    people: z.array(
      z.object({
        memberId: z.uuid(),
        name: z.string(),
        voicePart: z.string().nullable(),
        attended: z.number().int(),
        services: z.number().int(),
        rate: Rate,
        /** The services they came to. */
        present: z.array(z.uuid()),
        /** The services they missed (a service before they joined is in neither list). */
        missed: z.array(z.uuid()),
      }),
    ),
    parts: z.array(
      z.object({
        part: z.string().nullable(),
        members: z.number().int(),
        attended: z.number().int(),
        services: z.number().int(),
        rate: Rate,
      }),
    ),
  })
  .meta({ id: "AttendanceReport" });
export type AttendanceReport = z.infer<typeof AttendanceReport>;

export const REMINDER_LIMITS = {
  /** Days before a playlist's date a choir's reminder goes, at most. */
  daysMax: 14,
  /** Reminders a run sends at most (the rest wait for the next run). */
  perRunMax: 500,
} as const;

/** A choir's reminders: `days` before each playlist's date, or null for none (the default). */
export const ChoirReminders = z
  .object({ days: z.number().int().min(1).max(REMINDER_LIMITS.daysMax).nullable() })
  .meta({ id: "ChoirReminders" });
export type ChoirReminders = z.infer<typeof ChoirReminders>;

/** Whether the person gets reminder mails (on unless they turned them off). */
export const MyReminders = z.object({ enabled: z.boolean() }).meta({ id: "MyReminders" });
export type MyReminders = z.infer<typeof MyReminders>;

/** What a reminder's one-tap link shows before it is used: the service, the person's first name, their answer now. */
export const ReminderLink = z
  .object({
    playlistId: z.uuid(),
    date: IsoDate,
    time: z.string().nullable(),
    title: z.string().nullable(),
    choirName: z.string(),
    firstName: z.string(),
    status: z.enum(AVAILABILITY_STATUSES).nullable(),
    /** The link has given its one answer. */
    used: z.boolean(),
  })
  .meta({ id: "ReminderLink" });
export type ReminderLink = z.infer<typeof ReminderLink>;

export const ReminderAnswer = z
  .object({
    status: z.enum(AVAILABILITY_STATUSES),
    note: z.string().trim().max(AVAILABILITY_LIMITS.noteMax).nullish(),
  })
  .strict()
  .meta({ id: "ReminderAnswer" });
export type ReminderAnswer = z.infer<typeof ReminderAnswer>;

export const REMINDER_LINK_USED = "reminder_link_used";
export const REMINDER_LINK_PAST = "reminder_link_past";

/** `POST /api/playlists/{id}/reminders`: the reminders sent now, and those a mail budget held back for later. */
export const RemindNow = z
  .object({ sent: z.number().int(), held: z.number().int() })
  .meta({ id: "RemindNow" });
export type RemindNow = z.infer<typeof RemindNow>;

/**
 * `PUT /api/me/availability`: one answer for every playlist of one's choirs (or of `choirId`) dated from `from` to
 * `to` ("away 1–15 March"); services already past are left alone; at most AVAILABILITY_LIMITS.rangeDaysMax days.
 */
export const RangeAnswer = z
  .object({
    from: IsoDate,
    to: IsoDate,
    status: z.enum(AVAILABILITY_STATUSES),
    note: z.string().trim().max(AVAILABILITY_LIMITS.noteMax).nullish(),
    choirId: z.uuid().optional(),
  })
  .refine((q) => q.from <= q.to, { message: "must not be before from", path: ["to"] })
  .refine((q) => (Date.parse(q.to) - Date.parse(q.from)) / 86_400_000 < AVAILABILITY_LIMITS.rangeDaysMax, {
    message: `must be at most ${AVAILABILITY_LIMITS.rangeDaysMax} days after from`,
    path: ["to"],
  })
  .meta({ id: "RangeAnswer" });
export type RangeAnswer = z.input<typeof RangeAnswer>;

/** How many playlists a range answer answered. */
export const RangeAnswered = z.object({ answered: z.number().int() }).meta({ id: "RangeAnswered" });
export type RangeAnswered = z.infer<typeof RangeAnswered>;

/** `GET /api/choirs/{id}/availability?ids=…`: the counts by part of up to 50 of the choir's playlists at once. */
export const AvailabilityCountsQuery = z.object({
  ids: z
    .string()
    .max(AVAILABILITY_COUNTS_MAX_IDS * 37)
    .transform((value) => value.split(",").filter(Boolean))
    .pipe(z.array(z.uuid()).min(1).max(AVAILABILITY_COUNTS_MAX_IDS)),
});

export const AvailabilityCounts = z
  .object({
    playlists: z.array(
      z.object({
        playlistId: z.uuid(),
        counts: Counts,
        byPart: z.array(Counts.extend({ part: z.string().nullable() })),
      }),
    ),
  })
  .meta({ id: "AvailabilityCounts" });
export type AvailabilityCounts = z.infer<typeof AvailabilityCounts>;

/**
 * Readiness (decision 0122): a singer's own mark on a song of the choir's playlists — learned it, or still learning —
 * kept per choir, so one mark holds in every playlist of that choir that sings the song. Counted by voice part for
 * the choir's members; names are never shown.
 */
export const READINESS_STATUSES = ["learned", "learning"] as const;
export type ReadinessStatus = (typeof READINESS_STATUSES)[number];

/** `PUT /api/playlists/{id}/readiness/{songId}`: one's own mark; null takes it away. */
export const ReadinessMark = z
  .object({ status: z.enum(READINESS_STATUSES).nullable() })
  .meta({ id: "ReadinessMark" });
export type ReadinessMark = z.infer<typeof ReadinessMark>;

const ReadinessCounts = z.object({
  learned: z.number().int(),
  learning: z.number().int(),
  unmarked: z.number().int(),
});

/** One song's readiness in a choir: the caller's mark, the counts and the counts by part (the standard parts first). */
export const SongReadiness = z
  .object({
    songId: z.string(),
    mine: z.enum(READINESS_STATUSES).nullable(),
    counts: ReadinessCounts,
    byPart: z.array(ReadinessCounts.extend({ part: z.string().nullable() })),
  })
  .meta({ id: "SongReadiness" });
export type SongReadiness = z.infer<typeof SongReadiness>;

/** `GET /api/playlists/{id}/readiness`: every song of the playlist the caller may read, in the playlist's order. */
export const PlaylistReadiness = z
  .object({ songs: z.array(SongReadiness) })
  .meta({ id: "PlaylistReadiness" });
export type PlaylistReadiness = z.infer<typeof PlaylistReadiness>;

/**
 * `GET /api/songs/{id}/readiness`: for each of the caller's choirs with a coming playlist that sings the song, that
 * playlist (the soonest) and the caller's mark.
 */
export const SongReadinessPlaces = z
  .object({
    choirs: z.array(
      z.object({
        choirId: z.string(),
        choirName: z.string(),
        mine: z.enum(READINESS_STATUSES).nullable(),
        playlist: z.object({
          id: z.string(),
          title: z.string().nullable(),
          date: z.string(),
          time: z.string().nullable(),
        }),
      }),
    ),
  })
  .meta({ id: "SongReadinessPlaces" });
export type SongReadinessPlaces = z.infer<typeof SongReadinessPlaces>;
