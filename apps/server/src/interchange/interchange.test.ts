import { readFileSync } from "node:fs";
import { type Line, parseSong, readCredits, type Section } from "@choir/songsheet";
import fc from "fast-check";
import { strToU8, zipSync } from "fflate";
import { describe, expect, it } from "vitest";
import { chordProFile, fileNameFor, inEntryKey, numberedName, uniqueNames } from "./export-files.js";
import { writeOpenLyrics } from "./openlyrics.js";
import { readImportFiles, readSongFile } from "./read-files.js";

const fixture = (name: string) =>
  readFileSync(new URL(`../../test/fixtures/import/${name}`, import.meta.url), "utf8");

/** What a reader of the sheet sees of its sections: type, label, and each line's chords and words. */
function sectionsOf(content: string) {
  return parseSong(content).sections.map((section: Section) => ({
    type: section.type,
    label: section.label ?? null,
    recall: Boolean(section.recall),
    lines: section.lines.map(lineText),
  }));
}

function lineText(line: Line): string {
  if (line.kind === "lyrics")
    return line.pairs.map((p) => (p.chord ? `[${p.chord}]` : "") + p.lyric).join("");
  if (line.kind === "comment") return `# ${line.text}`;
  if (line.kind === "empty") return "";
  return line.text;
}

describe("OpenLyrics", () => {
  it("reads 0.9 chords, authors by type, credits, key, themes and the order of the verses", () => {
    const [song] = readSongFile({ name: "holy.xml", content: fixture("holy-holy-holy.xml") }, "en");
    expect(song).toMatchObject({
      title: "Holy, Holy, Holy",
      artist: "Reginald Heber, John B. Dykes",
      key: "D",
      sections: 2,
      format: "openlyrics",
      language: "en",
      otherLanguages: ["es"],
      tags: ["Trinity"],
    });
    expect(readCredits(song!.content)).toEqual({
      composer: "John B. Dykes",
      lyricist: "Reginald Heber",
      copyright: "Public Domain",
      ccli: "1234561",
    });
    expect(sectionsOf(song!.content)).toEqual([
      {
        type: "verse",
        label: "Verse 1",
        recall: false,
        lines: [
          "[D]Holy, holy, [Bm]holy! [G]Lord God Al[D]mighty!",
          "Early in the [A7/E]morning our song shall rise to [D]thee",
        ],
      },
      {
        type: "verse",
        label: "Verse 2",
        recall: false,
        lines: ["[D]Holy, holy, holy! All the saints adore thee"],
      },
    ]);
  });

  it("takes the importing person's language when the file has it, with its title and the verses without one", () => {
    const [song] = readSongFile({ name: "holy.xml", content: fixture("holy-holy-holy.xml") }, "es");
    expect(song).toMatchObject({ title: "Santo, Santo, Santo", language: "es", otherLanguages: ["en"] });
    expect(sectionsOf(song!.content)).toEqual([
      {
        type: "verse",
        label: "Estrofa 1",
        recall: false,
        lines: ["[D]¡Santo! ¡Santo! ¡Santo!", "Señor omnipotente"],
      },
    ]);
  });

  it("reads chord names and <line> elements of the older form, German note names, and recalls the chorus", () => {
    const [song] = readSongFile({ name: "morning.xml", content: fixture("morning-light.xml") }, "en");
    expect(song).toMatchObject({ title: "Morning Light", artist: "Test Choir Writers", sections: 3 });
    expect(sectionsOf(song!.content)).toEqual([
      { type: "verse", label: "Verse 1", recall: false, lines: ["[G]Over hills the dawn is breaking"] },
      {
        type: "chorus",
        label: null,
        recall: false,
        lines: ["[C]Rise, o [B]morning light", "fill the [G]valley bright"],
      },
      {
        type: "verse",
        label: "Verse 2",
        recall: false,
        lines: ["[G]All the birds again are waking", "", "every tree and every stone"],
      },
      expect.objectContaining({ type: "chorus", recall: true }),
    ]);
  });

  it("stops a verse order that repeats a part without end at the sheet's bound", () => {
    const xml = `<song xmlns="http://openlyrics.info/namespace/2009/song"><properties><titles><title>Loop</title></titles>
      <verseOrder>${"v1 ".repeat(6_000)}</verseOrder></properties>
      <lyrics><verse name="v1"><lines>round<br/>and round</lines></verse></lyrics></song>`;
    expect(() => readSongFile({ name: "loop.xml", content: xml })).toThrow(
      expect.objectContaining({ code: "song_too_long" }),
    );
  });

  it("refuses a song without lyrics, malformed XML with its line, and any DOCTYPE", () => {
    expect(() => readSongFile({ name: "none.xml", content: fixture("no-lyrics.xml") })).toThrow(
      expect.objectContaining({ code: "no_lyrics" }),
    );
    expect(() => readSongFile({ name: "broken.xml", content: fixture("broken.xml") })).toThrow(
      expect.objectContaining({ code: "xml_malformed", line: 9 }),
    );
    expect(() => readSongFile({ name: "laughs.xml", content: fixture("laughs.xml") })).toThrow(
      expect.objectContaining({ code: "xml_doctype", line: 2 }),
    );
    const deep = `<song><lyrics>${"<a>".repeat(100)}${"</a>".repeat(100)}</lyrics></song>`;
    expect(() => readSongFile({ name: "deep.xml", content: deep })).toThrow(
      expect.objectContaining({ code: "xml_too_deep" }),
    );
  });
});

