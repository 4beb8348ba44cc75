// @vitest-environment node
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  defaultMode,
  fitScale,
  pageFromPosition,
  pagePosition,
  type ScoreMode,
  turnView,
  viewAt,
  viewCount,
  viewOfPage,
} from "./score-pages";

const modes: ScoreMode[] = ["page", "half", "two"];

describe("score pages", () => {
  it("turns half pages as on a music stand: the next page's top over the last page's bottom", () => {
    const views = Array.from({ length: viewCount(3, "half") }, (_, i) => viewAt(i, 3, "half").slots);
    expect(views).toEqual([
      [{ page: 1, part: "whole" }],
      [
        { page: 2, part: "top" },
        { page: 1, part: "bottom" },
      ],
      [{ page: 2, part: "whole" }],
      [
        { page: 3, part: "top" },
        { page: 2, part: "bottom" },
      ],
      [{ page: 3, part: "whole" }],
    ]);
  });

  it("shows two pages side by side, the last alone when the count is odd", () => {
    expect(viewAt(0, 3, "two").slots.map((s) => s.page)).toEqual([1, 2]);
    expect(viewAt(1, 3, "two").slots.map((s) => s.page)).toEqual([3]);
  });

  it("shows every page whole in some view, in order, in every mode", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 60 }), fc.constantFrom(...modes), (pages, mode) => {
        const shown: number[] = [];
        for (let i = 0; i < viewCount(pages, mode); i += 1)
          for (const slot of viewAt(i, pages, mode).slots) if (slot.part === "whole") shown.push(slot.page);
        expect(shown).toEqual(Array.from({ length: pages }, (_, i) => i + 1));
        for (let page = 1; page <= pages; page += 1) {
          const view = viewAt(viewOfPage(page, pages, mode), pages, mode);
          expect(view.slots.some((slot) => slot.page === page && slot.part === "whole")).toBe(true);
        }
      }),
    );
  });

  it("turns forward and back as inverses inside the score, and stops at its ends", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 60 }),
        fc.constantFrom(...modes),
        fc.nat(200),
        (pages, mode, seed) => {
          const count = viewCount(pages, mode);
          const index = seed % count;
          const next = turnView(index, 1, pages, mode);
          if (next !== null) expect(turnView(next, -1, pages, mode)).toBe(index);
          else expect(index).toBe(count - 1);
          if (index === 0) expect(turnView(0, -1, pages, mode)).toBeNull();
        },
      ),
    );
  });

  it("fits a page whole or to the width, two pages sharing the width", () => {
    const a4 = { width: 595, height: 842 };
    expect(fitScale(a4, { width: 595, height: 421 }, "page")).toBeCloseTo(0.5);
    expect(fitScale(a4, { width: 595, height: 421 }, "width")).toBeCloseTo(1);
    expect(fitScale(a4, { width: 1190, height: 2000 }, "page", 2)).toBeCloseTo(1);
  });

  it("takes two pages on a landscape tablet, one on a phone or a portrait tablet", () => {
    expect(defaultMode({ width: 1366, height: 1024 })).toBe("two");
    expect(defaultMode({ width: 390, height: 844 })).toBe("page");
    expect(defaultMode({ width: 1024, height: 1366 })).toBe("page");
  });

  it("tells a page as a position and reads the same page back", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 200 }), fc.nat(199), (pages, seed) => {
        const page = (seed % pages) + 1;
        expect(pageFromPosition(pagePosition(page, pages), pages)).toBe(page);
      }),
    );
  });
});
