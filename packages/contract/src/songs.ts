import { z } from "zod";
import { IMPORT_FORMATS, IMPORT_PROBLEM_CODES, LIMITS, SONG_HISTORY_LIMITS, SONG_LIMITS } from "./limits.js";
import { EntryKey, IsoDate, MusicalKey } from "./playlists.js";

/** 0 Private, 1 PublicAll, 2 PublicChoirs. */
export const Visibility = z.union([z.literal(0), z.literal(1), z.literal(2)]);
export type Visibility = z.infer<typeof Visibility>;

/** A tag's names in the bilingual tag glossary, when the glossary knows it (the name to show in each language). */
export const TagNames = z
  .object({ en: z.string().optional(), es: z.string().optional() })
  .meta({ id: "TagNames" });
export type TagNames = z.infer<typeof TagNames>;

export const SongTag = z
  .object({ tagId: z.uuid(), tagName: z.string(), names: TagNames.optional() })
  .meta({ id: "SongTag" });
export type SongTag = z.infer<typeof SongTag>;

export const VisibleChoir = z
  .object({ choirId: z.uuid(), choirName: z.string() })
  .meta({ id: "VisibleChoir" });
export type VisibleChoir = z.infer<typeof VisibleChoir>;

export const Song = z
  .object({
    songId: z.uuid(),
    title: z.string(),
    artist: z.string().nullable(),
    content: z.string(),
    audioUrl: z.string().nullable(),
    visibility: Visibility,
    visibleToChoirs: z.array(VisibleChoir),
    tags: z.array(SongTag),
    creatorId: z.uuid(),
    creatorName: z.string(),
    createdAt: z.iso.datetime(),
    updatedAt: z.iso.datetime(),
    baseSongId: z.uuid().nullable(),
    /**
     * Credits, as the song's ChordPro text states them (`{ccli}`, `{copyright}`, `{composer}`, `{lyricist}`):
     * always in step with the text.
     */
    ccli: z.string().nullable(),
    copyright: z.string().nullable(),
    composer: z.string().nullable(),
    lyricist: z.string().nullable(),
    /**
     * With a choir asked for (`?choirId=` on a read, `historyChoirId` or `choirId` on a search, a choir's song
     * list): the latest date before today of the choir's playlists holding the song or a version of it, or null.
     */
    lastSung: IsoDate.nullable().optional(),
    /** With a choir asked for: how many of the choir's playlists of the 12 months before today held it. */
    timesSung12m: z.number().int().min(0).optional(),
  })
  .meta({ id: "Song" });
export type Song = z.infer<typeof Song>;

const title = z.string().trim().min(1).max(SONG_LIMITS.titleMax);
const artist = z
  .string()
  .trim()
  .max(SONG_LIMITS.artistMax)
  .nullish()
  .transform((v) => v || null);
const content = z
  .string()
  .max(LIMITS.songContentMax)
  .refine((v) => v.trim().length > 0, "must not be blank");
/**
 * A credit as a write sends it: one line, trimmed, at most `max` characters; "" or null removes it from the text,
 * and leaving it out leaves the text's as it is.
 */
const credit = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .regex(/^[^\r\n]*$/, "must be one line")
    .nullish()
    .transform((v) => (v === undefined ? undefined : v || null));
/** The credits of a song write; each is written into the text's directive of the same name (see Song). */
const credits = {
  ccli: credit(SONG_LIMITS.ccliMax),
  copyright: credit(SONG_LIMITS.copyrightMax),
  composer: credit(SONG_LIMITS.composerMax),
  lyricist: credit(SONG_LIMITS.lyricistMax),
};
/** Only http(s) links: a song's audio opens in a new tab. */
export const AudioUrl = z
  .string()
  .trim()
  .max(SONG_LIMITS.audioUrlMax)
  .nullish()
  .transform((v) => v || null)
  .refine((v) => v === null || /^https?:\/\/[^\s]+$/i.test(v), "must be an http:// or https:// URL");

