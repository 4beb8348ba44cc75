import { hasInlineChord, isChordLine, parseChordsOverWords } from "./chords-over-words";
import { readField } from "./text-header";
import type { SongSheet } from "./types";

/**
 * OnSong's text files, as its format is publicly described: the song's title on the first line and its artist on the
 * second (unless either is a field), then field lines (`Key: G`, `Capo: 2`, `Tempo: 96`, `Time: 3/4`, `CCLI: …`,
 * `Copyright: …`, `Tags: …`), then the song: section labels on lines of their own (`Verse 1:`, `Chorus:`, `[Bridge]`)
 * and chords inline in brackets (`[G]Amazing [C]grace`), or on a line of their own above the words. Everything but
 * the inline chords is what chords-over-words.ts already reads; this module adds them and the bare artist line.
 */

/** The lines read to tell an OnSong text from other text. */
const DETECTION_LINES = 60;
/** A section label on a line of its own: `Verse 1:`, `Chorus:`. */
const LABEL = /^[^:[\]{}]{1,38}:$/;

/** A line that is neither a field, a label, chords nor blank: the bare title or artist of OnSong's header. */
function isBare(line: string | undefined): line is string {
  const text = line?.trim();
  return (
    text !== undefined &&
    text !== "" &&
    text.length <= 200 &&
    !readField(text) &&
    !LABEL.test(text) &&
    !hasInlineChord(text) &&
    !isChordLine(text)
  );
}

/**
 * The header's lines with OnSong's bare artist written as a field: a bare first line (the title) and a bare second
 * line followed by a field, a label or a blank line become `Title: …` and `Artist: …`.
 */
export function onSongHeaderLines(lines: string[]): string[] {
  let first = 0;
  while (first < lines.length && lines[first]!.trim() === "") first++;
  const [title, artist, after] = [lines[first], lines[first + 1], lines[first + 2]];
  if (!isBare(title) || !isBare(artist)) return lines;
  const next = after?.trim();
  if (next !== undefined && next !== "" && !readField(next) && !LABEL.test(next)) return lines;
  const rewritten = [...lines];
  rewritten[first] = `Title: ${title.trim()}`;
  rewritten[first + 1] = `Artist: ${artist.trim()}`;
  return rewritten;
}

/** An OnSong text read into the render model (cut at MAX_RENDERED_LINES like the others). */
export function parseOnSong(input: string): SongSheet {
  return parseChordsOverWords(input, { inlineChords: true, headerLines: onSongHeaderLines });
}

/**
 * Whether a text with inline [chords] and no ChordPro directive is written the OnSong way: a section label on a line
 * of its own, or a field line (`Key: G`) near the top. One pass over its first lines.
 */
export function looksLikeOnSong(text: string): boolean {
  let labels = 0;
  let fields = 0;
  let chords = 0;
  const lines = text.split(/\r\n|\r|\n/, DETECTION_LINES);
  for (const [index, line] of lines.entries()) {
    const trimmed = line.trim();
    if (trimmed.startsWith("{") && trimmed.endsWith("}")) return false;
    if (LABEL.test(trimmed)) labels++;
    else if (index < 12 && readField(trimmed)) fields++;
    else if (hasInlineChord(trimmed)) chords++;
  }
  return chords > 0 && labels + fields > 0;
}
