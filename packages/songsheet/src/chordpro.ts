import { finishSheet, LineBudget, lineCost, SECTION_COST } from "./bounds";
import type {
  ChordLyricPair,
  CommentStyle,
  Line,
  LyricsLine,
  Section,
  SectionType,
  SongMetadata,
  SongSheet,
} from "./types";

type MetadataField = Exclude<keyof SongMetadata, "tags" | "transpose">;

const SONGBOOKPRO_TAGS: ReadonlySet<string> = new Set(["x_sbp_tags", "x_sbp_tag", "x_spb_tags", "x_spb_tag"]);

const METADATA_ALIASES: Record<string, MetadataField> = {
  title: "title",
  t: "title",
  subtitle: "subtitle",
  st: "subtitle",
  artist: "artist",
  composer: "composer",
  lyricist: "lyricist",
  key: "key",
  tempo: "tempo",
  time: "time",
  capo: "capo",
  duration: "duration",
  copyright: "copyright",
  ccli: "ccli",
};

const COMMENT_ALIASES: Record<string, CommentStyle> = {
  comment: "normal",
  c: "normal",
  highlight: "highlight",
  comment_italic: "italic",
  ci: "italic",
  comment_box: "box",
  cb: "box",
};

/** The short names of the section directives ({soc} for {start_of_chorus}…), by their long names. */
export const SHORT_ENVIRONMENTS: Record<string, string> = {
  soc: "start_of_chorus",
  eoc: "end_of_chorus",
  sov: "start_of_verse",
  eov: "end_of_verse",
  sob: "start_of_bridge",
  eob: "end_of_bridge",
  sot: "start_of_tab",
  eot: "end_of_tab",
  sog: "start_of_grid",
  eog: "end_of_grid",
};

const KNOWN_ENVIRONMENTS: ReadonlySet<string> = new Set(["verse", "chorus", "bridge", "tab", "grid"]);
const ENV_NAME_RE = /^[a-z0-9_]+$/;

/** Longest line the parser looks at; the rest of a longer line is cut off rather than slowing the parse. */
export const MAX_LINE_LENGTH = 10_000;

export interface Directive {
  name: string;
  voice?: string;
  value: string;
}

/** Read `{name: value}`, `{name value}` or `{name-voice: value}`; null when the line is not a directive. */
export function readDirective(line: string): Directive | null {
  const trimmed = line.trim();
  if (trimmed.length < 2 || !trimmed.startsWith("{") || !trimmed.endsWith("}")) return null;
  const inner = trimmed.slice(1, -1).trim();
  const match = /^([A-Za-z0-9_\-!]+)\s*(?::\s*|\s+|$)/.exec(inner);
  if (!match) return { name: "", value: inner };
  const full = (match[1] ?? "").toLowerCase();
  const value = inner.slice(match[0].length).trim();
  const dash = full.lastIndexOf("-");
  if (dash > 0) {
    const voice = full.slice(dash + 1);
    return voice ? { name: full.slice(0, dash), voice, value } : { name: full.slice(0, dash), value };
  }
  return { name: full, value };
}

/** Parse `label="Verse 1" other=x` attributes; a value that is not in attribute form is the label itself. */
export function readLabel(value: string): string | undefined {
  const text = value.trim();
  if (!text) return undefined;
  if (!/^[A-Za-z_][\w-]*\s*=/.test(text)) return text;
  const attributes = readAttributes(text);
  const label = attributes.label?.trim();
  return label ? label : undefined;
}

function readAttributes(text: string): Record<string, string> {
  const result: Record<string, string> = {};
  let i = 0;
  while (i < text.length) {
    while (i < text.length && /\s/.test(text[i]!)) i++;
    const nameMatch = /^[A-Za-z_][\w-]*/.exec(text.slice(i, i + 100));
    if (!nameMatch) break;
    const name = nameMatch[0].toLowerCase();
    i += name.length;
    while (i < text.length && /\s/.test(text[i]!)) i++;
    if (text[i] !== "=") {
      result[name] = "";
      continue;
    }
    i++;
    while (i < text.length && /\s/.test(text[i]!)) i++;
    let value = "";
    const quote = text[i];
    if (quote === '"' || quote === "'") {
      i++;
      while (i < text.length && text[i] !== quote) {
        if (text[i] === "\\" && i + 1 < text.length) i++;
        value += text[i];
        i++;
      }
      i++;
    } else {
      while (i < text.length && !/\s/.test(text[i]!)) value += text[i++];
    }
    result[name] = value;
  }
  return result;
}

