import { index, pgTable, timestamp, uuid } from "drizzle-orm/pg-core";
import { users } from "./users.js";

/**
 * Every song created, one row each (a new song, a version, an imported song, whatever wrote it): written by a
 * statement trigger on `songs` in the creating transaction (migration 0029), never removed by a song's deletion,
 * and pruned past the daily window only. The daily allowance of new songs (`SONG_CREATE_LIMIT_PER_DAY`,
 * `choir_song_allowance`) counts these rows, so deleting songs and creating them again does not escape it.
 */
export const songCreations = pgTable(
  "song_creations",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    creatorId: uuid("creator_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
  },
  (t) => [index("song_creations_creator_created_idx").on(t.creatorId, t.createdAt)],
);
