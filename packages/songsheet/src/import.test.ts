import { describe, expect, it } from "vitest";
import { detectFormat, isChordLine, parseSong, toChordPro } from "./index";

const UG = `[Intro]
G  D/F#  Em  C

[Verse 1]
G              G7          C       G
Amazing grace, how sweet the sound
      G                    D
That saved a wretch like me

[Chorus]
N.C.      C        G
Glory, glory, hallelujah
`;

describe("Ultimate Guitar import", () => {
  const sheet = parseSong(UG, { format: "ultimate-guitar" });

  it("turns [Headers] into typed, labelled sections", () => {
    expect(sheet.sections.map((s) => [s.type, s.name, s.label])).toEqual([
      ["custom", "intro", "Intro"],
      ["verse", undefined, "Verse 1"],
      ["chorus", undefined, "Chorus"],
    ]);
  });

  it("puts each chord over the syllable under its column", () => {
    const line = sheet.sections[1]?.lines[0];
    expect(line?.kind === "lyrics" && line.pairs).toEqual([
      { chord: "G", lyric: "Amazing grace, " },
      { chord: "G7", lyric: "how sweet th" },
      { chord: "C", lyric: "e sound " },
      { chord: "G", lyric: "" },
    ]);
    const second = sheet.sections[1]?.lines[1];
    expect(second?.kind === "lyrics" && second.pairs[0]).toEqual({ chord: null, lyric: "That s" });
  });

  it("keeps chord-only lines and N.C.", () => {
    const intro = sheet.sections[0]?.lines[0];
    expect(intro?.kind === "lyrics" && intro.pairs.map((p) => p.chord)).toEqual(["G", "D/F#", "Em", "C"]);
    const chorus = sheet.sections[2]?.lines[0];
    expect(chorus?.kind === "lyrics" && chorus.pairs[0]?.chord).toBe("N.C.");
  });

  it("strips [ch] markup", () => {
    const marked = parseSong("[Verse]\n[ch]G[/ch]   [ch]C[/ch]\nJoy to the world", {
      format: "ultimate-guitar",
    });
    const line = marked.sections[0]?.lines[0];
    expect(line?.kind === "lyrics" && line.pairs).toEqual([
      { chord: "G", lyric: "Joy " },
      { chord: "C", lyric: "to the world" },
    ]);
  });

  it("writes ChordPro that parses back to the same model", () => {
    const written = toChordPro(sheet);
    expect(written).toContain("{start_of_verse: Verse 1}");
    expect(written).toContain("[G]Amazing grace, [G7]how sweet th[C]e sound [G]");
    expect(parseSong(written)).toEqual(sheet);
  });
});

describe("chords-over-words import", () => {
  const text = `Title: Silent Night
Key: C

Verse 1:
C
Silent night, holy night
G7          C
All is calm, all is bright

Chorus
F           C
Sleep in heavenly peace`;
  const sheet = parseSong(text, { format: "chords-over-words" });

  it("reads front matter as metadata", () => {
    expect(sheet.metadata).toEqual({ title: "Silent Night", key: "C", tags: [] });
  });

  it("reads 'Verse 1:' and bare 'Chorus' headers", () => {
    expect(sheet.sections.map((s) => [s.type, s.label, s.lines.length])).toEqual([
      ["verse", "Verse 1", 2],
      ["chorus", "Chorus", 1],
    ]);
  });

  it("is detected automatically", () => {
    expect(detectFormat(text)).toBe("chords-over-words");
    expect(detectFormat(UG)).toBe("chords-over-words");
    expect(detectFormat("{title: x}\nla")).toBe("chordpro");
    expect(detectFormat("Joy to the [C]world")).toBe("chordpro");
    expect(parseSong(text)).toEqual(sheet);
  });

  it("tells chord lines from lyric lines", () => {
    expect(isChordLine("G  D/F#  Em7  C/E | N.C. x2")).toBe(true);
    expect(isChordLine("Amazing grace")).toBe(false);
    expect(isChordLine("A mighty fortress")).toBe(false);
    expect(isChordLine("Bbmaj7 Cm7b5 F7(#9) Gsus4")).toBe(true);
  });
});
