import { describe, expect, it } from "vitest";
import { parseSong, toChordPro } from "./index";

// Fixtures written for these tests: the words are our own.
const BE_STILL = `Title: Be Still
Author: Ana Ruiz
Key: G

Verse 1:
G          C        G
Be still and rest a while
    Em       D
the night is nearly done
`;

const FIRST_LINE_TITLE = `Morning Light
By Tomás Ortega

D            G       D
Morning light upon the hill
`;

const SPANISH = `Título: Luz del alba
Autor: Lucía Prado
Tono: Em
Capo: 2

Em          C
Luz del alba sobre el mar
`;

const cow = (text: string) => parseSong(text, { format: "chords-over-words" });
const lyricLines = (text: string) =>
  cow(text)
    .sections.flatMap((section) => section.lines)
    .filter((line) => line.kind === "lyrics")
    .map((line) => (line.kind === "lyrics" ? line.pairs.map((pair) => pair.lyric).join("") : ""));

describe("the header of chords over words", () => {
  it("reads Title, Author and Key lines as the song's title, artist and key, not as lyrics", () => {
    const sheet = cow(BE_STILL);
    expect(sheet.metadata).toEqual({ title: "Be Still", artist: "Ana Ruiz", key: "G", tags: [] });
    expect(lyricLines(BE_STILL)).toEqual(["Be still and rest a while", "the night is nearly done"]);
    const written = toChordPro(sheet);
    expect(written.startsWith("{title: Be Still}\n{artist: Ana Ruiz}\n{key: G}\n")).toBe(true);
    expect(written).not.toContain("Author:");
  });

  it("reads Artist: and By: as the artist, whatever the case of the field", () => {
    expect(cow("TITLE: Hold On\nARTIST: The Lanterns\n\nC\nhold on\n").metadata.artist).toBe("The Lanterns");
    expect(cow("title: Hold On\nby: Rosa Vidal\n\nC\nhold on\n").metadata.artist).toBe("Rosa Vidal");
  });

  it("takes a first line as the title when a blank line or the header follows it, and a By line as the artist", () => {
    expect(cow(FIRST_LINE_TITLE).metadata).toEqual({
      title: "Morning Light",
      artist: "Tomás Ortega",
      tags: [],
    });
    expect(lyricLines(FIRST_LINE_TITLE)).toEqual(["Morning light upon the hill"]);
    expect(cow("Evening Song\nKey: A\n\nA\nla la\n").metadata).toEqual({
      title: "Evening Song",
      key: "A",
      tags: [],
    });
    expect(cow("Evening Song\nVerse 1:\nA\nla la\n").metadata.title).toBe("Evening Song");
  });

  it("leaves a first lyric line alone when more words follow it", () => {
    const text = "By the river we sang\nand the water answered\n\nC\nla\n";
    expect(cow(text).metadata.title).toBeUndefined();
    expect(lyricLines(text)[0]).toBe("By the river we sang");
    const chordsFirst = "G       C\nBe still and rest\n";
    expect(cow(chordsFirst).metadata.title).toBeUndefined();
  });

  it("reads a By line only under a title, and a first line never when it is a heading or chords", () => {
    expect(cow("By the river\n\nC\nla\n").metadata).toEqual({ title: "By the river", tags: [] });
    expect(cow("Chorus\n\nC\nla\n").metadata.title).toBeUndefined();
    expect(cow("Intro: C G Am F\n\nC\nla\n").metadata.title).toBeUndefined();
    expect(cow("C  G  Am  F\n\nC\nla\n").metadata.title).toBeUndefined();
  });

  it("reads the fields in Spanish", () => {
    expect(cow(SPANISH).metadata).toEqual({
      title: "Luz del alba",
      artist: "Lucía Prado",
      key: "Em",
      capo: "2",
      tags: [],
    });
  });

  it("keeps the first value of a field and adds up tags; a --- closes the header", () => {
    const text = "Title: One\nSong: Two\nTags: hymn, Advent\nTag: hymn\n---\nC\nla\n";
    expect(cow(text).metadata).toEqual({ title: "One", tags: ["hymn", "Advent"] });
    expect(lyricLines(text)).toEqual(["la"]);
  });

  it("still reads an instrumental line that a header word does not name", () => {
    const sheet = cow("Title: Tune\n\nIntro: C G Am F\nC\nla\n");
    expect(sheet.metadata.title).toBe("Tune");
    const first = sheet.sections[0]?.lines[0];
    expect(first?.kind === "lyrics" ? first.pairs.map((pair) => pair.chord) : []).toEqual([
      null,
      "C",
      "G",
      "Am",
      "F",
    ]);
  });
});
