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
    joinedAt: timestamp("joined_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.choirId, t.userId] }),
    index("choir_members_user_idx").on(t.userId),
    check("choir_members_role_check", sql`${t.role} in ('ChoirAdmin', 'ChoirMember')`),
  ],
);
