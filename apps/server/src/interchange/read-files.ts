/**
 * Import files read into songs: our JSON export, ChordPro (kept as written), chords over words and Ultimate Guitar
 * text (converted), SongSelect's ChordPro and text downloads, OpenLyrics and OpenSong XML, and zips of any of these.
 * Every song read becomes ChordPro text of ours: what is not ChordPro is converted through the song sheet model, with
 * the credits written as `{composer}`, `{lyricist}`, `{copyright}` and `{ccli}` directives.
 *
 * Plain functions without the database: `readImportFiles` runs in the interchange worker threads
 * (interchange-pool.ts); `readSongFile` is also used on its own (the demo library).
 */
import {
  IMPORT_FILE_EXTENSIONS,
  ImportedSong,
  type ImportFormat,
  LIMITS,
  SONG_LIMITS,
} from "@choir/contract";
import {
  detectFormat,
  detectNotation,
  looksLikeOnSong,
  parseSong,
  type SongSheet,
  splitChordProSongs,
  splitTextSongs,
  toChordPro,
} from "@choir/songsheet";
import type { z } from "zod";
import { looksLikeZip, readZip, UnpackBudget } from "./archive.js";
import { decodeText } from "./decode.js";
import { isOpenLyrics, readOpenLyrics } from "./openlyrics.js";
import { isOpenSong, readOpenSong } from "./opensong.js";
import { ImportFileError, type ProblemValues } from "./problems.js";
import type { Language } from "./sections.js";
import { isSongSelect, readSongSelectChordPro, readSongSelectText } from "./songselect.js";
import { looksLikeXml, parseXml } from "./xml.js";

/** A song read from an import file, validated like a new song. */
export type ImportedSongFields = z.output<typeof ImportedSong>;

/** A song read, with what the preview shows of it. */
export interface ReadSong extends ImportedSongFields {
  format: ImportFormat;
  key: string | null;
  sections: number;
  language?: string;
  otherLanguages?: string[];
}

/** One file or zip entry: its songs, or why it could not be read (plain data: it crosses threads). */
export interface ReadEntry {
  name: string;
  songs?: ReadSong[];
  problem?: { code: ImportFileError["code"]; values: ProblemValues; line?: number };
}

/** A file as the import receives it: text as read by the browser, or its bytes in base64 (zips, other encodings). */
export interface IncomingFile {
  name: string;
  content?: string;
  data?: string;
}

const CHORDPRO_EXTENSIONS: ReadonlySet<string> = new Set([".cho", ".pro", ".chordpro"]);
const TEXT_EXTENSIONS: ReadonlySet<string> = new Set([...CHORDPRO_EXTENSIONS, ".crd", ".txt", ".onsong"]);

/** Browsers may send a folder path with a file name (folder uploads), with either slash. */
function baseName(name: string): string {
  return name.split(/[\\/]/).pop()?.trim() ?? "";
}

function extensionOf(name: string): string {
  const base = baseName(name);
  const dot = base.lastIndexOf(".");
  return dot > 0 ? base.slice(dot).toLowerCase() : "";
}

/**
 * "amazing_grace.cho" → "amazing grace", "be-still.txt" → "be still": the fallback title of a song file without a
 * title of its own. Hyphens part words only in a name without spaces (a slug); "Pre-Chorus Blues" keeps its own.
 */
export function titleFromFileName(name: string): string {
  const base = baseName(name);
  const dot = base.lastIndexOf(".");
  const stem = (dot > 0 ? base.slice(0, dot) : base).replace(/_+/g, " ").trim();
  return (/\s/.test(stem) ? stem : stem.replace(/-+/g, " ")).replace(/\s+/g, " ").trim();
}

function describeIssues(error: z.ZodError): string {
  return error.issues
    .slice(0, 3)
    .map((issue) => (issue.path.length > 0 ? `${issue.path.join(".")}: ${issue.message}` : issue.message))
    .join("; ");
}

function counted(sheet: SongSheet): number {
  return sheet.sections.filter((section) => !section.recall).length;
}

function asReadSong(
  fields: ImportedSongFields,
  format: ImportFormat,
  sheet: SongSheet,
  extra: Pick<ReadSong, "language" | "otherLanguages"> = {},
): ReadSong {
  return { ...fields, format, key: sheet.metadata.key?.trim() || null, sections: counted(sheet), ...extra };
}

