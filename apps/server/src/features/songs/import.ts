import {
  IMPORT_FILE_EXTENSIONS,
  ImportedSong,
  type ImportResult,
  LIMITS,
  SONG_LIMITS,
  SONG_MESSAGES,
  VISIBILITY,
} from "@choir/contract";
import { detectFormat, MAX_RENDERED_LINES, parseSong, type SongFormat, toChordPro } from "@choir/songsheet";
import type { z } from "zod";
import type { Db } from "../../db/client.js";
import { AppError } from "../../http/errors.js";
import { insertSongs, requireSongAllowance, songAllowance } from "./service.js";

/** A song read from an import file, validated like a new song. */
export type ImportedSongFields = z.output<typeof ImportedSong>;

/** A file that cannot be imported; its message is shown to the person importing, next to the file's name. */
export class ImportFileError extends Error {
  override name = "ImportFileError";
}

const CHORDPRO_EXTENSIONS: ReadonlySet<string> = new Set([".cho", ".pro", ".chordpro"]);
const TEXT_EXTENSIONS: ReadonlySet<string> = new Set([...CHORDPRO_EXTENSIONS, ".crd", ".txt"]);
const UNSUPPORTED = `Unsupported file type: use ${IMPORT_FILE_EXTENSIONS.join(", ")}.`;

const formatNumber = (n: number) => n.toLocaleString("en");

/** Browsers may send a folder path with a file name (folder uploads), with either slash. */
function baseName(name: string): string {
  return name.split(/[\\/]/).pop()?.trim() ?? "";
}

function extensionOf(name: string): string {
  const base = baseName(name);
  const dot = base.lastIndexOf(".");
  return dot > 0 ? base.slice(dot).toLowerCase() : "";
}

/** "amazing_grace.cho" → "amazing grace": the fallback title of a song file without a {title}. */
export function titleFromFileName(name: string): string {
  const base = baseName(name);
  const dot = base.lastIndexOf(".");
  return (dot > 0 ? base.slice(0, dot) : base).replace(/[_\s]+/g, " ").trim();
}

function describeIssues(error: z.ZodError): string {
  return error.issues
    .slice(0, 3)
    .map((issue) => (issue.path.length > 0 ? `${issue.path.join(".")}: ${issue.message}` : issue.message))
    .join("; ");
}

/** An export file of ours: a JSON array of {title, artist, content, tags}. */
function readExportFile(text: string): ImportedSongFields[] {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    throw new ImportFileError("The file is not valid JSON.");
  }
  if (!Array.isArray(data)) {
    throw new ImportFileError("The file is not a song export: expected a JSON array of songs.");
  }
  if (data.length === 0) throw new ImportFileError("The file holds no songs.");
  if (data.length > SONG_LIMITS.importSongsMax) {
    throw new ImportFileError(`The file holds more than ${formatNumber(SONG_LIMITS.importSongsMax)} songs.`);
  }
  return data.map((entry, index) => {
    const parsed = ImportedSong.safeParse(entry);
    if (!parsed.success) throw new ImportFileError(`Song ${index + 1}: ${describeIssues(parsed.error)}`);
    return parsed.data;
  });
}

/**
 * One song in ChordPro (kept as written), or chords over words / Ultimate Guitar text (converted to ChordPro).
 * Title from {title}, else the file name; artist from {artist}, else {subtitle}, else {composer}; tags from {tag}.
 */
function readSongText(name: string, text: string, extension: string): ImportedSongFields {
  if (text.length > LIMITS.songContentMax) {
    throw new ImportFileError(
      `The file is too large: a song holds at most ${formatNumber(LIMITS.songContentMax)} characters.`,
    );
  }
  // [ch] and [tab] markup is Ultimate Guitar's even when no line looks like chords over words.
  const format: SongFormat = CHORDPRO_EXTENSIONS.has(extension)
    ? "chordpro"
    : /\[\/?(ch|tab)\]/i.test(text)
      ? "ultimate-guitar"
      : detectFormat(text);
  const sheet = parseSong(text, { format });
  // Converted text is what the sheet holds: a sheet cut at the bound would keep only the start of the song.
  if (format !== "chordpro" && sheet.truncated) {
    throw new ImportFileError(
      `The song is too long to convert: it would show more than ${formatNumber(MAX_RENDERED_LINES)} lines.`,
    );
  }
  const { metadata } = sheet;
  const title = metadata.title?.trim() || titleFromFileName(name);
  const content = format === "chordpro" ? text : toChordPro({ ...sheet, metadata: { ...metadata, title } });
  const parsed = ImportedSong.safeParse({
    title,
    artist: metadata.artist ?? metadata.subtitle ?? metadata.composer ?? null,
    content,
    tags: metadata.tags,
  });
  if (!parsed.success) throw new ImportFileError(describeIssues(parsed.error));
  return parsed.data;
}

