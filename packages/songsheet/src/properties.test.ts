import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  CONVENTIONAL_KEYS,
  keySpelling,
  parseChord,
  parseKey,
  parseSong,
  toChordPro,
  transposeChord,
  transposeSheet,
} from "./index";
import type { SongSheet } from "./types";

const TRICKY = "abcXYZ áñ  ,.!?'\"-=:*#[]{}()|/\\";
const trickyText = fc.string({ unit: fc.constantFrom(...TRICKY.split("")), maxLength: 30 });
const word = fc.string({
  unit: fc.constantFrom(..."abcdefghilmnorstuvyáéñ".split("")),
  minLength: 1,
  maxLength: 8,
});
const lyric = fc.array(word, { minLength: 1, maxLength: 5 }).map((words) => words.join(" "));

const ROOTS = ["C", "C#", "Db", "D", "Eb", "E", "F", "F#", "Gb", "G", "Ab", "A", "Bb", "B"];
const SUFFIXES = [
  "",
  "m",
  "7",
  "m7",
  "maj7",
  "sus4",
  "sus2",
  "add9",
  "dim",
  "dim7",
  "aug",
  "m7b5",
  "7(#9)",
  "6/9",
  "13",
];
const chord = fc
  .tuple(
    fc.constantFrom(...ROOTS),
    fc.constantFrom(...SUFFIXES),
    fc.option(fc.constantFrom(...ROOTS), { nil: undefined }),
  )
  .map(([root, suffix, bass]) => `${root}${suffix}${bass ? `/${bass}` : ""}`);
const chordToken = fc.oneof({ weight: 8, arbitrary: chord }, fc.constantFrom("N.C.", "x", "%"));

const lyricLine = fc
  .array(
    fc.tuple(
      fc.oneof(
        chordToken.map((c) => `[${c}]`),
        trickyText.map((t) => `[*${t.replace(/[[\]]/g, "")}]`),
        fc.constant(""),
      ),
      fc.oneof(lyric, trickyText),
    ),
    { minLength: 1, maxLength: 6 },
  )
  .map((parts) => parts.map(([c, l]) => c + l).join(""));

const COMMENTS = [
  "comment",
  "c",
  "highlight",
  "comment_italic",
  "ci",
  "comment_box",
  "cb",
  "comment-alto",
  "c-tenor",
];
const commentLine = fc.tuple(fc.constantFrom(...COMMENTS), trickyText).map(([d, t]) => `{${d}: ${t}}`);
const bodyLine = fc.oneof(
  { weight: 6, arbitrary: lyricLine },
  { weight: 2, arbitrary: commentLine },
  { weight: 2, arbitrary: fc.constant("") },
  { weight: 1, arbitrary: trickyText },
  {
    weight: 1,
    arbitrary: fc.constantFrom("# note", "{x_part: SATB}", "{new_page}", "{transpose: 3}", "{chorus}"),
  },
);

const ENVIRONMENTS = ["verse", "chorus", "bridge", "tab", "grid", "intro", "verse-soprano", "chorus-alto"];
const section = fc.oneof(
  fc.array(bodyLine, { maxLength: 6 }).map((lines) => lines.join("\n")),
  fc
    .tuple(
      fc.constantFrom(...ENVIRONMENTS),
      fc.oneof(
        fc.constant(""),
        lyric.map((l) => `: ${l}`),
        trickyText.map((l) => ` label="${l.replace(/["\\]/g, "")}"`),
      ),
      fc.array(bodyLine, { maxLength: 6 }),
    )
    .map(([env, label, lines]) => [`{start_of_${env}${label}}`, ...lines, `{end_of_${env}}`].join("\n")),
  fc.constantFrom("{chorus}", "{chorus: Again}", "{soc}\n[G]Glory\n{eoc}", "{sov}\n[*Rit.][D]la\n{eov}"),
);

const METADATA = [
  "title",
  "t",
  "subtitle",
  "artist",
  "composer",
  "lyricist",
  "key",
  "tempo",
  "time",
  "capo",
  "duration",
  "copyright",
  "ccli",
  "tag",
];
const metadataLine = fc.tuple(fc.constantFrom(...METADATA), trickyText).map(([d, v]) => `{${d}: ${v}}`);

