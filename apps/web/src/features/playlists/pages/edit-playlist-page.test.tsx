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

  it("offers to create one when the choir has no playlists", async () => {
    fetchMock.mockImplementation(async (url: string) =>
      url.startsWith(`/api/playlists/${missing}`) ? json({ message: "Playlist not found" }, 404) : json([]),
    );
    renderEdit();
    const error = await screen.findByTestId("edit-playlist-error");
    expect(error.textContent).toContain(en.editPlaylist.noPlaylists);
  });
});
