/**
 * Chords placed by tapping the words: the lyric lines of a ChordPro text read as words and syllables, each tied to
 * its place in the text, and the edits a tap makes — a chord placed, changed, moved or removed — written into the
 * text itself. Only the `[chord]` touched changes: directives, `#` comments, tab and grid blocks, annotations,
 * spacing and line endings stay exactly as written.
 *
 * Lines are read as parseChordPro reads them (the same brackets make a chord, the same lines are directives, comments
 * or tablature), so the chords shown over the words are the ones the sheet shows. A word's syllables are cut at its
 * vowel groups (one consonant goes with the next vowel, two are parted unless they sound as one: `bl`, `tr`, `ch`,
 * `qu` …), and wherever a chord already stands in it; each character of Chinese, Japanese or Korean text is one.
 */
import { MAX_LINE_LENGTH, readDirective, SHORT_ENVIRONMENTS } from "./chordpro";
import { inlineChordLines } from "./chords-over-words";
import { keyName, keySpelling, parseKey, pitchOf } from "./theory";

/** A chord written in the text: `[G]` from `start` to `end` (UTF-16 offsets into the text, end exclusive). */
export interface PlacedChord {
  /** The chord as written between the brackets, trimmed. */
  chord: string;
  start: number;
  end: number;
}

/** A piece of a word a chord can stand over. */
export interface Syllable {
  /** Where a chord placed over this syllable goes in the text: just before its first character. */
  at: number;
  /** Its letters; empty for a chord over no word (`[G] [C]`). */
  text: string;
  /** The chords standing over it, in the order written. */
  chords: PlacedChord[];
  /** `[*Rit.]` performance notes over it (shown, never edited here). */
  annotations: string[];
}

export interface PlacementWord {
  /** The word's letters, its syllables' texts joined. */
  text: string;
  syllables: Syllable[];
}

export type PlacementLine =
  | { kind: "lyrics"; words: PlacementWord[] }
  | {
      /** Not a line of words: shown as written, never changed by a chord edit. */
      kind: "directive" | "comment" | "tab" | "empty" | "long";
      text: string;
    };

export interface ChordPlacement {
  /** The text every offset refers to: the song's own, with chord lines written over the words put inline. */
  text: string;
  /** The song had chord lines over its words; the first edit writes them inline (as `text` holds them). */
  inlined: boolean;
  lines: PlacementLine[];
}

const ENVIRONMENT_NAME = /^[a-z0-9_]+$/;
const ENVIRONMENT_START = "start_of_";
const ENVIRONMENT_END = "end_of_";

/** Reads a ChordPro text (with chord lines over words put inline) as lines of words and syllables. */
export function chordPlacement(input: string): ChordPlacement {
  const text = inlineChordLines(input);
  const lines: PlacementLine[] = [];
  let inBlock = false;
  for (const { start, content } of sourceLines(text)) {
    if (content.length > MAX_LINE_LENGTH) {
      lines.push({ kind: "long", text: content.slice(0, 200) });
      continue;
    }
    const line = content.trimEnd();
    if (line === "") {
      lines.push({ kind: "empty", text: "" });
      continue;
    }
    if (line.trimStart().startsWith("#")) {
      lines.push({ kind: "comment", text: line });
      continue;
    }
    const directive = readDirective(line);
    if (directive) {
      // As the parser does: a block of tablature or a chord grid runs from its start to the next environment's
      // start or end, or a `{chorus}` recall.
      const name = SHORT_ENVIRONMENTS[directive.name] ?? directive.name;
      if (name.startsWith(ENVIRONMENT_START)) {
        const environment = name.slice(ENVIRONMENT_START.length);
        if (ENVIRONMENT_NAME.test(environment)) inBlock = environment === "tab" || environment === "grid";
      } else if (name.startsWith(ENVIRONMENT_END) || name === "chorus") {
        inBlock = false;
      }
      lines.push({ kind: "directive", text: line });
      continue;
    }
    if (inBlock) {
      lines.push({ kind: "tab", text: line });
      continue;
    }
    lines.push({ kind: "lyrics", words: lineWords(line, start) });
  }
  return { text, inlined: text !== input, lines };
}

/** Each line of the text with the offset it starts at (line breaks: \n, \r\n or \r, as the parser splits). */
function sourceLines(text: string): { start: number; content: string }[] {
  const lines: { start: number; content: string }[] = [];
  let start = 0;
  for (let index = 0; index < text.length; index++) {
    const char = text.charCodeAt(index);
    if (char !== 10 && char !== 13) continue;
    lines.push({ start, content: text.slice(start, index) });
    if (char === 13 && text.charCodeAt(index + 1) === 10) index++;
    start = index + 1;
  }
  lines.push({ start, content: text.slice(start) });
  return lines;
}

