import { getStroke } from "perfect-freehand";
import type { MarkingColor, MarkingStamp, StrokeData } from "./scores.js";

/**
 * How a marking looks, the same wherever it is drawn (a reader's screen, sing mode, a printed songbook): its colours,
 * what a stamp says, and a stroke's outline (decision 0115). Markings are kept relative to the page; these take the
 * size the page is drawn at.
 */

/** A page's drawn size, in whatever units it is drawn in (CSS pixels on screen, points in a PDF). */
export interface DrawnPageSize {
  width: number;
  height: number;
}

/** The colours of markings as drawn (graphite as a pencil's grey). */
export const MARKING_INK: Record<MarkingColor, string> = {
  graphite: "#3b3b3b",
  red: "#c92a2a",
  blue: "#1864ab",
  green: "#2b8a3e",
  yellow: "#f5c400",
};

/** A highlighter's see-through ink. */
export const HIGHLIGHT_OPACITY = 0.35;

/** What a stamp says (dynamics are written as they are; the breath mark and the fermata are drawn, these name them). */
export const STAMP_TEXT: Record<MarkingStamp, string> = {
  breath: ",",
  fermata: "fermata",
  pp: "pp",
  p: "p",
  mp: "mp",
  mf: "mf",
  f: "f",
  ff: "ff",
  cresc: "cresc.",
  dim: "dim.",
};

/** The outline of a stroke at the page's drawn size, as an SVG path (perfect-freehand's shape of a pen's line). */
export function strokePath(
  stroke: Pick<StrokeData, "points" | "width">,
  size: DrawnPageSize,
  isHighlight: boolean,
): string {
  const points = stroke.points.map(([x, y, pressure]) => [x * size.width, y * size.height, pressure]);
  const outline = getStroke(points, {
    size: Math.max(1, stroke.width * size.width),
    thinning: isHighlight ? 0 : 0.5,
    smoothing: 0.5,
    streamline: 0.5,
    simulatePressure: false,
    last: true,
  });
  if (outline.length === 0) return "";
  const [first, ...rest] = outline;
  const d = [`M${first![0].toFixed(1)} ${first![1].toFixed(1)}`];
  for (const [x, y] of rest) d.push(`L${x.toFixed(1)} ${y.toFixed(1)}`);
  d.push("Z");
  return d.join(" ");
}

/** The breath mark (a comma) drawn at (x, y) with letters `h` high, as an SVG path. */
export function breathPath(x: number, y: number, h: number): string {
  return `M${x} ${y - h / 2} a${h * 0.22} ${h * 0.22} 0 1 1 ${h * 0.02} ${h * 0.44} q${h * 0.12} ${h * 0.3} ${-h * 0.22} ${h * 0.56} q${h * 0.3} ${-h * 0.34} ${h * 0.02} ${-h * 0.56}`;
}

/** The fermata's arc over its dot at (x, y) with letters `h` high: the arc as an SVG path, the dot and the line width. */
export function fermataShape(
  x: number,
  y: number,
  h: number,
): { arc: string; dot: { x: number; y: number; r: number }; lineWidth: number } {
  const w = h * 1.3;
  return {
    arc: `M${x - w / 2} ${y + h * 0.25} A${w / 2} ${w / 2} 0 0 1 ${x + w / 2} ${y + h * 0.25}`,
    dot: { x, y: y + h * 0.1, r: Math.max(2, h * 0.1) },
    lineWidth: Math.max(2, h * 0.14),
  };
}
