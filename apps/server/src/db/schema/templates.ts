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

/**
 * Playlist templates: a choir's own (`choir_id`), or a built-in one (`global_key`, no choir) inserted by
 * migration 0004, whose title and section titles are keys the presenter translates.
 */
export const playlistTemplates = pgTable(
  "playlist_templates",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    choirId: uuid("choir_id").references(() => choirs.id, { onDelete: "cascade" }),
    globalKey: text("global_key"),
    title: text("title").notNull(),
    description: text("description"),
    isDefault: boolean("is_default").notNull().default(false),
    createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
  },
  (t) => [
    index("playlist_templates_choir_idx").on(t.choirId),
    // One default per choir, whatever the requests racing to set it.
    uniqueIndex("playlist_templates_default_key").on(t.choirId).where(sql`${t.isDefault}`),
    uniqueIndex("playlist_templates_global_key").on(t.globalKey).where(sql`${t.globalKey} is not null`),
    check("playlist_templates_owner_check", sql`(${t.choirId} is null) <> (${t.globalKey} is null)`),
    check("playlist_templates_default_check", sql`${t.choirId} is not null or not ${t.isDefault}`),
  ],
);

/** A template's ordered section titles; `position` is kept 0..n-1 by the service. */
export const templateSections = pgTable(
  "template_sections",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    templateId: uuid("template_id")
      .notNull()
      .references(() => playlistTemplates.id, { onDelete: "cascade" }),
    title: text("title").notNull(),
    position: integer("position").notNull(),
  },
  (t) => [
    index("template_sections_template_idx").on(t.templateId, t.position),
    check("template_sections_position_check", sql`${t.position} >= 0`),
  ],
);
