import { parseSong } from "@choir/songsheet";
import { describe, expect, it } from "vitest";
import { songbookLabels } from "./labels.js";
import {
  continuedRows,
  type DrawOp,
  type LayoutContext,
  layoutSong,
  type Measure,
  pageFrame,
  paginate,
  type Row,
  SIZES,
} from "./songbook-layout.js";

/** Every character half its font size wide: easy to reason about. */
const measure: Measure = (text, _font, size) => text.length * size * 0.5;
const ctx: LayoutContext = { measure, frame: pageFrame("a4"), labels: songbookLabels("en") };

const opsOf = (row: Row) => (typeof row.ops === "function" ? row.ops() : row.ops);
const texts = (rows: Row[]) =>
  rows.flatMap(opsOf).filter((op): op is Extract<DrawOp, { kind: "text" }> => op.kind === "text");
const song = (content: string, title = "Song") =>
  layoutSong(ctx, { anchor: "song-1", title, artist: null, key: null, sheet: parseSong(content) });

describe("songbook layout", () => {
  it("starts each chord exactly where its syllables start", () => {
    const block = song("[G]Can[C]ta el [D]coro");
    const ops = texts(block.units.flat());
    const chord = (name: string) => ops.find((op) => op.font === "bold" && op.text === name)!;
    const lyric = (text: string) => ops.find((op) => op.font === "regular" && op.text.startsWith(text))!;
    expect(chord("G").x).toBe(lyric("Can").x);
    expect(chord("C").x).toBe(lyric("ta").x);
    expect(chord("D").x).toBe(lyric("coro").x);
    expect(chord("G").dy).toBe(0);
    expect(lyric("Can").dy).toBeGreaterThan(0);
  });

  it("moves syllables right when the chord before is still in the way, so chords never overlap", () => {
    const block = song("[C#m7]a[Eb/G]b");
    const ops = texts(block.units.flat());
    const first = ops.find((op) => op.text === "C#m7")!;
    const second = ops.find((op) => op.text === "Eb/G")!;
    expect(second.x).toBeGreaterThan(first.x + measure("C#m7", "bold", SIZES.chord));
    expect(ops.find((op) => op.text === "b")!.x).toBe(second.x);
  });

  it("wraps a long line between words, each chord staying over its word", () => {
    const words = Array.from({ length: 30 }, (_, index) => `[G]palabra${index}`).join(" ");
    const block = song(words);
    const rows = block.units[0]!;
    expect(rows.length).toBeGreaterThan(1);
    for (const row of rows) {
      const ops = texts([row]);
      const chords = ops.filter((op) => op.font === "bold");
      const lyrics = ops.filter((op) => op.font === "regular");
      expect(chords.length).toBe(lyrics.length);
      expect(chords.map((chord) => chord.x)).toEqual(lyrics.map((lyric) => lyric.x));
      for (const op of ops)
        expect(op.x + measure(op.text, op.font, op.size)).toBeLessThanOrEqual(ctx.frame.right);
    }
  });

  it("sets the chorus apart with an indent and a bar, and writes comments in italics", () => {
    const block = song("[G]Verse\n{soc}\n[C]Sing along\n{eoc}\n{c: Twice}");
    const all = block.units.flat();
    const verse = texts(all).find((op) => op.text === "Verse")!;
    const chorus = texts(all).find((op) => op.text === "Sing")!;
    expect(chorus.x).toBeGreaterThan(verse.x);
    expect(all.flatMap(opsOf).some((op) => op.kind === "bar")).toBe(true);
    expect(texts(all).find((op) => op.text === "Twice")!.font).toBe("italic");
    expect(texts(all).some((op) => op.text === "Chorus" && op.font === "bold")).toBe(true);
  });

  it("prints every voice part, each labelled in the songbook's language: sections by their heading, comments before their text", () => {
    const content = [
      "{start_of_verse-tenor: Verse 1}",
      "[G]Tenors sing the [D]morning",
      "{end_of_verse-tenor}",
      "{start_of_chorus-soprano}",
      "[C]Sopranos answer",
      "{end_of_chorus-soprano}",
      "{start_of_verse-S2}",
      "Second sopranos hum",
      "{end_of_verse-S2}",
      "{comment-alto: Altos hold the last note}",
      "{start_of_verse}",
      "Everyone together",
      "{end_of_verse}",
    ].join("\n");
    const headings = (language: "en" | "es") => {
      const block = layoutSong(
        { ...ctx, labels: songbookLabels(language) },
        { anchor: "song-1", title: "Parts", artist: null, key: null, sheet: parseSong(content) },
      );
      return texts(block.units.flat()).map((op) => op.text);
    };
    const en = headings("en");
    expect(en).toContain("Verse 1 · Tenor");
    expect(en).toContain("Chorus · Soprano");
    expect(en).toContain("Verse · S2");
    expect(en.some((text) => text.startsWith("Alto: Altos hold the last note"))).toBe(true);
    // Every part's words are printed: a songbook is for the whole choir.
    for (const words of ["Tenors sing the ", "Sopranos answer", "Second sopranos hum", "Everyone together"])
      expect(en.some((text) => text.startsWith(words.trim().split(" ")[0]!))).toBe(true);
    const es = headings("es");
    expect(es).toContain("Verse 1 · Tenor");
    expect(es.some((text) => text.startsWith("Estribillo · Soprano"))).toBe(true);
    expect(es.some((text) => text.startsWith("Contralto: Altos hold the last note"))).toBe(true);
  });

  it("ends each song with its credits in the songbook's language, and prints nothing for a song without any", () => {
    const credited = [
      "{title: Morning Hymn}",
      "{lyricist: Ana Ruiz}",
      "{composer: John Bell}",
      "{copyright: 2019 Parish Music}",
      "{ccli: 7654321}",
      "[G]Morning has [C]come",
    ].join("\n");
    const lastTexts = (content: string, language: "en" | "es") => {
      const block = layoutSong(
        { ...ctx, labels: songbookLabels(language) },
        { anchor: "song-1", title: "Morning Hymn", artist: null, key: null, sheet: parseSong(content) },
      );
      return texts(block.units[block.units.length - 1]!)
        .map((op) => op.text)
        .join(" ");
    };
    expect(lastTexts(credited, "en")).toBe(
      "Words: Ana Ruiz  ·  Music: John Bell  ·  © 2019 Parish Music  ·  CCLI song 7654321",
    );
    expect(lastTexts(credited, "es")).toBe(
      "Letra: Ana Ruiz  ·  Música: John Bell  ·  © 2019 Parish Music  ·  Canción CCLI 7654321",
    );
    const oneWriter = "{lyricist: Ana Ruiz}\n{composer: Ana Ruiz}\n{copyright: Public domain}\nWords";
    expect(lastTexts(oneWriter, "en")).toBe("Words and music: Ana Ruiz  ·  Public domain");
    expect(lastTexts("{copyright: © 1990 Someone}\nWords", "en")).toBe("© 1990 Someone");
    expect(lastTexts("[G]Morning has [C]come", "en")).not.toMatch(/Words|CCLI|©/);
  });

  it("ends a song too long to print in full with a note saying so, in the songbook's language", () => {
    const content = `{soc}\n${"la ".repeat(3_000)}\n{eoc}\n${"{chorus}\n".repeat(80)}`;
    const sheet = parseSong(content);
    const lastText = (language: "en" | "es") => {
      const block = layoutSong(
        { ...ctx, labels: songbookLabels(language) },
        { anchor: "song-1", title: "Long", artist: null, key: null, sheet },
      );
      const ops = texts(block.units.at(-1)!);
      return { text: ops.map((op) => op.text).join(" "), font: ops[0]!.font };
    };
    expect(lastText("en")).toEqual({
      text: "This song is too long to print in full: only its first 5,000 lines are printed.",
      font: "italic",
    });
    expect(lastText("es").text).toBe(
      "Esta canción es demasiado larga para imprimirla entera: solo se imprimen sus primeras 5000 líneas.",
    );
    expect(texts(song("[G]Short").units.flat()).some((op) => op.text.includes("too long"))).toBe(false);
  });

  it("never splits a song that fits on a page, and continues a longer one under its title", () => {
    const frame = ctx.frame;
    const short = song("[G]One\n[C]Two\n[D]Three", "Short");
    const long = song(Array.from({ length: 80 }, (_, index) => `[G]Line-${index}`).join("\n"), "Long");
    const filler = song(Array.from({ length: 45 }, (_, index) => `Filler ${index}`).join("\n"), "Filler");
    const plan = paginate(frame, {
      heading: [],
      contents: null,
      sections: [{ heading: [], songs: [filler, short, long] }],
      continued: (title) => continuedRows(ctx, title),
    });
    const pageWith = (text: string) =>
      plan.pages.findIndex((rows) => texts(rows.map((placed) => placed.row)).some((op) => op.text === text));
    // The short song does not fit under the filler: it moves whole to the next page.
    expect(pageWith("Filler 0")).toBe(0);
    expect(pageWith("Short")).toBe(1);
    expect(pageWith("Three")).toBe(1);
    // The long one starts where it is and goes on under "Long (continued)".
    expect(pageWith("Line-79")).toBeGreaterThan(pageWith("Long"));
    for (let page = pageWith("Long") + 1; page <= pageWith("Line-79"); page++) {
      expect(texts(plan.pages[page]!.map((placed) => placed.row))[0]!.text).toBe("Long (continued)");
    }
    for (const rows of plan.pages) {
      for (const { y, row } of rows) expect(y + row.height).toBeLessThanOrEqual(frame.bottom + 0.001);
    }
  });
});
