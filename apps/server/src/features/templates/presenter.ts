import type { PlaylistTemplate } from "@choir/contract";
import type { Language } from "../../http/language.js";
import { translateKey } from "../../shared/built-in-names.js";
import type { TemplateWithSections } from "./service.js";

export function presentTemplate(
  { template, sections }: TemplateWithSections,
  language: Language,
): PlaylistTemplate {
  const isGlobal = template.choirId === null;
  // Only built-in templates carry keys; a choir's template called "mass" is shown as its authors typed it.
  const display = (text: string) => (isGlobal ? translateKey(text, language) : text);
  return {
    id: template.id,
    title: template.title,
    description: template.description,
    choirId: template.choirId,
    isDefault: template.isDefault,
    isGlobal,
    displayTitle: display(template.title),
    sections: sections.map((section, index) => ({
      id: section.id,
      title: section.title,
      order: index,
      displayTitle: display(section.title),
    })),
  };
}
