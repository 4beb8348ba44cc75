import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { MAX_RENDERED_LINES, RENDERED_LINE_CHORDS, RENDERED_LINE_WIDTH, renderedLineCount } from "./bounds";
import {
  detectFormat,
  formatSheetChords,
  lyricsOnly,
  parseSong,
  type SongFormat,
  transposeSheet,
} from "./index";
import type { SongSheet } from "./types";

/** The longest song text the app stores (LIMITS.songContentMax). */
const LONGEST_SONG = 100_000;
/** Parsing or detecting the format of any song the app can store takes less than this. */
const TIME_LIMIT_MS = 1000;

function timed<T>(run: () => T): { value: T; ms: number } {
  const start = Date.now();
  const value = run();
  return { value, ms: Date.now() - start };
}

/** What a renderer has to draw, counted without the package's own measure. */
function outputSize(sheet: SongSheet) {
  let lines = 0;
  let pairs = 0;
  let marks = 0;
  let characters = 0;
  for (const section of sheet.sections) {
    for (const line of section.lines) {
      lines++;
      if (line.kind === "lyrics") {
        pairs += line.pairs.length;
        for (const pair of line.pairs) {
          characters += (pair.chord?.length ?? 0) + (pair.annotation?.length ?? 0) + pair.lyric.length;
          if (pair.chord) marks++;
          if (pair.annotation !== undefined) marks++;
        }
      } else if (line.kind !== "empty") {
        characters += line.text.length;
      }
    }
  }
  return { sections: sheet.sections.length, lines, pairs, marks, characters };
}

/** The bound every parsed song keeps, checked independently of how the parser counts. */
function expectBounded(sheet: SongSheet) {
  const size = outputSize(sheet);
  expect(size.sections + size.lines).toBeLessThanOrEqual(MAX_RENDERED_LINES);
  expect(size.characters).toBeLessThanOrEqual(MAX_RENDERED_LINES * RENDERED_LINE_WIDTH);
  expect(size.marks).toBeLessThanOrEqual(MAX_RENDERED_LINES * RENDERED_LINE_CHORDS);
  // A pair without a chord or annotation holds at least one character of lyrics.
  expect(size.pairs).toBeLessThanOrEqual(size.marks + size.characters);
  expect(renderedLineCount(sheet)).toBeLessThanOrEqual(MAX_RENDERED_LINES);
}

const FORMATS: SongFormat[] = ["auto", "chordpro", "chords-over-words", "ultimate-guitar"];

/** Detects the format and parses the text in every format, each within the time limit and the bound. */
function expectFastAndBounded(text: string) {
  const detection = timed(() => detectFormat(text));
  expect(detection.ms, "format detection").toBeLessThan(TIME_LIMIT_MS);
  for (const format of FORMATS) {
    const parse = timed(() => parseSong(text, { format }));
    expect(parse.ms, `parsing as ${format}`).toBeLessThan(TIME_LIMIT_MS);
    expectBounded(parse.value);
  }
}

const chorusOf = (lines: number) =>
  `{start_of_chorus}\n${"[G]Glo[C]ry, [D]glo[G]ry\n".repeat(lines)}{end_of_chorus}\n`;

