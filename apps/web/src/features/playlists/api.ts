import {
  type AddPlaylistSong,
  type CreatePlaylist,
  type LastSung,
  type LeadPlace,
  type MovePlaylistSong,
  PAGING_LIMITS,
  PLAYLIST_MESSAGES,
  type Playlist,
  type PlaylistEntry,
  type PlaylistLead,
  type UpdatePlaylist,
  type UpdatePlaylistEntry,
} from "@choir/contract";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { ApiError, apiRequest } from "../../lib/api-client";
import { downloadFile } from "../../lib/download";
import { currentLanguage } from "../../lib/i18n";

export const playlistKeys = {
  all: ["playlists"] as const,
  choir: (choirId: string) => [...playlistKeys.all, "choir", choirId] as const,
  detail: (playlistId: string) => [...playlistKeys.all, "detail", playlistId] as const,
  /** Without a scope: the prefix of both scopes' keys, as an invalidation wants it. */
  lastSung: (choirId: string, songId: string, scope?: LastSungScope) =>
    scope
      ? ([...playlistKeys.all, "last-sung", choirId, songId, scope] as const)
      : ([...playlistKeys.all, "last-sung", choirId, songId] as const),
};

const playlistPath = (playlistId: string) => `/playlists/${encodeURIComponent(playlistId)}`;
const entryPath = (playlistId: string, songId: string) =>
  `${playlistPath(playlistId)}/songs/${encodeURIComponent(songId)}`;

export interface ChoirPlaylistsPage {
  skip?: number;
  take?: number;
  /** yyyy-MM-dd: the list starts at this day. */
  from?: string;
}

/** One page of a choir's playlists, by date (oldest first). The list of services reads its own (list/list-api.ts). */
export function fetchChoirPlaylistsPage(choirId: string, page: ChoirPlaylistsPage, signal?: AbortSignal) {
  const query = new URLSearchParams();
  if (page.from) query.set("from", page.from);
  if (page.skip) query.set("skip", String(page.skip));
  query.set("take", String(page.take ?? PAGING_LIMITS.takeDefault));
  return apiRequest<Playlist[]>(`/choirs/${encodeURIComponent(choirId)}/playlists?${query}`, { signal });
}

/** The choir's first `take` playlists dated `from` (yyyy-MM-dd) or later, soonest first. */
export const upcomingChoirPlaylistsQuery = (choirId: string, from: string, take: number) =>
  queryOptions({
    queryKey: [...playlistKeys.choir(choirId), "from", from, take] as const,
    queryFn: ({ signal }) => fetchChoirPlaylistsPage(choirId, { from, take }, signal),
  });

export function fetchPlaylist(playlistId: string, signal?: AbortSignal): Promise<Playlist> {
  return apiRequest<Playlist>(playlistPath(playlistId), { signal });
}

export const playlistQuery = (playlistId: string) =>
  queryOptions({
    queryKey: playlistKeys.detail(playlistId),
    queryFn: ({ signal }) => fetchPlaylist(playlistId, signal),
  });

export function usePlaylist(playlistId: string | undefined) {
  return useQuery({ ...playlistQuery(playlistId ?? ""), enabled: Boolean(playlistId) });
}

export function createPlaylist(values: CreatePlaylist): Promise<Playlist> {
  return apiRequest<Playlist>("/playlists", { method: "POST", body: values });
}

/**
 * Edits a playlist. With `basedOn` (the `updatedAt` of the version the edit was made on) the server saves only if
 * nobody changed the playlist since, else refuses with 412 (`isChangedMeanwhile`).
 */
export function updatePlaylist(
  playlistId: string,
  values: UpdatePlaylist,
  basedOn?: string,
): Promise<Playlist> {
  return apiRequest<Playlist>(playlistPath(playlistId), {
    method: "PUT",
    body: values,
    headers: basedOn ? { "If-Match": `"${basedOn}"` } : undefined,
  });
}

/** The refusal of an edit based on a version someone else has changed since. */
export function isChangedMeanwhile(error: unknown): boolean {
  return error instanceof ApiError && error.status === 412;
}