/** An export file of ours: a JSON array of {title, artist, content, tags}. */
function readExportFile(text: string): ReadSong[] {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    throw new ImportFileError("invalid_json");
  }
  if (!Array.isArray(data)) throw new ImportFileError("not_an_export");
  if (data.length === 0) throw new ImportFileError("empty_export");
  if (data.length > SONG_LIMITS.importSongsMax) throw new ImportFileError("too_many_songs");
  return data.map((entry, index) => {
    const parsed = ImportedSong.safeParse(entry);
    if (!parsed.success) {
      throw new ImportFileError("invalid_song", { song: index + 1, detail: describeIssues(parsed.error) });
    }
    return asReadSong(parsed.data, "export", parseSong(parsed.data.content));
  });
}

/** A converted sheet as a song: title from the sheet or the file name, artist, tags; the text from the sheet. */
function songFromSheet(
  name: string,
  sheet: SongSheet,
  format: ImportFormat,
  extra: Pick<ReadSong, "language" | "otherLanguages"> = {},
  nameIsTitle = false,
): ReadSong {
  // Converted text is what the sheet holds: a sheet cut at the bound would keep only the start of the song.
  if (sheet.truncated) throw new ImportFileError("song_too_long");
  const { metadata } = sheet;
  const title = metadata.title?.trim() || (nameIsTitle ? name : titleFromFileName(name));
  const content = toChordPro({ ...sheet, metadata: { ...metadata, title } });
  if (content.length > LIMITS.songContentMax) throw new ImportFileError("song_too_large");
  return validated(
    {
      title,
      artist: metadata.artist ?? metadata.subtitle ?? metadata.composer ?? null,
      content,
      tags: metadata.tags,
    },
    format,
    sheet,
    extra,
  );
}

function validated(
  fields: unknown,
  format: ImportFormat,
  sheet: SongSheet,
  extra: Pick<ReadSong, "language" | "otherLanguages"> = {},
): ReadSong {
  const parsed = ImportedSong.safeParse(fields);
  if (!parsed.success) throw new ImportFileError("invalid_song", { detail: describeIssues(parsed.error) });
  return asReadSong(parsed.data, format, sheet, extra);
}

type TextFormat = "chordpro" | "chords-over-words" | "ultimate-guitar" | "onsong";

/**
 * A text file's songs: ChordPro (kept as written), or chords over words / Ultimate Guitar / OnSong / plain text
 * (converted to ChordPro, its header lines read), or a SongSelect download (converted). A file may hold several songs: ChordPro
 * cut at `{new_song}`/`{ns}`, other text at a line of dashes followed by a `Title:` line (@choir/songsheet's
 * song-files.ts), at most SONG_LIMITS.importSongsMax. Title from {title} or the header, else the file's name (with
 * the song's number when the file holds several); artist from {artist}, else {subtitle}, else {composer}; tags from
 * {tag}.
 */
function readSongTexts(name: string, text: string, extension: string, language: Language): ReadSong[] {
  if (isSongSelect(text)) {
    if (text.length > LIMITS.songContentMax) throw new ImportFileError("song_too_large");
    const chordPro = CHORDPRO_EXTENSIONS.has(extension) || detectFormat(text) === "chordpro";
    return [
      chordPro
        ? songFromSheet(name, readSongSelectChordPro(text, language), "songselect-chordpro")
        : songFromSheet(name, readSongSelectText(text), "songselect-text"),
    ];
  }
  // [ch] and [tab] markup is Ultimate Guitar's even when no line looks like chords over words; a text file with no
  // notation of its own (lyrics, a header) is read as chords over words, for its header lines and section names.
  // OnSong: its own extension, or inline [chords] with its labels or header fields and no ChordPro directive.
  const notation = CHORDPRO_EXTENSIONS.has(extension) ? "chordpro" : detectNotation(text);
  const ultimateGuitar = notation !== "chordpro" && /\[\/?(ch|tab)\]/i.test(text);
  const format: TextFormat = ultimateGuitar
    ? "ultimate-guitar"
    : extension === ".onsong" || (!CHORDPRO_EXTENSIONS.has(extension) && looksLikeOnSong(text))
      ? "onsong"
      : notation === "plain"
        ? "chords-over-words"
        : notation;
  const parts =
    format === "chordpro"
      ? splitChordProSongs(text, SONG_LIMITS.importSongsMax)
      : splitTextSongs(text, SONG_LIMITS.importSongsMax);
  if (parts === null) throw new ImportFileError("too_many_songs");
  // Separators and nothing else between them: no song at all.
  if (parts.length === 0) throw new ImportFileError("empty_export");
  const fallback = titleFromFileName(name);
  return parts.map((part, index) =>
    readSongText(parts.length > 1 ? `${fallback} ${index + 1}` : fallback, part, format),
  );
}

