import type { Song } from "@choir/contract";
import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { mockFetchPerTest, renderPage, TEST_CHOIR_ID, testSong } from "../../../test/render-page";
import { localDay } from "../../songs/history";
import { AddSongModal } from "./add-song-modal";

// The add-song search, opened on a choir's playlist, says when the choir last sang each song.

const fetchMock = mockFetchPerTest();

const song = (n: number, overrides: Partial<Song> = {}): Song =>
  testSong({
    songId: `00000000-0000-4000-8000-${String(n).padStart(12, "0")}`,
    title: `Song ${n}`,
    content: "[G]La la",
    ...overrides,
  });

function renderModal(songs: Song[], choirId?: string) {
  fetchMock.mockImplementation(
    async () =>
      new Response(JSON.stringify({ songs, totalCount: songs.length, hasMore: false, skip: 0, take: 20 })),
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
            choirId={choirId}
          />
        ),
      },
    ],
    "/",
  );
}

const searches = () =>
  fetchMock.mock.calls
    .map(([input]) => new URL(String(input), "http://test.invalid"))
    .filter((url) => url.pathname === "/api/songs/search");

describe("the add-song search on a choir's playlist", () => {
  it("asks for the choir's history and says when each song was last sung, or that it was not", async () => {
    const twoWeeksAgo = localDay(new Date(Date.now() - 14 * 86_400_000));
    renderModal(
      [song(1, { lastSung: twoWeeksAgo, timesSung12m: 2 }), song(2, { lastSung: null, timesSung12m: 0 })],
      TEST_CHOIR_ID,
    );
    const lines = await screen.findAllByTestId("add-song-last-sung");
    expect(lines).toHaveLength(2);
    expect(lines[0]!.textContent).toMatch(/^Last sung \w{3} \d{1,2}, \d{4} \(2 weeks ago\)$/);
    expect(lines[0]!.dataset.lastSung).toBe(twoWeeksAgo);
    expect(lines[1]!.textContent).toBe("Not sung yet");
    expect(searches().every((url) => url.searchParams.get("historyChoirId") === TEST_CHOIR_ID)).toBe(true);
  });

  it("says nothing of history without a choir", async () => {
    renderModal([song(1)]);
    await screen.findAllByTestId("add-song-result");
    expect(screen.queryByTestId("add-song-last-sung")).toBeNull();
    expect(searches().some((url) => url.searchParams.has("historyChoirId"))).toBe(false);
  });
});
