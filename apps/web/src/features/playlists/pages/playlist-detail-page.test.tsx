import type { CurrentUser, Playlist, PlaylistEntry } from "@choir/contract";
import { Notifications } from "@mantine/notifications";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { i18n } from "../../../lib/i18n";
import {
  directorUser,
  mockFetchPerTest,
  NO_ANSWERS,
  renderPage,
  TEST_CHOIR_ID,
} from "../../../test/render-page";
import { EditPlaylistPage } from "./edit-playlist-page";
import { PlaylistDetailPage } from "./playlist-detail-page";

const fetchMock = mockFetchPerTest();
/** The screen arrives in a deferred render: on a busy machine, later than the default second. */
const slow = { timeout: 10_000 };
const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status });

const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, "0")}`;
const PLAYLIST_ID = id(1);
const ENTRANCE = id(10);
const COMMUNION = id(11);
const HYMN = id(100);
const HYMN_VERSION = id(101);
const PSALM = id(200);
/** A member of the choir who may lead a service. */
const ANA = { id: id(901), name: "Ana Ruiz", email: "ana@example.org" };

function entry(fields: Partial<PlaylistEntry> & Pick<PlaylistEntry, "songId">, order: number): PlaylistEntry {
  return {
    id: id(500 + order),
    order,
    key: null,
    note: null,
    originalId: fields.songId,
    choirVersionId: null,
    choirKey: null,
    song: {
      songId: fields.songId,
      title: `Song ${fields.songId.slice(-3)}`,
      artist: null,
      key: "D",
      duration: null,
    },
    ...fields,
  };
}

/** A hymn sung in G with a note (the choir has its own version of it) and a psalm; an empty communion. */
const hymn = entry(
  {
    songId: HYMN,
    key: "G",
    note: "capo 2",
    choirVersionId: HYMN_VERSION,
    choirKey: "A",
    song: { songId: HYMN, title: "Morning Hymn", artist: "Ana", key: "D", duration: null },
  },
  0,
);
const psalm = entry(
  { songId: PSALM, song: { songId: PSALM, title: "Psalm 23", artist: null, key: null, duration: null } },
  1,
);

function playlistWith(songs: PlaylistEntry[]): Playlist {
  return {
    id: PLAYLIST_ID,
    choirId: TEST_CHOIR_ID,
    date: "2031-03-09",
    title: "Lent Evening",
    time: "18:30",
    leader: null,
    songCount: songs.length,
    isPublic: false,
    playlistTemplateId: null,
    template: null,
    sections: [
      { id: ENTRANCE, title: "entrance", order: 0, songs: songs.map((song, order) => ({ ...song, order })) },
      { id: COMMUNION, title: "communion", order: 1, songs: [] },
    ],
    createdAt: "2031-01-01T00:00:00.000Z",
    updatedAt: "2031-01-01T00:00:00.000Z",
  };
}

interface Call {
  method: string;
  path: string;
  body: unknown;
}

/** The API of one playlist: each change answered with the playlist `answer` gives for it. */
function serve(initial: Playlist, answer: (call: Call) => Playlist | undefined) {
  const calls: Call[] = [];
  let current = initial;
  fetchMock.mockImplementation(async (input: string, init?: RequestInit) => {
    const path = new URL(input, "http://test.invalid").pathname;
    const method = init?.method ?? "GET";
    const body = init?.body ? JSON.parse(String(init.body)) : undefined;
    if (path === `/api/playlists/${PLAYLIST_ID}` && method === "GET") return json(current);
    if (path === `/api/playlists/${PLAYLIST_ID}/availability`) return json(NO_ANSWERS);
    if (path === `/api/playlists/${PLAYLIST_ID}/readiness`) return json({ songs: [] });
    if (path === `/api/choirs/${TEST_CHOIR_ID}`)
      return json({ id: TEST_CHOIR_ID, membersEditPlaylists: false, members: [ANA] });
    const call = { method, path, body };
    calls.push(call);
    const next = answer(call);
    if (!next) return json({ message: "Not found" }, 404);
    current = next;
    return json(next);
  });
  return calls;
}

function renderScreen(options: { user?: CurrentUser; url?: string } = {}) {
  return renderPage(
    [
      {
        path: "/playlists/:playlistId",
        element: (
          <>
            <PlaylistDetailPage />
            <Notifications />
          </>
        ),
      },
      { path: "/playlists/:playlistId/edit", element: <EditPlaylistPage /> },
    ],
    options.url ?? `/playlists/${PLAYLIST_ID}`,
    { user: options.user },
  );
}

const rowOf = async (songId: string) => {
  const rows = await screen.findAllByTestId("playlist-detail-song", {}, slow);
  const row = rows.find((item) => item.dataset.songId === songId);
  if (!row) throw new Error(`no row for ${songId}`);
  return row;
};

const openMenuOf = async (songId: string) =>
  fireEvent.click(within(await rowOf(songId)).getByTestId("entry-menu"));

// Menus, the key choices and the toast draw slowly on a busy machine: these journeys get a minute.
describe("the playlist screen for an editor", { timeout: 60_000 }, () => {
  it("removes a song and puts it back, at its place with its key and note, when Undo is pressed", async () => {
    const calls = serve(playlistWith([hymn, psalm]), (call) => {
      if (call.method === "DELETE") return playlistWith([psalm]);
      if (call.method === "POST") return playlistWith([hymn, psalm]);
      return undefined;
    });
    renderScreen();
    await openMenuOf(HYMN);
    fireEvent.click(await screen.findByTestId("entry-remove"));
    await waitFor(() => expect(screen.queryAllByTestId("playlist-detail-song")).toHaveLength(1), slow);
    expect(calls[0]).toMatchObject({ method: "DELETE", path: `/api/playlists/${PLAYLIST_ID}/songs/${HYMN}` });

    const toast = await screen.findByTestId("undo-toast", {}, slow);
    expect(toast.textContent).toContain("“Morning Hymn” removed");
    fireEvent.click(within(toast).getByRole("button", { name: "Undo" }));
    await waitFor(() => expect(calls).toHaveLength(2), slow);
    expect(calls[1]).toEqual({
      method: "POST",
      path: `/api/playlists/${PLAYLIST_ID}/songs`,
      body: { songId: HYMN, key: "G", note: "capo 2", sectionId: ENTRANCE, order: 0 },
    });
    // Back first in its section, with its key and note.
    await waitFor(() =>
      expect(screen.getAllByTestId("playlist-detail-song").map((row) => row.dataset.songId)).toEqual([
        HYMN,
        PSALM,
      ]),
    );
    expect(within(await rowOf(HYMN)).getByTestId("entry-note").textContent).toBe("capo 2");
  });

  it("switches an entry to the choir's version in place, keeping its key and note, and marks it", async () => {
    const switched = entry(
      {
        ...hymn,
        songId: HYMN_VERSION,
        originalId: HYMN,
        choirVersionId: HYMN_VERSION,
        choirKey: null,
        song: { ...hymn.song!, songId: HYMN_VERSION },
      },
      0,
    );
    const calls = serve(playlistWith([hymn, psalm]), (call) =>
      call.method === "PATCH" ? playlistWith([switched, psalm]) : undefined,
    );
    renderScreen();
    const before = await rowOf(HYMN);
    expect(before.dataset.version).toBe("original");
    expect(within(before).getByTestId("entry-original").textContent).toBe("Original");
    expect(within(before).queryByTestId("entry-choir-version")).toBeNull();

    await openMenuOf(HYMN);
    fireEvent.click(await screen.findByRole("menuitem", { name: "Use the choir version" }, slow));
    await waitFor(() => expect(calls).toHaveLength(1), slow);
    expect(calls[0]).toEqual({
      method: "PATCH",
      path: `/api/playlists/${PLAYLIST_ID}/songs/${HYMN}`,
      body: { songId: HYMN_VERSION },
    });
    const after = await rowOf(HYMN_VERSION);
    expect(after.dataset.version).toBe("choir");
    expect(within(after).getByTestId("entry-choir-version").textContent).toBe("Choir version");
    expect((within(after).getByTestId("entry-key-select") as HTMLInputElement).value).toBe("G");
    expect(within(after).getByTestId("entry-note").textContent).toBe("capo 2");

    // And back, in Spanish.
    await i18n.changeLanguage("es");
    await openMenuOf(HYMN_VERSION);
    expect(await screen.findByRole("menuitem", { name: "Usar la original" }, slow)).toBeTruthy();
    expect(within(await rowOf(HYMN_VERSION)).getByTestId("entry-choir-version").textContent).toBe(
      "Versión del coro",
    );
  });

  it("sets who leads the service in the heading's form, with its title and time", async () => {
    const calls = serve(playlistWith([hymn]), (call) =>
      call.method === "PUT" ? { ...playlistWith([hymn]), leader: { id: ANA.id, name: ANA.name } } : undefined,
    );
    renderScreen();
    fireEvent.click(await screen.findByTestId("playlist-rename-open", {}, slow));
    fireEvent.click(screen.getByTestId("playlist-rename-leader"));
    fireEvent.click(await screen.findByRole("option", { name: "Ana Ruiz" }, slow));
    fireEvent.click(screen.getByTestId("playlist-rename-save"));
    await waitFor(() => expect(calls).toHaveLength(1), slow);
    expect(calls[0]).toEqual({
      method: "PUT",
      path: `/api/playlists/${PLAYLIST_ID}`,
      body: { title: "Lent Evening", time: "18:30", leaderId: ANA.id },
    });
    await waitFor(() =>
      expect(screen.getByTestId("playlist-detail-date").textContent).toContain("Led by Ana Ruiz"),
    );
  });

  it("shows every section, the empty ones with Add song, and one status line", async () => {
    serve(playlistWith([hymn, psalm]), () => undefined);
    renderScreen();
    const sections = await screen.findAllByTestId("playlist-detail-section", {}, slow);
    expect(sections.map((section) => section.dataset.sectionTitle)).toEqual(["entrance", "communion"]);
    expect(within(sections[1]!).getByRole("button", { name: "Add song to Communion" })).toBeTruthy();
    expect(screen.getByTestId("playlist-status-line").textContent).toBe("Private2 songs");
    expect(screen.getByTestId("playlist-detail-date").textContent).toContain("18:30");
  });
});

describe("the playlist screen for a singer", () => {
  const singer: CurrentUser = {
    ...directorUser,
    id: id(900),
    role: "ChoirMember",
    choirs: [{ id: TEST_CHOIR_ID, name: "Harbor Voices", role: "ChoirMember", voicePart: "alto" }],
  };

  it("shows the notes and keys, hides the empty sections and every editing control", async () => {
    serve(playlistWith([hymn, psalm]), () => undefined);
    renderScreen({ user: singer });
    const row = await rowOf(HYMN);
    expect(within(row).getByTestId("entry-note").textContent).toBe("capo 2");
    expect(within(row).getByTestId("entry-key").textContent).toBe("G");
    expect(screen.getAllByTestId("playlist-detail-section").map((s) => s.dataset.sectionTitle)).toEqual([
      "entrance",
    ]);
    for (const control of ["entry-menu", "entry-drag-handle", "section-add-song", "playlist-rename-open"])
      expect(screen.queryAllByTestId(control)).toHaveLength(0);
    expect(screen.queryByTestId("playlist-detail-delete")).toBeNull();
  });
});

describe("the edit page of before", () => {
  it("leads to the playlist's one screen", async () => {
    serve(playlistWith([hymn]), () => undefined);
    const router = renderScreen({ url: `/playlists/${PLAYLIST_ID}/edit` });
    await screen.findByTestId("playlist-detail-page", {}, slow);
    expect(router.state.location.pathname).toBe(`/playlists/${PLAYLIST_ID}`);
  });
});
