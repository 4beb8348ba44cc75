import { fireEvent, screen, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import en from "../../../locales/en.json";
import { mockFetchPerTest, renderPage } from "../../../test/render-page";
import { EditPlaylistPage } from "./edit-playlist-page";

const missing = "33333333-3333-4333-8333-333333333333";

const fetchMock = mockFetchPerTest();
const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status });

function renderEdit() {
  renderPage(
    [{ path: "/playlists/:playlistId/edit", element: <EditPlaylistPage /> }],
    `/playlists/${missing}/edit`,
  );
}

describe("edit playlist page", () => {
  it("says the choir's playlists could not be loaded, rather than that there are none, and retries", async () => {
    let listAnswers = 0;
    fetchMock.mockImplementation(async (url: string) => {
      if (url.startsWith(`/api/playlists/${missing}`)) return json({ message: "Playlist not found" }, 404);
      listAnswers += 1;
      return json({ message: "Server error." }, 500);
    });
    renderEdit();
    const error = await screen.findByTestId("edit-playlist-error");
    expect(error.textContent).toContain(en.editPlaylist.failedToLoadPlaylists);
    expect(error.textContent).not.toContain(en.editPlaylist.noPlaylists);
    fireEvent.click(screen.getByRole("button", { name: en.playlistDetail.retry }));
    await waitFor(() => expect(listAnswers).toBe(2));
  });

  it("lists the choir's playlists a page at a time and loads the next page on request", async () => {
    const choirId = "0b6e4c1a-8a1f-4f55-9a53-0c9c3c1f2b10";
    const id = (index: number) => `44444444-4444-4444-8444-${String(index).padStart(12, "0")}`;
    const playlistOf = (index: number) => ({
      id: id(index),
      choirId,
      date: new Date(Date.UTC(2031, 0, 1 + index)).toISOString().slice(0, 10),
      title: `Week ${index}`,
      isPublic: false,
      playlistTemplateId: null,
      template: null,
      sections: [],
    });
    const all = Array.from({ length: 27 }, (_, index) => playlistOf(index));
    const listCalls: URL[] = [];
    fetchMock.mockImplementation(async (url: string) => {
      if (url.startsWith(`/api/playlists/${id(0)}`)) return json(all[0]);
      const address = new URL(url, "http://localhost");
      if (address.pathname !== `/api/choirs/${choirId}/playlists`) return json({ message: "Not found" }, 404);
      listCalls.push(address);
      const skip = Number(address.searchParams.get("skip") ?? 0);
      const take = Number(address.searchParams.get("take") ?? 50);
      return json(all.slice(skip, skip + take));
    });
    renderPage(
      [{ path: "/playlists/:playlistId/edit", element: <EditPlaylistPage /> }],
      `/playlists/${id(0)}/edit`,
    );

    fireEvent.click(await screen.findByTestId("edit-playlist-chooser-toggle"));
    await waitFor(() => expect(screen.getAllByTestId("edit-playlist-choice")).toHaveLength(20));
    expect(listCalls).toHaveLength(1);
    expect(Number(listCalls[0]!.searchParams.get("take"))).toBe(20);

    fireEvent.click(screen.getByRole("button", { name: en.editPlaylist.loadMore }));
    await waitFor(() => expect(screen.getAllByTestId("edit-playlist-choice")).toHaveLength(27));
    expect(listCalls).toHaveLength(2);
    expect(listCalls[1]!.searchParams.get("skip")).toBe("20");
    const shown = screen.getAllByTestId("edit-playlist-choice").map((link) => link.getAttribute("href"));
    expect(new Set(shown).size).toBe(27);
    expect(screen.queryByRole("button", { name: en.editPlaylist.loadMore })).toBeNull();
  });

  it("offers to create one when the choir has no playlists", async () => {
    fetchMock.mockImplementation(async (url: string) =>
      url.startsWith(`/api/playlists/${missing}`) ? json({ message: "Playlist not found" }, 404) : json([]),
    );
    renderEdit();
    const error = await screen.findByTestId("edit-playlist-error");
    expect(error.textContent).toContain(en.editPlaylist.noPlaylists);
  });
});