describe("OpenSong and SongSelect", () => {
  it("reads OpenSong's chord lines, numbered verses, comments and presentation order", () => {
    const [song] = readSongFile({ name: "river-song", content: fixture("river-song") }, "en");
    expect(song).toMatchObject({
      title: "River Song",
      artist: "Test Choir Writers",
      key: "G",
      format: "opensong",
    });
    expect(readCredits(song!.content)).toMatchObject({ ccli: "7000002", copyright: "2024 Test Choir" });
    expect(sectionsOf(song!.content)).toEqual([
      {
        type: "verse",
        label: "Verse 1",
        recall: false,
        lines: ["[G]Down by the [C]river we [G]gather at dawn", "singing [D]together"],
      },
      {
        type: "chorus",
        label: null,
        recall: false,
        lines: ["[C]Flow, river, [G]flow", "# repeat softly", "carry our song"],
      },
      {
        type: "verse",
        label: "Verse 2",
        recall: false,
        lines: ["[G]Warm is the [C]sunlight [G]on every hill", "shining [D]so brightly"],
      },
      expect.objectContaining({ type: "chorus", recall: true }),
    ]);
  });

  it("reads SongSelect's ChordPro download: headings as sections, the footer as credits, never the licence", () => {
    const [song] = readSongFile(
      { name: "lantern.chordpro", content: fixture("lantern-hymn.chordpro") },
      "en",
    );
    expect(song).toMatchObject({
      title: "Lantern Hymn",
      artist: "Test Choir Writers, Another Writer",
      key: "E",
      sections: 2,
      format: "songselect-chordpro",
    });
    expect(readCredits(song!.content)).toMatchObject({
      ccli: "7000003",
      copyright: "2021 Example Music Publishing",
    });
    expect(song!.content).not.toContain("1111111");
    expect(song!.content).not.toMatch(/SongSelect|License/i);
    expect(sectionsOf(song!.content).map((s) => [s.type, s.label])).toEqual([
      ["verse", "Verse 1"],
      ["chorus", null],
    ]);
  });

  it("reads SongSelect's text download: title line, headers, chords over words, footer", () => {
    const [song] = readSongFile({ name: "harvest.txt", content: fixture("harvest-song.txt") }, "en");
    expect(song).toMatchObject({ title: "Harvest Song", artist: "Test Choir Writers", sections: 2 });
    expect(song!.format).toBe("songselect-text");
    expect(readCredits(song!.content)).toMatchObject({
      ccli: "7000004",
      copyright: "2022 Example Music Publishing",
    });
    expect(song!.content).not.toContain("2222222");
    const sections = sectionsOf(song!.content);
    expect(sections[0]).toMatchObject({ type: "verse", label: "Verse 1" });
    expect(sections[0]!.lines[0]).toBe("[G]Golden fields [C]beneath the [G]sky");
    expect(sections[1]).toMatchObject({ type: "chorus" });
  });
});

