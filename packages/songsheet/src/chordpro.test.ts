import { describe, expect, it } from "vitest";
import { MAX_RENDERED_LINES, parseSong, toChordPro } from "./index";
import type { Line, Section } from "./types";

const lyrics = (line: Line | undefined) => {
  if (line?.kind !== "lyrics") throw new Error(`expected a lyrics line, got ${line?.kind}`);
  return line.pairs;
};

const AMAZING_GRACE = `{title: Amazing Grace}
{artist: John Newton}
{key: G}
{tag: hymn}
{tag: grace}

{start_of_verse: Verse 1}
A[G]mazing [G7]grace, how [C]sweet the [G]sound
That [G]saved a wretch like [D]me
{end_of_verse}
`;

describe("metadata directives", () => {
  it.each([
    ["title", "{title: Amazing Grace}", "title", "Amazing Grace"],
    ["t", "{t: Amazing Grace}", "title", "Amazing Grace"],
    ["subtitle", "{subtitle: New Britain}", "subtitle", "New Britain"],
    ["st", "{st: New Britain}", "subtitle", "New Britain"],
    ["artist", "{artist: John Newton}", "artist", "John Newton"],
    ["composer", "{composer: Traditional}", "composer", "Traditional"],
    ["lyricist", "{lyricist: John Newton}", "lyricist", "John Newton"],
    ["key", "{key: G}", "key", "G"],
    ["tempo", "{tempo: 72}", "tempo", "72"],
    ["time", "{time: 3/4}", "time", "3/4"],
    ["capo", "{capo: 2}", "capo", "2"],
    ["duration", "{duration: 3:40}", "duration", "3:40"],
    ["copyright", "{copyright: Public domain}", "copyright", "Public domain"],
    ["meta", "{meta: artist John Newton}", "artist", "John Newton"],
    ["a space instead of a colon", "{title Amazing Grace}", "title", "Amazing Grace"],
    ["an upper-case name", "{Title: Amazing Grace}", "title", "Amazing Grace"],
  ])("reads %s", (_name, text, field, value) => {
    expect(parseSong(text).metadata).toMatchObject({ [field]: value });
  });

  it("collects several tags in order without duplicates", () => {
    const sheet = parseSong("{tag: hymn}\n{tag: grace}\n{tag: hymn}\n");
    expect(sheet.metadata.tags).toEqual(["hymn", "grace"]);
  });

  it("records {transpose: n} without changing the written chords", () => {
    const sheet = parseSong("{transpose: -2}\n[G]Amazing grace");
    expect(sheet.metadata.transpose).toBe(-2);
    expect(lyrics(sheet.sections[0]?.lines[0])[0]?.chord).toBe("G");
  });

  it("ignores a metadata directive meant for one voice only", () => {
    expect(parseSong("{key-alto: D}\n{key: G}").metadata.key).toBe("G");
  });
});

describe("lyrics and chords", () => {
  it("splits a line into chord/lyric pairs", () => {
    const sheet = parseSong(AMAZING_GRACE);
    expect(lyrics(sheet.sections[0]?.lines[0])).toEqual([
      { chord: null, lyric: "A" },
      { chord: "G", lyric: "mazing " },
      { chord: "G7", lyric: "grace, how " },
      { chord: "C", lyric: "sweet the " },
      { chord: "G", lyric: "sound" },
    ]);
  });

  it("keeps [*annotations] apart from chords", () => {
    const sheet = parseSong("[*Rit.]Through [D]many [*ff]dangers");
    expect(lyrics(sheet.sections[0]?.lines[0])).toEqual([
      { chord: null, annotation: "Rit.", lyric: "Through " },
      { chord: "D", lyric: "many " },
      { chord: null, annotation: "ff", lyric: "dangers" },
    ]);
  });

  it("keeps a chord with no lyric under it", () => {
    expect(lyrics(parseSong("[G][D/F#]Be thou my [Em]vision").sections[0]?.lines[0])).toEqual([
      { chord: "G", lyric: "" },
      { chord: "D/F#", lyric: "Be thou my " },
      { chord: "Em", lyric: "vision" },
    ]);
  });

  it("drops # comment lines", () => {
    const sheet = parseSong("# a note for the editor\n[C]Joy to the world\n  # indented too");
    expect(sheet.sections).toHaveLength(1);
    expect(sheet.sections[0]?.lines).toHaveLength(1);
  });

  it("reads an unclosed bracket as lyric text", () => {
    expect(lyrics(parseSong("Joy to [C the world").sections[0]?.lines[0])).toEqual([
      { chord: null, lyric: "Joy to [C the world" },
    ]);
  });
});

