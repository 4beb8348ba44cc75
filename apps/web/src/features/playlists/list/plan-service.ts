import { type CreatePlaylist, PLAYLIST_LIMITS, type PlaylistTemplate } from "@choir/contract";
import { isIsoDay } from "../../../lib/service-dates";

/**
 * What the planning dialog holds: the template (null for none), the day, the time (HH:mm or empty), a title and who
 * leads (a member's id, or null).
 */
export interface PlanValues {
  templateId: string | null;
  date: string | null;
  time: string;
  title: string;
  leaderId: string | null;
}

export type PlanErrors = Partial<Record<keyof PlanValues, "dateRequired" | "timeInvalid" | "titleTooLong">>;

/** The template a new service starts from: the choir's default, else its first own, else the first built-in. */
export function defaultTemplateId(templates: readonly PlaylistTemplate[]): string | null {
  return (
    templates.find((template) => template.isDefault)?.id ??
    templates.find((template) => !template.isGlobal)?.id ??
    templates[0]?.id ??
    null
  );
}

const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;

/**
 * Checks the dialog's values and makes the request: a day is needed, a time is HH:mm or nothing, a title at most
 * the contract's length (blank: none, and the service shows its template's title). The new service starts with its
 * template's sections, empty: its songs are added on its own page (docs/decisions/0100).
 */
export function planRequest(
  choirId: string,
  values: PlanValues,
): { request: CreatePlaylist; errors: null } | { request: null; errors: PlanErrors } {
  const errors: PlanErrors = {};
  if (!isIsoDay(values.date)) errors.date = "dateRequired";
  const time = values.time.trim();
  if (time && !TIME.test(time)) errors.time = "timeInvalid";
  const title = values.title.trim();
  if (title.length > PLAYLIST_LIMITS.titleMax) errors.title = "titleTooLong";
  if (Object.keys(errors).length > 0 || !values.date) return { request: null, errors };
  return {
    request: {
      choirId,
      date: values.date,
      time: time || null,
      title: title || null,
      leaderId: values.leaderId,
      isPublic: false,
      playlistTemplateId: values.templateId,
    },
    errors: null,
  };
}
