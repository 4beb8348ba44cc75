import { finishSheet, LineBudget, lineCost, SECTION_COST } from "./bounds";
import { MAX_LINE_LENGTH, parseLyricsLine, readDirective } from "./chordpro";
import { readField, readTextHeader } from "./text-header";
import { parseChord } from "./theory";
import type { ChordLyricPair, Line, Section, SectionType, SongSheet } from "./types";

const NON_CHORD_TOKENS: ReadonlySet<string> = new Set(["|", "||", "|:", ":|", "/", "%", "-", "x", "..."]);
const NO_CHORD_RE = /^\(?(N\.?C\.?|n\.?c\.?)\)?$/;
const REPEAT_RE = /^\(?[xX]\d+\)?$|^\(?\d+[xX]\)?$/;

function isChordToken(token: string): boolean {
  return parseChord(token) !== null || NO_CHORD_RE.test(token);
}

const isNeutral = (token: string) => NON_CHORD_TOKENS.has(token) || REPEAT_RE.test(token);

/** Columns a tab moves to: the next multiple of 8, as text editors and the reference converter count them. */
const TAB_STOP = 8;

/** The line with each tab moved to the next multiple of 8 columns; at most `max` characters. */
export function expandTabs(line: string, max: number = MAX_LINE_LENGTH): string {
  if (!line.includes("\t")) return line.length > max ? line.slice(0, max) : line;
  const parts: string[] = [];
  let column = 0;
  for (let at = 0; at < line.length && column < max; at++) {
    const char = line[at]!;
    if (char === "\t") {
      const width = TAB_STOP - (column % TAB_STOP);
      parts.push(" ".repeat(width));
      column += width;
    } else {
      parts.push(char);
      column++;
    }
  }
  const expanded = parts.join("");
  return expanded.length > max ? expanded.slice(0, max) : expanded;
}