describe("zips", () => {
  const data = (bytes: Uint8Array) => Buffer.from(bytes).toString("base64");

  it("reads each entry of a zip, skips folders and system files, and reports bad entries on their own", async () => {
    const zip = zipSync({
      "songs/holy.xml": strToU8(fixture("holy-holy-holy.xml")),
      "songs/": new Uint8Array(),
      "__MACOSX/songs/._holy.xml": strToU8("junk"),
      "inner.zip": zipSync({ "a.cho": strToU8("[C]a") }),
      "empty.xml": strToU8(""),
    });
    const entries = await readImportFiles([{ name: "pack.zip", data: data(zip) }], "en");
    expect(entries.map((e) => [e.name, e.songs?.length ?? 0, e.problem?.code])).toEqual([
      ["pack.zip/songs/holy.xml", 1, undefined],
      ["pack.zip/inner.zip", 0, "zip_nested"],
      ["pack.zip/empty.xml", 0, "xml_malformed"],
    ]);
  });

  it("stops a zip bomb by the sizes its directory declares, and one that lies about them by the bytes", async () => {
    const big = zipSync({ "big.txt": new Uint8Array(2 * 1024 * 1024) });
    const [bigEntry] = await readImportFiles([{ name: "big.zip", data: data(big) }], "en");
    expect(bigEntry?.problem?.code).toBe("zip_entry_too_large");

    const lying = zipSync({
      "lying.txt": new Uint8Array(3 * 1024 * 1024),
      "ok.cho": strToU8("{title: Ok}\n[C]ok"),
    });
    const view = new DataView(lying.buffer);
    for (let at = 0; at < lying.length - 4; at++) {
      const signature = view.getUint32(at, true);
      if (signature === 0x04034b50 && view.getUint16(at + 26, true) === 9) view.setUint32(at + 22, 100, true);
      if (signature === 0x02014b50 && view.getUint16(at + 28, true) === 9) view.setUint32(at + 24, 100, true);
    }
    const entries = await readImportFiles([{ name: "lying.zip", data: data(lying) }], "en");
    expect(entries.map((e) => [e.name, e.problem?.code])).toEqual([
      ["lying.zip/lying.txt", "zip_entry_unreadable"],
      ["lying.zip/ok.cho", undefined],
    ]);

    const many = zipSync(
      Object.fromEntries(Array.from({ length: 20 }, (_, i) => [`f${i}.txt`, new Uint8Array(900_000)])),
    );
    const [total] = await readImportFiles([{ name: "many.zip", data: data(many) }], "en");
    expect(total?.problem?.code).toBe("zip_total_too_large");

    const crowded = zipSync(
      Object.fromEntries(Array.from({ length: 1001 }, (_, i) => [`s${i}.cho`, strToU8("x")])),
    );
    const [crowd] = await readImportFiles([{ name: "crowded.zip", data: data(crowded) }], "en");
    expect(crowd?.problem?.code).toBe("zip_too_many_entries");
  });

  it("refuses names that are not plain relative paths, and text that is not UTF-8, with its line", async () => {
    const zip = zipSync({ "../escape.cho": strToU8("[C]x"), "/abs.cho": strToU8("[C]y") });
    const entries = await readImportFiles([{ name: "paths.zip", data: data(zip) }], "en");
    expect(entries.map((e) => e.problem?.code)).toEqual(["zip_bad_name", "zip_bad_name"]);
    const latin1 = Buffer.from("{title: Canci\u00f3n}\nline two\n[C]coraz\u00f3n\n", "latin1");
    const [wrong] = await readImportFiles([{ name: "cancion.cho", data: latin1.toString("base64") }], "en");
    expect(wrong?.problem).toEqual({ code: "wrong_encoding", values: {}, line: 1 });
    const declared = Buffer.from(
      `<?xml version="1.0" encoding="ISO-8859-1"?>\n<song><title>Canci\u00f3n</title><lyrics>[V1]\n Coraz\u00f3n</lyrics></song>`,
      "latin1",
    );
    const [xml] = await readImportFiles([{ name: "cancion.xml", data: declared.toString("base64") }], "en");
    expect(xml?.songs?.[0]?.title).toBe("Canción");
  });
});

describe("export files", () => {
  it("writes a ChordPro file whose title, artist and tags are the song's", () => {
    const text = chordProFile({
      title: "New Title",
      artist: "Someone",
      content: "{title: Old}\n{t: Older}\n{key: G}\n{tag: hymn}\n[G]La",
      tags: ["hymn", "Easter"],
    });
    expect(text).toBe("{title: New Title}\n{artist: Someone}\n{tag: Easter}\n{key: G}\n{tag: hymn}\n[G]La\n");
  });

  it("moves a playlist's song to the entry's key, keeping its mode", () => {
    expect(inEntryKey("{key: G}\n[G]One [D/F#]two [Em]three", "A")).toBe(
      "{key: A}\n[A]One [E/G#]two [F#m]three",
    );
    expect(inEntryKey("{key: Em}\n[Em]One", "G")).toBe("{key: Gm}\n[Gm]One");
    expect(inEntryKey("[C]No key line", "D")).toBe("{key: D}\n[D]No key line");
    expect(inEntryKey("No chords at all", "D")).toBe("No chords at all");
  });

  it("names files safely and uniquely, numbered in order for a playlist", () => {
    expect(fileNameFor('A/B: "C"?', ".chordpro")).toBe("AB C.chordpro");
    expect(fileNameFor("...", ".xml")).toBe("song.xml");
    expect(uniqueNames(["Gloria.xml", "gloria.xml", "Gloria.xml"])).toEqual([
      "Gloria.xml",
      "gloria (2).xml",
      "Gloria (3).xml",
    ]);
    expect(numberedName(0, 12, "Kyrie")).toBe("01 - Kyrie.chordpro");
    expect(numberedName(99, 120, "Amen")).toBe("100 - Amen.chordpro");
  });
});

