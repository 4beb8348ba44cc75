import { ChordProParser } from "chordsheetjs";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { parseSong } from "./index";

// chordsheetjs is the reference reader of ChordPro: on well-formed songs both must agree on every chord/lyric pair.
function referencePairs(text: string): [string | null, string][][] {
  const song = new ChordProParser().parse(text);
  const lines: [string | null, string][][] = [];
  for (const line of song.lines) {
    const pairs: [string | null, string][] = [];
    for (const item of line.items) {
      const candidate = item as { chords?: unknown; lyrics?: unknown };
      if (typeof candidate.lyrics === "string" && typeof candidate.chords === "string") {
        const chord = candidate.chords || null;
        const previous = pairs[pairs.length - 1];
        // chordsheetjs splits lyrics at word boundaries; join the pieces that have no chord of their own.
        if (chord === null && previous) previous[1] += candidate.lyrics;
        else pairs.push([chord, candidate.lyrics]);
      }
    }
    const meaningful = pairs.filter(([chord, lyric]) => chord !== null || lyric !== "");
    if (meaningful.length > 0) lines.push(meaningful);
  }
  return lines;
}

function ourPairs(text: string): [string | null, string][][] {
  return parseSong(text, { format: "chordpro" }).sections.flatMap((section) =>
    section.lines.flatMap((line) =>
      line.kind === "lyrics"
        ? [line.pairs.map((pair): [string | null, string] => [pair.chord, pair.lyric])]
        : [],
    ),
  );
}

const word = fc.string({
  unit: fc.constantFrom(..."abcdefghilmnorstuvy".split("")),
  minLength: 1,
  maxLength: 7,
});
const chord = fc.constantFrom("C", "G7", "Am", "F#m7", "Bb/D", "Ebmaj7", "Dsus4", "Bm7b5");
const line = fc
  .array(fc.tuple(fc.option(chord, { nil: undefined }), word), { minLength: 1, maxLength: 6 })
  .map((parts) =>
    parts
      .map(([c, w]) => `${c ? `[${c}]` : ""}${w} `)
      .join("")
      .trimEnd(),
  );
const block = fc.tuple(
  fc.constantFrom("verse", "chorus", "bridge", null),
  fc.array(line, { minLength: 1, maxLength: 4 }),
);

describe("agreement with chordsheetjs", () => {
  it("reads the same chord/lyric pairs as chordsheetjs on well-formed songs", () => {
    fc.assert(
      fc.property(fc.array(block, { minLength: 1, maxLength: 5 }), (blocks) => {
        const text = blocks
          .map(([env, lines]) =>
            (env ? [`{start_of_${env}}`, ...lines, `{end_of_${env}}`] : lines).join("\n"),
          )
          .join("\n\n");
        expect(ourPairs(`{title: Song}\n${text}\n`)).toEqual(referencePairs(`{title: Song}\n${text}\n`));
      }),
      { numRuns: 200 },
    );
  });

  it("reads the same metadata as chordsheetjs on a public-domain hymn", () => {
    const text = "{title: Be Thou My Vision}\n{key: D}\n{artist: Traditional}\n[D]Be thou my [G]vi[D]sion";
    const song = new ChordProParser().parse(text);
    const sheet = parseSong(text);
    expect(sheet.metadata).toMatchObject({ title: song.title, key: song.key, artist: song.artist });
    expect(ourPairs(text)).toEqual(referencePairs(text));
  });
});
