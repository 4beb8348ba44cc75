import { type CurrentUser, SONG_MESSAGES, type Song } from "@choir/contract";
import { act, cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { i18n } from "../../../lib/i18n";
import { directorUser, renderPage, TEST_CHOIR_ID, TEST_USER_ID, testSong } from "../../../test/render-page";
import { SongsLibraryPage } from "./songs-library-page";

vi.mock("../../../lib/toast", () => ({ showError: vi.fn(), showSuccess: vi.fn() }));

/** The observers the list created, so a test can scroll the sentinel into view. */
let observers: {
  callback: IntersectionObserverCallback;
  options?: IntersectionObserverInit;
  target?: Element;
}[] = [];

beforeAll(() => {
  window.scrollTo = () => {};
  window.IntersectionObserver = class {
    private entry: (typeof observers)[number];
    constructor(callback: IntersectionObserverCallback, options?: IntersectionObserverInit) {
      this.entry = { callback, options };
      observers.push(this.entry);
    }
    observe(target: Element) {
      this.entry.target = target;
    }
    unobserve() {}
    disconnect() {
      observers = observers.filter((entry) => entry !== this.entry);
    }
    takeRecords() {
      return [];
    }
  } as unknown as typeof IntersectionObserver;
});

const choirId = TEST_CHOIR_ID;
const me = TEST_USER_ID;
const someoneElse = "22222222-2222-4222-8222-222222222222";

const user = directorUser;

const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, "0")}`;
const song = (n: number, overrides: Partial<Song> = {}): Song =>
  testSong({
    songId: id(n),
    title: `Song ${n}`,
    artist: n % 2 ? "Test Writer" : null,
    content: `{title: Song ${n}}\n{key: G}\n[G]La la`,
    tags: [{ tagId: id(900), tagName: "Hymn" }],
    creatorId: me,
    ...overrides,
  });

let library: Song[] = [];
/** How many songs the server says are left of the day's allowance, in every preview. */
let songsLeftToday = 1000;
const fetchMock = vi.fn();
const calls = (path: string) =>
  fetchMock.mock.calls
    .filter(([url]) => String(url).startsWith(`/api${path}`))
    .map(([url, init]) => ({
      url: new URL(String(url), "http://test.invalid"),
      body: init?.body ? JSON.parse(String(init.body)) : undefined,
    }));

function answerSearch(url: URL) {
  const skip = Number(url.searchParams.get("skip") ?? 0);
  const take = Number(url.searchParams.get("take") ?? 24);
  const term = url.searchParams.get("searchTerm");
  const matching = term ? library.filter((s) => s.title.includes(term)) : library;
  const songs = matching.slice(skip, skip + take);
  return { songs, totalCount: matching.length, hasMore: skip + take < matching.length, skip, take };
}

beforeEach(async () => {
  await i18n.changeLanguage("en");
  observers = [];
  library = [];
  songsLeftToday = 1000;
  fetchMock.mockReset();
  fetchMock.mockImplementation(async (input: string, init?: RequestInit) => {
    const url = new URL(input, "http://test.invalid");
    const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status });
    if (url.pathname === "/api/songs/search") return json(answerSearch(url));
    if (url.pathname === "/api/tags/suggestions") return json([]);
    if (url.pathname === "/api/songs/bulk-delete") {
      const { songIds } = JSON.parse(String(init?.body));
      return json({
        results: songIds.map((songId: string, index: number) =>
          index === 0 ? { songId, deleted: true } : { songId, deleted: false, error: "Song not found" },
        ),
      });
    }
    if (url.pathname === "/api/songs/import/preview") {
      const { files } = JSON.parse(String(init?.body));
      if (files.some((file: { name: string }) => file.name.startsWith("slow"))) {
        return json({ message: SONG_MESSAGES.workTooLong, code: "work_too_long" }, 422);
      }
      const good = files.filter((file: { name: string }) => !file.name.startsWith("bad"));
      return json({
        songs: good.map((file: { name: string }) => ({
          file: file.name,
          title: file.name.replace(/\.\w+$/, ""),
          artist: "Ana",
          key: "G",
          sections: 2,
          format: "chordpro",
        })),
        problems: files
          .filter((file: { name: string }) => file.name.startsWith("bad"))
          .map((file: { name: string }) => ({
            file: file.name,
            line: 3,
            code: "xml_malformed",
            message: "The XML is not well formed: oops",
          })),
        digest: `digest-${files.length}`,
        allowance: { limit: 1000, left: songsLeftToday },
      });
    }
    if (url.pathname === "/api/songs/import") {
      const { files } = JSON.parse(String(init?.body));
      return json({
        results: files.map((file: { name: string }, index: number) =>
          file.name.startsWith("bad")
            ? { name: file.name, songIds: [], error: "content: must not be blank" }
            : { name: file.name, songIds: [id(500 + index)] },
        ),
      });
    }
    return json({ message: "not found", code: "not_found" }, 404);
  });
  vi.stubGlobal("fetch", fetchMock);
  Object.defineProperty(window, "innerWidth", { value: 1280, configurable: true });
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

function renderLibrary(path = "/songs", who: CurrentUser = user) {
  return renderPage(
    [
      { path: "/songs", element: <SongsLibraryPage /> },
      { path: "/songs/:songId", element: <div data-testid="song-page" /> },
    ],
    path,
    { user: who },
  );
}

const cards = () => screen.queryAllByTestId("song-card");

describe("songs library page", () => {
  it("lists the songs with the result count, key, fallback artist and links that keep the query string", async () => {
    library = [song(1), song(2, { baseSongId: id(99) })];
    const router = renderLibrary("/songs?tags=Hymn&sort=artist");
    await waitFor(() => expect(cards()).toHaveLength(2));
    expect(screen.getByTestId("songs-result-count").textContent).toBe("2 songs");
    const second = cards()[1] as HTMLElement;
    expect(second.dataset.songId).toBe(id(2));
    expect(within(second).getByText("Unknown Artist")).toBeTruthy();
    expect(within(second).getByTestId("song-card-version")).toBeTruthy();
    expect(within(second).getByTestId("song-card-key").textContent).toBe("Key G");
    expect(within(second).getByRole("link").getAttribute("href")).toBe(
      `/songs/${id(2)}?tags=Hymn&sort=artist`,
    );
    expect(screen.getByTestId("songs-all-loaded")).toBeTruthy();

    const [search] = calls("/songs/search");
    expect(search?.url.searchParams.getAll("tags")).toEqual(["Hymn"]);
    expect(search?.url.searchParams.get("sortBy")).toBe("artist");
    expect(search?.url.searchParams.get("take")).toBe("24");

    fireEvent.click(within(second).getByRole("link"));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/songs/${id(2)}`));
    expect(router.state.location.search).toBe("?tags=Hymn&sort=artist");
  });

  it("asks for 16 songs a page below 768 px and loads the next page when the sentinel shows", async () => {
    Object.defineProperty(window, "innerWidth", { value: 390, configurable: true });
    library = Array.from({ length: 20 }, (_, i) => song(i + 1));
    renderLibrary();
    await waitFor(() => expect(cards()).toHaveLength(16));
    expect(screen.queryByTestId("songs-all-loaded")).toBeNull();
    const observer = observers.at(-1);
    expect(observer?.options).toMatchObject({ threshold: 0.3, rootMargin: "100px" });
    expect(observer?.target).toBe(screen.getByTestId("songs-load-more-sentinel"));

    act(() =>
      observer?.callback([{ isIntersecting: true } as IntersectionObserverEntry], {} as IntersectionObserver),
    );
    await waitFor(() => expect(cards()).toHaveLength(20));
    expect(calls("/songs/search").map((call) => call.url.searchParams.get("skip"))).toEqual(["0", "16"]);
    expect(screen.getByTestId("songs-all-loaded").textContent).toBe("All songs loaded");
  });

  it("writes the search term to the URL once typing settles", async () => {
    library = [song(1), song(22)];
    const router = renderLibrary();
    await waitFor(() => expect(cards()).toHaveLength(2));
    fireEvent.change(screen.getByTestId("songs-search-input"), { target: { value: "22" } });
    expect(router.state.location.search).toBe("");
    await waitFor(() => expect(router.state.location.search).toBe("?q=22"), { timeout: 2000 });
    await waitFor(() => expect(cards()).toHaveLength(1));
    expect(calls("/songs/search").at(-1)?.url.searchParams.get("sortBy")).toBe("relevance");
  });

  it("drops showAll without a choir context and keeps it inside one", async () => {
    const router = renderLibrary("/songs?showAll=1&q=x");
    await waitFor(() => expect(router.state.location.search).toBe("?q=x"));

    cleanup();
    const inChoir = renderLibrary(`/songs?choirId=${choirId}&showAll=1`);
    await waitFor(() => expect(screen.getByTestId("songs-choir-context").textContent).toBe("Harbor Voices"));
    expect(inChoir.state.location.search).toContain("showAll=1");
    expect(calls("/songs/search").at(-1)?.url.searchParams.get("choirId")).toBeNull();
  });

  it("narrows to the choir's songs in a choir context and presets the choir for a new song", async () => {
    library = [song(1)];
    renderLibrary(`/songs?choirId=${choirId}`);
    await waitFor(() => expect(cards()).toHaveLength(1));
    expect(calls("/songs/search")[0]?.url.searchParams.get("choirId")).toBe(choirId);
    expect(screen.getByTestId("songs-create-button").getAttribute("href")).toBe(
      `/songs/create?choirId=${choirId}`,
    );
  });

  it("offers creating a song in the empty library only to a user with a choir", async () => {
    renderLibrary();
    const empty = await screen.findByTestId("songs-empty");
    expect(within(empty).getByTestId("songs-empty-create").getAttribute("href")).toBe("/songs/create");

    cleanup();
    renderLibrary("/songs", { ...user, choirs: [] });
    const noChoir = await screen.findByTestId("songs-empty");
    expect(within(noChoir).queryByRole("link")).toBeNull();
    expect(screen.queryByTestId("songs-create-button")).toBeNull();
  });

  it("says no songs match a search and clears the filters", async () => {
    const router = renderLibrary("/songs?q=nothing&mine=1");
    const empty = await screen.findByTestId("songs-empty");
    expect(empty.textContent).toContain("No songs match");
    fireEvent.click(within(empty).getByTestId("songs-clear-filters"));
    await waitFor(() => expect(router.state.location.search).toBe(""));
  });

  it("deletes only the user's own selected songs after confirmation and shows the per-id results", async () => {
    library = [song(1), song(2, { creatorId: someoneElse }), song(3)];
    renderLibrary();
    await waitFor(() => expect(cards()).toHaveLength(3));
    fireEvent.click(screen.getByTestId("songs-select-mode"));
    fireEvent.click(screen.getByTestId("songs-select-all"));
    expect(screen.getByTestId("songs-selected-count").textContent).toBe("3 selected");
    expect(screen.getByTestId("songs-bulk-delete").textContent).toBe("Delete (2)");

    fireEvent.click(screen.getByTestId("songs-bulk-delete"));
    expect(await screen.findByText("1 selected song is not yours and will be kept.")).toBeTruthy();
    expect(calls("/songs/bulk-delete")).toHaveLength(0);
    fireEvent.click(screen.getByTestId("songs-bulk-confirm"));

    const result = await screen.findByTestId("songs-bulk-result");
    expect(calls("/songs/bulk-delete")[0]?.body).toEqual({ songIds: [id(1), id(3)] });
    expect(result.textContent).toContain("1 deleted, 1 failed");
    expect(result.textContent).toContain("Song 3: Song not found");
  });

  it("previews files in batches, lists the songs and problems, and saves exactly them on confirmation", async () => {
    renderLibrary();
    await screen.findByTestId("songs-empty");
    fireEvent.click(screen.getByTestId("songs-import-button"));
    const input = (await screen.findByTestId("songs-import-input")) as HTMLInputElement;
    expect(input.accept).toBe(".json,.cho,.pro,.chordpro,.crd,.txt,.onsong,.xml,.zip");
    expect(input.multiple).toBe(true);
    const files = Array.from(
      { length: 57 },
      (_, i) =>
        new File([`{title: T${i}}\n[C]La`], i === 56 ? "bad.xml" : `song-${i}.cho`, { type: "text/plain" }),
    );
    fireEvent.change(input, { target: { files } });
    fireEvent.click(await screen.findByTestId("songs-import-submit"));

    const preview = await screen.findByTestId("songs-import-preview");
    expect(calls("/songs/import/preview").map((call) => call.body.files.length)).toEqual([50, 7]);
    expect(calls("/songs/import").filter((call) => call.url.pathname === "/api/songs/import")).toHaveLength(
      0,
    );
    expect(within(preview).getByTestId("songs-import-preview-count").textContent).toBe(
      "56 songs will be created",
    );
    expect(within(preview).getByTestId("songs-import-preview-songs").textContent).toContain(
      "Ana · Key G · 2 sections · ChordPro",
    );
    expect(within(preview).getByTestId("songs-import-problems").textContent).toBe(
      "bad.xml (line 3): The XML is damaged (not well formed).",
    );
    fireEvent.click(screen.getByTestId("songs-import-confirm"));

    const summary = await screen.findByTestId("songs-import-summary");
    const saved = calls("/songs/import").filter((call) => call.url.pathname === "/api/songs/import");
    expect(saved.map((call) => [call.body.files.length, call.body.previewDigest])).toEqual([
      [50, "digest-50"],
      [7, "digest-7"],
    ]);
    expect(summary.textContent).toContain("56 songs imported");
  });

  it("says before saving when the files hold more songs than are left of the day's allowance, and offers no save", async () => {
    songsLeftToday = 1;
    renderLibrary();
    await screen.findByTestId("songs-empty");
    fireEvent.click(screen.getByTestId("songs-import-button"));
    const input = (await screen.findByTestId("songs-import-input")) as HTMLInputElement;
    fireEvent.change(input, {
      target: { files: [new File(["[C]La"], "uno.cho"), new File(["[G]Sol"], "dos.cho")] },
    });
    fireEvent.click(await screen.findByTestId("songs-import-submit"));
    const warning = await screen.findByTestId("songs-import-over-allowance");
    expect(warning.textContent).toContain(
      "You can add 1 more song today (up to 1000 a day), and these files hold 2. Import fewer files, or try again tomorrow.",
    );
    expect((screen.getByTestId("songs-import-confirm") as HTMLButtonElement).disabled).toBe(true);
  });

  it("shows the preview in Spanish", async () => {
    await i18n.changeLanguage("es");
    renderLibrary();
    await screen.findByTestId("songs-empty");
    fireEvent.click(screen.getByTestId("songs-import-button"));
    const input = (await screen.findByTestId("songs-import-input")) as HTMLInputElement;
    fireEvent.change(input, {
      target: { files: [new File(["[C]La"], "uno.cho"), new File(["<song"], "bad.xml")] },
    });
    fireEvent.click(await screen.findByTestId("songs-import-submit"));
    const preview = await screen.findByTestId("songs-import-preview");
    expect(within(preview).getByTestId("songs-import-preview-count").textContent).toBe("Se creará 1 canción");
    expect(within(preview).getByTestId("songs-import-problems").textContent).toBe(
      "bad.xml (línea 3): El XML está dañado (no está bien formado).",
    );
    expect(screen.getByTestId("songs-import-confirm").textContent).toBe("Importar 1 canción");
  });

  it.each([
    ["en", "slow.cho: This took too long to prepare. Please try again with fewer or smaller files or songs."],
    [
      "es",
      "slow.cho: Esto tardó demasiado en prepararse. Vuelve a intentarlo con menos archivos o canciones, o más pequeños.",
    ],
  ])("says in %s that a batch took too long to read (422 work_too_long)", async (language, text) => {
    await i18n.changeLanguage(language);
    renderLibrary();
    await screen.findByTestId("songs-empty");
    fireEvent.click(screen.getByTestId("songs-import-button"));
    const input = (await screen.findByTestId("songs-import-input")) as HTMLInputElement;
    fireEvent.change(input, { target: { files: [new File(["[C]La"], "slow.cho")] } });
    fireEvent.click(await screen.findByTestId("songs-import-submit"));
    const preview = await screen.findByTestId("songs-import-preview");
    expect(within(preview).getByTestId("songs-import-problems").textContent).toBe(text);
  });

  it("shows 'Failed to search songs' with a retry when a search fails", async () => {
    fetchMock.mockImplementation(async () => new Response(JSON.stringify({}), { status: 500 }));
    renderLibrary("/songs?q=grace");
    const error = await screen.findByTestId("songs-load-error");
    expect(error.textContent).toContain("Failed to search songs");
    expect(within(error).getByTestId("songs-retry")).toBeTruthy();
  });
});
