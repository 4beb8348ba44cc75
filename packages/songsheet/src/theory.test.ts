import { describe, expect, it } from "vitest";
import { keySpelling, parseKey, semitonesBetween, transposeChord } from "./index";

describe("transposeChord", () => {
  it.each([
    // [chord, semitones, key, expected]
    ["C", 2, "D", "D"],
    ["G", 2, "A", "A"],
    ["Am", 2, "D", "Bm"],
    ["F", 2, "G", "G"],
    ["Bb", 2, "G", "C"],
    ["C", 2, "F", "D"],
    ["G", 3, "Bb", "Bb"],
    ["D", 3, "F", "F"],
    ["A7", 3, "Bb", "C7"],
    ["E", 1, "F", "F"],
    ["C", 1, "Db", "Db"],
    ["G", 1, "Ab", "Ab"],
    ["A", 1, "Bb", "Bb"],
    ["C", 6, "F#", "F#"],
    ["C", 6, "Gb", "Gb"],
    ["F", 1, "Gb", "Gb"],
    ["F", 1, "F#", "F#"],
    ["E", 1, "Gb", "F"],
    ["Bb", 1, "F#", "B"],
  ])("%s +%i in %s → %s", (chord, n, key, expected) => {
    expect(transposeChord(chord, n, { key })).toBe(expected);
  });

  it.each([
    ["C/E", 2, "D", "D/F#"],
    ["G/B", 3, "Bb", "Bb/D"],
    ["F#/C#", -1, "F", "F/C"],
    ["Am/G", 5, "F", "Dm/C"],
    ["D/F#", -2, "C", "C/E"],
  ])("slash chord %s %i in %s → %s", (chord, n, key, expected) => {
    expect(transposeChord(chord, n, { key })).toBe(expected);
  });

  it.each([
    ["Cmaj7", 2, "Dmaj7"],
    ["Am7", 3, "Cm7"],
    ["Bm7b5", 2, "C#m7b5"],
    ["Csus4", 7, "Gsus4"],
    ["Dsus2", 2, "Esus2"],
    ["Cadd9", 5, "Fadd9"],
    ["Bdim", 1, "Cdim"],
    ["Cdim7", 2, "Ddim7"],
    ["Caug", 4, "Eaug"],
    ["C+", 2, "D+"],
    ["G7(#9)", 2, "A7(#9)"],
    ["E7b9", 5, "A7b9"],
    ["C6/9", 2, "D6/9"],
    ["Cm(maj7)", 2, "Dm(maj7)"],
    ["F#m7", 1, "Gm7"],
    ["Bø7", 2, "C#ø7"],
    ["G13", -2, "F13"],
    ["(G)", 2, "(A)"],
  ])("keeps the quality of %s (+%i → %s)", (chord, n, expected) => {
    expect(transposeChord(chord, n)).toBe(expected);
  });

  it.each(["N.C.", "NC", "x", "%", "|", "Hello", "", "H7", "[G]"])("leaves %j untouched", (token) => {
    expect(transposeChord(token, 3)).toBe(token);
  });

  it("uses sharps or flats on request", () => {
    expect(transposeChord("C", 1, { accidentals: "sharp" })).toBe("C#");
    expect(transposeChord("C", 1, { accidentals: "flat" })).toBe("Db");
    expect(transposeChord("A/C#", 1, { accidentals: "flat" })).toBe("Bb/D");
    expect(transposeChord("Eb", 4, { accidentals: "sharp" })).toBe("G");
  });

  it("keeps the chord's own accidental side without a key", () => {
    expect(transposeChord("Bb", 1)).toBe("B");
    expect(transposeChord("Eb", 2)).toBe("F");
    expect(transposeChord("Db", 2)).toBe("Eb");
    expect(transposeChord("C#", 2)).toBe("D#");
    expect(transposeChord("A", 1)).toBe("Bb");
    expect(transposeChord("F", 1)).toBe("F#");
  });

  it("spells chords by the target key: flats in flat keys, sharps in sharp keys", () => {
    const inKey = (key: string) =>
      ["C", "Dm", "Em", "F", "G", "Am", "Bdim"].map((c) =>
        transposeChord(c, semitonesBetween("C", key), { key }),
      );
    expect(inKey("F")).toEqual(["F", "Gm", "Am", "Bb", "C", "Dm", "Edim"]);
    expect(inKey("Bb")).toEqual(["Bb", "Cm", "Dm", "Eb", "F", "Gm", "Adim"]);
    expect(inKey("Eb")).toEqual(["Eb", "Fm", "Gm", "Ab", "Bb", "Cm", "Ddim"]);
    expect(inKey("Ab")).toEqual(["Ab", "Bbm", "Cm", "Db", "Eb", "Fm", "Gdim"]);
    expect(inKey("Db")).toEqual(["Db", "Ebm", "Fm", "Gb", "Ab", "Bbm", "Cdim"]);
    expect(inKey("D")).toEqual(["D", "Em", "F#m", "G", "A", "Bm", "C#dim"]);
    expect(inKey("A")).toEqual(["A", "Bm", "C#m", "D", "E", "F#m", "G#dim"]);
    expect(inKey("E")).toEqual(["E", "F#m", "G#m", "A", "B", "C#m", "D#dim"]);
    expect(inKey("B")).toEqual(["B", "C#m", "D#m", "E", "F#", "G#m", "A#dim"]);
    expect(inKey("F#")).toEqual(["F#", "G#m", "A#m", "B", "C#", "D#m", "E#dim"]);
    expect(inKey("Gb")).toEqual(["Gb", "Abm", "Bbm", "Cb", "Db", "Ebm", "Fdim"]);
  });

  it("spells minor keys by their signature, with the raised seventh", () => {
    const inKey = (key: string) =>
      ["Am", "Bdim", "C", "Dm", "E7", "F", "G", "G#dim"].map((c) =>
        transposeChord(c, semitonesBetween("Am", key), { key }),
      );
    expect(inKey("Dm")).toEqual(["Dm", "Edim", "F", "Gm", "A7", "Bb", "C", "C#dim"]);
    expect(inKey("Gm")).toEqual(["Gm", "Adim", "Bb", "Cm", "D7", "Eb", "F", "F#dim"]);
    expect(inKey("Cm")).toEqual(["Cm", "Ddim", "Eb", "Fm", "G7", "Ab", "Bb", "Bdim"]);
    expect(inKey("Em")).toEqual(["Em", "F#dim", "G", "Am", "B7", "C", "D", "D#dim"]);
    expect(inKey("F#m")).toEqual(["F#m", "G#dim", "A", "Bm", "C#7", "D", "E", "E#dim"]);
  });

  it("spells C major's common chromatic chords as C# Eb F# Ab Bb", () => {
    expect(keySpelling(parseKey("C")!)).toEqual([
      "C",
      "C#",
      "D",
      "Eb",
      "E",
      "F",
      "F#",
      "G",
      "Ab",
      "A",
      "Bb",
      "B",
    ]);
    expect(keySpelling(parseKey("Am")!)).toEqual([
      "C",
      "C#",
      "D",
      "D#",
      "E",
      "F",
      "F#",
      "G",
      "G#",
      "A",
      "Bb",
      "B",
    ]);
  });

  it.each(["C", "F#m7", "Bb/D", "Ebmaj7", "G#dim", "Dbsus4", "Abm7b5/Gb"])(
    "comes back from ±12 as %s",
    (chord) => {
      expect(transposeChord(chord, 12)).toBe(chord);
      expect(transposeChord(chord, -12)).toBe(chord);
    },
  );
});

describe("keys", () => {
  it.each([
    ["C", "D", 2],
    ["F", "G", 2],
    ["G", "E", -3],
    ["C", "G", -5],
    ["C", "F#", 6],
    ["Bb", "Eb", 5],
    ["Am", "Cm", 3],
    ["Eb", "D#", 0],
  ])("semitonesBetween(%s, %s) = %i", (from, to, n) => {
    expect(semitonesBetween(from, to)).toBe(n);
  });

  it("reads key names in several spellings", () => {
    expect(parseKey("F#m")).toEqual({ tonic: { letter: "F", accidental: 1 }, minor: true });
    expect(parseKey("B♭")).toEqual({ tonic: { letter: "B", accidental: -1 }, minor: false });
    expect(parseKey("e")).toEqual({ tonic: { letter: "E", accidental: 0 }, minor: true });
    expect(parseKey("D minor")?.minor).toBe(true);
    expect(parseKey("nonsense")).toBeNull();
  });
});