/** Reads one file into the songs it holds; throws ImportFileError saying why a file cannot be imported. */
export function readImportFile(file: { name: string; content: string }): ImportedSongFields[] {
  const extension = extensionOf(file.name);
  if (extension !== ".json" && !TEXT_EXTENSIONS.has(extension)) throw new ImportFileError(UNSUPPORTED);
  if (file.content.length > SONG_LIMITS.importFileMax) {
    throw new ImportFileError(
      `The file is too large: at most ${formatNumber(SONG_LIMITS.importFileMax)} characters.`,
    );
  }
  // PostgreSQL text cannot hold NUL, and a file with one is not a song anyway (an image renamed .txt).
  if (file.content.includes("\u0000")) throw new ImportFileError("The file is not a text file.");
  // Editors on Windows start UTF-8 files with a byte-order mark, which JSON.parse and {directives} trip over.
  const text = file.content.replace(/^\uFEFF/, "");
  return extension === ".json" ? readExportFile(text) : [readSongText(file.name, text, extension)];
}

/**
 * Imports each file as the caller's private songs: a result per file, in order. The songs of a file are created
 * all or none; a file that fails reports why and the next one is still imported. Every file is read first, then the
 * songs of all readable files are written together in one transaction (a few statements whatever their number);
 * should the database refuse that, they are written again file by file, so that only the file at fault fails.
 * `onUnexpected` hears failures that are not the file's fault (the database), to log them. The songs count against
 * the person's daily limit (`dailyLimit`, 0: none): with none left the import is refused (SongLimitError, 429);
 * a file that would pass it is not imported and says why.
 */
export async function importSongFiles(
  db: Db,
  userId: string,
  files: { name: string; content: string }[],
  onUnexpected: (error: unknown, fileName: string) => void = () => {},
  dailyLimit = 0,
): Promise<ImportResult["results"]> {
  await db.transaction((tx) => requireSongAllowance(tx, userId, 1, dailyLimit));
  const entries: ImportEntry[] = [];
  let planned = 0;
  for (const file of files) {
    try {
      const songs = readImportFile(file);
      if (planned + songs.length > SONG_LIMITS.importSongsMax) {
        throw new ImportFileError(
          `One import creates at most ${formatNumber(SONG_LIMITS.importSongsMax)} songs: import this file on its own.`,
        );
      }
      planned += songs.length;
      entries.push({ name: file.name, songs });
    } catch (error) {
      entries.push({ name: file.name, error: fileError(error, file.name, onUnexpected) });
    }
  }
  try {
    await db.transaction(async (tx) => {
      let { left } = await songAllowance(tx, userId, dailyLimit);
      const accepted: { entry: ImportEntry; songs: ImportedSongFields[] }[] = [];
      for (const entry of entries) {
        const songs = entry.songs;
        if (!songs) continue;
        if (songs.length > left) {
          entry.error = SONG_MESSAGES.dailyLimit;
          continue;
        }
        left -= songs.length;
        accepted.push({ entry, songs });
      }
      const ids = await insertSongs(
        tx,
        userId,
        accepted.flatMap(({ songs }) => songs.map(privateSong)),
      );
      let at = 0;
      for (const { entry, songs } of accepted) {
        entry.songIds = ids.slice(at, at + songs.length);
        at += songs.length;
      }
    });
  } catch (error) {
    onUnexpected(error, "(the import's songs together)");
    for (const entry of entries) {
      if (!entry.songs || entry.error) continue;
      const songs = entry.songs;
      entry.songIds = undefined;
      try {
        entry.songIds = await db.transaction(async (tx) => {
          await requireSongAllowance(tx, userId, songs.length, dailyLimit);
          return insertSongs(tx, userId, songs.map(privateSong));
        });
      } catch (fileFailure) {
        entry.error = fileError(fileFailure, entry.name, onUnexpected);
      }
    }
  }
  return entries.map((entry) =>
    entry.error
      ? { name: entry.name, songIds: [], error: entry.error }
      : { name: entry.name, songIds: entry.songIds ?? [] },
  );
}

interface ImportEntry {
  name: string;
  songs?: ImportedSongFields[];
  songIds?: string[];
  error?: string;
}

/** An imported song as a new private song of the person importing. */
const privateSong = (song: ImportedSongFields) => ({
  ...song,
  audioUrl: null,
  visibility: VISIBILITY.Private,
  visibleToChoirs: [],
});

/** What a file that could not be imported says: its own fault in words, anything else logged and said plainly. */
function fileError(
  error: unknown,
  fileName: string,
  onUnexpected: (error: unknown, fileName: string) => void,
) {
  if (error instanceof ImportFileError || error instanceof AppError) return error.message;
  onUnexpected(error, fileName);
  return "The songs of this file could not be saved.";
}