describe("linear parsing", () => {
  it("detects the format of 40,000 blank lines at once", () => {
    for (const blank of ["\r\n".repeat(40_000), "\n".repeat(LONGEST_SONG), " \n".repeat(LONGEST_SONG / 2)]) {
      const { value, ms } = timed(() => detectFormat(blank));
      expect(value).toBe("chordpro");
      expect(ms).toBeLessThan(TIME_LIMIT_MS);
      expectFastAndBounded(blank);
    }
  });

  it("detects the format of many unclosed section headers at once", () => {
    const text = "[verse\n\n\n\n\n\n\n".repeat(LONGEST_SONG / 13);
    expectFastAndBounded(text);
  });

  it("still finds an Ultimate Guitar header after many lines", () => {
    const text = `${"la la la\n".repeat(5_000)}\n[Chorus]\nsing\n`;
    expect(detectFormat(text)).toBe("chords-over-words");
    expect(detectFormat("[Verse 1]\nAmazing grace\n")).toBe("chords-over-words");
    expect(detectFormat("[Verse 1\n]Amazing grace\n")).toBe("chordpro");
  });

  it("reads a line of 100,000 brackets after a chord at once", () => {
    for (const text of [`[C] a${"[".repeat(LONGEST_SONG)}`, `[C] a${"[]".repeat(LONGEST_SONG / 2)}`]) {
      expectFastAndBounded(text);
    }
  });

  it("reads huge lines of every kind at once", () => {
    const huge = (piece: string) => piece.repeat(Math.floor(LONGEST_SONG / piece.length));
    for (const piece of [
      "[",
      "]",
      "{",
      "}",
      "[C]",
      "[*",
      "{c: ",
      "{chorus}",
      "C ",
      "a ",
      "\t",
      "_",
      "{key: C",
      " ",
    ]) {
      expectFastAndBounded(huge(piece));
      expectFastAndBounded(`{start_of_tab}\n${huge(piece)}`);
    }
    expectFastAndBounded(`{key: C${" ".repeat(LONGEST_SONG)}x}\n[C]la`);
  });

  it("reads thousands of distinct tags at once", () => {
    const text = Array.from({ length: 12_000 }, (_, index) => `{tag: ${index}}`).join("\n");
    const { value, ms } = timed(() => parseSong(text));
    expect(ms).toBeLessThan(TIME_LIMIT_MS);
    expect(value.metadata.tags).toHaveLength(12_000);
  });
});

describe("bounded output", () => {
  it("bounds a 90 KB song of chorus recalls", () => {
    const chorus = chorusOf(100);
    const text = chorus + "{chorus}\n".repeat(Math.floor((90_000 - chorus.length) / 9));
    expect(text.length).toBeGreaterThan(85_000);
    const { value: sheet, ms } = timed(() => parseSong(text));
    expect(ms).toBeLessThan(TIME_LIMIT_MS);
    expect(sheet.truncated).toBe(true);
    expectBounded(sheet);
    // What is shown is the start of the song, whole: the chorus, then as many recalls as fit.
    expect(sheet.sections[0]?.lines).toHaveLength(100);
    expect(sheet.sections[1]?.recall).toBe(true);
    expect(sheet.sections[1]?.lines).toEqual(sheet.sections[0]?.lines);
    expect(outputSize(sheet).lines).toBeGreaterThan(MAX_RENDERED_LINES * 0.9);
  });

  it("bounds recalls of a chorus made of one enormous line", () => {
    const chorus = `{soc}\n${"[C]".repeat(3_000)}\n{eoc}\n`;
    const text = chorus + "{chorus}\n".repeat(9_000);
    const { value: sheet, ms } = timed(() => parseSong(text));
    expect(ms).toBeLessThan(TIME_LIMIT_MS);
    expect(sheet.truncated).toBe(true);
    expectBounded(sheet);
  });

  it("bounds recalls with no chorus before them", () => {
    const sheet = parseSong("{chorus}\n".repeat(11_000));
    expect(sheet.truncated).toBe(true);
    expectBounded(sheet);
  });

  it("bounds long texts in every format", () => {
    for (const format of FORMATS) {
      const sheet = parseSong("la\n\n".repeat(LONGEST_SONG / 4), { format });
      expect(sheet.truncated, format).toBe(true);
      expectBounded(sheet);
    }
    const chordLines = parseSong("G C D\nsing to the Lord\n".repeat(6_000));
    expect(chordLines.truncated).toBe(true);
    expectBounded(chordLines);
  });

  it("converts chords-over-words lines inside ChordPro at once and within the bound", () => {
    const verses = "G    D/F#\nGloria, aleluya\n".repeat(6_000);
    const pasted = `{title: Gloria}\nIntro: ${"C G ".repeat(LONGEST_SONG / 8)}\n${verses}`;
    expectFastAndBounded(pasted);
    const sheet = parseSong(pasted);
    expect(sheet.truncated).toBe(true);
    expect(renderedLineCount(sheet)).toBeLessThanOrEqual(MAX_RENDERED_LINES);
    expectFastAndBounded(`{key: C}\n${`${"C ".repeat(LONGEST_SONG / 4)}\n`.repeat(2)}`);
  });

  it("counts blank lines inside a section as rendered lines, but not the ones a section ends with", () => {
    const gap = parseSong(`{sov}\n[G]one\n${"\n".repeat(MAX_RENDERED_LINES)}[G]two\n{eov}`);
    expect(gap.truncated).toBe(true);
    expectBounded(gap);
    const trailing = parseSong(`{sov}\n[G]one\n${"\n".repeat(MAX_RENDERED_LINES)}{eov}\n[C]after`);
    expect(trailing.truncated).toBeUndefined();
    expect(trailing.sections).toHaveLength(2);
  });

  it("leaves a long song under the bound whole", () => {
    const text = Array.from({ length: 20 }, () => chorusOf(50)).join("\n{chorus}\n");
    const sheet = parseSong(text);
    expect(sheet.truncated).toBeUndefined();
    expect(outputSize(sheet).lines).toBe(20 * 50 + 19 * 50);
    expect(renderedLineCount(sheet)).toBeLessThanOrEqual(MAX_RENDERED_LINES);
  });

  it("keeps the truncated flag through transposition, Do-Re-Mi names and the lyrics-only view", () => {
    const sheet = parseSong("{chorus}\n".repeat(11_000));
    expect(transposeSheet(sheet, 3).truncated).toBe(true);
    expect(formatSheetChords(sheet, { notation: "solfege" }).truncated).toBe(true);
    expect(lyricsOnly(sheet).truncated).toBe(true);
  });
});

