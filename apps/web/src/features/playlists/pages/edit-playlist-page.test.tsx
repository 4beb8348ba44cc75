import type { Playlist } from "@choir/contract";
import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { i18n } from "../../../lib/i18n";
import { authToken } from "../../../lib/storage";
import en from "../../../locales/en.json";
import es from "../../../locales/es.json";
import { mockFetchPerTest, renderPage, TEST_CHOIR_ID } from "../../../test/render-page";
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

    // The chooser opens with a transition; the button is named to assistive technology once it has opened.
    fireEvent.click(await screen.findByRole("button", { name: en.editPlaylist.loadMore }));
    await waitFor(() => expect(screen.getAllByTestId("edit-playlist-choice")).toHaveLength(27));
    expect(listCalls).toHaveLength(2);
    expect(listCalls[1]!.searchParams.get("skip")).toBe("20");
    const shown = screen.getAllByTestId("edit-playlist-choice").map((link) => link.getAttribute("href"));
    expect(new Set(shown).size).toBe(27);
    expect(screen.queryByTestId("edit-playlist-load-more")).toBeNull();
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

describe("edit playlist page, live", () => {
  const playlistId = "55555555-5555-4555-8555-555555555555";
  const entrance = "66666666-6666-4666-8666-666666666661";
  const communion = "66666666-6666-4666-8666-666666666662";
  const songOf = (n: number) => `77777777-7777-4777-8777-77777777777${n}`;
  const entry = (n: number, order: number) => ({
    id: `88888888-8888-4888-8888-88888888888${n}`,
    songId: songOf(n),
    order,
    key: null,
    song: { songId: songOf(n), title: `Song ${n}`, artist: null, key: "G", duration: null },
  });
  const version = (
    updatedAt: string,
    entranceTitle: string,
    entranceSongs: number[],
    communionSongs: number[] = [],
  ): Playlist => ({
    id: playlistId,
    choirId: TEST_CHOIR_ID,
    date: "2031-05-04",
    title: "Sunday Mass",
    isPublic: false,
    playlistTemplateId: null,
    template: null,
    sections: [
      { id: entrance, title: entranceTitle, order: 0, songs: entranceSongs.map(entry) },
      { id: communion, title: "Communion", order: 1, songs: communionSongs.map(entry) },
    ],
    createdAt: "2031-05-01T10:00:00.000Z",
    updatedAt,
  });
  const first = version("2031-05-01T10:00:00.000Z", "entrance", [1]);

  /** The server as the page sees it: the playlist now, each PUT (body and If-Match), and the live stream. */
  function server(initial: Playlist) {
    const state = {
      current: initial as Playlist | null,
      reads: 0,
      puts: [] as {
        body: { sections: { id?: string; title: string; songs: { songId: string }[] }[] };
        ifMatch: string;
      }[],
      answerPut: (_body: unknown): Promise<Response> | Response =>
        state.current ? json(state.current) : json({ message: "Playlist not found" }, 404),
    };
    let push: ((text: string) => void) | undefined;
    let eventId = 0;
    fetchMock.mockImplementation(async (url: string, init?: RequestInit) => {
      if (url === `/api/playlists/${playlistId}/events`) {
        const encoder = new TextEncoder();
        const body = new ReadableStream<Uint8Array>({
          start(controller) {
            push = (text) => controller.enqueue(encoder.encode(text));
            push(`id: ${eventId}\ndata: {"type":"ready"}\n\n`);
          },
        });
        return new Response(body, { status: 200, headers: { "Content-Type": "text/event-stream" } });
      }
      if (url.startsWith(`/api/playlists/${playlistId}`) && init?.method === "PUT") {
        const body = JSON.parse(String(init.body));
        state.puts.push({ body, ifMatch: (init.headers as Record<string, string>)["If-Match"] ?? "" });
        return state.answerPut(body);
      }
      if (url.startsWith(`/api/playlists/${playlistId}`)) {
        state.reads += 1;
        return state.current ? json(state.current) : json({ message: "Playlist not found" }, 404);
      }
      return json([]);
    });
    return {
      state,
      /** Someone (else, or this page) changed the playlist: the stream says so. */
      changed: async (next: Playlist | null) => {
        state.current = next;
        eventId += 1;
        await act(async () => {
          push?.(
            next
              ? `id: ${eventId}\ndata: {"type":"playlist.changed","change":"updated"}\n\n`
              : `id: ${eventId}\ndata: {"type":"playlist.deleted"}\n\n`,
          );
        });
      },
    };
  }

  const renderEditor = () =>
    renderPage(
      [
        { path: "/playlists/:playlistId/edit", element: <EditPlaylistPage /> },
        { path: "/playlists", element: <p>The list</p> },
      ],
      `/playlists/${playlistId}/edit`,
    );
  const entranceCard = () => screen.getAllByTestId("edit-section")[0]!;
  const openRename = async () => {
    fireEvent.click(await screen.findByRole("button", { name: "Rename section Entrance" }));
    return screen.getByTestId("edit-section-name") as HTMLInputElement;
  };
  const live = async () =>
    expect((await screen.findByTestId("live-badge")).getAttribute("data-state")).toBe("live");
  const headingOf = (card: HTMLElement) => within(card).getByRole("heading").textContent;
  const typed = () => (screen.getByTestId("edit-section-name") as HTMLInputElement).value;

  beforeEach(() => authToken.set("token"));
  afterEach(() => authToken.clear());

  it("takes another member's change quietly when nothing is being typed, without a loader", async () => {
    const { changed } = server(first);
    renderEditor();
    const page = await screen.findByTestId("edit-playlist-page");
    await live();
    // A field opened but not typed in follows the server too.
    fireEvent.click(screen.getByRole("button", { name: "Rename section Communion" }));

    await changed({
      ...version("2031-05-01T10:05:00.000Z", "Procession", [1, 2]),
      sections: [
        { id: entrance, title: "Procession", order: 0, songs: [entry(1, 0), entry(2, 1)] },
        { id: communion, title: "Meal", order: 1, songs: [] },
      ],
    });
    await waitFor(() => expect(headingOf(entranceCard())).toBe("Procession"));
    expect(within(entranceCard()).getAllByTestId("edit-song")).toHaveLength(2);
    expect(typed()).toBe("Meal");
    expect(screen.getByTestId("edit-playlist-page")).toBe(page);
    expect(screen.queryByText(en.editPlaylist.loading)).toBeNull();
    expect(screen.queryByRole("alert")).toBeNull();
  });

  it("keeps a name being typed when someone else renames the section, and says so plainly in both languages", async () => {
    const { changed } = server(first);
    renderEditor();
    await live();
    fireEvent.change(await openRename(), { target: { value: "Gathering song" } });

    // A song added elsewhere does not touch the name: no notice.
    await changed(version("2031-05-01T10:01:00.000Z", "entrance", [1], [3]));
    await waitFor(() => expect(screen.getAllByTestId("edit-song")).toHaveLength(2));
    expect(screen.queryByTestId("edit-section-conflict")).toBeNull();

    await changed(version("2031-05-01T10:02:00.000Z", "Procession", [1], [3]));
    const notice = await screen.findByTestId("edit-section-conflict");
    expect(notice.getAttribute("role")).toBe("alert");
    expect(notice.textContent).toContain(en.editPlaylist.conflict.title);
    expect(notice.textContent).toContain(
      'They named this section "Procession". Saving will replace their change',
    );
    expect(typed()).toBe("Gathering song");

    await act(() => i18n.changeLanguage("es"));
    expect(screen.getByTestId("edit-section-conflict").textContent).toContain(es.editPlaylist.conflict.title);
    expect(screen.getByTestId("edit-section-conflict").textContent).toContain(
      'Llamó a esta sección "Procession". Si guardas, tu cambio sustituirá al suyo',
    );
    expect(screen.getByRole("button", { name: es.editPlaylist.conflict.loadTheirs })).toBeTruthy();
    expect(typed()).toBe("Gathering song");
  });

  it("loads their version on request: the typed name is dropped and theirs shows", async () => {
    const { changed, state } = server(first);
    renderEditor();
    await live();
    fireEvent.change(await openRename(), { target: { value: "Gathering song" } });
    await changed(version("2031-05-01T10:02:00.000Z", "Procession", [1]));
    fireEvent.click(await screen.findByRole("button", { name: en.editPlaylist.conflict.loadTheirs }));

    expect(screen.queryByTestId("edit-section-conflict")).toBeNull();
    expect(screen.queryByTestId("edit-section-name")).toBeNull();
    expect(headingOf(entranceCard())).toBe("Procession");
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole("button", { name: "Rename section Procession" })),
    );
    expect(state.puts).toEqual([]);
  });

  it("keeps editing on request, then saving replaces their name with the typed one", async () => {
    const { changed, state } = server(first);
    renderEditor();
    await live();
    fireEvent.change(await openRename(), { target: { value: "Gathering song" } });
    const theirs = version("2031-05-01T10:02:00.000Z", "Procession", [1]);
    await changed(theirs);
    fireEvent.click(await screen.findByRole("button", { name: en.editPlaylist.conflict.keepEditing }));
    expect(screen.queryByTestId("edit-section-conflict")).toBeNull();
    expect(typed()).toBe("Gathering song");

    state.answerPut = () => json(version("2031-05-01T10:03:00.000Z", "Gathering song", [1]));
    fireEvent.click(screen.getByTestId("edit-section-save"));
    await waitFor(() => expect(screen.queryByTestId("edit-section-name")).toBeNull());
    expect(state.puts).toHaveLength(1);
    expect(state.puts[0]!.ifMatch).toBe(`"${theirs.updatedAt}"`);
    expect(state.puts[0]!.body.sections.map((section) => section.title)).toEqual([
      "Gathering song",
      "Communion",
    ]);
    expect(headingOf(entranceCard())).toBe("Gathering song");
    expect(screen.queryByRole("alert")).toBeNull();
  });

  it("does not take its own save for someone else's change, even when the live read arrives first", async () => {
    const { changed, state } = server(first);
    renderEditor();
    await live();
    fireEvent.change(await openRename(), { target: { value: "Gathering song" } });
    const mine = version("2031-05-01T10:04:00.000Z", "Gathering song", [1]);
    let answer: (response: Response) => void = () => {};
    state.answerPut = () => new Promise<Response>((resolve) => (answer = resolve));
    fireEvent.click(screen.getByTestId("edit-section-save"));
    await waitFor(() => expect(state.puts).toHaveLength(1));

    // The stream tells of the save before its answer is back, then again after.
    await changed(mine);
    await waitFor(() => expect(headingOf(entranceCard())).toBe("Gathering song"));
    expect(screen.queryByTestId("edit-section-conflict")).toBeNull();
    await act(async () => answer(json(mine)));
    await waitFor(() => expect(screen.queryByTestId("edit-section-name")).toBeNull());
    await changed(mine);
    expect(screen.queryByTestId("edit-section-conflict")).toBeNull();
    expect(screen.queryByRole("alert")).toBeNull();
  });

  it("makes a rename again on the newest version when the playlist changed just before the save", async () => {
    const { state } = server(first);
    renderEditor();
    await live();
    // Read once more as the stream starts (a change made before it would not be told).
    await waitFor(() => expect(state.reads).toBe(2));
    fireEvent.change(await openRename(), { target: { value: "Gathering song" } });
    // A song was added a moment ago; the page has not heard yet.
    const newer = version("2031-05-01T10:06:00.000Z", "entrance", [1, 2]);
    state.current = newer;
    state.answerPut = () =>
      state.puts.length === 1
        ? json(
            { message: "This playlist was changed by someone else meanwhile", code: "playlist_changed" },
            412,
          )
        : json(version("2031-05-01T10:07:00.000Z", "Gathering song", [1, 2]));
    fireEvent.click(screen.getByTestId("edit-section-save"));

    await waitFor(() => expect(screen.queryByTestId("edit-section-name")).toBeNull());
    expect(state.puts.map((put) => put.ifMatch)).toEqual([`"${first.updatedAt}"`, `"${newer.updatedAt}"`]);
    expect(state.puts[1]!.body.sections[0]!.songs.map((song) => song.songId)).toEqual([songOf(1), songOf(2)]);
    expect(screen.getAllByTestId("edit-song")).toHaveLength(2);
  });

  it("says so when the playlist is deleted while a name is being typed, keeps the text and saves nothing", async () => {
    const { changed, state } = server(first);
    const router = renderEditor();
    await live();
    fireEvent.change(await openRename(), { target: { value: "Gathering song" } });
    await changed(null);

    const notice = await screen.findByTestId("edit-playlist-deleted");
    expect(notice.getAttribute("role")).toBe("alert");
    expect(notice.textContent).toContain(en.editPlaylist.deleted.text);
    expect(typed()).toBe("Gathering song");
    expect((screen.getByTestId("edit-section-save") as HTMLButtonElement).disabled).toBe(true);
    fireEvent.submit(screen.getByTestId("edit-section-rename"));
    expect(state.puts).toEqual([]);
    expect(router.state.location.pathname).toBe(`/playlists/${playlistId}/edit`);
  });

  it("says so when someone else removes the section whose name is being typed", async () => {
    const { changed } = server(first);
    renderEditor();
    await live();
    fireEvent.click(await screen.findByRole("button", { name: "Rename section Communion" }));
    fireEvent.change(screen.getByTestId("edit-section-name"), { target: { value: "Thanksgiving" } });
    await changed({ ...first, updatedAt: "2031-05-01T10:08:00.000Z", sections: [first.sections[0]!] });

    const notice = await screen.findByTestId("edit-section-gone");
    expect(notice.getAttribute("role")).toBe("alert");
    expect(notice.textContent).toContain(
      'Someone else removed the section "Communion" while you were renaming it. Your name "Thanksgiving" was not saved.',
    );
    expect(screen.getAllByTestId("edit-section")).toHaveLength(1);
  });

  it("leads back to the list when the playlist is deleted and nothing is being typed", async () => {
    const { changed } = server(first);
    const router = renderEditor();
    await live();
    await changed(null);
    await waitFor(() => expect(router.state.location.pathname).toBe("/playlists"));
  });
});