/** Split a lyric line into chord/lyric pairs: `[C]Amazing [G]grace`, `[*Rit.]` annotations. */
export function parseLyricsLine(line: string): LyricsLine {
  const pairs: ChordLyricPair[] = [];
  let current: ChordLyricPair | null = null;
  let text = "";
  const flush = () => {
    if (current) {
      current.lyric = text;
      pairs.push(current);
    } else if (text) {
      pairs.push({ chord: null, lyric: text });
    }
    text = "";
  };
  // The next "]" and "[" found so far: a search is repeated only once the reading has passed its answer, so a
  // line of many unclosed brackets is read in one pass (-1: none further on; -2: not searched yet).
  let close = -2;
  let nextOpen = -2;
  let i = 0;
  while (i < line.length) {
    const ch = line[i]!;
    if (ch === "[") {
      if (close !== -1 && close <= i) close = line.indexOf("]", i + 1);
      if (nextOpen !== -1 && nextOpen <= i) nextOpen = line.indexOf("[", i + 1);
      if (close > i && (nextOpen === -1 || nextOpen > close)) {
        const content = line.slice(i + 1, close).trim();
        if (content && content !== "*") {
          flush();
          current = content.startsWith("*")
            ? { chord: null, annotation: content.slice(1).trim(), lyric: "" }
            : { chord: content, lyric: "" };
          i = close + 1;
          continue;
        }
      }
    }
    text += ch;
    i++;
  }
  flush();
  return { kind: "lyrics", pairs };
}

interface OpenEnvironment {
  section: Section;
}

function emptyMetadata(): SongMetadata {
  return { tags: [] };
}

function trimEmptyLines(lines: Line[]): Line[] {
  let start = 0;
  let end = lines.length;
  while (start < end && lines[start]!.kind === "empty") start++;
  while (end > start && lines[end - 1]!.kind === "empty") end--;
  return start === 0 && end === lines.length ? lines : lines.slice(start, end);
}

function cloneLine(line: Line): Line {
  return line.kind === "lyrics"
    ? { kind: "lyrics", pairs: line.pairs.map((pair) => ({ ...pair })) }
    : { ...line };
}

/**
 * Parse ChordPro text into the render model. Never throws: malformed input is read as well as it can be. The
 * sheet holds at most MAX_RENDERED_LINES rendered lines, recalled choruses included; a longer song is cut there
 * and marked truncated.
 */
