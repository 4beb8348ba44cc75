import { useCallback, useEffect, useRef, useState } from "react";

/** Spec: 'preparing' for 0.8 s before the download starts, 'completed' 1.5 s after it. */
export const PREPARING_MS = 800;
export const COMPLETED_DELAY_MS = 1500;

export type ShareErrorKind = "noPlaylistId" | "notFound" | "failedToDownload" | "downloadError";

export type ShareDownloadState =
  | { phase: "preparing" }
  | { phase: "downloading" }
  | { phase: "completed"; fileName: string }
  | { phase: "error"; error: ShareErrorKind };

/** playlist-{id}.pdf, the name the server gives the file too. */
export function shareFileName(playlistId: string): string {
  return `playlist-${playlistId}.pdf`;
}

/** The PDF as an attachment, in the reader's language. */
export function sharePdfUrl(playlistId: string, language: string): string {
  const params = new URLSearchParams({ download: "1", lang: language });
  return `/api/playlists/${encodeURIComponent(playlistId)}/pdf?${params}`;
}

/** Saves a blob under a file name through a temporary link. */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = fileName;
  link.rel = "noopener";
  link.style.display = "none";
  document.body.append(link);
  link.click();
  link.remove();
  // Some browsers read the address after click() returns; let it live a little.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

export interface ShareDownloadDeps {
  fetchPdf?: (url: string) => Promise<Response>;
  save?: (blob: Blob, fileName: string) => void;
}

/**
 * The share page's steps: preparing (0.8 s) → downloading (the PDF fetched and saved as playlist-{id}.pdf) →
 * completed (1.5 s later), or an error: no id, not found (404), the server refused, or no connection.
 */
export function useShareDownload(
  playlistId: string | undefined,
  language: string,
  { fetchPdf = (url) => fetch(url), save = saveBlob }: ShareDownloadDeps = {},
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
      let response: Response;
      try {
        response = await deps.current.fetchPdf(sharePdfUrl(id, deps.current.language));
      } catch {
        if (!isCancelled) setState({ phase: "error", error: "downloadError" });
        return;
      }
      if (isCancelled) return;
      if (!response.ok) {
        setState({ phase: "error", error: response.status === 404 ? "notFound" : "failedToDownload" });
        return;
      }
      try {
        const blob = await response.blob();
        if (isCancelled) return;
        deps.current.save(blob, shareFileName(id));
      } catch {
        if (!isCancelled) setState({ phase: "error", error: "downloadError" });
        return;
      }
      await later(COMPLETED_DELAY_MS);
      if (!isCancelled) setState({ phase: "completed", fileName: shareFileName(id) });
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
