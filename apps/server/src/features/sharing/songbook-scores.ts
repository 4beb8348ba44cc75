/**
 * Scores in a printed songbook (decision 0117), in the rendering thread: each score page takes a page of its own
 * after its song's chord sheet, under a caption, fitted inside the page's margins, with the printed markings drawn
 * over it as vectors in the songbook's fonts. The songbook is drawn first (pdfkit: captions, markings, page numbers,
 * the contents counting the score pages), then the score pages are laid under those pages (pdf-lib): each page is
 * made anew with the score's page at the bottom and the drawn page over it (songbook-score-files.ts, loaded only by a
 * songbook that prints scores). A score that cannot be read is named under its song instead of printed.
 */
import {
  breathPath,
  fermataShape,
  HIGHLIGHT_OPACITY,
  MARKING_INK,
  type MarkingColor,
  STAMP_TEXT,
  type StrokeData,
  strokePath,
  type TextData,
} from "@choir/contract";
import type { SongbookLabels } from "./labels.js";
import type { PrintedMarking, PrintedScore } from "./printed-scores.js";
import { COLORS, type DrawOp, type LayoutContext, type Row, SIZES } from "./songbook-layout.js";
import type { SongbookPlan } from "./songbook-pagination.js";

/** A score opened for printing (songbook-score-files.ts): its pages' sizes in points, none when it could not be read. */
export interface OpenedScore {
  sizes: { width: number; height: number }[];
}

const CAPTION_HEIGHT = 18;

/** The name a score goes by on paper: its label, else its part's, else the whole choir's. */
function scoreName(score: PrintedScore, labels: SongbookLabels): string {
  return score.label?.trim() || (score.part ? labels.voice(score.part) : labels.wholeChoir);
}

/** The rows a score adds after its song: a full page for each of its pages, or a line saying it could not be read. */
export function scoreRows(
  ctx: LayoutContext,
  songTitle: string,
  score: PrintedScore,
  opened: OpenedScore | undefined,
): Row[] {
  const { frame, labels, measure } = ctx;
  const name = scoreName(score, labels);
  if (!opened || opened.sizes.length === 0) {
    return [
      {
        height: SIZES.footer * 2.2,
        ops: [
          {
            kind: "text",
            text: labels.scoreUnreadable(name),
            x: frame.left,
            dy: SIZES.footer * 0.6,
            font: "italic",
            size: SIZES.footer,
            color: COLORS.muted,
          },
        ],
      },
    ];
  }
  const areaWidth = frame.right - frame.left;
  const areaHeight = frame.bottom - frame.top - CAPTION_HEIGHT;
  return opened.sizes.map((size, index): Row => {
    const scale = Math.min(areaWidth / size.width, areaHeight / size.height);
    const width = size.width * scale;
    const height = size.height * scale;
    const box = { x: frame.left + (areaWidth - width) / 2, dy: CAPTION_HEIGHT, width, height };
    const caption = labels.scoreCaption(songTitle, name, index + 1, opened.sizes.length);
    const ops: DrawOp[] = [
      {
        kind: "text",
        text: fitText(caption, areaWidth, (text) => measure(text, "regular", SIZES.footer)),
        x: frame.left,
        dy: 0,
        font: "regular",
        size: SIZES.footer,
        color: COLORS.muted,
      },
    ];
    for (const marking of score.markings) {
      if (marking.page === index + 1) ops.push(...markingOps(marking, box, ctx));
    }
    return { height: frame.bottom - frame.top, ops, score: { id: score.id, page: index + 1, box } };
  });
}

/** A caption cut to the width, with an ellipsis, so a long title never runs off the page. */
function fitText(text: string, width: number, measure: (text: string) => number): string {
  if (measure(text) <= width) return text;
  const letters = Array.from(text);
  while (letters.length > 1 && measure(`${letters.join("")}…`) > width) letters.pop();
  return `${letters.join("")}…`;
}

type Box = { x: number; dy: number; width: number; height: number };

/** One marking as drawing operations in the page's box, as the reader's screen draws it. */
function markingOps(marking: PrintedMarking, box: Box, ctx: LayoutContext): DrawOp[] {
  const size = { width: box.width, height: box.height };
  if (marking.kind !== "text") {
    const data = marking.data as StrokeData;
    const d = strokePath(data, size, marking.kind === "highlight");
    if (!d) return [];
    return [
      {
        kind: "path",
        x: box.x,
        dy: box.dy,
        d,
        fill: ink(data.color),
        opacity: marking.kind === "highlight" ? HIGHLIGHT_OPACITY : undefined,
      },
    ];
  }
  const data = marking.data as TextData;
  const x = data.x * box.width;
  const y = data.y * box.height;
  const h = Math.max(6, data.size * box.height);
  const color = ink(data.color);
  if (data.stamp === "breath")
    return [{ kind: "path", x: box.x, dy: box.dy, d: breathPath(x, y, h), fill: color }];
  if (data.stamp === "fermata") {
    const fermata = fermataShape(x, y, h);
    const { dot } = fermata;
    return [
      { kind: "path", x: box.x, dy: box.dy, d: fermata.arc, stroke: color, lineWidth: fermata.lineWidth / 2 },
      {
        kind: "path",
        x: box.x,
        dy: box.dy,
        d: `M${dot.x - dot.r / 2} ${dot.y} a${dot.r / 2} ${dot.r / 2} 0 1 0 ${dot.r} 0 a${dot.r / 2} ${dot.r / 2} 0 1 0 ${-dot.r} 0`,
        fill: color,
      },
    ];
  }
  const words = data.stamp ? STAMP_TEXT[data.stamp] : data.text;
  const font = data.stamp ? "italic" : "bold";
  const width = ctx.measure(words, font, h);
  // Centred on its point, as on screen; pdfkit places text by its top.
  return [
    { kind: "text", text: words, x: box.x + x - width / 2, dy: box.dy + y - h * 0.6, font, size: h, color },
  ];
}

const ink = (color: MarkingColor | undefined) => MARKING_INK[color ?? "red"] ?? MARKING_INK.red;

/** Where each score page goes: the file's page index and the box, in PDF points from the page's top. */
export interface ScoreSlot {
  pageIndex: number;
  id: string;
  page: number;
  box: { x: number; y: number; width: number; height: number };
}

export function scoreSlots(plan: SongbookPlan): ScoreSlot[] {
  const slots: ScoreSlot[] = [];
  plan.pages.forEach((rows, pageIndex) => {
    for (const { y, row } of rows) {
      if (!row.score) continue;
      const { box } = row.score;
      slots.push({
        pageIndex,
        id: row.score.id,
        page: row.score.page,
        box: { x: box.x, y: y + box.dy, width: box.width, height: box.height },
      });
    }
  });
  return slots;
}
