/**
 * What the service worker keeps and the messages it exchanges with the app. Plain functions and constants, shared
 * by the worker (src/sw.ts) and the page, so both read the same rules and the rules have unit tests.
 */

/** The versioned cache of playlists kept for offline use: the playlist, each of its songs and its PDF. */
export const PLAYLIST_CACHE = "playlist-songs-v1.3";
/** API reads answered network-first, kept for when the network is gone. */
export const API_CACHE = "api-reads-v1";
/** How long a network-first read waits for the network before answering from the cache. */
export const NETWORK_TIMEOUT_SECONDS = 4;

/** The app asks the worker to keep a playlist offline; the worker needs the bearer token to read it. */
export interface CachePlaylistMessage {
  type: "CACHE_PLAYLIST";
  playlistId: string;
  token?: string | null;
  /** The reader's language: the kept songbook's headings and dates are written in it. */
  language?: string;
}

/** The worker tells every open page that a playlist is kept. */
export interface PlaylistCachedMessage {
  type: "PLAYLIST_CACHED";
  playlistId: string;
  songCount: number;
  timestamp: number;
}

export interface SkipWaitingMessage {
  type: "SKIP_WAITING";
}

/** Sent on sign-out: the next person on this device must not read the last one's playlists offline. */
export interface ClearUserDataMessage {
  type: "CLEAR_USER_DATA";
}

export type MessageToWorker = CachePlaylistMessage | SkipWaitingMessage | ClearUserDataMessage;

export function isPlaylistCachedMessage(data: unknown): data is PlaylistCachedMessage {
  if (!data || typeof data !== "object") return false;
  const message = data as Record<string, unknown>;
  return (
    message.type === "PLAYLIST_CACHED" &&
    typeof message.playlistId === "string" &&
    typeof message.songCount === "number" &&
    typeof message.timestamp === "number"
  );
}

export function isMessageToWorker(data: unknown): data is MessageToWorker {
  if (!data || typeof data !== "object") return false;
  const message = data as Record<string, unknown>;
  if (message.type === "SKIP_WAITING" || message.type === "CLEAR_USER_DATA") return true;
  return (
    message.type === "CACHE_PLAYLIST" && typeof message.playlistId === "string" && message.playlistId !== ""
  );
}

/**
 * API reads answered network-first with a cache fallback: the user (/api/me), a choir's playlists, a playlist and
 * its PDF, and songs.
 */
export function isOfflineReadablePath(pathname: string): boolean {
  return (
    pathname === "/api/me" ||
    /^\/api\/choirs\/[^/]+\/playlists\/?$/.test(pathname) ||
    pathname.startsWith("/api/playlists/") ||
    pathname.startsWith("/api/songs/")
  );
}

/** Paths the single-page app never answers: navigation there goes to the server, not to index.html. */
export function isServerOnlyPath(pathname: string): boolean {
  return /^\/(api|dev)(\/|$)/.test(pathname);
}

/** The cache key of a read: its address without the `_t` cache-busting parameter, so a busted read finds the kept one. */
export function cacheKeyUrl(url: string): string {
  const parsed = new URL(url);
  if (!parsed.searchParams.has("_t")) return parsed.href;
  parsed.searchParams.delete("_t");
  return parsed.href;
}

export const playlistPath = (playlistId: string) => `/api/playlists/${encodeURIComponent(playlistId)}`;
export const songPath = (songId: string) => `/api/songs/${encodeURIComponent(songId)}`;
/** A playlist's songbook; with a language, written in it (`?lang=`). */
export const playlistPdfPath = (playlistId: string, language?: string) =>
  `${playlistPath(playlistId)}/pdf${language ? `?lang=${encodeURIComponent(language)}` : ""}`;

/**
 * Where a read's copy kept for a playlist offline is found: its cache key, except that any request for a playlist's
 * songbook (paper, language, download) finds the one songbook kept, under the address without a query.
 */
export function keptCopyUrl(url: string): string {
  const parsed = new URL(url);
  if (!/^\/api\/playlists\/[^/]+\/pdf$/.test(parsed.pathname)) return cacheKeyUrl(url);
  parsed.search = "";
  return parsed.href;
}

/** The ids of the songs a playlist's reader may open, each once, in playlist order. */
export function playlistSongIds(playlist: unknown): string[] {
  const ids: string[] = [];
  const sections = (playlist as { sections?: unknown })?.sections;
  if (!Array.isArray(sections)) return ids;
  const ordered = [...sections].sort((a, b) => (a?.order ?? 0) - (b?.order ?? 0));
  for (const section of ordered) {
    const entries = Array.isArray(section?.songs) ? [...section.songs] : [];
    entries.sort((a, b) => (a?.order ?? 0) - (b?.order ?? 0));
    for (const entry of entries) {
      // An entry without a song is one the reader may not see: there is nothing to keep.
      if (typeof entry?.songId === "string" && entry.song && !ids.includes(entry.songId))
        ids.push(entry.songId);
    }
  }
  return ids;
}
