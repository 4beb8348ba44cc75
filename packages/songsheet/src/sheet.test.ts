import { describe, expect, it } from "vitest";
import {
  formatChord,
  formatSheetChords,
  initialTranspose,
  lyricsOnly,
  parseSong,
  toChordPro,
  transposeSheet,
  transposeToKey,
} from "./index";
import type { SongSheet } from "./types";

const chordsOf = (sheet: SongSheet) =>
  sheet.sections
    .flatMap((s) => s.lines.flatMap((l) => (l.kind === "lyrics" ? l.pairs.map((p) => p.chord) : [])))
    .filter(Boolean);

const BE_THOU = `{title: Be Thou My Vision}
{key: D}
{transpose: 2}
{start_of_verse: Verse 1}
[*Gently][D]Be thou my [G]vi[D]sion, O [Bm]Lord of my [A]heart
[D]Naught be all [G/B]else to me, [A/C#]save that thou [D]art
[N.C.]Thou my best [Em7]thought by [Asus4]day or [A7]by [D]night
{end_of_verse}`;

describe("transposeSheet", () => {
  it("transposes chords and the key, spelling them in the new key", () => {
    const sheet = transposeSheet(parseSong(BE_THOU), 1);
    expect(sheet.metadata.key).toBe("Eb");
    expect(chordsOf(sheet)).toEqual([
      "Eb",
      "Ab",
      "Eb",
      "Cm",
      "Bb",
      "Eb",
      "Ab/C",
      "Bb/D",
      "Eb",
      "N.C.",
      "Fm7",
      "Bbsus4",
      "Bb7",
      "Eb",
    ]);
  });

  it("uses sharps when moving to a sharp key", () => {
    const sheet = transposeSheet(parseSong(BE_THOU), 2);
    expect(sheet.metadata.key).toBe("E");
    expect(chordsOf(sheet).slice(0, 8)).toEqual(["E", "A", "E", "C#m", "B", "E", "A/C#", "B/D#"]);
  });

  it("leaves annotations and lyrics untouched", () => {
    const sheet = transposeSheet(parseSong(BE_THOU), 5);
    const line = sheet.sections[0]?.lines[0];
    expect(line?.kind === "lyrics" && line.pairs[0]).toEqual({
      chord: null,
      annotation: "Gently",
      lyric: "",
    });
    expect(toChordPro(sheet)).toContain("Be thou my ");
  });

  it("clears the {transpose} offset of the transposed sheet", () => {
    const original = parseSong(BE_THOU);
    expect(initialTranspose(original)).toBe(2);
    expect(transposeSheet(original, 2).metadata.transpose).toBeUndefined();
    expect(initialTranspose(parseSong("[C]la"))).toBe(0);
  });

  it.each([-12, 12, 24])("comes back unchanged from %i semitones", (n) => {
    const original = parseSong(BE_THOU);
    const { transpose: _, ...metadata } = original.metadata;
    expect(transposeSheet(original, n)).toEqual({ ...original, metadata });
  });

  it.each([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11])("comes back from +%i then back down", (n) => {
    const original = parseSong(BE_THOU);
    const there = transposeSheet(original, n);
    expect(chordsOf(transposeSheet(there, -n))).toEqual(chordsOf(original));
  });

  it("infers the key from the first chord when none is declared", () => {
    const sheet = transposeSheet(parseSong("[F]Joy to the [Bb]world, the [C7]Lord is [F]come"), 2);
    expect(chordsOf(sheet)).toEqual(["G", "C", "D7", "G"]);
    expect(sheet.metadata.key).toBeUndefined();
  });

  it("transposes a minor key", () => {
    const sheet = transposeSheet(
      parseSong("{key: Em}\n[Em]O come, O come, Em[D]manuel [G]and [B7]ransom"),
      5,
    );
    expect(sheet.metadata.key).toBe("Am");
    expect(chordsOf(sheet)).toEqual(["Am", "G", "C", "E7"]);
  });
});

