import { sql } from "drizzle-orm";
import { check, index, pgTable, primaryKey, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { choirs } from "./choirs.js";
import { users } from "./users.js";

/** Who belongs to a choir, in which role and voice part (its own file: users name their current choir). */
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
