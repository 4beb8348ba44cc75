import type { PlaylistEntry, PlaylistSection } from "@choir/contract";
import { screen, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { mockFetchPerTest, renderPage, TEST_CHOIR_ID } from "../../../test/render-page";
import { ScreenEntry } from "./screen-entry";

const HYMN = "22222222-2222-4222-8222-222222222222";
const VERSION = "33333333-3333-4333-8333-333333333333";

/** An entry of a library hymn written in Bb, whose choir sings it in D (its version's key), without a key of its own. */
function hymnEntry(fields: Partial<PlaylistEntry> = {}): PlaylistEntry {
  return {
    id: "44444444-4444-4444-8444-444444444444",
    songId: HYMN,
    order: 0,
    key: null,
    note: null,
    originalId: HYMN,
    choirVersionId: VERSION,
    choirKey: "D",
    song: { songId: HYMN, title: "Be Still My Soul", artist: null, key: "Bb", duration: null },
    ...fields,
  };
}

function renderEntry(entry: PlaylistEntry, editor: boolean) {
  const section: PlaylistSection = {
    id: "55555555-5555-4555-8555-555555555555",
    title: "Communion",
    order: 0,
    songs: [entry],
  };
  const actions = {
    onKeyChange: vi.fn(),
    onRemove: vi.fn(),
    onEditNote: vi.fn(),
    onSwitchVersion: vi.fn(),
  };
  renderPage(
    [
      {
        path: "*",
        element: (
          <ul>
            <ScreenEntry
              entry={entry}
              section={section}
              number={1}
              choirId={TEST_CHOIR_ID}
              actions={editor ? actions : undefined}
            />
          </ul>
        ),
      },
    ],
    "/",
  );
}

describe("a playlist entry's key", () => {
  mockFetchPerTest();

  it("shows a reader the choir's key when the entry has none of its own, and opens the song in it", () => {
    renderEntry(hymnEntry(), false);
    expect(screen.getByTestId("entry-key").textContent).toBe("D");
    expect(screen.getByTestId("entry-song-link").getAttribute("href")).toBe(
      `/songs/${HYMN}?choirId=${TEST_CHOIR_ID}&key=D`,
    );
  });

  it("shows a reader the entry's own key before the choir's, and no key for a song sung as written", () => {
    renderEntry(hymnEntry({ key: "E" }), false);
    expect(screen.getByTestId("entry-key").textContent).toBe("E");
  });

  it("says nothing of the key to a reader when neither the entry nor the choir set one", () => {
    renderEntry(hymnEntry({ choirKey: null, choirVersionId: null }), false);
    expect(screen.queryByTestId("entry-key")).toBeNull();
    expect(screen.getByTestId("entry-song-link").getAttribute("href")).toBe(
      `/songs/${HYMN}?choirId=${TEST_CHOIR_ID}`,
    );
  });

  it("offers an editor the choir's key as the default, named as the choir's", () => {
    renderEntry(hymnEntry(), true);
    const picker = screen.getByTestId("entry-key-select");
    expect((picker as HTMLInputElement).value).toBe("D (choir)");
  });

  it("offers an editor the song's own key as the default when the choir has none", () => {
    renderEntry(hymnEntry({ choirKey: null, choirVersionId: null }), true);
    expect(
      (within(screen.getByRole("listitem")).getByTestId("entry-key-select") as HTMLInputElement).value,
    ).toBe("Bb (orig.)");
  });
});
