import { sql } from "drizzle-orm";
import { bigint, check, index, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { songs } from "./songs.js";
import { users } from "./users.js";

/**
 * Rehearsal tracks of a song (or of a choir version, which is a song). A file track's audio lives in the track store
 * (files under DATA_DIR, or an S3-compatible bucket) under `storage_key`; the row says what it is. `content_type`
 * is what the file's bytes say, never what the upload claimed. A link track has `link_url` (https://) instead, and
 * no storage key, type or size. A song's tracks go with it (cascade), and so do a choir's versions' tracks with the
 * choir.
 */
export const songTracks = pgTable(
  "song_tracks",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    songId: uuid("song_id")
      .notNull()
      .references(() => songs.id, { onDelete: "cascade" }),
    /** `all` for a full mix, else a voice part's name (the part alone, or a mix with it brought forward). */
    part: text("part").notNull(),
    label: text("label"),
    contentType: text("content_type"),
    size: bigint("size", { mode: "number" }),
    storageKey: text("storage_key").unique("song_tracks_storage_key_key"),
    /** A link track's address (an https:// URL); null for a file. */
    linkUrl: text("link_url"),
    createdBy: uuid("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
  },
  (t) => [
    index("song_tracks_song_idx").on(t.songId, t.createdAt),
    // A person's stored bytes are summed over the tracks they uploaded (the quota, view stored_files).
    index("song_tracks_created_by_idx").on(t.createdBy),
    check("song_tracks_part_check", sql`char_length(${t.part}) between 1 and 40`),
    check("song_tracks_label_check", sql`char_length(${t.label}) between 1 and 100`),
    check("song_tracks_size_check", sql`${t.size} >= 0`),
    check(
      "song_tracks_content_type_check",
      sql`${t.contentType} in ('audio/mpeg', 'audio/mp4', 'audio/aac', 'audio/ogg', 'audio/wav')`,
    ),
    // A file (stored key, type and size) or a link (its address alone), never both or half of either.
    check(
      "song_tracks_kind_check",
      sql`(${t.storageKey} is not null and ${t.contentType} is not null and ${t.size} is not null and ${t.linkUrl} is null)
        or (${t.storageKey} is null and ${t.contentType} is null and ${t.size} is null and ${t.linkUrl} is not null)`,
    ),
    check(
      "song_tracks_link_url_check",
      sql`${t.linkUrl} like 'https://%' and char_length(${t.linkUrl}) <= 2000`,
    ),
  ],
);

/**
 * Stored audio whose track row is gone, waiting to be removed from the track store. A trigger on `song_tracks`
 * (migration 0022; 0024 passes over link tracks, which have no file) writes a row for every deleted file track, whatever deleted it: the track's own route, its song's
 * deletion, or a choir's deletion taking its versions along. The server removes the files after the deleting request
 * and sweeps what is left now and then (features/tracks/sweeper.ts), so no cascade can leave a file behind.
 */
export const trackDeletions = pgTable("track_deletions", {
  storageKey: text("storage_key").primaryKey(),
  queuedAt: timestamp("queued_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
});
