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
