import type { Track, TrackLinkCreate, TrackStorage } from "@choir/contract";
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "../../lib/api-client";
import { songTracksPath } from "../../lib/offline/cache-rules";
import { uploadForm } from "../../lib/upload";
import { playlistKeys } from "../playlists/api";
import { songKeys } from "../songs/api";

export const trackKeys = {
  all: ["tracks"] as const,
  /** Every read of the song's tracks, with or without a choir: what an upload or a deletion refreshes. */
  song: (songId: string) => [...trackKeys.all, songId] as const,
  /** The song's tracks as read in a choir (with its material: its version's, or the original's), or alone. */
  list: (songId: string, choirId: string | null) => [...trackKeys.song(songId), "list", choirId] as const,
  /** Under the song's key, so whatever refreshes its tracks (an upload, a deletion) refreshes this too. */
  storage: (songId: string) => [...trackKeys.song(songId), "storage"] as const,
};

/**
 * A song's tracks, as the API client asks for them (without the `/api` prefix): with `choirId`, those of the song's
 * family in that choir too (decision 0098). The same address the service worker keeps with a playlist offline
 * (`songTracksPath`), so the kept list answers it.
 */
export const tracksPath = (songId: string, choirId: string | null = null) =>
  songTracksPath(songId, choirId).replace(/^\/api/, "");

/** A track's own address: through the song it belongs to (`songId` on a track of the song's counterpart). */
const trackPath = (songId: string, track: Pick<Track, "id" | "songId">) =>
  `${tracksPath(track.songId ?? songId)}/${encodeURIComponent(track.id)}`;

// ── Reads ──────────────────────────────────────────────────────────────────────────────────────────────────

export function fetchTracks(
  songId: string,
  choirId: string | null = null,
  signal?: AbortSignal,
): Promise<Track[]> {
  return apiRequest<Track[]>(tracksPath(songId, choirId), { signal });
}

/**
 * A song's rehearsal tracks; in a choir's context (`choirId`: a playlist's choir, the choir a song page was opened
 * in) the choir's tracks come too, whether the song is the original or the choir's version. Each `url` carries a
 * token good for some hours, so the list is read again after an hour rather than kept for the page's whole life.
 */
export const tracksQuery = (songId: string, choirId: string | null = null) =>
  queryOptions({
    queryKey: trackKeys.list(songId, choirId),
    queryFn: ({ signal }) => fetchTracks(songId, choirId, signal),
    staleTime: 60 * 60 * 1000,
    retry: false,
  });

export function useTracks(songId: string, options: { enabled?: boolean; choirId?: string | null } = {}) {
  return useQuery({ ...tracksQuery(songId, options.choirId ?? null), enabled: options.enabled ?? true });
}

/** What an upload to the song would count against: the person's and the choir's stored bytes, the server's disk. */
export function fetchTrackStorage(songId: string, signal?: AbortSignal): Promise<TrackStorage> {
  return apiRequest<TrackStorage>(`/songs/${encodeURIComponent(songId)}/storage`, { signal });
}

export const trackStorageQuery = (songId: string) =>
  queryOptions({
    queryKey: trackKeys.storage(songId),
    queryFn: ({ signal }) => fetchTrackStorage(songId, signal),
    retry: false,
  });

export function useTrackStorage(songId: string) {
  return useQuery(trackStorageQuery(songId));
}

// ── Writes ─────────────────────────────────────────────────────────────────────────────────────────────────

export interface TrackUpload {
  file: File;
  part: string;
  label?: string;
}

/**
 * POST /api/songs/{id}/tracks as multipart form data, with the upload's progress (`onProgress` gets 0–1). Fails with
 * the server's message as an ApiError, like apiRequest.
 */
export function uploadTrack(
  songId: string,
  upload: TrackUpload,
  onProgress?: (part: number) => void,
  choirId: string | null = null,
): Promise<Track> {
  const form = new FormData();
  // The text fields first: the server reads them before the file's bytes arrive.
  form.append("part", upload.part);
  if (upload.label?.trim()) form.append("label", upload.label.trim());
  form.append("file", upload.file, upload.file.name);
  return uploadForm<Track>(tracksPath(songId, choirId), form, onProgress);
}

/**
 * POST /api/songs/{id}/tracks as JSON: a link to audio on another site. With `choirId`, the choir's track: on a song
 * that is not the choir's version it goes to that version (made quietly when the choir has none).
 */
export function addTrackLink(
  songId: string,
  link: TrackLinkCreate,
  choirId: string | null = null,
): Promise<Track> {
  return apiRequest<Track>(tracksPath(songId, choirId), { method: "POST", body: link });
}

/** Deletes a track through the song it belongs to (its `songId` when it is the counterpart's, else `songId`). */
export function deleteTrack(songId: string, track: Pick<Track, "id" | "songId">): Promise<void> {
  return apiRequest<void>(trackPath(songId, track), { method: "DELETE" });
}

/**
 * After an add: the new track joins the list it was added from at once; every read of the song's tracks (and of the
 * song it went to) is refreshed. A track that went to another song (the choir's version, perhaps made just now)
 * also refreshes the songs and playlists on screen, whose entries now know the choir's version.
 */
function afterAdd(
  queryClient: ReturnType<typeof useQueryClient>,
  songId: string,
  choirId: string | null,
  track: Track,
) {
  queryClient.setQueryData<Track[]>(trackKeys.list(songId, choirId), (tracks) => [...(tracks ?? []), track]);
  void queryClient.invalidateQueries({ queryKey: trackKeys.song(songId) });
  if (track.songId && track.songId !== songId) {
    void queryClient.invalidateQueries({ queryKey: trackKeys.song(track.songId) });
    void queryClient.invalidateQueries({ queryKey: songKeys.all });
    void queryClient.invalidateQueries({ queryKey: playlistKeys.all });
  }
}

/** Uploads a file to the song; with `choirId`, as the choir's track (see addTrackLink). */
export function useUploadTrack(
  songId: string,
  onProgress: (part: number) => void,
  choirId: string | null = null,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (upload: TrackUpload) => uploadTrack(songId, upload, onProgress, choirId),
    onSuccess: (track) => afterAdd(queryClient, songId, choirId, track),
  });
}

export function useAddTrackLink(songId: string, choirId: string | null = null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (link: TrackLinkCreate) => addTrackLink(songId, link, choirId),
    onSuccess: (track) => afterAdd(queryClient, songId, choirId, track),
  });
}

/** Deletes a track of the song's list (a counterpart's through its own song); the lists of both are refreshed. */
export function useDeleteTrack(songId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (track: Track) => deleteTrack(songId, track),
    onSuccess: (_, removed) => {
      queryClient.setQueriesData<Track[]>({ queryKey: trackKeys.song(songId) }, (tracks) =>
        Array.isArray(tracks) ? tracks.filter((track) => track.id !== removed.id) : tracks,
      );
      void queryClient.invalidateQueries({ queryKey: trackKeys.song(songId) });
      if (removed.songId) void queryClient.invalidateQueries({ queryKey: trackKeys.song(removed.songId) });
    },
  });
}
