/**
 * @choir/songsheet: ChordPro (and chords-over-words / Ultimate Guitar text) → one render model of sections and
 * chord/lyric pairs, ChordPro writing, transposition with the target key's accidentals, letters or Do-Re-Mi chord
 * names, and a lyrics-only view. Pure TypeScript without DOM or Node APIs: the web app and the PDF renderer share it.
 */
import { parseChordPro } from "./chordpro";
import { isChordLine, parseChordsOverWords } from "./chords-over-words";
import { parseChord } from "./theory";
import type { ParseOptions, SongSheet } from "./types";

/** Guess the notation of a text: ChordPro when it has directives or inline [chords], else chord lines over words. */
export function detectFormat(text: string): "chordpro" | "chords-over-words" {
  const lines = text.split(/\r\n|\r|\n/, 2000);
  let chordLines = 0;
  for (const line of lines) {
    const trimmed = line.trim();
    if (trimmed.startsWith("{") && trimmed.endsWith("}") && /^\{[A-Za-z_]/.test(trimmed)) return "chordpro";
    const inline = /\[([^\]\n]{1,20})\]/.exec(trimmed);
    if (inline && parseChord(inline[1] ?? "") && trimmed.replace(/\[[^\]\n]*\]/g, "").trim() !== "") {
      return "chordpro";
    }
    if (trimmed && isChordLine(trimmed)) chordLines++;
  }
  return chordLines > 0 || /^\s*\[(verse|chorus|intro|bridge)[^\]]*\]\s*$/im.test(text)
    ? "chords-over-words"
    : "chordpro";
}

function plainSheet(text: string): SongSheet {
  const lines = text
    .split(/\r\n|\r|\n/)
    .filter((line) => line.trim() !== "")
    .map((line) => ({ kind: "lyrics" as const, pairs: [{ chord: null, lyric: line.trimEnd() }] }));
  return { metadata: { tags: [] }, sections: lines.length > 0 ? [{ type: "none", lines }] : [] };
}

/**
 * Parse a song (ChordPro by default detection, or chords-over-words / Ultimate Guitar text) into the render model.
 * Never throws: unreadable input comes back as plain lyric lines.
 */
export function parseSong(text: string, options: ParseOptions = {}): SongSheet {
  const input = typeof text === "string" ? text : "";
  const format = options.format ?? "auto";
  try {
    const resolved = format === "auto" ? detectFormat(input) : format;
    return resolved === "chordpro" ? parseChordPro(input) : parseChordsOverWords(input);
  } catch {
    try {
      return plainSheet(input);
    } catch {
      return { metadata: { tags: [] }, sections: [] };
    }
  }
}

export { parseChordPro, parseLyricsLine, toChordPro } from "./chordpro";
export { combineChordAndLyrics, isChordLine, parseChordsOverWords } from "./chords-over-words";
export { formatChord, formatKey, formatSheetChords, lyricsOnly } from "./notation";
export {
  CONVENTIONAL_KEYS,
  type Key,
  keySpelling,
  type Note,
  type ParsedChord,
  parseChord,
  parseKey,
  semitonesBetween,
  transposeChord,
} from "./theory";
export {
  firstChord,
  initialTranspose,
  mapChords,
  songKey,
  transposeSheet,
  transposeToKey,
} from "./transpose";
export type * from "./types";
export { type SheetWord, sheetWords, type WordSegment } from "./words";
