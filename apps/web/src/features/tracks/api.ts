import type { Track, TrackLinkCreate, TrackStorage } from "@choir/contract";
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import {
  apiRequest,
  handleUnauthorized,
  NetworkError,
  OfflineError,
  parseErrorResponse,
} from "../../lib/api-client";
import { currentLanguage } from "../../lib/i18n";
import { authToken } from "../../lib/storage";

export const trackKeys = {
  all: ["tracks"] as const,
  song: (songId: string) => [...trackKeys.all, songId] as const,
  /** Under the song's key, so whatever refreshes its tracks (an upload, a deletion) refreshes this too. */
  storage: (songId: string) => [...trackKeys.song(songId), "storage"] as const,
};

const tracksPath = (songId: string) => `/songs/${encodeURIComponent(songId)}/tracks`;

// ── Reads ──────────────────────────────────────────────────────────────────────────────────────────────────

export function fetchTracks(songId: string, signal?: AbortSignal): Promise<Track[]> {
  return apiRequest<Track[]>(tracksPath(songId), { signal });
}

/**
 * A song's rehearsal tracks. Each `url` carries a token good for some hours, so the list is read again after an
 * hour rather than kept for the page's whole life.
 */
export const tracksQuery = (songId: string) =>
  queryOptions({
    queryKey: trackKeys.song(songId),
    queryFn: ({ signal }) => fetchTracks(songId, signal),
    staleTime: 60 * 60 * 1000,
    retry: false,
  });

export function useTracks(songId: string, options: { enabled?: boolean } = {}) {
  return useQuery({ ...tracksQuery(songId), enabled: options.enabled ?? true });
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
 * POST /api/songs/{id}/tracks as multipart form data, through XMLHttpRequest so the upload's progress can be shown
 * (`onProgress` gets 0–1). Fails with the server's message as an ApiError, like apiRequest.
 */
export function uploadTrack(
  songId: string,
  upload: TrackUpload,
  onProgress?: (part: number) => void,
): Promise<Track> {
  if (typeof navigator !== "undefined" && navigator.onLine === false)
    return Promise.reject(new OfflineError());
  const form = new FormData();
  // The text fields first: the server reads them before the file's bytes arrive.
  form.append("part", upload.part);
  if (upload.label?.trim()) form.append("label", upload.label.trim());
  form.append("file", upload.file, upload.file.name);
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open("POST", `/api${tracksPath(songId)}`);
    request.setRequestHeader("Accept", "application/json");
    request.setRequestHeader("Accept-Language", currentLanguage());
    const token = authToken.get();
    if (token) request.setRequestHeader("Authorization", `Bearer ${token}`);
    request.upload.addEventListener("progress", (event) => {
      if (event.lengthComputable && event.total > 0) onProgress?.(event.loaded / event.total);
    });
    request.addEventListener("load", () => {
      const response = new Response(request.status === 204 ? null : request.responseText, {
        status: request.status,
        statusText: request.statusText,
        headers: { "Content-Type": request.getResponseHeader("Content-Type") ?? "application/json" },
      });
      if (request.status >= 200 && request.status < 300) {
        response.json().then(resolve, reject);
        return;
      }
      void parseErrorResponse(response).then((error) => {
        if (request.status === 401) handleUnauthorized();
        reject(error);
      });
    });
    request.addEventListener("error", () => reject(new NetworkError(new Error("upload failed"))));
    request.addEventListener("abort", () => reject(new DOMException("Aborted", "AbortError")));
    request.send(form);
  });
}

/** POST /api/songs/{id}/tracks as JSON: a link to audio on another site. */
export function addTrackLink(songId: string, link: TrackLinkCreate): Promise<Track> {
  return apiRequest<Track>(tracksPath(songId), { method: "POST", body: link });
}

export function deleteTrack(songId: string, trackId: string): Promise<void> {
  return apiRequest<void>(`${tracksPath(songId)}/${encodeURIComponent(trackId)}`, { method: "DELETE" });
}

export function useUploadTrack(songId: string, onProgress: (part: number) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (upload: TrackUpload) => uploadTrack(songId, upload, onProgress),
    onSuccess: (track) => {
      queryClient.setQueryData<Track[]>(trackKeys.song(songId), (tracks) => [...(tracks ?? []), track]);
      void queryClient.invalidateQueries({ queryKey: trackKeys.song(songId) });
    },
  });
}

export function useAddTrackLink(songId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (link: TrackLinkCreate) => addTrackLink(songId, link),
    onSuccess: (track) => {
      queryClient.setQueryData<Track[]>(trackKeys.song(songId), (tracks) => [...(tracks ?? []), track]);
      void queryClient.invalidateQueries({ queryKey: trackKeys.song(songId) });
    },
  });
}

export function useDeleteTrack(songId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (trackId: string) => deleteTrack(songId, trackId),
    onSuccess: (_, trackId) => {
      queryClient.setQueryData<Track[]>(trackKeys.song(songId), (tracks) =>
        tracks?.filter((track) => track.id !== trackId),
      );
      void queryClient.invalidateQueries({ queryKey: trackKeys.song(songId) });
    },
  });
}
