import { GLOBAL_SECTION_KEYS, GLOBAL_TEMPLATE_KEYS } from "@choir/contract";

type Translate = (key: string) => string;

const KEYS = new Set<string>([...GLOBAL_TEMPLATE_KEYS, ...GLOBAL_SECTION_KEYS]);

/**
 * A template, playlist or section title as shown: the built-in keys (`mass`, `entrance`, …) translated, anything
 * else as written. Playlists copy their template's title and section titles, so a playlist drafted from Mass
 * holds these keys.
 */
export function builtInTitleText(t: Translate, title: string): string {
  return KEYS.has(title) ? t(`globalNames.${title}`) : title;
}

/**
 * A template's title, or one of its sections', in the current language: built-in templates carry keys and are
 * translated here (so a language switch shows at once, whatever the server wrote when the list was fetched); a
 * choir's own template is shown as its authors typed it.
 */
export function templateText(t: Translate, template: { isGlobal: boolean }, title: string): string {
  return template.isGlobal ? builtInTitleText(t, title) : title;
}
