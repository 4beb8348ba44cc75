import type { DrawnPageSize as PageSize } from "@choir/contract";

export { type DrawnPageSize as PageSize, MARKING_INK, STAMP_TEXT, strokePath } from "@choir/contract";

/**
 * Markings are kept relative to the page (fractions of its width and height, decision 0115) and drawn at whatever size
 * the page is shown: these functions turn one into the other.
 */

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
