/**
 * The songbook's layout, measured before anything is drawn: a song becomes rows of drawing operations with known
 * heights, grouped in units that never part (a line's chord and lyric rows, a label and the line after it), and the
 * rows are paginated so that a song that fits on a page is never split. Nothing here knows about PDF files: the
 * text widths come from a `measure` function (the PDF renderer passes its fonts' metrics).
 */
import { isPublicDomain } from "@choir/contract";
import { type Section, type SheetWord, type SongSheet, sheetWords } from "@choir/songsheet";
import type { SongbookLabels } from "./labels.js";

/**
 * Part of every entity tag: bump it when the drawing changes, so clients fetch the new look. It lives here, not in
 * songbook-pdf.ts, so the routes read it without loading pdfkit (only the PDF worker threads need that).
 */
export const SONGBOOK_RENDERER_VERSION = "2";

export type FontName = "regular" | "bold" | "italic" | "mono";

export type DrawOp =
  | {
      kind: "text";
      text: string;
      x: number;
      /** Top of the text, from the top of its row. */
      dy: number;
      font: FontName;
      size: number;
      color: string;
      /** A named destination this text links to (the table of contents). */
      goTo?: string;
    }
  | { kind: "rule"; x1: number; x2: number; dy: number; color: string; width: number; dotted?: boolean }
  | { kind: "bar"; x: number; dy: number; height: number; color: string; width: number }
  | { kind: "box"; x: number; dy: number; width: number; height: number; stroke?: string; fill?: string };

export interface Row {
  height: number;
  /** Drawing operations; a function when they are known only after pagination (page numbers). */
  ops: DrawOp[] | (() => DrawOp[]);
  /** Marks the row where something starts: a named destination and an outline entry. */
  anchor?: { name: string; title: string; level: 0 | 1 };
}

export type Measure = (text: string, font: FontName, size: number) => number;

export const COLORS = {
  text: "#1a1a1a",
  muted: "#5c5f66",
  chord: "#1f4fa3",
  rule: "#c9ccd1",
  highlight: "#fff3bf",
} as const;

export const SIZES = {
  choir: 10,
  playlistTitle: 20,
  date: 11,
  contentsTitle: 14,
  contentsSection: 9.5,
  contentsEntry: 10.5,
  playlistSection: 11,
  songTitle: 14,
  songMeta: 9,
  sectionLabel: 8.5,
  credits: 8,
  lyric: 10.5,
  chord: 9.5,
  comment: 9.5,
  mono: 8.5,
  footer: 8.5,
} as const;

/** Line heights: the font size plus leading. */
const LEAD = 1.3;
const CHORD_ROW = SIZES.chord * 1.2;
const LYRIC_ROW = SIZES.lyric * LEAD;
const CHORUS_INDENT = 14;
/** Continuation rows of a wrapped line start a little to the right, so a reader sees they belong to the line above. */
const WRAP_INDENT = 16;
const SECTION_GAP = 6;
const SONG_GAP = 22;

export interface PageFrame {
  width: number;
  height: number;
  left: number;
  right: number;
  top: number;
  bottom: number;
}

/** A4 and US Letter in points, with the margins the songbook uses on both. */
export function pageFrame(paper: "a4" | "letter"): PageFrame {
  const [width, height] = paper === "letter" ? [612, 792] : [595.28, 841.89];
  return { width, height, left: 50, right: width - 50, top: 48, bottom: height - 54 };
}

export interface LayoutContext {
  measure: Measure;
  frame: PageFrame;
  labels: SongbookLabels;
}

const heightOf = (rows: Row[]) => rows.reduce((sum, row) => sum + row.height, 0);
const spacer = (height: number): Row => ({ height, ops: [] });

/** Splits `text` into rows no wider than `width`, breaking at white space (a longer word gets a row of its own). */
function wrapText(text: string, width: number, measure: (text: string) => number): string[] {
  const tokens = text.split(/(\s+)/).filter((token) => token !== "");
  const rows: string[] = [];
  let current = "";
  for (const token of tokens) {
    const candidate = current + token;
    if (current.trim() !== "" && /\S/.test(token) && measure(candidate.trimEnd()) > width) {
      rows.push(current.trimEnd());
      current = token;
    } else {
      current = candidate;
    }
  }
  if (current.trim() !== "" || rows.length === 0) rows.push(current.trimEnd());
  return rows;
}

