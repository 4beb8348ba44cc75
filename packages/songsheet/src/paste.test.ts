import { describe, expect, it } from "vitest";
import { parseSong, sheetWords, toChordPro, transposeSheet } from "./index";
import type { ChordLyricPair, SongSheet } from "./types";

/** Every lyrics line of a sheet, as its chord/lyric pairs. */
const pairLines = (sheet: SongSheet): ChordLyricPair[][] =>
  sheet.sections.flatMap((section) =>
    section.lines.flatMap((line) => (line.kind === "lyrics" ? [line.pairs] : [])),
  );

const chordsOf = (sheet: SongSheet) =>
  pairLines(sheet).map((pairs) => pairs.flatMap((p) => (p.chord ? [p.chord] : [])));

const textOf = (pairs: ChordLyricPair[]) => pairs.map((p) => p.lyric).join("");

describe("pasting chords over words beside ChordPro", () => {
  const holy = `{title: Holy, Holy, Holy}
{key: D}

{start_of_verse}
D     Bm    G     D
Holy, holy, holy! Lord God Almighty!
A           D      G          A
Early in the morning our song shall rise to Thee
{end_of_verse}

{start_of_chorus}
D          Bm     G        D
Holy, holy, holy, merciful and mighty!
{end_of_chorus}`;

  it("converts the chord lines of a text with {title}, {key} and {start_of_chorus}", () => {
    const sheet = parseSong(holy);
    expect(sheet.metadata).toMatchObject({ title: "Holy, Holy, Holy", key: "D" });
    expect(sheet.sections.map((s) => [s.type, s.lines.length])).toEqual([
      ["verse", 2],
      ["chorus", 1],
    ]);
    expect(chordsOf(sheet)).toEqual([
      ["D", "Bm", "G", "D"],
      ["A", "D", "G", "A"],
      ["D", "Bm", "G", "D"],
    ]);
    expect(pairLines(sheet)[0]).toEqual([
      { chord: "D", lyric: "Holy, " },
      { chord: "Bm", lyric: "holy, " },
      { chord: "G", lyric: "holy! " },
      { chord: "D", lyric: "Lord God Almighty!" },
    ]);
    expect(textOf(pairLines(sheet)[1]!)).toBe("Early in the morning our song shall rise to Thee");
  });

  it("keeps an inline [C] where it is and converts the other chord-over-lyric pairs", () => {
    const grace = `[G]Amazing grace, how [C]sweet the [G]sound
G                     D
That saved a wretch like me
G            G7        C
I once was lost, but now am found`;
    const sheet = parseSong(grace);
    expect(pairLines(sheet)[0]).toEqual([
      { chord: "G", lyric: "Amazing grace, how " },
      { chord: "C", lyric: "sweet the " },
      { chord: "G", lyric: "sound" },
    ]);
    expect(chordsOf(sheet)).toEqual([
      ["G", "C", "G"],
      ["G", "D"],
      ["G", "G7", "C"],
    ]);
    expect(pairLines(sheet).map(textOf)).toEqual([
      "Amazing grace, how sweet the sound",
      "That saved a wretch like me",
      "I once was lost, but now am found",
    ]);
  });

  it("shows an [Verse 1] header pasted under a {title} as a label, not as a chord", () => {
    const sheet = parseSong("{title: Be Thou My Vision}\n[Verse 1]\nD      G    D\nBe Thou my Vision");
    expect(sheet.sections[0]?.lines[0]).toEqual({ kind: "comment", style: "normal", text: "Verse 1" });
    expect(chordsOf(sheet)).toEqual([["D", "G", "D"]]);
  });

  it("leaves tab blocks, # comments and lines with their own [chords] as written", () => {
    const sheet = parseSong(
      "{title: Vision}\n{start_of_tab}\nC G Am F\n{end_of_tab}\n# C G\n[D]Be Thou my Vision",
    );
    expect(sheet.sections[0]?.lines).toEqual([{ kind: "tab", text: "C G Am F" }]);
    expect(chordsOf(sheet)).toEqual([["D"]]);
  });
});

describe("instrumental chord lines", () => {
  it("transposes an 'Intro: C G Am F' line with the song (ChordPro text)", () => {
    const sheet = parseSong("{title: Al amanecer}\n{key: C}\n\nIntro: C G Am F\n\n[C]Canto al a[G]manecer");
    expect(pairLines(sheet)[0]).toEqual([
      { chord: null, lyric: "Intro: " },
      { chord: "C", lyric: " " },
      { chord: "G", lyric: " " },
      { chord: "Am", lyric: " " },
      { chord: "F", lyric: "" },
    ]);
    expect(chordsOf(transposeSheet(sheet, 2))[0]).toEqual(["D", "A", "Bm", "G"]);
  });

  it("transposes 'Intro:' and chord-only lines in chords-over-words text", () => {
    const text = `Intro: C G Am F

C              G
Canto al amanecer
Interludio: | F  G | C |
Am F G`;
    const sheet = parseSong(text);
    expect(chordsOf(transposeSheet(sheet, -5))).toEqual([
      ["G", "D", "Em", "C"],
      ["G", "D"],
      ["C", "D", "G"],
      ["Em", "C", "D"],
    ]);
    expect(toChordPro(sheet)).toContain("Intro: [C] [G] [Am] [F]");
    expect(toChordPro(sheet)).toContain("Interludio: [F] [G] [C]");
  });

  it("does not take song details or lyrics for an instrumental line", () => {
    const sheet = parseSong("{title: x}\nKey: G\nAmor: a ti canto");
    expect(chordsOf(sheet)).toEqual([[], []]);
  });
});

describe("chords over a space", () => {
  // Chord columns: C over "T", G over the space after "Ti", C past the end of the line.
  const verse = `C G        C
Ti buscaré
D      A      D
Señor, mañana y tarde`;

  it.each([
    ["chords-over-words text", verse],
    ["ChordPro text", `{title: Te buscaré}\n${verse}`],
  ])("puts the chord between the words, not inside them (%s)", (_, text) => {
    const sheet = parseSong(text);
    expect(pairLines(sheet)[0]).toEqual([
      { chord: "C", lyric: "Ti " },
      { chord: "G", lyric: "buscaré " },
      { chord: "C", lyric: "" },
    ]);
    expect(toChordPro(sheet)).toContain("[C]Ti [G]buscaré [C]");
    expect(sheetWords(pairLines(sheet)[0]!).map((w) => w.segments.map((s) => [s.chord, s.text]))).toEqual([
      [["C", "Ti"]],
      [["G", "buscaré"]],
      [["C", ""]],
    ]);
  });

  it.each([
    ["chords-over-words text", verse],
    ["ChordPro text", `{title: Te buscaré}\n${verse}`],
  ])("keeps Spanish accents and ñ intact (%s)", (_, text) => {
    const sheet = parseSong(text);
    expect(pairLines(sheet)[1]).toEqual([
      { chord: "D", lyric: "Señor, " },
      { chord: "A", lyric: "mañana " },
      { chord: "D", lyric: "y tarde" },
    ]);
    expect(toChordPro(sheet)).toContain("[D]Señor, [A]mañana [D]y tarde");
  });
});