type Mark = { kind: "chord"; chord: PlacedChord } | { kind: "annotation"; text: string };

/** One character as a reader sees it (a letter with its accents, an emoji), where it starts in the text. */
interface Letter {
  at: number;
  text: string;
  marks: Mark[];
}

let segmenter: Intl.Segmenter | null | undefined;

/** The characters of a run of text as a reader sees them: a letter and its combining accents stay one. */
function letters(run: string): string[] {
  if (segmenter === undefined) {
    segmenter = typeof Intl !== "undefined" && "Segmenter" in Intl ? new Intl.Segmenter("und") : null;
  }
  if (!segmenter) return Array.from(run);
  return Array.from(segmenter.segment(run), (part) => part.segment);
}

const isSpace = (text: string) => text.trim() === "";

/**
 * A lyric line as words: the brackets read exactly as parseLyricsLine reads them (a `[` closed before the next `[`,
 * holding more than white space and `*`); marks stand over the letter that follows them, or alone as a word of their
 * own when white space or the end of the line follows.
 */
function lineWords(line: string, base: number): PlacementWord[] {
  const words: PlacementWord[] = [];
  let current: Letter[] = [];
  let pending: Mark[] = [];
  const endWord = () => {
    if (current.length > 0) words.push(wordOf(current));
    current = [];
  };
  const standAlone = (at: number) => {
    if (pending.length === 0) return;
    endWord();
    words.push({ text: "", syllables: [syllableOf([{ at, text: "", marks: pending }])] });
    pending = [];
  };
  const addRun = (from: number, to: number) => {
    let at = from;
    for (const text of letters(line.slice(from, to))) {
      if (isSpace(text)) {
        standAlone(base + at);
        endWord();
      } else {
        current.push({ at: base + at, text, marks: pending });
        pending = [];
      }
      at += text.length;
    }
  };
  // The next "]" and "[" found so far (-1: none further on; -2: not searched yet), as the parser keeps them.
  let close = -2;
  let nextOpen = -2;
  let runStart = 0;
  let index = 0;
  while (index < line.length) {
    if (line[index] === "[") {
      if (close !== -1 && close <= index) close = line.indexOf("]", index + 1);
      if (nextOpen !== -1 && nextOpen <= index) nextOpen = line.indexOf("[", index + 1);
      if (close > index && (nextOpen === -1 || nextOpen > close)) {
        const content = line.slice(index + 1, close).trim();
        if (content && content !== "*") {
          addRun(runStart, index);
          pending.push(
            content.startsWith("*")
              ? { kind: "annotation", text: content.slice(1).trim() }
              : { kind: "chord", chord: { chord: content, start: base + index, end: base + close + 1 } },
          );
          index = close + 1;
          runStart = index;
          continue;
        }
      }
    }
    index++;
  }
  addRun(runStart, line.length);
  standAlone(base + line.length);
  endWord();
  return words;
}

function syllableOf(part: Letter[]): Syllable {
  const first = part[0]!;
  return {
    at: first.at,
    text: part.map((letter) => letter.text).join(""),
    chords: first.marks.flatMap((mark) => (mark.kind === "chord" ? [mark.chord] : [])),
    annotations: first.marks.flatMap((mark) => (mark.kind === "annotation" ? [mark.text] : [])),
  };
}

/** A word cut into syllables at its vowel groups and wherever a mark stands inside it. */
function wordOf(word: Letter[]): PlacementWord {
  const starts = new Set(syllableStarts(word.map((letter) => letter.text)));
  word.forEach((letter, index) => {
    if (letter.marks.length > 0) starts.add(index);
  });
  const ordered = [...starts].sort((a, b) => a - b);
  const syllables = ordered.map((start, index) => syllableOf(word.slice(start, ordered[index + 1])));
  return { text: word.map((letter) => letter.text).join(""), syllables };
}

const VOWELS = new Set([..."aeiouyæøœåаеёиоуыэюяіїєαεηιουω"]);
/** Consonant pairs that start a syllable together ("ha-bla", "o-tro", "no-che", "a-quí"). */
const ONSETS = new Set([
  "bl",
  "br",
  "cl",
  "cr",
  "dr",
  "fl",
  "fr",
  "gl",
  "gr",
  "kl",
  "kr",
  "pl",
  "pr",
  "tr",
  "ch",
  "ll",
  "rr",
  "sh",
  "th",
  "ph",
  "wh",
  "qu",
  "gu",
]);
const SYLLABIC_SCRIPT = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u;

/** A character's letter without its accents, in lower case ("Á" → "a"). */
const baseOf = (text: string) => (text.normalize("NFD")[0] ?? "").toLowerCase();

