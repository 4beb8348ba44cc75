/**
 * Keys and transposition of a song sheet: where a sheet starts (the page's target key or the song's `{transpose}`),
 * a move by semitones kept within one octave, and the key's text as the songsheet package writes it.
 */
import {
  initialTranspose,
  type Key,
  parseKey,
  type SongSheet,
  semitonesBetween,
  songKey,
  transposeSheet,
  transposeToKey,
} from "@choir/songsheet";

export function keyText(key: Key): string {
  const accidental = key.tonic.accidental === 1 ? "#" : key.tonic.accidental === -1 ? "b" : "";
  return `${key.tonic.letter}${accidental}${key.minor ? "m" : ""}`;
}

/** Semitones kept within one octave either way, so twelve steps up land back on the written key. */
export function wrapOffset(semitones: number): number {
  const wrapped = semitones % 12;
  return wrapped === 0 ? 0 : wrapped;
}

export function hasChords(sheet: SongSheet): boolean {
  return sheet.sections.some((section) =>
    section.lines.some((line) => line.kind === "lyrics" && line.pairs.some((pair) => pair.chord)),
  );
}

export interface Transposition {
  /** The sheet with chords (and a declared key) moved. */
  sheet: SongSheet;
  /** Semitones from the written key, -11…11. */
  offset: number;
  /** The key the sheet now sounds in, when the song has one. */
  key: Key | null;
}

/**
 * The starting point: the page's target key when the song has a key to move from, else the song's
 * `{transpose}` directive.
 */
export function startTransposition(
  sheet: SongSheet,
  writtenKey: Key | null,
  targetKey?: string | null,
): Transposition {
  if (targetKey && writtenKey && parseKey(targetKey)) {
    const moved = transposeToKey(sheet, targetKey);
    return {
      sheet: moved,
      offset: wrapOffset(semitonesBetween(keyText(writtenKey), targetKey)),
      key: songKey(moved),
    };
  }
  return transposeBy(sheet, writtenKey, wrapOffset(initialTranspose(sheet)));
}

export function transposeBy(sheet: SongSheet, writtenKey: Key | null, offset: number): Transposition {
  if (offset === 0) return { sheet, offset, key: writtenKey };
  const moved = transposeSheet(sheet, offset);
  return { sheet: moved, offset, key: songKey(moved) };
}
