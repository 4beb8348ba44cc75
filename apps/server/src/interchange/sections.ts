/**
 * Sections as other song tools name them (OpenLyrics `v1`, `c`, `b2`; OpenSong `[V1]`, `[C]`) and our ChordPro
 * sections, both ways; and a song's parts put in the order the tool plays them (OpenLyrics `verseOrder`, OpenSong
 * `presentation`).
 *
 * Labels: a numbered part gets a label in the importing person's language ("Verse 2", "Estrofa 2"); a part without
 * a number gets none, so the song sheet shows its own translated name for the section.
 */
import { type Line, MAX_RENDERED_LINES, type Section, type SectionType } from "@choir/songsheet";
import { ImportFileError } from "./problems.js";

export type Language = "en" | "es";

interface Kind {
  type: SectionType;
  /** Environment name of a custom section. */
  name?: string;
  words: Record<Language, string>;
}

/** Letters of the short names, OpenLyrics' and OpenSong's conventions. */
const KINDS: Record<string, Kind> = {
  v: { type: "verse", words: { en: "Verse", es: "Estrofa" } },
  c: { type: "chorus", words: { en: "Chorus", es: "Coro" } },
  b: { type: "bridge", words: { en: "Bridge", es: "Puente" } },
  p: { type: "custom", name: "prechorus", words: { en: "Pre-chorus", es: "Precoro" } },
  i: { type: "custom", name: "intro", words: { en: "Intro", es: "Introducción" } },
  e: { type: "custom", name: "ending", words: { en: "Ending", es: "Final" } },
  t: { type: "custom", name: "tag", words: { en: "Tag", es: "Tag" } },
};

/** Whole words some files use instead of the letters. */
const ALIASES: Record<string, string> = {
  verse: "v",
  estrofa: "v",
  chorus: "c",
  coro: "c",
  refrain: "c",
  bridge: "b",
  puente: "b",
  pre: "p",
  prechorus: "p",
  intro: "i",
  ending: "e",
  outro: "e",
  tag: "t",
};

/** `v1` → v, 1; `c` → c; `pre1` → pre, 1; anything else → null. */
export function splitShortName(name: string): { letters: string; number: string } | null {
  const match = /^([A-Za-z]{1,12})(\d{0,3})[a-z]?$/.exec(name.trim());
  if (!match) return null;
  return { letters: (match[1] ?? "").toLowerCase(), number: match[2] ?? "" };
}

/** An empty section for a short name (`v1`, `C2`, `o`); `o` (other) is a plain paragraph without a heading. */
export function sectionFor(shortName: string, language: Language): Section {
  const split = splitShortName(shortName);
  if (!split) {
    const name =
      shortName
        .toLowerCase()
        .replace(/[^a-z0-9]+/g, "_")
        .replace(/^_+|(?<!_)_+$/g, "") || "part";
    return { type: "custom", name, label: shortName.trim(), lines: [] };
  }
  if (split.letters === "o") return { type: "none", lines: [] };
  const kind = KINDS[ALIASES[split.letters] ?? split.letters];
  if (!kind) {
    return {
      type: "custom",
      name: split.letters,
      ...(split.number ? { label: `${shortName.trim()}` } : {}),
      lines: [],
    };
  }
  const section: Section = { type: kind.type, lines: [] };
  if (kind.name) section.name = kind.name;
  if (split.number) section.label = `${kind.words[language]} ${Number(split.number)}`;
  return section;
}

/** The short name a section of ours goes by in OpenLyrics: `v1`, `c`, `b2`, `p`, `o3`. */
export function shortNameFor(section: Section, counters: Map<string, number>): string {
  let letter = "o";
  if (section.type === "verse") letter = "v";
  else if (section.type === "chorus") letter = "c";
  else if (section.type === "bridge") letter = "b";
  else if (section.type === "custom") {
    const name = (section.name ?? "").toLowerCase();
    if (name === "prechorus" || name === "pre_chorus") letter = "p";
    else if (name === "intro") letter = "i";
    else if (name === "ending" || name === "outro") letter = "e";
    else if (name === "tag") letter = "t";
  }
  const count = (counters.get(letter) ?? 0) + 1;
  counters.set(letter, count);
  const numbered = /(\d{1,3})\s*$/.exec(section.label ?? "")?.[1];
  // A verse and a paragraph always carry a number; a chorus or bridge only when its label has one.
  if (numbered) return `${letter}${Number(numbered)}`;
  return letter === "v" || letter === "o" ? `${letter}${count}` : letter;
}

/**
 * The parts in playing order: each name of `order` in turn (names without a part are skipped); a chorus that comes
 * back right after being the last chorus written is a `{chorus}` recall, any other part that comes back is written
 * again in full. Parts the order never names follow at the end, so nothing of the file is lost. Without an order,
 * the parts as they stand.
 */
export function inPlayingOrder(parts: { name: string; section: Section }[], order: string[]): Section[] {
  if (order.length === 0) return parts.map((part) => part.section);
  const byName = new Map<string, Section>();
  for (const part of parts)
    if (!byName.has(part.name.toLowerCase())) byName.set(part.name.toLowerCase(), part.section);
  const used = new Set<string>();
  const sections: Section[] = [];
  let lastChorus: string | null = null;
  // Repeats are copies: an order naming a long part a thousand times would grow without end, so it stops at the
  // sheet's bound (the song is then refused as too long to convert).
  let lines = 0;
  for (const raw of order) {
    const name = raw.toLowerCase();
    const section = byName.get(name);
    if (!section) continue;
    if (used.has(name) && section.type === "chorus" && lastChorus === name) {
      sections.push({ type: "chorus", recall: true, lines: [] });
      continue;
    }
    lines += section.lines.length + 1;
    if (lines > MAX_RENDERED_LINES) throw new ImportFileError("song_too_long");
    sections.push(used.has(name) ? copySection(section) : section);
    used.add(name);
    if (section.type === "chorus") lastChorus = name;
  }
  for (const part of parts) if (!used.has(part.name.toLowerCase())) sections.push(part.section);
  return sections;
}

function copySection(section: Section): Section {
  return { ...section, lines: section.lines.map((line) => structuredClone(line) as Line) };
}

/** Lyric text safe in ChordPro: brackets would become chords, a leading brace a directive. */
export function plainLyric(text: string): string {
  return text
    .replace(/\[/g, "(")
    .replace(/\]/g, ")")
    .replace(/^(\s*)\{/, "$1(");
}
