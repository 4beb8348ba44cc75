import type { Line, Section, SongSheet } from "./types";

/**
 * Voice parts in a sheet. ChordPro's selectors mark what belongs to a part (`{start_of_verse-tenor}`,
 * `{comment-alto: …}`); a singer's part (a choir's name for it: "Soprano", "S1", "Bajo") matches a selector of the
 * same name, or of the same family: the four standard parts in English and Spanish, their short forms and their
 * divisions (S1, S2, …), so a first soprano sees soprano lines and a soprano sees S1 lines.
 */

const FAMILIES: Record<string, readonly string[]> = {
  soprano: ["soprano", "sopranos", "sop", "s", "tiple", "tiples"],
  alto: ["alto", "altos", "a", "contralto", "contraltos"],
  tenor: ["tenor", "tenors", "tenores", "t"],
  bass: ["bass", "basses", "bajo", "bajos", "b"],
};

const FAMILY_OF = new Map<string, string>(
  Object.entries(FAMILIES).flatMap(([family, names]) => names.map((name) => [name, family] as const)),
);

/** A part's name compared: lower case, without accents, spaces or punctuation. */
function normalise(part: string): string {
  return part
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]/gu, "");
}

/** The family of a part's name, also when divided ("s1", "tenor2", "bajo 1"); else null. */
function familyOf(name: string): string | null {
  return FAMILY_OF.get(name) ?? FAMILY_OF.get(name.replace(/(?<!\d)\d+$/, "")) ?? null;
}

/** Whether a selector (`tenor` of `{start_of_verse-tenor}`) is for a singer of `part`. */
export function isPartOf(selector: string, part: string): boolean {
  const a = normalise(selector);
  const b = normalise(part);
  if (!a || !b) return false;
  if (a === b) return true;
  const family = familyOf(a);
  return family !== null && family === familyOf(b) && (!/\d$/.test(a) || !/\d$/.test(b));
}

/** Whether any section or comment of the sheet is marked for a part. */
export function hasParts(sheet: SongSheet): boolean {
  return sheet.sections.some(
    (section) =>
      Boolean(section.voice) || section.lines.some((line) => line.kind === "comment" && !!line.voice),
  );
}

/** How a singer reads the parts: all alike, their own highlighted, or only their own (and what is for everyone). */
export type PartsView = "all" | "highlight" | "mine";

/** Whether a section or a comment line is shown to a singer of `part` reading only their own part. */
function isShown(voice: string | undefined, part: string): boolean {
  return !voice || isPartOf(voice, part);
}

/**
 * The sheet for a singer of `part` reading only their own: sections and comments marked for other parts are left
 * out; what is marked for no part stays. With no part, or another view, the sheet as it is.
 */
export function onlyPart(sheet: SongSheet, part: string | null | undefined, view: PartsView): SongSheet {
  if (view !== "mine" || !part) return sheet;
  const sections: Section[] = [];
  for (const section of sheet.sections) {
    if (!isShown(section.voice, part)) continue;
    const lines = section.lines.filter((line: Line) => line.kind !== "comment" || isShown(line.voice, part));
    // A section that held only other parts' comments goes too.
    if (lines.length === 0 && section.lines.length > 0) continue;
    sections.push(lines.length === section.lines.length ? section : { ...section, lines });
  }
  return { ...sheet, sections };
}

/** A selector as written for readers when it is no part with a translated name: "s2" → "S2", "barítono" → "Barítono". */
export function partLabel(selector: string): string {
  return selector.charAt(0).toLocaleUpperCase() + selector.slice(1);
}
