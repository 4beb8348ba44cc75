import { describe, expect, it } from "vitest";
import {
  bearerReader,
  cacheKeyUrl,
  isMessageToWorker,
  isOfflineReadablePath,
  isPlaylistCachedMessage,
  isServerOnlyPath,
  isSongbookPath,
  isTrackAudioPath,
  keptCopyUrl,
  keptSongbookUrl,
  PLAYLIST_CACHE,
  playlistPdfPath,
  playlistSongIds,
  trackCacheKey,
} from "./cache-rules";

describe("offline cache rules", () => {
  it("names the spec's versioned playlist cache", () => {
    expect(PLAYLIST_CACHE).toBe("playlist-songs-v1.3");
  });

  it("reads the user, playlists and songs network-first, and nothing else (a songbook has its own rule)", () => {
    for (const path of [
      "/api/me",
      "/api/choirs/c1/playlists",
      "/api/playlists/p1",
      "/api/songs/s1",
      "/api/songs/search",
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

  it("keeps a playlist's songbook for the one reader who kept it: any request of theirs finds it, nobody else's", () => {
    expect(playlistPdfPath("p 1")).toBe("/api/playlists/p%201/pdf");
    expect(playlistPdfPath("p1", "es")).toBe("/api/playlists/p1/pdf?lang=es");
    for (const query of ["", "?lang=es", "?download=1&lang=en", "?paper=letter&variant=lyrics"]) {
      expect(keptSongbookUrl(`https://a.test/api/playlists/p1/pdf${query}`, "u-1")).toBe(
        "https://a.test/api/playlists/p1/pdf?keptFor=u-1",
      );
    }
    expect(keptSongbookUrl("https://a.test/api/playlists/p1/pdf", "u-2")).not.toBe(
      keptSongbookUrl("https://a.test/api/playlists/p1/pdf", "u-1"),
    );
    expect(isSongbookPath("/api/playlists/p1/pdf")).toBe(true);
    expect(isSongbookPath("/api/playlists/p1")).toBe(false);
    expect(isSongbookPath("/api/playlists/p1/pdf/x")).toBe(false);
  });

  it("reads who a request is for from its bearer token, and no one from anything else", () => {
    // A JWT part: UTF-8 JSON in unpadded base64url.
    const part = (value: unknown) =>
      btoa(String.fromCharCode(...new TextEncoder().encode(JSON.stringify(value))))
        .replace(/=+$/, "")
        .replace(/\+/g, "-")
        .replace(/\//g, "_");
    const token = `${part({ alg: "HS256" })}.${part({ sub: "u-1", sid: "s", name: "Ñandú ~~~" })}.signature`;
    expect(bearerReader(`Bearer ${token}`)).toBe("u-1");
    expect(bearerReader(token)).toBe("u-1");
    expect(bearerReader(null)).toBeNull();
    expect(bearerReader("Bearer ")).toBeNull();
    expect(bearerReader("Bearer not-a-token")).toBeNull();
    expect(bearerReader(`Bearer a.${part({ sid: "s" })}.c`)).toBeNull();
    expect(bearerReader("Bearer a.%%%.c")).toBeNull();
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
});