/** Plain text rows (lyrics without chords, comments, headings) wrapped to the width. */
function textRows(
  ctx: LayoutContext,
  text: string,
  style: { font: FontName; size: number; color: string; lineHeight: number },
  left: number,
  right: number,
): Row[] {
  const measure = (value: string) => ctx.measure(value, style.font, style.size);
  return wrapText(text, right - left, measure).map((line, index) => {
    const x = index === 0 ? left : Math.min(left + WRAP_INDENT, right - 40);
    return {
      height: style.lineHeight,
      ops: [{ kind: "text", text: line, x, dy: 0, font: style.font, size: style.size, color: style.color }],
    };
  });
}

interface PlacedWord {
  ops: DrawOp[];
  /** Where the lyric text ends (the next word starts after the space). */
  end: number;
  /** Rightmost point reached by text or chord. */
  reach: number;
  /** The earliest point the next chord may start, so chords never touch. */
  chordFree: number;
}

/**
 * Places one word's segments from `x`: each chord (with its annotation) starts exactly where its syllables
 * start; when the previous chord is still in the way, the syllables move right (a short dash keeps a word that
 * was pulled apart readable as one word).
 */
function placeWord(
  ctx: LayoutContext,
  word: SheetWord,
  start: number,
  chordFree: number,
  hasLyrics: boolean,
): PlacedWord {
  const { measure } = ctx;
  const ops: DrawOp[] = [];
  const chordGap = measure(" ", "bold", SIZES.chord) * 1.5;
  let x = start;
  let free = chordFree;
  let reach = start;
  let previousText = "";
  word.segments.forEach((segment, index) => {
    const isMarked = segment.chord !== null || segment.annotation !== undefined;
    if (isMarked && x < free) {
      const gapStart = x;
      x = free;
      const gap = x - gapStart;
      if (index > 0 && previousText !== "" && segment.text !== "" && hasLyrics && gap > 3) {
        const length = Math.min(gap - 2, 6);
        const middle = gapStart + gap / 2;
        ops.push({
          kind: "rule",
          x1: middle - length / 2,
          x2: middle + length / 2,
          dy: -SIZES.lyric * 0.45,
          color: COLORS.muted,
          width: 0.6,
        });
      }
    }
    if (isMarked) {
      let markX = x;
      if (segment.annotation !== undefined) {
        ops.push({
          kind: "text",
          text: segment.annotation,
          x: markX,
          dy: 0,
          font: "italic",
          size: SIZES.chord,
          color: COLORS.muted,
        });
        markX += measure(segment.annotation, "italic", SIZES.chord) + (segment.chord ? chordGap / 1.5 : 0);
      }
      if (segment.chord) {
        ops.push({
          kind: "text",
          text: segment.chord,
          x: markX,
          dy: 0,
          font: "bold",
          size: SIZES.chord,
          color: COLORS.chord,
        });
        markX += measure(segment.chord, "bold", SIZES.chord);
      }
      reach = Math.max(reach, markX);
      free = markX + chordGap;
    }
    if (hasLyrics && segment.text !== "") {
      ops.push({
        kind: "text",
        text: segment.text,
        x,
        dy: Number.NaN, // the lyric row's top, known once the row knows whether it has chords
        font: "regular",
        size: SIZES.lyric,
        color: COLORS.text,
      });
      x += measure(segment.text, "regular", SIZES.lyric);
    }
    previousText = segment.text;
  });
  return { ops, end: x, reach: Math.max(reach, x), chordFree: free };
}

/** A line of chord/lyric pairs as one or more rows of chords over lyrics, wrapped between words. */
function chordLineRows(
  ctx: LayoutContext,
  pairs: SongSheet["sections"][number]["lines"][number],
  left: number,
) {
  if (pairs.kind !== "lyrics") return [];
  const right = ctx.frame.right;
  const hasLyrics = pairs.pairs.some((pair) => pair.lyric.trim() !== "");
  const words = sheetWords(pairs.pairs);
  const rows: Row[] = [];
  let ops: DrawOp[] = [];
  let hasMarks = false;
  let hasWords = false;
  let x = left;
  let free = left;
  const flush = () => {
    const lyricTop = hasMarks ? CHORD_ROW : 0;
    for (const op of ops) if (op.kind === "text" && Number.isNaN(op.dy)) op.dy = lyricTop;
    for (const op of ops) if (op.kind === "rule") op.dy += lyricTop + SIZES.lyric;
    rows.push({ height: lyricTop + (hasLyrics ? LYRIC_ROW : 2), ops });
    ops = [];
    hasMarks = false;
    hasWords = false;
  };
  for (const word of words) {
    let placed = placeWord(ctx, word, x, free, hasLyrics);
    if (hasWords && placed.reach > right) {
      flush();
      x = left + WRAP_INDENT;
      free = x;
      placed = placeWord(ctx, word, x, free, hasLyrics);
    }
    ops.push(...placed.ops);
    hasMarks ||= word.hasMarks;
    hasWords = true;
    x = placed.end + (word.space ? ctx.measure(word.space, "regular", SIZES.lyric) : 0);
    free = placed.chordFree;
  }
  if (hasWords) flush();
  return rows;
}

