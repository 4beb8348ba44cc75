import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  index,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { users } from "./users.js";

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

export const choirMembers = pgTable(
  "choir_members",
  {
    choirId: uuid("choir_id")
      .notNull()
      .references(() => choirs.id, { onDelete: "cascade" }),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    role: text("role", { enum: ["ChoirAdmin", "ChoirMember"] }).notNull(),
    /** The part the member sings in this choir (Soprano, Alto, Tenor, Bass or one of the choir's own), if chosen. */
    voicePart: text("voice_part"),
    joinedAt: timestamp("joined_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.choirId, t.userId] }),
    index("choir_members_user_idx").on(t.userId),
    check("choir_members_role_check", sql`${t.role} in ('ChoirAdmin', 'ChoirMember')`),
    check("choir_members_voice_part_check", sql`char_length(${t.voicePart}) between 1 and 40`),
  ],
);
