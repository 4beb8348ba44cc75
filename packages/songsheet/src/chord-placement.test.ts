import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  type ChordPlacement,
  changeChord,
  chordName,
  chordPlacement,
  keyChords,
  lyricsOnly,
  moveChord,
  parseChordPro,
  parseLyricsLine,
  placeChord,
  placementSyllables,
  removeChord,
  syllableStarts,
} from "./index";

/** The words of a text's lyric lines, each as its syllables (a chord shown as `[G]` before the one it stands over). */
function wordsOf(text: string): string[][] {
  return chordPlacement(text).lines.flatMap((line) =>
    line.kind === "lyrics"
      ? line.words.map((word) =>
          word.syllables.map(
            (syllable) => syllable.chords.map((c) => `[${c.chord}]`).join("") + syllable.text,
          ),
        )
      : [],
  );
}

const syllablesOf = (word: string) => {
  const characters = Array.from(word);
  const starts = syllableStarts(characters);
  return starts.map((start, index) => characters.slice(start, starts[index + 1]).join(""));
};

describe("syllables", () => {
  it("cuts English and Spanish words at their vowel groups", () => {
    expect(syllablesOf("Amazing")).toEqual(["A", "ma", "zing"]);
    expect(syllablesOf("gracias")).toEqual(["gra", "cias"]);
    expect(syllablesOf("cantemos")).toEqual(["can", "te", "mos"]);
    expect(syllablesOf("noche")).toEqual(["no", "che"]);
    expect(syllablesOf("hablar")).toEqual(["ha", "blar"]);
    expect(syllablesOf("aquí")).toEqual(["a", "quí"]);
    expect(syllablesOf("siguiente")).toEqual(["si", "guien", "te"]);
    expect(syllablesOf("instante")).toEqual(["ins", "tan", "te"]);
    expect(syllablesOf("mayo")).toEqual(["ma", "yo"]);
    expect(syllablesOf("Señor,")).toEqual(["Se", "ñor,"]);
    expect(syllablesOf("¡Aleluya!")).toEqual(["¡A", "le", "lu", "ya!"]);
  });

  it("keeps a word without vowels whole, and gives each Han, kana or Hangul character its own", () => {
    expect(syllablesOf("Hmm")).toEqual(["Hmm"]);
    expect(syllablesOf("123")).toEqual(["123"]);
    expect(syllablesOf("主啊")).toEqual(["主", "啊"]);
    expect(syllablesOf("사랑")).toEqual(["사", "랑"]);
  });
});

describe("chordPlacement", () => {
  it("reads the words and syllables of lyric lines with the chords over them", () => {
    expect(wordsOf("A[G]ma[C]zing [D]grace")).toEqual([
      ["A", "[G]ma", "[C]zing"],
      ["[D]gra", "ce"],
    ]);
  });

  it("places a chord standing before white space or at the end of a line as a word of its own", () => {
    expect(wordsOf("[G] [C]  la [D]")).toEqual([["[G]"], ["[C]"], ["la"], ["[D]"]]);
  });

  it("ties each syllable to its place in the text and each chord to its brackets", () => {
    const text = "{title: Hymn}\n[G]Holy, ho[D]ly\n";
    const placement = chordPlacement(text);
    const syllables = placementSyllables(placement);
    expect(syllables.map((s) => [s.text, text.slice(s.at, s.at + s.text.length)])).toEqual([
      ["Ho", "Ho"],
      ["ly,", "ly,"],
      ["ho", "ho"],
      ["ly", "ly"],
    ]);
    const [g] = syllables[0]!.chords;
    expect(text.slice(g!.start, g!.end)).toBe("[G]");
    expect(syllables[3]!.chords.map((c) => c.chord)).toEqual(["D"]);
  });

  it("leaves directives, comments, tablature and annotations as they are", () => {
    const text = [
      "{title: Hymn}",
      "# [G] not a chord here",
      "{start_of_tab}",
      "e|--[3]--|",
      "{end_of_tab}",
      "[*Rit.]Slow[G]ly",
      "",
    ].join("\n");
    const placement = chordPlacement(text);
    expect(placement.lines.map((line) => line.kind)).toEqual([
      "directive",
      "comment",
      "directive",
      "tab",
      "directive",
      "lyrics",
      "empty",
    ]);
    const slowly = placementSyllables(placement);
    expect(slowly.map((s) => [s.text, s.annotations, s.chords.map((c) => c.chord)])).toEqual([
      ["Slow", ["Rit."], []],
      ["ly", [], ["G"]],
    ]);
  });

  it("reads brackets as the parser does: an unclosed or empty bracket is text", () => {
    expect(wordsOf("a[b [] [*] c[G]d")).toEqual([["a[b"], ["[]"], ["[*]"], ["c", "[G]d"]]);
  });

  it("puts chord lines written over the words inline, and says so", () => {
    const placement = chordPlacement("G         D\nAmazing grace\n");
    expect(placement.inlined).toBe(true);
    expect(placement.text).toContain("[G]");
    expect(chordPlacement("[G]Amazing").inlined).toBe(false);
  });

  it("keeps letters with combining accents whole", () => {
    const text = "Mari\u0301a [G]canta";
    const syllables = placementSyllables(chordPlacement(text));
    expect(syllables.map((s) => s.text)).toEqual(["Ma", "ri\u0301a", "can", "ta"]);
  });
});

