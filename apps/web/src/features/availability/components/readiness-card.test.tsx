import type { Playlist, SongReadiness } from "@choir/contract";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { directorUser, mockFetchPerTest, renderPage, TEST_CHOIR_ID } from "../../../test/render-page";
import { ReadinessCard } from "./readiness-card";

const fetchMock = mockFetchPerTest();
const PLAYLIST_ID = "66666666-6666-4666-8666-666666666666";
const ANTHEM = "77777777-7777-4777-8777-777777777777";
const HYMN = "88888888-8888-4888-8888-888888888888";

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status });

function playlistOn(date: string, choirId = TEST_CHOIR_ID): Playlist {
  const entry = (songId: string, title: string, order: number) => ({
    id: `${songId.slice(0, -3)}${order}00`,
    songId,
    order,
    key: null,
    note: null,
    originalId: null,
    choirVersionId: null,
    choirKey: null,
    song: { songId, title, artist: null, key: null, duration: null },
  });
  return {
    id: PLAYLIST_ID,
    choirId,
    date,
    title: "Advent Sunday",
    time: "09:00",
    leader: null,
    songCount: 2,
    isPublic: false,
    playlistTemplateId: null,
    template: null,
    sections: [
      {
        id: "99999999-9999-4999-8999-999999999999",
        title: "entrance",
        order: 0,
        songs: [entry(ANTHEM, "Come, Thou Long-Expected", 0), entry(HYMN, "Veni Emmanuel", 1)],
      },
    ],
    createdAt: "2030-01-01T00:00:00.000Z",
    updatedAt: "2030-01-01T00:00:00.000Z",
  } as Playlist;
}

const readinessOf = (songId: string, mine: SongReadiness["mine"], learned: number): SongReadiness => ({
  songId,
  mine,
  counts: { learned, learning: 0, unmarked: 4 - learned },
  byPart: [
    { part: "Soprano", learned: Math.min(learned, 2), learning: 0, unmarked: 2 - Math.min(learned, 2) },
    { part: "Tenor", learned: Math.max(learned - 2, 0), learning: 0, unmarked: 2 - Math.max(learned - 2, 0) },
  ],
});

/** The readiness of the playlist; a mark's PUT answered from `marks`; records the PUTs. */
function serve() {
  const puts: { path: string; body: unknown }[] = [];
  const songs: Record<string, SongReadiness> = {
    [ANTHEM]: readinessOf(ANTHEM, null, 1),
    [HYMN]: readinessOf(HYMN, "learning", 0),
  };
  fetchMock.mockImplementation(async (input: string, init?: RequestInit) => {
    const path = new URL(input, "http://test.invalid").pathname;
    if (init?.method === "PUT") {
      const body = JSON.parse(String(init.body));
      puts.push({ path, body });
      const songId = path.split("/").at(-1)!;
      const before = songs[songId]!;
      const learned =
        before.counts.learned + (body.status === "learned" ? 1 : before.mine === "learned" ? -1 : 0);
      songs[songId] = readinessOf(songId, body.status, learned);
      return json(songs[songId]);
    }
    if (path === `/api/playlists/${PLAYLIST_ID}/readiness`)
      return json({ songs: [songs[ANTHEM], songs[HYMN]] });
    return json({ message: "Not found" }, 404);
  });
  return puts;
}

const render = (playlist: Playlist, user = directorUser) =>
  renderPage([{ path: "/", element: <ReadinessCard playlist={playlist} /> }], "/", { user });

describe("learning the songs", () => {
  it("shows each song's count by part and marks one's own in one tap, a second tap taking it away", async () => {
    const puts = serve();
    render(playlistOn("2031-12-07"));
    const songs = await screen.findAllByTestId("readiness-song");
    expect(songs).toHaveLength(2);
    const anthem = songs[0]!;
    expect(within(anthem).getByText("Come, Thou Long-Expected")).toBeTruthy();
    expect(within(anthem).getByText("1 of 4 learned it")).toBeTruthy();
    expect(within(anthem).getByLabelText("Soprano: 1 of 2 learned it")).toBeTruthy();
    expect(within(songs[1]!).getByRole("button", { name: "Not yet" }).getAttribute("aria-pressed")).toBe(
      "true",
    );

    fireEvent.click(within(anthem).getByRole("button", { name: "Learned it" }));
    await waitFor(() => expect(within(anthem).getByText("2 of 4 learned it")).toBeTruthy());
    expect(puts).toEqual([
      { path: `/api/playlists/${PLAYLIST_ID}/readiness/${ANTHEM}`, body: { status: "learned" } },
    ]);
    expect(within(anthem).getByRole("button", { name: "Learned it" }).getAttribute("aria-pressed")).toBe(
      "true",
    );

    fireEvent.click(within(anthem).getByRole("button", { name: "Learned it" }));
    await waitFor(() => expect(within(anthem).getByText("1 of 4 learned it")).toBeTruthy());
    expect(puts[1]).toEqual({
      path: `/api/playlists/${PLAYLIST_ID}/readiness/${ANTHEM}`,
      body: { status: null },
    });
  });

  it("asks nothing of a past service, nor of someone outside the choir", async () => {
    serve();
    render(playlistOn("2020-03-01"));
    render(playlistOn("2031-12-07", "12121212-1212-4121-8121-121212121212"));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByTestId("readiness-card")).toBeNull();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
