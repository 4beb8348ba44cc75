import { describe, expect, it } from "vitest";
import {
  clampTempo,
  correction,
  formatTime,
  loopJump,
  myPartMix,
  OTHERS_VOLUME,
  type PlayerKey,
  playerKey,
  setLoopA,
  setLoopB,
  stepTempo,
} from "./practice";

describe("drift correction", () => {
  it("leaves a track within 20 ms alone", () => {
    expect(correction(0.015, 1, false)).toEqual({ kind: "none" });
    expect(correction(-0.019, 0.75, false)).toEqual({ kind: "none" });
  });

  it("slows a track that runs ahead and speeds one that lags, around the tempo", () => {
    const ahead = correction(0.03, 0.75, false);
    const behind = correction(-0.03, 0.75, false);
    expect(ahead.kind).toBe("rate");
    expect(behind.kind).toBe("rate");
    if (ahead.kind === "rate" && behind.kind === "rate") {
      expect(ahead.rate).toBeLessThan(0.75);
      expect(behind.rate).toBeGreaterThan(0.75);
      expect(Math.abs(ahead.rate - 0.75)).toBeLessThanOrEqual(0.75 * 0.08 + 1e-9);
    }
  });

  it("keeps nudging until the track is within 6 ms, then lets go", () => {
    expect(correction(0.01, 1, true).kind).toBe("rate");
    expect(correction(0.01, 1, false).kind).toBe("none");
    expect(correction(0.004, 1, true).kind).toBe("none");
  });

  it("moves a track more than 45 ms away at once", () => {
    expect(correction(0.05, 1, false)).toEqual({ kind: "seek" });
    expect(correction(-2, 1, true)).toEqual({ kind: "seek" });
  });
});

describe("tempo", () => {
  it("steps by 5 % within 50–150 %", () => {
    expect(stepTempo(1, -1)).toBe(0.95);
    expect(stepTempo(0.8, -1)).toBe(0.75);
    expect(stepTempo(0.5, -1)).toBe(0.5);
    expect(stepTempo(1.5, 1)).toBe(1.5);
    expect(clampTempo(0.77)).toBe(0.75);
    expect(clampTempo(3)).toBe(1.5);
  });
});

describe("A–B loop", () => {
  it("jumps back to A once playback reaches B", () => {
    const loop = setLoopB(setLoopA({ a: null, b: null }, 2), 4);
    expect(loop).toEqual({ a: 2, b: 4 });
    expect(loopJump(loop, 3.9)).toBeNull();
    expect(loopJump(loop, 4.01)).toBe(2);
  });

  it("takes the start as A when B comes first, and refuses a B before A", () => {
    expect(setLoopB({ a: null, b: null }, 3)).toEqual({ a: 0, b: 3 });
    const loop = { a: 5, b: null };
    expect(setLoopB(loop, 4)).toBe(loop);
    expect(setLoopB(loop, 5.2)).toBe(loop);
  });

  it("drops B when a new A comes after it", () => {
    expect(setLoopA({ a: 1, b: 4 }, 6)).toEqual({ a: 6, b: null });
    expect(setLoopA({ a: 1, b: 4 }, 2)).toEqual({ a: 2, b: 4 });
  });

  it("does not loop with only A", () => {
    expect(loopJump({ a: 2, b: null }, 100)).toBeNull();
  });
});

describe("the my-part mix", () => {
  const tracks = [
    { id: "mix", part: "all" },
    { id: "s", part: "Soprano" },
    { id: "a", part: "Alto" },
  ];

  it("puts the singer's part at full volume and the others at a quarter", () => {
    expect(myPartMix(tracks, "Alto")).toEqual({ mix: OTHERS_VOLUME, s: OTHERS_VOLUME, a: 1 });
  });

  it("matches by family, as the sheet does: a first soprano's part is the soprano track", () => {
    expect(myPartMix(tracks, "S1")).toEqual({ mix: OTHERS_VOLUME, s: 1, a: OTHERS_VOLUME });
  });

  it("has no mix when no track is the singer's, or they have no part", () => {
    expect(myPartMix(tracks, "Tenor")).toBeNull();
    expect(myPartMix(tracks, null)).toBeNull();
  });
});

describe("player keys", () => {
  const root = document.createElement("section");
  const button = document.createElement("button");
  const slider = document.createElement("div");
  slider.setAttribute("role", "slider");
  const input = document.createElement("input");
  root.append(button, slider, input);
  const key = (k: string, target: Element, extra: Partial<PlayerKey> = {}): PlayerKey => ({
    key: k,
    altKey: false,
    ctrlKey: false,
    metaKey: false,
    target,
    currentTarget: root,
    ...extra,
  });

  it("maps Space, the arrows, [ ] and + − on the player", () => {
    expect(playerKey(key(" ", root))).toEqual({ kind: "toggle" });
    expect(playerKey(key("ArrowLeft", root))).toEqual({ kind: "seekBy", seconds: -5 });
    expect(playerKey(key("ArrowRight", root))).toEqual({ kind: "seekBy", seconds: 5 });
    expect(playerKey(key("[", root))).toEqual({ kind: "loopA" });
    expect(playerKey(key("]", root))).toEqual({ kind: "loopB" });
    expect(playerKey(key("+", root))).toEqual({ kind: "tempo", step: 1 });
    expect(playerKey(key("-", root))).toEqual({ kind: "tempo", step: -1 });
  });

  it("leaves Space to a focused button, arrows to a slider and every key to a field", () => {
    expect(playerKey(key(" ", button))).toBeNull();
    expect(playerKey(key("ArrowLeft", button))).toEqual({ kind: "seekBy", seconds: -5 });
    expect(playerKey(key("ArrowRight", slider))).toBeNull();
    expect(playerKey(key(" ", slider))).toEqual({ kind: "toggle" });
    for (const k of [" ", "ArrowLeft", "[", "+"]) expect(playerKey(key(k, input)), k).toBeNull();
  });

  it("leaves keys with Ctrl, Alt or Meta to the browser", () => {
    expect(playerKey(key("ArrowLeft", root, { altKey: true }))).toBeNull();
    expect(playerKey(key("+", root, { ctrlKey: true }))).toBeNull();
  });
});

describe("time", () => {
  it("reads as m:ss or h:mm:ss", () => {
    expect(formatTime(0)).toBe("0:00");
    expect(formatTime(65.9)).toBe("1:05");
    expect(formatTime(3725)).toBe("1:02:05");
    expect(formatTime(Number.NaN)).toBe("0:00");
  });
});
