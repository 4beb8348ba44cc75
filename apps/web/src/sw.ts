/// <reference lib="webworker" />
import { clientsClaim, type RouteHandlerCallbackOptions, type WorkboxPlugin } from "workbox-core";
import { CacheExpiration, ExpirationPlugin } from "workbox-expiration";
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from "workbox-precaching";
import { RangeRequestsPlugin } from "workbox-range-requests";
import { registerRoute } from "workbox-routing";
import { CacheFirst, NetworkFirst, type Strategy } from "workbox-strategies";
import {
  API_CACHE,
  bearerReader,
  cacheKeyUrl,
  cachesOfReader,
  cachesToClear,
  endsSession,
  isMessageToWorker,
  isOfflineReadablePath,
  isServerOnlyPath,
  isSongbookPath,
  isTrackAudioPath,
  keptCopyUrl,
  keptSongbookUrl,
  NETWORK_TIMEOUT_SECONDS,
  outdatedCaches,
  PLAYLIST_CACHE,
  type PlaylistCachedMessage,
  personCacheName,
  playlistChoirId,
  playlistPath,
  playlistPdfPath,
  playlistSongIds,
  readerKey,
  requestReader,
  scoreMarkingsPath,
  songPath,
  songScoresPath,
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

// Kept data of earlier versions, stored for whoever asked, goes when this version starts.
self.addEventListener("activate", (event) => {
  event.waitUntil(caches.keys().then((names) => deleteKept(outdatedCaches(names))));
});

// Any page address opens the app; /api and /dev addresses are the server's own (sign-in redirects, mail outbox).
registerRoute(
  ({ request, url }) => request.mode === "navigate" && !isServerOnlyPath(url.pathname),
  createHandlerBoundToURL("index.html"),
);

const matchOptions: CacheQueryOptions = { ignoreVary: true };

/**
 * The key of the person signed in on the device, as the page last said (SESSION_CHANGED); undefined until a page
 * says so in this worker's life. What is fetched for anyone else meanwhile is not kept.
 */
let signedInReader: string | null | undefined;

const asRequest = (request: RouteHandlerCallbackOptions["request"]) =>
  request instanceof Request ? request : new Request(request);

/** The key of the person a request is made for (see requestReader), or null: nobody's, nothing kept or answered. */
async function readerOf(request: Request): Promise<string | null> {
  const userId = requestReader(request.headers.get("Authorization"), request.url);
  return userId ? readerKey(userId) : null;
}

/** Whether what is fetched for `reader` may be kept: not once another person (or nobody) is signed in. */
const mayKeepFor = (reader: string) => signedInReader === undefined || signedInReader === reader;

/** A match in one cache, without creating it when it does not exist. */
async function matchIn(cacheName: string, url: string): Promise<Response | undefined> {
  if (!(await caches.has(cacheName))) return undefined;
  return (await caches.open(cacheName)).match(url, matchOptions);
}

/** Each person's strategies, by cache name (a strategy is bound to one cache). */
const strategies = new Map<string, Strategy>();

function strategyFor(cacheName: string, make: () => Strategy): Strategy {
  let strategy = strategies.get(cacheName);
  if (!strategy) {
    strategy = make();
    strategies.set(cacheName, strategy);
  }
  return strategy;
}

/** Deletes caches of kept data, with the expiry records of a track cache. */
async function deleteKept(names: readonly string[]): Promise<void> {
  await Promise.all(
    names.map(async (name) => {
      strategies.delete(name);
      await caches.delete(name);
      if (name.startsWith("track-audio-")) {
        await new CacheExpiration(name, { maxEntries: TRACK_CACHE_MAX_ENTRIES }).delete();
      }
    }),
  );
}

/** A person's session ended (a 401): what the device keeps for them goes. */
async function endReader(reader: string): Promise<void> {
  if (signedInReader === reader) signedInReader = null;
  await deleteKept(cachesOfReader(await caches.keys(), reader));
}

/** The person signed in on the device is now `userId` (or nobody): everyone else's kept data goes. */
async function followSession(userId: string | null): Promise<void> {
  const reader = userId ? await readerKey(userId) : null;
  signedInReader = reader;
  await deleteKept(cachesToClear(await caches.keys(), reader));
}

/** A 401 to a request made with a session token ends that person's kept data. */
const sessionEndPlugin: WorkboxPlugin = {
  fetchDidSucceed: async ({ request, response }) => {
    if (endsSession(response.status, request.headers.get("Authorization"))) {
      const reader = await readerOf(request);
      if (reader) await endReader(reader);
    }
    return response;
  },
};

/** The network-first strategy of one person's reads, kept in their API cache. */
const networkFirstFor = (reader: string) => {
  const cacheName = personCacheName(API_CACHE, reader);
  return strategyFor(
    cacheName,
    () =>
      new NetworkFirst({
        cacheName,
        networkTimeoutSeconds: NETWORK_TIMEOUT_SECONDS,
        matchOptions,
        plugins: [
          sessionEndPlugin,
          {
            cacheKeyWillBeUsed: async ({ request }) => cacheKeyUrl(request.url),
            // Only a whole answer, and only while this person is the one signed in.
            cacheWillUpdate: async ({ response }) =>
              response.status === 200 && mayKeepFor(reader) ? response : null,
          },
        ],
      }),
  );
};

/**
 * Network first; then the read kept by this person's last visit; then the copy kept for a playlist offline by this
 * person. A request made for nobody (no token) goes to the network alone: no copy is kept or answered for it.
 */
async function readWithFallback(options: RouteHandlerCallbackOptions): Promise<Response> {
  const request = asRequest(options.request);
  const reader = await readerOf(request);
  if (!reader) return fetch(request);
  try {
    return await networkFirstFor(reader).handle(options);
  } catch (error) {
    const kept = await matchIn(personCacheName(PLAYLIST_CACHE, reader), keptCopyUrl(request.url));
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
 * members' only). Without a network, the copy kept with the playlist by the same reader, found in the playlist cache
 * of the request's bearer token's person; a request without one (a signed-out visitor, a plain link) finds none.
 */
async function readSongbook({ request }: RouteHandlerCallbackOptions): Promise<Response> {
  const asked = asRequest(request);
  try {
    const response = await fetch(asked);
    if (endsSession(response.status, asked.headers.get("Authorization"))) {
      const reader = await readerOf(asked);
      if (reader) await endReader(reader);
    }
    return response;
  } catch (error) {
    const reader = await readerOf(asked);
    const kept =
      reader && (await matchIn(personCacheName(PLAYLIST_CACHE, reader), keptSongbookUrl(asked.url)));
    if (kept) return kept;
    throw error;
  }
}

registerRoute(
  ({ url, request }) =>
    request.method === "GET" && url.origin === self.location.origin && isSongbookPath(url.pathname),
  readSongbook,
);

/**
 * A rehearsal track's audio: cache first, in the cache of the person the address's token names. Not kept yet, the
 * player's first request (from the start: `bytes=0-`, or none) is sent without its Range, so the whole file comes in
 * one download that both plays and is kept; any other range goes to the network as asked and is not kept. Kept, a
 * Range request is answered from the whole file (206), so the track plays and seeks offline. Keyed without the
 * signed token (trackCacheKey). An address naming nobody goes to the network alone.
 */
const trackAudioPlugin = (reader: string): WorkboxPlugin => ({
  cacheKeyWillBeUsed: async ({ request }) => trackCacheKey(request.url),
  requestWillFetch: async ({ request }) => {
    const range = request.headers.get("Range");
    if (range && !/^bytes=0-$/.test(range.trim())) return request;
    return new Request(request.url, { credentials: "same-origin", cache: "no-store" });
  },
  // Only a whole file is kept (a part, 206, or a refusal never is), and only while its person is signed in.
  cacheWillUpdate: async ({ response }) => (response.status === 200 && mayKeepFor(reader) ? response : null),
});

async function readTrack(options: RouteHandlerCallbackOptions): Promise<Response> {
  const request = asRequest(options.request);
  const reader = await readerOf(request);
  if (!reader) return fetch(request);
  const cacheName = personCacheName(TRACK_CACHE, reader);
  const strategy = strategyFor(
    cacheName,
    () =>
      new CacheFirst({
        cacheName,
        plugins: [
          trackAudioPlugin(reader),
          new RangeRequestsPlugin(),
          new ExpirationPlugin({ maxEntries: TRACK_CACHE_MAX_ENTRIES, purgeOnQuotaError: true }),
        ],
      }),
  );
  return strategy.handle(options);
}

registerRoute(
  ({ url, request }) =>
    request.method === "GET" && url.origin === self.location.origin && isTrackAudioPath(url.pathname),
  readTrack,
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
  // Kept for the person the token names, in their own cache; without one there is nobody to keep it for.
  const userId = bearerReader(token);
  const reader = userId ? await readerKey(userId) : null;
  if (!token || !reader) throw new Error("Nobody to keep the playlist for");
  const cacheName = personCacheName(PLAYLIST_CACHE, reader);
  const cache = await caches.open(cacheName);
  const headers: HeadersInit = { Authorization: `Bearer ${token}`, Accept: "application/json" };
  const absolute = (path: string) => new URL(path, self.location.origin).href;

  const playlistResponse = await fetch(absolute(playlistPath(playlistId)), { headers, cache: "no-store" });
  if (endsSession(playlistResponse.status, `Bearer ${token}`)) await endReader(reader);
  if (!playlistResponse.ok) throw new Error(`The playlist answered ${playlistResponse.status}`);
  const playlist: unknown = await playlistResponse.clone().json();
  await cache.put(absolute(playlistPath(playlistId)), playlistResponse);

  const songIds = playlistSongIds(playlist);
  const choirId = playlistChoirId(playlist);
  const kept = await Promise.all(
    songIds.map(async (songId) => {
      try {
        const response = await fetch(absolute(songPath(songId)), { headers, cache: "no-store" });
        if (!response.ok) return false;
        await cache.put(absolute(songPath(songId)), response);
        try {
          // The track list as sing mode and the practice player ask for it, with the playlist's choir (its tracks of
          // the song come too, whether the entry holds the original or the choir's version), so they find the
          // song's tracks offline (their audio is kept when played, or downloaded from the playlist's page).
          const tracksUrl = absolute(songTracksPath(songId, choirId));
          const tracks = await fetch(tracksUrl, { headers, cache: "no-store" });
          if (tracks.ok) await cache.put(tracksUrl, tracks);
        } catch {
          // A song without its track list still sings.
        }
        try {
          await keepScores(cache, songId, choirId, headers, absolute);
        } catch {
          // A song without its scores still sings from its chord sheet.
        }
        return true;
      } catch {
        return false;
      }
    }),
  );

  try {
    // In the reader's language, with their token (a private playlist's songbook answers only a member).
    const pdf = await fetch(absolute(playlistPdfPath(playlistId, language)), {
      headers: { Authorization: `Bearer ${token}` },
      cache: "no-store",
    });
    if (pdf.ok) await cache.put(keptSongbookUrl(absolute(playlistPdfPath(playlistId))), pdf);
  } catch {
    // The songbook is a convenience offline; the playlist and its songs are what the service needs.
  }
  // The session changed while the playlist was being kept: what was kept is no longer this device's person's.
  if (!mayKeepFor(reader)) {
    await deleteKept([cacheName]);
    throw new Error("The session ended while the playlist was being kept");
  }
  return kept.filter(Boolean).length;
}

/**
 * A song's scores as sing mode reads them (the list with the playlist's choir, each score's file under the address
 * the list gives, and the choir's markings on it), kept with the playlist: its scores and markings read offline.
 */
async function keepScores(
  cache: Cache,
  songId: string,
  choirId: string | null,
  headers: HeadersInit,
  absolute: (path: string) => string,
): Promise<void> {
  const listUrl = absolute(songScoresPath(songId, choirId));
  const list = await fetch(listUrl, { headers, cache: "no-store" });
  if (!list.ok) return;
  const scores: unknown = await list.clone().json();
  await cache.put(listUrl, list);
  if (!Array.isArray(scores)) return;
  for (const score of scores as { id?: unknown; url?: unknown }[]) {
    if (typeof score.id !== "string" || typeof score.url !== "string") continue;
    const fileUrl = absolute(score.url);
    const file = await fetch(fileUrl, { headers, cache: "no-store" });
    if (file.ok) await cache.put(fileUrl, file);
    if (choirId) {
      const markingsUrl = absolute(scoreMarkingsPath(score.id, choirId));
      const markings = await fetch(markingsUrl, { headers, cache: "no-store" });
      if (markings.ok) await cache.put(markingsUrl, markings);
    }
  }
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
  if (data.type === "SESSION_CHANGED" || data.type === "CLEAR_USER_DATA") {
    // A page of an earlier version says only that its person signed out: nobody is signed in.
    event.waitUntil(followSession(data.type === "SESSION_CHANGED" ? data.userId : null));
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
