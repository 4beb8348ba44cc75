import { GLOBAL_TEMPLATE_KEYS, TEMPLATE_MESSAGES } from "@choir/contract";
import { and, asc, eq, inArray, isNull, ne, notInArray, or, sql } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { choirMembers, choirs, playlistTemplates, templateSections, users } from "../../db/schema/index.js";
import { conflict, invalid, notFound } from "../../http/errors.js";

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

export type TemplateRow = typeof playlistTemplates.$inferSelect;
export type TemplateSectionRow = typeof templateSections.$inferSelect;

export interface TemplateWithSections {
  template: TemplateRow;
  sections: TemplateSectionRow[];
}

export interface TemplateFields {
  title: string;
  /** undefined keeps (on update), null clears. */
  description?: string | null;
  sections: { id?: string; title: string }[];
}

/**
 * Runs a change of a choir's templates with the choir row locked, so concurrent creates, set-defaults and
 * deletes of one choir happen one after another: the first template becomes default exactly once, and two
 * set-defaults cannot both clear the old default before either sets theirs. `no key update` leaves inserts that
 * merely reference the choir (playlists, members) unblocked.
 */
async function withChoirTemplatesLocked<T>(
  db: Db,
  choirId: string,
  change: (tx: Tx) => Promise<T>,
): Promise<T> {
  return db.transaction(async (tx) => {
    const [choir] = await tx
      .select({ id: choirs.id })
      .from(choirs)
      .where(eq(choirs.id, choirId))
      .for("no key update");
    if (!choir) throw notFound();
    return change(tx);
  });
}

/** A template by id, or 404; access is the caller's to check with the policy. */
export async function findTemplate(db: Db | Tx, templateId: string): Promise<TemplateRow> {
  const [row] = await db.select().from(playlistTemplates).where(eq(playlistTemplates.id, templateId));
  if (!row) throw notFound(TEMPLATE_MESSAGES.notFound);
  return row;
}

async function withSections(db: Db | Tx, templates: TemplateRow[]): Promise<TemplateWithSections[]> {
  if (templates.length === 0) return [];
  const sections = await db
    .select()
    .from(templateSections)
    .where(
      inArray(
        templateSections.templateId,
        templates.map((t) => t.id),
      ),
    )
    .orderBy(asc(templateSections.position), asc(templateSections.id));
  return templates.map((template) => ({
    template,
    sections: sections.filter((section) => section.templateId === template.id),
  }));
}

export async function getTemplate(db: Db | Tx, templateId: string): Promise<TemplateWithSections> {
  const [details] = await withSections(db, [await findTemplate(db, templateId)]);
  return details!;
}

/** The order of the built-in templates: the contract's list (Mass first). */
const globalOrder = sql`array_position(${sql.raw(`ARRAY[${GLOBAL_TEMPLATE_KEYS.map((k) => `'${k}'`).join(",")}]::text[]`)}, ${playlistTemplates.globalKey})`;

/** A choir's templates (its default first, then by title), followed by the built-in ones. */
export async function listChoirTemplates(
  db: Db,
  choirId: string,
  page: { skip: number; take: number },
): Promise<TemplateWithSections[]> {
  const rows = await db
    .select()
    .from(playlistTemplates)
    .where(or(eq(playlistTemplates.choirId, choirId), isNull(playlistTemplates.choirId)))
    .orderBy(
      sql`${playlistTemplates.choirId} is null`,
      sql`${playlistTemplates.isDefault} desc`,
      globalOrder,
      asc(sql`lower(${playlistTemplates.title})`),
      asc(playlistTemplates.createdAt),
      asc(playlistTemplates.id),
    )
    .limit(page.take)
    .offset(page.skip);
  return withSections(db, rows);
}

/** The choir a template goes to when the request names none: the current choir, else the only one. */
export async function defaultTemplateChoir(db: Db, userId: string): Promise<string> {
  const [user] = await db
    .select({ currentChoirId: users.currentChoirId })
    .from(users)
    .where(eq(users.id, userId));
  if (user?.currentChoirId) return user.currentChoirId;
  const memberships = await db
    .select({ choirId: choirMembers.choirId })
    .from(choirMembers)
    .where(eq(choirMembers.userId, userId))
    .limit(2);
  if (memberships.length === 1) return memberships[0]!.choirId;
  throw invalid([`body.choirId: ${TEMPLATE_MESSAGES.choirRequired}`], TEMPLATE_MESSAGES.choirRequired);
}

