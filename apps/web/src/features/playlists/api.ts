import type {
  AddPlaylistSong,
  CreatePlaylist,
  LastSung,
  MovePlaylistSong,
  Playlist,
  UpdatePlaylist,
} from "@choir/contract";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiRequest } from "../../lib/api-client";

export const playlistKeys = {
  all: ["playlists"] as const,
  choir: (choirId: string) => [...playlistKeys.all, "choir", choirId] as const,
  detail: (playlistId: string) => [...playlistKeys.all, "detail", playlistId] as const,
  lastSung: (choirId: string, songId: string) => [...playlistKeys.all, "last-sung", choirId, songId] as const,
};

const playlistPath = (playlistId: string) => `/playlists/${encodeURIComponent(playlistId)}`;
const entryPath = (playlistId: string, songId: string) =>
  `${playlistPath(playlistId)}/songs/${encodeURIComponent(songId)}`;

/** A choir's playlists. `bust` adds the spec's `_t` cache-busting parameter for an explicit refresh. */
export function fetchChoirPlaylists(choirId: string, options: { bust?: boolean; signal?: AbortSignal } = {}) {
  const query = options.bust ? `?_t=${Date.now()}` : "";
  return apiRequest<Playlist[]>(`/choirs/${encodeURIComponent(choirId)}/playlists${query}`, {
    signal: options.signal,
  });
}

export const choirPlaylistsQuery = (choirId: string) =>
  queryOptions({
    queryKey: playlistKeys.choir(choirId),
    queryFn: ({ signal }) => fetchChoirPlaylists(choirId, { signal }),
  });

export function useChoirPlaylists(choirId: string | undefined) {
  return useQuery({ ...choirPlaylistsQuery(choirId ?? ""), enabled: Boolean(choirId) });
}

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

export function updatePlaylist(playlistId: string, values: UpdatePlaylist): Promise<Playlist> {
  return apiRequest<Playlist>(playlistPath(playlistId), { method: "PUT", body: values });
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

/** The key an entry is sung in; null clears it. */
export function setEntryKey(playlistId: string, songId: string, key: string | null): Promise<Playlist> {
  return apiRequest<Playlist>(entryPath(playlistId, songId), { method: "PUT", body: { key } });
}

export function fetchLastSung(choirId: string, songId: string, signal?: AbortSignal): Promise<LastSung> {
  return apiRequest<LastSung>(
    `/choirs/${encodeURIComponent(choirId)}/songs/${encodeURIComponent(songId)}/last-sung`,
    { signal },
  );
}

export function useLastSung(choirId: string | undefined, songId: string | undefined) {
  return useQuery({
    queryKey: playlistKeys.lastSung(choirId ?? "", songId ?? ""),
    queryFn: ({ signal }) => fetchLastSung(choirId ?? "", songId ?? "", signal),
    enabled: Boolean(choirId && songId),
  });
}

/** Makes a choir the user's current one (opening a choir does this). */
export function setCurrentChoir(choirId: string): Promise<unknown> {
  return apiRequest<unknown>("/me/current-choir", { method: "PUT", body: { choirId } });
}
