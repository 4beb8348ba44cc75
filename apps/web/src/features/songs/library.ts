import {
  type BulkDeleteResult,
  type ImportPreview,
  type ImportProblem,
  type ImportResult,
  INTERCHANGE_LIMITS,
  LIMITS,
  SONG_LIMITS,
  type Song,
  type SongSearchQuery,
  type SongSort,
  type UserChoir,
} from "@choir/contract";

/** The library filter's "not sung in N months" choices (months). */
export const NOT_SUNG_MONTHS = [3, 6, 12] as const;

// ── Constants from the spec (section 9) ────────────────────────────────────────────────────────────────────

export const PAGE_SIZE_DESKTOP = 24;
export const PAGE_SIZE_MOBILE = 16;
/** Below this width (px) a page holds the smaller number of songs. */
export const MOBILE_MAX_WIDTH = 768;
export const SEARCH_DEBOUNCE_MS = 300;
/** Filter changes settle this long before the list is fetched again. */
export const FILTER_REFETCH_MS = 50;
export const LOAD_MORE_THRESHOLD = 0.3;
export const LOAD_MORE_ROOT_MARGIN = "100px";
export const LOAD_MORE_DELAY_MS = 100;
export const BACK_TO_TOP_AFTER_PX = 300;
/** Tag filter suggestions: the most used tags while nothing is typed, then this many matches. */
export const TAG_FILTER_POPULAR = 8;
export const TAG_FILTER_MATCHES = 10;

export const EXPORT_FILE_NAME = "songs-export.json";
/** Ids per export call: 500 ids in one query string would pass the server's header size limit. */
export const EXPORT_IDS_PER_CALL = 100;

export const IMPORT_ACCEPT = ".json,.cho,.pro,.chordpro,.crd,.txt,.onsong,.xml,.zip";
/** Files a request carries: the server's most, so that a library of thousands of song files takes few round trips. */
export const IMPORT_FILES_PER_BATCH = SONG_LIMITS.importFilesMax;
/** A batch stays well below the server's 1 MB body limit (JSON escaping can grow the text). */
export const IMPORT_BATCH_MAX_CHARS = Math.floor(LIMITS.bodyLimitBytes * 0.6);
/** The server refuses a single file longer than this. */
export const IMPORT_FILE_MAX_CHARS = LIMITS.songContentMax * 5;
/** A file sent as bytes (a zip, text that is not UTF-8) is at most this long in base64. */
export const IMPORT_DATA_MAX_CHARS = Math.ceil(INTERCHANGE_LIMITS.zipMaxBytes / 3) * 4;

// ── Page size ──────────────────────────────────────────────────────────────────────────────────────────────

/** 24 songs a page on wider screens, 16 below 768 px. */
export function pageSizeForWidth(width: number): number {
  return width < MOBILE_MAX_WIDTH ? PAGE_SIZE_MOBILE : PAGE_SIZE_DESKTOP;
}

// ── Filters ↔ query string ─────────────────────────────────────────────────────────────────────────────────

export type SortDirection = "asc" | "desc";
/** `lastSung` is offered (and means something) only inside a choir context. */
export const SORT_OPTIONS: readonly SongSort[] = [
  "relevance",
  "title",
  "artist",
  "createdAt",
  "tags",
  "lastSung",
];

/** Everything the library's URL holds. */
export interface LibraryFilters {
  /** Search term (`q`). */
  q: string;
  /** Tags that must all match (`tags`, repeated). */
  tags: string[];
  /** Only the user's own songs (`mine=1`). */
  mine: boolean;
  /** Chosen sort (`sort`); null for the default. */
  sort: SongSort | null;
  /** Chosen direction (`dir`); null for the sort's default. */
  dir: SortDirection | null;
  /** Choir context (`choirId`), as written in the URL; see {@link choirContext}. */
  choirId: string | null;
  /** Inside a choir context, show every song rather than the choir's (`showAll=1`). */
  showAll: boolean;
  /** Inside a choir context, only songs the choir has not sung in this many months (`notSung`). */
  notSung: number | null;
}

export const EMPTY_FILTERS: LibraryFilters = {
  q: "",
  tags: [],
  mine: false,
  sort: null,
  dir: null,
  choirId: null,
  showAll: false,
  notSung: null,
};