/** Sing mode's lead: lead from a place (0–1 down an entry), stop leading, follow, step away. */
export const leadApi = {
  lead: (playlistId: string, place: LeadPlace) =>
    apiRequest<PlaylistLead>(`${playlistPath(playlistId)}/lead`, { method: "PUT", body: place }),
  stop: (playlistId: string) => apiRequest<void>(`${playlistPath(playlistId)}/lead`, { method: "DELETE" }),
  follow: (playlistId: string) =>
    apiRequest<PlaylistLead>(`${playlistPath(playlistId)}/follow`, { method: "PUT" }),
  stepAway: (playlistId: string) =>
    apiRequest<void>(`${playlistPath(playlistId)}/follow`, { method: "DELETE" }),
};

/** Saves the playlist's songs as a zip of ChordPro files, numbered in order and in their keys. */
export function downloadPlaylistChordPro(playlistId: string): Promise<string> {
  return downloadFile(`/playlists/${encodeURIComponent(playlistId)}/export?format=chordpro`, "playlist.zip");
}

/** Saves the playlist's songbook (PDF) in the reader's language. */
export function downloadPlaylistSongbook(playlistId: string): Promise<string> {
  const params = new URLSearchParams({ download: "1", lang: currentLanguage() });
  return downloadFile(`/playlists/${encodeURIComponent(playlistId)}/pdf?${params}`, "playlist.pdf");
}

export function deletePlaylist(playlistId: string): Promise<void> {
  return apiRequest<void>(playlistPath(playlistId), { method: "DELETE" });
}

export function addPlaylistSong(playlistId: string, values: AddPlaylistSong): Promise<Playlist> {
  return apiRequest<Playlist>(`${playlistPath(playlistId)}/songs`, { method: "POST", body: values });
}

export function removePlaylistSong(playlistId: string, songId: string): Promise<Playlist> {
  return apiRequest<Playlist>(entryPath(playlistId, songId), { method: "DELETE" });
}

export function movePlaylistSong(
  playlistId: string,
  songId: string,
  values: MovePlaylistSong,
): Promise<Playlist> {
  return apiRequest<Playlist>(`${entryPath(playlistId, songId)}/move`, { method: "POST", body: values });
}

/**
 * Puts a removed entry back where it was: its song added to its section at its place, with its key and note. When
 * the section is gone meanwhile, the song goes to the end of the first section.
 */
export async function restorePlaylistEntry(
  playlistId: string,
  entry: PlaylistEntry,
  sectionId: string,
  order: number,
): Promise<Playlist> {
  const kept = { songId: entry.songId, key: entry.key, note: entry.note };
  try {
    return await addPlaylistSong(playlistId, { ...kept, sectionId, order });
  } catch (error) {
    if (!(error instanceof ApiError && error.message === PLAYLIST_MESSAGES.sectionNotFound)) throw error;
    return addPlaylistSong(playlistId, kept);
  }
}

/** Changes an entry in place: its key, its note, or its song (the original or the choir's version of it). */
export function updatePlaylistEntry(
  playlistId: string,
  songId: string,
  values: UpdatePlaylistEntry,
): Promise<Playlist> {
  return apiRequest<Playlist>(entryPath(playlistId, songId), { method: "PATCH", body: values });
}

/** The key an entry is sung in; null clears it. */
export function setEntryKey(playlistId: string, songId: string, key: string | null): Promise<Playlist> {
  return apiRequest<Playlist>(entryPath(playlistId, songId), { method: "PUT", body: { key } });
}

/** `song`: the days this song was in the choir's playlists; `family`: the days its history counts (before today). */
export type LastSungScope = "song" | "family";

export function fetchLastSung(
  choirId: string,
  songId: string,
  signal?: AbortSignal,
  scope: LastSungScope = "song",
): Promise<LastSung> {
  const query = scope === "family" ? "?scope=family" : "";
  return apiRequest<LastSung>(
    `/choirs/${encodeURIComponent(choirId)}/songs/${encodeURIComponent(songId)}/last-sung${query}`,
    { signal },
  );
}

export function useLastSung(
  choirId: string | undefined,
  songId: string | undefined,
  scope: LastSungScope = "song",
) {
  return useQuery({
    queryKey: playlistKeys.lastSung(choirId ?? "", songId ?? "", scope),
    queryFn: ({ signal }) => fetchLastSung(choirId ?? "", songId ?? "", signal, scope),
    enabled: Boolean(choirId && songId),
  });
}

/** Makes a choir the user's current one (opening a choir does this). */
export function setCurrentChoir(choirId: string): Promise<unknown> {
  return apiRequest<unknown>("/me/current-choir", { method: "PUT", body: { choirId } });
}