/** What guitar tablature is written with after its string's name: dashes, bars, fret numbers, techniques. */
const TAB_BODY = /^[-|0-9hpbrxsvt/\\~^().=*<>:\s]+$/;
const TAB_STRING = /^[A-Ga-g][#b]?(?=[|:-])/;

/**
 * A line of guitar tablature: `e|-----0-----|`, `E---1---3---`, `--0--2--`. After an optional string name, only
 * dashes, bars, fret numbers and technique marks, at least three dashes, and a string name or a fret number (a line
 * of dashes alone is a separator, not tablature).
 */
export function isTabLine(line: string): boolean {
  const text = line.trim();
  if (text.length < 4 || text.length > MAX_LINE_LENGTH) return false;
  const string = TAB_STRING.exec(text);
  const body = string ? text.slice(string[0].length) : text;
  if (!TAB_BODY.test(body)) return false;
  let dashes = 0;
  let frets = 0;
  for (let at = 0; at < body.length; at++) {
    const char = body[at]!;
    if (char === "-") dashes++;
    else if (char >= "0" && char <= "9") frets++;
  }
  return dashes >= 3 && (string !== null || frets > 0);
}

/** A label word or two before the chords of an instrumental line: `Intro:`, `Interludio:`, `Coda -`. */
const CHORD_LABEL_RE = /^([\p{L}][\p{L}\d .'-]{0,29}?)\s*[:\-–]\s+(\S.*)$/u;

/**
 * The chords of a chord line with their columns, or null when the line is not one. A chord line is made of chord
 * names (and bar lines, N.C., repeat marks), at least one; or mostly of chord names — at least two, more than the
 * other words — when the others are names this parser does not know (`Bm7sus2`, `A7-9/unk`), which are kept as
 * chords. Tablature is never a chord line.
 */
function chordWords(line: string): { column: number; chord: string }[] | null {
  const words: { column: number; chord: string }[] = [];
  let known = 0;
  let unknown = 0;
  const tokenRe = /\S+/g;
  for (let m = tokenRe.exec(line); m !== null; m = tokenRe.exec(line)) {
    const token = m[0];
    if (isChordToken(token)) known++;
    else if (isNeutral(token)) continue;
    else unknown++;
    words.push({ column: m.index, chord: token });
  }
  if (known === 0 || (unknown > 0 && (known < 2 || known <= unknown))) return null;
  // `Intro: C G Am F` is an instrumental line with its label (readLabelledChordLine), not a chord named "Intro:".
  if (unknown > 0 && CHORD_LABEL_RE.test(line.trim())) return null;
  if (isTabLine(line)) return null;
  return words;
}

/**
 * A chord line: chord symbols (and bar lines, N.C., repeat marks) with at least one chord or N.C., or mostly chords
 * with a few names this parser does not know; never tablature.
 */
export function isChordLine(line: string): boolean {
  return chordWords(line) !== null;
}

interface Header {
  type: SectionType;
  name?: string;
  label: string;
}

const HEADER_WORDS =
  /^(verse|verso|estrofa|stanza|chorus|refrain|coro|estribillo|bridge|puente|pre-?chorus|pre-?coro|intro|outro|interlude|interludio|instrumental|solo|tag|ending|final|coda)\b/i;

function headerType(label: string): Header {
  const lower = label.toLowerCase();
  if (/^(verse|verso|estrofa|stanza)\b/.test(lower)) return { type: "verse", label };
  if (/^(chorus|refrain|coro|estribillo)\b/.test(lower)) return { type: "chorus", label };
  if (/^(bridge|puente)\b/.test(lower)) return { type: "bridge", label };
  const name = lower.replace(/[^a-z0-9]+/g, "_").replace(/^_+|(?<!_)_+$/g, "") || "part";
  return { type: "custom", name, label };
}

/** `[Verse 1]` (Ultimate Guitar), `Chorus:` or a bare section word such as `Intro` on its own line. */
function readHeader(line: string): Header | null {
  const text = line.trim();
  const bracket = /^\[([^\]]{1,40})\]$/.exec(text);
  if (bracket) {
    const label = (bracket[1] ?? "").trim();
    if (!label || isChordToken(label)) return null;
    return headerType(label);
  }
  if (text.length > 40 || isChordLine(text)) return null;
  const colon = /^([^:]{1,38}):$/.exec(text);
  if (colon) return headerType((colon[1] ?? "").trim());
  const paren = /^\(([^)]{1,38})\)$/.exec(text);
  const bare = paren ? (paren[1] ?? "").trim() : text;
  if (HEADER_WORDS.test(bare) && /^[\p{L}\s\d-]+\.?$/u.test(bare) && bare.split(/\s+/).length <= 3) {
    return headerType(bare.replace(/\.$/, ""));
  }
  return null;
}

/** Whether a line holds an inline chord such as `[G]` or `[F#m7]` (a bracketed name that reads as a chord). */
export function hasInlineChord(line: string): boolean {
  for (const match of line.slice(0, MAX_LINE_LENGTH).matchAll(/\[([^\]\n]{1,20})\]/g)) {
    if (parseChord(match[1] ?? "")) return true;
  }
  return false;
}

/** Lyric text may not contain brackets: in ChordPro they would become chords. */
function cleanLyric(text: string): string {
  return text.replace(/\[/g, "(").replace(/\]/g, ")");
}

/**
 * Combine a chord line with the lyric line under it, cutting the lyric at each chord's column. A chord over a letter
 * starts there, even inside a word; a chord over white space stands between the words, at the start of the next word
 * (the space goes to the text before it), or after the last word when it is past the end of the lyric.
 */
export function combineChordAndLyrics(chordLine: string, lyricLine: string): ChordLyricPair[] {
  const chords = chordWords(chordLine) ?? [];
  const lyric = cleanLyric(lyricLine);
  const firstChord = chords[0];
  if (!firstChord) return [{ chord: null, lyric: lyric.trimEnd() }];
  const pairs: ChordLyricPair[] = [];
  const lead = lyric.slice(0, firstChord.column);
  if (lead.trim() !== "") pairs.push({ chord: null, lyric: lead });
  chords.forEach((entry, index) => {
    const next = chords[index + 1]?.column;
    let text = lyric.slice(entry.column, next ?? lyric.length);
    const previous = pairs[pairs.length - 1];
    if (entry.column >= lyric.length) {
      // Past the end of the lyric: after the last word, apart from it.
      if (previous && !/\s/.test(previous.lyric.slice(-1))) previous.lyric += " ";
    } else if (/^\s/.test(text)) {
      // Over a space: the space stays with the words before, the chord starts the next word.
      const body = text.trimStart();
      if (previous) previous.lyric += text.slice(0, text.length - body.length);
      text = body;
    }
    // A chord with no lyric of its own keeps a space so that consecutive chords stay apart.
    pairs.push({ chord: entry.chord, lyric: text === "" && next !== undefined ? " " : text });
  });
  const last = pairs[pairs.length - 1]!;
  last.lyric = last.lyric.trimEnd();
  return pairs;
}