export const TagName = z.string().trim().min(1).max(SONG_LIMITS.tagMax);
/** Tags as names, or as `{tagName}` objects; trimmed, duplicates (case-insensitive) dropped. */
export const TagList = z
  .array(z.union([TagName, z.object({ tagName: TagName }).transform((t) => t.tagName)]))
  .max(SONG_LIMITS.tagsPerSong)
  .transform((names) => {
    const seen = new Set<string>();
    return names.filter((name) => {
      const key = name.toLocaleLowerCase();
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    });
  });
/** Choirs as ids, or as `{choirId}` objects. */
export const ChoirIdList = z
  .array(z.union([z.uuid(), z.object({ choirId: z.uuid() }).transform((c) => c.choirId)]))
  .max(SONG_LIMITS.choirsPerSong)
  .transform((ids) => [...new Set(ids)]);

export const CreateSong = z
  .object({
    title,
    artist,
    content,
    audioUrl: AudioUrl,
    visibility: Visibility.default(0),
    visibleToChoirs: ChoirIdList.optional(),
    tags: TagList.optional(),
    ...credits,
  })
  .meta({ id: "CreateSong" });
export type CreateSong = z.input<typeof CreateSong>;

/**
 * Edit a song; `tags` omitted leaves them unchanged, and so does `audioUrl` omitted (the spec's shorter reading of
 * the call sends title, artist and content only); `audioUrl: null` or "" removes the link.
 */
export const UpdateSong = z
  .object({ title, artist, content, audioUrl: AudioUrl.optional(), tags: TagList.optional(), ...credits })
  .meta({ id: "UpdateSong" });
export type UpdateSong = z.input<typeof UpdateSong>;

export const UpdateSongVisibility = z
  .object({ visibility: Visibility, visibleToChoirs: ChoirIdList.optional() })
  .meta({ id: "UpdateSongVisibility" });
export type UpdateSongVisibility = z.input<typeof UpdateSongVisibility>;

/** A choir version: fields omitted are copied from the base song. */
export const CreateSongVersion = z
  .object({
    choirId: z.uuid().optional(),
    title: title.optional(),
    artist: artist.optional(),
    content: content.optional(),
    audioUrl: AudioUrl.optional(),
    visibility: Visibility.optional(),
    visibleToChoirs: ChoirIdList.optional(),
    tags: TagList.optional(),
    ...credits,
  })
  .meta({ id: "CreateSongVersion" });
export type CreateSongVersion = z.input<typeof CreateSongVersion>;

const booleanQuery = z
  .union([z.boolean(), z.enum(["true", "false", "1", "0"])])
  .transform((v) => v === true || v === "true" || v === "1");
const listQuery = <T extends z.ZodType>(item: T) =>
  z
    .union([item, z.array(item)])
    .optional()
    .transform((v) => (v === undefined ? [] : Array.isArray(v) ? v : [v]));

/**
 * `tags` orders by each song's first tag in alphabetical order (songs without tags last), then by title.
 * `lastSung` (needs a history choir: `historyChoirId` or `choirId`) orders by the date last sung, most recent first
 * by default; songs never sung come last when descending and first when ascending (longest ago first).
 */
export const SongSort = z.enum(["relevance", "title", "artist", "createdAt", "tags", "lastSung"]);
export type SongSort = z.infer<typeof SongSort>;