describe("transposeToKey", () => {
  it("moves a song from G to Bb with flats", () => {
    const sheet = transposeToKey(parseSong("{key: G}\n[G]A[D/F#]ma[Em]zing [C]grace [D7]how [G]sweet"), "Bb");
    expect(sheet.metadata.key).toBe("Bb");
    expect(chordsOf(sheet)).toEqual(["Bb", "F/A", "Gm", "Eb", "F7", "Bb"]);
  });

  it("moves a song from F to A with sharps", () => {
    const sheet = transposeToKey(parseSong("{key: F}\n[F]Si[C/E]lent [Dm]night, [Bb]ho[C7]ly [F]night"), "A");
    expect(chordsOf(sheet)).toEqual(["A", "E/G#", "F#m", "D", "E7", "A"]);
  });

  it("keeps the song's mode", () => {
    const sheet = transposeToKey(parseSong("{key: Am}\n[Am]la [E7]la"), "C");
    expect(sheet.metadata.key).toBe("Cm");
    expect(chordsOf(sheet)).toEqual(["Cm", "G7"]);
  });

  it("accepts Gb and F# as different spellings", () => {
    const song = parseSong("{key: C}\n[C]la [F]la [G]la");
    expect(chordsOf(transposeToKey(song, "Gb"))).toEqual(["Gb", "Cb", "Db"]);
    expect(chordsOf(transposeToKey(song, "F#"))).toEqual(["F#", "B", "C#"]);
  });
});

describe("formatChord", () => {
  it.each([
    ["C", "Do"],
    ["D", "Re"],
    ["E", "Mi"],
    ["F", "Fa"],
    ["G", "Sol"],
    ["A", "La"],
    ["B", "Si"],
    ["Am7", "Lam7"],
    ["G7sus4", "Sol7sus4"],
    ["Bb", "Si♭"],
    ["F#/C#", "Fa♯/Do♯"],
    ["Bm7b5", "Sim7♭5"],
    ["D/F#", "Re/Fa♯"],
    ["N.C.", "N.C."],
  ])("writes %s as %s in Do-Re-Mi", (chord, expected) => {
    expect(formatChord(chord, { notation: "solfege", unicodeAccidentals: true })).toBe(expected);
  });

  it("keeps ASCII accidentals unless asked", () => {
    expect(formatChord("F#m", { notation: "solfege" })).toBe("Fa#m");
    expect(formatChord("Ebmaj7", { notation: "letters" })).toBe("Ebmaj7");
    expect(formatChord("Ebmaj7", { notation: "letters", unicodeAccidentals: true })).toBe("E♭maj7");
    expect(formatChord("Csus4", { notation: "letters", unicodeAccidentals: true })).toBe("Csus4");
  });

  it("formats a whole sheet and its key", () => {
    const sheet = formatSheetChords(parseSong("{key: Bb}\n[Bb]Noche de [F7]paz"), {
      notation: "solfege",
      unicodeAccidentals: true,
    });
    expect(sheet.metadata.key).toBe("Si♭");
    expect(chordsOf(sheet)).toEqual(["Si♭", "Fa7"]);
  });
});

describe("lyricsOnly", () => {
  it("drops chords, annotations, tabs and chord-only lines but keeps structure and comments", () => {
    const sheet = parseSong(`{title: Be Thou My Vision}
{start_of_intro: Intro}
[D] [G] [A]
{end_of_intro}

{sov: Verse 1}
[*Gently][D]Be thou my [G]vi[D]sion
{c: All voices}
{eov}

{sot}
e|--2--|
{eot}`);
    expect(lyricsOnly(sheet)).toEqual({
      metadata: { title: "Be Thou My Vision", tags: [] },
      sections: [
        {
          type: "verse",
          label: "Verse 1",
          lines: [
            { kind: "lyrics", pairs: [{ chord: null, lyric: "Be thou my vision" }] },
            { kind: "comment", style: "normal", text: "All voices" },
          ],
        },
      ],
    });
  });
});
