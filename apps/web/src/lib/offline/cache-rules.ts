/**
 * What the service worker keeps and the messages it exchanges with the app. Plain functions and constants, shared
 * by the worker (src/sw.ts) and the page, so both read the same rules and the rules have unit tests.
 *
 * Everything kept is a person's: each family below is a cache per person, named `{family}:{reader key}`, the key a
 * hash of the user id the request is made for (its bearer token's subject, or a track address's token's). A read is
 * answered only from the caches of the person it is made for, and the caches of anyone but the person signed in on
 * the device are deleted when the session changes (docs/decisions/0091-kept-data-per-person.md).
 */

/**
 * The versioned cache family of playlists kept for offline use: the playlist, each of its songs with its track list,
 * and its PDF.
 */
export const PLAYLIST_CACHE = "playlist-songs-v1.4";
/**
 * Rehearsal tracks' audio, kept the first time each is played (cache first): a playlist kept offline plays its
 * tracks offline once they were played. Keyed by the address without its query (the signed token changes).
 */
export const TRACK_CACHE = "track-audio-v2";
/** How many tracks the device keeps at most for a person; the least recently used go first. */
export const TRACK_CACHE_MAX_ENTRIES = 80;
/** API reads answered network-first, kept for when the network is gone. */
export const API_CACHE = "api-reads-v2";
/** How long a network-first read waits for the network before answering from the cache. */
export const NETWORK_TIMEOUT_SECONDS = 4;

/** The families of a person's kept data, this version's. */
const KEPT_FAMILIES = [API_CACHE, PLAYLIST_CACHE, TRACK_CACHE] as const;
/** Names of kept data in any version, earlier ones included (`playlist-songs-v1.3`, `api-reads-v1`, …). */
const KEPT_PREFIXES = ["api-reads-", "playlist-songs-", "track-audio-"] as const;

/**
 * The key a person's caches are named by: the first 128 bits of SHA-256 over the user id (hex), so cache names do
 * not show who used the device. Null where the browser has no WebCrypto (no secure context: no worker either).
 */
export async function readerKey(userId: string): Promise<string | null> {
  const subtle = globalThis.crypto?.subtle;
  if (!subtle || userId === "") return null;
  const digest = await subtle.digest("SHA-256", new TextEncoder().encode(`choir offline reader\n${userId}`));
  const bytes = new Uint8Array(digest).slice(0, 16);
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, "0")).join("");
}

/** A person's cache of one family. */
export const personCacheName = (family: string, reader: string) => `${family}:${reader}`;

/** Whether a cache holds kept data of some person (this version's or an earlier one's). */
export function isKeptDataCache(name: string): boolean {
  return KEPT_PREFIXES.some((prefix) => name.startsWith(prefix));
}

/** The person's caches among `names`. */
export function cachesOfReader(names: readonly string[], reader: string): string[] {
  return names.filter((name) => KEPT_FAMILIES.some((family) => name === personCacheName(family, reader)));
}

/**
 * The caches to delete when `reader` is the person signed in on the device (null: nobody is): every other
 * person's, and every earlier version's (those were kept for whoever asked).
 */
export function cachesToClear(names: readonly string[], reader: string | null): string[] {
  const keep = new Set(reader ? cachesOfReader(names, reader) : []);
  return names.filter((name) => isKeptDataCache(name) && !keep.has(name));
}

/** The caches of kept data that no person's key names: earlier versions', deleted when a new worker starts. */
export function outdatedCaches(names: readonly string[]): string[] {
  return names.filter(
    (name) =>
      isKeptDataCache(name) &&
      !KEPT_FAMILIES.some((family) => name.startsWith(`${family}:`) && name.length > family.length + 1),
  );
}

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

/**
 * Who is signed in on the device now (null: nobody), sent when the page starts and whenever the session changes
 * (sign-in, sign-out, a 401): the worker deletes what it keeps for anyone else.
 */
export interface SessionChangedMessage {
  type: "SESSION_CHANGED";
  userId: string | null;
}

/** What a page of an earlier version sends on sign-out; the worker takes it as nobody being signed in. */
export interface ClearUserDataMessage {
  type: "CLEAR_USER_DATA";
}