/**
 * An instrumental line, a short label and then chords only: `Intro: C G Am F`, `Final: | G | D/F# |`. Returns the
 * label with its punctuation (`Intro:`) and the chord part, or null.
 */
export function readLabelledChordLine(line: string): { label: string; chords: string } | null {
  const text = line.trim();
  if (text.length > 10_000) return null;
  const match = CHORD_LABEL_RE.exec(text);
  if (!match) return null;
  const chords = match[2] ?? "";
  // "Key: G" and the like are song details, not an instrumental line.
  if (readField(text) !== null || !isChordLine(chords)) return null;
  const label = text.slice(0, text.length - chords.length).trimEnd();
  return { label, chords };
}

/** The pairs of a labelled chord line: the label as text, then each chord apart (`Intro: [C] [G] [Am] [F]`). */
function labelledChordPairs(label: string, chords: string): ChordLyricPair[] {
  return [{ chord: null, lyric: `${cleanLyric(label)} ` }, ...chordOnlyPairs(chords)];
}

function chordOnlyPairs(chordLine: string): ChordLyricPair[] {
  return combineChordAndLyrics(chordLine, "");
}

/** A line of the song rather than of its header: a section heading, or chords. */
function songLineKind(line: string): "chords" | "heading" | null {
  if (readHeader(line)) return "heading";
  return isChordLine(line) || isTabLine(line) || readLabelledChordLine(line) ? "chords" : null;
}

function lyricsLine(pairs: ChordLyricPair[]): Line {
  return { kind: "lyrics", pairs };
}

/**
 * Import chords-over-words text (a chord line above each lyric line) or Ultimate Guitar text (`[Verse]`,
 * `[Chorus]` headers, `[ch]` / `[tab]` markup) into the render model, cut at MAX_RENDERED_LINES like ChordPro.
 */
export function parseChordsOverWords(
  input: string,
  options: {
    /** A lyric line's inline [chords] (OnSong) are chords rather than text. */
    inlineChords?: boolean;
    /** Rewrites the lines before the header is read (OnSong's bare artist line). */
    headerLines?: (lines: string[]) => string[];
  } = {},
): SongSheet {
  const sections: Section[] = [];
  const budget = new LineBudget();
  const text = options.inlineChords ? input : input.replace(/\[\/?(ch|tab)\]/gi, "");
  const split = text.split(/\r\n|\r|\n/).map((line) => expandTabs(line).trimEnd());
  const lines = options.headerLines ? options.headerLines(split) : split;

  // The header: "Title: …", "Key: G", a first line that is the title, "By …" (text-header.ts).
  const header = readTextHeader(lines, songLineKind);
  const metadata = header.metadata;
  let index = header.next;

  let current: Section | null = null;
  /** Blank lines inside the current section not counted yet: they count once a line follows them. */
  let pendingEmpty = 0;
  const finish = () => {
    pendingEmpty = 0;
    if (!current) return;
    let end = current.lines.length;
    while (end > 0 && current.lines[end - 1]!.kind === "empty") end--;
    current.lines.length = end;
    current = null;
  };
  const add = (line: Line) => {
    if (!current) {
      if (line.kind === "empty" || !budget.spend(SECTION_COST)) return;
      current = { type: "none", lines: [] };
      sections.push(current);
    }
    if (line.kind === "empty") {
      if (current.type === "none") finish();
      else if (current.lines.length > 0) {
        current.lines.push(line);
        pendingEmpty++;
      }
      return;
    }
    if (!budget.spend(pendingEmpty + lineCost(line))) return;
    pendingEmpty = 0;
    current.lines.push(line);
  };

  for (; index < lines.length && !budget.truncated; index++) {
    const line = lines[index]!;
    if (line.trim() === "") {
      add({ kind: "empty" });
      continue;
    }
    if (isTabLine(line)) {
      // Tablature: a block of its own, named by a heading right above it (`Intro` over a riff).
      if (current?.type !== "tab") {
        const heading: Section | null = current;
        if (heading && heading.type !== "none" && heading.lines.length === 0) {
          heading.type = "tab";
          delete heading.name;
        } else {
          finish();
          if (!budget.spend(SECTION_COST)) break;
          const block: Section = { type: "tab", lines: [] };
          sections.push(block);
          current = block;
        }
      }
      add({ kind: "tab", text: line });
      continue;
    }
    if (current?.type === "tab") finish();
    const header = readHeader(line);
    if (header) {
      finish();
      if (!budget.spend(SECTION_COST)) break;
      const section: Section = { type: header.type, label: header.label, lines: [] };
      if (header.name) section.name = header.name;
      sections.push(section);
      current = section;
      continue;
    }
    if (isChordLine(line)) {
      const next = lines[index + 1];
      if (
        next !== undefined &&
        next.trim() !== "" &&
        !isChordLine(next) &&
        !isTabLine(next) &&
        !readHeader(next) &&
        !readLabelledChordLine(next)
      ) {
        add(lyricsLine(combineChordAndLyrics(line, next)));
        index++;
      } else {
        add(lyricsLine(chordOnlyPairs(line)));
      }
      continue;
    }
    const labelled = readLabelledChordLine(line);
    if (labelled) {
      add(lyricsLine(labelledChordPairs(labelled.label, labelled.chords)));
      continue;
    }
    add(
      lyricsLine(
        options.inlineChords && hasInlineChord(line)
          ? parseLyricsLine(line).pairs
          : [{ chord: null, lyric: cleanLyric(line) }],
      ),
    );
  }
  finish();
  return finishSheet(metadata, sections, budget);
}

