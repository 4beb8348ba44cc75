/**
 * A song laid out for the songbook: its title and metadata line, then one unit of rows per source line (a line's
 * chord and lyric rows, a section's label with the line after it) so that a page break never parts them; chords
 * set where their syllables start, choruses indented with a bar beside them, tablature in a fixed-width font,
 * framed comments, and the credits under the last line.
 */
import { isPublicDomain } from "@choir/contract";
import { type Section, type SheetWord, type SongSheet, sheetWords } from "@choir/songsheet";
import type { SongbookLabels } from "./labels.js";
import {
  COLORS,
  type DrawOp,
  heightOf,
  type LayoutContext,
  LEAD,
  type Row,
  SIZES,
  spacer,
  textRows,
  WRAP_INDENT,
} from "./songbook-rows.js";

/** Row heights of a chord line: the font size plus leading. */
const CHORD_ROW = SIZES.chord * 1.2;
const LYRIC_ROW = SIZES.lyric * LEAD;
const CHORUS_INDENT = 14;
const SECTION_GAP = 6;

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
  /** The playlist entry's note ("capo 2", "soloist: Ana"), printed under the title; null: none. */
  note?: string | null;
  sheet: SongSheet;
}

export interface SongBlock {
  title: string;
  header: Row[];
  units: Row[][];
  /** The pages of its scores, printed after it (songbook-scores.ts). */
  scores?: Row[];
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
  if (song.note) {
    // The entry's note, in the songbook's accent so it is seen before the song is sung.
    header.push(
      ...textRows(
        ctx,
        song.note,
        { font: "italic", size: SIZES.songMeta + 0.5, color: COLORS.chord, lineHeight: SIZES.songMeta * 1.6 },
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