// ── Round trip: our OpenLyrics and ChordPro, read back, give the same song ───────────────────────────────────

const word = fc.stringMatching(/^[A-Za-zÁÉÍÓÚáéíóúñÑ']{1,8}$/);
const chord = fc.constantFrom(
  "C",
  "G",
  "Am",
  "F",
  "D7",
  "Em",
  "Bb",
  "F#m",
  "G/B",
  "Dsus4",
  "Cmaj7",
  "A7/E",
  "Bm7b5",
);
const pair = fc.record({
  chord: fc.option(chord, { nil: null }),
  lyric: fc.array(word, { minLength: 1, maxLength: 4 }),
});
const lyricLine = fc
  .array(pair, { minLength: 1, maxLength: 4 })
  .map((pairs) =>
    pairs
      .map((p, i) => `${p.chord ? `[${p.chord}]` : ""}${p.lyric.join(" ")}${i < pairs.length - 1 ? " " : ""}`)
      .join(""),
  );
const credit = fc.option(
  fc.array(word, { minLength: 1, maxLength: 3 }).map((w) => w.join(" ")),
  { nil: null },
);
const songArbitrary = fc.record({
  title: fc.array(word, { minLength: 1, maxLength: 4 }).map((w) => w.join(" ")),
  artist: fc.array(word, { minLength: 1, maxLength: 3 }).map((w) => w.join(" ")),
  key: fc.option(fc.constantFrom("C", "G", "D", "Em", "Bb"), { nil: null }),
  composer: credit,
  lyricist: credit,
  copyright: credit,
  ccli: fc.option(fc.integer({ min: 1, max: 9_999_999 }).map(String), { nil: null }),
  verses: fc.array(fc.array(lyricLine, { minLength: 1, maxLength: 4 }), { minLength: 1, maxLength: 4 }),
  chorus: fc.option(fc.array(lyricLine, { minLength: 1, maxLength: 3 }), { nil: null }),
});

type GeneratedSong = typeof songArbitrary extends fc.Arbitrary<infer T> ? T : never;

function songText(song: GeneratedSong) {
  const lines = [`{title: ${song.title}}`, `{artist: ${song.artist}}`];
  if (song.key) lines.push(`{key: ${song.key}}`);
  for (const name of ["composer", "lyricist", "copyright", "ccli"] as const) {
    if (song[name]) lines.push(`{${name}: ${song[name]}}`);
  }
  song.verses.forEach((verse, index) => {
    lines.push("", `{start_of_verse: Verse ${index + 1}}`, ...verse, "{end_of_verse}");
    if (song.chorus && index === 0) lines.push("", "{start_of_chorus}", ...song.chorus, "{end_of_chorus}");
    else if (song.chorus) lines.push("", "{chorus}");
  });
  return `${lines.join("\n")}\n`;
}

describe("round trip", () => {
  it("re-reads our OpenLyrics and ChordPro export as the same song: title, artist, key, sections, chords, credits", () => {
    fc.assert(
      fc.property(songArbitrary, (generated) => {
        const content = songText(generated);
        const exported = { title: generated.title, artist: generated.artist, content, tags: [] };
        for (const [name, text] of [
          ["song.xml", writeOpenLyrics(exported)],
          ["song.chordpro", chordProFile(exported)],
        ] as const) {
          const [read] = readSongFile({ name, content: text }, "en");
          expect(read?.title).toBe(generated.title);
          expect(read?.artist).toBe(generated.artist);
          expect(read?.key).toBe(generated.key);
          expect(readCredits(read!.content)).toEqual(readCredits(content));
          expect(sectionsOf(read!.content)).toEqual(sectionsOf(content));
        }
      }),
      { numRuns: 150 },
    );
  });
});
