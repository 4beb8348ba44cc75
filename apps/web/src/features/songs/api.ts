import type {
  BulkDeleteResult,
  CreateSong,
  CreateSongVersion,
  ExportedSong,
  ImportPreview,
  ImportResult,
  ImportSongs,
  PreviewImport,
  Song,
  SongSearchQuery,
  SongSearchResult,
  SongTag,
  SongUsage,
  UpdateSong,
  UpdateSongVisibility,
} from "@choir/contract";
import {
  infiniteQueryOptions,
  queryOptions,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from "@tanstack/react-query";
import { apiRequest } from "../../lib/api-client";
import { downloadFile } from "../../lib/download";
import { fetchAllPages } from "../../lib/paging";

/** Songs change rarely while a page is open: the spec's song cache lifetime is five minutes. */
export const SONG_STALE_TIME = 5 * 60 * 1000;

export const songKeys = {
  all: ["songs"] as const,
  detail: (songId: string) => [...songKeys.all, "detail", songId] as const,
  search: (query: SongSearchQuery) => [...songKeys.all, "search", query] as const,
  infinite: (query: Omit<SongSearchQuery, "skip">) => [...songKeys.all, "infinite", query] as const,
  mine: () => [...songKeys.all, "mine"] as const,
  choir: (choirId: string) => [...songKeys.all, "choir", choirId] as const,
  history: (songId: string, choirId: string) => [...songKeys.all, "history", songId, choirId] as const,
  usage: (choirId: string, from: string, to: string) =>
    [...songKeys.all, "usage", choirId, from, to] as const,
  tags: (query: string, maxResults: number) => ["tags", "suggestions", query, maxResults] as const,
};

const songPath = (songId: string) => `/songs/${encodeURIComponent(songId)}`;

/** Query string with repeated `tags`; empty and undefined values left out. */
export function searchParams(query: SongSearchQuery): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null || value === "") continue;
    if (Array.isArray(value)) for (const item of value) params.append(key, String(item));
    else params.set(key, String(value));
  }
  return params.toString();
}

// ── Reads ──────────────────────────────────────────────────────────────────────────────────────────────────

export function fetchSong(songId: string, signal?: AbortSignal): Promise<Song> {
  return apiRequest<Song>(songPath(songId), { signal });
}

export const songQuery = (songId: string) =>
  queryOptions({
    queryKey: songKeys.detail(songId),
    queryFn: ({ signal }) => fetchSong(songId, signal),
    staleTime: SONG_STALE_TIME,
    retry: false,
  });

export function useSong(songId: string) {
  return useQuery(songQuery(songId));
}

/** The song with its history in a choir the user belongs to (`lastSung`, `timesSung12m`). */
export function fetchSongHistory(songId: string, choirId: string, signal?: AbortSignal): Promise<Song> {
  return apiRequest<Song>(`${songPath(songId)}?${new URLSearchParams({ choirId })}`, { signal });
}

export const songHistoryQuery = (songId: string, choirId: string) =>
  queryOptions({
    queryKey: songKeys.history(songId, choirId),
    queryFn: ({ signal }) => fetchSongHistory(songId, choirId, signal),
  });

export function useSongHistory(songId: string, choirId: string | null) {
  return useQuery({ ...songHistoryQuery(songId, choirId ?? ""), enabled: Boolean(choirId) });
}

const usagePath = (choirId: string, from: string, to: string) =>
  `/choirs/${encodeURIComponent(choirId)}/song-usage?${new URLSearchParams({ from, to })}`;

/** The songs a choir's playlists dated from `from` to `to` held, with counts and credits. */
export function fetchSongUsage(choirId: string, from: string, to: string, signal?: AbortSignal) {
  return apiRequest<SongUsage>(usagePath(choirId, from, to), { signal });
}

export const songUsageQuery = (choirId: string, from: string, to: string) =>
  queryOptions({
    queryKey: songKeys.usage(choirId, from, to),
    queryFn: ({ signal }) => fetchSongUsage(choirId, from, to, signal),
  });