const isTrue = (value: string | null) => value === "1" || value === "true";
const isSort = (value: string | null): value is SongSort =>
  value !== null && (SORT_OPTIONS as readonly string[]).includes(value);

/** Reads the library's state from a query string; unknown or malformed values fall back to defaults. */
export function parseLibraryParams(params: URLSearchParams): LibraryFilters {
  const dir = params.get("dir");
  const sort = params.get("sort");
  const tags: string[] = [];
  for (const raw of params.getAll("tags")) {
    const tag = raw.trim();
    if (tag && !tags.some((existing) => existing.toLocaleLowerCase() === tag.toLocaleLowerCase())) {
      tags.push(tag);
    }
  }
  return {
    q: params.get("q") ?? "",
    tags,
    mine: isTrue(params.get("mine")),
    sort: isSort(sort) ? sort : null,
    dir: dir === "asc" || dir === "desc" ? dir : null,
    choirId: params.get("choirId") || null,
    showAll: isTrue(params.get("showAll")),
    notSung: notSungMonths(params.get("notSung")),
  };
}

/** A "not sung in" count of months the library offers, or null. */
function notSungMonths(value: string | null): number | null {
  const months = Number(value);
  return (NOT_SUNG_MONTHS as readonly number[]).includes(months) ? months : null;
}

/**
 * Writes the library's state as a query string: defaults are left out, so a plain library is `/songs`.
 * Parameters that are not the library's (for example ones a later screen adds) are kept from `base`.
 */
export function libraryParams(filters: LibraryFilters, base?: URLSearchParams): URLSearchParams {
  const params = new URLSearchParams(base);
  for (const key of ["q", "tags", "mine", "sort", "dir", "choirId", "showAll", "notSung"]) params.delete(key);
  if (filters.q.trim()) params.set("q", filters.q);
  for (const tag of filters.tags) params.append("tags", tag);
  if (filters.mine) params.set("mine", "1");
  if (filters.sort) params.set("sort", filters.sort);
  if (filters.dir) params.set("dir", filters.dir);
  if (filters.choirId) params.set("choirId", filters.choirId);
  if (filters.showAll) params.set("showAll", "1");
  if (filters.notSung) params.set("notSung", String(filters.notSung));
  return params;
}

/** The choir the page works for: `choirId` only when it is one of the user's choirs. */
export function choirContext(
  filters: Pick<LibraryFilters, "choirId">,
  choirs: readonly Pick<UserChoir, "id" | "name">[],
): Pick<UserChoir, "id" | "name"> | null {
  if (!filters.choirId) return null;
  return choirs.find((choir) => choir.id === filters.choirId) ?? null;
}

/**
 * The query string to put in place of the current one, or null when it is fine: `showAll` without a choir
 * context (no `choirId`, or one that is not the user's) is dropped.
 */
export function normalizedParams(
  params: URLSearchParams,
  choirs: readonly Pick<UserChoir, "id" | "name">[],
): URLSearchParams | null {
  if (!params.has("showAll")) return null;
  if (choirContext(parseLibraryParams(params), choirs)) return null;
  const next = new URLSearchParams(params);
  next.delete("showAll");
  return next;
}

/**
 * Relevance only means something with a search term, and last sung only inside a choir context; otherwise the
 * list is by title.
 */
export function effectiveSort(
  filters: Pick<LibraryFilters, "q" | "sort"> & { choirId?: string | null },
): SongSort {
  const hasTerm = filters.q.trim() !== "";
  if (filters.sort === "relevance") return hasTerm ? "relevance" : "title";
  if (filters.sort === "lastSung" && !filters.choirId) return hasTerm ? "relevance" : "title";
  return filters.sort ?? (hasTerm ? "relevance" : "title");
}

/** Best matches, newest songs and the songs sung most recently come first by default; names read A to Z. */
export function defaultDirection(sort: SongSort): SortDirection {
  return sort === "relevance" || sort === "createdAt" || sort === "lastSung" ? "desc" : "asc";
}

export function effectiveDirection(
  filters: Pick<LibraryFilters, "q" | "sort" | "dir"> & { choirId?: string | null },
): SortDirection {
  return filters.dir ?? defaultDirection(effectiveSort(filters));
}

