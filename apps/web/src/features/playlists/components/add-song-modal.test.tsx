import type { Song } from "@choir/contract";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { useState } from "react";
import { describe, expect, it } from "vitest";
import { i18n } from "../../../lib/i18n";
import { mockFetchPerTest, renderPage, TEST_CHOIR_ID, testSong } from "../../../test/render-page";
import { AddSongModal, sectionFirst, versionsFirst } from "./add-song-modal";

const fetchMock = mockFetchPerTest();
const ORIGINAL_ID = "33333333-3333-4333-8333-333333333333";
const VERSION_ID = "44444444-4444-4444-8444-444444444444";

const song = (overrides: Partial<Song>): Song =>
  testSong({
    songId: ORIGINAL_ID,
    title: "Harbour Light",
    artist: "Test Writer",
    content: "{title: Harbour Light}\n[G]Shine on the [C]water",
    ...overrides,
  });

const original = song({});
const version = song({
  songId: VERSION_ID,
  baseSongId: ORIGINAL_ID,
  visibility: 2,
  visibleToChoirs: [{ choirId: TEST_CHOIR_ID, choirName: "Harbor Voices" }],
});

function renderModal() {
  fetchMock.mockResolvedValue(
    new Response(
      JSON.stringify({ songs: [original, version], totalCount: 2, hasMore: false, skip: 0, take: 20 }),
    ),
  );
  renderPage(
    [
      {
        path: "/",
        element: (
          <AddSongModal
            opened
            onClose={() => {}}
            sectionTitle="Entrance"
            existingSongIds={new Set()}
            onAdd={() => {}}
          />
        ),
      },
    ],
    "/",
  );
}

describe("the add-song search", () => {
  it("marks a choir version with its choir's name, and leaves the original unmarked", async () => {
    renderModal();
    await screen.findAllByTestId("add-song-result");
    const rows = screen.getAllByTestId("add-song-result");
    const originalRow = rows.find((row) => row.dataset.songId === ORIGINAL_ID)!;
    const versionRow = rows.find((row) => row.dataset.songId === VERSION_ID)!;
    expect(within(originalRow).queryByTestId("add-song-version")).toBeNull();
    expect(within(versionRow).getByTestId("add-song-version").textContent).toBe(
      "Choir version · Harbor Voices",
    );
  });

  it("lists a choir version right before its original, whatever order the search found them in", async () => {
    renderModal();
    const rows = await screen.findAllByTestId("add-song-result");
    expect(rows.map((row) => row.dataset.songId)).toEqual([VERSION_ID, ORIGINAL_ID]);
    const other = song({ songId: "55555555-5555-4555-8555-555555555555", title: "Another" });
    const second = song({ ...version, songId: "66666666-6666-4666-8666-666666666666" });
    const orphan = song({
      ...version,
      songId: "77777777-7777-4777-8777-777777777777",
      baseSongId: other.songId,
    });
    const ids = (songs: Song[]) => versionsFirst(songs).map((s) => s.songId);
    expect(ids([other, original, version, second])).toEqual(
      [other, version, second, original].map((s) => s.songId),
    );
    expect(ids([version, original])).toEqual([VERSION_ID, ORIGINAL_ID]);
    // A version whose original was not found stays where it was; so does one whose original comes after it.
    expect(ids([original, orphan])).toEqual([ORIGINAL_ID, orphan.songId]);
    expect(ids([orphan, original, other])).toEqual([orphan.songId, ORIGINAL_ID, other.songId]);
  });

  it("says it in Spanish", async () => {
    await i18n.changeLanguage("es");
    renderModal();
    const rows = await screen.findAllByTestId("add-song-result");
    const versionRow = rows.find((row) => row.dataset.songId === VERSION_ID)!;
    expect(within(versionRow).getByTestId("add-song-version").textContent).toBe(
      "Versión del coro · Harbor Voices",
    );
  });
});

