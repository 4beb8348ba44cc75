// @vitest-environment node
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { pagePoint, strokePath, thinPoints } from "./marking-geometry";

describe("marking geometry", () => {
  it("keeps a point as a fraction of the page, inside it, whatever size the page is drawn at", () => {
    fc.assert(
      fc.property(
        fc.double({ min: -500, max: 3000, noNaN: true }),
        fc.double({ min: -500, max: 3000, noNaN: true }),
        fc.integer({ min: 100, max: 2500 }),
        fc.integer({ min: 100, max: 2500 }),
        (x, y, width, height) => {
          const [px, py, pressure] = pagePoint(x, y, { width, height }, undefined);
          expect(px).toBeGreaterThanOrEqual(0);
          expect(px).toBeLessThanOrEqual(1);
          expect(py).toBeGreaterThanOrEqual(0);
          expect(py).toBeLessThanOrEqual(1);
          expect(pressure).toBe(0.5);
        },
      ),
    );
    expect(pagePoint(300, 200, { width: 600, height: 800 }, 0.8)).toEqual([0.5, 0.25, 0.8]);
  });

  it("lands on the same place of the page at another zoom", () => {
    const small = pagePoint(120, 90, { width: 400, height: 600 }, 0.5);
    const large = pagePoint(360, 270, { width: 1200, height: 1800 }, 0.5);
    expect(small).toEqual(large);
  });

  it("thins a stroke's points and keeps its end", () => {
    const points: [number, number, number][] = Array.from({ length: 100 }, (_, i) => [
      0.1 + i * 0.0001,
      0.5,
      0.5,
    ]);
    const thinned = thinPoints(points);
    expect(thinned.length).toBeLessThan(10);
    expect(thinned[0]).toEqual(points[0]);
    expect(thinned[thinned.length - 1]).toEqual(points[99]);
  });

  it("draws a stroke as a closed path scaled to the page's drawn size", () => {
    const stroke = {
      points: [
        [0.1, 0.1, 0.5],
        [0.5, 0.5, 0.5],
      ] as [number, number, number][],
      width: 0.01,
    };
    const path = strokePath(stroke, { width: 1000, height: 1000 }, false);
    expect(path.startsWith("M")).toBe(true);
    expect(path.endsWith("Z")).toBe(true);
    const xs = [...path.matchAll(/[ML](-?[\d.]+) (-?[\d.]+)/g)].map((m) => Number(m[1]));
    expect(Math.max(...xs)).toBeGreaterThan(480);
    expect(Math.min(...xs)).toBeLessThan(120);
  });
});
