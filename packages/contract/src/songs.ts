import { z } from "zod";
import { LIMITS, SONG_LIMITS } from "./limits.js";

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
  })
  .meta({ id: "CreateSong" });
export type CreateSong = z.input<typeof CreateSong>;

/**
 * Edit a song; `tags` omitted leaves them unchanged, and so does `audioUrl` omitted (the spec's shorter reading of
 * the call sends title, artist and content only); `audioUrl: null` or "" removes the link.
 */
export const UpdateSong = z
  .object({ title, artist, content, audioUrl: AudioUrl.optional(), tags: TagList.optional() })
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

/** `tags` orders by each song's first tag in alphabetical order (songs without tags last), then by title. */
export const SongSort = z.enum(["relevance", "title", "artist", "createdAt", "tags"]);
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
 * A file to import. Its content is bounded here only by the request size: a file over
 * SONG_LIMITS.importFileMax gets its own error in the result, so the other files still import.
 */
export const SongImportFile = z.object({
  name: z.string().trim().min(1).max(255),
  content: z.string().max(LIMITS.bodyLimitBytes),
});
export const ImportSongs = z
  .object({ files: z.array(SongImportFile).min(1).max(SONG_LIMITS.importFilesMax) })
  .meta({ id: "ImportSongs" });
export type ImportSongs = z.input<typeof ImportSongs>;
export const ImportResult = z
  .object({
    results: z.array(
      z.object({ name: z.string(), songIds: z.array(z.uuid()), error: z.string().optional() }),
    ),
  })
  .meta({ id: "ImportResult" });
export type ImportResult = z.infer<typeof ImportResult>;
