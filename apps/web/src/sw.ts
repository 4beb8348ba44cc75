/// <reference lib="webworker" />
import { clientsClaim, type RouteHandlerCallbackOptions, type WorkboxPlugin } from "workbox-core";
import { ExpirationPlugin } from "workbox-expiration";
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from "workbox-precaching";
import { RangeRequestsPlugin } from "workbox-range-requests";
import { registerRoute } from "workbox-routing";
import { CacheFirst, NetworkFirst } from "workbox-strategies";
import {
  API_CACHE,
  bearerReader,
  cacheKeyUrl,
  isMessageToWorker,
  isOfflineReadablePath,
  isServerOnlyPath,
  isSongbookPath,
  isTrackAudioPath,
  keptCopyUrl,
  keptSongbookUrl,
  NETWORK_TIMEOUT_SECONDS,
  PLAYLIST_CACHE,
  type PlaylistCachedMessage,
  playlistPath,
  playlistPdfPath,
  playlistSongIds,
  songPath,
  songTracksPath,
  TRACK_CACHE,
  TRACK_CACHE_MAX_ENTRIES,
  trackCacheKey,
} from "./lib/offline/cache-rules";

declare const self: ServiceWorkerGlobalScope & {
  __WB_MANIFEST: Array<{ url: string; revision: string | null } | string>;
};

// The app shell (scripts, styles, index.html, icons): every route opens offline.
precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

// A new worker waits until a page tells it to go ahead (SKIP_WAITING, sent as the page asks whether to refresh); the
// first one takes the open pages at once, so a playlist opened on the first visit can already be kept offline.
clientsClaim();

// Any page address opens the app; /api and /dev addresses are the server's own (sign-in redirects, mail outbox).
registerRoute(
  ({ request, url }) => request.mode === "navigate" && !isServerOnlyPath(url.pathname),
  createHandlerBoundToURL("index.html"),
);

const matchOptions: CacheQueryOptions = { ignoreVary: true };

const networkFirst = new NetworkFirst({
  cacheName: API_CACHE,
  networkTimeoutSeconds: NETWORK_TIMEOUT_SECONDS,
  matchOptions,
  plugins: [{ cacheKeyWillBeUsed: async ({ request }) => cacheKeyUrl(request.url) }],
});

/** Network first; then the read kept by the last visit; then the copy kept for a playlist offline. */
async function readWithFallback(options: RouteHandlerCallbackOptions): Promise<Response> {
  try {
    return await networkFirst.handle(options);
  } catch (error) {
    const request = options.request instanceof Request ? options.request : new Request(options.request);
    const kept = await (await caches.open(PLAYLIST_CACHE)).match(keptCopyUrl(request.url), matchOptions);
    if (kept) return kept;
    throw error;
  }
}

registerRoute(
  ({ url, request }) =>
    request.method === "GET" && url.origin === self.location.origin && isOfflineReadablePath(url.pathname),
  readWithFallback,
);

/**
 * A playlist's songbook: from the network, and never stored on the way (a private playlist's PDF is its choir's
 * members' only). Without a network, the copy kept with the playlist by the same reader, found by the user of the
 * request's bearer token; a request without one (a signed-out visitor, a plain link) finds none.
 */
async function readSongbook({ request }: RouteHandlerCallbackOptions): Promise<Response> {
  const asked = request instanceof Request ? request : new Request(request);
  try {
    return await fetch(asked);
  } catch (error) {
    const reader = bearerReader(asked.headers.get("Authorization"));
    if (reader) {
      const cache = await caches.open(PLAYLIST_CACHE);
      const kept = await cache.match(keptSongbookUrl(asked.url, reader), matchOptions);
      if (kept) return kept;
    }
    throw error;
  }
}

registerRoute(
  ({ url, request }) =>
    request.method === "GET" && url.origin === self.location.origin && isSongbookPath(url.pathname),
  readSongbook,
);

/**
 * A rehearsal track's audio: cache first. Not kept yet, the player's first request (from the start: `bytes=0-`, or
 * none) is sent without its Range, so the whole file comes in one download that both plays and is kept; any other
 * range goes to the network as asked and is not kept. Kept, a Range request is answered from the whole file (206),
 * so the track plays and seeks offline. Keyed without the signed token (trackCacheKey).
 */