/** Tablature and chord grids keep their columns in a fixed-width font; an over-long line continues below. */
function monoRows(ctx: LayoutContext, text: string, left: number): Row[] {
  const charWidth = ctx.measure("M", "mono", SIZES.mono) || SIZES.mono * 0.6;
  const perRow = Math.max(20, Math.floor((ctx.frame.right - left) / charWidth));
  const chunks: string[] = [];
  for (let index = 0; index < Math.max(1, text.length); index += perRow)
    chunks.push(text.slice(index, index + perRow));
  return chunks.map((chunk) => ({
    height: SIZES.mono * 1.25,
    ops: [{ kind: "text", text: chunk, x: left, dy: 0, font: "mono", size: SIZES.mono, color: COLORS.text }],
  }));
}

function commentRows(
  ctx: LayoutContext,
  line: Extract<SongSheet["sections"][number]["lines"][number], { kind: "comment" }>,
  left: number,
): Row[] {
  const text = line.voice ? `${ctx.labels.voice(line.voice)}: ${line.text}` : line.text;
  const framed = line.style === "box" || line.style === "highlight";
  const pad = framed ? 4 : 0;
  const rows = textRows(
    ctx,
    text,
    { font: "italic", size: SIZES.comment, color: COLORS.muted, lineHeight: SIZES.comment * LEAD },
    left + pad,
    ctx.frame.right - pad,
  );
  if (!framed) return rows;
  const width =
    Math.max(
      ...rows.flatMap((row) =>
        (row.ops as DrawOp[]).map((op) =>
          op.kind === "text" ? op.x - left + ctx.measure(op.text, op.font, op.size) : 0,
        ),
      ),
    ) + pad;
  const height = heightOf(rows) + 2;
  const box: DrawOp =
    line.style === "box"
      ? { kind: "box", x: left, dy: -1, width, height, stroke: COLORS.muted }
      : { kind: "box", x: left, dy: -1, width, height, fill: COLORS.highlight };
  // The frame is drawn first, under the text of the first row; the rows stay one unit.
  (rows[0]!.ops as DrawOp[]).unshift(box);
  rows.push(spacer(3));
  return rows;
}

/** One unit per source line, so a line's chords and words are never parted by a page break. */
function sectionUnits(ctx: LayoutContext, section: Section, isFirst: boolean): Row[][] {
  const isChorus = section.type === "chorus";
  const left = ctx.frame.left + (isChorus ? CHORUS_INDENT : 0);
  const units: Row[][] = [];
  for (const line of section.lines) {
    let rows: Row[];
    switch (line.kind) {
      case "lyrics":
        rows = line.pairs.some((pair) => pair.chord || pair.annotation !== undefined)
          ? chordLineRows(ctx, line, left)
          : textRows(
              ctx,
              line.pairs.map((pair) => pair.lyric).join(""),
              { font: "regular", size: SIZES.lyric, color: COLORS.text, lineHeight: LYRIC_ROW },
              left,
              ctx.frame.right,
            );
        break;
      case "comment":
        rows = commentRows(ctx, line, left);
        break;
      case "tab":
      case "grid":
        rows = monoRows(ctx, line.text, left);
        break;
      default:
        rows = units.length === 0 ? [] : [spacer(LYRIC_ROW * 0.5)];
    }
    if (rows.length > 0) units.push(rows);
  }
  while (units.length > 0 && units[units.length - 1]!.every((row) => (row.ops as DrawOp[]).length === 0)) {
    units.pop();
  }
  const label = ctx.labels.sheetSection(section);
  const voice = section.voice ? ctx.labels.voice(section.voice) : null;
  const heading = [label, voice].filter(Boolean).join(" · ");
  const lead: Row[] = isFirst ? [] : [spacer(SECTION_GAP)];
  if (heading) {
    lead.push({
      height: SIZES.sectionLabel * 1.55,
      ops: [
        {
          kind: "text",
          text: heading,
          x: left,
          dy: 0,
          font: "bold",
          size: SIZES.sectionLabel,
          color: COLORS.muted,
        },
      ],
    });
  }
  if (units.length === 0) return heading ? [lead] : [];
  units[0] = [...lead, ...units[0]!];
  if (isChorus) {
    // A bar beside the chorus sets it apart; drawn per row so it follows the chorus across a page break.
    for (const unit of units) {
      for (const row of unit) {
        if (row.height <= SECTION_GAP && (row.ops as DrawOp[]).length === 0) continue;
        (row.ops as DrawOp[]).push({
          kind: "bar",
          x: ctx.frame.left + 3,
          dy: 0,
          height: row.height,
          color: COLORS.rule,
          width: 2,
        });
      }
    }
  }
  return units;
}