export const SongSearchQuery = z.object({
  searchTerm: z.string().trim().max(200).optional(),
  title: z.string().trim().max(200).optional(),
  artist: z.string().trim().max(200).optional(),
  content: z.string().trim().max(200).optional(),
  tags: listQuery(TagName),
  visibility: z.coerce.number().pipe(Visibility).optional(),
  choirId: z.uuid().optional(),
  userId: z.uuid().optional(),
  onlyUserCreated: booleanQuery.optional(),
  /**
   * The choir whose singing history the results carry (`lastSung`, `timesSung12m`) without narrowing them to its
   * songs (as `choirId` does); `choirId` when omitted. The caller must be a member (else 404).
   */
  historyChoirId: z.uuid().optional(),
  /** Only songs the history choir has not sung in the last N months (never sung included). */
  notSungMonths: z.coerce.number().int().min(1).max(SONG_HISTORY_LIMITS.notSungMonthsMax).optional(),
  sortBy: SongSort.optional(),
  sortDirection: z.enum(["asc", "desc"]).optional(),
  skip: z.coerce.number().int().min(0).max(1_000_000).default(0),
  take: z.coerce.number().int().min(1).max(SONG_LIMITS.searchTakeMax).default(SONG_LIMITS.searchTakeDefault),
  _t: z.string().max(50).optional(),
});
export type SongSearchQuery = z.input<typeof SongSearchQuery>;

export const SongSearchResult = z
  .object({
    songs: z.array(Song),
    totalCount: z.number().int(),
    hasMore: z.boolean(),
    skip: z.number().int(),
    take: z.number().int(),
  })
  .meta({ id: "SongSearchResult" });
export type SongSearchResult = z.infer<typeof SongSearchResult>;

export const TagSuggestionQuery = z.object({
  query: z.string().trim().max(SONG_LIMITS.tagMax).optional(),
  maxResults: z.coerce
    .number()
    .int()
    .min(1)
    .max(SONG_LIMITS.tagSuggestionsMax)
    .default(SONG_LIMITS.tagSuggestionsDefault),
});

export const BulkDeleteSongs = z
  .object({ songIds: z.array(z.uuid()).min(1).max(SONG_LIMITS.bulkMax) })
  .meta({ id: "BulkDeleteSongs" });
export const BulkDeleteResult = z
  .object({
    results: z.array(z.object({ songId: z.uuid(), deleted: z.boolean(), error: z.string().optional() })),
  })
  .meta({ id: "BulkDeleteResult" });
export type BulkDeleteResult = z.infer<typeof BulkDeleteResult>;

/** One song of an export file, as written. */
export const ExportedSong = z
  .object({
    title: z.string(),
    artist: z.string().nullable(),
    content: z.string(),
    tags: z.array(z.string()),
  })
  .meta({ id: "ExportedSong" });
export type ExportedSong = z.infer<typeof ExportedSong>;

/** One song of an import file, as read: validated like a new song (tags as names or `{tagName}` objects). */
export const ImportedSong = z.object({
  title,
  artist,
  content,
  tags: TagList.default([]),
});
export type ImportedSong = z.input<typeof ImportedSong>;

/**
 * A file to import: its text (`content`, as the browser read it), or its bytes in base64 (`data`: zips, and text
 * that is not UTF-8). Its size is bounded here only by the request size: a file over SONG_LIMITS.importFileMax (or
 * a zip over INTERCHANGE_LIMITS.zipMaxBytes) gets its own error in the result, so the other files still import.
 */
export const SongImportFile = z
  .object({
    name: z.string().trim().min(1).max(255),
    content: z.string().max(LIMITS.bodyLimitBytes).optional(),
    data: z
      .string()
      .max(LIMITS.bodyLimitBytes)
      .regex(/^[A-Za-z0-9+/]*={0,2}$/, "must be base64")
      .optional(),
  })
  .superRefine((file, context) => {
    if ((file.content === undefined) === (file.data === undefined)) {
      context.addIssue({ code: "custom", path: ["content"], message: "give either content or data" });
    }
  });
export type SongImportFile = z.input<typeof SongImportFile>;
const importFiles = z.array(SongImportFile).min(1).max(SONG_LIMITS.importFilesMax);

