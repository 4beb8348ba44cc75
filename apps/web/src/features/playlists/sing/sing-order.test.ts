import type { PlaylistSection } from "@choir/contract";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  classifyGesture,
  durationSeconds,
  type KeyLike,
  pageTurn,
  pageTurnKey,
  preparedIndexes,
  SCROLL_SPEEDS,
  scrollPixelsPerSecond,
  singOrder,
  songSeconds,
  startIndex,
  stepScrollSpeed,
  tapZone,
} from "./sing-order";
import { DEFAULT_SING_SETTINGS, parseSingSettings } from "./sing-settings";

const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, "0")}`;

function section(n: number, order: number, songs: { n: number; order: number }[]): PlaylistSection {
  return {
    id: id(n),
    title: `Section ${n}`,
    order,
    songs: songs.map((song) => ({
      id: id(song.n),
      songId: id(song.n + 500),
      order: song.order,
      key: null,
      note: null,
      originalId: null,
      choirVersionId: null,
      choirKey: null,
      song: null,
    })),
  };
}

describe("sing order", () => {
  it("lists the songs section by section, each section's songs by their order, numbered across the playlist", () => {
    const stops = singOrder({
      sections: [
        section(2, 1, [
          { n: 21, order: 1 },
          { n: 20, order: 0 },
        ]),
        section(1, 0, [{ n: 10, order: 0 }]),
        section(3, 2, []),
        section(4, 3, [{ n: 40, order: 0 }]),
      ],
    });
    expect(stops.map((stop) => [stop.entry.id, stop.sectionTitle, stop.index])).toEqual([
      [id(10), "Section 1", 0],
      [id(20), "Section 2", 1],
      [id(21), "Section 2", 2],
      [id(40), "Section 4", 3],
    ]);
    expect(startIndex(stops, id(21))).toBe(2);
    expect(startIndex(stops, id(99))).toBe(0);
    expect(startIndex(stops, null)).toBe(0);
  });

  it("prepares the song on screen, one behind and two ahead, within the playlist", () => {
    expect(preparedIndexes(0, 12)).toEqual([0, 1, 2]);
    expect(preparedIndexes(5, 12)).toEqual([4, 5, 6, 7]);
    expect(preparedIndexes(11, 12)).toEqual([10, 11]);
    expect(preparedIndexes(0, 1)).toEqual([0]);
  });
});

describe("page turns", () => {
  const screen = { height: 800, scrollHeight: 2000 };

  it("moves a screen (less an overlap) within a song, then to the next song from its start", () => {
    const first = pageTurn(1, { ...screen, top: 0 }, 3, 12);
    expect(first).toEqual({ kind: "scroll", top: 704 });
    expect(pageTurn(1, { ...screen, top: 704 }, 3, 12)).toEqual({ kind: "scroll", top: 1200 });
    expect(pageTurn(1, { ...screen, top: 1200 }, 3, 12)).toEqual({ kind: "song", index: 4, at: "start" });
    expect(pageTurn(1, { ...screen, top: 1200 }, 11, 12)).toEqual({ kind: "none" });
  });

  it("moves back a screen, and at a song's start to the previous song's end", () => {
    expect(pageTurn(-1, { ...screen, top: 1200 }, 3, 12)).toEqual({ kind: "scroll", top: 496 });
    expect(pageTurn(-1, { ...screen, top: 300 }, 3, 12)).toEqual({ kind: "scroll", top: 0 });
    expect(pageTurn(-1, { ...screen, top: 0 }, 3, 12)).toEqual({ kind: "song", index: 2, at: "end" });
    expect(pageTurn(-1, { ...screen, top: 0 }, 0, 12)).toEqual({ kind: "none" });
  });

  it("a song that fits the screen turns straight to the next one", () => {
    expect(pageTurn(1, { top: 0, height: 800, scrollHeight: 800 }, 0, 2)).toEqual({
      kind: "song",
      index: 1,
      at: "start",
    });
  });

  it("turning forward through any song reaches its end in finitely many screens, never past it", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 4000 }),
        fc.integer({ min: 1, max: 100_000 }),
        (height, extra) => {
          const scrollHeight = height + extra;
          let top = 0;
          for (let turns = 0; turns < 200_000; turns++) {
            const turn = pageTurn(1, { top, height, scrollHeight }, 0, 2);
            if (turn.kind === "song") return true;
            if (turn.kind !== "scroll") return false;
            if (turn.top <= top || turn.top > scrollHeight - height) return false;
            top = turn.top;
          }
          return false;
        },
      ),
    );
  });
});

function key(init: Partial<KeyLike> & { key: string }): KeyLike {
  return { shiftKey: false, altKey: false, ctrlKey: false, metaKey: false, target: null, ...init };
}

describe("page-turn keys", () => {
  it("turns forward with Right, Down, PageDown and Space; back with Left, Up, PageUp and Shift+Space", () => {
    for (const name of ["ArrowRight", "ArrowDown", "PageDown", " "])
      expect(pageTurnKey(key({ key: name }))).toBe(1);
    for (const name of ["ArrowLeft", "ArrowUp", "PageUp"]) expect(pageTurnKey(key({ key: name }))).toBe(-1);
    expect(pageTurnKey(key({ key: " ", shiftKey: true }))).toBe(-1);
    expect(pageTurnKey(key({ key: "Home" }))).toBeNull();
    expect(pageTurnKey(key({ key: "a" }))).toBeNull();
  });

  it("leaves keys with modifiers to the browser", () => {
    expect(pageTurnKey(key({ key: "ArrowRight", altKey: true }))).toBeNull();
    expect(pageTurnKey(key({ key: "ArrowLeft", ctrlKey: true }))).toBeNull();
    expect(pageTurnKey(key({ key: "PageDown", metaKey: true }))).toBeNull();
  });

  it("does not steal keys from fields, sliders, radio groups and dialogs, nor Space from buttons", () => {
    document.body.innerHTML = `
      <input id="field" />
      <textarea id="area"></textarea>
      <div role="radiogroup"><input type="radio" id="radio" /></div>
      <div role="dialog"><span id="in-dialog">x</span></div>
      <div contenteditable="true" id="editable">x</div>
      <button id="button">b</button>
      <main id="stage">s</main>`;
    const at = (selector: string) => document.querySelector(selector);
    for (const selector of ["#field", "#area", "#radio", "#in-dialog", "#editable"]) {
      expect(pageTurnKey(key({ key: "ArrowRight", target: at(selector) })), selector).toBeNull();
      expect(pageTurnKey(key({ key: " ", target: at(selector) })), selector).toBeNull();
    }
    expect(pageTurnKey(key({ key: " ", target: at("#button") }))).toBeNull();
    expect(pageTurnKey(key({ key: "PageDown", target: at("#button") }))).toBe(1);
    expect(pageTurnKey(key({ key: " ", target: at("#stage") }))).toBe(1);
  });
});

describe("gestures", () => {
  it("a long sideways move is a swipe: to the left turns forward, to the right back", () => {
    expect(classifyGesture({ dx: -120, dy: 10, ms: 200 })).toEqual({ kind: "swipe", direction: 1 });
    expect(classifyGesture({ dx: 90, dy: -20, ms: 300 })).toEqual({ kind: "swipe", direction: -1 });
  });

  it("a mostly vertical move is neither a swipe nor a tap (the song scrolls)", () => {
    expect(classifyGesture({ dx: 60, dy: 200, ms: 300 })).toEqual({ kind: "other" });
    expect(classifyGesture({ dx: 30, dy: 0, ms: 100 })).toEqual({ kind: "other" });
  });

  it("a short touch that barely moves is a tap; a long press is not", () => {
    expect(classifyGesture({ dx: 3, dy: -4, ms: 120 })).toEqual({ kind: "tap" });
    expect(classifyGesture({ dx: 0, dy: 0, ms: 900 })).toEqual({ kind: "other" });
  });

  it("taps at the sides turn pages; the middle does not", () => {
    expect(tapZone(10, 400)).toBe(-1);
    expect(tapZone(390, 400)).toBe(1);
    expect(tapZone(200, 400)).toBeNull();
    expect(tapZone(10, 0)).toBeNull();
  });
});

describe("auto-scroll pace", () => {
  it("reads {duration} as seconds, m:ss or h:mm:ss", () => {
    expect(durationSeconds("210")).toBe(210);
    expect(durationSeconds("3:30")).toBe(210);
    expect(durationSeconds(" 1:02:30 ")).toBe(3750);
    expect(durationSeconds("three minutes")).toBeNull();
    expect(durationSeconds("0:00")).toBeNull();
    expect(durationSeconds(undefined)).toBeNull();
  });

  it("takes the song's duration, else its tempo and length, else its length", () => {
    expect(songSeconds({ duration: "4:00", tempo: "120" }, 40)).toBe(240);
    // Two bars of four a line at 96 beats a minute: five seconds a line.
    expect(songSeconds({ tempo: "96" }, 36)).toBe(180);
    expect(songSeconds({}, 36)).toBe(180);
    // A very short song still scrolls slowly enough to read.
    expect(songSeconds({}, 1)).toBe(20);
    expect(songSeconds({ tempo: "fast" }, 10)).toBe(50);
  });

  it("spreads the part below the first screen over the song's time, times the speed", () => {
    expect(scrollPixelsPerSecond({ top: 0, height: 500, scrollHeight: 2300 }, 180, 1)).toBe(10);
    expect(scrollPixelsPerSecond({ top: 0, height: 500, scrollHeight: 2300 }, 180, 2)).toBe(20);
    expect(scrollPixelsPerSecond({ top: 0, height: 500, scrollHeight: 400 }, 180, 1)).toBe(0);
  });

  it("steps the speed through the list and stops at either end", () => {
    expect(stepScrollSpeed(1, 1)).toBe(1.25);
    expect(stepScrollSpeed(1, -1)).toBe(0.8);
    expect(stepScrollSpeed(SCROLL_SPEEDS[0], -1)).toBe(SCROLL_SPEEDS[0]);
    expect(stepScrollSpeed(2, 1)).toBe(2);
  });
});

describe("sing settings", () => {
  it("keeps what is valid and takes the default for anything else", () => {
    expect(parseSingSettings(null)).toEqual(DEFAULT_SING_SETTINGS);
    expect(parseSingSettings("not json")).toEqual(DEFAULT_SING_SETTINGS);
    expect(parseSingSettings("[1,2]")).toEqual(DEFAULT_SING_SETTINGS);
    expect(
      parseSingSettings(
        JSON.stringify({
          fontSize: "small",
          isLyricsOnly: true,
          scheme: "stage",
          isAutoScroll: true,
          scrollSpeed: 1.5,
          isScoreShown: false,
          scoreTurns: "half",
        }),
      ),
    ).toEqual({
      fontSize: "small",
      isLyricsOnly: true,
      scheme: "stage",
      isAutoScroll: true,
      scrollSpeed: 1.5,
      isScoreShown: false,
      scoreTurns: "half",
    });
    expect(
      parseSingSettings(
        JSON.stringify({
          fontSize: "huge",
          isLyricsOnly: "yes",
          scheme: "neon",
          isAutoScroll: 1,
          scrollSpeed: 7,
          isScoreShown: "no",
          scoreTurns: "quarter",
        }),
      ),
    ).toEqual(DEFAULT_SING_SETTINGS);
  });
});
