import { index, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { choirs } from "./choirs.js";

/**
 * One invitation e-mail sent from a choir to an address (first send or re-send). The rows are the
 * counter behind the sending limits (per address per hour, per choir per day); rows older than the
 * longest window are pruned when the choir sends again.
 */
export const invitationMails = pgTable(
  "invitation_mails",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    choirId: uuid("choir_id")
      .notNull()
      .references(() => choirs.id, { onDelete: "cascade" }),
    /** The address, lower-cased. */
    email: text("email").notNull(),
    sentAt: timestamp("sent_at", { withTimezone: true, mode: "date" }).notNull(),
  },
  (t) => [
    index("invitation_mails_choir_email_sent_idx").on(t.choirId, t.email, t.sentAt),
    index("invitation_mails_choir_sent_idx").on(t.choirId, t.sentAt),
  ],
);
