import { afterEach, describe, expect, it, vi } from "vitest";
import { songTracksPath } from "../../lib/offline/cache-rules";
import { addTrackLink, deleteTrack, fetchTracks, tracksPath } from "./api";

afterEach(() => {
  vi.unstubAllGlobals();
});

const SONG = "33333333-3333-4333-8333-333333333333";
const VERSION = "77777777-7777-4777-8777-777777777777";
const CHOIR = "0b6e4c1a-8a1f-4f55-9a53-0c9c3c1f2b10";

/** A server answering every request with `body`; its calls' addresses and methods are read back. */
function server(body: unknown, status = 200) {
  const mock = vi.fn(
    async (_input: string | URL | Request, _init?: RequestInit) =>
      new Response(status === 204 ? null : JSON.stringify(body), { status }),
  );
  vi.stubGlobal("fetch", mock);
  const asked = () => mock.mock.calls.map(([input, init]) => `${init?.method ?? "GET"} ${String(input)}`);
  return asked;
}

describe("a song's tracks are asked for in the choir's context", () => {
  it("reads a song's tracks with ?choirId= when a choir is named, alone otherwise", async () => {
    const asked = server([]);
    await fetchTracks(SONG, CHOIR);
    await fetchTracks(SONG);
    expect(asked()).toEqual([
      `GET /api/songs/${SONG}/tracks?choirId=${CHOIR}`,
      `GET /api/songs/${SONG}/tracks`,
    ]);
  });

  it("asks by the very address the service worker keeps with a playlist offline", () => {
    expect(`/api${tracksPath(SONG, CHOIR)}`).toBe(songTracksPath(SONG, CHOIR));
    expect(`/api${tracksPath(SONG)}`).toBe(songTracksPath(SONG));
  });

  it("adds a choir's link with ?choirId=, and deletes a counterpart's track through its own song", async () => {
    const asked = server({}, 201);
    await addTrackLink(SONG, { part: "Bass", label: null, link: "https://example.org/bass.mp3" }, CHOIR);
    expect(asked()).toEqual([`POST /api/songs/${SONG}/tracks?choirId=${CHOIR}`]);

    const deleted = server(null, 204);
    await deleteTrack(SONG, { id: "t1", songId: VERSION });
    await deleteTrack(SONG, { id: "t2" });
    expect(deleted()).toEqual([
      `DELETE /api/songs/${VERSION}/tracks/t1`,
      `DELETE /api/songs/${SONG}/tracks/t2`,
    ]);
  });
});