describe("songs tagged for the section", () => {
  const COMMUNION_ID = "55555555-5555-4555-8555-555555555555";
  const AMAZING_ID = "66666666-6666-4666-8666-666666666666";
  const communionTag = {
    tagId: "77777777-7777-4777-8777-777777777777",
    tagName: "eucharist",
    names: { en: "communion", es: "comunión" },
  };
  const amazing = song({ songId: AMAZING_ID, title: "Amazing Morning", tags: [] });
  const bread = song({ songId: COMMUNION_ID, title: "Bread of the Morning", tags: [communionTag] });
  const zion = song({ songId: VERSION_ID, title: "Zion Road", tags: [] });

  /** The library in title order; a tag search by the section's title finds the communion song only. */
  function renderSection(sectionTitle: string) {
    const asked: URL[] = [];
    fetchMock.mockImplementation(async (input: string) => {
      const url = new URL(input, "http://test.invalid");
      asked.push(url);
      const tags = url.searchParams.getAll("tags");
      const term = url.searchParams.get("searchTerm");
      const songs = tags.length > 0 ? [bread] : term ? [amazing, bread] : [amazing, bread, zion];
      return new Response(
        JSON.stringify({ songs, totalCount: songs.length, hasMore: false, skip: 0, take: 20 }),
      );
    });
    renderPage(
      [
        {
          path: "/",
          element: (
            <AddSongModal
              opened
              onClose={() => {}}
              sectionTitle={sectionTitle}
              existingSongIds={new Set()}
              onAdd={() => {}}
            />
          ),
        },
      ],
      "/",
    );
    return asked;
  }

  const titles = () =>
    screen.getAllByTestId("add-song-result").map((row) => within(row).getAllByText(/./)[0]?.textContent);

  it("offers the section's tagged songs first, before anything is typed, each once", async () => {
    const asked = renderSection("Communion");
    await screen.findByTestId("add-song-for-section");
    await waitFor(() => expect(titles()).toEqual(["Bread of the Morning", "Amazing Morning", "Zion Road"]));
    expect(screen.getByTestId("add-song-for-section").textContent).toBe("Tagged Communion");
    expect(screen.getAllByTestId("add-song-result")[0]?.dataset.forSection).toBe("true");
    expect(asked.some((url) => url.searchParams.getAll("tags").join() === "Communion")).toBe(true);
  });

  it("puts the matches tagged for the section first once something is typed, in Spanish too", async () => {
    await i18n.changeLanguage("es");
    renderSection("Comunión");
    fireEvent.change(await screen.findByTestId("add-song-search"), { target: { value: "morning" } });
    await waitFor(() => expect(titles()).toEqual(["Bread of the Morning", "Amazing Morning"]), {
      timeout: 2000,
    });
    expect(screen.getByTestId("add-song-for-section").textContent).toBe("Con la etiqueta Comunión");
  });

  it("says its results are busy from a keystroke until they answer what was typed", async () => {
    renderSection("Communion");
    const results = await screen.findByTestId("add-song-results");
    await waitFor(() => expect(results.getAttribute("aria-busy")).toBe("false"));
    fireEvent.change(screen.getByTestId("add-song-search"), { target: { value: "morning" } });
    // The earlier list stays on screen meanwhile, marked busy.
    expect(screen.getByTestId("add-song-results").getAttribute("aria-busy")).toBe("true");
    await waitFor(() => expect(titles()).toEqual(["Bread of the Morning", "Amazing Morning"]), {
      timeout: 2000,
    });
    await waitFor(() =>
      expect(screen.getByTestId("add-song-results").getAttribute("aria-busy")).toBe("false"),
    );
  });

  it("shows one plain list when no song is tagged for the section", async () => {
    fetchMock.mockImplementation(async (input: string) => {
      const url = new URL(input, "http://test.invalid");
      const songs = url.searchParams.getAll("tags").length > 0 ? [] : [amazing, zion];
      return new Response(
        JSON.stringify({ songs, totalCount: songs.length, hasMore: false, skip: 0, take: 20 }),
      );
    });
    renderPage(
      [
        {
          path: "/",
          element: (
            <AddSongModal
              opened
              onClose={() => {}}
              sectionTitle="Entrance"
              existingSongIds={new Set()}
              onAdd={() => {}}
            />
          ),
        },
      ],
      "/",
    );
    await waitFor(() => expect(titles()).toEqual(["Amazing Morning", "Zion Road"]));
    expect(screen.queryByTestId("add-song-for-section")).toBeNull();
  });

  it("knows a song for the section by the tag search or by any glossary name of its tags", () => {
    const { favoured, others } = sectionFirst([amazing, bread, zion], "comunion", new Set([VERSION_ID]));
    expect(favoured.map((entry) => entry.title)).toEqual(["Bread of the Morning", "Zion Road"]);
    expect(others.map((entry) => entry.title)).toEqual(["Amazing Morning"]);
  });
});

