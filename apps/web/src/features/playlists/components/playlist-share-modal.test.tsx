import type { Playlist } from "@choir/contract";
import { fireEvent, screen, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import en from "../../../locales/en.json";
import {
  directorUser,
  mockFetchPerTest,
  NO_ANSWERS,
  renderPage,
  TEST_CHOIR_ID,
} from "../../../test/render-page";
import { playlistKeys } from "../api";
import { PlaylistDetailPage } from "../pages/playlist-detail-page";
import { canEditPlaylist } from "./playlist-share-modal";

const PLAYLIST_ID = "44444444-4444-4444-8444-444444444444";
const fetchMock = mockFetchPerTest();
const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status });

const playlist: Playlist = {
  id: PLAYLIST_ID,
  choirId: TEST_CHOIR_ID,
  date: "2031-05-18",
  title: "Harbour Festival",
  time: null,
  leader: null,
  songCount: 0,
  isPublic: false,
  playlistTemplateId: null,
  template: null,
  sections: [],
  createdAt: "2031-05-01T10:00:00.000Z",
  updatedAt: "2031-05-01T10:00:00.000Z",
};

function renderDetail(user = directorUser) {
  renderPage(
    [{ path: "/playlists/:playlistId", element: <PlaylistDetailPage /> }],
    `/playlists/${PLAYLIST_ID}`,
    {
      user,
      prepare: (client) => client.setQueryData(playlistKeys.detail(PLAYLIST_ID), playlist),
    },
  );
}

describe("the share modal of a saved playlist", () => {
  it("says only Harbor Voices' signed-in members can open a private playlist's link, and makes it public", async () => {
    const sent: Array<{ url: string; method?: string; body?: unknown }> = [];
    fetchMock.mockImplementation(async (url: string, init: RequestInit = {}) => {
      sent.push({ url, method: init.method, body: init.body ? JSON.parse(String(init.body)) : undefined });
      if (url.endsWith("/availability")) return json(NO_ANSWERS);
      if (init.method === "PUT") return json({ ...playlist, isPublic: true });
      if (url === `/api/playlists/${PLAYLIST_ID}`) return json(playlist);
      return json([]);
    });
    renderDetail();
    fireEvent.click(await screen.findByTestId("playlist-detail-share"));
    // The dialog's code loads the first time it opens.
    const access = await screen.findByTestId("share-access", {}, { timeout: 5000 });
    expect(access.textContent).toBe("Only members of Harbor Voices who are signed in can open this link.");

    fireEvent.click(screen.getByTestId("share-make-public"));
    await waitFor(() => expect(screen.getByTestId("share-access").dataset.access).toBe("public"));
    expect(screen.getByTestId("share-access").textContent).toBe(en.share.modal.description);
    expect(sent.filter((call) => call.method === "PUT")).toEqual([
      { url: `/api/playlists/${PLAYLIST_ID}`, method: "PUT", body: { isPublic: true } },
    ]);
    // The page behind the modal reads public too.
    await waitFor(() => expect(screen.getByText(en.playlistDetail.public)).toBeTruthy());
  });

  it("offers making it public only to members of the playlist's choir", () => {
    expect(canEditPlaylist(directorUser, { choirId: TEST_CHOIR_ID })).toBe(true);
    expect(canEditPlaylist(directorUser, { choirId: "55555555-5555-4555-8555-555555555555" })).toBe(false);
    expect(canEditPlaylist(null, { choirId: TEST_CHOIR_ID })).toBe(false);
  });
});

