import { describe, expect, it } from "vitest";
import { transposeChordPro } from "./index";

describe("transposeChordPro", () => {
  it("rewrites every chord and the key directive, keeping the rest of the text as written", () => {
    const source = [
      "{title: Morning Hymn}",
      "{key: G}",
      "# sung slowly the first time",
      "{comment: Verse 1 [G] stays as written}",
      "[G]Morning has [C]come, the [D7]light is [G]new",
      "",
      "[*Rit.]Sing it [Em]again",
    ].join("\n");
    expect(transposeChordPro(source, 2)).toBe(
      [
        "{title: Morning Hymn}",
        "{key: A}",
        "# sung slowly the first time",
        "{comment: Verse 1 [G] stays as written}",
        "[A]Morning has [D]come, the [E7]light is [A]new",
        "",
        "[*Rit.]Sing it [F#m]again",
      ].join("\n"),
    );
  });

  it("moves chord lines written over the words, putting them inline as the sheet reads them", () => {
    const source = ["{key: G}", "Intro: G C D", "G           C", "Morning has come"].join("\n");
    expect(transposeChordPro(source, 2)).toBe(
      ["{key: A}", "Intro: [A] [D] [E]", "[A]Morning has [D]come"].join("\n"),
    );
  });

  it("moves slash chords' bass notes too", () => {
    expect(transposeChordPro("{key: C}\n[C/E]Here [G/B]we [F/A]go", 2)).toBe(
      "{key: D}\n[D/F#]Here [A/C#]we [G/B]go",
    );
  });

  it("keeps a minor key minor", () => {
    expect(transposeChordPro("{key: Am}\n[Am]Low [Dm]and [E7]slow", 3)).toBe(
      "{key: Cm}\n[Cm]Low [Fm]and [G7]slow",
    );
  });

  it("spells chords with flats in a flat key and sharps in a sharp key", () => {
    expect(transposeChordPro("{key: C}\n[C]One [A]two [E]three", 3)).toBe(
      "{key: Eb}\n[Eb]One [C]two [G]three",
    );
    expect(transposeChordPro("{key: C}\n[C]One [Bb]two [Eb]three", -1)).toBe(
      "{key: B}\n[B]One [A]two [D]three",
    );
    expect(transposeChordPro("{key: D}\n[D]One [G]two [A]three", -1)).toBe(
      "{key: Db}\n[Db]One [Gb]two [Ab]three",
    );
  });

  it("takes the first chord as the key when none is declared, and adds no key directive", () => {
    expect(transposeChordPro("[F]Gentle [Bb]rain", 1)).toBe("[F#]Gentle [B]rain");
  });

  it("leaves tab blocks, unknown chords and line endings alone", () => {
    const source = "{key: E}\r\n{start_of_tab}\r\n[E] e|--0--|\r\n{end_of_tab}\r\n[E]Go [N.C.]now\r\n";
    expect(transposeChordPro(source, 1)).toBe(
      "{key: F}\r\n{start_of_tab}\r\n[E] e|--0--|\r\n{end_of_tab}\r\n[F]Go [N.C.]now\r\n",
    );
  });

  it("returns the text unchanged for a whole number of octaves", () => {
    const source = "{key: Bb}\n[Bb]Same [F]place";
    expect(transposeChordPro(source, 12)).toBe(source);
    expect(transposeChordPro(source, 0)).toBe(source);
  });
});