export function parseChordPro(input: string): SongSheet {
  const metadata = emptyMetadata();
  const tags = new Set<string>();
  const sections: Section[] = [];
  const budget = new LineBudget();
  const state: {
    open: OpenEnvironment | null;
    paragraph: Section | null;
    lastChorus: Section | null;
    /** Blank lines inside the open environment not counted yet: they count once a line follows them. */
    pendingEmpty: number;
  } = {
    open: null,
    paragraph: null,
    lastChorus: null,
    pendingEmpty: 0,
  };

  const closeParagraph = () => {
    state.paragraph = null;
  };
  const closeEnvironment = () => {
    state.pendingEmpty = 0;
    if (!state.open) return;
    state.open.section.lines = trimEmptyLines(state.open.section.lines);
    if (state.open.section.type === "chorus") state.lastChorus = state.open.section;
    state.open = null;
  };
  const addSection = (section: Section): boolean => {
    if (!budget.spend(SECTION_COST)) return false;
    sections.push(section);
    return true;
  };
  const addLine = (line: Line) => {
    if (state.open) {
      const lines = state.open.section.lines;
      if (line.kind === "empty") {
        // Blank lines at the start of an environment are dropped, as are those it ends with (when it closes).
        if (lines.length > 0) {
          lines.push(line);
          state.pendingEmpty++;
        }
        return;
      }
      if (!budget.spend(state.pendingEmpty + lineCost(line))) return;
      state.pendingEmpty = 0;
      lines.push(line);
      return;
    }
    if (line.kind === "empty") {
      closeParagraph();
      return;
    }
    if (!state.paragraph) {
      const paragraph: Section = { type: "none", lines: [] };
      if (!addSection(paragraph)) return;
      state.paragraph = paragraph;
    }
    if (budget.spend(lineCost(line))) state.paragraph.lines.push(line);
  };

  const lines = input.split(/\r\n|\r|\n/);
  for (const rawLine of lines) {
    if (budget.truncated) break;
    const line = (rawLine.length > MAX_LINE_LENGTH ? rawLine.slice(0, MAX_LINE_LENGTH) : rawLine).trimEnd();
    const firstChar = line.trimStart()[0];
    if (firstChar === "#") continue;
    if (line === "") {
      addLine({ kind: "empty" });
      continue;
    }
    const directive = readDirective(line);
    if (!directive) {
      const type = state.open?.section.type;
      if (type === "tab" || type === "grid") addLine({ kind: type, text: line });
      else addLine(parseLyricsLine(line));
      continue;
    }
    const name = SHORT_ENVIRONMENTS[directive.name] ?? directive.name;
    const { value, voice } = directive;

    const field = METADATA_ALIASES[name];
    if (field) {
      // A metadata directive for one voice or instrument only does not describe the song.
      if (!voice && value) metadata[field] = value;
      continue;
    }
    if (name === "tag") {
      if (!voice && value && !tags.has(value)) {
        tags.add(value);
        metadata.tags.push(value);
      }
      continue;
    }
    // SongbookPro's export writes a song's tags as one list, `{x_sbp_tags: slow, waltz}` (its manual also names
    // the spelling `x_spb_tag`).
    if (SONGBOOKPRO_TAGS.has(name)) {
      for (const tag of voice ? [] : value.split(",")) {
        const named = tag.trim();
        if (named && !tags.has(named)) {
          tags.add(named);
          metadata.tags.push(named);
        }
      }
      continue;
    }
    if (name === "meta") {
      const meta = /^([A-Za-z_]+)\s(.+)$/.exec(value);
      const metaField = meta ? METADATA_ALIASES[(meta[1] ?? "").toLowerCase()] : undefined;
      if (meta && metaField && !voice) metadata[metaField] = (meta[2] ?? "").trim();
      continue;
    }
    if (name === "transpose") {
      const n = Number.parseInt(value, 10);
      if (!voice && Number.isFinite(n) && Math.abs(n) <= 48) metadata.transpose = n;
      continue;
    }
    const style = COMMENT_ALIASES[name];
    if (style) {
      const comment: Line = voice
        ? { kind: "comment", style, text: value, voice }
        : { kind: "comment", style, text: value };
      addLine(comment);
      continue;
    }
    if (name.startsWith("start_of_")) {
      const envName = name.slice("start_of_".length);
      if (!ENV_NAME_RE.test(envName)) continue;
      closeEnvironment();
      closeParagraph();
      const type: SectionType = KNOWN_ENVIRONMENTS.has(envName) ? (envName as SectionType) : "custom";
      const section: Section = { type, lines: [] };
      if (type === "custom") section.name = envName;
      const label = readLabel(value);
      if (label !== undefined) section.label = label;
      if (voice) section.voice = voice;
      if (!addSection(section)) break;
      state.open = { section };
      continue;
    }
    if (name.startsWith("end_of_")) {
      closeEnvironment();
      continue;
    }
    if (name === "chorus") {
      closeEnvironment();
      closeParagraph();
      const source: Section | null = state.lastChorus;
      const recalled: Section = source ? { ...source, lines: [] } : { type: "chorus", lines: [] };
      recalled.recall = true;
      const label = readLabel(value);
      if (label !== undefined) recalled.label = label;
      if (voice) recalled.voice = voice;
      if (!addSection(recalled)) break;
      // Each recall is a copy, counted against the bound line by line like the chorus it repeats.
      for (const line of source?.lines ?? []) {
        if (!budget.spend(lineCost(line))) break;
        recalled.lines.push(cloneLine(line));
      }
    }
    // Any other directive (x_ custom ones, formatting, unknown names) does not change the render model.
  }
  closeEnvironment();
  return finishSheet(metadata, sections, budget);
}

