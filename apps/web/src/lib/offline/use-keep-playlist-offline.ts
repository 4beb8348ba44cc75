import { useCallback, useEffect, useState } from "react";
import { currentLanguage } from "../i18n";
import { authToken } from "../storage";
import { usePlaylistCacheStatus } from "./cache-status";
import { postToWorker } from "./service-worker";

/** How long the keep-offline action waits for the worker's answer before giving up quietly. */
export const KEEP_OFFLINE_WAIT_MS = 20_000;

/** Asks the worker to keep a playlist, its songs and its PDF; false when no worker can. */
export function keepPlaylistOffline(playlistId: string): Promise<boolean> {
  return postToWorker({
    type: "CACHE_PLAYLIST",
    playlistId,
    token: authToken.get(),
    language: currentLanguage(),
  });
}

/**
 * Keeps a playlist offline when it is opened (while online; offline there is nothing new to read), and gives the
 * explicit 'keep offline' action. `isRequesting` is true from a request (the automatic one too) until the worker
 * reports the playlist kept (or gives up).
 */
export function useKeepPlaylistOffline(playlistId: string | undefined, options: { auto?: boolean } = {}) {
  const auto = options.auto ?? true;
  const status = usePlaylistCacheStatus(playlistId);
  const [requestedAt, setRequestedAt] = useState<number | null>(null);

  const keep = useCallback(async (): Promise<boolean> => {
    if (!playlistId) return false;
    setRequestedAt(Date.now());
    const isSent = await keepPlaylistOffline(playlistId);
    if (!isSent) setRequestedAt(null);
    return isSent;
  }, [playlistId]);

  useEffect(() => {
    if (requestedAt === null) return;
    const timer = setTimeout(() => setRequestedAt(null), KEEP_OFFLINE_WAIT_MS);
    return () => clearTimeout(timer);
  }, [requestedAt]);

  useEffect(() => {
    if (!auto || !playlistId || !navigator.onLine) return;
    void keep();
  }, [auto, playlistId, keep]);

  const isRequesting = requestedAt !== null && !(status && status.timestamp >= requestedAt);
  return { keep, isRequesting, status };
}
