import { describe, expect, it } from "vitest";
import { parseLyricsLine, sheetWords } from "./index";

const wordsOf = (line: string) => sheetWords(parseLyricsLine(line).pairs);

describe("sheetWords", () => {
  it("keeps the chord/lyric segments of one word together", () => {
    const words = wordsOf("A[G]ma[C]zing [D]grace");
    expect(words).toHaveLength(2);
    expect(words[0]).toEqual({
      segments: [
        { chord: null, text: "A" },
        { chord: "G", text: "ma" },
        { chord: "C", text: "zing" },
      ],
      space: " ",
      hasMarks: true,
    });
    expect(words[1]).toEqual({ segments: [{ chord: "D", text: "grace" }], space: "", hasMarks: true });
  });

  it("gives a chord over white space a word of its own", () => {
    const words = wordsOf("[G] [C]¿Qué tal?");
    expect(words.map((word) => word.segments.map((segment) => [segment.chord, segment.text]))).toEqual([
      [["G", ""]],
      [["C", "¿Qué"]],
      [[null, "tal?"]],
    ]);
    expect(words[0]!.space).toBe(" ");
  });

  it("puts an annotation before a chord over the same syllables", () => {
    const [word] = wordsOf("[*Rit.][Eb/G]fin");
    expect(word!.segments).toEqual([{ chord: "Eb/G", annotation: "Rit.", text: "fin" }]);
  });

  it("keeps every letter of the line, in order", () => {
    const line = "Ma[F#]ñana [C#m7]can[Bb]ta  el ¡coro!";
    const text = wordsOf(line)
      .map((word) => word.segments.map((segment) => segment.text).join("") + word.space)
      .join("");
    expect(text).toBe("Mañana canta  el ¡coro!");
  });
});