export type MessageToWorker =
  | CachePlaylistMessage
  | SkipWaitingMessage
  | SessionChangedMessage
  | ClearUserDataMessage;

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
  if (message.type === "SESSION_CHANGED")
    return message.userId === null || (typeof message.userId === "string" && message.userId !== "");
  return (
    message.type === "CACHE_PLAYLIST" && typeof message.playlistId === "string" && message.playlistId !== ""
  );
}

/**
 * API reads answered network-first with a cache fallback: the user (/api/me), a choir's playlists, a playlist,
 * songs (with their track and score lists, and their scores' files, asked for with the reader's bearer header), and
 * scores' markings. A playlist's PDF is read from the network, else from the copy kept for its reader (see keptSongbookUrl).
 */
export function isOfflineReadablePath(pathname: string): boolean {
  return (
    pathname === "/api/me" ||
    /^\/api\/choirs\/[^/]+\/playlists\/?$/.test(pathname) ||
    (pathname.startsWith("/api/playlists/") && !isSongbookPath(pathname) && !isLiveStreamPath(pathname)) ||
    /^\/api\/scores\/[^/]+\/markings$/.test(pathname) ||
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

/**
 * A song's track list (kept with a playlist offline, so its tracks can be found there); with `choirId` (the
 * playlist's choir) the choir's tracks of the song's family come too (decision 0098). The page asks for the same
 * address (features/tracks/api.ts builds it here), so the copy kept under it answers offline: a read's copy is found
 * by its whole address, query included.
 */
export const songTracksPath = (songId: string, choirId: string | null = null) =>
  `${songPath(songId)}/tracks${choirId ? `?choirId=${encodeURIComponent(choirId)}` : ""}`;

/** A song's score list, as sing mode and the song page ask for it (kept with a playlist offline, as its tracks). */
export const songScoresPath = (songId: string, choirId: string | null = null) =>
  `${songPath(songId)}/scores${choirId ? `?choirId=${encodeURIComponent(choirId)}` : ""}`;

/** The markings of a score in a choir (kept with a playlist offline, read network-first). */
export const scoreMarkingsPath = (scoreId: string, choirId: string) =>
  `/api/scores/${encodeURIComponent(scoreId)}/markings?choirId=${encodeURIComponent(choirId)}`;

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
 * Where the songbook kept with a playlist offline is stored in its reader's playlist cache: its address without the
 * query, so any request of theirs for that playlist's PDF (paper, language, download) finds the one kept. Nobody
 * else's request looks in that cache: a private playlist's songbook is for its choir's members only.
 */
export function keptSongbookUrl(url: string): string {
  const parsed = new URL(url);
  parsed.search = "";
  return parsed.href;
}

/**
 * The subject (`sub`, the user id) of a JWT, read without checking the signature (the server checks it; here it only
 * keeps one person's copies apart from another's), or null.
 */
export function tokenSubject(token: string | null | undefined): string | null {
  const payload = token?.trim().split(".")[1];
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

/** Who a request is made for: the subject of its bearer token (the header, or the token alone), or null. */
export function bearerReader(authorization: string | null | undefined): string | null {
  return tokenSubject(authorization?.replace(/^Bearer\s+/i, ""));
}

/**
 * Whose data a request reads: the subject of its bearer token; for a track's audio, which an `<audio>` element asks
 * for without headers, the subject of the address's `token`. Null: nobody's (nothing is kept for it, and no copy
 * answers it).
 */
export function requestReader(authorization: string | null | undefined, url: string): string | null {
  const bearer = bearerReader(authorization);
  if (bearer) return bearer;
  const parsed = new URL(url);
  return isTrackAudioPath(parsed.pathname) ? tokenSubject(parsed.searchParams.get("token")) : null;
}

/**
 * Whether an answer ends its person's session on this device: a 401 to a request made with a session token (the
 * session was revoked, or ended past refresh). A track address's own token expiring says nothing of the session.
 */
export function endsSession(status: number, authorization: string | null | undefined): boolean {
  return status === 401 && bearerReader(authorization) !== null;
}

/** The choir a playlist belongs to (its songs' tracks are read with it), or null. */
export function playlistChoirId(playlist: unknown): string | null {
  const choirId = (playlist as { choirId?: unknown } | null)?.choirId;
  return typeof choirId === "string" && choirId !== "" ? choirId : null;
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
