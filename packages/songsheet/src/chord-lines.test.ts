import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { isChordLine, parseSong, toChordPro } from "./index";
import type { Line, SongSheet } from "./types";

// Chords over words as other tools write them: tabs, chord names this parser does not know, guitar tablature, a
// chord alone on its line. The fixtures are written for these tests (the words are our own).

const cow = (text: string) => parseSong(text, { format: "chords-over-words" });
const lines = (sheet: SongSheet): Line[] => sheet.sections.flatMap((section) => section.lines);
const pairsOf = (line: Line | undefined) =>
  line?.kind === "lyrics" ? line.pairs.map((pair) => [pair.chord, pair.lyric]) : [];

describe("chords over words as other tools write them", () => {
  it("moves a tab to the next multiple of 8 columns", () => {
    // The chord line is indented with a tab and a space: the chord stands over column 9, the "s" of "sing".
    const sheet = cow("\t A7\nRest and sing on\n");
    expect(pairsOf(lines(sheet)[0])).toEqual([
      [null, "Rest and "],
      ["A7", "sing on"],
    ]);
    // A tab after a chord: the next chord at column 8, over the space before the fourth "la".
    expect(pairsOf(lines(cow("G\tD\nla la la la la\n"))[0])).toEqual([
      ["G", "la la la "],
      ["D", "la la"],
    ]);
  });

  it("takes a line whose words are mostly chords as a chord line, keeping the names it does not know as chords", () => {
    expect(isChordLine("G  Bm7sus2  D")).toBe(true);
    expect(isChordLine("A7-9/unk  D  G")).toBe(true);
    expect(isChordLine("G  D  unknown")).toBe(true);
    const sheet = cow("G      unknown   D\nWalk along the river road\n");
    expect(pairsOf(lines(sheet)[0]).map(([chord]) => chord)).toEqual(["G", "unknown", "D"]);
  });

  it("still reads lyric lines with a chord name or two among their words as lyrics", () => {
    expect(isChordLine("Am I the one")).toBe(false);
    expect(isChordLine("A day to sing")).toBe(false);
    expect(isChordLine("G unknown")).toBe(false);
  });

  it("keeps guitar tablature as tablature, never as chords", () => {
    const text = `Intro
e|-----0-----|
B|---1---1---|
G|-2-------2-|
E---1---3---

G        D
Walk along
`;
    const sheet = cow(text);
    const tab = sheet.sections.find((section) => section.type === "tab");
    // The heading above the tablature names it.
    expect(tab?.label).toBe("Intro");
    expect(tab?.lines.map((line) => (line.kind === "tab" ? line.text : line.kind))).toEqual([
      "e|-----0-----|",
      "B|---1---1---|",
      "G|-2-------2-|",
      "E---1---3---",
    ]);
    expect(
      lines(sheet).filter((line) => line.kind === "lyrics" && line.pairs.some((p) => p.chord)),
    ).toHaveLength(1);
    const written = toChordPro(sheet);
    expect(written).toContain("{start_of_tab: Intro}\ne|-----0-----|");
    expect(parseSong(written)).toEqual(sheet);
    expect(isChordLine("E---1---")).toBe(false);
  });

  it("keeps a line of dashes alone as text, not tablature", () => {
    const sheet = cow("G\nla\n\n-------\n\nD\nlo\n");
    expect(sheet.sections.some((section) => section.type === "tab")).toBe(false);
  });

  it("places one chord alone on its line by its column", () => {
    const sheet = cow("              A7\nComin' for to carry me home\n");
    expect(pairsOf(lines(sheet)[0])).toEqual([
      [null, "Comin' for to "],
      ["A7", "carry me home"],
    ]);
  });
});

/** A generated sheet: lines of words, each word with a chord over it or not. */
/** Lowercase words, none a section's name ("solo", "coda") nor "no chord" ("nc"), which a line alone would be. */
const word = fc
  .stringMatching(/^[a-z]{1,8}$/)
  .filter(
    (text) =>
      !/^(verse|verso|estrofa|stanza|chorus|refrain|coro|estribillo|bridge|puente|prechorus|precoro|intro|outro|interlude|interludio|instrumental|solo|tag|ending|final|coda|nc)$/.test(
        text,
      ),
  );
const chord = fc.constantFrom("C", "G", "Am", "F", "D7", "Em", "Bb", "F#m", "Gsus4", "C/E");
const sheetLines = fc.array(
  fc.array(fc.tuple(fc.option(chord, { nil: null }), word), { minLength: 1, maxLength: 8 }),
  {
    minLength: 1,
    maxLength: 12,
  },
);

/** The line pairs as chords over words: each chord over the first letter of its word. */
function asText(pairs: [string | null, string][]): string {
  let chords = "";
  let words = "";
  for (const [name, text] of pairs) {
    if (words !== "") words += " ";
    if (name) {
      // A chord needs room after the one before it.
      if (chords.length >= words.length && chords !== "")
        words += " ".repeat(chords.length - words.length + 1);
      chords = `${chords.padEnd(words.length)}${name}`;
    }
    words += text;
  }
  return chords.trim() === "" ? words : `${chords}\n${words}`;
}

describe("properties of chords over words", () => {
  it("puts every chord over the word it was written over, in order, with the words kept", () => {
    fc.assert(
      fc.property(sheetLines, (sheet) => {
        const text = sheet.map(asText).join("\n\n");
        const parsed = lines(cow(`Title: Generated\n\n${text}`)).filter((line) => line.kind === "lyrics");
        expect(parsed).toHaveLength(sheet.length);
        parsed.forEach((line, index) => {
          const expected = sheet[index]!;
          if (line.kind !== "lyrics") return;
          expect(line.pairs.filter((pair) => pair.chord).map((pair) => pair.chord)).toEqual(
            expected.filter(([name]) => name).map(([name]) => name),
          );
          const words = line.pairs
            .map((pair) => pair.lyric)
            .join("")
            .split(/\s+/)
            .filter(Boolean);
          expect(words).toEqual(expected.map(([, text]) => text));
          for (const pair of line.pairs) {
            if (pair.chord && pair.lyric.trim() !== "") expect(pair.lyric).toMatch(/^[a-z]/);
          }
        });
      }),
      { numRuns: 200 },
    );
  });

  it("reads the same sheet with its indentation in tabs as in spaces", () => {
    fc.assert(
      fc.property(sheetLines, fc.integer({ min: 1, max: 3 }), (sheet, tabs) => {
        const spaced = sheet.map((pairs) => {
          const [first, second] = asText(pairs).split("\n");
          const pad = " ".repeat(8 * tabs);
          return second === undefined ? `${pad}${first}` : `${pad}${first}\n${pad}${second}`;
        });
        const pad = " ".repeat(8 * tabs);
        const tabbed = spaced.map((text) =>
          text
            .split("\n")
            .map((line) => (line.startsWith(pad) ? `${"\t".repeat(tabs)}${line.slice(pad.length)}` : line))
            .join("\n"),
        );
        expect(cow(tabbed.join("\n\n"))).toEqual(cow(spaced.join("\n\n")));
      }),
      { numRuns: 100 },
    );
  });
});
