import { sql } from "drizzle-orm";
import { bigint, check, index, integer, jsonb, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { choirs } from "./choirs.js";
import { songs } from "./songs.js";
import { users } from "./users.js";

/**
 * Scores of a song (or of a choir version): PDF files kept in the track store under `storage_key`, as tracks are, and
 * counted by the same storage quotas (view `stored_files`). `part` is null for the whole choir's score. `pages` was
 * read from the file when it arrived. A deleted score's file is queued in `track_deletions` by a trigger (migration
 * 0031), whatever deleted the row.
 */
export const songScores = pgTable(
  "song_scores",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    songId: uuid("song_id")
      .notNull()
      .references(() => songs.id, { onDelete: "cascade" }),
    part: text("part"),
    label: text("label"),
    pages: integer("pages").notNull(),
    size: bigint("size", { mode: "number" }).notNull(),
    storageKey: text("storage_key").notNull().unique("song_scores_storage_key_key"),
    createdBy: uuid("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
  },
  (t) => [
    index("song_scores_song_idx").on(t.songId, t.createdAt),
    index("song_scores_created_by_idx").on(t.createdBy),
    check("song_scores_part_check", sql`char_length(${t.part}) between 1 and 40`),
    check("song_scores_label_check", sql`char_length(${t.label}) between 1 and 100`),
    check("song_scores_pages_check", sql`${t.pages} between 1 and 200`),
    check("song_scores_size_check", sql`${t.size} >= 0`),
  ],
);

/**
 * Markings drawn on a score's pages, as vectors relative to the page, for one choir: a person's own (`private`), a
 * voice part's (`part`, naming it) or the whole choir's (`choir`). They go with the score, and with the choir.
 */
export const scoreMarkings = pgTable(
  "score_markings",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    scoreId: uuid("score_id")
      .notNull()
      .references(() => songScores.id, { onDelete: "cascade" }),
    choirId: uuid("choir_id")
      .notNull()
      .references(() => choirs.id, { onDelete: "cascade" }),
    scope: text("scope").notNull(),
    part: text("part"),
    page: integer("page").notNull(),
    kind: text("kind").notNull(),
    data: jsonb("data").notNull(),
    authorId: uuid("author_id").references(() => users.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
  },
  (t) => [
    index("score_markings_score_choir_idx").on(t.scoreId, t.choirId),
    index("score_markings_author_idx").on(t.authorId, t.scoreId),
    check("score_markings_scope_check", sql`${t.scope} in ('private', 'part', 'choir')`),
    check("score_markings_kind_check", sql`${t.kind} in ('ink', 'text', 'highlight')`),
    check(
      "score_markings_part_check",
      sql`(${t.scope} = 'part') = (${t.part} is not null) and char_length(${t.part}) between 1 and 40`,
    ),
    check("score_markings_page_check", sql`${t.page} between 1 and 200`),
  ],
);
