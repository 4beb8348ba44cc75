import { GLOBAL_SECTION_KEYS, GLOBAL_TEMPLATE_KEYS } from "@choir/contract";

type Translate = (key: string) => string;

const KEYS = new Set<string>([...GLOBAL_TEMPLATE_KEYS, ...GLOBAL_SECTION_KEYS]);

/**
 * Built-in template and section names are stored as keys (`mass`, `entrance`); a playlist made from a built-in
 * template keeps them. They read in the user's language; any other title is shown as it was typed.
 */
export function globalName(t: Translate, title: string | null | undefined): string {
  if (!title) return "";
  return KEYS.has(title) ? t(`globalNames.${title}`) : title;
}
