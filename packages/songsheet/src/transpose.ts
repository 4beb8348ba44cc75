import { parseChordPro, readDirective } from "./chordpro";
import { inlineChordLines } from "./chords-over-words";
import {
  conventionalKey,
  type Key,
  keyFromChord,
  keyName,
  parseKey,
  pitchOf,
  semitonesBetween,
  transposeChord,
} from "./theory";
import type { Line, SongSheet } from "./types";

/** Apply a function to every chord of a sheet (annotations and lyrics untouched); returns a new sheet. */
export function mapChords(sheet: SongSheet, map: (chord: string) => string): SongSheet {
  const mapLine = (line: Line): Line =>
    line.kind === "lyrics"
      ? {
          kind: "lyrics",
          pairs: line.pairs.map((pair) => (pair.chord ? { ...pair, chord: map(pair.chord) } : { ...pair })),
        }
      : { ...line };
  const result: SongSheet = {
    metadata: { ...sheet.metadata, tags: [...sheet.metadata.tags] },
    sections: sheet.sections.map((section) => ({ ...section, lines: section.lines.map(mapLine) })),
  };
  if (sheet.truncated) result.truncated = true;
  return result;
}

/** The first chord of the sheet, or null when it has none. */
export function firstChord(sheet: SongSheet): string | null {
  for (const section of sheet.sections) {
    for (const line of section.lines) {
      if (line.kind !== "lyrics") continue;
      for (const pair of line.pairs) if (pair.chord && keyFromChord(pair.chord)) return pair.chord;
    }
  }
  return null;
}

/** The song's key: the `{key}` directive, else the key implied by the first chord. */
export function songKey(sheet: SongSheet): Key | null {
  const declared = parseKey(sheet.metadata.key);
  if (declared) return declared;
  const chord = firstChord(sheet);
  return chord ? keyFromChord(chord) : null;
}

/** Starting offset of a transpose control: the song's `{transpose: n}` directive, else 0. */
export function initialTranspose(sheet: SongSheet): number {
  return sheet.metadata.transpose ?? 0;
}

function transposeWithKey(sheet: SongSheet, semitones: number, target: Key | null): SongSheet {
  const keyText = target ? keyName(target) : undefined;
  const result = mapChords(sheet, (chord) =>
    transposeChord(chord, semitones, keyText ? { key: keyText } : {}),
  );
  if (target && parseKey(sheet.metadata.key)) result.metadata.key = keyText;
  delete result.metadata.transpose;
  return result;
}

/**
 * Transpose every chord and the key by a number of semitones, spelling chords in the new key
 * (conventional key names: Db, Eb, F#, Ab, Bb; Ebm, G#m, Bbm). The result's `{transpose}` offset is cleared:
 * its chords already sound where the caller asked.
 */
export function transposeSheet(sheet: SongSheet, semitones: number): SongSheet {
  const n = Number.isFinite(semitones) ? Math.trunc(semitones) : 0;
  const source = songKey(sheet);
  if (!source) return transposeWithKey(sheet, n, null);
  const target = n % 12 === 0 ? source : conventionalKey(pitchOf(source.tonic) + n, source.minor);
  return transposeWithKey(sheet, n, target);
}

/**
 * Transpose to a target key, e.g. "Bb" or "F#". The song keeps its mode: a minor song moved to "C" is in C minor.
 * Without a declared key the first chord stands for the key.
 */
export function transposeToKey(sheet: SongSheet, targetKey: string): SongSheet {
  const target = parseKey(targetKey);
  const source = songKey(sheet);
  if (!target || !source) return mapChords(sheet, (chord) => chord);
  const key: Key = { tonic: target.tonic, minor: source.minor };
  const result = transposeWithKey(sheet, semitonesBetween(keyName(source), keyName(key)), key);
  result.metadata.key = keyName(key);
  return result;
}

const TAB_START = new Set(["start_of_tab", "sot", "start_of_grid", "sog"]);
const TAB_END = new Set(["end_of_tab", "eot", "end_of_grid", "eog"]);

/**
 * Transpose ChordPro source text by a number of semitones, rewriting it in place: every `[chord]` moves (spelled in
 * the new key), the `{key}` directive names the new key, and everything else — lyrics, `[*annotations]`, `#` comments,
 * other directives, tab and grid blocks, line endings — stays exactly as written. Chord lines written over the words
 * (as pasted) are first put inline, the way the sheet reads them, so they move too.
 */
export function transposeChordPro(text: string, semitones: number): string {
  const n = Number.isFinite(semitones) ? Math.trunc(semitones) : 0;
  if (n % 12 === 0) return text;
  const source = inlineChordLines(text);
  const sheet = parseChordPro(source);
  const from = songKey(sheet);
  const target = from ? conventionalKey(pitchOf(from.tonic) + n, from.minor) : null;
  const options = target ? { key: keyName(target) } : {};
  let inBlock = false;
  return source
    .split("\n")
    .map((line) => {
      const directive = readDirective(line.replace(/\r$/, ""));
      if (directive) {
        if (TAB_START.has(directive.name)) inBlock = true;
        else if (TAB_END.has(directive.name)) inBlock = false;
        else if (directive.name === "key" && !directive.voice && target && parseKey(directive.value)) {
          const declared = parseKey(directive.value);
          const key = declared ? conventionalKey(pitchOf(declared.tonic) + n, declared.minor) : target;
          return line.replace(
            /\{(\s*key(?:\s*:\s*|\s+))(?:[^\s}][^}]*)?\}/i,
            (_, head: string) => `{${head}${keyName(key)}}`,
          );
        }
        return line;
      }
      if (inBlock || line.trimStart().startsWith("#")) return line;
      return line.replace(/\[([^[\]]*)\]/g, (whole, content: string) => {
        const chord = content.trim();
        if (!chord || chord.startsWith("*")) return whole;
        return `[${transposeChord(chord, n, options)}]`;
      });
    })
    .join("\n");
}
