import type { Song } from "@choir/contract";
import { fireEvent, screen, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { mockFetchPerTest, renderPage, TEST_CHOIR_ID, testSong } from "../../../test/render-page";
import { EMPTY_FILTERS, type LibraryFilters } from "../library";
import { LibraryFiltersBar } from "./library-filters";
import { LibrarySongCard } from "./library-song-card";

// The library read for a choir: cards say when the choir last sang each song; the choir's history sorts and filters.

const fetchMock = mockFetchPerTest();

const song = (overrides: Partial<Song> = {}): Song =>
  testSong({
    songId: "33333333-3333-4333-8333-333333333333",
    title: "Amazing Grace",
    content: "[G]Amazing grace",
    ...overrides,
  });

function renderCard(value: Song) {
  renderPage(
    [
      {
        path: "/",
        element: (
          <ul>
            <LibrarySongCard
              song={value}
              href="/songs/x"
              isSelectMode={false}
              isSelected={false}
              onToggleSelected={() => {}}
            />
          </ul>
        ),
      },
    ],
    "/",
  );
}

function renderFilters(filters: LibraryFilters, choirId: string | null) {
  const onChange = vi.fn();
  fetchMock.mockResolvedValue(new Response("[]"));
  renderPage(
    [{ path: "/", element: <LibraryFiltersBar filters={filters} onChange={onChange} choirId={choirId} /> }],
    "/",
  );
  return onChange;
}

describe("a library card read for a choir", () => {
  it("says when the choir last sang the song", () => {
    renderCard(song({ lastSung: "2025-12-07", timesSung12m: 1 }));
    expect(screen.getByTestId("song-card-last-sung").textContent).toBe("Last sung Dec 7, 2025");
  });

  it("says 'not sung yet' for a song the choir never sang", () => {
    renderCard(song({ lastSung: null, timesSung12m: 0 }));
    expect(screen.getByTestId("song-card-last-sung").textContent).toBe("Not sung yet");
  });

  it("says nothing of history when the library is not read for a choir", () => {
    renderCard(song());
    expect(screen.queryByTestId("song-card-last-sung")).toBeNull();
  });
});

describe("the library's filters in a choir", () => {
  it("offer 'not sung in 3, 6 or 12 months' and sorting by last sung", async () => {
    const onChange = renderFilters({ ...EMPTY_FILTERS, choirId: TEST_CHOIR_ID }, TEST_CHOIR_ID);
    const select = screen.getByTestId("songs-not-sung") as HTMLSelectElement;
    expect([...select.options].map((option) => option.textContent)).toEqual([
      "Sung any time",
      "Not sung in 3 months",
      "Not sung in 6 months",
      "Not sung in 12 months",
    ]);
    fireEvent.change(select, { target: { value: "6" } });
    expect(onChange).toHaveBeenCalledWith({ notSung: 6 });
    fireEvent.change(select, { target: { value: "" } });
    expect(onChange).toHaveBeenLastCalledWith({ notSung: null });

    fireEvent.click(screen.getByTestId("songs-sort-menu"));
    const menu = await screen.findByRole("menu");
    fireEvent.click(within(menu).getByTestId("songs-sort-lastSung"));
    expect(onChange).toHaveBeenLastCalledWith({ sort: "lastSung" });
  });

  it("offer neither outside a choir, where a last-sung sort in the address reads as by title", async () => {
    renderFilters({ ...EMPTY_FILTERS, sort: "lastSung" }, null);
    expect(screen.queryByTestId("songs-not-sung")).toBeNull();
    // Without a choir a last-sung sort in the address reads as the default.
    expect(screen.getByTestId("songs-sort-menu").dataset.sort).toBe("title");
    fireEvent.click(screen.getByTestId("songs-sort-menu"));
    await screen.findByRole("menu");
    expect(screen.queryByTestId("songs-sort-lastSung")).toBeNull();
  });
});