const trackAudioPlugin: WorkboxPlugin = {
  cacheKeyWillBeUsed: async ({ request }) => trackCacheKey(request.url),
  requestWillFetch: async ({ request }) => {
    const range = request.headers.get("Range");
    if (range && !/^bytes=0-$/.test(range.trim())) return request;
    return new Request(request.url, { credentials: "same-origin", cache: "no-store" });
  },
  // Only a whole file is kept: a part (206) or a refusal never is.
  cacheWillUpdate: async ({ response }) => (response.status === 200 ? response : null),
};

registerRoute(
  ({ url, request }) =>
    request.method === "GET" && url.origin === self.location.origin && isTrackAudioPath(url.pathname),
  new CacheFirst({
    cacheName: TRACK_CACHE,
    plugins: [
      trackAudioPlugin,
      new RangeRequestsPlugin(),
      new ExpirationPlugin({ maxEntries: TRACK_CACHE_MAX_ENTRIES, purgeOnQuotaError: true }),
    ],
  }),
);

/**
 * Stores a playlist, each song a reader of it may open with its track list, and its PDF; answers with the number of
 * songs kept.
 */
async function keepPlaylist(
  playlistId: string,
  token: string | null | undefined,
  language: string | undefined,
): Promise<number> {
  const cache = await caches.open(PLAYLIST_CACHE);
  const headers: HeadersInit = token ? { Authorization: `Bearer ${token}`, Accept: "application/json" } : {};
  const absolute = (path: string) => new URL(path, self.location.origin).href;

  const playlistResponse = await fetch(absolute(playlistPath(playlistId)), { headers, cache: "no-store" });
  if (!playlistResponse.ok) throw new Error(`The playlist answered ${playlistResponse.status}`);
  const playlist: unknown = await playlistResponse.clone().json();
  await cache.put(absolute(playlistPath(playlistId)), playlistResponse);

  const songIds = playlistSongIds(playlist);
  const kept = await Promise.all(
    songIds.map(async (songId) => {
      try {
        const response = await fetch(absolute(songPath(songId)), { headers, cache: "no-store" });
        if (!response.ok) return false;
        await cache.put(absolute(songPath(songId)), response);
        try {
          // The track list, so the practice player finds the song's tracks offline (their audio is kept when played).
          const tracks = await fetch(absolute(songTracksPath(songId)), { headers, cache: "no-store" });
          if (tracks.ok) await cache.put(absolute(songTracksPath(songId)), tracks);
        } catch {
          // A song without its track list still sings.
        }
        return true;
      } catch {
        return false;
      }
    }),
  );

  try {
    // In the reader's language, with their token (a private playlist's songbook answers only a member), kept for
    // this reader alone (see keptSongbookUrl).
    const reader = bearerReader(token);
    if (token && reader) {
      const pdf = await fetch(absolute(playlistPdfPath(playlistId, language)), {
        headers: { Authorization: `Bearer ${token}` },
        cache: "no-store",
      });
      if (pdf.ok) await cache.put(keptSongbookUrl(absolute(playlistPdfPath(playlistId)), reader), pdf);
    }
  } catch {
    // The songbook is a convenience offline; the playlist and its songs are what the service needs.
  }
  return kept.filter(Boolean).length;
}

async function tellClients(message: PlaylistCachedMessage): Promise<void> {
  const clients = await self.clients.matchAll({ type: "window", includeUncontrolled: true });
  for (const client of clients) client.postMessage(message);
}

self.addEventListener("message", (event) => {
  const data: unknown = event.data;
  if (!isMessageToWorker(data)) return;
  if (data.type === "SKIP_WAITING") {
    void self.skipWaiting();
    return;
  }
  if (data.type === "CLEAR_USER_DATA") {
    event.waitUntil(
      Promise.all([caches.delete(PLAYLIST_CACHE), caches.delete(API_CACHE), caches.delete(TRACK_CACHE)]),
    );
    return;
  }
  event.waitUntil(
    keepPlaylist(data.playlistId, data.token, data.language)
      .then((songCount) =>
        tellClients({
          type: "PLAYLIST_CACHED",
          playlistId: data.playlistId,
          songCount,
          timestamp: Date.now(),
        }),
      )
      .catch((error: unknown) => console.warn("Could not keep the playlist offline", error)),
  );
});
