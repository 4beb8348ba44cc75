import { describe, expect, it } from "vitest";
import { random } from "../search/corpus.js";
import { heapTrend, heapTrendBeyondLibrary, libraryBytesPerSong, slope } from "./mix.js";

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

  /** Readings of a library growing by `songsASecond` from 100,000 songs, each song taking `bytesASong`. */
  const growing = (songsASecond: number, bytesASong: number, leakASecond = 0) =>
    readings((s) => 300 * MB + songsASecond * s * bytesASong + leakASecond * s).map((reading) => ({
      ...reading,
      songs: 100_000 + Math.round(songsASecond * reading.atS),
    }));

  it("tells the library's growth from a leak: songs written at 15 a second, 900 bytes each", () => {
    const library = growing(15, 900);
    // Judged on the heap alone, the written songs look like a leak…
    expect(heapTrend(library).share).toBeGreaterThan(0.1);
    // …told apart by what a song costs (measured in the run: two fresh servers' heaps), they are not.
    const perSong = libraryBytesPerSong(
      { bytes: 200 * MB, songs: 100_000 },
      { bytes: 200 * MB + 7_200 * 900, songs: 107_200 },
    );
    expect(perSong).toBeCloseTo(900);
    expect(heapTrendBeyondLibrary(library, perSong).share).toBeLessThanOrEqual(0.1);
  });

  it("still catches a slow leak beside the library's growth", () => {
    const leaking = growing(15, 900, 200 * 500);
    expect(heapTrendBeyondLibrary(leaking, 900).share).toBeGreaterThan(0.1);
  });

  it("counts nothing for a library that did not grow", () => {
    expect(libraryBytesPerSong({ bytes: 200 * MB, songs: 10 }, { bytes: 210 * MB, songs: 10 })).toBe(0);
  });
});
