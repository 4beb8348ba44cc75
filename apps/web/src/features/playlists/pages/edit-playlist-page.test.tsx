import type { CurrentUser } from "@choir/contract";
import { MantineProvider } from "@mantine/core";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { i18n } from "../../../lib/i18n";
import { currentUserKey } from "../../../lib/session";
import en from "../../../locales/en.json";
import { EditPlaylistPage } from "./edit-playlist-page";

const choirId = "0b6e4c1a-8a1f-4f55-9a53-0c9c3c1f2b10";
const missing = "33333333-3333-4333-8333-333333333333";

const user: CurrentUser = {
  id: "11111111-1111-4111-8111-111111111111",
  email: "ana@example.test",
  name: "Ana Directora",
  firstName: "Ana",
  lastName: "Directora",
  role: "ChoirAdmin",
  choirs: [{ id: choirId, name: "Harbor Voices", role: "ChoirAdmin" }],
  hasCompletedOnboarding: true,
  isNewUser: false,
  choirId,
};

const fetchMock = vi.fn();
const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status });

function renderEdit() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  queryClient.setQueryData(currentUserKey, user);
  const router = createMemoryRouter(
    [{ path: "/playlists/:playlistId/edit", element: <EditPlaylistPage /> }],
    {
      initialEntries: [`/playlists/${missing}/edit`],
    },
  );
  render(
    <QueryClientProvider client={queryClient}>
      <MantineProvider env="test">
        <RouterProvider router={router} />
      </MantineProvider>
    </QueryClientProvider>,
  );
}

beforeEach(async () => {
  await i18n.changeLanguage("en");
  fetchMock.mockReset();
  vi.stubGlobal("fetch", fetchMock);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

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
