import { z } from "zod";
import { TEMPLATE_LIMITS } from "./limits.js";
import { TEMPLATE_MESSAGES } from "./messages.js";

export const TemplateSection = z
  .object({
    id: z.uuid(),
    /** For a built-in template, its section key (`entrance`, …), for the client to translate. */
    title: z.string(),
    order: z.number().int(),
    /** The title in the request's language (Accept-Language, en or es); equals `title` for a choir's own. */
    displayTitle: z.string(),
  })
  .meta({ id: "TemplateSection" });
export type TemplateSection = z.infer<typeof TemplateSection>;

export const PlaylistTemplate = z
  .object({
    id: z.uuid(),
    /** For a built-in template, its key (`mass`, …), for the client to translate. */
    title: z.string(),
    description: z.string().nullable(),
    /** null for a built-in (global) template. */
    choirId: z.uuid().nullable(),
    isDefault: z.boolean(),
    isGlobal: z.boolean(),
    /** The title in the request's language (Accept-Language, en or es); equals `title` for a choir's own. */
    displayTitle: z.string(),
    sections: z.array(TemplateSection),
  })
  .meta({ id: "PlaylistTemplate" });
export type PlaylistTemplate = z.infer<typeof PlaylistTemplate>;

const templateTitle = z.string().trim().min(1, TEMPLATE_MESSAGES.titleRequired).max(TEMPLATE_LIMITS.titleMax);
const sectionTitle = z.string().trim().max(TEMPLATE_LIMITS.sectionTitleMax);

/**
 * Sections as titles, or as `{id?, title, order?}` objects: sorted by `order` when given (else kept in list
 * order), titles trimmed, blank ones dropped; at least one must remain.
 */
export const TemplateSectionList = z
  .array(
    z.union([
      sectionTitle.transform((title) => ({ title, id: undefined, order: undefined })),
      z.object({
        id: z.uuid().optional(),
        title: sectionTitle,
        order: z.number().int().min(0).max(10_000).optional(),
      }),
    ]),
  )
  .max(TEMPLATE_LIMITS.sectionsMax)
  .transform((items) =>
    items
      .map((item, index) => ({ ...item, rank: item.order ?? index, index }))
      .sort((a, b) => a.rank - b.rank || a.index - b.index)
      .filter((item) => item.title !== "")
      .map((item): { id?: string; title: string } => ({ id: item.id, title: item.title })),
  )
  .refine((sections) => sections.length > 0, TEMPLATE_MESSAGES.atLeastOneSection);

const description = z
  .string()
  .trim()
  .max(TEMPLATE_LIMITS.descriptionMax)
  .nullish()
  .transform((v) => (v === undefined ? undefined : v || null));

/** A choir's template; `choirId` omitted means the caller's current choir. */
export const CreateTemplate = z
  .object({
    title: templateTitle,
    description,
    choirId: z.uuid().optional(),
    sections: TemplateSectionList,
  })
  .meta({ id: "CreateTemplate" });
export type CreateTemplate = z.input<typeof CreateTemplate>;

/** Edit a template: `description` omitted keeps it, null or blank clears it; sections replace the old ones. */
export const UpdateTemplate = z
  .object({ title: templateTitle, description, sections: TemplateSectionList })
  .meta({ id: "UpdateTemplate" });
export type UpdateTemplate = z.input<typeof UpdateTemplate>;

/** `isDefault` (or the spec's .NET spelling `IsDefault`); neither given means true, as the screens send. */
export const SetTemplateDefault = z
  .object({ isDefault: z.boolean().optional(), IsDefault: z.boolean().optional() })
  .transform((v) => ({ isDefault: v.isDefault ?? v.IsDefault ?? true }))
  .meta({ id: "SetTemplateDefault" });
export type SetTemplateDefault = z.input<typeof SetTemplateDefault>;
