import { useSyncExternalStore } from "react";
import type { PlaylistCachedMessage } from "./cache-rules";

/** What the app knows about one playlist kept offline. */
export interface PlaylistCacheStatus {
  playlistId: string;
  songCount: number;
  timestamp: number;
  isOfflineReady: boolean;
}

export const CACHE_STATUS_STORAGE_KEY = "choirapp-offline-playlists";

type Statuses = Record<string, PlaylistCacheStatus>;

function isStatus(value: unknown): value is PlaylistCacheStatus {
  if (!value || typeof value !== "object") return false;
  const status = value as Record<string, unknown>;
  return (
    typeof status.playlistId === "string" &&
    typeof status.songCount === "number" &&
    typeof status.timestamp === "number" &&
    typeof status.isOfflineReady === "boolean"
  );
}

/**
 * The cache status of every playlist kept on this device, persisted in local storage so a reload (offline too)
 * still knows what is there. Storage failures only cost the memory across reloads.
 */
export function createCacheStatusStore(storage: () => Storage | undefined = () => globalThis.localStorage) {
  let statuses: Statuses = load();
  const listeners = new Set<() => void>();

  function load(): Statuses {
    try {
      const raw = storage()?.getItem(CACHE_STATUS_STORAGE_KEY);
      const parsed: unknown = raw ? JSON.parse(raw) : {};
      if (!parsed || typeof parsed !== "object") return {};
      return Object.fromEntries(Object.entries(parsed).filter(([, value]) => isStatus(value))) as Statuses;
    } catch {
      return {};
    }
  }

  function save(next: Statuses): void {
    statuses = next;
    try {
      storage()?.setItem(CACHE_STATUS_STORAGE_KEY, JSON.stringify(next));
    } catch {
      // Kept in memory for this visit.
    }
    for (const listener of listeners) listener();
  }

  return {
    /** All statuses; the same object until something changes (for useSyncExternalStore). */
    getAll: (): Statuses => statuses,
    get: (playlistId: string): PlaylistCacheStatus | undefined => statuses[playlistId],
    /** The worker reported a playlist kept: it is ready offline with that many songs. */
    recordCached(message: Pick<PlaylistCachedMessage, "playlistId" | "songCount" | "timestamp">): void {
      save({
        ...statuses,
        [message.playlistId]: {
          playlistId: message.playlistId,
          songCount: message.songCount,
          timestamp: message.timestamp,
          isOfflineReady: true,
        },
      });
    },
    /** Forgets one playlist (deleted) or, without an id, all of them (signed out). */
    forget(playlistId?: string): void {
      if (playlistId === undefined) {
        save({});
        return;
      }
      if (!(playlistId in statuses)) return;
      const { [playlistId]: _removed, ...rest } = statuses;
      save(rest);
    },
    /**
     * Forgets the playlists whose kept copy is no longer there (the browser may clear a site's caches to free
     * space), so the badge never promises a playlist the device cannot open offline. A check that fails keeps
     * the status.
     */
    async reconcile(isKept: (playlistId: string) => Promise<boolean>): Promise<void> {
      const ids = Object.keys(statuses);
      const gone = await Promise.all(
        ids.map((id) =>
          isKept(id).then(
            (kept) => !kept,
            () => false,
          ),
        ),
      );
      const missing = ids.filter((_, index) => gone[index]);
      if (missing.length === 0) return;
      save(Object.fromEntries(Object.entries(statuses).filter(([id]) => !missing.includes(id))));
    },
    /** How many playlists are ready offline. */
    readyCount: (): number => Object.values(statuses).filter((status) => status.isOfflineReady).length,
    /** Reads storage again (another tab changed it). */
    reload(): void {
      statuses = load();
      for (const listener of listeners) listener();
    },
    subscribe(listener: () => void): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

export type CacheStatusStore = ReturnType<typeof createCacheStatusStore>;

/** The app's one store. */
export const cacheStatusStore = createCacheStatusStore();

if (typeof window !== "undefined") {
  window.addEventListener("storage", (event) => {
    if (event.key === CACHE_STATUS_STORAGE_KEY || event.key === null) cacheStatusStore.reload();
  });
}

/** A playlist's cache status, updated when the worker reports it kept. */
export function usePlaylistCacheStatus(playlistId: string | undefined): PlaylistCacheStatus | undefined {
  const all = useSyncExternalStore(
    cacheStatusStore.subscribe,
    cacheStatusStore.getAll,
    cacheStatusStore.getAll,
  );
  return playlistId ? all[playlistId] : undefined;
}

/** How many playlists this device keeps offline. */
export function useCachedPlaylistCount(): number {
  const all = useSyncExternalStore(
    cacheStatusStore.subscribe,
    cacheStatusStore.getAll,
    cacheStatusStore.getAll,
  );
  return Object.values(all).filter((status) => status.isOfflineReady).length;
}