export interface SongInput {
  /** Anchor name for links from the table of contents. */
  anchor: string;
  title: string;
  artist: string | null;
  /** The key it is sung in, after the entry's key was applied. */
  key: string | null;
  sheet: SongSheet;
}

export interface SongBlock {
  title: string;
  header: Row[];
  units: Row[][];
}

export function layoutSong(ctx: LayoutContext, song: SongInput): SongBlock {
  const { frame, labels } = ctx;
  const header: Row[] = textRows(
    ctx,
    song.title,
    { font: "bold", size: SIZES.songTitle, color: COLORS.text, lineHeight: SIZES.songTitle * 1.3 },
    frame.left,
    frame.right,
  );
  header[0]!.anchor = { name: song.anchor, title: song.title, level: 1 };
  const { metadata } = song.sheet;
  const meta = [
    song.artist,
    song.key ? `${labels.key}: ${song.key}` : null,
    metadata.capo ? `${labels.capo}: ${metadata.capo}` : null,
    metadata.tempo
      ? `${labels.tempo}: ${/^\d+(\.\d+)?$/.test(metadata.tempo.trim()) ? labels.bpm(metadata.tempo.trim()) : metadata.tempo}`
      : null,
    metadata.time ? `${labels.time}: ${metadata.time}` : null,
  ].filter((item): item is string => Boolean(item?.trim()));
  if (meta.length > 0) {
    header.push(
      ...textRows(
        ctx,
        meta.join("  ·  "),
        { font: "regular", size: SIZES.songMeta, color: COLORS.muted, lineHeight: SIZES.songMeta * 1.45 },
        frame.left,
        frame.right,
      ),
    );
  }
  header.push(spacer(7));
  const units = song.sheet.sections.flatMap((section, index) => sectionUnits(ctx, section, index === 0));
  if (song.sheet.truncated) {
    // The song was cut at the songsheet's bound: say so where it stops.
    units.push([
      spacer(SECTION_GAP),
      ...textRows(
        ctx,
        labels.truncated,
        { font: "italic", size: SIZES.comment, color: COLORS.muted, lineHeight: SIZES.comment * LEAD },
        frame.left,
        frame.right,
      ),
    ]);
  }
  const credits = creditLine(labels, metadata);
  if (credits) {
    // Under the song's last line, kept with nothing else: the licence holder's credit where the song is sung from.
    units.push([
      spacer(SECTION_GAP * 0.75),
      ...textRows(
        ctx,
        credits,
        { font: "italic", size: SIZES.credits, color: COLORS.muted, lineHeight: SIZES.credits * 1.4 },
        frame.left,
        frame.right,
      ),
    ]);
  }
  return { title: song.title, header, units };
}

/**
 * The song's credits in one line, from its `{lyricist}`, `{composer}`, `{copyright}` and `{ccli}`: "Words: A · Music:
 * B · © 1998 C · CCLI song 123"; one writer of both is named once; null when the song has none.
 */
