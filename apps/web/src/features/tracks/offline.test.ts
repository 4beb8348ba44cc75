import type { FileTrack, LinkTrack } from "@choir/contract";
import { afterEach, describe, expect, it, vi } from "vitest";
import { personCacheName, readerKey, TRACK_CACHE } from "../../lib/offline/cache-rules";
import { authToken } from "../../lib/storage";
import { fileTracksOf, keepTracks, keptTrackIds, tracksOfflineState } from "./offline";

const file = (id: string, size: number): FileTrack => ({
  id,
  kind: "file",
  part: "Tenor",
  label: null,
  contentType: "audio/mpeg",
  size,
  url: `/api/songs/s/tracks/${id}/audio?token=t-${id}`,
});
const link: LinkTrack = {
  id: "link",
  kind: "link",
  part: "all",
  label: null,
  contentType: null,
  size: null,
  url: "https://example.org/tenor.mp3",
};

/** A session token of `sub` as the app stores it (only its subject is read here). */
const tokenFor = (sub: string) =>
  `e30.${btoa(JSON.stringify({ sub })).replace(/=+$/, "").replace(/\+/g, "-").replace(/\//g, "_")}.sig`;

afterEach(() => {
  vi.unstubAllGlobals();
  authToken.clear();
});

describe("rehearsal tracks kept offline", () => {
  it("takes each uploaded track once, leaving links out", () => {
    const a = file("a", 100);
    const b = file("b", 200);
    expect(fileTracksOf([[a, link], undefined, [a, b]]).map((t) => t.id)).toEqual(["a", "b"]);
  });

  it("counts what is kept and weighs what is not", () => {
    const tracks = [file("a", 1_000), file("b", 2_500), file("c", 4_000)];
    expect(tracksOfflineState(tracks, new Set(["b"]))).toEqual({
      count: 3,
      kept: 1,
      bytes: 7_500,
      bytesLeft: 5_000,
    });
    expect(tracksOfflineState([], new Set())).toEqual({ count: 0, kept: 0, bytes: 0, bytesLeft: 0 });
  });

  it("finds a kept track in the signed-in person's cache, under its address without the token", async () => {
    authToken.set(tokenFor("u-1"));
    const mine = personCacheName(TRACK_CACHE, (await readerKey("u-1"))!);
    const asked: string[] = [];
    const open = vi.fn(async (name: string) => {
      expect(name).toBe(mine);
      return {
        match: async (key: string) => {
          asked.push(key);
          return key.endsWith("/tracks/a/audio") ? new Response("kept") : undefined;
        },
      };
    });
    vi.stubGlobal("caches", { open, has: async (name: string) => name === mine });
    const kept = await keptTrackIds([file("a", 1), file("b", 1)], "https://choir.example");
    expect([...kept]).toEqual(["a"]);
    expect(asked.sort()).toEqual([
      "https://choir.example/api/songs/s/tracks/a/audio",
      "https://choir.example/api/songs/s/tracks/b/audio",
    ]);
  });

  it("finds nothing kept for another person or for nobody, and never opens another person's cache", async () => {
    const theirs = personCacheName(TRACK_CACHE, (await readerKey("u-1"))!);
    const open = vi.fn(async () => ({ match: async () => new Response("kept") }));
    vi.stubGlobal("caches", { open, has: async (name: string) => name === theirs });
    const tracks = [file("a", 1)];
    expect([...(await keptTrackIds(tracks, "https://choir.example"))]).toEqual([]);
    authToken.set(tokenFor("u-2"));
    expect([...(await keptTrackIds(tracks, "https://choir.example"))]).toEqual([]);
    expect(open).not.toHaveBeenCalled();
  });

  it("downloads the tracks one after another, whole, and tells which failed", async () => {
    const order: string[] = [];
    let open = 0;
    vi.stubGlobal(
      "fetch",
      vi.fn(async (url: string, init?: RequestInit) => {
        expect(new Headers(init?.headers).get("Range")).toBeNull();
        open += 1;
        expect(open).toBe(1);
        order.push(url);
        await new Promise((resolve) => setTimeout(resolve, 1));
        open -= 1;
        if (url.includes("/b/")) return new Response("gone", { status: 404 });
        if (url.includes("/c/")) throw new TypeError("network");
        return new Response(new Uint8Array(10));
      }),
    );
    const progress: [number, number][] = [];
    const tracks = [file("a", 1), file("b", 1), file("c", 1), file("d", 1)];
    const failed = await keepTracks(tracks, (done, total) => progress.push([done, total]));
    expect(order).toEqual(tracks.map((t) => t.url));
    expect(failed.map((t) => t.id)).toEqual(["b", "c"]);
    expect(progress).toEqual([
      [0, 4],
      [1, 4],
      [2, 4],
      [3, 4],
      [4, 4],
    ]);
  });
});
