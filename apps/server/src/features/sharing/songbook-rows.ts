/**
 * What the songbook's layout is made of: rows of drawing operations with known heights, the page frame (A4 or US
 * Letter and the margins), the sizes and colours of every kind of text, and plain text wrapped (or shortened) to a
 * width. Nothing here knows about PDF files: the text widths come from the context's `measure`.
 */
import type { SongbookLabels } from "./labels.js";

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
  | { kind: "box"; x: number; dy: number; width: number; height: number; stroke?: string; fill?: string }
  | {
      /** An SVG path, its origin at (x, top of its row + dy): filled, or stroked when `stroke` is set. */
      kind: "path";
      x: number;
      dy: number;
      d: string;
      fill?: string;
      stroke?: string;
      lineWidth?: number;
      opacity?: number;
    };

export interface Row {
  height: number;
  /** Drawing operations; a function when they are known only after pagination (page numbers). */
  ops: DrawOp[] | (() => DrawOp[]);
  /** Marks the row where something starts: a named destination and an outline entry. */
  anchor?: { name: string; title: string; level: 0 | 1 };
  /** A page of a score is drawn under this row, in this box (from the row's top), once the file is made. */
  score?: { id: string; page: number; box: { x: number; dy: number; width: number; height: number } };
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

/** Line heights are the font size times this (the leading). */
export const LEAD = 1.3;
/** Continuation rows of a wrapped line start a little to the right, so a reader sees they belong to the line above. */
export const WRAP_INDENT = 16;

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

export const heightOf = (rows: Row[]) => rows.reduce((sum, row) => sum + row.height, 0);
export const spacer = (height: number): Row => ({ height, ops: [] });

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
export function textRows(
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

/** `text`, shortened with an ellipsis when wider than `width`. */
export function fitText(text: string, width: number, measure: (text: string) => number): string {
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
