import { sql } from "drizzle-orm";
import { check, index, pgTable, primaryKey, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { playlists } from "./playlists.js";
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
