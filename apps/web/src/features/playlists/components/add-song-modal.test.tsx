import type { Song } from "@choir/contract";
import { screen, within } from "@testing-library/react";
import { beforeAll, describe, expect, it } from "vitest";
import { i18n } from "../../../lib/i18n";
import { mockFetchPerTest, renderPage, TEST_CHOIR_ID, TEST_USER_ID } from "../../../test/render-page";
import { AddSongModal } from "./add-song-modal";

beforeAll(() => {
  window.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  } as unknown as typeof ResizeObserver;
});

const fetchMock = mockFetchPerTest();
const ORIGINAL_ID = "33333333-3333-4333-8333-333333333333";
const VERSION_ID = "44444444-4444-4444-8444-444444444444";

const song = (overrides: Partial<Song>): Song => ({
  songId: ORIGINAL_ID,
  title: "Harbour Light",
  artist: "Test Writer",
  content: "{title: Harbour Light}\n[G]Shine on the [C]water",
  audioUrl: null,
  visibility: 1,
  visibleToChoirs: [],
  tags: [],
  creatorId: TEST_USER_ID,
  creatorName: "Ana Directora",
  createdAt: "2025-03-01T10:00:00.000Z",
  updatedAt: "2025-03-01T10:00:00.000Z",
  baseSongId: null,
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
