/**
 * Why a file, or an entry of a zip, cannot be imported. Each problem has a stable code (the web app shows its own
 * text for it, in the reader's language, filled with `values`), an English message for scripts and logs, and the line
 * of the file where it was found, when that is known.
 */
import { type ImportProblemCode, INTERCHANGE_LIMITS, LIMITS, SONG_LIMITS } from "@choir/contract";
import { MAX_RENDERED_LINES } from "@choir/songsheet";

export type ProblemValues = Record<string, string | number>;

const n = (value: number) => value.toLocaleString("en");
const kb = (bytes: number) => `${n(Math.round(bytes / 1024))} KB`;

/** The English text of each problem; `values` fill it. */
const MESSAGES: Record<ImportProblemCode, (values: ProblemValues) => string> = {
  unsupported_type: (v) => `Unsupported file type: use ${v.types}.`,
  not_text: () => "The file is not a text file.",
  wrong_encoding: () => "The file is not UTF-8 text: save it as UTF-8 and try again.",
  file_too_large: () => `The file is too large: at most ${n(SONG_LIMITS.importFileMax)} characters.`,
  song_too_large: () => `The file is too large: a song holds at most ${n(LIMITS.songContentMax)} characters.`,
  song_too_long: () =>
    `The song is too long to convert: it would show more than ${n(MAX_RENDERED_LINES)} lines.`,
  too_many_songs: () => `The file holds more than ${n(SONG_LIMITS.importSongsMax)} songs.`,
  import_too_many_songs: () =>
    `One import creates at most ${n(SONG_LIMITS.importSongsMax)} songs: import this file on its own.`,
  invalid_json: () => "The file is not valid JSON.",
  not_an_export: () => "The file is not a song export: expected a JSON array of songs.",
  empty_export: () => "The file holds no songs.",
  invalid_song: (v) => (v.song ? `Song ${v.song}: ${v.detail}` : String(v.detail)),
  xml_malformed: (v) => `The XML is not well formed: ${v.detail}`,
  xml_doctype: () => "The XML declares a document type (DOCTYPE), which song files never need.",
  xml_too_deep: () => `The XML nests elements more than ${INTERCHANGE_LIMITS.xmlDepthMax} deep.`,
  not_a_song: () => "The XML is neither an OpenLyrics nor an OpenSong song.",
  no_lyrics: () => "The song has no lyrics.",
  zip_unreadable: () => "The zip file cannot be read.",
  zip_too_large: () => `The zip file is too large: at most ${kb(INTERCHANGE_LIMITS.zipMaxBytes)}.`,
  zip_too_many_entries: () =>
    `The zip file holds more than ${n(INTERCHANGE_LIMITS.zipEntriesMax)} entries: split it into smaller ones.`,
  zip_total_too_large: () =>
    `The zip files unpack to more than ${kb(INTERCHANGE_LIMITS.zipTotalMaxBytes)}: import fewer at a time.`,
  zip_entry_too_large: () =>
    `The file unpacks to more than ${kb(INTERCHANGE_LIMITS.zipEntryMaxBytes)}, more than a song file holds.`,
  zip_entry_unreadable: () =>
    "The file cannot be unpacked from the zip (damaged, encrypted or compressed in an unknown way).",
  zip_nested: () => "A zip inside a zip is not opened: unpack it and import its files.",
  zip_bad_name: () => "The file's name in the zip is not a plain relative path.",
  zip_empty: () => "The zip file holds no song files.",
  unreadable: () => "The file could not be read.",
  not_saved: () => "The songs of this file could not be saved.",
};

export function problemMessage(code: ImportProblemCode, values: ProblemValues = {}): string {
  return MESSAGES[code](values);
}

/** A file that cannot be imported; its message is shown to the person importing, next to the file's name. */
export class ImportFileError extends Error {
  override name = "ImportFileError";
  constructor(
    readonly code: ImportProblemCode,
    readonly values: ProblemValues = {},
    /** The line of the file (from 1) where the problem is, when known. */
    readonly line?: number,
  ) {
    super(problemMessage(code, values));
  }
}

/** A problem as the preview lists it. */
export interface ImportProblem {
  file: string;
  code: ImportProblemCode;
  message: string;
  line?: number;
  values?: ProblemValues;
}

export function toProblem(file: string, error: ImportFileError): ImportProblem {
  return {
    file,
    code: error.code,
    message: error.message,
    ...(error.line !== undefined ? { line: error.line } : {}),
    ...(Object.keys(error.values).length > 0 ? { values: error.values } : {}),
  };
}