export function creditLine(labels: SongbookLabels, metadata: SongSheet["metadata"]): string | null {
  const clean = (value: string | undefined) => value?.trim() || null;
  const lyricist = clean(metadata.lyricist);
  const composer = clean(metadata.composer);
  const copyright = clean(metadata.copyright);
  const ccli = clean(metadata.ccli);
  const parts =
    lyricist && composer && lyricist === composer
      ? [`${labels.wordsAndMusic}: ${lyricist}`]
      : [lyricist && `${labels.words}: ${lyricist}`, composer && `${labels.music}: ${composer}`];
  // "Public domain" stands as written; a holder's notice gets its © unless it has one.
  if (copyright)
    parts.push(
      isPublicDomain(copyright) || /^(©|\(c\)|copyright\b)/i.test(copyright) ? copyright : `© ${copyright}`,
    );
  if (ccli) parts.push(labels.ccli(ccli));
  const line = parts.filter(Boolean).join("  ·  ");
  return line || null;
}

/** The first page's heading: choir, playlist title and date. */
export function headingRows(
  ctx: LayoutContext,
  choirName: string,
  title: string | null,
  date: string,
): Row[] {
  const { frame } = ctx;
  const rows: Row[] = [
    ...textRows(
      ctx,
      choirName,
      { font: "regular", size: SIZES.choir, color: COLORS.muted, lineHeight: SIZES.choir * 1.6 },
      frame.left,
      frame.right,
    ),
    ...textRows(
      ctx,
      title ?? date,
      { font: "bold", size: SIZES.playlistTitle, color: COLORS.text, lineHeight: SIZES.playlistTitle * 1.3 },
      frame.left,
      frame.right,
    ),
  ];
  if (title) {
    rows.push(
      ...textRows(
        ctx,
        date,
        { font: "regular", size: SIZES.date, color: COLORS.muted, lineHeight: SIZES.date * 1.5 },
        frame.left,
        frame.right,
      ),
    );
  }
  rows.push(spacer(6), {
    height: 18,
    ops: [{ kind: "rule", x1: frame.left, x2: frame.right, dy: 0, color: COLORS.rule, width: 1 }],
  });
  return rows;
}

/** A playlist section's heading ("Entrance", "Communion"), kept with the song after it. */
export function playlistSectionRows(ctx: LayoutContext, title: string, anchor: string): Row[] {
  const { frame } = ctx;
  const rows = textRows(
    ctx,
    title,
    {
      font: "bold",
      size: SIZES.playlistSection,
      color: COLORS.chord,
      lineHeight: SIZES.playlistSection * 1.4,
    },
    frame.left,
    frame.right,
  );
  rows[0]!.anchor = { name: anchor, title, level: 0 };
  rows.push({
    height: 12,
    ops: [{ kind: "rule", x1: frame.left, x2: frame.right, dy: 1, color: COLORS.chord, width: 0.8 }],
  });
  return rows;
}

export interface ContentsEntry {
  kind: "section" | "song";
  title: string;
  anchor: string;
}

/** The table of contents: one row per section and song; page numbers are filled in once the pages are known. */
export function contentsRows(
  ctx: LayoutContext,
  entries: ContentsEntry[],
  pageOf: Map<string, number>,
): Row[] {
  const { frame, measure } = ctx;
  const rows: Row[] = [
    ...textRows(
      ctx,
      ctx.labels.contents,
      { font: "bold", size: SIZES.contentsTitle, color: COLORS.text, lineHeight: SIZES.contentsTitle * 1.6 },
      frame.left,
      frame.right,
    ),
  ];
  const numberWidth = measure("0000", "regular", SIZES.contentsEntry);
  for (const entry of entries) {
    if (entry.kind === "section") {
      rows.push(spacer(4), {
        height: SIZES.contentsSection * 1.6,
        ops: [
          {
            kind: "text",
            text: entry.title,
            x: frame.left,
            dy: 0,
            font: "bold",
            size: SIZES.contentsSection,
            color: COLORS.chord,
            goTo: entry.anchor,
          },
        ],
      });
      continue;
    }
    const left = frame.left + 10;
    const room = frame.right - numberWidth - 12 - left;
    const title = fitText(entry.title, room, (text) => measure(text, "regular", SIZES.contentsEntry));
    const titleWidth = measure(title, "regular", SIZES.contentsEntry);
    rows.push({
      height: SIZES.contentsEntry * 1.55,
      ops: () => {
        const page = String(pageOf.get(entry.anchor) ?? "");
        const pageWidth = measure(page, "regular", SIZES.contentsEntry);
        return [
          {
            kind: "text",
            text: title,
            x: left,
            dy: 0,
            font: "regular",
            size: SIZES.contentsEntry,
            color: COLORS.text,
            goTo: entry.anchor,
          },
          {
            kind: "rule",
            x1: left + titleWidth + 6,
            x2: frame.right - pageWidth - 6,
            dy: SIZES.contentsEntry * 0.85,
            color: COLORS.rule,
            width: 0.8,
            dotted: true,
          },
          {
            kind: "text",
            text: page,
            x: frame.right - pageWidth,
            dy: 0,
            font: "regular",
            size: SIZES.contentsEntry,
            color: COLORS.text,
            goTo: entry.anchor,
          },
        ];
      },
    });
  }
  rows.push(spacer(10));
  return rows;
}