/** One song's text, in the format its file was read as; `fallback` titles a song that names none. */
function readSongText(fallback: string, text: string, format: TextFormat): ReadSong {
  if (text.length > LIMITS.songContentMax) throw new ImportFileError("song_too_large");
  const sheet = parseSong(text, { format });
  if (format !== "chordpro") return songFromSheet(fallback, sheet, format, {}, true);
  const { metadata } = sheet;
  return validated(
    {
      title: metadata.title?.trim() || fallback,
      artist: metadata.artist ?? metadata.subtitle ?? metadata.composer ?? null,
      content: text,
      tags: metadata.tags,
    },
    "chordpro",
    sheet,
  );
}

function readXml(name: string, text: string, language: Language): ReadSong {
  const root = parseXml(text);
  if (isOpenLyrics(root)) {
    const read = readOpenLyrics(root, language);
    return songFromSheet(name, read.sheet, "openlyrics", {
      ...(read.language ? { language: read.language } : {}),
      ...(read.otherLanguages ? { otherLanguages: read.otherLanguages } : {}),
    });
  }
  if (isOpenSong(root)) return songFromSheet(name, readOpenSong(root, language).sheet, "opensong");
  throw new ImportFileError("not_a_song");
}

const UNSUPPORTED = () =>
  new ImportFileError("unsupported_type", { types: IMPORT_FILE_EXTENSIONS.join(", ") });

/** Reads one text file into the songs it holds; throws ImportFileError saying why a file cannot be imported. */
export function readSongFile(file: { name: string; content: string }, language: Language = "en"): ReadSong[] {
  const extension = extensionOf(file.name);
  const known = extension === ".json" || extension === ".xml" || TEXT_EXTENSIONS.has(extension);
  if (!known && extension !== "") throw UNSUPPORTED();
  if (file.content.length > SONG_LIMITS.importFileMax) throw new ImportFileError("file_too_large");
  // PostgreSQL text cannot hold NUL, and a file with one is not a song anyway (an image renamed .txt).
  if (file.content.includes("\u0000")) throw new ImportFileError("not_text");
  // Editors on Windows start UTF-8 files with a byte-order mark, which JSON.parse and {directives} trip over.
  const text = file.content.replace(/^\uFEFF/, "");
  if (extension === ".json") return readExportFile(text);
  if (extension === ".xml" || (extension === "" && looksLikeXml(text)))
    return [readXml(file.name, text, language)];
  if (extension === "") throw UNSUPPORTED();
  if (/^\s*<\?xml/.test(text)) return [readXml(file.name, text, language)];
  return readSongTexts(file.name, text, extension, language);
}

function problemOf(error: unknown): ReadEntry["problem"] {
  if (error instanceof ImportFileError) {
    return {
      code: error.code,
      values: error.values,
      ...(error.line !== undefined ? { line: error.line } : {}),
    };
  }
  // A reader's own fault on a strange file is still the file's problem; say it plainly.
  return { code: "unreadable", values: {} };
}

function readBytes(name: string, bytes: Uint8Array, language: Language): ReadEntry {
  try {
    if (bytes.length > SONG_LIMITS.importFileMax * 4) throw new ImportFileError("file_too_large");
    return { name, songs: readSongFile({ name, content: decodeText(bytes) }, language) };
  } catch (error) {
    return { name, problem: problemOf(error) };
  }
}

/**
 * Every file of an import read, in order; a zip gives one entry per file in it, named `zip/entry`. A file that
 * cannot be read has its problem instead of songs.
 */
export async function readImportFiles(files: IncomingFile[], language: Language): Promise<ReadEntry[]> {
  const budget = new UnpackBudget();
  const entries: ReadEntry[] = [];
  for (const file of files) {
    const isZipName = extensionOf(file.name) === ".zip";
    try {
      if (file.data !== undefined) {
        const bytes = new Uint8Array(Buffer.from(file.data, "base64"));
        if (isZipName || looksLikeZip(bytes)) {
          for (const entry of await readZip(bytes, budget)) {
            const name = `${file.name}/${entry.name}`;
            if (entry.error) entries.push({ name, problem: problemOf(entry.error) });
            else entries.push(readBytes(name, entry.bytes ?? new Uint8Array(), language));
          }
        } else {
          entries.push(readBytes(file.name, bytes, language));
        }
        continue;
      }
      if (isZipName) throw new ImportFileError("zip_unreadable");
      entries.push({
        name: file.name,
        songs: readSongFile({ name: file.name, content: file.content ?? "" }, language),
      });
    } catch (error) {
      entries.push({ name: file.name, problem: problemOf(error) });
    }
  }
  return entries;
}