/** True when anything narrows the list (what makes an empty list "no songs match"). */
export function hasActiveFilters(filters: LibraryFilters): boolean {
  return filters.q.trim() !== "" || filters.tags.length > 0 || filters.mine || filters.notSung !== null;
}

/** Filters cleared, choir context kept. */
export function clearedFilters(filters: LibraryFilters): LibraryFilters {
  return { ...EMPTY_FILTERS, choirId: filters.choirId, showAll: filters.showAll };
}

/**
 * The search call (without `skip`) for the filters, the choir context and the page size. Inside a choir context
 * the songs carry the choir's history (`lastSung`), which the sort and the "not sung in" filter read.
 */
export function searchQueryFor(
  filters: LibraryFilters,
  choirId: string | null,
  pageSize: number,
): Omit<SongSearchQuery, "skip"> {
  const context = { ...filters, choirId };
  const sortBy = effectiveSort(context);
  const query: Omit<SongSearchQuery, "skip"> = {
    sortBy,
    sortDirection: effectiveDirection(context),
    take: pageSize,
  };
  const term = filters.q.trim();
  if (term) query.searchTerm = term;
  if (filters.tags.length > 0) query.tags = filters.tags;
  if (filters.mine) query.onlyUserCreated = true;
  if (choirId && !filters.showAll) query.choirId = choirId;
  else if (choirId) query.historyChoirId = choirId;
  if (choirId && filters.notSung) query.notSungMonths = filters.notSung;
  return query;
}

// ── Songs ──────────────────────────────────────────────────────────────────────────────────────────────────

/** The detail page of a song, carrying the library's query string (its back link uses it). */
export function songPath(songId: string, search: string): string {
  const query = search.startsWith("?") ? search.slice(1) : search;
  return `/songs/${encodeURIComponent(songId)}${query ? `?${query}` : ""}`;
}

/** The create page, preset for the choir when there is a choir context. */
export function createSongPath(choirId: string | null): string {
  return choirId ? `/songs/create?choirId=${encodeURIComponent(choirId)}` : "/songs/create";
}

const KEY_DIRECTIVE = /\{\s*(?:key\s*:|meta(?:\s*:)?\s*key\s)([^}]*)\}/gi;

/**
 * The song's key from its first `{key: …}` directive with something after the name (trimmed in code, not by the
 * pattern, so that spaces cannot backtrack), without parsing the whole sheet; null when it has none or it is blank.
 */
export function songKey(content: string): string | null {
  for (const match of content.matchAll(KEY_DIRECTIVE)) {
    if (!match[1]) continue;
    const key = match[1].trim();
    return key ? key.slice(0, 12) : null;
  }
  return null;
}

/** Only a song's creator may delete it. */
export function canDeleteSong(song: Pick<Song, "creatorId">, userId: string | null | undefined): boolean {
  return Boolean(userId) && song.creatorId === userId;
}

/** Of the selected ids, those of loaded songs the user may delete. */
export function deletableIds(
  selected: ReadonlySet<string>,
  songs: readonly Pick<Song, "songId" | "creatorId">[],
  userId: string | null | undefined,
): string[] {
  return songs
    .filter((song) => selected.has(song.songId) && canDeleteSong(song, userId))
    .map((song) => song.songId);
}

/** Songs once, in list order, even when a later page repeats one (the list can shift while scrolling). */
export function uniqueSongs<T extends Pick<Song, "songId">>(pages: readonly { songs: readonly T[] }[]): T[] {
  const seen = new Set<string>();
  const result: T[] = [];
  for (const page of pages) {
    for (const song of page.songs) {
      if (seen.has(song.songId)) continue;
      seen.add(song.songId);
      result.push(song);
    }
  }
  return result;
}

export interface BulkDeleteSummary {
  deleted: string[];
  failed: { songId: string; error: string | null }[];
}

export function summarizeBulkDelete(result: BulkDeleteResult): BulkDeleteSummary {
  return {
    deleted: result.results.filter((entry) => entry.deleted).map((entry) => entry.songId),
    failed: result.results
      .filter((entry) => !entry.deleted)
      .map((entry) => ({ songId: entry.songId, error: entry.error ?? null })),
  };
}

/** Splits ids into groups of at most `size`. */
export function chunk<T>(items: readonly T[], size: number): T[][] {
  const groups: T[][] = [];
  for (let start = 0; start < items.length; start += size) groups.push(items.slice(start, start + size));
  return groups;
}