/**
 * Where a word's syllables start, as indexes into its characters (always 0 first). One consonant between two vowel
 * groups starts the next syllable ("a-ma-zing"); of two or more, the last starts it ("can-to"), or the last two when
 * they sound as one ("ha-bla", "no-che"). `u` after `q` (and after `g` before `e`/`i`) and `y` before a vowel count
 * as consonants. Each Han, kana or Hangul character is a syllable of its own.
 */
export function syllableStarts(characters: readonly string[]): number[] {
  const bases = characters.map(baseOf);
  const isVowel = bases.map((base, index) => {
    if (!VOWELS.has(base)) return false;
    const next = bases[index + 1] ?? "";
    const previous = bases[index - 1] ?? "";
    if (base === "y") return !VOWELS.has(next) || next === "y";
    if (base === "u" && characters[index] !== "ü") {
      if (previous === "q") return false;
      if (previous === "g" && (next === "e" || next === "i")) return false;
    }
    return true;
  });
  const starts = new Set<number>([0]);
  characters.forEach((character, index) => {
    if (SYLLABIC_SCRIPT.test(character)) {
      starts.add(index);
      if (index + 1 < characters.length) starts.add(index + 1);
    }
  });
  let lastVowel = -1;
  for (let index = 0; index < characters.length; index++) {
    if (!isVowel[index]) continue;
    const between = index - lastVowel - 1;
    if (lastVowel >= 0 && between >= 1) {
      if (between === 1) starts.add(index - 1);
      else if (ONSETS.has(bases[index - 2]! + bases[index - 1]!)) starts.add(index - 2);
      else starts.add(index - 1);
    }
    lastVowel = index;
  }
  return [...starts].sort((a, b) => a - b);
}

/**
 * A chord as typed, ready to stand between brackets: trimmed, or null when it cannot be one (empty, longer than 30
 * characters, holding a bracket, a brace or a line break, or starting with `*`, which marks an annotation).
 */
export function chordName(input: string): string | null {
  const chord = input.trim();
  if (!chord || chord.length > 30 || chord.startsWith("*")) return null;
  for (const char of chord) if ("[]{}\r\n".includes(char)) return null;
  return chord;
}

/** The offset inside the text, never between the two halves of a surrogate pair. */
function isBoundary(text: string, at: number): boolean {
  if (!Number.isInteger(at) || at < 0 || at > text.length) return false;
  const before = text.charCodeAt(at - 1);
  const after = text.charCodeAt(at);
  return !(before >= 0xd800 && before <= 0xdbff && after >= 0xdc00 && after <= 0xdfff);
}

/** The mark still stands where it was read (the text has not changed under it). */
function isMarkOf(text: string, mark: PlacedChord): boolean {
  return (
    isBoundary(text, mark.start) &&
    mark.end > mark.start + 1 &&
    mark.end <= text.length &&
    text[mark.start] === "[" &&
    text[mark.end - 1] === "]"
  );
}

/** What a text reads as: its lines but for the chords (a line of chords alone counts as none), and its chords. */
function readingOf(text: string): { lines: string; chords: number } {
  const lines: string[] = [];
  let chords = 0;
  for (const line of chordPlacement(text).lines) {
    if (line.kind !== "lyrics") {
      lines.push(`${line.kind}:${line.text}`);
      continue;
    }
    for (const word of line.words) for (const syllable of word.syllables) chords += syllable.chords.length;
    const words = line.words.flatMap((word) => (word.text ? [word.text] : []));
    if (words.length > 0) lines.push(words.join(" "));
  }
  return { lines: lines.join("\n"), chords };
}

/**
 * The edit, when the edited text reads as the text did with `chords` more chords (or fewer) and the same words;
 * else the text unchanged. Taking a chord out can pair a stray `[` before it with a `]` after it, and leave a line
 * of bare chord names the sheet would read as chords over the next line: such an edit is not made.
 */
function checked(text: string, edited: string, chords: number): string {
  if (edited === text) return text;
  const before = readingOf(text);
  const after = readingOf(edited);
  return after.lines === before.lines && after.chords === before.chords + chords ? edited : text;
}

/** Places `[chord]` at `at` (a syllable's place); the text unchanged when the chord or the place is not one. */
export function placeChord(text: string, at: number, chord: string): string {
  const name = chordName(chord);
  if (!name || !isBoundary(text, at)) return text;
  return checked(text, `${text.slice(0, at)}[${name}]${text.slice(at)}`, 1);
}

/** Writes another chord in the mark's brackets. */
export function changeChord(text: string, mark: PlacedChord, chord: string): string {
  const name = chordName(chord);
  if (!name || !isMarkOf(text, mark)) return text;
  return checked(text, `${text.slice(0, mark.start)}[${name}]${text.slice(mark.end)}`, 0);
}

const isLineBreak = (code: number) => code === 10 || code === 13;

/**
 * The text without the mark: its brackets, and its whole line with one line break when nothing but white space
 * would be left of it (a line of chords alone, emptied, would otherwise end its paragraph as a blank line does).
 */
