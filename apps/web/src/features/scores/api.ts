import type { Marking, MarkingCreate, Score } from "@choir/contract";
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "../../lib/api-client";
import { scoreMarkingsPath, songScoresPath } from "../../lib/offline/cache-rules";
import { authToken } from "../../lib/storage";
import { uploadForm } from "../../lib/upload";
import { playlistKeys } from "../playlists/api";
import { songKeys } from "../songs/api";

export const scoreKeys = {
  all: ["scores"] as const,
  /** Every read of the song's scores, with or without a choir: what an upload or a deletion refreshes. */
  song: (songId: string) => [...scoreKeys.all, songId] as const,
  list: (songId: string, choirId: string | null) => [...scoreKeys.song(songId), "list", choirId] as const,
  markings: (scoreId: string, choirId: string) => ["markings", scoreId, choirId] as const,
};

/**
 * A song's scores, as the API client asks for them (without the `/api` prefix): with `choirId`, those of the song's
 * family in that choir too. The address the service worker keeps with a playlist offline (`songScoresPath`).
 */
export const scoresPath = (songId: string, choirId: string | null = null) =>
  songScoresPath(songId, choirId).replace(/^\/api/, "");

export function fetchScores(
  songId: string,
  choirId: string | null = null,
  signal?: AbortSignal,
): Promise<Score[]> {
  return apiRequest<Score[]>(scoresPath(songId, choirId), { signal });
}

/** A song's scores; each `url` carries a token good for some hours, so the list is read again after an hour. */
export const scoresQuery = (songId: string, choirId: string | null = null) =>
  queryOptions({
    queryKey: scoreKeys.list(songId, choirId),
    queryFn: ({ signal }) => fetchScores(songId, choirId, signal),
    staleTime: 60 * 60 * 1000,
    retry: false,
  });

export function useScores(songId: string, options: { enabled?: boolean; choirId?: string | null } = {}) {
  return useQuery({ ...scoresQuery(songId, options.choirId ?? null), enabled: options.enabled ?? true });
}

/**
 * A score's bytes, for pdf.js, from its `url` (which carries the reader's token) with the bearer header too: the
 * service worker keeps the answer for that reader, and the copy kept with a playlist offline answers it.
 */
export async function fetchScoreBytes(score: Pick<Score, "url">, signal?: AbortSignal): Promise<ArrayBuffer> {
  const token = authToken.get();
  const response = await fetch(score.url, {
    signal,
    credentials: "omit",
    headers: token ? { Authorization: `Bearer ${token}` } : {},
  });
  if (!response.ok) throw new Error(`score answered ${response.status}`);
  return response.arrayBuffer();
}

export interface ScoreUpload {
  file: File;
  /** A voice part, or null for the whole choir. */
  part: string | null;
  label?: string;
}

/** POST /api/songs/{id}/scores as multipart form data, with the upload's progress; with `choirId`, the choir's score. */
export function uploadScore(
  songId: string,
  upload: ScoreUpload,
  onProgress?: (part: number) => void,
  choirId: string | null = null,
): Promise<Score> {
  const form = new FormData();
  // The text fields first: the server reads them before the file's bytes arrive.
  if (upload.part) form.append("part", upload.part);
  if (upload.label?.trim()) form.append("label", upload.label.trim());
  form.append("file", upload.file, upload.file.name);
  return uploadForm<Score>(scoresPath(songId, choirId), form, onProgress);
}

export function useUploadScore(
  songId: string,
  onProgress: (part: number) => void,
  choirId: string | null = null,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (upload: ScoreUpload) => uploadScore(songId, upload, onProgress, choirId),
    onSuccess: (score) => {
      queryClient.setQueryData<Score[]>(scoreKeys.list(songId, choirId), (scores) => [
        ...(scores ?? []),
        score,
      ]);
      void queryClient.invalidateQueries({ queryKey: scoreKeys.song(songId) });
      if (score.songId && score.songId !== songId) {
        // The choir's version, perhaps made just now: the songs and playlists on screen learn of it.
        void queryClient.invalidateQueries({ queryKey: scoreKeys.song(score.songId) });
        void queryClient.invalidateQueries({ queryKey: songKeys.all });
        void queryClient.invalidateQueries({ queryKey: playlistKeys.all });
      }
    },
  });
}

/** Deletes a score through the song it belongs to (its `songId` when it is the counterpart's). */
export function useDeleteScore(songId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (score: Score) =>
      apiRequest<void>(
        `/songs/${encodeURIComponent(score.songId ?? songId)}/scores/${encodeURIComponent(score.id)}`,
        { method: "DELETE" },
      ),
    onSuccess: (_, removed) => {
      queryClient.setQueriesData<Score[]>({ queryKey: scoreKeys.song(songId) }, (scores) =>
        Array.isArray(scores) ? scores.filter((score) => score.id !== removed.id) : scores,
      );
      void queryClient.invalidateQueries({ queryKey: scoreKeys.song(songId) });
      if (removed.songId) void queryClient.invalidateQueries({ queryKey: scoreKeys.song(removed.songId) });
    },
  });
}

// ── Markings ─────────────────────────────────────────────────────────────────────────────────────────────────

export const markingsPath = (scoreId: string) => `/scores/${encodeURIComponent(scoreId)}/markings`;

export const markingsQuery = (scoreId: string, choirId: string) =>
  queryOptions({
    queryKey: scoreKeys.markings(scoreId, choirId),
    queryFn: ({ signal }) =>
      apiRequest<Marking[]>(scoreMarkingsPath(scoreId, choirId).replace(/^\/api/, ""), { signal }),
    retry: false,
  });

export function useMarkings(scoreId: string, choirId: string | null) {
  return useQuery({ ...markingsQuery(scoreId, choirId ?? ""), enabled: choirId !== null });
}

/** A new marking, drawn with its own id (so a resend after a lost answer makes one marking). */
export type NewMarking = MarkingCreate & { id: string };

export function useSaveMarking(scoreId: string, choirId: string) {
  const queryClient = useQueryClient();
  const key = scoreKeys.markings(scoreId, choirId);
  return useMutation({
    mutationFn: (marking: NewMarking) =>
      apiRequest<Marking>(markingsPath(scoreId), { method: "POST", body: marking }),
    onSuccess: (saved) => {
      queryClient.setQueryData<Marking[]>(key, (markings) => [
        ...(markings ?? []).filter((marking) => marking.id !== saved.id),
        saved,
      ]);
    },
  });
}

export function useDeleteMarking(scoreId: string, choirId: string) {
  const queryClient = useQueryClient();
  const key = scoreKeys.markings(scoreId, choirId);
  return useMutation({
    mutationFn: (markingId: string) =>
      apiRequest<void>(`${markingsPath(scoreId)}/${encodeURIComponent(markingId)}`, { method: "DELETE" }),
    onSuccess: (_, removed) => {
      queryClient.setQueryData<Marking[]>(key, (markings) =>
        (markings ?? []).filter((m) => m.id !== removed),
      );
    },
  });
}
