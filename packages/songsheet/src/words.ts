import type { ChordLyricPair } from "./types";

/** A piece of a word: the chord (or annotation) over it and the syllables up to the next chord. */
export interface WordSegment {
  chord: string | null;
  annotation?: string;
  text: string;
}

/** The unit a renderer wraps: a word's chord/lyric segments never part, `space` is the white space after it. */
export interface SheetWord {
  segments: WordSegment[];
  space: string;
  /** Some segment carries a chord or an annotation. */
  hasMarks: boolean;
}

/** `[*Rit.][G]word`: the note and the chord stand together over "word" instead of the note pushing it away. */
function mergeAnnotations(pairs: ChordLyricPair[]): ChordLyricPair[] {
  const merged: ChordLyricPair[] = [];
  for (const pair of pairs) {
    const previous = merged[merged.length - 1];
    if (
      previous &&
      previous.annotation !== undefined &&
      !previous.chord &&
      previous.lyric === "" &&
      pair.chord &&
      pair.annotation === undefined
    ) {
      merged[merged.length - 1] = { ...pair, annotation: previous.annotation };
    } else {
      merged.push(pair);
    }
  }
  return merged;
}

/**
 * Split a line's chord/lyric pairs into words for wrapping: the lyric of a pair up to its first white space
 * belongs to the word before it, so `A[G]ma[C]zing grace` is the word "Amazing" of three segments, then "grace".
 * A chord over nothing (`[G] [C]`) is a word of its own with empty text.
 */
export function sheetWords(linePairs: ChordLyricPair[]): SheetWord[] {
  const words: SheetWord[] = [];
  let current: SheetWord | null = null;
  const startWord = (): SheetWord => {
    const word: SheetWord = { segments: [], space: "", hasMarks: false };
    words.push(word);
    current = word;
    return word;
  };
  for (const pair of mergeAnnotations(linePairs)) {
    const isMarked = Boolean(pair.chord) || pair.annotation !== undefined;
    const parts = pair.lyric.split(/(\s+)/);
    parts.forEach((part, index) => {
      if (index % 2 === 1) {
        (current ?? startWord()).space += part;
        return;
      }
      const carriesMark = index === 0 && isMarked;
      if (part === "" && !carriesMark) return;
      const word: SheetWord = current && current.space === "" ? current : startWord();
      const segment: WordSegment = { chord: carriesMark ? pair.chord : null, text: part };
      if (carriesMark && pair.annotation !== undefined) segment.annotation = pair.annotation;
      if (carriesMark) word.hasMarks = true;
      word.segments.push(segment);
    });
  }
  return words;
}