/** Creates a choir's template; the choir's first template becomes its default. */
export async function createTemplate(db: Db, choirId: string, fields: TemplateFields): Promise<string> {
  return withChoirTemplatesLocked(db, choirId, async (tx) => {
    const [existing] = await tx
      .select({ id: playlistTemplates.id })
      .from(playlistTemplates)
      .where(eq(playlistTemplates.choirId, choirId))
      .limit(1);
    const [row] = await tx
      .insert(playlistTemplates)
      .values({
        choirId,
        title: fields.title,
        description: fields.description ?? null,
        isDefault: !existing,
      })
      .returning({ id: playlistTemplates.id });
    await tx
      .insert(templateSections)
      .values(
        fields.sections.map((section, position) => ({ templateId: row!.id, title: section.title, position })),
      );
    return row!.id;
  });
}

/**
 * Edits a choir's template. Sections replace the old ones: one carrying the id of a section of this template
 * keeps its id, others are new, and sections left out are removed; positions become 0..n-1.
 */
export async function updateTemplate(
  db: Db,
  choirId: string,
  templateId: string,
  fields: TemplateFields,
): Promise<void> {
  await withChoirTemplatesLocked(db, choirId, async (tx) => {
    await findTemplate(tx, templateId);
    const current = await tx
      .select({ id: templateSections.id })
      .from(templateSections)
      .where(eq(templateSections.templateId, templateId));
    const currentIds = new Set(current.map((section) => section.id));
    const seen = new Set<string>();
    const errors: string[] = [];
    fields.sections.forEach((section, index) => {
      if (!section.id) return;
      if (!currentIds.has(section.id) || seen.has(section.id))
        errors.push(`body.sections.${index}.id: not a section of this template`);
      seen.add(section.id);
    });
    if (errors.length > 0) throw invalid(errors);

    await tx
      .update(playlistTemplates)
      .set({
        title: fields.title,
        ...(fields.description === undefined ? {} : { description: fields.description }),
        updatedAt: new Date(),
      })
      .where(eq(playlistTemplates.id, templateId));
    const kept = [...seen];
    await tx
      .delete(templateSections)
      .where(
        and(
          eq(templateSections.templateId, templateId),
          kept.length > 0 ? notInArray(templateSections.id, kept) : undefined,
        ),
      );
    for (const [position, section] of fields.sections.entries()) {
      if (section.id) {
        await tx
          .update(templateSections)
          .set({ title: section.title, position })
          .where(eq(templateSections.id, section.id));
      } else {
        await tx.insert(templateSections).values({ templateId, title: section.title, position });
      }
    }
  });
}

/** Deletes a choir's template; its default cannot go (make another default first). */
export async function deleteTemplate(db: Db, choirId: string, templateId: string): Promise<void> {
  await withChoirTemplatesLocked(db, choirId, async (tx) => {
    const template = await findTemplate(tx, templateId);
    if (template.isDefault) throw conflict(TEMPLATE_MESSAGES.cannotDeleteDefault, "cannot_delete_default");
    await tx.delete(playlistTemplates).where(eq(playlistTemplates.id, templateId));
  });
}

/**
 * Makes a template its choir's default, the others not, in one transaction; `false` clears the flag (the
 * choir then has no default until one is set, which is also how its last template can be deleted).
 */
export async function setTemplateDefault(
  db: Db,
  choirId: string,
  templateId: string,
  isDefault: boolean,
): Promise<void> {
  await withChoirTemplatesLocked(db, choirId, async (tx) => {
    await findTemplate(tx, templateId);
    if (isDefault) {
      // Clear first, then set: the partial unique index is checked row by row.
      await tx
        .update(playlistTemplates)
        .set({ isDefault: false, updatedAt: new Date() })
        .where(
          and(
            eq(playlistTemplates.choirId, choirId),
            eq(playlistTemplates.isDefault, true),
            ne(playlistTemplates.id, templateId),
          ),
        );
    }
    await tx
      .update(playlistTemplates)
      .set({ isDefault, updatedAt: new Date() })
      .where(and(eq(playlistTemplates.id, templateId), ne(playlistTemplates.isDefault, isDefault)));
  });
}
