import { createHash } from "node:crypto";
import {
  type ImportPreview,
  type ImportResult,
  SONG_LIMITS,
  SONG_MESSAGES,
  VISIBILITY,
} from "@choir/contract";
import type { Db } from "../../db/client.js";
import { AppError, conflict } from "../../http/errors.js";
import type { InterchangePool } from "../../interchange/interchange-pool.js";
import { ImportFileError, toProblem } from "../../interchange/problems.js";
import {
  type ImportedSongFields,
  type IncomingFile,
  type ReadEntry,
  type ReadSong,
  readSongFile,
  titleFromFileName,
} from "../../interchange/read-files.js";
import type { Language } from "../../interchange/sections.js";
import { insertSongs, requireSongAllowance, songAllowance } from "./service.js";

export type { ImportedSongFields };
export { ImportFileError, titleFromFileName };

/** Reads one text file into the songs it holds (the demo library); throws ImportFileError saying why not. */
export function readImportFile(file: { name: string; content: string }): ImportedSongFields[] {
  return readSongFile(file).map(({ title, artist, content, tags }) => ({ title, artist, content, tags }));
}

interface ImportEntry {
  name: string;
  songs?: ReadSong[];
  songIds?: string[];
  error?: ImportFileError | string;
}

/** The files read (in the worker threads), with the one import's limit of songs applied in order. */
async function readAll(
  pool: InterchangePool,
  files: IncomingFile[],
  language: Language,
): Promise<ImportEntry[]> {
  const read: ReadEntry[] = await pool.read(files, language);
  let planned = 0;
  return read.map((entry) => {
    if (entry.problem) {
      return {
        name: entry.name,
        error: new ImportFileError(entry.problem.code, entry.problem.values, entry.problem.line),
      };
    }
    const songs = entry.songs ?? [];
    if (planned + songs.length > SONG_LIMITS.importSongsMax) {
      return { name: entry.name, error: new ImportFileError("import_too_many_songs") };
    }
    planned += songs.length;
    return { name: entry.name, songs };
  });
}

/** A digest naming exactly the songs an import would create (their files, fields and texts, in order). */
function digestOf(entries: ImportEntry[]): string {
  const hash = createHash("sha256");
  for (const entry of entries) {
    for (const song of entry.songs ?? []) {
      hash.update(JSON.stringify([entry.name, song.title, song.artist, song.content, song.tags]));
      hash.update("\n");
    }
  }
  return hash.digest("base64url");
}

/** What an import of these files would create and what could not be read; nothing is saved. */
export async function previewImport(
  pool: InterchangePool,
  files: IncomingFile[],
  language: Language,
): Promise<Omit<ImportPreview, "allowance">> {
  const entries = await readAll(pool, files, language);
  const songs: ImportPreview["songs"] = [];
  const problems: ImportPreview["problems"] = [];
  for (const entry of entries) {
    if (entry.error instanceof ImportFileError) problems.push(toProblem(entry.name, entry.error));
    for (const song of entry.songs ?? []) {
      songs.push({
        file: entry.name,
        title: song.title,
        artist: song.artist,
        key: song.key,
        sections: song.sections,
        format: song.format,
        ...(song.language ? { language: song.language } : {}),
        ...(song.otherLanguages ? { otherLanguages: song.otherLanguages } : {}),
      });
    }
  }
  return { songs, problems, digest: digestOf(entries) };
}

function resultOf(entry: ImportEntry): ImportResult["results"][number] {
  if (entry.error === undefined) return { name: entry.name, songIds: entry.songIds ?? [] };
  if (typeof entry.error === "string") return { name: entry.name, songIds: [], error: entry.error };
  return {
    name: entry.name,
    songIds: [],
    error: entry.error.message,
    code: entry.error.code,
    ...(entry.error.line !== undefined ? { line: entry.error.line } : {}),
  };
}

export interface ImportOptions {
  pool: InterchangePool;
  language: Language;
  /** Failures that are not the file's fault (the database), to log them. */
  onUnexpected?: (error: unknown, fileName: string) => void;
  /** New songs a person may create in 24 hours (0: no limit). */
  dailyLimit?: number;
  /** The preview's digest: save exactly those songs, all or none. */
  previewDigest?: string;
}

/**
 * Imports each file as the caller's private songs: a result per file (or zip entry), in order.
 *
 * Confirming a preview (`previewDigest`): the files are read again and must give exactly the previewed songs (else
 * 409); then all their songs are saved in one transaction or none (the daily limit refuses the whole import with
 * 429). Files that could not be read are reported again and saved nothing, as the preview said.
 *
 * Without a preview: the songs of a file are created all or none; a file that fails reports why and the next one
 * is still imported. Every file is read first, then the songs of all readable files are written together in one
 * transaction; should the database refuse that, they are written again file by file, so that only the file at
 * fault fails. With no songs left for the day the import is refused (SongLimitError, 429); a file that would pass
 * the limit is not imported and says why.
 */
export async function importSongFiles(
  db: Db,
  userId: string,
  files: IncomingFile[],
  options: ImportOptions,
): Promise<ImportResult["results"]> {
  const { pool, language, onUnexpected = () => {}, dailyLimit = 0, previewDigest } = options;
  await db.transaction((tx) => requireSongAllowance(tx, userId, 1, dailyLimit));
  const entries = await readAll(pool, files, language);

  if (previewDigest !== undefined) {
    if (digestOf(entries) !== previewDigest) throw conflict(SONG_MESSAGES.importChanged, "import_changed");
    const accepted = entries.filter((entry) => entry.songs && entry.songs.length > 0);
    const total = accepted.reduce((sum, entry) => sum + (entry.songs?.length ?? 0), 0);
    const ids = await db.transaction(async (tx) => {
      if (total > 0) await requireSongAllowance(tx, userId, total, dailyLimit);
      return insertSongs(
        tx,
        userId,
        accepted.flatMap((entry) => (entry.songs ?? []).map(privateSong)),
      );
    });
    let at = 0;
    for (const entry of accepted) {
      const count = entry.songs?.length ?? 0;
      entry.songIds = ids.slice(at, at + count);
      at += count;
    }
    return entries.map(resultOf);
  }

  try {
    await db.transaction(async (tx) => {
      let { left } = await songAllowance(tx, userId, dailyLimit);
      const accepted: { entry: ImportEntry; songs: ReadSong[] }[] = [];
      for (const entry of entries) {
        const songs = entry.songs;
        if (!songs || entry.error) continue;
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
  return entries.map(resultOf);
}

/** An imported song as a new private song of the person importing. */
const privateSong = ({ title, artist, content, tags }: ReadSong) => ({
  title,
  artist,
  content,
  tags,
  audioUrl: null,
  visibility: VISIBILITY.Private,
  visibleToChoirs: [],
});

/** What a file that could not be imported says: its own fault in words, anything else logged and said plainly. */
function fileError(
  error: unknown,
  fileName: string,
  onUnexpected: (error: unknown, fileName: string) => void,
): ImportFileError | string {
  if (error instanceof ImportFileError) return error;
  if (error instanceof AppError) return error.message;
  onUnexpected(error, fileName);
  return new ImportFileError("not_saved");
}
