import {
  type CreateTemplate,
  type CurrentUser,
  type PlaylistTemplate,
  TEMPLATE_MESSAGES,
} from "@choir/contract";
import { ApiError } from "../../lib/api-client";
import { failureMessage, type Message } from "../../lib/messages";

/** One editable section row; `key` keeps React rows stable while titles change, `id` is the stored section's. */
export interface SectionRow {
  key: string;
  id?: string;
  title: string;
}

export interface TemplateFormValues {
  title: string;
  description: string;
  sections: SectionRow[];
}

let rowCounter = 0;
export function newSectionRow(title = "", id?: string): SectionRow {
  rowCounter += 1;
  return { key: `section-${rowCounter}`, id, title };
}

export function emptyTemplateValues(): TemplateFormValues {
  return { title: "", description: "", sections: [newSectionRow()] };
}

/** The form prefilled from a stored template (the choir's own, so titles are as typed). */
export function templateValues(template: PlaylistTemplate): TemplateFormValues {
  const sections = [...template.sections].sort((a, b) => a.order - b.order);
  return {
    title: template.title,
    description: template.description ?? "",
    sections: sections.length ? sections.map((s) => newSectionRow(s.title, s.id)) : [newSectionRow()],
  };
}

/** Moves the row at `from` one place up (-1) or down (+1); out-of-range moves leave the list as it is. */
export function moveRow<T>(rows: T[], from: number, direction: -1 | 1): T[] {
  const to = from + direction;
  if (from < 0 || from >= rows.length || to < 0 || to >= rows.length) return rows;
  const next = [...rows];
  const [row] = next.splice(from, 1);
  next.splice(to, 0, row as T);
  return next;
}

/** Removes a row unless it is the last one (a template keeps at least one section). */
export function removeRow<T>(rows: T[], index: number): T[] {
  if (rows.length <= 1 || index < 0 || index >= rows.length) return rows;
  return rows.filter((_, i) => i !== index);
}

export type TemplateFormErrors = Partial<Record<"title" | "sections", Message>>;

/** The spec's rules: a trimmed title; at least one section with a non-blank title. */
export function validateTemplate(values: TemplateFormValues): TemplateFormErrors {
  const errors: TemplateFormErrors = {};
  if (!values.title.trim()) errors.title = { key: "templates.validation.titleRequired" };
  if (!values.sections.some((s) => s.title.trim())) {
    errors.sections = { key: "templates.validation.atLeastOneSectionTitle" };
  }
  return errors;
}

/** Titles trimmed, blank sections dropped, order as listed. */
export function templateBody(values: TemplateFormValues): Omit<CreateTemplate, "choirId"> {
  return {
    title: values.title.trim(),
    description: values.description.trim() || null,
    sections: values.sections
      .map((s) => ({ id: s.id, title: s.title.trim() }))
      .filter((s) => s.title !== "")
      .map((s, order) => (s.id ? { id: s.id, title: s.title, order } : { title: s.title, order })),
  };
}

/** Search on title (as displayed or stored) or description, case-insensitive. */
export function filterTemplates(templates: PlaylistTemplate[], query: string): PlaylistTemplate[] {
  const needle = query.trim().toLocaleLowerCase();
  if (!needle) return templates;
  return templates.filter((template) =>
    [template.displayTitle, template.title, template.description ?? ""].some((text) =>
      text.toLocaleLowerCase().includes(needle),
    ),
  );
}

/** The default first, then the choir's own, then the built-in ones, each in the server's order. */
export function sortTemplates(templates: PlaylistTemplate[]): PlaylistTemplate[] {
  const rank = (t: PlaylistTemplate) => (t.isDefault ? 0 : t.isGlobal ? 2 : 1);
  return templates
    .map((template, index) => ({ template, index }))
    .sort((a, b) => rank(a.template) - rank(b.template) || a.index - b.index)
    .map(({ template }) => template);
}

/** True when the failure is the server refusing to delete the default template (message or first of `errors`). */
export function isCannotDeleteDefault(error: unknown): boolean {
  if (!(error instanceof ApiError)) return false;
  const text = error.errors[0] ?? error.message;
  return (
    error.status === 409 || /default template/i.test(text) || text === TEMPLATE_MESSAGES.cannotDeleteDefault
  );
}

export function deleteFailureMessage(error: unknown): Message {
  if (isCannotDeleteDefault(error)) return { key: "templates.errors.cannotDeleteDefault" };
  return failureMessage(error, "templates.errors.failedToDelete");
}

/** Only a choir's administrators manage its own templates; built-in ones are read-only for everyone. */
export function canManageTemplates(user: CurrentUser | null | undefined, choirId: string | null | undefined) {
  if (!user || !choirId) return false;
  return user.choirs.some((choir) => choir.id === choirId && choir.role === "ChoirAdmin");
}

export function canChangeTemplate(
  user: CurrentUser | null | undefined,
  template: Pick<PlaylistTemplate, "isGlobal" | "choirId">,
) {
  return !template.isGlobal && canManageTemplates(user, template.choirId);
}