const song = fc
  .tuple(
    fc.array(metadataLine, { maxLength: 6 }),
    fc.array(section, { maxLength: 8 }),
    fc.constantFrom("\n", "\r\n"),
  )
  .map(([meta, sections, newline]) => [...meta, ...sections].join(newline));

const chordsOf = (sheet: SongSheet) =>
  sheet.sections.flatMap((s) =>
    s.lines.flatMap((l) => (l.kind === "lyrics" ? l.pairs.map((p) => p.chord) : [])),
  );

describe("properties", () => {
  it("parse → ChordPro → parse is stable for generated songs", () => {
    fc.assert(
      fc.property(song, (text) => {
        const sheet = parseSong(text, { format: "chordpro" });
        expect(parseSong(toChordPro(sheet), { format: "chordpro" })).toEqual(sheet);
      }),
      { numRuns: 500 },
    );
  });

  it("parse → ChordPro → parse is stable for arbitrary text", () => {
    const anyLine = fc.oneof(trickyText, fc.string({ maxLength: 40 }));
    fc.assert(
      fc.property(fc.array(anyLine, { maxLength: 20 }), (lines) => {
        const sheet = parseSong(lines.join("\n"), { format: "chordpro" });
        expect(parseSong(toChordPro(sheet), { format: "chordpro" })).toEqual(sheet);
      }),
      { numRuns: 500 },
    );
  });

  it("never throws on arbitrary strings, in any format", () => {
    fc.assert(
      fc.property(
        fc.oneof(fc.string({ maxLength: 300 }), fc.string({ unit: "binary", maxLength: 300 }), song),
        fc.constantFrom("auto", "chordpro", "chords-over-words", "ultimate-guitar" as const),
        (text, format) => {
          const sheet = parseSong(text, { format });
          toChordPro(sheet);
          transposeSheet(sheet, 5);
        },
      ),
      { numRuns: 500 },
    );
  });

  it("transposing by n then by -n gives back the chords of a song spelled in its key", () => {
    const keyed = fc
      .tuple(
        fc.constantFrom(...CONVENTIONAL_KEYS),
        fc.array(
          fc.tuple(fc.nat(11), fc.constantFrom(...SUFFIXES), fc.option(fc.nat(11), { nil: undefined })),
          {
            minLength: 1,
            maxLength: 12,
          },
        ),
        fc.integer({ min: -11, max: 11 }),
      )
      .map(([key, chords, n]) => {
        const spelling = keySpelling(parseKey(key)!);
        const names = chords.map(
          ([root, suffix, bass]) =>
            `${spelling[root]}${suffix}${bass === undefined ? "" : `/${spelling[bass]}`}`,
        );
        return { key, text: `{key: ${key}}\n${names.map((c) => `[${c}]la `).join("")}`, n };
      });
    fc.assert(
      fc.property(keyed, ({ text, n }) => {
        const sheet = parseSong(text);
        const back = transposeSheet(transposeSheet(sheet, n), -n);
        expect(chordsOf(back)).toEqual(chordsOf(sheet));
        expect(back.metadata.key).toBe(sheet.metadata.key);
      }),
      { numRuns: 500 },
    );
  });

  it("transposing any chord keeps its quality and lands on the right pitch", () => {
    const pitch = (c: string) => {
      const p = parseChord(c)!;
      const base = { C: 0, D: 2, E: 4, F: 5, G: 7, A: 9, B: 11 }[p.root.letter];
      return (base + p.root.accidental + 12) % 12;
    };
    fc.assert(
      fc.property(
        chord,
        fc.integer({ min: -30, max: 30 }),
        fc.constantFrom("sharp", "flat", "auto" as const),
        (c, n, accidentals) => {
          const moved = transposeChord(c, n, { accidentals });
          expect(parseChord(moved)?.suffix).toBe(parseChord(c)?.suffix);
          expect(pitch(moved)).toBe((((pitch(c) + n) % 12) + 12) % 12);
          // With a fixed side of accidentals the way back gives the same spelling as the way there.
          if (accidentals !== "auto") {
            expect(transposeChord(moved, -n, { accidentals })).toBe(transposeChord(c, 0, { accidentals }));
          }
        },
      ),
      { numRuns: 1000 },
    );
  });
});
