import { type Note, parseChord, parseKey } from "./theory";
import { mapChords } from "./transpose";
import type { FormatOptions, Line, Section, SongSheet } from "./types";

const SOLFEGE: Record<Note["letter"], string> = {
  C: "Do",
  D: "Re",
  E: "Mi",
  F: "Fa",
  G: "Sol",
  A: "La",
  B: "Si",
};

function formatNote(note: Note, options: FormatOptions): string {
  const name = options.notation === "solfege" ? SOLFEGE[note.letter] : note.letter;
  if (note.accidental === 0) return name;
  const sharp = note.accidental === 1;
  if (options.unicodeAccidentals) return name + (sharp ? "♯" : "♭");
  return name + (sharp ? "#" : "b");
}

function formatSuffix(suffix: string, options: FormatOptions): string {
  if (!options.unicodeAccidentals) return suffix;
  // Only a b or # before a degree number is an accidental ("m7b5", "7(#9)"); "sus" or "dim" keep their letters.
  return suffix.replace(/b(?=\d)/g, "♭").replace(/#(?=\d)/g, "♯");
}

/**
 * Write a chord in letters or in Do-Re-Mi: "Am7" → "Lam7", "F#/C#" → "Fa♯/Do♯" (with unicodeAccidentals).
 * Anything that is not a chord is returned unchanged.
 */
export function formatChord(chord: string, options: FormatOptions): string {
  const parsed = parseChord(chord);
  if (!parsed) return chord;
  const bass = parsed.bass ? `/${formatNote(parsed.bass, options)}` : "";
  return `${parsed.prefix}${formatNote(parsed.root, options)}${formatSuffix(parsed.suffix, options)}${bass}${parsed.postfix}`;
}

/** Format a key name ("Bb", "F#m") like a chord: "Si♭", "Fa♯m". Unknown text is returned unchanged. */
export function formatKey(key: string, options: FormatOptions): string {
  const parsed = parseKey(key);
  if (!parsed) return key;
  return formatNote(parsed.tonic, options) + (parsed.minor ? "m" : "");
}

/** Format every chord and the key of a sheet for display. The result is for showing, not for transposing. */
export function formatSheetChords(sheet: SongSheet, options: FormatOptions): SongSheet {
  const result = mapChords(sheet, (chord) => formatChord(chord, options));
  if (result.metadata.key !== undefined) result.metadata.key = formatKey(result.metadata.key, options);
  return result;
}

function lyricsOnlyLine(line: Line): Line | null {
  switch (line.kind) {
    case "lyrics": {
      const text = line.pairs
        .map((pair) => pair.lyric)
        .join("")
        .replace(/\s+/g, " ")
        .trim();
      return text ? { kind: "lyrics", pairs: [{ chord: null, lyric: text }] } : null;
    }
    case "comment":
    case "empty":
      return { ...line };
    default:
      return null;
  }
}

/**
 * The sheet for singers: chords and annotations removed, words of each line joined, tab and grid sections and
 * chord-only lines dropped; sections, labels, voices and comments kept.
 */
export function lyricsOnly(sheet: SongSheet): SongSheet {
  const sections: Section[] = [];
  for (const section of sheet.sections) {
    if (section.type === "tab" || section.type === "grid") continue;
    const lines: Line[] = [];
    for (const line of section.lines) {
      const kept = lyricsOnlyLine(line);
      if (!kept) continue;
      if (kept.kind === "empty" && (lines.length === 0 || lines[lines.length - 1]!.kind === "empty"))
        continue;
      lines.push(kept);
    }
    while (lines.length > 0 && lines[lines.length - 1]!.kind === "empty") lines.pop();
    if (lines.length > 0) sections.push({ ...section, lines });
  }
  const result: SongSheet = { metadata: { ...sheet.metadata, tags: [...sheet.metadata.tags] }, sections };
  if (sheet.truncated) result.truncated = true;
  return result;
}
