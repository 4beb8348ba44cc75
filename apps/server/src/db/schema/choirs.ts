import { sql } from "drizzle-orm";
import { boolean, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";

export const choirs = pgTable(
  "choirs",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    name: text("name").notNull(),
    address: text("address"),
    notes: text("notes"),
    /** Whether plain members may build and edit the choir's playlists (administrators always may). */
    membersEditPlaylists: boolean("members_edit_playlists").notNull().default(true),
    /** Voice parts of the choir's own beside the four standard ones (e.g. S1, S2, Baritone), in the order shown. */
    voiceParts: text("voice_parts").array().notNull().default(sql`'{}'::text[]`),
    createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("choirs_name_lower_key").on(sql`lower(${t.name})`)],
);
