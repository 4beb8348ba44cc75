/**
 * What a score reader shows at each turn (plain functions, no drawing): whole pages one at a time; half-page turns as
 * on a music stand, where between two pages the upper half shows the next page's top while the lower half still shows
 * the last page's bottom, so a singer reads on without a jump; or two pages side by side on a landscape tablet.
 */

export type ScoreMode = "page" | "half" | "two";
export type ScoreFit = "page" | "width";

/** One part of a view: a page drawn whole, or only its upper or lower half. */
export interface ViewSlot {
  page: number;
  part: "whole" | "top" | "bottom";
}

/** A view: what is on screen between two turns, its slots from top to bottom (or left to right for two pages). */
export interface ScoreView {
  slots: ViewSlot[];
  /** The page a reader is said to be on (the one coming in, on a half turn). */
  page: number;
}

export function viewCount(pages: number, mode: ScoreMode): number {
  if (pages <= 0) return 0;
  if (mode === "half") return pages * 2 - 1;
  if (mode === "two") return Math.ceil(pages / 2);
  return pages;
}

/** The view at `index` (clamped into the score). */
export function viewAt(index: number, pages: number, mode: ScoreMode): ScoreView {
  const at = Math.min(Math.max(0, Math.floor(index)), Math.max(0, viewCount(pages, mode) - 1));
  if (mode === "two") {
    const left = at * 2 + 1;
    const slots: ViewSlot[] = [{ page: left, part: "whole" }];
    if (left + 1 <= pages) slots.push({ page: left + 1, part: "whole" });
    return { slots, page: left };
  }
  if (mode === "half") {
    if (at % 2 === 0) return { slots: [{ page: at / 2 + 1, part: "whole" }], page: at / 2 + 1 };
    const coming = (at + 1) / 2 + 1;
    return {
      slots: [
        { page: coming, part: "top" },
        { page: coming - 1, part: "bottom" },
      ],
      page: coming,
    };
  }
  return { slots: [{ page: at + 1, part: "whole" }], page: at + 1 };
}

/** The view that shows `page` whole (or first, for two pages side by side). */
export function viewOfPage(page: number, pages: number, mode: ScoreMode): number {
  const p = Math.min(Math.max(1, Math.floor(page)), Math.max(1, pages));
  if (mode === "half") return (p - 1) * 2;
  if (mode === "two") return Math.floor((p - 1) / 2);
  return p - 1;
}

/** The next view in `direction` (1 forward, -1 back), or null past either end of the score. */
export function turnView(index: number, direction: 1 | -1, pages: number, mode: ScoreMode): number | null {
  const next = index + direction;
  return next < 0 || next >= viewCount(pages, mode) ? null : next;
}

/**
 * The scale a page is drawn at in a box: its whole page inside the box, or the box's width (the page then scrolls).
 * Two pages side by side share the width.
 */
export function fitScale(
  page: { width: number; height: number },
  box: { width: number; height: number },
  fit: ScoreFit,
  across = 1,
): number {
  if (page.width <= 0 || page.height <= 0 || box.width <= 0) return 1;
  const width = box.width / across;
  if (fit === "width" || box.height <= 0) return width / page.width;
  return Math.min(width / page.width, box.height / page.height);
}

/** Two pages side by side where the box is a landscape tablet's or wider; else one at a time. */
export function defaultMode(box: { width: number; height: number }): ScoreMode {
  return box.width >= 1024 && box.width > box.height ? "two" : "page";
}

/** Where a reader is, told to followers as a part of the whole score (0 at its first page), and back. */
export function pagePosition(page: number, pages: number): number {
  return pages <= 0 ? 0 : (Math.min(Math.max(1, page), pages) - 0.5) / pages;
}

export function pageFromPosition(position: number, pages: number): number {
  return Math.min(pages, Math.max(1, Math.floor(position * pages) + 1));
}
