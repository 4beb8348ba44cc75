import type { Line, Section, SongMetadata, SongSheet } from "./types";

/**
 * The most a song sheet shows, in rendered lines, `{chorus}` recalls included. Past it the parser stops: the sheet
 * keeps its start and is marked `truncated`, and the web and PDF renderers end it with a note. Five thousand lines
 * are some eighty pages of an ordinary songbook, so only runaway or hostile text reaches it, and every renderer
 * draws at most this much whatever the text.
 */
export const MAX_RENDERED_LINES = 5_000;

/**
 * Characters that make one rendered line: a longer line wraps, so it counts once for every width it starts. A chord
 * or an annotation counts its characters and two more (the space that keeps it from the next one).
 */
export const RENDERED_LINE_WIDTH = 100;

/** Chords (or annotations) that make one rendered line: a line with more wraps, as it does on a phone. */
export const RENDERED_LINE_CHORDS = 10;

/** Rendered lines of one line of the model: one, and one more for each further width it wraps into. */
export function lineCost(line: Line): number {
  let characters = 0;
  let marks = 0;
  switch (line.kind) {
    case "empty":
      return 1;
    case "lyrics":
      for (const pair of line.pairs) {
        characters += pair.lyric.length;
        if (pair.chord) {
          characters += pair.chord.length + 2;
          marks++;
        }
        if (pair.annotation !== undefined) {
          characters += pair.annotation.length + 2;
          marks++;
        }
      }
      break;
    default:
      characters = line.text.length;
  }
  return Math.max(1, Math.ceil(characters / RENDERED_LINE_WIDTH), Math.ceil(marks / RENDERED_LINE_CHORDS));
}

/** A section counts one rendered line of its own: its heading, or the space before it. */
export const SECTION_COST = 1;

/** Rendered lines of a sheet as the bound counts them; a parsed sheet never has more than MAX_RENDERED_LINES. */
export function renderedLineCount(sheet: SongSheet): number {
  let count = 0;
  for (const section of sheet.sections) {
    count += SECTION_COST;
    for (const line of section.lines) count += lineCost(line);
  }
  return count;
}

/** The rendered lines a parse may still produce; once something does not fit, the sheet is truncated. */
export class LineBudget {
  private left = MAX_RENDERED_LINES;
  truncated = false;

  /** Takes `lines` rendered lines; false (and truncated from then on) when they do not fit. */
  spend(lines: number): boolean {
    if (this.truncated || lines > this.left) {
      this.truncated = true;
      return false;
    }
    this.left -= lines;
    return true;
  }
}

/**
 * The sheet a parse made; when the text went on past the bound, marked truncated and without a last section the
 * bound left empty.
 */
export function finishSheet(metadata: SongMetadata, sections: Section[], budget: LineBudget): SongSheet {
  if (!budget.truncated) return { metadata, sections };
  if (sections.length > 0 && sections[sections.length - 1]!.lines.length === 0) sections.pop();
  return { metadata, sections, truncated: true };
}