// ── Import ─────────────────────────────────────────────────────────────────────────────────────────────────

export interface ImportFile {
  name: string;
  /** The file's text, as read here (UTF-8). */
  content?: string;
  /** Or its bytes in base64: a zip, or text that is not UTF-8 (the server reads its encoding or says why not). */
  data?: string;
  /** Songs the file holds, when known (an export file read here); a song file holds one. */
  songs?: number;
}

/** Characters a file adds to a request. */
const sizeOf = (file: ImportFile) => (file.content ?? file.data ?? "").length;

/** Too long for the server to take: text over the file limit, bytes over the zip limit. */
export function isTooLarge(file: ImportFile): boolean {
  return file.data !== undefined
    ? file.data.length > IMPORT_DATA_MAX_CHARS
    : sizeOf(file) > IMPORT_FILE_MAX_CHARS;
}

/** Bytes as base64, in slices (a whole file at once would pass the engine's argument limit). */
export function toBase64(bytes: Uint8Array): string {
  let binary = "";
  for (let at = 0; at < bytes.length; at += 0x8000) {
    binary += String.fromCharCode(...bytes.subarray(at, at + 0x8000));
  }
  return btoa(binary);
}

/**
 * A chosen file as the import sends it: a zip (by its name or its first bytes) as base64 bytes; other files as
 * their UTF-8 text, or as bytes when they are not UTF-8.
 */
export function importFileFromBytes(name: string, bytes: Uint8Array): ImportFile {
  const isZip =
    /\.zip$/i.test(name) || (bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 3 && bytes[3] === 4);
  if (isZip) return { name, data: toBase64(bytes) };
  try {
    return { name, content: new TextDecoder("utf-8", { fatal: true }).decode(bytes) };
  } catch {
    return { name, data: toBase64(bytes) };
  }
}

export interface ImportFileResult {
  name: string;
  songIds: string[];
  /** A catalogue key or the server's text. */
  error?: { key: string } | { text: string };
}

/**
 * Export files (JSON arrays of songs) too large for one request are cut into parts the server takes whole: at most
 * as many songs as one import creates and as much text as a batch carries, named "{name}-{n}.json". Other files,
 * and export files that fit, go as they are, an export file with its number of songs. A file that is not a JSON
 * array is left for the server to explain.
 */
export function splitExports(files: readonly ImportFile[]): ImportFile[] {
  return files.flatMap((file) => {
    if (!file.name.toLowerCase().endsWith(".json") || file.content === undefined) return [file];
    let entries: unknown;
    try {
      entries = JSON.parse(file.content);
    } catch {
      return [file];
    }
    if (!Array.isArray(entries)) return [file];
    const maxChars = Math.min(IMPORT_FILE_MAX_CHARS, IMPORT_BATCH_MAX_CHARS);
    if (entries.length <= SONG_LIMITS.importSongsMax && file.content.length <= maxChars) {
      return [{ ...file, songs: entries.length }];
    }
    const parts: unknown[][] = [];
    let part: unknown[] = [];
    let size = 2;
    for (const entry of entries) {
      const length = JSON.stringify(entry).length + 1;
      if (part.length > 0 && (part.length >= SONG_LIMITS.importSongsMax || size + length > maxChars)) {
        parts.push(part);
        part = [];
        size = 2;
      }
      part.push(entry);
      size += length;
    }
    if (part.length > 0) parts.push(part);
    // Numbered like the parts of a split archive, the extension kept last (the server reads the type from it).
    const stem = file.name.replace(/\.json$/i, "");
    return parts.map((songs, index) => ({
      name: `${stem}-${index + 1}.json`,
      content: JSON.stringify(songs),
      songs: songs.length,
    }));
  });
}

/**
 * Files in the order given, in batches of at most 50 files, as many songs as one import creates and about 600 kB
 * of text each, so every POST fits the server's limits. A file too long for the server is not sent at all: it comes
 * back in `tooLarge`.
 */
