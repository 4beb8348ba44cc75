import { readDirective } from "./chordpro";
import { isTitleField } from "./text-header";

/**
 * Files that hold several songs, cut into one text per song:
 *
 * - ChordPro: a line that is wholly `{new_song}` or `{ns}` starts the next song (the directive line itself belongs to
 *   neither);
 * - chords over words and other plain text: a line of three or more `-` alone, followed (blank lines between
 *   allowed) by a title line such as `Title: …`, starts the next song; the dashes belong to neither. A `---` that
 *   closes a song's header, or stands between its verses, is not followed by a title line and cuts nothing.
 *
 * A part with nothing but blank lines (and, in ChordPro, `#` comments) is no song and is left out. A file without a
 * separator is returned whole, as written. More than `max` songs: null, found without cutting the rest. One pass
 * over the lines, each looked at once (a blank line after a separator once more).
 */

const LINE_BREAK = /\r\n|\r|\n/;

function isNewSong(line: string): boolean {
  const text = line.trim();
  if (!text.startsWith("{")) return false;
  const directive = readDirective(text);
  return directive !== null && !directive.voice && (directive.name === "new_song" || directive.name === "ns");
}

function isSeparator(line: string): boolean {
  const text = line.trim();
  return text.length >= 3 && /^-+$/.test(text);
}

const isBlank = (line: string) => line.trim() === "";
const isChordProFiller = (line: string) => isBlank(line) || line.trimStart().startsWith("#");

/** Cuts `lines` where `startsSong(index)` says and keeps the parts with something in them; null past `max`. */
function cut(
  text: string,
  max: number,
  startsSong: (lines: string[], index: number) => boolean,
  isFiller: (line: string) => boolean,
): string[] | null {
  const lines = text.split(LINE_BREAK);
  const parts: string[] = [];
  let start = 0;
  let separated = false;
  const close = (end: number): boolean => {
    const part = lines.slice(start, end);
    if (part.some((line) => !isFiller(line))) parts.push(part.join("\n"));
    return parts.length <= max;
  };
  for (let index = 0; index < lines.length; index++) {
    if (!startsSong(lines, index)) continue;
    separated = true;
    if (!close(index)) return null;
    start = index + 1;
  }
  if (!separated) return [text];
  if (!close(lines.length)) return null;
  return parts;
}

/** The songs of a ChordPro text (see the module's comment); null when there are more than `max`. */
export function splitChordProSongs(text: string, max: number): string[] | null {
  return cut(text, max, (lines, index) => isNewSong(lines[index]!), isChordProFiller);
}

/** The songs of a chords-over-words or plain text (see the module's comment); null when there are more than `max`. */
export function splitTextSongs(text: string, max: number): string[] | null {
  return cut(
    text,
    max,
    (lines, index) => {
      if (!isSeparator(lines[index]!)) return false;
      let next = index + 1;
      while (next < lines.length && isBlank(lines[next]!)) next++;
      return next < lines.length && isTitleField(lines[next]!);
    },
    isBlank,
  );
}
