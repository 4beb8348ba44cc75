import { readDirective } from "./chordpro";

/**
 * A song's title, artist and key written into its ChordPro text, as an import's preview corrected them.
 *
 * A detail given as a string replaces every line that is wholly a directive of it (`{title}` or `{t}`, `{artist}`,
 * `{key}`; a voice's own directive such as `{key-alto: …}` is left) with one `{name: value}` line where the last one
 * stood, or, when the text had none, the title at the top and the others at the end of the text's opening run of
 * metadata directives; null removes them; a detail not given leaves the text alone. The text's line breaks (`\n` or
 * `\r\n`) are kept. One pass over the lines.
 */
export interface SongDetailsEdit {
  title?: string;
  artist?: string | null;
  key?: string | null;
}

type Detail = keyof SongDetailsEdit;
const DETAILS: readonly Detail[] = ["title", "artist", "key"];
const NAMES: Record<string, Detail> = { title: "title", t: "title", artist: "artist", key: "key" };

/** Directives that open a song: the new artist and key go after the last of them. */
const OPENING = new Set([
  "title",
  "t",
  "subtitle",
  "st",
  "sorttitle",
  "artist",
  "composer",
  "lyricist",
  "arranger",
  "album",
  "year",
  "copyright",
  "ccli",
  "key",
  "tempo",
  "time",
  "capo",
  "duration",
  "tag",
  "meta",
]);

function directiveOf(line: string): { name: string; voice?: string } | null {
  const text = line.trim();
  return text.startsWith("{") ? readDirective(text) : null;
}

const oneLine = (value: string) => value.replace(/[\r\n]+/g, " ").trim();

export function writeSongDetails(text: string, details: SongDetailsEdit): string {
  const given = DETAILS.filter((detail) => details[detail] !== undefined);
  if (given.length === 0) return text;
  const newline = text.includes("\r\n") ? "\r\n" : "\n";
  const kept: string[] = [];
  const place = new Map<Detail, number>();
  for (const line of text.split(/\r\n|\r|\n/)) {
    const directive = directiveOf(line);
    const detail = directive && !directive.voice ? NAMES[directive.name] : undefined;
    if (detail && given.includes(detail)) {
      place.set(detail, kept.length);
      continue;
    }
    kept.push(line);
  }
  let opening = 0;
  while (opening < kept.length && OPENING.has(directiveOf(kept[opening]!)?.name ?? "")) opening++;
  const inserts: { at: number; order: number; line: string }[] = [];
  given.forEach((detail, order) => {
    const value = details[detail];
    if (value === null || value === undefined || oneLine(value) === "") return;
    const at = place.get(detail) ?? (detail === "title" ? 0 : opening);
    inserts.push({ at, order, line: `{${detail}: ${oneLine(value)}}` });
  });
  inserts.sort((a, b) => a.at - b.at || a.order - b.order);
  const out: string[] = [];
  let next = 0;
  for (const [index, line] of kept.entries()) {
    while (next < inserts.length && inserts[next]!.at === index) out.push(inserts[next++]!.line);
    out.push(line);
  }
  while (next < inserts.length) out.push(inserts[next++]!.line);
  return out.join(newline);
}
