import type { Accidentals, TransposeOptions } from "./types";

const LETTERS = ["C", "D", "E", "F", "G", "A", "B"] as const;
type Letter = (typeof LETTERS)[number];
const LETTER_PITCH: Record<Letter, number> = { C: 0, D: 2, E: 4, F: 5, G: 7, A: 9, B: 11 };

const SHARP_NAMES = ["C", "C#", "D", "D#", "E", "F", "F#", "G", "G#", "A", "A#", "B"] as const;
const FLAT_NAMES = ["C", "Db", "D", "Eb", "E", "F", "Gb", "G", "Ab", "A", "Bb", "B"] as const;

/** A note name split into letter and accidental (-1 flat, 0 natural, +1 sharp). */
export interface Note {
  letter: Letter;
  accidental: -1 | 0 | 1;
}

/** A chord symbol split into root, suffix (quality and extensions, kept verbatim) and optional bass. */
export interface ParsedChord {
  root: Note;
  suffix: string;
  bass?: Note;
  /** Text around the chord symbol kept verbatim, e.g. the parentheses of "(G)". */
  prefix: string;
  postfix: string;
}

export interface Key {
  tonic: Note;
  minor: boolean;
}

const mod12 = (n: number): number => ((n % 12) + 12) % 12;

export function pitchOf(note: Note): number {
  return mod12(LETTER_PITCH[note.letter] + note.accidental);
}

function accidentalOf(text: string): -1 | 0 | 1 | null {
  if (text === "") return 0;
  if (text === "#" || text === "♯") return 1;
  if (text === "b" || text === "♭") return -1;
  return null;
}