describe("comments", () => {
  it.each([
    ["comment", "normal"],
    ["c", "normal"],
    ["highlight", "highlight"],
    ["comment_italic", "italic"],
    ["ci", "italic"],
    ["comment_box", "box"],
    ["cb", "box"],
  ])("reads {%s} as a %s comment", (directive, style) => {
    const sheet = parseSong(`{${directive}: Slowly}`);
    expect(sheet.sections[0]?.lines[0]).toEqual({ kind: "comment", style, text: "Slowly" });
  });

  it("keeps the voice of {comment-alto: …}", () => {
    const sheet = parseSong("{comment-alto: Altos enter here}");
    expect(sheet.sections[0]?.lines[0]).toEqual({
      kind: "comment",
      style: "normal",
      text: "Altos enter here",
      voice: "alto",
    });
  });
});

describe("environments", () => {
  it.each([
    ["start_of_verse", "end_of_verse", "verse"],
    ["sov", "eov", "verse"],
    ["start_of_chorus", "end_of_chorus", "chorus"],
    ["soc", "eoc", "chorus"],
    ["start_of_bridge", "end_of_bridge", "bridge"],
    ["sob", "eob", "bridge"],
  ])("reads {%s}…{%s} as a %s section", (start, end, type) => {
    const sheet = parseSong(`{${start}}\n[C]Joy to the world\n{${end}}`);
    expect(sheet.sections).toHaveLength(1);
    expect(sheet.sections[0]).toMatchObject({ type, lines: [{ kind: "lyrics" }] });
  });

  it.each([
    ["start_of_tab", "end_of_tab", "tab"],
    ["sot", "eot", "tab"],
    ["start_of_grid", "end_of_grid", "grid"],
    ["sog", "eog", "grid"],
  ] as const)("keeps the text of {%s}…{%s} verbatim", (start, end, kind) => {
    const sheet = parseSong(`{${start}}\ne|--[3]--0--|\n{${end}}`);
    expect(sheet.sections[0]).toEqual({ type: kind, lines: [{ kind, text: "e|--[3]--0--|" }] });
  });

  it("reads a label= attribute", () => {
    expect(parseSong('{start_of_verse: label="Verse 1"}\nla\n{end_of_verse}').sections[0]?.label).toBe(
      "Verse 1",
    );
  });

  it("reads a plain argument as the label", () => {
    expect(parseSong("{soc: Refrain}\nla\n{eoc}").sections[0]?.label).toBe("Refrain");
  });

  it("reads custom environments with their name and label", () => {
    const sheet = parseSong('{start_of_intro label="Intro"}\n[G] [D]\n{end_of_intro}');
    expect(sheet.sections[0]).toMatchObject({ type: "custom", name: "intro", label: "Intro" });
  });

  it("keeps the voice of {start_of_verse-soprano}", () => {
    const sheet = parseSong("{start_of_verse-soprano: Descant}\nGlo-[G]ria\n{end_of_verse-soprano}");
    expect(sheet.sections[0]).toMatchObject({ type: "verse", voice: "soprano", label: "Descant" });
  });

  it("closes an environment left open at the end", () => {
    const sheet = parseSong("{soc}\n[C]Joy to the world");
    expect(sheet.sections).toHaveLength(1);
    expect(sheet.sections[0]?.type).toBe("chorus");
  });

  it("keeps blank lines inside an environment but not at its edges", () => {
    const sheet = parseSong("{sov}\n\nline one\n\nline two\n\n{eov}");
    expect(sheet.sections[0]?.lines.map((line) => line.kind)).toEqual(["lyrics", "empty", "lyrics"]);
  });
});

