import { sql } from "drizzle-orm";
import { check, index, pgTable, primaryKey, smallint, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { choirs } from "./choirs.js";
import { playlists } from "./playlists.js";
import { songs } from "./songs.js";
import { users } from "./users.js";

/**
 * Who sings on a playlist's date (decision 0118): a member's answer — yes, no or maybe, with a note — and who gave
 * it (the member, or an administrator for someone who phoned in). Only the choir's current members are counted; a
 * removed member's answer stays but counts for nothing.
 */
export const playlistAvailability = pgTable(
  "playlist_availability",
  {
    playlistId: uuid("playlist_id")
      .notNull()
      .references(() => playlists.id, { onDelete: "cascade" }),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    status: text("status", { enum: ["yes", "no", "maybe"] }).notNull(),
    note: text("note"),
    answeredBy: uuid("answered_by").references(() => users.id, { onDelete: "set null" }),
    updatedAt: timestamp("updated_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.playlistId, t.userId] }),
    index("playlist_availability_user_idx").on(t.userId),
    check("playlist_availability_status_check", sql`${t.status} in ('yes', 'no', 'maybe')`),
    check("playlist_availability_note_check", sql`char_length(${t.note}) between 1 and 200`),
  ],
);

/** Who came (decision 0118): marked by the choir's administrators, the whole list set at once. */
export const playlistAttendance = pgTable(
  "playlist_attendance",
  {
    playlistId: uuid("playlist_id")
      .notNull()
      .references(() => playlists.id, { onDelete: "cascade" }),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    markedBy: uuid("marked_by").references(() => users.id, { onDelete: "set null" }),
    markedAt: timestamp("marked_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.playlistId, t.userId] }),
    index("playlist_attendance_user_idx").on(t.userId),
  ],
);

/**
 * A person's secret calendar address (decision 0119): only the token's SHA-256 is kept, so the table names no live
 * address; one a person, a new one replacing the old.
 */
export const calendarFeeds = pgTable("calendar_feeds", {
  userId: uuid("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  tokenHash: text("token_hash").notNull().unique("calendar_feeds_token_hash_key"),
  createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
});

/**
 * A choir's reminders (decision 0121): a mail to members who have not answered, `days` before a playlist's date, in
 * the language of the administrator who turned them on. No row: reminders off (the default).
 */
export const choirReminderSettings = pgTable(
  "choir_reminder_settings",
  {
    choirId: uuid("choir_id")
      .primaryKey()
      .references(() => choirs.id, { onDelete: "cascade" }),
    days: smallint("days").notNull(),
    language: text("language").notNull().default("en"),
    updatedAt: timestamp("updated_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
  },
  (t) => [
    check("choir_reminder_settings_days_check", sql`${t.days} between 1 and 14`),
    check("choir_reminder_settings_language_check", sql`${t.language} in ('en', 'es')`),
  ],
);

/** People who turned reminder mails off for themselves (Settings); everyone else gets them where a choir sends them. */
export const reminderOptOuts = pgTable("reminder_opt_outs", {
  userId: uuid("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
});

/**
 * The reminders sent (decision 0121): one a person a playlist at most (the key), with the SHA-256 of its one-tap
 * link's token — good for that person, that playlist and one answer (`used_at`).
 */
export const availabilityReminders = pgTable(
  "availability_reminders",
  {
    playlistId: uuid("playlist_id")
      .notNull()
      .references(() => playlists.id, { onDelete: "cascade" }),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    choirId: uuid("choir_id")
      .notNull()
      .references(() => choirs.id, { onDelete: "cascade" }),
    tokenHash: text("token_hash").notNull().unique("availability_reminders_token_hash_key"),
    sentAt: timestamp("sent_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
    usedAt: timestamp("used_at", { withTimezone: true, mode: "date" }),
  },
  (t) => [
    primaryKey({ columns: [t.playlistId, t.userId] }),
    index("availability_reminders_choir_sent_idx").on(t.choirId, t.sentAt),
    index("availability_reminders_user_idx").on(t.userId),
  ],
);

/**
 * Readiness (decision 0122): a member's own mark on a song of the choir's playlists — learned, or still learning —
 * one per choir, person and song (no row: not marked). Only the choir's current members are counted.
 */
export const songReadiness = pgTable(
  "song_readiness",
  {
    choirId: uuid("choir_id")
      .notNull()
      .references(() => choirs.id, { onDelete: "cascade" }),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    songId: uuid("song_id")
      .notNull()
      .references(() => songs.id, { onDelete: "cascade" }),
    status: text("status", { enum: ["learned", "learning"] }).notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.choirId, t.userId, t.songId] }),
    index("song_readiness_choir_song_idx").on(t.choirId, t.songId),
    index("song_readiness_user_idx").on(t.userId),
    index("song_readiness_song_idx").on(t.songId),
    check("song_readiness_status_check", sql`${t.status} in ('learned', 'learning')`),
  ],
);