export function useSongUsage(choirId: string, range: { from: string; to: string } | null) {
  return useQuery({
    ...songUsageQuery(choirId, range?.from ?? "", range?.to ?? ""),
    enabled: Boolean(choirId && range),
  });
}

/** Saves the report as CSV (UTF-8 with a byte-order mark), under the name the server gives. */
export function downloadSongUsage(choirId: string, from: string, to: string): Promise<string> {
  return downloadFile(usagePath(choirId, from, to), `song-usage-${from}-${to}.csv`, { accept: "text/csv" });
}

/** The search is sent with no-cache headers and never answered from the HTTP cache (the server also says no-store). */
export function searchSongs(query: SongSearchQuery, signal?: AbortSignal): Promise<SongSearchResult> {
  return apiRequest<SongSearchResult>(`/songs/search?${searchParams(query)}`, { signal, noCache: true });
}

export const songSearchQuery = (query: SongSearchQuery) =>
  queryOptions({
    queryKey: songKeys.search(query),
    queryFn: ({ signal }) => searchSongs(query, signal),
  });

/** Pages of `take` songs, each starting where the previous one ended. */
export const infiniteSongsQuery = (query: Omit<SongSearchQuery, "skip">) =>
  infiniteQueryOptions({
    queryKey: songKeys.infinite(query),
    queryFn: ({ pageParam, signal }) => searchSongs({ ...query, skip: pageParam }, signal),
    initialPageParam: 0,
    getNextPageParam: (last) => (last.hasMore ? last.skip + last.songs.length : undefined),
  });

export function useInfiniteSongs(query: Omit<SongSearchQuery, "skip">) {
  return useInfiniteQuery(infiniteSongsQuery(query));
}

/** All the caller's own songs. */
export function fetchMySongs(signal?: AbortSignal): Promise<Song[]> {
  return fetchAllPages<Song>("/songs/my", signal);
}

export const mySongsQuery = () =>
  queryOptions({ queryKey: songKeys.mine(), queryFn: ({ signal }) => fetchMySongs(signal) });

export function useMySongs(options: { enabled?: boolean } = {}) {
  return useQuery({ ...mySongsQuery(), enabled: options.enabled ?? true });
}

/** The songs a choir sees, versions included (entries carry `baseSongId`). */
export function fetchChoirSongs(choirId: string, signal?: AbortSignal): Promise<Song[]> {
  return fetchAllPages<Song>(`/songs/choir/${encodeURIComponent(choirId)}`, signal);
}

export const choirSongsQuery = (choirId: string) =>
  queryOptions({
    queryKey: songKeys.choir(choirId),
    queryFn: ({ signal }) => fetchChoirSongs(choirId, signal),
  });

export function useChoirSongs(choirId: string | null | undefined) {
  return useQuery({ ...choirSongsQuery(choirId ?? ""), enabled: Boolean(choirId) });
}

export function fetchTagSuggestions(
  query: string,
  maxResults: number,
  signal?: AbortSignal,
): Promise<SongTag[]> {
  const params = new URLSearchParams({ maxResults: String(maxResults) });
  if (query.trim()) params.set("query", query.trim());
  return apiRequest<SongTag[]>(`/tags/suggestions?${params}`, { signal });
}

/** Suggestions for an already debounced query; a failure reads as no suggestions (spec: silently emptied). */
export function useTagSuggestions(query: string, maxResults: number, enabled = true) {
  return useQuery({
    queryKey: songKeys.tags(query.trim(), maxResults),
    queryFn: async ({ signal }) => {
      try {
        return await fetchTagSuggestions(query, maxResults, signal);
      } catch (error) {
        if (error instanceof DOMException && error.name === "AbortError") throw error;
        return [];
      }
    },
    enabled,
    staleTime: 60_000,
  });
}

// ── Writes ─────────────────────────────────────────────────────────────────────────────────────────────────

export function createSong(values: CreateSong): Promise<Song> {
  return apiRequest<Song>("/songs", { method: "POST", body: values });
}

export function updateSong(songId: string, values: UpdateSong): Promise<Song> {
  return apiRequest<Song>(songPath(songId), { method: "PUT", body: values });
}

