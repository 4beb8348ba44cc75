/**
 * Songs written out for other tools: a ChordPro file that stands on its own (the song's title, artist and tags as
 * directives at the top, whatever its text said), an OpenLyrics file (openlyrics.ts), and the file names they go by.
 * A playlist's songs are moved to the key the choir sings them in, with the playlist and section named in a `#`
 * comment line at the top (which ChordPro readers skip).
 */
import {
  type Key,
  parseKey,
  parseSong,
  semitonesBetween,
  songKey,
  transposeChordPro,
  transposeToKey,
} from "@choir/songsheet";

export interface ExportSong {
  title: string;
  artist: string | null;
  content: string;
  tags: string[];
}

const oneLine = (text: string) => text.replace(/[\r\n{}]+/g, " ").trim();
// Directive lines, matched without runs of spaces that could trade characters with each other (linear in the line).
const HEADER_START = /^[ \t]*\{[ \t]*(?:title|t|artist)[ \t:}]/i;
const TAG_LINE = /^[ \t]*\{[ \t]*tag([: \t][^}]*)\}[ \t]*$/i;
const KEY_LINE = /^[ \t]*\{[ \t]*key[: \t][^}]*\}[ \t]*$/i;

/** `{title …}`, `{t …}` or `{artist …}`: the name, a space, colon or brace, then anything up to a closing brace. */
function isHeaderLine(line: string): boolean {
  const start = HEADER_START.exec(line);
  if (!start) return false;
  const end = line.replace(/(?<![ \t])[ \t]+$/, "");
  return end.length > start[0].length && end.endsWith("}");
}

/** A `{tag}` line's value: what follows the name, less the spaces and the one colon before it; trimmed. */
const tagOf = (line: string) =>
  TAG_LINE.exec(line)?.[1]
    ?.replace(/^[ \t]*:?/, "")
    .trim();

/**
 * The song as a ChordPro file: `{title}` and `{artist}` from the song (the text's own are replaced), a `{tag}` for
 * each tag the text does not name, then the text. Credits stay where the text has them.
 */
export function chordProFile(song: ExportSong, heading?: string): string {
  const lines = song.content.replace(/\r\n?/g, "\n").split("\n");
  const tagged = new Set(
    lines.map((line) => tagOf(line)?.toLowerCase()).filter((tag): tag is string => Boolean(tag)),
  );
  const body = lines.filter((line) => !isHeaderLine(line));
  while (body.length > 0 && body[0]!.trim() === "") body.shift();
  const head: string[] = [];
  if (heading) head.push(`# ${oneLine(heading)}`);
  head.push(`{title: ${oneLine(song.title)}}`);
  if (song.artist && oneLine(song.artist)) head.push(`{artist: ${oneLine(song.artist)}}`);
  for (const tag of song.tags) if (!tagged.has(tag.trim().toLowerCase())) head.push(`{tag: ${oneLine(tag)}}`);
  const text = [...head, ...body].join("\n");
  return text.endsWith("\n") ? text : `${text}\n`;
}

function keyText(key: Key): string {
  const accidental = key.tonic.accidental === 1 ? "#" : key.tonic.accidental === -1 ? "b" : "";
  return `${key.tonic.letter}${accidental}${key.minor ? "m" : ""}`;
}

/**
 * The text moved to the key a playlist entry sets, as the songbook does: only when the song has a key to move from
 * (its `{key}` or its first chord); the song keeps its mode. The `{key}` directive then names the new key.
 */
export function inEntryKey(content: string, entryKey: string | null): string {
  if (!entryKey || !parseKey(entryKey)) return content;
  const sheet = parseSong(content);
  const from = songKey(sheet);
  if (!from) return content;
  const target = transposeToKey(sheet, entryKey).metadata.key;
  if (!target) return content;
  const moved = transposeChordPro(content, semitonesBetween(keyText(from), target));
  const lines = moved.split("\n");
  const at = lines.findIndex((line) => KEY_LINE.test(line));
  if (at >= 0) lines[at] = `{key: ${target}}`;
  else lines.unshift(`{key: ${target}}`);
  return lines.join("\n");
}

/** A title as a file name: characters file systems refuse dropped, at most 80 characters, never empty. */
export function fileNameFor(title: string, extension: string): string {
  const base = Array.from(title.normalize("NFC"))
    .filter((char) => char >= " " && char !== "\u007f" && !'/\\:*?"<>|'.includes(char))
    .join("")
    .replace(/\s+/g, " ")
    .replace(/^[.\s]+|(?<![.\s])[.\s]+$/g, "")
    .slice(0, 80)
    .trim();
  return `${base || "song"}${extension}`;
}

/** The names made unique in order: a second "Gloria.chordpro" becomes "Gloria (2).chordpro". */
export function uniqueNames(names: string[]): string[] {
  const seen = new Set<string>();
  return names.map((name) => {
    const dot = name.lastIndexOf(".");
    const stem = dot > 0 ? name.slice(0, dot) : name;
    const extension = dot > 0 ? name.slice(dot) : "";
    let candidate = name;
    for (let n = 2; seen.has(candidate.toLowerCase()); n++) candidate = `${stem} (${n})${extension}`;
    seen.add(candidate.toLowerCase());
    return candidate;
  });
}

/** "01 - Title.chordpro": numbered in playing order, the number as wide as the count needs (at least two). */
export function numberedName(index: number, count: number, title: string): string {
  const width = Math.max(2, String(count).length);
  return fileNameFor(`${String(index + 1).padStart(width, "0")} - ${title}`, ".chordpro");
}

/** A Content-Disposition naming a download: ASCII for old readers (accents dropped), UTF-8 (RFC 6266) for the rest. */
export function attachment(name: string): string {
  const ascii =
    name
      .normalize("NFKD")
      .replace(/\p{M}+/gu, "")
      .replace(/[^\x20-\x7e]/g, "")
      .replace(/["\\]/g, "")
      .trim() || "download";
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}