// ── Properties: any text the app can store parses in linear time into a bounded sheet ───────────────────────

const HOSTILE_PIECES = [
  "\n",
  "\r\n",
  "\r",
  " \n",
  "\t",
  "{chorus}\n",
  "{chorus: Again}\n",
  "{soc}\n",
  "{eoc}\n",
  "{start_of_verse}\n",
  "{end_of_verse}\n",
  "{sot}\n",
  "{tag: x}\n",
  "{key: C",
  "{",
  "}",
  "[",
  "]",
  "[C]",
  "[G]la ",
  "[*",
  "[verse",
  "[Verse 1]\n",
  "G C D\n",
  "Title: x\n",
  "_",
  " ",
  "la ",
  "#",
];

const hostilePiece = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...HOSTILE_PIECES) },
  { weight: 1, arbitrary: fc.string({ unit: "binary", maxLength: 12 }) },
);
/** Hostile ChordPro: a few pieces, each repeated up to tens of thousands of times. */
const hostileText = fc
  .array(fc.tuple(hostilePiece, fc.integer({ min: 1, max: 50_000 })), { minLength: 1, maxLength: 12 })
  .map((parts) =>
    parts
      .map(([piece, times]) => piece.repeat(times))
      .join("")
      .slice(0, LONGEST_SONG),
  );
const anyText = fc.oneof(
  fc.string({ unit: "binary", maxLength: LONGEST_SONG }),
  fc.string({ unit: "grapheme", maxLength: LONGEST_SONG / 4 }),
  fc.string({ unit: fc.constantFrom(..."[]{}:\n\r \t*#abcCGD".split("")), maxLength: LONGEST_SONG }),
);

describe("properties", () => {
  it("any text of up to 100,000 characters is read in under a second into a bounded sheet", () => {
    fc.assert(fc.property(anyText, expectFastAndBounded), { numRuns: 40 });
  }, 120_000);

  it("hostile ChordPro of up to 100,000 characters is read in under a second into a bounded sheet", () => {
    fc.assert(fc.property(hostileText, expectFastAndBounded), { numRuns: 80 });
  }, 120_000);
});