/** What the person importing chose for one previewed song: corrections of what was read, and who may see it. */
export const ImportSongChoice = z
  .object({
    title: title.optional(),
    artist: z
      .string()
      .trim()
      .max(SONG_LIMITS.artistMax)
      .nullable()
      .optional()
      .transform((value) => (value === "" ? null : value)),
    key: EntryKey.optional(),
    visibility: Visibility.optional(),
    /** True: the song is left out (a likely duplicate the person chose to skip); the rest are still saved. */
    skip: z.boolean().optional(),
  })
  .meta({ id: "ImportSongChoice" });
export type ImportSongChoice = z.input<typeof ImportSongChoice>;
export const ImportSongs = z
  .object({
    files: importFiles,
    /**
     * The `digest` of the preview this import confirms: the songs are then saved all together or none (409
     * `import_changed` when the files no longer read as previewed). Without it, each file is saved on its own.
     */
    previewDigest: z
      .string()
      .regex(/^[A-Za-z0-9_-]{43}$/)
      .optional(),
    /**
     * The choir the import was started from: the caller must be a member (else 404). Its songs are shared with that
     * choir (visibility 2) unless `songs` says otherwise; without it they are the caller's, Private.
     */
    choirId: z.uuid().optional(),
    /**
     * With `previewDigest`: one choice per previewed song, in the preview's order (else 400). Each corrects what
     * the preview read — title, artist (null: none), key (a key such as G, Bb or F#m; null: none) — and sets the
     * song's visibility; a field left out keeps what was read (and the import's default visibility).
     */
    songs: z.array(ImportSongChoice).max(SONG_LIMITS.importSongsMax).optional(),
  })
  .meta({ id: "ImportSongs" });
export type ImportSongs = z.input<typeof ImportSongs>;
export const ImportResult = z
  .object({
    results: z.array(
      z.object({
        name: z.string(),
        songIds: z.array(z.uuid()),
        error: z.string().optional(),
        /** With `error`: the problem's code (see ImportPreview) and line. */
        code: z.enum(IMPORT_PROBLEM_CODES).optional(),
        line: z.number().int().min(1).optional(),
      }),
    ),
  })
  .meta({ id: "ImportResult" });
export type ImportResult = z.infer<typeof ImportResult>;

/**
 * `POST /api/songs/import/preview`: the same files as an import; nothing is saved. `choirId`: the choir the import is
 * started from (the caller must be a member, else 404), whose songs are looked through for likely duplicates too.
 */
export const PreviewImport = z
  .object({ files: importFiles, choirId: z.uuid().optional() })
  .meta({ id: "PreviewImport" });
export type PreviewImport = z.input<typeof PreviewImport>;

/** A song an import would create. `file` is the file's name, or `zip/entry` for a file in a zip. */
export const ImportPreviewSong = z.object({
  file: z.string(),
  title: z.string(),
  artist: z.string().nullable(),
  key: z.string().nullable(),
  /** Sections of the song (a recalled chorus not counted again). */
  sections: z.number().int().min(0),
  format: z.enum(IMPORT_FORMATS),
  /** The language the song was read in, for a file with lyrics in several (OpenLyrics). */
  language: z.string().optional(),
  /** The file's other languages, not imported. */
  otherLanguages: z.array(z.string()).optional(),
  /**
   * A song already in the library (the caller's own, or the choir's with `choirId`) this one likely repeats: the same
   * title and artist once case, accents, spaces and punctuation are set aside, or the same title where one names no
   * artist. Absent when none.
   */
  duplicateOf: z.object({ songId: z.uuid(), title: z.string(), artist: z.string().nullable() }).optional(),
});
export type ImportPreviewSong = z.infer<typeof ImportPreviewSong>;

/** What could not be read: the file, the line where known, a code the web app translates, an English message. */
export const ImportProblem = z.object({
  file: z.string(),
  line: z.number().int().min(1).optional(),
  code: z.enum(IMPORT_PROBLEM_CODES),
  message: z.string(),
  values: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
});
export type ImportProblem = z.infer<typeof ImportProblem>;

