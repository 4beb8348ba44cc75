import type { MarkingColor, MarkingStamp, StrokeData } from "@choir/contract";
import { getStroke } from "perfect-freehand";

/**
 * Markings are kept relative to the page (fractions of its width and height, decision 0115) and drawn at whatever size
 * the page is shown: these functions turn one into the other.
 */

export interface PageSize {
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

/** A point where the pointer is on an element drawn at `size`, as a fraction of the page, kept inside it. */
export function pagePoint(
  x: number,
  y: number,
  size: PageSize,
  pressure: number | undefined,
): [number, number, number] {
  const clamp = (value: number) => Math.min(1, Math.max(0, value));
  const rounded = (value: number) => Math.round(clamp(value) * 10_000) / 10_000;
  // A mouse reports 0 (or 0.5 while pressed); a pen its real pressure.
  const p = pressure === undefined || pressure <= 0 ? 0.5 : pressure;
  return [rounded(x / size.width), rounded(y / size.height), Math.round(clamp(p) * 100) / 100];
}

/** Drops points closer than `min` (a fraction of the page) to the last kept one: a stroke stays small to send. */
export function thinPoints(points: [number, number, number][], min = 0.002): [number, number, number][] {
  const kept: [number, number, number][] = [];
  for (const point of points) {
    const last = kept[kept.length - 1];
    if (!last || Math.hypot(point[0] - last[0], point[1] - last[1]) >= min) kept.push(point);
  }
  const end = points[points.length - 1];
  if (end && kept[kept.length - 1] !== end && kept.length > 0) kept.push(end);
  return kept;
}

/** The outline of a stroke at the page's drawn size, as an SVG path (perfect-freehand's shape of a pen's line). */
export function strokePath(
  stroke: Pick<StrokeData, "points" | "width">,
  size: PageSize,
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
