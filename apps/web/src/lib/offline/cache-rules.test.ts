import { describe, expect, it } from "vitest";
import {
  API_CACHE,
  bearerReader,
  cacheKeyUrl,
  cachesOfReader,
  cachesToClear,
  endsSession,
  isKeptDataCache,
  isMessageToWorker,
  isOfflineReadablePath,
  isPlaylistCachedMessage,
  isServerOnlyPath,
  isSongbookPath,
  isTrackAudioPath,
  keptCopyUrl,
  keptSongbookUrl,
  outdatedCaches,
  PLAYLIST_CACHE,
  personCacheName,
  playlistChoirId,
  playlistPdfPath,
  playlistSongIds,
  readerKey,
  requestReader,
  songTracksPath,
  TRACK_CACHE,
  tokenSubject,
  trackCacheKey,
} from "./cache-rules";

/** A JWT part: UTF-8 JSON in unpadded base64url. */
const part = (value: unknown) =>
  btoa(String.fromCharCode(...new TextEncoder().encode(JSON.stringify(value))))
    .replace(/=+$/, "")
    .replace(/\+/g, "-")
    .replace(/\//g, "_");
const tokenFor = (sub: string) => `${part({ alg: "HS256" })}.${part({ sub, sid: "s" })}.signature`;

describe("offline cache rules", () => {
  it("names the versioned cache families, a cache per person in each", () => {
    expect(PLAYLIST_CACHE).toBe("playlist-songs-v1.4");
    expect(API_CACHE).toBe("api-reads-v2");
    expect(TRACK_CACHE).toBe("track-audio-v2");
    expect(personCacheName(PLAYLIST_CACHE, "abc")).toBe("playlist-songs-v1.4:abc");
  });

  it("reads the user, playlists and songs network-first, and nothing else (a songbook has its own rule)", () => {
    for (const path of [
      "/api/me",
      "/api/choirs/c1/playlists",
      "/api/playlists/p1",
      "/api/songs/s1",
      "/api/songs/search",
      "/api/songs/s1/scores",
      "/api/songs/s1/scores/x1/file",
      "/api/scores/x1/markings",
    ]) {
      expect(isOfflineReadablePath(path), path).toBe(true);
    }
    for (const path of [
      "/api/auth/refresh-token",
      "/api/choirs/c1",
      "/api/invitations",
      "/api/meet",
      "/api/playlists/p1/pdf",
      // The live stream never ends: the worker leaves it alone.
      "/api/playlists/p1/events",
      "/songs/s1",
      "/api/scores/x1/markings/m1",
      "/api/scores/x1",
    ]) {
      expect(isOfflineReadablePath(path), path).toBe(false);
    }
  });

  it("keeps /api and /dev addresses out of the app's navigation fallback", () => {
    expect(isServerOnlyPath("/api/auth/signin-google")).toBe(true);
    expect(isServerOnlyPath("/dev/mail")).toBe(true);
    expect(isServerOnlyPath("/developers")).toBe(false);
    expect(isServerOnlyPath("/playlists/p1")).toBe(false);
  });

  it("drops only the cache-busting parameter from the cache key", () => {
    expect(cacheKeyUrl("https://a.test/api/choirs/c/playlists?_t=123")).toBe(
      "https://a.test/api/choirs/c/playlists",
    );
    expect(cacheKeyUrl("https://a.test/api/songs/search?title=x&_t=1")).toBe(
      "https://a.test/api/songs/search?title=x",
    );
    expect(cacheKeyUrl("https://a.test/api/songs/search?title=x")).toBe(
      "https://a.test/api/songs/search?title=x",
    );
  });

  it("finds other kept reads by their cache key", () => {
    expect(keptCopyUrl("https://a.test/api/songs/search?title=x&_t=1")).toBe(
      "https://a.test/api/songs/search?title=x",
    );
    expect(keptCopyUrl("https://a.test/api/playlists/p1?lang=es")).toBe(
      "https://a.test/api/playlists/p1?lang=es",
    );
  });

  it("keeps a playlist's songbook under one address in its reader's cache: any request of theirs finds it", () => {
    expect(playlistPdfPath("p 1")).toBe("/api/playlists/p%201/pdf");
    expect(playlistPdfPath("p1", "es")).toBe("/api/playlists/p1/pdf?lang=es");
    for (const query of ["", "?lang=es", "?download=1&lang=en", "?paper=letter&variant=lyrics"]) {
      expect(keptSongbookUrl(`https://a.test/api/playlists/p1/pdf${query}`)).toBe(
        "https://a.test/api/playlists/p1/pdf",
      );
    }
    expect(isSongbookPath("/api/playlists/p1/pdf")).toBe(true);
    expect(isSongbookPath("/api/playlists/p1")).toBe(false);
    expect(isSongbookPath("/api/playlists/p1/pdf/x")).toBe(false);
  });

  it("reads who a request is for from its bearer token, and no one from anything else", () => {
    const token = `${part({ alg: "HS256" })}.${part({ sub: "u-1", sid: "s", name: "Ñandú ~~~" })}.signature`;
    expect(bearerReader(`Bearer ${token}`)).toBe("u-1");
    expect(bearerReader(token)).toBe("u-1");
    expect(tokenSubject(token)).toBe("u-1");
    expect(bearerReader(null)).toBeNull();
    expect(bearerReader("Bearer ")).toBeNull();
    expect(bearerReader("Bearer not-a-token")).toBeNull();
    expect(bearerReader(`Bearer a.${part({ sid: "s" })}.c`)).toBeNull();
    expect(bearerReader(`Bearer a.${part({ sub: "" })}.c`)).toBeNull();
    expect(bearerReader(`Bearer a.${part({ sub: 42 })}.c`)).toBeNull();
    expect(bearerReader("Bearer a.%%%.c")).toBeNull();
  });

  it("reads whose data a request reads: the bearer's person, or for a track's audio its address's token's", () => {
    const audio = "https://a.test/api/songs/s1/tracks/t1/audio";
    expect(requestReader(`Bearer ${tokenFor("u-1")}`, "https://a.test/api/songs/s1")).toBe("u-1");
    expect(requestReader(null, `${audio}?token=${tokenFor("u-2")}`)).toBe("u-2");
    // The header wins over the address.
    expect(requestReader(`Bearer ${tokenFor("u-1")}`, `${audio}?token=${tokenFor("u-2")}`)).toBe("u-1");
    // A token in the address of anything but a track's audio names nobody; no token names nobody.
    expect(requestReader(null, `https://a.test/api/songs/s1?token=${tokenFor("u-2")}`)).toBeNull();
    expect(requestReader(null, "https://a.test/api/me")).toBeNull();
    expect(requestReader(null, `${audio}?token=nonsense`)).toBeNull();
    expect(requestReader(undefined, audio)).toBeNull();
  });

  it("names a person's caches by a hash of their user id: the same for them, another for anyone else", async () => {
    const one = await readerKey("7d3f1c2e-0000-4000-8000-000000000001");
    const again = await readerKey("7d3f1c2e-0000-4000-8000-000000000001");
    const other = await readerKey("7d3f1c2e-0000-4000-8000-000000000002");
    expect(one).toMatch(/^[0-9a-f]{32}$/);
    expect(again).toBe(one);
    expect(other).not.toBe(one);
    expect(one).not.toContain("7d3f1c2e");
    expect(await readerKey("")).toBeNull();
  });

  it("clears every cache of kept data but the signed-in person's, earlier versions' too, and nothing else", () => {
    const names = [
      "workbox-precache-v2-https://a.test/",
      "playlist-songs-v1.3",
      "track-audio-v1",
      "api-reads-v1",
      "playlist-songs-v1.4:aaa",
      "api-reads-v2:aaa",
      "track-audio-v2:aaa",
      "playlist-songs-v1.4:bbb",
      "api-reads-v2:bbb",
      "fonts",
    ];
    const old = ["playlist-songs-v1.3", "track-audio-v1", "api-reads-v1"];
    expect(cachesToClear(names, "aaa").sort()).toEqual(
      [...old, "playlist-songs-v1.4:bbb", "api-reads-v2:bbb"].sort(),
    );
    expect(cachesToClear(names, "bbb").sort()).toEqual(
      [...old, "playlist-songs-v1.4:aaa", "api-reads-v2:aaa", "track-audio-v2:aaa"].sort(),
    );
    // Nobody signed in: every person's kept data goes; the app shell and other caches stay.
    expect(cachesToClear(names, null).sort()).toEqual(names.filter(isKeptDataCache).sort());
    expect(cachesToClear(names, null)).not.toContain("workbox-precache-v2-https://a.test/");
    expect(cachesToClear(names, null)).not.toContain("fonts");
    // A person whose key only starts another's keeps nothing of the other's.
    expect(cachesToClear(["api-reads-v2:aaa"], "aa")).toEqual(["api-reads-v2:aaa"]);
    expect(cachesOfReader(names, "bbb").sort()).toEqual(["api-reads-v2:bbb", "playlist-songs-v1.4:bbb"]);
    expect(cachesOfReader(names, "ccc")).toEqual([]);
    expect(outdatedCaches([...names, "api-reads-v2:"]).sort()).toEqual([...old, "api-reads-v2:"].sort());
  });

  it("ends a person's kept data on a 401 to their session token, not on a track address's own refusal", () => {
    expect(endsSession(401, `Bearer ${tokenFor("u-1")}`)).toBe(true);
    expect(endsSession(401, null)).toBe(false);
    expect(endsSession(403, `Bearer ${tokenFor("u-1")}`)).toBe(false);
    expect(endsSession(200, `Bearer ${tokenFor("u-1")}`)).toBe(false);
  });

  it("lists each song a reader may open once, in section and entry order", () => {
    const entry = (songId: string, order: number, visible = true) => ({
      songId,
      order,
      song: visible ? { title: songId } : null,
    });
    const playlist = {
      sections: [
        { order: 1, songs: [entry("c", 0), entry("a", 1)] },
        { order: 0, songs: [entry("b", 1), entry("a", 0), entry("hidden", 2, false)] },
      ],
    };
    expect(playlistSongIds(playlist)).toEqual(["a", "b", "c"]);
    expect(playlistSongIds(null)).toEqual([]);
    expect(playlistSongIds({ sections: "x" })).toEqual([]);
  });

  it("recognises the messages of the protocol", () => {
    expect(
      isPlaylistCachedMessage({ type: "PLAYLIST_CACHED", playlistId: "p", songCount: 2, timestamp: 1 }),
    ).toBe(true);
    expect(isPlaylistCachedMessage({ type: "PLAYLIST_CACHED", playlistId: "p" })).toBe(false);
    expect(isMessageToWorker({ type: "CACHE_PLAYLIST", playlistId: "p", token: "t" })).toBe(true);
    expect(isMessageToWorker({ type: "CACHE_PLAYLIST", playlistId: "" })).toBe(false);
    expect(isMessageToWorker({ type: "SKIP_WAITING" })).toBe(true);
    expect(isMessageToWorker({ type: "SESSION_CHANGED", userId: "u-1" })).toBe(true);
    expect(isMessageToWorker({ type: "SESSION_CHANGED", userId: null })).toBe(true);
    expect(isMessageToWorker({ type: "SESSION_CHANGED", userId: "" })).toBe(false);
    expect(isMessageToWorker({ type: "SESSION_CHANGED" })).toBe(false);
    // A page of an earlier version signing out.
    expect(isMessageToWorker({ type: "CLEAR_USER_DATA" })).toBe(true);
    expect(isMessageToWorker({ type: "OTHER" })).toBe(false);
  });

  it("keeps a track's audio apart from the network-first reads, keyed without its signed token", () => {
    const audio = "/api/songs/s1/tracks/t1/audio";
    expect(isTrackAudioPath(audio)).toBe(true);
    expect(isOfflineReadablePath(audio)).toBe(false);
    expect(isTrackAudioPath("/api/songs/s1/tracks")).toBe(false);
    expect(isOfflineReadablePath("/api/songs/s1/tracks")).toBe(true);
    expect(isTrackAudioPath("/api/songs/s1/tracks/t1")).toBe(false);
    expect(trackCacheKey(`https://choir.example${audio}?token=abc.def`)).toBe(
      `https://choir.example${audio}`,
    );
    expect(trackCacheKey(`https://choir.example${audio}?token=one`)).toBe(
      trackCacheKey(`https://choir.example${audio}?token=two`),
    );
  });

  it("keeps a playlist's track lists under the address the page reads them by, the playlist's choir in its query", () => {
    const choirId = "0b6e4c1a-8a1f-4f55-9a53-0c9c3c1f2b10";
    expect(playlistChoirId({ choirId, sections: [] })).toBe(choirId);
    expect(playlistChoirId({ sections: [] })).toBeNull();
    expect(playlistChoirId(null)).toBeNull();
    expect(songTracksPath("s1")).toBe("/api/songs/s1/tracks");
    const kept = songTracksPath("s1", choirId);
    expect(kept).toBe(`/api/songs/s1/tracks?choirId=${choirId}`);
    // Still a read the worker answers network-first, kept; its copy found by the whole address, query included.
    expect(isOfflineReadablePath(new URL(kept, "https://choir.example").pathname)).toBe(true);
    expect(keptCopyUrl(`https://choir.example${kept}&_t=123`)).toBe(`https://choir.example${kept}`);
    expect(keptCopyUrl(`https://choir.example${kept}`)).not.toBe(
      keptCopyUrl(`https://choir.example${songTracksPath("s1")}`),
    );
  });
});
