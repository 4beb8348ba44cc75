import { sql } from "drizzle-orm";
import {
  bigserial,
  boolean,
  check,
  date,
  foreignKey,
  index,
  integer,
  pgTable,
  primaryKey,
  real,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { choirs } from "./choirs.js";
import { songs } from "./songs.js";
import { playlistTemplates } from "./templates.js";
import { users } from "./users.js";

/**
 * A choir's playlist for a service: its date, an optional time of day ("HH:mm", 24 h) and who leads it (a member of
 * the choir, kept by the service; not sing mode's leader, see playlist_leads). A date may hold several (0097).
 */
export const playlists = pgTable(
  "playlists",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    choirId: uuid("choir_id")
      .notNull()
      .references(() => choirs.id, { onDelete: "cascade" }),
    date: date("date", { mode: "string" }).notNull(),
    title: text("title"),
    time: text("time"),
    leaderId: uuid("leader_id").references(() => users.id, { onDelete: "set null" }),
    isPublic: boolean("is_public").notNull().default(false),
    templateId: uuid("template_id").references(() => playlistTemplates.id, { onDelete: "set null" }),
    createdBy: uuid("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
  },
  (t) => [
    // A choir's playlists by date (the list, the calendar's days); several a date.
    index("playlists_choir_date_idx").on(t.choirId, t.date),
    index("playlists_template_idx").on(t.templateId),
    index("playlists_leader_idx").on(t.leaderId),
    check("playlists_time_check", sql`${t.time} is null or ${t.time} ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'`),
  ],
);

/** A playlist's ordered sections; `position` is kept 0..n-1 by the service. */
export const playlistSections = pgTable(
  "playlist_sections",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    playlistId: uuid("playlist_id")
      .notNull()
      .references(() => playlists.id, { onDelete: "cascade" }),
    title: text("title").notNull(),
    position: integer("position").notNull(),
  },
  (t) => [
    index("playlist_sections_playlist_idx").on(t.playlistId, t.position),
    // Lets an entry's foreign key say that its section belongs to its own playlist.
    unique("playlist_sections_id_playlist_key").on(t.id, t.playlistId),
    check("playlist_sections_position_check", sql`${t.position} >= 0`),
  ],
);

/**
 * A song in a playlist section: at most once per playlist, with an optional key to sing it in and a note for the
 * service ("capo 2", plain text).
 */
export const playlistEntries = pgTable(
  "playlist_entries",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    playlistId: uuid("playlist_id")
      .notNull()
      .references(() => playlists.id, { onDelete: "cascade" }),
    sectionId: uuid("section_id").notNull(),
    songId: uuid("song_id")
      .notNull()
      .references(() => songs.id, { onDelete: "cascade" }),
    position: integer("position").notNull(),
    key: text("key"),
    note: text("note"),
    createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
  },
  (t) => [
    foreignKey({
      name: "playlist_entries_section_fk",
      columns: [t.sectionId, t.playlistId],
      foreignColumns: [playlistSections.id, playlistSections.playlistId],
    }).onDelete("cascade"),
    uniqueIndex("playlist_entries_playlist_song_key").on(t.playlistId, t.songId),
    // By section alone: renumbering a section's entries changes no indexed column, so PostgreSQL updates those rows
    // in place (HOT) instead of writing every index again and leaving dead index entries (migration 0026).
    index("playlist_entries_section_idx").on(t.sectionId),
    index("playlist_entries_song_idx").on(t.songId),
    check("playlist_entries_position_check", sql`${t.position} >= 0`),
    check("playlist_entries_key_check", sql`${t.key} is null or ${t.key} ~ '^[A-G][#b]?m?$'`),
    check("playlist_entries_note_check", sql`${t.note} is null or char_length(${t.note}) between 1 and 200`),
  ],
);

/**
 * Changes to playlists for the live streams (`GET /api/playlists/{id}/events`), in the order they happened: the id is
 * the stream's event id, so a reader who reconnects resumes after the last one it had. No foreign key: the event of a
 * deletion outlives its playlist. Kept a day (the live hub removes older ones).
 */
export const playlistEvents = pgTable(
  "playlist_events",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    playlistId: uuid("playlist_id").notNull(),
    choirId: uuid("choir_id").notNull(),
    type: text("type").notNull(),
    actorId: uuid("actor_id"),
    createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
  },
  (t) => [
    index("playlist_events_playlist_idx").on(t.playlistId, t.id),
    index("playlist_events_created_idx").on(t.createdAt),
  ],
);

/**
 * Who leads a playlist's sing mode, and where they are: the entry on their screen and how far down it they read
 * (0 at its start, 1 at its end). At most one leader a playlist; it ends when they stop or their last stream closes.
 */
export const playlistLeads = pgTable("playlist_leads", {
  playlistId: uuid("playlist_id")
    .primaryKey()
    .references(() => playlists.id, { onDelete: "cascade" }),
  leaderId: uuid("leader_id")
    .notNull()
    .references(() => users.id, { onDelete: "cascade" }),
  entryId: uuid("entry_id"),
  position: real("position").notNull().default(0),
  updatedAt: timestamp("updated_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
});

/** Members following a playlist's leader in sing mode; a row ends when they step away or their last stream closes. */
export const playlistFollowers = pgTable(
  "playlist_followers",
  {
    playlistId: uuid("playlist_id")
      .notNull()
      .references(() => playlists.id, { onDelete: "cascade" }),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    since: timestamp("since", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.playlistId, t.userId] })],
);
