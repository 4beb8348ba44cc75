import { useCallback, useEffect, useRef, useState } from "react";
import { fetchSongbook, saveBlob, songbookFileName } from "../../components/share-modal/pdf-download";
import { authToken } from "../../lib/storage";

/** Spec: 'preparing' for 0.8 s before the download starts, 'completed' 1.5 s after it. */
export const PREPARING_MS = 800;
export const COMPLETED_DELAY_MS = 1500;

/**
 * Why the download did not happen: no id in the link; a signed-out visitor's link answered 404 (unknown, or private
 * to its choir: the server does not say which) or a session that has ended; a signed-in reader's link answered 404;
 * the server refused; no connection.
 */
export type ShareErrorKind =
  | "noPlaylistId"
  | "signInRequired"
  | "notFound"
  | "failedToDownload"
  | "downloadError";

export type ShareDownloadState =
  | { phase: "preparing" }
  | { phase: "downloading" }
  | { phase: "completed"; fileName: string }
  | { phase: "error"; error: ShareErrorKind };

/** The name the server gives the file (from the playlist's title and date), else playlist-{id}.pdf. */
export const shareFileName = songbookFileName;

/** The PDF as an attachment, in the reader's language. */
export function sharePdfUrl(playlistId: string, language: string): string {
  const params = new URLSearchParams({ download: "1", lang: language });
  return `/api/playlists/${encodeURIComponent(playlistId)}/pdf?${params}`;
}

export interface ShareDownloadDeps {
  fetchPdf?: (url: string) => Promise<Response>;
  save?: (blob: Blob, fileName: string) => void;
}

/** What a refusal means for this reader: a signed-out visitor (or an ended session) is asked to sign in. */
function refusal(status: number, wasSignedIn: boolean): ShareErrorKind {
  if (status === 401) {
    // The session ended: the reader is signed out now, and signing in again may open the playlist.
    authToken.clear();
    return "signInRequired";
  }
  if (status === 404) return wasSignedIn ? "notFound" : "signInRequired";
  return "failedToDownload";
}

/**
 * The share page's steps: preparing (0.8 s) → downloading (the PDF fetched with the reader's token, if signed in,
 * and saved under the server's name for it) → completed (1.5 s later), or an error (see {@link ShareErrorKind}).
 */
export function useShareDownload(
  playlistId: string | undefined,
  language: string,
  { fetchPdf = fetchSongbook, save = saveBlob }: ShareDownloadDeps = {},
) {
  const [state, setState] = useState<ShareDownloadState>(
    playlistId ? { phase: "preparing" } : { phase: "error", error: "noPlaylistId" },
  );
  const [attempt, setAttempt] = useState(0);
  const deps = useRef({ fetchPdf, save, language });
  deps.current = { fetchPdf, save, language };

  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` changes on retry, to run the download again.
  useEffect(() => {
    if (!playlistId) {
      setState({ phase: "error", error: "noPlaylistId" });
      return;
    }
    let isCancelled = false;
    const timers: Array<ReturnType<typeof setTimeout>> = [];
    const later = (ms: number) =>
      new Promise<void>((resolve) => {
        timers.push(setTimeout(resolve, ms));
      });

    async function run(id: string) {
      setState({ phase: "preparing" });
      await later(PREPARING_MS);
      if (isCancelled) return;
      setState({ phase: "downloading" });
      const wasSignedIn = authToken.get() !== null;
      let response: Response;
      try {
        response = await deps.current.fetchPdf(sharePdfUrl(id, deps.current.language));
      } catch {
        if (!isCancelled) setState({ phase: "error", error: "downloadError" });
        return;
      }
      if (isCancelled) return;
      if (!response.ok) {
        setState({ phase: "error", error: refusal(response.status, wasSignedIn) });
        return;
      }
      const fileName = shareFileName(response, id);
      try {
        const blob = await response.blob();
        if (isCancelled) return;
        deps.current.save(blob, fileName);
      } catch {
        if (!isCancelled) setState({ phase: "error", error: "downloadError" });
        return;
      }
      await later(COMPLETED_DELAY_MS);
      if (!isCancelled) setState({ phase: "completed", fileName });
    }

    void run(playlistId);
    return () => {
      isCancelled = true;
      for (const timer of timers) clearTimeout(timer);
    };
  }, [playlistId, attempt]);

  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  return { state, retry };
}
