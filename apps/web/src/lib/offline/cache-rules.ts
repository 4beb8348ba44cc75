/**
 * What the service worker keeps and the messages it exchanges with the app. Plain functions and constants, shared
 * by the worker (src/sw.ts) and the page, so both read the same rules and the rules have unit tests.
 */

/**
 * The versioned cache of playlists kept for offline use: the playlist, each of its songs and its PDF (kept for the
 * reader who kept it).
 */
export const PLAYLIST_CACHE = "playlist-songs-v1.3";
/**
 * Rehearsal tracks' audio, kept the first time each is played (cache first): a playlist kept offline plays its
 * tracks offline once they were played. Keyed by the address without its query (the signed token changes).
 */
export const TRACK_CACHE = "track-audio-v1";
/** How many tracks the device keeps at most; the least recently used go first. */
export const TRACK_CACHE_MAX_ENTRIES = 80;
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
 * API reads answered network-first with a cache fallback: the user (/api/me), a choir's playlists, a playlist, and
 * songs. A playlist's PDF is read from the network, else from the copy kept for its reader (see keptSongbookUrl).
 */
export function isOfflineReadablePath(pathname: string): boolean {
  return (
    pathname === "/api/me" ||
    /^\/api\/choirs\/[^/]+\/playlists\/?$/.test(pathname) ||
    (pathname.startsWith("/api/playlists/") && !isSongbookPath(pathname) && !isLiveStreamPath(pathname)) ||
    (pathname.startsWith("/api/songs/") && !isTrackAudioPath(pathname))
  );
}

/** A rehearsal track's audio (`/api/songs/{id}/tracks/{trackId}/audio`), whatever the query. */
export function isTrackAudioPath(pathname: string): boolean {
  return /^\/api\/songs\/[^/]+\/tracks\/[^/]+\/audio$/.test(pathname);
}

/**
 * The cache key of a track's audio: its address without the query, so the copy kept under one signed token is
 * found under the next one (the token is bound to the track; the path names it).
 */
export function trackCacheKey(url: string): string {
  const parsed = new URL(url);
  parsed.search = "";
  return parsed.href;
}

/** A song's track list (kept with a playlist offline, so its tracks can be found there). */
export const songTracksPath = (songId: string) => `${songPath(songId)}/tracks`;

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

/** Where a read's copy kept for a playlist offline is found: its cache key. */
export function keptCopyUrl(url: string): string {
  return cacheKeyUrl(url);
}

/** A playlist's live stream: never cached nor answered by the worker (it does not end). */
export function isLiveStreamPath(pathname: string): boolean {
  return /^\/api\/playlists\/[^/]+\/events$/.test(pathname);
}

/** A playlist's songbook (its PDF), whatever the query. */
export function isSongbookPath(pathname: string): boolean {
  return /^\/api\/playlists\/[^/]+\/pdf$/.test(pathname);
}

/**
 * Where the songbook kept with a playlist offline is stored for the reader who kept it: any request of theirs for
 * that playlist's PDF (paper, language, download) finds the one kept, and nobody else's does. A private playlist's
 * songbook is for its choir's members only, so a copy never goes to another person on the same device.
 */
export function keptSongbookUrl(url: string, reader: string): string {
  const parsed = new URL(url);
  parsed.search = new URLSearchParams({ keptFor: reader }).toString();
  return parsed.href;
}

/**
 * Who a request is made for: the subject (`sub`, the user id) of its bearer token, read without checking the
 * signature (the server checks it; here it only keeps one person's copies apart from another's), or null.
 */
export function bearerReader(authorization: string | null | undefined): string | null {
  const token = authorization?.replace(/^Bearer\s+/i, "").trim();
  const payload = token?.split(".")[1];
  if (!payload) return null;
  try {
    const base64 = payload.replace(/-/g, "+").replace(/_/g, "/");
    const bytes = Uint8Array.from(atob(base64), (char) => char.charCodeAt(0));
    const claims: unknown = JSON.parse(new TextDecoder().decode(bytes));
    const subject = (claims as { sub?: unknown } | null)?.sub;
    return typeof subject === "string" && subject !== "" ? subject : null;
  } catch {
    return null;
  }
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