describe("each time the dialog opens", () => {
  const COMMUNION_ID = "55555555-5555-4555-8555-555555555555";
  const communionTag = {
    tagId: "77777777-7777-4777-8777-777777777777",
    tagName: "eucharist",
    names: { en: "communion", es: "comunión" },
  };
  const bread = song({ songId: COMMUNION_ID, title: "Bread of the Morning", tags: [communionTag] });
  const vision = song({ songId: VERSION_ID, title: "Be Thou My Vision", tags: [] });

  /** The dialog of one section, opened and closed as a page does between two adds. */
  function Reopening() {
    const [opened, setOpened] = useState(true);
    return (
      <>
        <button type="button" onClick={() => setOpened((now) => !now)}>
          toggle
        </button>
        <AddSongModal
          opened={opened}
          onClose={() => setOpened(false)}
          sectionTitle="Communion"
          existingSongIds={new Set()}
          onAdd={() => {}}
        />
      </>
    );
  }

  it("starts a fresh search with the section's suggestions first, not the last search", async () => {
    const terms: (string | null)[] = [];
    fetchMock.mockImplementation(async (input: string) => {
      const url = new URL(input, "http://test.invalid");
      const tagged = url.searchParams.getAll("tags").length > 0;
      const term = url.searchParams.get("searchTerm");
      if (!tagged) terms.push(term);
      const songs = tagged
        ? [bread]
        : term
          ? [vision].filter((s) => s.title.toLowerCase().includes(term))
          : [bread, vision];
      return new Response(
        JSON.stringify({ songs, totalCount: songs.length, hasMore: false, skip: 0, take: 20 }),
      );
    });
    renderPage([{ path: "/", element: <Reopening /> }], "/");
    await screen.findByTestId("add-song-for-section");
    fireEvent.change(screen.getByTestId("add-song-search"), { target: { value: "lord god" } });
    await waitFor(() => expect(terms).toContain("lord god"), { timeout: 2000 });

    // Closed after an add and opened again for the next song.
    fireEvent.click(screen.getByRole("button", { name: "toggle" }));
    await waitFor(() => expect(screen.queryByTestId("add-song-search")).toBeNull());
    fireEvent.click(screen.getByRole("button", { name: "toggle" }));
    const field = (await screen.findByTestId("add-song-search")) as HTMLInputElement;
    expect(field.value).toBe("");
    await waitFor(() => expect(screen.getByTestId("add-song-for-section")).toBeTruthy());
    expect(screen.getAllByTestId("add-song-result")[0]?.dataset.songId).toBe(COMMUNION_ID);

    // What is typed now is a search of its own.
    fireEvent.change(field, { target: { value: "vision" } });
    await waitFor(() => expect(terms.at(-1)).toBe("vision"), { timeout: 2000 });
    expect(terms).not.toContain("lord godvision");
  });
});

describe("adding a song", () => {
  /** The modal on a page whose add succeeds (the song joins the playlist a moment later) or fails. */
  function Harness({ succeeds, closed }: { succeeds: boolean; closed: string[] }) {
    const [existing, setExisting] = useState<Set<string>>(new Set());
    return (
      <AddSongModal
        opened
        onClose={() => closed.push("closed")}
        sectionTitle="Entrance"
        existingSongIds={existing}
        onAdd={(added) => {
          if (succeeds) setTimeout(() => setExisting(new Set([added.songId])), 50);
        }}
      />
    );
  }

  for (const succeeds of [true, false]) {
    it(succeeds ? "closes once the song is in the playlist" : "stays open when the add fails", async () => {
      fetchMock.mockImplementation(
        async () =>
          new Response(
            JSON.stringify({ songs: [original], totalCount: 1, hasMore: false, skip: 0, take: 20 }),
          ),
      );
      const closed: string[] = [];
      renderPage([{ path: "/", element: <Harness succeeds={succeeds} closed={closed} /> }], "/");
      const buttons = await screen.findAllByTestId("add-song-add");
      fireEvent.click(buttons[0]!);
      expect(closed).toEqual([]);
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(closed).toEqual(succeeds ? ["closed"] : []);
    });
  }
});