const METADATA_ORDER: MetadataField[] = [
  "title",
  "subtitle",
  "artist",
  "composer",
  "lyricist",
  "key",
  "tempo",
  "time",
  "capo",
  "duration",
  "copyright",
  "ccli",
];

const COMMENT_DIRECTIVES: Record<CommentStyle, string> = {
  normal: "comment",
  highlight: "highlight",
  italic: "comment_italic",
  box: "comment_box",
};

function oneLine(text: string): string {
  return text.replace(/[\r\n]+/g, " ").trim();
}

function writeLabel(label: string): string {
  const text = oneLine(label);
  if (!/^[A-Za-z_][\w-]*\s*=/.test(text)) return text;
  return `label="${text.replace(/\\/g, "\\\\").replace(/"/g, '\\"')}"`;
}

function writeLine(line: Line): string {
  switch (line.kind) {
    case "empty":
      return "";
    case "tab":
    case "grid":
      return line.text.replace(/[\r\n]+/g, " ");
    case "comment": {
      const name = COMMENT_DIRECTIVES[line.style] + (line.voice ? `-${line.voice}` : "");
      return `{${name}: ${oneLine(line.text)}}`;
    }
    case "lyrics":
      return line.pairs
        .map((pair) => {
          const annotation = pair.annotation !== undefined ? `[*${oneLine(pair.annotation)}]` : "";
          const chord = pair.chord ? `[${oneLine(pair.chord)}]` : "";
          return annotation + chord + pair.lyric.replace(/[\r\n]+/g, " ");
        })
        .join("");
  }
}

function environmentName(section: Section): string | null {
  switch (section.type) {
    case "none":
      return null;
    case "custom":
      return section.name && ENV_NAME_RE.test(section.name) ? section.name : "custom";
    default:
      return section.type;
  }
}

/** Write a song sheet back as ChordPro text; parsing the result gives the same sheet. */
export function toChordPro(sheet: SongSheet): string {
  const out: string[] = [];
  const { metadata } = sheet;
  for (const field of METADATA_ORDER) {
    const value = metadata[field];
    if (value !== undefined && oneLine(value) !== "") out.push(`{${field}: ${oneLine(value)}}`);
  }
  for (const tag of metadata.tags) if (oneLine(tag)) out.push(`{tag: ${oneLine(tag)}}`);
  if (metadata.transpose !== undefined && metadata.transpose !== 0)
    out.push(`{transpose: ${metadata.transpose}}`);

  let lastChorus: Section | null = null;
  for (const section of sheet.sections) {
    if (out.length > 0) out.push("");
    const voice = section.voice ? `-${section.voice}` : "";
    if (section.recall && section.type === "chorus") {
      // A recalled chorus inherits the label and voice of the chorus it repeats; write only what differs.
      const label =
        section.label !== undefined && section.label !== lastChorus?.label ? section.label : undefined;
      const recallVoice = section.voice && section.voice !== lastChorus?.voice ? voice : "";
      out.push(
        label !== undefined ? `{chorus${recallVoice}: ${writeLabel(label)}}` : `{chorus${recallVoice}}`,
      );
      continue;
    }
    const env = environmentName(section);
    const lines = section.lines.map(writeLine);
    if (env === null) {
      // Paragraphs outside environments are separated by blank lines, so they hold none.
      out.push(...lines.filter((line) => line.trim() !== ""));
      continue;
    }
    const label =
      section.label !== undefined && oneLine(section.label) ? `: ${writeLabel(section.label)}` : "";
    out.push(`{start_of_${env}${voice}${label}}`);
    out.push(...lines);
    out.push(`{end_of_${env}${voice}}`);
    if (section.type === "chorus") lastChorus = section;
  }
  return `${out.join("\n")}\n`;
}