/** `text`, shortened with an ellipsis when wider than `width`. */
function fitText(text: string, width: number, measure: (text: string) => number): string {
  if (measure(text) <= width) return text;
  let low = 0;
  let high = text.length;
  while (low < high) {
    const middle = Math.ceil((low + high) / 2);
    if (measure(`${text.slice(0, middle).trimEnd()}…`) <= width) low = middle;
    else high = middle - 1;
  }
  return `${text.slice(0, low).trimEnd()}…`;
}

export interface PlacedRow {
  y: number;
  row: Row;
}

export interface SongbookPlan {
  pages: PlacedRow[][];
  /** Page number (1-based) of every anchor: songs and sections. */
  pageOf: Map<string, number>;
}

export interface PlanInput {
  heading: Row[];
  contents: Row[] | null;
  /** Per playlist section: its heading rows and its songs' blocks. */
  sections: { heading: Row[]; songs: SongBlock[] }[];
  continued: (title: string) => Row[];
}

/** Places every row on pages: a song that fits on one page starts on a new page rather than being split. */
export function paginate(frame: PageFrame, input: PlanInput): SongbookPlan {
  const contentHeight = frame.bottom - frame.top;
  const pages: PlacedRow[][] = [[]];
  const pageOf = new Map<string, number>();
  let y = frame.top;
  const newPage = () => {
    pages.push([]);
    y = frame.top;
  };
  const put = (row: Row) => {
    if (y + row.height > frame.bottom && y > frame.top) newPage();
    pages[pages.length - 1]!.push({ y, row });
    if (row.anchor) pageOf.set(row.anchor.name, pages.length);
    y += row.height;
  };
  const putAll = (rows: Row[]) => {
    for (const row of rows) put(row);
  };

  // The songs follow the contents on the same page when they fit there whole.
  putAll(input.heading);
  if (input.contents) putAll(input.contents);
  for (const section of input.sections) {
    section.songs.forEach((song, index) => {
      const lead = index === 0 ? section.heading : [];
      const unitsHeight = song.units.reduce((sum, unit) => sum + heightOf(unit), 0);
      const startHeight = heightOf(lead) + heightOf(song.header) + heightOf(song.units[0] ?? []);
      const total = heightOf(lead) + heightOf(song.header) + unitsHeight;
      const gap = y > frame.top ? SONG_GAP : 0;
      if (total <= contentHeight) {
        if (y + gap + total > frame.bottom) newPage();
        else y += gap;
        putAll([...lead, ...song.header, ...song.units.flat()]);
        return;
      }
      // Longer than a page: start on a new page unless most of this one is still free.
      if (y + gap + startHeight > frame.bottom || frame.bottom - y < contentHeight * 0.6) newPage();
      else y += gap;
      putAll([...lead, ...song.header]);
      for (const unit of song.units) {
        const height = heightOf(unit);
        if (y + height > frame.bottom && height <= contentHeight) {
          newPage();
          putAll(input.continued(song.title));
        }
        putAll(unit);
      }
    });
  }
  return { pages, pageOf };
}

/** The rows of a continued song's heading on its next page. */
export function continuedRows(ctx: LayoutContext, title: string): Row[] {
  return [
    ...textRows(
      ctx,
      ctx.labels.continued(title),
      { font: "italic", size: SIZES.songMeta + 0.5, color: COLORS.muted, lineHeight: SIZES.songMeta * 1.7 },
      ctx.frame.left,
      ctx.frame.right,
    ),
    spacer(4),
  ];
}

/** Every section with songs, then each song: the table of contents' entries in order. */
export function contentsEntries(
  sections: { title: string; anchor: string; songs: SongInput[] }[],
): ContentsEntry[] {
  return sections.flatMap((section) => [
    { kind: "section" as const, title: section.title, anchor: section.anchor },
    ...section.songs.map((song) => ({ kind: "song" as const, title: song.title, anchor: song.anchor })),
  ]);
}
