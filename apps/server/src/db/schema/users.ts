import { sql } from "drizzle-orm";
import { boolean, check, index, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { choirs } from "./choirs.js";

export const users = pgTable(
  "users",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    email: text("email").notNull(),
    firstName: text("first_name").notNull().default(""),
    lastName: text("last_name").notNull().default(""),
    /** The user's chosen type: GeneralUser, or ChoirAdmin after onboarding as administrator. */
    role: text("role", { enum: ["GeneralUser", "ChoirAdmin"] })
      .notNull()
      .default("GeneralUser"),
    hasCompletedOnboarding: boolean("has_completed_onboarding").notNull().default(false),
    currentChoirId: uuid("current_choir_id").references(() => choirs.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("users_email_lower_key").on(sql`lower(${t.email})`),
    check("users_role_check", sql`${t.role} in ('GeneralUser', 'ChoirAdmin')`),
  ],
);

export const sessions = pgTable(
  "sessions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** True when this session came from the user's very first sign-in. */
    isNewUser: boolean("is_new_user").notNull().default(false),
    createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull(),
    /** Absolute end: tokens of this session cannot be refreshed past it. */
    expiresAt: timestamp("expires_at", { withTimezone: true, mode: "date" }).notNull(),
    revokedAt: timestamp("revoked_at", { withTimezone: true, mode: "date" }),
  },
  (t) => [
    index("sessions_user_idx").on(t.userId),
    // Ended sessions are swept a few at a time as people sign in (auth/sessions.ts).
    index("sessions_expires_idx").on(t.expiresAt),
  ],
);

/** A pending authorization request: state, PKCE verifier and nonce kept server-side. */
export const authRequests = pgTable("auth_requests", {
  /** A hash of the state and the starting browser's binding value (auth/browser-binding.ts), never the state itself. */
  state: text("state").primaryKey(),
  codeVerifier: text("code_verifier").notNull(),
  nonce: text("nonce").notNull(),
  inviteToken: text("invite_token"),
  expiresAt: timestamp("expires_at", { withTimezone: true, mode: "date" }).notNull(),
});

/** One-time sign-in codes handed to the browser instead of a bearer token; only a hash is stored. */
export const signInCodes = pgTable(
  "sign_in_codes",
  {
    codeHash: text("code_hash").primaryKey(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    isNewUser: boolean("is_new_user").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true, mode: "date" }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true, mode: "date" }),
  },
  (t) => [index("sign_in_codes_expires_idx").on(t.expiresAt)],
);
