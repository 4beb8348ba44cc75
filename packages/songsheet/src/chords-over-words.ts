import { finishSheet, LineBudget, lineCost, SECTION_COST } from "./bounds";
import { MAX_LINE_LENGTH, readDirective } from "./chordpro";
import { parseChord } from "./theory";
import type { ChordLyricPair, Line, Section, SectionType, SongMetadata, SongSheet } from "./types";

const NON_CHORD_TOKENS: ReadonlySet<string> = new Set(["|", "||", "|:", ":|", "/", "%", "-", "x", "..."]);
const NO_CHORD_RE = /^\(?(N\.?C\.?|n\.?c\.?)\)?$/;
const REPEAT_RE = /^\(?[xX]\d+\)?$|^\(?\d+[xX]\)?$/;

function isChordToken(token: string): boolean {
  return parseChord(token) !== null || NO_CHORD_RE.test(token);
}

/** A line made only of chord symbols (and bar lines, N.C., repeat marks), with at least one chord or N.C. */
export function isChordLine(line: string): boolean {
  const tokens = line.trim().split(/\s+/);
  if (tokens.length === 0 || tokens[0] === "") return false;
  let chords = 0;
  for (const token of tokens) {
    if (isChordToken(token)) chords++;
    else if (!NON_CHORD_TOKENS.has(token) && !REPEAT_RE.test(token)) return false;
  }
  return chords > 0;
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

const FRONT_MATTER: Record<string, Exclude<keyof SongMetadata, "tags" | "transpose">> = {
  title: "title",
  subtitle: "subtitle",
  artist: "artist",
  composer: "composer",
  lyricist: "lyricist",
  key: "key",
  tempo: "tempo",
  bpm: "tempo",
  time: "time",
  capo: "capo",
  duration: "duration",
  copyright: "copyright",
};

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
  const chords: { column: number; chord: string }[] = [];
  const tokenRe = /\S+/g;
  for (let m = tokenRe.exec(chordLine); m !== null; m = tokenRe.exec(chordLine)) {
    if (isChordToken(m[0])) chords.push({ column: m.index, chord: m[0] });
  }
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

/** A label word or two before the chords of an instrumental line: `Intro:`, `Interludio:`, `Coda -`. */
const CHORD_LABEL_RE = /^([\p{L}][\p{L}\d .'-]{0,29}?)\s*[:\-–]\s+(\S.*)$/u;

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
  const name = (match[1] ?? "").trim().toLowerCase();
  if (Object.hasOwn(FRONT_MATTER, name) || !isChordLine(chords)) return null;
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

function lyricsLine(pairs: ChordLyricPair[]): Line {
  return { kind: "lyrics", pairs };
}

/**
 * Import chords-over-words text (a chord line above each lyric line) or Ultimate Guitar text (`[Verse]`,
 * `[Chorus]` headers, `[ch]` / `[tab]` markup) into the render model, cut at MAX_RENDERED_LINES like ChordPro.
 */
export function parseChordsOverWords(input: string): SongSheet {
  const metadata: SongMetadata = { tags: [] };
  const tags = new Set<string>();
  const sections: Section[] = [];
  const budget = new LineBudget();
  const text = input.replace(/\[\/?(ch|tab)\]/gi, "");
  const lines = text
    .split(/\r\n|\r|\n/)
    .map((line) => line.replace(/\t/g, "    ").trimEnd().slice(0, 10_000));

  let index = 0;
  // Front matter: "Title: …", "Key: G" lines before the song, optionally closed by "---".
  while (index < lines.length) {
    const line = lines[index]!;
    const m = /^([A-Za-z]+)\s*:(.+)$/.exec(line.trim());
    const field = m ? FRONT_MATTER[(m[1] ?? "").toLowerCase()] : undefined;
    if (m && field) {
      metadata[field] = (m[2] ?? "").trim();
      index++;
    } else if (m && /^tags?$/i.test(m[1] ?? "")) {
      for (const tag of (m[2] ?? "").split(",")) {
        const t = tag.trim();
        if (t && !tags.has(t)) {
          tags.add(t);
          metadata.tags.push(t);
        }
      }
      index++;
    } else if (line.trim() === "" && index < 30) {
      index++;
    } else {
      break;
    }
  }
  if (lines[index]?.trim() === "---") index++;

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
    add(lyricsLine([{ chord: null, lyric: cleanLyric(line) }]));
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
    const line = (raw.length > MAX_LINE_LENGTH ? raw.slice(0, MAX_LINE_LENGTH) : raw).trimEnd();
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
      const nextLine =
        next === undefined
          ? ""
          : (next.length > MAX_LINE_LENGTH ? next.slice(0, MAX_LINE_LENGTH) : next).trimEnd();
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
