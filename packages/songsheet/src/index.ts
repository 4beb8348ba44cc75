/**
 * @choir/songsheet: ChordPro (and chords-over-words / Ultimate Guitar text) → one render model of sections and
 * chord/lyric pairs, ChordPro writing, transposition with the target key's accidentals, letters or Do-Re-Mi chord
 * names, and a lyrics-only view. Pure TypeScript without DOM or Node APIs: the web app and the PDF renderer share it.
 */
import { finishSheet, LineBudget, lineCost, SECTION_COST } from "./bounds";
import { MAX_LINE_LENGTH, parseChordPro } from "./chordpro";
import { inlineChordLines, isChordLine, parseChordsOverWords } from "./chords-over-words";
import { parseOnSong } from "./onsong";
import { parseChord } from "./theory";
import type { Line, ParseOptions, Section, SongSheet } from "./types";

/** Lines whose directives, inline chords and chord lines decide the format. */
const DETECTION_LINES = 2000;
/** An Ultimate Guitar section header alone on its line: `[Verse 1]`, `[Chorus]`. */
const HEADER_LINE = /^\[(verse|chorus|intro|bridge)[^\]]*\]$/i;

/** Some text is left once every `[…]` is taken out (an unclosed `[` stays): the line is not a bare header. */
function hasTextOutsideBrackets(line: string): boolean {
  let index = 0;
  while (index < line.length) {
    const char = line[index]!;
    if (char === "[") {
      const close = line.indexOf("]", index + 1);
      if (close === -1) return true;
      index = close + 1;
      continue;
    }
    if (!/\s/.test(char)) return true;
    index++;
  }
  return false;
}

/**
 * Guess the notation of a text: ChordPro when it has directives or inline [chords], chords over words when it has
 * chord lines (or Ultimate Guitar's `[Verse]` headers), else plain text. One pass over the lines, each looked at in
 * time linear in its length.
 */
export function detectNotation(text: string): "chordpro" | "chords-over-words" | "plain" {
  const lines = text.split(/\r\n|\r|\n/);
  let chordLines = 0;
  for (const line of lines.slice(0, DETECTION_LINES)) {
    const whole = line.trim();
    if (whole.startsWith("{") && whole.endsWith("}") && /^\{[A-Za-z_]/.test(whole)) return "chordpro";
    const trimmed = whole.length > MAX_LINE_LENGTH ? whole.slice(0, MAX_LINE_LENGTH) : whole;
    const inline = /\[([^\]\n]{1,20})\]/.exec(trimmed);
    if (inline && parseChord(inline[1] ?? "") && hasTextOutsideBrackets(trimmed)) return "chordpro";
    if (trimmed && isChordLine(trimmed)) chordLines++;
  }
  if (chordLines > 0) return "chords-over-words";
  return lines.some((line) => HEADER_LINE.test(line.trim())) ? "chords-over-words" : "plain";
}

/** The notation to parse a text as: ChordPro when it has directives or inline [chords] or nothing else to go by. */
export function detectFormat(text: string): "chordpro" | "chords-over-words" {
  const notation = detectNotation(text);
  return notation === "plain" ? "chordpro" : notation;
}

function plainSheet(text: string): SongSheet {
  const budget = new LineBudget();
  const lines: Line[] = [];
  for (const line of text.split(/\r\n|\r|\n/)) {
    if (line.trim() === "") continue;
    const plain: Line = {
      kind: "lyrics",
      pairs: [{ chord: null, lyric: line.slice(0, MAX_LINE_LENGTH).trimEnd() }],
    };
    if (!budget.spend((lines.length === 0 ? SECTION_COST : 0) + lineCost(plain))) break;
    lines.push(plain);
  }
  const sections: Section[] = lines.length > 0 ? [{ type: "none", lines }] : [];
  return finishSheet({ tags: [] }, sections, budget);
}

/**
 * Parse a song (ChordPro by default detection, or chords-over-words / Ultimate Guitar text) into the render model.
 * Never throws: unreadable input comes back as plain lyric lines.
 */
export function parseSong(text: string, options: ParseOptions = {}): SongSheet {
  const input = typeof text === "string" ? text : "";
  const format = options.format ?? "auto";
  try {
    if (format === "auto") {
      // ChordPro with chords-over-words lines in it (pasted under a {title}, beside an inline [C]) reads each such
      // line as inline chords; the rest of the text is ChordPro as written.
      return detectFormat(input) === "chordpro"
        ? parseChordPro(inlineChordLines(input))
        : parseChordsOverWords(input);
    }
    if (format === "onsong") return parseOnSong(input);
    return format === "chordpro" ? parseChordPro(input) : parseChordsOverWords(input);
  } catch {
    try {
      return plainSheet(input);
    } catch {
      return { metadata: { tags: [] }, sections: [] };
    }
  }
}

export { MAX_RENDERED_LINES, renderedLineCount } from "./bounds";
export {
  type ChordPlacement,
  changeChord,
  chordName,
  chordPlacement,
  type KeyChord,
  type KeyChords,
  keyChords,
  moveChord,
  type PlacedChord,
  type PlacementLine,
  type PlacementWord,
  placeChord,
  placementSyllables,
  removeChord,
  type Syllable,
  syllableStarts,
} from "./chord-placement";
export { parseChordPro, parseLyricsLine, toChordPro } from "./chordpro";
export {
  combineChordAndLyrics,
  inlineChordLines,
  isChordLine,
  parseChordsOverWords,
  readLabelledChordLine,
} from "./chords-over-words";
export { CREDIT_NAMES, type CreditName, type Credits, readCredits, writeCredits } from "./credits";
export { formatChord, formatKey, formatSheetChords, lyricsOnly } from "./notation";
export { looksLikeOnSong, parseOnSong } from "./onsong";
export { hasParts, isPartOf, onlyPart, type PartsView, partLabel } from "./parts";
export { type SongDetailsEdit, writeSongDetails } from "./song-details";
export { splitChordProSongs, splitTextSongs } from "./song-files";
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
  transposeChordPro,
  transposeSheet,
  transposeToKey,
} from "./transpose";
export type * from "./types";
export { type SheetWord, sheetWords, type WordSegment } from "./words";