const NOTE_RE = /^([A-G])([#b♯♭]?)$/;

export function parseNote(text: string): Note | null {
  const m = NOTE_RE.exec(text);
  if (!m) return null;
  const accidental = accidentalOf(m[2] ?? "");
  if (accidental === null) return null;
  return { letter: m[1] as Letter, accidental };
}

export function noteName(note: Note): string {
  return note.letter + (note.accidental === 1 ? "#" : note.accidental === -1 ? "b" : "");
}

// Quality and extension vocabulary of chord suffixes: m, maj7, m7b5, sus4, add9, dim, aug, 7(#9), 6/9, ø, °, +, alt …
const SUFFIX_RE =
  /^(?:maj|min|mi|ma|dim|aug|sus|add|alt|omit|no|m|M|ø|°|o|\+|-|\d|b|#|♭|♯|\(|\)|,|\^|Δ|\/(?=\d)|\*)*$/;
const CHORD_RE = /^([A-G])([#b♯♭]?)(.*?)(?:\/([A-G][#b♯♭]?))?$/;

/** Parse a chord symbol such as "F#m7b5/E" or "(Bb)"; null for anything else (N.C., x, lyrics). */
export function parseChord(input: string): ParsedChord | null {
  let text = input.trim();
  let prefix = "";
  let postfix = "";
  if (text.startsWith("(") && text.endsWith(")") && text.length > 2) {
    prefix = "(";
    postfix = ")";
    text = text.slice(1, -1);
  }
  if (text.length > 40) return null;
  const m = CHORD_RE.exec(text);
  if (!m) return null;
  const root = parseNote(`${m[1]}${m[2] ?? ""}`);
  const suffix = m[3] ?? "";
  if (!root || !SUFFIX_RE.test(suffix)) return null;
  const chord: ParsedChord = { root, suffix, prefix, postfix };
  if (m[4] !== undefined) {
    const bass = parseNote(m[4]);
    if (!bass) return null;
    chord.bass = bass;
  }
  return chord;
}

export function isMinorSuffix(suffix: string): boolean {
  return /^(m|-)/.test(suffix) && !suffix.startsWith("ma");
}

const MAX_KEY_LENGTH = 24;

/** Parse a key name: "G", "Bb", "F#m", "Ebmin", "C minor", "a" (lowercase tonic = minor). */
export function parseKey(input: string | undefined): Key | null {
  if (!input) return null;
  const text = input.trim();
  // The longest key name is a dozen characters ("C# menor"); a longer text is not one, and is not read further.
  if (text.length > MAX_KEY_LENGTH) return null;
  const m = /^([A-Ga-g])([#b♯♭]?)(?:\s*(m|min|minor|moll|menor|-))?(?:\s*(major|maj|mayor|dur))?$/i.exec(
    text,
  );
  if (!m) return null;
  const letterText = m[1] ?? "";
  const tonic = parseNote(`${letterText.toUpperCase()}${m[2] ?? ""}`);
  if (!tonic) return null;
  const explicitMinor = m[3] !== undefined && m[3] !== "";
  // A bare lowercase letter ("e", "f#") is the classical way to name a minor key.
  const minor = explicitMinor || (letterText === letterText.toLowerCase() && !m[4]);
  return { tonic, minor };
}

export function keyName(key: Key): string {
  return noteName(key.tonic) + (key.minor ? "m" : "");
}

// Conventional key names per pitch, used when a transposition lands on a key: Db not C#, F# not Gb, Ebm not D#m.
const MAJOR_KEY_NAMES = ["C", "Db", "D", "Eb", "E", "F", "F#", "G", "Ab", "A", "Bb", "B"];
const MINOR_KEY_NAMES = ["C", "C#", "D", "Eb", "E", "F", "F#", "G", "G#", "A", "Bb", "B"];

/** Every key by its conventional name, the twelve major keys then the twelve minor ones: C … B, Cm … Bm. */
export const CONVENTIONAL_KEYS: readonly string[] = [
  ...MAJOR_KEY_NAMES,
  ...MINOR_KEY_NAMES.map((name) => `${name}m`),
];

export function conventionalKey(pitch: number, minor: boolean): Key {
  const name = (minor ? MINOR_KEY_NAMES : MAJOR_KEY_NAMES)[mod12(pitch)] ?? "C";
  return { tonic: parseNote(name)!, minor };
}

// Flat-side keys: F Bb Eb Ab Db Gb Cb major and d g c f bb eb ab minor. C and a count as sharp-side.
function isFlatKey(key: Key): boolean {
  if (key.tonic.accidental !== 0) return key.tonic.accidental === -1;
  const relativeMajor = key.minor ? mod12(pitchOf(key.tonic) + 3) : pitchOf(key.tonic);
  return [5, 10, 3, 8].includes(relativeMajor); // F major; d, g, c, f minor
}

/**
 * Spelling of all twelve pitches in a key: the scale notes by the key signature (Cb in Gb, E# in F#),
 * the raised seventh in minor keys (C# in d minor), and the common chromatic chords relative to the tonic:
 * #1, b3, #4, b6, b7 (so C major spells C# Eb F# Ab Bb). A spelling that would need a double accidental
 * falls back to the key's side (sharps or flats).
 */
export function keySpelling(key: Key): string[] {
  const names: (string | undefined)[] = new Array(12).fill(undefined);
  const tonicPitch = pitchOf(key.tonic);
  const tonicIndex = LETTERS.indexOf(key.tonic.letter);
  const spell = (degree: number, interval: number): string | undefined => {
    const letter = LETTERS[(tonicIndex + degree) % 7]!;
    const target = mod12(tonicPitch + interval);
    let diff = mod12(target - LETTER_PITCH[letter]);
    if (diff > 6) diff -= 12;
    if (diff < -1 || diff > 1) return undefined;
    return noteName({ letter, accidental: diff as -1 | 0 | 1 });
  };
  const scale = key.minor ? [0, 2, 3, 5, 7, 8, 10] : [0, 2, 4, 5, 7, 9, 11];
  scale.forEach((interval, degree) => {
    names[mod12(tonicPitch + interval)] = spell(degree, interval);
  });
  // Chromatic notes as [degree, interval] from the tonic.
  const chromatic: [number, number][] = key.minor
    ? [
        [6, 11], // raised seventh (leading tone)
        [5, 9], // raised sixth (melodic minor)
        [1, 1], // Neapolitan (Bb in a minor)
        [3, 6], // raised fourth
      ]
    : [
        [0, 1],
        [2, 3],
        [3, 6],
        [5, 8],
        [6, 10],
      ];
  for (const [degree, interval] of chromatic) {
    const pitch = mod12(tonicPitch + interval);
    if (names[pitch] === undefined) names[pitch] = spell(degree, interval);
  }
  const side = isFlatKey(key) ? FLAT_NAMES : SHARP_NAMES;
  return names.map((name, pitch) => name ?? side[pitch]!);
}

function spellingFor(note: Note, options: TransposeOptions): readonly string[] {
  const accidentals: Accidentals = options.accidentals ?? "auto";
  if (accidentals === "sharp") return SHARP_NAMES;
  if (accidentals === "flat") return FLAT_NAMES;
  const key = parseKey(options.key);
  if (key) return keySpelling(key);
  if (note.accidental === -1) return FLAT_NAMES;
  if (note.accidental === 1) return SHARP_NAMES;
  return keySpelling({ tonic: { letter: "C", accidental: 0 }, minor: false });
}

function transposeNote(note: Note, semitones: number, spelling: readonly string[]): string {
  return spelling[mod12(pitchOf(note) + semitones)]!;
}

/**
 * Transpose one chord symbol by a number of semitones. Quality, extensions and the bass of slash chords are kept;
 * anything that is not a chord (N.C., x, %, text) is returned unchanged.
 */
export function transposeChord(chord: string, semitones: number, options: TransposeOptions = {}): string {
  const parsed = parseChord(chord);
  if (!parsed || !Number.isFinite(semitones)) return chord;
  const spelling = spellingFor(parsed.root, options);
  const n = Math.trunc(semitones);
  const root = transposeNote(parsed.root, n, spelling);
  const bass = parsed.bass ? `/${transposeNote(parsed.bass, n, spelling)}` : "";
  return `${parsed.prefix}${root}${parsed.suffix}${bass}${parsed.postfix}`;
}

/** Signed semitone distance from one key's tonic to another's, in -5…+6 (e.g. G→E is -3, C→G is -5). */
export function semitonesBetween(fromKey: string, toKey: string): number {
  const from = parseKey(fromKey) ?? keyFromChord(fromKey);
  const to = parseKey(toKey) ?? keyFromChord(toKey);
  if (!from || !to) return 0;
  const up = mod12(pitchOf(to.tonic) - pitchOf(from.tonic));
  return up > 6 ? up - 12 : up;
}

/** The key implied by a chord: its root, minor when the chord is minor. */
export function keyFromChord(chord: string): Key | null {
  const parsed = parseChord(chord);
  if (!parsed) return null;
  return { tonic: parsed.root, minor: isMinorSuffix(parsed.suffix) };
}