export const ImportPreview = z
  .object({
    songs: z.array(ImportPreviewSong),
    problems: z.array(ImportProblem),
    /** Names exactly these songs: send it back as `previewDigest` with the same files to save them. */
    digest: z.string(),
    /**
     * The caller's daily limit of new songs and how many more they may create now; null when the server sets no
     * limit. An import of more songs than `left` is refused (429), so the preview says so before anything is sent.
     */
    allowance: z.object({ limit: z.number().int().min(1), left: z.number().int().min(0) }).nullable(),
  })
  .meta({ id: "ImportPreview" });
export type ImportPreview = z.infer<typeof ImportPreview>;

/** `GET /api/songs/export`: `json` (our export, the default), `chordpro` or `openlyrics`; several songs → a zip. */
export const SongExportFormat = z.enum(["json", "chordpro", "openlyrics"]);
export type SongExportFormat = z.infer<typeof SongExportFormat>;

/** A song read: `choirId` asks for the song's history in that choir (`lastSung`, `timesSung12m`; members only). */
export const SongReadQuery = z.object({ choirId: z.uuid().optional() });

/** `GET /api/choirs/{id}/song-usage`: the playlists dated from `from` to `to`, both included. */
export const SongUsageQuery = z
  .object({ from: IsoDate, to: IsoDate })
  .refine((q) => q.from <= q.to, { message: "must not be before from", path: ["to"] })
  .refine(
    (q) => (Date.parse(q.to) - Date.parse(q.from)) / 86_400_000 < SONG_HISTORY_LIMITS.usageRangeDaysMax,
    { message: `must be at most ${SONG_HISTORY_LIMITS.usageRangeDaysMax} days after from`, path: ["to"] },
  );
export type SongUsageQuery = z.input<typeof SongUsageQuery>;

/**
 * One song of a usage report: a song and its choir versions together, under the song they were made from; `count`
 * playlists of the range held it, the latest dated `lastSung`. Credits are the song's. A song its reader may not
 * read is counted but not named: `isHidden` true, `title` and credits null (the web app shows a placeholder).
 */
export const SongUsageRow = z
  .object({
    songId: z.uuid(),
    title: z.string().nullable(),
    count: z.number().int().min(1),
    lastSung: IsoDate,
    ccli: z.string().nullable(),
    copyright: z.string().nullable(),
    composer: z.string().nullable(),
    lyricist: z.string().nullable(),
    /** The reader may not read this song: it is counted, shown without its title and credits. */
    isHidden: z.boolean(),
  })
  .meta({ id: "SongUsageRow" });
export type SongUsageRow = z.infer<typeof SongUsageRow>;
export const SongUsage = z.array(SongUsageRow).meta({ id: "SongUsage" });
export type SongUsage = z.infer<typeof SongUsage>;

/**
 * `GET /api/songs/{id}/pdf`: one song as a PDF, for whoever may read the song. `key` prints it moved to that key
 * (from its `{key}`, else its first chord's); `variant: lyrics` leaves the chords out; `paper` A4 or US Letter;
 * `lang` the language of its few words (Key, Capo, page numbers), else the request's Accept-Language.
 */
export const SongPdfQuery = z.object({
  paper: z.enum(["a4", "letter"]).default("a4").describe("Page size: A4 (default) or US Letter"),
  variant: z.enum(["chords", "lyrics"]).default("chords").describe("`lyrics` leaves the chords out"),
  key: MusicalKey.optional().describe("The key to print the song in, such as G, Bb or F#m"),
  lang: z.string().max(35).optional().describe("en or es; else the request's Accept-Language"),
  download: z
    .enum(["0", "1", "true", "false"])
    .optional()
    .describe("1: offer the file as a download (attachment) instead of opening it"),
});
export type SongPdfQuery = z.input<typeof SongPdfQuery>;
