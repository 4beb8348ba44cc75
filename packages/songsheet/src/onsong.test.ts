import { describe, expect, it } from "vitest";
import { looksLikeOnSong, parseSong, toChordPro } from "./index";

// OnSong text files written for these tests (the words are our own), laid out as OnSong's format is described:
// title, artist, fields, then labelled sections with inline chords.
const HARBOUR = `Harbour Evening
Lucía Prado
Key: G
Capo: 2
Tempo: 84
Time: 3/4
Tags: evening, communion

Verse 1:
[G]Lanterns on the [C]water, [D]boats come home to [G]rest
[Em]Every sail is [C]folded, [D]every net is [G]blessed

Chorus:
[C]Hold us, [G]harbour, [D]hold us [G]near

Bridge:
Sung once without chords
`;

const BRACKET_LABELS = `Morning Bell
Key: D

[Verse]
[D]Ring the morning [A]bell
[Chorus]
[G]Ring it [D]well
`;

describe("OnSong text", () => {
  it("reads the title and artist lines, the fields, the labelled sections and the inline chords", () => {
    const sheet = parseSong(HARBOUR, { format: "onsong" });
    expect(sheet.metadata).toMatchObject({
      title: "Harbour Evening",
      artist: "Lucía Prado",
      key: "G",
      capo: "2",
      tempo: "84",
      time: "3/4",
      tags: ["evening", "communion"],
    });
    expect(sheet.sections.map((section) => [section.type, section.label])).toEqual([
      ["verse", "Verse 1"],
      ["chorus", "Chorus"],
      ["bridge", "Bridge"],
    ]);
    const first = sheet.sections[0]!.lines[0]!;
    expect(first.kind === "lyrics" && first.pairs.map((pair) => [pair.chord, pair.lyric])).toEqual([
      ["G", "Lanterns on the "],
      ["C", "water, "],
      ["D", "boats come home to "],
      ["G", "rest"],
    ]);
    const written = toChordPro(sheet);
    expect(written).toContain("{title: Harbour Evening}");
    expect(written).toContain("{artist: Lucía Prado}");
    expect(written).toContain("[G]Lanterns on the [C]water,");
    expect(written).toContain("Sung once without chords");
    // Read back as ChordPro, the song is the same.
    expect(parseSong(written, { format: "chordpro" }).sections).toEqual(sheet.sections);
  });

  it("takes bracketed section names as labels, and a second line that is a field as no artist", () => {
    const sheet = parseSong(BRACKET_LABELS, { format: "onsong" });
    expect(sheet.metadata.title).toBe("Morning Bell");
    expect(sheet.metadata.artist).toBeUndefined();
    expect(sheet.metadata.key).toBe("D");
    expect(sheet.sections.map((section) => section.type)).toEqual(["verse", "chorus"]);
  });

  it("keeps a first line that is part of the song as the song's, not as its title and artist", () => {
    const sheet = parseSong("[G]Sing a new [C]song\n[D]Sing it [G]loud\n", { format: "onsong" });
    expect(sheet.metadata.title).toBeUndefined();
    expect(sheet.metadata.artist).toBeUndefined();
    expect(sheet.sections[0]!.lines).toHaveLength(2);
  });

  it("is told apart from plain ChordPro: inline chords with a label or a field, and no directive", () => {
    expect(looksLikeOnSong(HARBOUR)).toBe(true);
    expect(looksLikeOnSong(BRACKET_LABELS)).toBe(true);
    expect(looksLikeOnSong("{title: Morning Bell}\nVerse:\n[D]Ring the bell")).toBe(false);
    expect(looksLikeOnSong("[D]Ring the morning [A]bell\n[G]Ring it [D]well")).toBe(false);
    expect(looksLikeOnSong("Verse 1:\nNo chords at all\n")).toBe(false);
  });

  it("reads a long line of brackets and spaces in time proportional to it", () => {
    const hostile = `Title\nArtist\nKey: G\n\nVerse:\n${"[".repeat(50_000)}${" ".repeat(50_000)}[G]x\n`;
    const started = Date.now();
    const sheet = parseSong(hostile, { format: "onsong" });
    expect(Date.now() - started).toBeLessThan(2_000);
    expect(sheet.metadata.title).toBe("Title");
  });
});

describe("SongbookPro's ChordPro export", () => {
  it("reads its tag list directive as the song's tags", () => {
    const sheet = parseSong(
      "{title: Vesper}\n{x_sbp_tags: slow, waltz, slow}\n{x_spb_tag: evening}\n[C]Night",
      {
        format: "chordpro",
      },
    );
    expect(sheet.metadata.tags).toEqual(["slow", "waltz", "evening"]);
  });
});
