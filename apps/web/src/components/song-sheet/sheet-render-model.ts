/**
 * The sheet's render model: its sections as lines of words and words of chord/lyric pairs, each with a key, and
 * the slices a long sheet is drawn in (one slice a task, so the page keeps answering while thousands of lines
 * appear).
 */
import {
  type ChordLyricPair,
  type CommentStyle,
  type Section,
  type SheetWord,
  type SongSheet,
  sheetWords,
  type WordSegment,
} from "@choir/songsheet";
import { useEffect, useMemo, useState } from "react";

/** A word of {@link sheetWords} (its pairs stay together when a line wraps), with keys for it and its segments. */
export interface Word extends SheetWord {
  id: string;
  segments: (WordSegment & { id: string })[];
}

export type ViewLine =
  | { id: string; kind: "chords"; words: Word[]; hasLyrics: boolean }
  | { id: string; kind: "text"; text: string }
  | { id: string; kind: "comment"; style: CommentStyle; text: string; voice?: string }
  | { id: string; kind: "mono"; text: string }
  | { id: string; kind: "empty" };

export interface ViewSection {
  id: string;
  section: Section;
  lines: ViewLine[];
}

/** A line's words as the song sheet package groups them (`A[G]ma[C]zing grace`: "Amazing", "grace"), keyed. */
function toWords(linePairs: ChordLyricPair[], lineId: string): Word[] {
  return sheetWords(linePairs).map((word, wordIndex) => {
    const id = `${lineId}w${wordIndex}`;
    return {
      ...word,
      id,
      segments: word.segments.map((segment, segmentIndex) => ({ ...segment, id: `${id}s${segmentIndex}` })),
    };
  });
}

export function toViewSections(sheet: SongSheet): ViewSection[] {
  return sheet.sections.map((section, sectionIndex) => {
    const sectionId = `s${sectionIndex}`;
    const lines = section.lines.map((line, lineIndex): ViewLine => {
      const id = `${sectionId}l${lineIndex}`;
      switch (line.kind) {
        case "lyrics": {
          const isMarked = line.pairs.some((pair) => pair.chord || pair.annotation !== undefined);
          if (!isMarked) return { id, kind: "text", text: line.pairs.map((pair) => pair.lyric).join("") };
          return {
            id,
            kind: "chords",
            words: toWords(line.pairs, id),
            hasLyrics: line.pairs.some((pair) => pair.lyric.trim() !== ""),
          };
        }
        case "comment":
          return line.voice
            ? { id, kind: "comment", style: line.style, text: line.text, voice: line.voice }
            : { id, kind: "comment", style: line.style, text: line.text };
        case "tab":
        case "grid":
          return { id, kind: "mono", text: line.text };
        default:
          return { id, kind: "empty" };
      }
    });
    return { id: sectionId, section, lines };
  });
}

/**
 * Lines drawn in one go: a longer sheet is drawn a slice at a time, one task each, so the page keeps answering
 * while a song of thousands of lines appears.
 */
export const LINES_PER_SLICE = 250;

/** The sections holding the sheet's first `count` lines (a section without lines counts one); whether that is all. */
function firstLines(sections: ViewSection[], count: number): { views: ViewSection[]; isWhole: boolean } {
  const views: ViewSection[] = [];
  let left = count;
  for (const view of sections) {
    if (left <= 0) return { views, isWhole: false };
    if (view.lines.length > left) {
      views.push({ ...view, lines: view.lines.slice(0, left) });
      return { views, isWhole: false };
    }
    views.push(view);
    left -= Math.max(1, view.lines.length);
  }
  return { views, isWhole: true };
}

/** The part of the sheet drawn so far: one more slice after each paint until the whole sheet is there. */
export function useSlicedSections(sections: ViewSection[]): { views: ViewSection[]; isWhole: boolean } {
  const [drawn, setDrawn] = useState({ sections, lines: LINES_PER_SLICE });
  // A new sheet (another song, key or view) starts again from its first slice.
  const lines = drawn.sections === sections ? drawn.lines : LINES_PER_SLICE;
  const slice = useMemo(() => firstLines(sections, lines), [sections, lines]);
  useEffect(() => {
    if (slice.isWhole) return;
    const timer = setTimeout(() => setDrawn({ sections, lines: lines + LINES_PER_SLICE }), 0);
    return () => clearTimeout(timer);
  }, [slice.isWhole, sections, lines]);
  return slice;
}