describe("chorus recall", () => {
  const text = "{soc: Chorus}\n[G]Glory\n{eoc}\n\n{sov}\nverse\n{eov}\n\n{chorus}\n\n{chorus: Last chorus}";

  it("copies the last chorus and marks it recalled", () => {
    const sheet = parseSong(text);
    const [chorus, , recall] = sheet.sections as [Section, Section, Section];
    expect(recall).toEqual({ ...chorus, recall: true });
    expect(recall.lines).not.toBe(chorus.lines);
  });

  it("uses the label given to {chorus: …}", () => {
    expect(parseSong(text).sections[3]).toMatchObject({ type: "chorus", recall: true, label: "Last chorus" });
  });

  it("gives an empty chorus when none was written before", () => {
    expect(parseSong("{chorus}").sections).toEqual([{ type: "chorus", recall: true, lines: [] }]);
  });
});

describe("sections outside environments", () => {
  it("groups consecutive lines and splits paragraphs at blank lines", () => {
    const sheet = parseSong("line one\nline two\n\n\nline three\n{c: Slowly}");
    expect(sheet.sections.map((s) => [s.type, s.lines.length])).toEqual([
      ["none", 2],
      ["none", 2],
    ]);
  });
});

describe("ignored directives", () => {
  it("silently ignores x_ directives and unknown ones", () => {
    const sheet = parseSong("{x_choir_part: SATB}\n{new_page}\n{textfont: Serif}\n{foo}\n[C]Joy");
    expect(sheet.sections).toHaveLength(1);
    expect(sheet.sections[0]?.lines).toHaveLength(1);
    expect(sheet.metadata).toEqual({ tags: [] });
  });
});

describe("robustness", () => {
  it.each([
    ["unclosed brackets", "[C Joy [G to\n[the] world ["],
    ["stray braces", "{\n}\n{}\n{:}\n{start_of_}\n}{ {c: x"],
    ["unbalanced environments", "{eoc}\n{eov}\n{soc}\n{sov}\n{eoc}{eoc}"],
    ["only whitespace", " \n\t\n\r\n"],
    ["an empty string", ""],
    ["control characters", "\u0000[\u0001]{\u0002}"],
  ])("parses %s without throwing", (_name, text) => {
    expect(() => parseSong(text)).not.toThrow();
    expect(() => toChordPro(parseSong(text))).not.toThrow();
  });

  it("parses a megabyte of text quickly, keeping its first MAX_RENDERED_LINES lines", () => {
    const text = `{soc}\n${"[C]Joy to the [G]world, the [F]Lord is [C]come\n".repeat(25_000)}{eoc}\n`;
    const started = Date.now();
    const sheet = parseSong(text);
    expect(sheet.truncated).toBe(true);
    expect(sheet.sections[0]?.lines).toHaveLength(MAX_RENDERED_LINES - 1);
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it("survives a very long line of brackets", () => {
    expect(() => parseSong("[".repeat(200_000))).not.toThrow();
    expect(() => parseSong("[x]".repeat(200_000))).not.toThrow();
  });
});

describe("toChordPro", () => {
  it("writes the sheet back so it parses to the same model", () => {
    const text = `${AMAZING_GRACE}
{start_of_chorus-soprano: label="Refrain"}
[*Rit.][C]Glory, [G]glory
{comment_box: Repeat}
{end_of_chorus-soprano}

{chorus}

{start_of_tab}
e|--3--|
{end_of_tab}

{start_of_outro: Coda}
[G]Amen
{end_of_outro}

Loose line
{highlight-tenor: Tenors only}
`;
    const sheet = parseSong(text);
    const written = toChordPro(sheet);
    expect(parseSong(written)).toEqual(sheet);
    expect(written).toContain("{start_of_chorus-soprano: Refrain}");
    expect(written).toContain("{chorus}");
    expect(written).toContain("{highlight-tenor: Tenors only}");
  });

  it("quotes a label that looks like an attribute", () => {
    const sheet = parseSong('{sov: label="a=\\"b\\""}\nla\n{eov}');
    expect(sheet.sections[0]?.label).toBe('a="b"');
    expect(parseSong(toChordPro(sheet))).toEqual(sheet);
  });
});