function cut(text: string, mark: PlacedChord): { text: string; from: number; to: number } {
  let lineStart = mark.start;
  while (lineStart > 0 && !isLineBreak(text.charCodeAt(lineStart - 1))) lineStart--;
  let lineEnd = mark.end;
  while (lineEnd < text.length && !isLineBreak(text.charCodeAt(lineEnd))) lineEnd++;
  const rest = text.slice(lineStart, mark.start) + text.slice(mark.end, lineEnd);
  let from = mark.start;
  let to = mark.end;
  if (rest.trim() === "") {
    if (lineEnd < text.length) {
      from = lineStart;
      to = lineEnd + (text.charCodeAt(lineEnd) === 13 && text.charCodeAt(lineEnd + 1) === 10 ? 2 : 1);
    } else if (lineStart > 0) {
      from =
        lineStart - (text.charCodeAt(lineStart - 1) === 10 && text.charCodeAt(lineStart - 2) === 13 ? 2 : 1);
      to = lineEnd;
    } else {
      from = 0;
      to = text.length;
    }
  }
  return { text: text.slice(0, from) + text.slice(to), from, to };
}

/** Takes the mark out, brackets and all (and its line, when the line held nothing else). */
export function removeChord(text: string, mark: PlacedChord): string {
  if (!isMarkOf(text, mark)) return text;
  return checked(text, cut(text, mark).text, -1);
}

/** Moves the mark, as written, to `at` (a syllable's place in the same text). */
export function moveChord(text: string, mark: PlacedChord, at: number): string {
  if (!isMarkOf(text, mark) || !isBoundary(text, at)) return text;
  if (at >= mark.start && at <= mark.end) return text;
  const without = cut(text, mark);
  // A place inside a line taken out with the mark is on the mark's own line of chords alone: nothing moves.
  if (at > without.from && at < without.to) return text;
  if (at === text.length && without.to === text.length && without.from < mark.start) return text;
  const written = text.slice(mark.start, mark.end);
  const target = at >= without.to ? at - (without.to - without.from) : at;
  return checked(text, without.text.slice(0, target) + written + without.text.slice(target), 0);
}

/** Every syllable of the placement, in reading order. */
export function placementSyllables(placement: ChordPlacement): Syllable[] {
  return placement.lines.flatMap((line) =>
    line.kind === "lyrics" ? line.words.flatMap((word) => word.syllables) : [],
  );
}

export interface KeyChord {
  chord: string;
  /** Its degree in the key, as musicians write it: "I", "ii", "V7", "vii°". */
  degree: string;
}

export interface KeyChords {
  /** The key's name ("G", "Em"). */
  key: string;
  /** The chords built on each degree of the scale. */
  triads: KeyChord[];
  /** The same degrees with their sevenths. */
  sevenths: KeyChord[];
}

const MAJOR = {
  steps: [0, 2, 4, 5, 7, 9, 11],
  triads: ["", "m", "m", "", "", "m", "dim"],
  sevenths: ["maj7", "m7", "m7", "maj7", "7", "m7", "m7b5"],
  degrees: ["I", "ii", "iii", "IV", "V", "vi", "vii°"],
};
// A minor key's own chords, and the major dominant its harmonic form borrows (E and E7 in A minor).
const MINOR = {
  steps: [0, 2, 3, 5, 7, 8, 10, 7],
  triads: ["m", "dim", "", "m", "m", "", "", ""],
  sevenths: ["m7", "m7b5", "maj7", "m7", "m7", "maj7", "7", "7"],
  degrees: ["i", "ii°", "III", "iv", "v", "VI", "VII", "V"],
};

/**
 * The chords of a key, spelled as the key writes its notes (F major has Bb, not A#): the triads of its seven degrees
 * and their sevenths; a minor key adds its major dominant. A text that names no key gives C major's.
 */
export function keyChords(key: string | null | undefined): KeyChords {
  const parsed = parseKey(key ?? undefined) ?? { tonic: { letter: "C", accidental: 0 }, minor: false };
  const spelling = keySpelling(parsed);
  const scale = parsed.minor ? MINOR : MAJOR;
  const tonic = pitchOf(parsed.tonic);
  const root = (step: number) => spelling[(tonic + step) % 12]!;
  const chords = (suffixes: string[], seventh: boolean) =>
    scale.steps.map((step, index) => ({
      chord: root(step) + suffixes[index],
      degree: scale.degrees[index] + (seventh ? "7" : ""),
    }));
  return {
    key: keyName(parsed),
    triads: chords(scale.triads, false),
    sevenths: chords(scale.sevenths, true).map((chord) => ({
      ...chord,
      degree: chord.degree.replace("°7", "ø7"),
    })),
  };
}