export function updateSongVisibility(songId: string, values: UpdateSongVisibility): Promise<Song> {
  return apiRequest<Song>(`${songPath(songId)}/visibility`, { method: "PUT", body: values });
}

export function deleteSong(songId: string): Promise<void> {
  return apiRequest<void>(songPath(songId), { method: "DELETE" });
}

export function createSongVersion(songId: string, values: CreateSongVersion): Promise<Song> {
  return apiRequest<Song>(`${songPath(songId)}/versions`, { method: "POST", body: values });
}

export function bulkDeleteSongs(songIds: string[]): Promise<BulkDeleteResult> {
  return apiRequest<BulkDeleteResult>("/songs/bulk-delete", { method: "POST", body: { songIds } });
}

export function exportSongs(songIds: string[]): Promise<ExportedSong[]> {
  const params = new URLSearchParams({ ids: songIds.join(",") });
  return apiRequest<ExportedSong[]>(`/songs/export?${params}`);
}

export function importSongs(body: ImportSongs): Promise<ImportResult> {
  return apiRequest<ImportResult>("/songs/import", { method: "POST", body });
}

/** What importing these files would create, and what could not be read; nothing is saved. */
export function previewImport(body: PreviewImport): Promise<ImportPreview> {
  return apiRequest<ImportPreview>("/songs/import/preview", { method: "POST", body });
}

/** Saves songs as ChordPro or OpenLyrics: one song as its file, several as a zip (the server names it). */
export function downloadSongs(songIds: string[], format: "chordpro" | "openlyrics"): Promise<string> {
  const params = new URLSearchParams({ ids: songIds.join(","), format });
  return downloadFile(`/songs/export?${params}`, format === "chordpro" ? "song.chordpro" : "song.xml");
}

/**
 * Saves one song as a PDF in the songbook's layout (the server names it after the title): with its chords, in `key`
 * when given, or its words alone. Its few words (Key, Page 1 of 2) follow the app's language.
 */
export function downloadSongPdf(
  songId: string,
  options: { variant: "chords" | "lyrics"; key?: string | null },
): Promise<string> {
  const params = new URLSearchParams({ download: "1", variant: options.variant });
  if (options.key && /^[A-G][#b]?m?$/.test(options.key)) params.set("key", options.key);
  return downloadFile(`/songs/${songId}/pdf?${params}`, "song.pdf");
}

/** After any write every song list may be stale; the changed song's detail is replaced when known. */
export function useSongsWritten() {
  const queryClient = useQueryClient();
  return async (song?: Song) => {
    if (song) queryClient.setQueryData(songKeys.detail(song.songId), song);
    await queryClient.invalidateQueries({
      predicate: (query) => query.queryKey[0] === "songs" && query.queryKey[1] !== "detail",
    });
    await queryClient.invalidateQueries({ queryKey: ["tags"] });
  };
}

export function useCreateSong() {
  const written = useSongsWritten();
  return useMutation({ mutationFn: createSong, onSuccess: (song) => written(song) });
}

export function useCreateSongVersion(songId: string) {
  const written = useSongsWritten();
  return useMutation({
    mutationFn: (values: CreateSongVersion) => createSongVersion(songId, values),
    onSuccess: (song) => written(song),
  });
}

export function useUpdateSong(songId: string) {
  const written = useSongsWritten();
  return useMutation({
    mutationFn: (values: UpdateSong) => updateSong(songId, values),
    onSuccess: (song) => written(song),
  });
}

export function useUpdateSongVisibility(songId: string) {
  const written = useSongsWritten();
  return useMutation({
    mutationFn: (values: UpdateSongVisibility) => updateSongVisibility(songId, values),
    onSuccess: (song) => written(song),
  });
}

export function useDeleteSong() {
  const written = useSongsWritten();
  return useMutation({ mutationFn: deleteSong, onSuccess: () => written() });
}

export function useBulkDeleteSongs() {
  const written = useSongsWritten();
  return useMutation({ mutationFn: bulkDeleteSongs, onSuccess: () => written() });
}

export function useImportSongs() {
  const written = useSongsWritten();
  return useMutation({ mutationFn: importSongs, onSuccess: () => written() });
}
