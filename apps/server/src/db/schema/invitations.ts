import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { choirs } from "./choirs.js";
import { users } from "./users.js";

/** An invitation sent to an e-mail address; accepted by the person signed in with that address. */
export const emailInvitations = pgTable(
  "email_invitations",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    choirId: uuid("choir_id")
      .notNull()
      .references(() => choirs.id, { onDelete: "cascade" }),
    email: text("email").notNull(),
    token: text("token").notNull(),
    status: text("status", { enum: ["Pending", "Accepted", "Rejected"] })
      .notNull()
      .default("Pending"),
    invitedBy: uuid("invited_by").references(() => users.id, { onDelete: "set null" }),
    sentAt: timestamp("sent_at", { withTimezone: true, mode: "date" }).notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true, mode: "date" }).notNull(),
    respondedAt: timestamp("responded_at", { withTimezone: true, mode: "date" }),
  },
  (t) => [
    uniqueIndex("email_invitations_token_key").on(t.token),
    // One pending invitation per address and choir: inviting again re-sends it.
    uniqueIndex("email_invitations_pending_key")
      .on(t.choirId, sql`lower(${t.email})`)
      .where(sql`${t.status} = 'Pending'`),
    index("email_invitations_email_idx").on(sql`lower(${t.email})`),
    check("email_invitations_status_check", sql`${t.status} in ('Pending', 'Accepted', 'Rejected')`),
  ],
);

/** A link anyone may use to join, for 24 hours, at most `max_uses` times. */
export const shareableInvitations = pgTable(
  "shareable_invitations",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    choirId: uuid("choir_id")
      .notNull()
      .references(() => choirs.id, { onDelete: "cascade" }),
    token: text("token").notNull(),
    maxUses: integer("max_uses"),
    currentUses: integer("current_uses").notNull().default(0),
    isActive: boolean("is_active").notNull().default(true),
    createdBy: uuid("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true, mode: "date" }).notNull(),
  },
  (t) => [
    uniqueIndex("shareable_invitations_token_key").on(t.token),
    index("shareable_invitations_choir_idx").on(t.choirId),
    check(
      "shareable_invitations_max_uses_check",
      sql`${t.maxUses} is null or ${t.maxUses} between 1 and 1000`,
    ),
    check(
      "shareable_invitations_uses_check",
      sql`${t.currentUses} >= 0 and (${t.maxUses} is null or ${t.currentUses} <= ${t.maxUses})`,
    ),
  ],
);

/** Development outbox: e-mails kept for /dev/mail when no SMTP server is configured. */
export const outboxMessages = pgTable("outbox_messages", {
  id: uuid("id").primaryKey().defaultRandom(),
  recipient: text("recipient").notNull(),
  subject: text("subject").notNull(),
  text: text("text").notNull(),
  html: text("html").notNull(),
  createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
});
