import { createHash } from "node:crypto";
import {
  ImportedSong,
  type ImportPreview,
  type ImportResult,
  type ImportSongChoice,
  SONG_LIMITS,
  SONG_MESSAGES,
  VISIBILITY,
} from "@choir/contract";
import type { SongDetailsEdit } from "@choir/songsheet";
import type { z } from "zod";
import type { Db } from "../../db/client.js";
import { AppError, conflict, invalid } from "../../http/errors.js";
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
import { likelyDuplicates } from "./import-duplicates.js";
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
  library: { db: Db; userId: string; choirId?: string },
): Promise<Omit<ImportPreview, "allowance">> {
  const entries = await readAll(pool, files, language);
  const duplicates = await likelyDuplicates(
    library.db,
    library.userId,
    library.choirId,
    entries.flatMap((entry) => entry.songs ?? []),
  );
  let at = 0;
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
      const duplicate = duplicates[at++];
      if (duplicate) songs[songs.length - 1]!.duplicateOf = duplicate;
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
  /** The choir the import was started from (its membership checked by the caller): songs shared with it. */
  choirId?: string;
  /** With `previewDigest`: a choice per previewed song, in order (corrections and visibility). */
  choices?: z.output<typeof ImportSongChoice>[];
}

/**
 * Imports each file as the caller's songs: a result per file (or zip entry), in order. Private, or with `choirId`
 * shared with that choir (visibility 2); with `choices` (a preview confirmed), each song as the person chose: its
 * title, artist and key corrected (written into its text in the worker threads) and its visibility.
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
  const {
    pool,
    language,
    onUnexpected = () => {},
    dailyLimit = 0,
    previewDigest,
    choirId,
    choices,
  } = options;
  if (choices !== undefined && previewDigest === undefined) {
    throw invalid([SONG_MESSAGES.importChoices], SONG_MESSAGES.importChoices);
  }
  if (choices?.some((choice) => choice.visibility === VISIBILITY.PublicChoirs) && choirId === undefined) {
    throw invalid([SONG_MESSAGES.importChoirRequired], SONG_MESSAGES.importChoirRequired);
  }
  const newSong = songAs(choirId);
  await db.transaction((tx) => requireSongAllowance(tx, userId, 1, dailyLimit));
  const entries = await readAll(pool, files, language);

  if (previewDigest !== undefined) {
    if (digestOf(entries) !== previewDigest) throw conflict(SONG_MESSAGES.importChanged, "import_changed");
    const accepted = entries.filter((entry) => entry.songs && entry.songs.length > 0);
    const read = accepted.flatMap((entry) => entry.songs ?? []);
    if (choices !== undefined && choices.length !== read.length) {
      throw invalid([SONG_MESSAGES.importChoices], SONG_MESSAGES.importChoices);
    }
    // A song the person chose to skip (a likely duplicate) is left out; the others are saved all together.
    const kept = read.map((_, index) => choices?.[index]?.skip !== true);
    const keptRead = read.filter((_, index) => kept[index]);
    const chosen: Chosen[] = choices
      ? await asChosen(
          pool,
          keptRead,
          choices.filter((_, index) => kept[index]),
        )
      : read.map((song) => ({ song }));
    const ids = await db.transaction(async (tx) => {
      if (keptRead.length > 0) await requireSongAllowance(tx, userId, keptRead.length, dailyLimit);
      return insertSongs(
        tx,
        userId,
        chosen.map(({ song, visibility }) => newSong(song, visibility)),
      );
    });
    let at = 0;
    let saved = 0;
    for (const entry of accepted) {
      const count = entry.songs?.length ?? 0;
      const keptHere = kept.slice(at, at + count).filter(Boolean).length;
      entry.songIds = ids.slice(saved, saved + keptHere);
      at += count;
      saved += keptHere;
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
        accepted.flatMap(({ songs }) => songs.map((song) => newSong(song))),
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
          return insertSongs(
            tx,
            userId,
            songs.map((song) => newSong(song)),
          );
        });
      } catch (fileFailure) {
        entry.error = fileError(fileFailure, entry.name, onUnexpected);
      }
    }
  }
  return entries.map(resultOf);
}

/**
 * An imported song as a new song of the person importing: private, or shared with the import's choir when it names
 * one; `visibility` (a preview's choice) overrides that.
 */
function songAs(choirId: string | undefined) {
  const fallback = choirId === undefined ? VISIBILITY.Private : VISIBILITY.PublicChoirs;
  return ({ title, artist, content, tags }: ImportedSongFields, visibility: 0 | 1 | 2 = fallback) => ({
    title,
    artist,
    content,
    tags,
    audioUrl: null,
    visibility,
    visibleToChoirs: visibility === VISIBILITY.PublicChoirs && choirId !== undefined ? [choirId] : [],
  });
}

/** A song to save and, when the person chose it, its visibility. */
interface Chosen {
  song: ImportedSongFields;
  visibility?: 0 | 1 | 2;
}

/** What differs between a song as read and as chosen: the details to write into its text. */
function detailsOf(song: ReadSong, choice: z.output<typeof ImportSongChoice>): SongDetailsEdit {
  const details: SongDetailsEdit = {};
  if (choice.title !== undefined && choice.title !== song.title) details.title = choice.title;
  if (choice.artist !== undefined && choice.artist !== song.artist) details.artist = choice.artist;
  if (choice.key !== undefined && choice.key !== song.key) details.key = choice.key;
  return details;
}

/**
 * The songs read, as the person chose them in the preview: corrected titles, artists and keys written into their
 * texts in the worker threads, each validated again like a new song (400 when a correction makes one too long).
 */
async function asChosen(
  pool: InterchangePool,
  read: ReadSong[],
  choices: z.output<typeof ImportSongChoice>[],
): Promise<Chosen[]> {
  const edits = read.map((song, index) => ({ index, details: detailsOf(song, choices[index]!) }));
  const changed = edits.filter(({ details }) => Object.keys(details).length > 0);
  const contents = await pool.writeSongDetails(
    changed.map(({ index, details }) => ({ content: read[index]!.content, details })),
  );
  const written = new Map(changed.map(({ index }, at) => [index, contents[at]!]));
  return read.map((song, index) => {
    const choice = choices[index]!;
    const fields = {
      title: choice.title ?? song.title,
      artist: choice.artist !== undefined ? choice.artist : song.artist,
      content: written.get(index) ?? song.content,
      tags: song.tags,
    };
    const parsed = ImportedSong.safeParse(fields);
    if (!parsed.success) {
      const message = `Song ${index + 1}: ${parsed.error.issues[0]?.message ?? "invalid"}`;
      throw invalid([message], message);
    }
    return {
      song: parsed.data,
      ...(choice.visibility !== undefined ? { visibility: choice.visibility } : {}),
    };
  });
}

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