const BLOCK_START: ReadonlySet<string> = new Set(["start_of_tab", "sot", "start_of_grid", "sog"]);
const BLOCK_END: ReadonlySet<string> = new Set(["end_of_tab", "eot", "end_of_grid", "eog"]);

function writePairs(pairs: ChordLyricPair[]): string {
  return pairs.map((pair) => (pair.chord ? `[${pair.chord}]` : "") + pair.lyric).join("");
}

/** A line a chord line may sit over: some text that is not a directive, comment, chord line or inline-chord line. */
function isPlainLyric(line: string): boolean {
  const text = line.trim();
  return (
    text !== "" &&
    !text.startsWith("#") &&
    !text.includes("[") &&
    readDirective(text) === null &&
    !isChordLine(text) &&
    readLabelledChordLine(text) === null
  );
}

/**
 * Rewrite the chords-over-words lines of a ChordPro text as inline ChordPro, line by line, leaving everything else as
 * written: a chord line over a plain lyric line becomes one line with `[chords]` in it, a chord line alone becomes
 * `[C] [G] [Am] [F]`, a labelled one `Intro: [C] [G] [Am] [F]`, a `[Verse 1]` header `{comment: Verse 1}`.
 * Directives, `#` comments, lines that already hold `[chords]` and tab and grid blocks are kept. One pass, each line
 * looked at in time linear in its length.
 */
export function inlineChordLines(input: string): string {
  const lines = input.split(/\r\n|\r|\n/);
  const out: string[] = [];
  let inBlock = false;
  let changed = false;
  for (let index = 0; index < lines.length; index++) {
    const raw = lines[index]!;
    const line = expandTabs(raw).trimEnd();
    const text = line.trim();
    const directive = text.startsWith("{") ? readDirective(text) : null;
    if (directive) {
      if (BLOCK_START.has(directive.name)) inBlock = true;
      else if (BLOCK_END.has(directive.name)) inBlock = false;
    }
    if (!inBlock && !directive && /^\[[^\]{}*][^\]{}]{0,39}\]$/.test(text)) {
      // An Ultimate Guitar header, `[Verse 1]`: a label where it stands rather than a chord named "Verse 1".
      const header = readHeader(text);
      if (header) {
        out.push(`{comment: ${header.label}}`);
        changed = true;
        continue;
      }
    }
    if (inBlock || directive || text === "" || text.startsWith("#") || text.includes("[")) {
      out.push(raw);
      continue;
    }
    if (isChordLine(line)) {
      const next = lines[index + 1];
      const nextLine = next === undefined ? "" : expandTabs(next).trimEnd();
      if (nextLine !== "" && isPlainLyric(nextLine)) {
        out.push(writePairs(combineChordAndLyrics(line, nextLine)));
        index++;
      } else {
        out.push(writePairs(chordOnlyPairs(line.trim())));
      }
      changed = true;
      continue;
    }
    const labelled = readLabelledChordLine(line);
    if (labelled) {
      out.push(writePairs(labelledChordPairs(labelled.label, labelled.chords)));
      changed = true;
      continue;
    }
    out.push(raw);
  }
  return changed ? out.join("\n") : input;
}