describe("what a plain member may do with a saved playlist", () => {
  const singer = {
    ...directorUser,
    role: "ChoirMember" as const,
    choirs: [{ id: TEST_CHOIR_ID, name: "Harbor Voices", role: "ChoirMember" as const, voicePart: null }],
  };
  const choir = (membersEditPlaylists: boolean) => ({
    id: TEST_CHOIR_ID,
    name: "Harbor Voices",
    address: null,
    notes: null,
    membersEditPlaylists,
    createdAt: "2031-01-01T10:00:00.000Z",
    members: [],
  });

  function renderAs(membersEditPlaylists: boolean, shown: Playlist = playlist) {
    fetchMock.mockImplementation(async (url: string) => {
      if (url === `/api/playlists/${PLAYLIST_ID}`) return json(shown);
      if (url.endsWith("/availability")) return json(NO_ANSWERS);
      if (url === `/api/choirs/${TEST_CHOIR_ID}`) return json(choir(membersEditPlaylists));
      return json([]);
    });
    renderPage(
      [{ path: "/playlists/:playlistId", element: <PlaylistDetailPage /> }],
      `/playlists/${PLAYLIST_ID}`,
      {
        user: singer,
        prepare: (client) => client.setQueryData(playlistKeys.detail(PLAYLIST_ID), shown),
      },
    );
  }

  /** A playlist drafted from a template: one section with a song, one still empty. */
  const withEmptySection: Playlist = {
    ...playlist,
    sections: [
      {
        id: "66666666-6666-4666-8666-000000000001",
        title: "entrance",
        order: 0,
        songs: [
          {
            id: "77777777-7777-4777-8777-000000000001",
            songId: "88888888-8888-4888-8888-000000000001",
            order: 0,
            key: null,
            note: null,
            originalId: null,
            choirVersionId: null,
            choirKey: null,
            song: {
              songId: "88888888-8888-4888-8888-000000000001",
              title: "Morning Hymn",
              artist: null,
              key: "G",
              duration: 180,
            },
          },
        ],
      },
      { id: "66666666-6666-4666-8666-000000000002", title: "gloria", order: 1, songs: [] },
    ],
  };

  it("sees only the sections with songs when they may not edit", async () => {
    renderAs(false, withEmptySection);
    await screen.findByTestId("playlist-detail-share");
    await waitFor(() =>
      expect(fetchMock.mock.calls.some(([url]) => url === `/api/choirs/${TEST_CHOIR_ID}`)).toBe(true),
    );
    await waitFor(() => expect(screen.getAllByTestId("playlist-detail-section")).toHaveLength(1));
    expect(screen.getByText("Morning Hymn")).toBeTruthy();
    expect(screen.queryByText(en.globalNames.gloria)).toBeNull();
    expect(screen.queryByTestId("section-empty-hint")).toBeNull();
  });

  it("tells a reader when no song has been chosen yet, rather than listing empty sections", async () => {
    renderAs(false, { ...withEmptySection, sections: [withEmptySection.sections[1]!] });
    await waitFor(() =>
      expect(fetchMock.mock.calls.some(([url]) => url === `/api/choirs/${TEST_CHOIR_ID}`)).toBe(true),
    );
    expect((await screen.findByTestId("playlist-detail-empty")).textContent).toBe(
      en.playlistDetail.noSongsYet,
    );
    expect(screen.queryByTestId("playlist-detail-section")).toBeNull();
  });

  it("shows an editor the empty sections too, each with Add song", async () => {
    renderAs(true, withEmptySection);
    expect(await screen.findByTestId("playlist-rename-open")).toBeTruthy();
    expect(screen.getAllByTestId("playlist-detail-section")).toHaveLength(2);
    expect(screen.getAllByTestId("section-add-song")).toHaveLength(2);
    expect(screen.getByTestId("section-empty-hint").textContent).toBe(en.playlists.page.emptySectionDrag);
  });

  it("sees the editing controls and Share but no Delete when members may edit the choir's playlists", async () => {
    renderAs(true);
    expect(await screen.findByTestId("playlist-rename-open")).toBeTruthy();
    expect(screen.getByTestId("playlist-detail-share")).toBeTruthy();
    expect(screen.queryByTestId("playlist-detail-delete")).toBeNull();
  });

  it("sees only Share when the choir keeps playlist editing to its administrators", async () => {
    renderAs(false);
    expect(await screen.findByTestId("playlist-detail-share")).toBeTruthy();
    await waitFor(() =>
      expect(fetchMock.mock.calls.some(([url]) => url === `/api/choirs/${TEST_CHOIR_ID}`)).toBe(true),
    );
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByTestId("playlist-rename-open")).toBeNull();
    expect(screen.queryByTestId("playlist-detail-delete")).toBeNull();
    expect(canEditPlaylist(singer, playlist, choir(false))).toBe(false);
    expect(canEditPlaylist(singer, playlist, choir(true))).toBe(true);
    expect(canEditPlaylist(directorUser, playlist, choir(false))).toBe(true);
  });
});