describe("editing chords", () => {
  const text = "{key: G}\nA[G]ma[C]zing grace\n";
  const placement = chordPlacement(text);
  const [a, ma, zing, gra] = placementSyllables(placement);

  it("places a chord before a syllable", () => {
    expect(placeChord(text, gra!.at, "D")).toBe("{key: G}\nA[G]ma[C]zing [D]grace\n");
    expect(placeChord(text, a!.at, " Em7 ")).toBe("{key: G}\n[Em7]A[G]ma[C]zing grace\n");
  });

  it("changes, removes and moves a chord", () => {
    const g = ma!.chords[0]!;
    expect(changeChord(text, g, "G7")).toBe("{key: G}\nA[G7]ma[C]zing grace\n");
    expect(removeChord(text, g)).toBe("{key: G}\nAma[C]zing grace\n");
    expect(moveChord(text, g, gra!.at)).toBe("{key: G}\nAma[C]zing [G]grace\n");
    expect(moveChord(text, zing!.chords[0]!, a!.at)).toBe("{key: G}\n[C]A[G]mazing grace\n");
  });

  it("refuses what cannot be a chord, and marks that are no longer where they were", () => {
    expect(placeChord(text, gra!.at, "")).toBe(text);
    expect(placeChord(text, gra!.at, "[x]")).toBe(text);
    expect(placeChord(text, gra!.at, "*Rit.")).toBe(text);
    expect(placeChord(text, text.length + 1, "D")).toBe(text);
    expect(removeChord(text, { chord: "G", start: 1, end: 4 })).toBe(text);
    expect(chordName("  F#m7b5 ")).toBe("F#m7b5");
    expect(chordName("N.C.")).toBe("N.C.");
    expect(chordName("a".repeat(31))).toBeNull();
  });

  it("never places a chord between the halves of a character outside the basic plane", () => {
    const emoji = "🎵la";
    expect(placeChord(emoji, 1, "G")).toBe(emoji);
    expect(placeChord(emoji, 2, "G")).toBe("🎵[G]la");
  });
});

describe("the chords of a key", () => {
  it("lists a major key's degrees and sevenths, spelled in the key", () => {
    const f = keyChords("F");
    expect(f.key).toBe("F");
    expect(f.triads.map((c) => c.chord)).toEqual(["F", "Gm", "Am", "Bb", "C", "Dm", "Edim"]);
    expect(f.triads.map((c) => c.degree)).toEqual(["I", "ii", "iii", "IV", "V", "vi", "vii°"]);
    expect(f.sevenths.map((c) => c.chord)).toEqual(["Fmaj7", "Gm7", "Am7", "Bbmaj7", "C7", "Dm7", "Em7b5"]);
    expect(f.sevenths.map((c) => c.degree)).toEqual(["I7", "ii7", "iii7", "IV7", "V7", "vi7", "viiø7"]);
    expect(keyChords("F#").triads.map((c) => c.chord)).toEqual([
      "F#",
      "G#m",
      "A#m",
      "B",
      "C#",
      "D#m",
      "E#dim",
    ]);
  });

  it("lists a minor key's with its major dominant, and C major's when no key is known", () => {
    expect(keyChords("Am").triads.map((c) => c.chord)).toEqual([
      "Am",
      "Bdim",
      "C",
      "Dm",
      "Em",
      "F",
      "G",
      "E",
    ]);
    expect(keyChords("Am").sevenths.at(-1)).toEqual({ chord: "E7", degree: "V7" });
    expect(keyChords(null).key).toBe("C");
    expect(keyChords("not a key").triads[4]!.chord).toBe("G");
  });
});

