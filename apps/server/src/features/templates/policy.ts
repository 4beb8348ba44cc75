import { TEMPLATE_MESSAGES } from "@choir/contract";
import { requireAdmin, requireMember } from "../../access/choir-access.js";
import type { Db } from "../../db/client.js";
import { forbidden } from "../../http/errors.js";

interface TemplateOwner {
  choirId: string | null;
}

/** Built-in templates are readable by everyone signed in; a choir's own by its members only (else 404). */
export async function requireTemplateReader(db: Db, template: TemplateOwner, userId: string): Promise<void> {
  if (template.choirId) await requireMember(db, template.choirId, userId);
}

/**
 * Changing a template (edit, delete, set-default): a choir's administrators only. Built-in templates are
 * visible to everyone and changeable by no one, so they answer 403 rather than 404.
 */
export async function requireTemplateManager(
  db: Db,
  template: TemplateOwner,
  userId: string,
): Promise<string> {
  if (!template.choirId) throw forbidden(TEMPLATE_MESSAGES.globalReadOnly);
  await requireAdmin(db, template.choirId, userId);
  return template.choirId;
}
