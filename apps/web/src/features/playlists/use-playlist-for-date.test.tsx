import type { Playlist } from "@choir/contract";
import { notifications } from "@mantine/notifications";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, renderHook, waitFor } from "@testing-library/react";
import type { ReactNode } from "react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import en from "../../locales/en.json";
import { playlistKeys } from "./api";
import { moveEntry, removeEntry } from "./playlist-for-date";
import { useMoveSong, useRemoveSong } from "./use-playlist-for-date";

const CHOIR = "00000000-0000-4000-8000-000000000001";
const PLAYLIST = "00000000-0000-4000-8000-000000000002";
const SECTION_A = "00000000-0000-4000-8000-00000000000a";
const SECTION_B = "00000000-0000-4000-8000-00000000000b";
const song = (n: number) => `00000000-0000-4000-8000-00000000010${n}`;

const entry = (n: number, order: number) => ({
  id: `00000000-0000-4000-8000-00000000020${n}`,
  songId: song(n),
  order,
  key: null,
  song: { songId: song(n), title: `Song ${n}`, artist: null, key: null, duration: null },
});

const playlist: Playlist = {
  id: PLAYLIST,
  choirId: CHOIR,
  date: "2026-11-29",
  title: "mass",
  isPublic: false,
  playlistTemplateId: null,
  template: null,
  sections: [
    { id: SECTION_A, title: "entrance", order: 0, songs: [entry(1, 0), entry(2, 1)] },
    { id: SECTION_B, title: "communion", order: 1, songs: [] },
  ],
  createdAt: "2026-11-01T00:00:00.000Z",
  updatedAt: "2026-11-01T00:00:00.000Z",
};

function setup() {
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  client.setQueryData(playlistKeys.choir(CHOIR), [playlist]);
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  const list = () => client.getQueryData<Playlist[]>(playlistKeys.choir(CHOIR))?.[0];
  return { client, wrapper, list };
}

/** A fetch whose answer is held until the test releases it, so the on-screen state can be checked meanwhile. */
function heldFetch(status: number, body: unknown) {
  let release: () => void = () => {};
  const gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  const fetchMock = vi.fn(async () => {
    await gate;
    return new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });
  });
  vi.stubGlobal("fetch", fetchMock);
  return { fetchMock, release };
}

const order = (p: Playlist | undefined) => p?.sections.map((s) => s.songs.map((e) => e.songId));

beforeEach(() => {
  vi.spyOn(notifications, "show").mockImplementation(() => "toast");
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe("moves and removals shown at once", () => {
  it("shows a move before the server answers and keeps the server's playlist after", async () => {
    const { wrapper, list } = setup();
    const saved = moveEntry(playlist, song(1), SECTION_B);
    const { fetchMock, release } = heldFetch(200, saved);
    const { result } = renderHook(() => useMoveSong(CHOIR), { wrapper });

    act(() => result.current.mutate({ playlistId: PLAYLIST, songId: song(1), toSectionId: SECTION_B }));
    await waitFor(() => expect(order(list())).toEqual([[song(2)], [song(1)]]));
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe(`/api/playlists/${PLAYLIST}/songs/${song(1)}/move`);
    expect(JSON.parse(String(init.body))).toEqual({ toSectionId: SECTION_B });

    release();
    await waitFor(() => expect(result.current.isSuccess).toBe(true));
    expect(order(list())).toEqual([[song(2)], [song(1)]]);
    expect(notifications.show).toHaveBeenCalledWith(expect.objectContaining({ color: "teal" }));
  });

  it("puts a failed move back and shows the failure toast", async () => {
    const { wrapper, list } = setup();
    const { release } = heldFetch(500, { message: "Server error", code: "internal" });
    const { result } = renderHook(() => useMoveSong(CHOIR), { wrapper });

    act(() =>
      result.current.mutate({ playlistId: PLAYLIST, songId: song(2), toSectionId: SECTION_A, order: 0 }),
    );
    await waitFor(() => expect(order(list())).toEqual([[song(2), song(1)], []]));

    release();
    await waitFor(() => expect(result.current.isError).toBe(true));
    expect(order(list())).toEqual([[song(1), song(2)], []]);
    expect(notifications.show).toHaveBeenCalledWith(
      expect.objectContaining({ color: "red", message: en.playlists.failedToMoveSong }),
    );
  });

  it("removes at once and brings the song back when the removal fails", async () => {
    const { wrapper, list } = setup();
    const { release } = heldFetch(500, { message: "Server error", code: "internal" });
    const { result } = renderHook(() => useRemoveSong(CHOIR), { wrapper });

    act(() => result.current.mutate({ playlistId: PLAYLIST, songId: song(1) }));
    await waitFor(() => expect(order(list())).toEqual([[song(2)], []]));

    release();
    await waitFor(() => expect(result.current.isError).toBe(true));
    expect(order(list())).toEqual([[song(1), song(2)], []]);
    expect(notifications.show).toHaveBeenCalledWith(
      expect.objectContaining({ color: "red", message: en.playlists.failedToRemoveSong }),
    );
  });

  it("keeps a removal the server confirms", async () => {
    const { wrapper, list } = setup();
    const { release } = heldFetch(200, removeEntry(playlist, song(2)));
    const { result } = renderHook(() => useRemoveSong(CHOIR), { wrapper });
    act(() => result.current.mutate({ playlistId: PLAYLIST, songId: song(2) }));
    release();
    await waitFor(() => expect(result.current.isSuccess).toBe(true));
    expect(order(list())).toEqual([[song(1)], []]);
  });
});