// ── Properties ─────────────────────────────────────────────────────────────────────────────────────────────

const letter = fc.constantFrom(..."abcdeilmnorstuyáéíñóúüçAEÑ'¡!,.-".split(""), "e\u0301", "🎵", "主", "사");
const word = fc.array(letter, { minLength: 1, maxLength: 9 }).map((letters) => letters.join(""));
const chord = fc.constantFrom("G", "Am7", "C/E", "F#m7b5", "Bb", "N.C.", "D sus");
const mark = fc.oneof(
  { weight: 3, arbitrary: chord.map((c) => `[${c}]`) },
  { weight: 1, arbitrary: fc.constantFrom("[*Rit.]", "[", "[]", "]", "[*]") },
);
const lyricLine = fc
  .array(fc.tuple(fc.option(mark, { nil: "" }), word, fc.constantFrom(" ", "  ", "\t", "")), {
    minLength: 1,
    maxLength: 8,
  })
  .map((parts) => parts.map(([m, w, space]) => m + w + space).join(""));
const otherLine = fc.constantFrom(
  "{title: Canto [G] de paz}",
  "{c: Todos [Am]}",
  "# [D] nota",
  "",
  "{start_of_chorus}",
  "{end_of_chorus}",
  "{start_of_tab}\ne|--[3]--|\n{end_of_tab}",
  "{chorus}",
  "{key: G}",
);
const song = fc
  .tuple(
    fc.array(fc.oneof({ weight: 3, arbitrary: lyricLine }, { weight: 2, arbitrary: otherLine }), {
      minLength: 1,
      maxLength: 10,
    }),
    fc.constantFrom("\n", "\r\n"),
  )
  .map(([lines, eol]) => lines.join(eol));

/** A song with lyrics and one of its syllables, by index. */
const songAndSyllable = song
  .map((text) => ({ text, placement: chordPlacement(text) }))
  .filter(({ placement }) => placementSyllables(placement).length > 0)
  .chain(({ placement }) =>
    fc
      .nat(placementSyllables(placement).length - 1)
      .map((index) => ({ placement, syllable: placementSyllables(placement)[index]! })),
  );

/** What the sheet shows without its chords: the lyrics and everything else, as the parser reads them. */
const withoutChords = (text: string) => JSON.stringify(lyricsOnly(parseChordPro(text)));

/** The lines of a text that are not lyric lines (directives, comments, tablature, blanks), as written. */
function otherLines(placement: ChordPlacement): string[] {
  return placement.lines.flatMap((line) => (line.kind === "lyrics" ? [] : [line.text]));
}

/** The text up to `offset` without its chords and white space: the letters a reader has passed. */
function lettersBefore(placement: ChordPlacement, offset: number): string {
  const chords = placementSyllables(placement)
    .flatMap((s) => s.chords)
    .filter((c) => c.end <= offset)
    .sort((a, b) => a.start - b.start);
  let letters = "";
  let from = 0;
  for (const c of chords) {
    letters += placement.text.slice(from, c.start);
    from = c.end;
  }
  return (letters + placement.text.slice(from, offset)).replace(/\s+/g, "");
}

