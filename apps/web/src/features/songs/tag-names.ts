import type { SongTag } from "@choir/contract";

type NamedTag = Pick<SongTag, "tagName" | "names">;

/** A tag name as tags are compared: trimmed, lowercase, without accents ("Comunión" and "comunion" are one). */
export function foldTagName(name: string): string {
  return name.normalize("NFD").replace(/\p{M}/gu, "").toLocaleLowerCase().trim();
}

/**
 * A tag as shown in `language`: its name in the tag glossary for that language when the glossary knows the tag
 * ("christmas" reads "navidad" in Spanish), else its name as written. A glossary name that only differs from the
 * written one in case or accents leaves the written one ("Christmas" stays "Christmas").
 */
export function tagLabel(tag: NamedTag, language: string | undefined): string {
  const name = tag.names?.[language?.startsWith("es") ? "es" : "en"];
  return name && foldTagName(name) !== foldTagName(tag.tagName) ? name : tag.tagName;
}

/** Whether `tag` goes by `name`: its own name or one of its glossary names, without regard to case or accents. */
export function tagGoesBy(tag: NamedTag, name: string): boolean {
  const wanted = foldTagName(name);
  if (!wanted) return false;
  return [tag.tagName, tag.names?.en, tag.names?.es].some(
    (candidate) => candidate !== undefined && foldTagName(candidate) === wanted,
  );
}
