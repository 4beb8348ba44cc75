import type { SongMetadata } from "./types";

/**
 * The header of a chords-over-words text: the lines above the song that say what it is. People and other tools
 * write it in a few common ways, all read here:
 *
 * - field lines, `Title: Be Still`, `Author: Ana Ruiz`, `Key: G`, `Capo: 2`, in English or Spanish
 *   (`Título:`, `Autor:`, `Tono:`), any case, in any order, blank lines between them allowed;
 * - a first line that is the title, when it is not part of the song (no chords, no section heading) and the
 *   header goes on or a blank line follows it: `Be Still` above a blank line, `Be Still` above `Key: G`;
 * - a `By Ana Ruiz` line under the title, when the header goes on or a blank line follows it;
 * - optionally closed by a line of `---`.
 *
 * The first value of a field is kept (tags add up). Everything is read in one pass, each line once.
 */

type Field = Exclude<keyof SongMetadata, "tags" | "transpose"> | "tags";

/** Field names as people write them (lower case, single spaces) → the metadata they fill. */
const FIELDS: Record<string, Field> = {
  title: "title",
  "song title": "title",
  song: "title",
  name: "title",
  título: "title",
  titulo: "title",
  subtitle: "subtitle",
  subtítulo: "subtitle",
  subtitulo: "subtitle",
  artist: "artist",
  artists: "artist",
  author: "artist",
  authors: "artist",
  by: "artist",
  band: "artist",
  performer: "artist",
  "written by": "artist",
  writer: "artist",
  writers: "artist",
  autor: "artist",
  autores: "artist",
  artista: "artist",
  intérprete: "artist",
  interprete: "artist",
  composer: "composer",
  music: "composer",
  "music by": "composer",
  compositor: "composer",
  música: "composer",
  musica: "composer",
  lyricist: "lyricist",
  words: "lyricist",
  "words by": "lyricist",
  "lyrics by": "lyricist",
  letra: "lyricist",
  key: "key",
  tone: "key",
  tono: "key",
  tonalidad: "key",
  tempo: "tempo",
  bpm: "tempo",
  time: "time",
  "time signature": "time",
  compás: "time",
  compas: "time",
  capo: "capo",
  cejilla: "capo",
  duration: "duration",
  duración: "duration",
  duracion: "duration",
  copyright: "copyright",
  ccli: "ccli",
  "ccli song": "ccli",
  "ccli song #": "ccli",
  "ccli #": "ccli",
  tag: "tags",
  tags: "tags",
  etiquetas: "tags",
};

/** The longest field name above, with some room: a longer text before a colon is not a field. */
const FIELD_NAME_MAX = 20;
/** The longest header a text may have: a text whose first lines go on being fields past it is not a header. */
const HEADER_LINES_MAX = 40;
/** The longest title or `By …` line read from a header. */
const HEADER_VALUE_MAX = 200;

/** `Title: Be Still` → the field and its value; null when the line is not a known field with a value. */
export function readField(line: string): { field: Field; value: string } | null {
  const colon = line.indexOf(":");
  if (colon <= 0 || colon > FIELD_NAME_MAX + 4) return null;
  const name = line.slice(0, colon).trim().toLowerCase().split(/\s+/).join(" ");
  const field = Object.hasOwn(FIELDS, name) ? FIELDS[name] : undefined;
  const value = line.slice(colon + 1).trim();
  if (!field || value === "") return null;
  return { field, value };
}

/** Whether a line is a title field (`Title: …`, `Título: …`): the line a new song of a text starts with. */
export function isTitleField(line: string): boolean {
  return readField(line.trim())?.field === "title";
}

/** `By Ana Ruiz` → `Ana Ruiz`; null otherwise. */
function readByLine(line: string): string | null {
  if (line.length > HEADER_VALUE_MAX || !/^by\s/i.test(line)) return null;
  const name = line.slice(3).trim();
  return name === "" ? null : name;
}

/** What a line of the song is, for the header to stop there: chords, a section heading, or neither. */
export type SongLineKind = (line: string) => "chords" | "heading" | null;

export interface TextHeader {
  metadata: SongMetadata;
  /** The index of the first line after the header. */
  next: number;
}

/** Reads the header at the top of `lines` (see the module's comment); `kind` tells song lines apart. */
export function readTextHeader(lines: readonly string[], kind: SongLineKind): TextHeader {
  const metadata: SongMetadata = { tags: [] };
  const tags = new Set<string>();
  let index = 0;
  while (index < lines.length && lines[index]!.trim() === "") index++;
  const first = index;
  /** Whether the header may go on after a line: the text ends, or a blank line, a field or `---` follows. */
  const goesOn = (at: number): boolean => {
    const next = lines[at]?.trim();
    return next === undefined || next === "" || next === "---" || readField(next) !== null;
  };
  let read = 0;
  for (; index < lines.length && read < HEADER_LINES_MAX; index++) {
    const line = lines[index]!.trim();
    if (line === "") continue;
    read++;
    const field = readField(line);
    if (field) {
      if (field.field === "tags") {
        for (const tag of field.value.split(",")) {
          const name = tag.trim();
          if (name && !tags.has(name)) {
            tags.add(name);
            metadata.tags.push(name);
          }
        }
      } else if (metadata[field.field] === undefined) {
        metadata[field.field] = field.value;
      }
      continue;
    }
    const by = metadata.title !== undefined && metadata.artist === undefined ? readByLine(line) : null;
    if (by !== null && goesOn(index + 1)) {
      metadata.artist = by;
      continue;
    }
    const next = lines[index + 1]?.trim();
    if (
      index === first &&
      line.length <= HEADER_VALUE_MAX &&
      kind(line) === null &&
      next !== undefined &&
      (goesOn(index + 1) || readByLine(next) !== null || kind(next) === "heading")
    ) {
      metadata.title = line;
      continue;
    }
    break;
  }
  while (index < lines.length && lines[index]!.trim() === "") index++;
  if (lines[index]?.trim() === "---") index++;
  return { metadata, next: index };
}
