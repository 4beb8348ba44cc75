import { afterEach, describe, expect, it, vi } from "vitest";
import { fetchChoirSongs, fetchMySongs } from "./api";

afterEach(() => {
  vi.unstubAllGlobals();
});

/** A server holding `count` songs that answers `?skip=&take=` as the paged list routes do (100 at most). */
function pagedServer(count: number) {
  const all = Array.from({ length: count }, (_, i) => ({ songId: `song-${i}`, title: `Song ${i}` }));
  return vi.fn(async (input: string | URL | Request) => {
    const url = new URL(String(input), "http://localhost");
    const skip = Number(url.searchParams.get("skip") ?? 0);
    const take = Math.min(Number(url.searchParams.get("take") ?? 50), 100);
    return new Response(JSON.stringify(all.slice(skip, skip + take)), { status: 200 });
  });
}

describe("song lists read page after page", () => {
  it("gives every song of a choir with more songs than one page, each once", async () => {
    const fetchMock = pagedServer(230);
    vi.stubGlobal("fetch", fetchMock);
    const songs = await fetchChoirSongs("choir-1");
    expect(songs).toHaveLength(230);
    expect(new Set(songs.map((song) => song.songId)).size).toBe(230);
    const urls = fetchMock.mock.calls.map(([input]) => String(input));
    expect(urls).toHaveLength(3);
    expect(urls.every((url) => url.includes("/songs/choir/choir-1?"))).toBe(true);
  });

  it("stops after a short page, and asks once when everything fits", async () => {
    const fetchMock = pagedServer(100);
    vi.stubGlobal("fetch", fetchMock);
    expect(await fetchMySongs()).toHaveLength(100);
    expect(fetchMock).toHaveBeenCalledTimes(2);
    const few = pagedServer(7);
    vi.stubGlobal("fetch", few);
    expect(await fetchMySongs()).toHaveLength(7);
    expect(few).toHaveBeenCalledTimes(1);
  });
});
