import { describe, expect, it } from "vitest";
import { random } from "../search/corpus.js";
import { heapTrend, slope } from "./mix.js";

const MB = 1024 * 1024;

/** Readings every 20 s over 8 minutes of a heap `bytesAt(seconds)`, with up to ±`noise` MB of collector noise. */
function readings(bytesAt: (seconds: number) => number, noise = 3) {
  const rng = random(43);
  return Array.from({ length: 25 }, (_, i) => ({
    atS: i * 20,
    bytes: bytesAt(i * 20) + (rng() * 2 - 1) * noise * MB,
  }));
}

describe("the load benchmark's leak check", () => {
  it("measures a straight line's slope", () => {
    expect(slope([0, 1, 2, 3], [5, 7, 9, 11])).toBeCloseTo(2);
  });

  it("catches a slow leak: 200 bytes a call at 500 calls a second on a 300 MB heap", () => {
    const leak = heapTrend(readings((s) => 300 * MB + 200 * 500 * s));
    expect(leak.share).toBeGreaterThan(0.1);
  });

  it("passes a heap whose caches fill early and then level off, with the collector's noise", () => {
    const settled = heapTrend(readings((s) => 300 * MB + Math.min(s, 120) * 0.5 * MB));
    expect(settled.share).toBeLessThanOrEqual(0.1);
  });
});