export function importBatches(
  files: readonly ImportFile[],
  maxFiles: number = IMPORT_FILES_PER_BATCH,
  maxChars: number = IMPORT_BATCH_MAX_CHARS,
  maxSongs: number = SONG_LIMITS.importSongsMax,
): { batches: ImportFile[][]; tooLarge: ImportFile[] } {
  const batches: ImportFile[][] = [];
  const tooLarge: ImportFile[] = [];
  let current: ImportFile[] = [];
  let size = 0;
  let songs = 0;
  for (const file of files) {
    if (isTooLarge(file)) {
      tooLarge.push(file);
      continue;
    }
    const fileSongs = file.songs ?? 1;
    if (
      current.length > 0 &&
      (current.length >= maxFiles || size + sizeOf(file) > maxChars || songs + fileSongs > maxSongs)
    ) {
      batches.push(current);
      current = [];
      size = 0;
      songs = 0;
    }
    current.push(file);
    size += sizeOf(file);
    songs += fileSongs;
  }
  if (current.length > 0) batches.push(current);
  return { batches, tooLarge };
}

/** The server's answer for a batch, as file results. */
export function batchResults(result: ImportResult): ImportFileResult[] {
  return result.results.map((entry) => ({
    name: entry.name,
    songIds: entry.songIds,
    ...(entry.error ? { error: { text: entry.error } } : {}),
  }));
}

/** Every file of a batch that failed as a whole carries the same error. */
export function failedBatch(
  files: readonly ImportFile[],
  error: ImportFileResult["error"],
): ImportFileResult[] {
  return files.map((file) => ({ name: file.name, songIds: [], error }));
}

export interface ImportSummary {
  imported: number;
  failures: { name: string; error: NonNullable<ImportFileResult["error"]> }[];
}

export function summarizeImport(results: readonly ImportFileResult[]): ImportSummary {
  return {
    imported: results.reduce((total, result) => total + result.songIds.length, 0),
    failures: results
      .filter((result) => result.error !== undefined)
      .map((result) => ({
        name: result.name,
        error: result.error as NonNullable<ImportFileResult["error"]>,
      })),
  };
}

/** Percent done after `done` of `total` batches. */
export function importProgress(done: number, total: number): number {
  if (total <= 0) return 100;
  return Math.round((Math.min(done, total) / total) * 100);
}

// ── Import preview ─────────────────────────────────────────────────────────────────────────────────────────

/** A batch as previewed: its files and the digest that confirms exactly its songs. */
export interface PreviewedBatch {
  files: ImportFile[];
  digest: string;
  songCount: number;
}

/** A problem to list: the server's (a code the catalogue translates) or one found here (a catalogue key). */
export interface ImportProblemEntry {
  file: string;
  line?: number;
  message: { key: string; values?: Record<string, unknown> } | { text: string };
}

export interface ImportPreviewSummary {
  batches: PreviewedBatch[];
  songs: ImportPreview["songs"];
  problems: ImportProblemEntry[];
  /** The person's daily limit of new songs and what is left of it now (the fewest any batch was told); null: none. */
  allowance: ImportPreview["allowance"];
}

/** Whether the previewed songs are more than the person may still create today (the import would be refused). */
export function isOverAllowance(summary: ImportPreviewSummary): boolean {
  return summary.allowance !== null && summary.songs.length > summary.allowance.left;
}

/** The catalogue text of a server problem, filled with its values; the server's English when the code is new. */
export function problemEntry(problem: ImportProblem): ImportProblemEntry {
  return {
    file: problem.file,
    ...(problem.line !== undefined ? { line: problem.line } : {}),
    message: {
      key: `songs.library.import.problems.${problem.code}`,
      values: { ...problem.values, defaultValue: problem.message },
    },
  };
}

/** The previews of every batch together, in order. */
export function combinePreviews(
  previews: { files: ImportFile[]; preview: ImportPreview }[],
  localProblems: ImportProblemEntry[],
): ImportPreviewSummary {
  return {
    batches: previews.map(({ files, preview }) => ({
      files,
      digest: preview.digest,
      songCount: preview.songs.length,
    })),
    songs: previews.flatMap(({ preview }) => preview.songs),
    problems: [...localProblems, ...previews.flatMap(({ preview }) => preview.problems.map(problemEntry))],
    allowance: previews.reduce<ImportPreview["allowance"]>((fewest, { preview }) => {
      const allowance = preview.allowance ?? null;
      if (!allowance) return fewest;
      return !fewest || allowance.left < fewest.left ? allowance : fewest;
    }, null),
  };
}