describe("chord placement properties", () => {
  it("places then removes a chord and gives back the text", () => {
    fc.assert(
      fc.property(songAndSyllable, chord, ({ placement, syllable }, name) => {
        const placed = placeChord(placement.text, syllable.at, name);
        const after = placementSyllables(chordPlacement(placed));
        const mark = after.find((s) => s.at === syllable.at + name.length + 2 || s.at === syllable.at);
        const added = after.flatMap((s) => s.chords).find((c) => c.start === syllable.at);
        expect(mark).toBeDefined();
        expect(added?.chord).toBe(name.trim());
        expect(removeChord(placed, added!)).toBe(placement.text);
      }),
    );
  });

  it("shows the placed chord over the syllable tapped, and nothing else changes but its line", () => {
    fc.assert(
      fc.property(songAndSyllable, chord, ({ placement, syllable }, name) => {
        const index = placementSyllables(placement).indexOf(syllable);
        const placed = chordPlacement(placeChord(placement.text, syllable.at, name));
        const same = placementSyllables(placed)[index]!;
        expect(same.text).toBe(syllable.text);
        expect(same.chords.map((c) => c.chord)).toEqual([...syllable.chords.map((c) => c.chord), name]);
        expect(otherLines(placed)).toEqual(otherLines(placement));
        expect(withoutChords(placed.text)).toBe(withoutChords(placement.text));
      }),
    );
  });

  it("moves a chord to any syllable: it stands there, and the words stay as they were", () => {
    const withChord = songAndSyllable.filter(({ placement }) =>
      placementSyllables(placement).some((s) => s.chords.length > 0),
    );
    fc.assert(
      fc.property(withChord, ({ placement, syllable: target }) => {
        const syllables = placementSyllables(placement);
        const from = syllables.find((s) => s.chords.length > 0)!;
        const moving = from.chords[0]!;
        const result = moveChord(placement.text, moving, target.at);
        // Not made: onto its own place, or an edit that would change how the words read (a stray bracket).
        fc.pre(result !== placement.text);
        const moved = chordPlacement(result);
        const after = placementSyllables(moved);
        // The chord stands before the letters the target did, with the same letters before it.
        const landed = after.flatMap((s) =>
          s.chords.filter((c) => c.chord === moving.chord).map((c) => ({ s, c })),
        );
        const before = lettersBefore(placement, target.at);
        expect(
          landed.some(
            ({ s, c }) => s.text.startsWith(target.text) && lettersBefore(moved, c.start) === before,
          ),
        ).toBe(true);
        expect(otherLines(moved)).toEqual(otherLines(placement));
        expect(withoutChords(moved.text)).toBe(withoutChords(placement.text));
        expect(after.flatMap((s) => s.chords).length).toBe(syllables.flatMap((s) => s.chords).length);
      }),
    );
  });

  it("removes any chord: one fewer, the words as they were", () => {
    const withChord = songAndSyllable.filter(({ syllable }) => syllable.chords.length > 0);
    fc.assert(
      fc.property(withChord, ({ placement, syllable }) => {
        const result = removeChord(placement.text, syllable.chords[0]!);
        fc.pre(result !== placement.text);
        const count = (p: ChordPlacement) => placementSyllables(p).flatMap((s) => s.chords).length;
        const removed = chordPlacement(result);
        expect(count(removed)).toBe(count(placement) - 1);
        expect(otherLines(removed)).toEqual(otherLines(placement));
        expect(withoutChords(result)).toBe(withoutChords(placement.text));
      }),
    );
  });

  it("does not take out a chord whose brackets would pair a stray one into a chord", () => {
    const text = "[a [G]a ]a";
    const [, g] = placementSyllables(chordPlacement(text));
    expect(removeChord(text, g!.chords[0]!)).toBe(text);
    expect(removeChord("G [C]D\nla", placementSyllables(chordPlacement("G [C]D\nla"))[1]!.chords[0]!)).toBe(
      "G [C]D\nla",
    );
  });

  it("changes a chord in place and nothing else", () => {
    const withChord = songAndSyllable.filter(({ syllable }) => syllable.chords.length > 0);
    fc.assert(
      fc.property(withChord, chord, ({ placement, syllable }, name) => {
        const changed = changeChord(placement.text, syllable.chords[0]!, name);
        const index = placementSyllables(placement).indexOf(syllable);
        expect(placementSyllables(chordPlacement(changed))[index]!.chords[0]!.chord).toBe(name);
        expect(withoutChords(changed)).toBe(withoutChords(placement.text));
      }),
    );
  });

  it("reads each lyric line's chords as the parser does, in order", () => {
    fc.assert(
      fc.property(lyricLine, (line) => {
        const placement = chordPlacement(line);
        if (placement.inlined) return;
        const ours = placementSyllables(placement).flatMap((s) => s.chords.map((c) => c.chord));
        const parsers = parseLyricsLine(line.trimEnd()).pairs.flatMap((pair) =>
          pair.chord ? [pair.chord] : [],
        );
        expect(ours).toEqual(parsers);
        const words = placement.lines.flatMap((l) => (l.kind === "lyrics" ? l.words : []));
        for (const w of words) expect(w.syllables.map((s) => s.text).join("")).toBe(w.text);
      }),
    );
  });

  it("never splits a character: every syllable starts on a whole letter", () => {
    fc.assert(
      fc.property(songAndSyllable, ({ placement, syllable }) => {
        const next = placement.text.codePointAt(syllable.at) ?? 0;
        expect(next >= 0xdc00 && next <= 0xdfff).toBe(false);
        expect(/^\p{M}/u.test(placement.text.slice(syllable.at))).toBe(false);
      }),
    );
  });
});
