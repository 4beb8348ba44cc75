import type { Song } from "@choir/contract";
import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { i18n } from "../../../lib/i18n";
import { renderPage, TEST_CHOIR_ID, testSong } from "../../../test/render-page";
import { SongsLibraryPage } from "../pages/songs-library-page";

vi.mock("../../../lib/toast", () => ({ showError: vi.fn(), showSuccess: vi.fn() }));

beforeAll(() => {
  window.scrollTo = () => {};
  window.IntersectionObserver = class {
    observe() {}
    unobserve() {}
    disconnect() {}
    takeRecords() {
      return [];
    }
  } as unknown as typeof IntersectionObserver;
});

const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, "0")}`;
/** The songs the choir's list shows: what the server has saved so far. */
let saved: Song[] = [];
/** Whether the preview finds the second song already in the library. */
let gatheringTwice = false;
const fetchMock = vi.fn();
const importCalls = () =>
  fetchMock.mock.calls
    .filter(([url]) => new URL(String(url), "http://test.invalid").pathname === "/api/songs/import")
    .map(([, init]) => JSON.parse(String(init?.body)));

beforeEach(async () => {
  await i18n.changeLanguage("en");
  gatheringTwice = false;
  saved = [testSong({ songId: id(1), title: "Already There", content: "{title: Already There}\n[C]la" })];
  fetchMock.mockReset();
  fetchMock.mockImplementation(async (input: string, init?: RequestInit) => {
    const url = new URL(input, "http://test.invalid");
    const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status });
    if (url.pathname === "/api/songs/search") {
      return json({ songs: saved, totalCount: saved.length, hasMore: false, skip: 0, take: 24 });
    }
    if (url.pathname === "/api/tags/suggestions") return json([]);
    if (url.pathname === "/api/songs/import/preview") {
      return json({
        songs: [
          {
            file: "be-still.txt",
            title: "be still",
            artist: null,
            key: "G",
            sections: 1,
            format: "chords-over-words",
          },
          {
            file: "book.cho",
            title: "Gathering",
            artist: "Ana Ruiz",
            key: null,
            sections: 2,
            format: "chordpro",
            ...(gatheringTwice
              ? { duplicateOf: { songId: id(2), title: "Gathering", artist: "Ana Ruiz" } }
              : {}),
          },
        ],
        problems: [],
        digest: "d".repeat(43),
        allowance: null,
      });
    }
    if (url.pathname === "/api/songs/import") {
      const body = JSON.parse(String(init?.body));
      const titles = ["be still", "Gathering"].map((title, index) => body.songs?.[index]?.title ?? title);
      const made = titles.map((title, index) =>
        testSong({ songId: id(10 + index), title, content: `{title: ${title}}`, visibility: 2 }),
      );
      saved = [...saved, ...made];
      return json({
        results: [
          { name: "be-still.txt", songIds: [made[0]!.songId] },
          { name: "book.cho", songIds: body.songs?.[1]?.skip ? [] : [made[1]!.songId] },
        ],
      });
    }
    return json({ message: "not found", code: "not_found" }, 404);
  });
  vi.stubGlobal("fetch", fetchMock);
  Object.defineProperty(window, "innerWidth", { value: 1280, configurable: true });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

async function openPreview(path = `/songs?choirId=${TEST_CHOIR_ID}`) {
  renderPage([{ path: "/songs", element: <SongsLibraryPage /> }], path);
  await waitFor(() => expect(screen.getAllByTestId("song-card")).toHaveLength(1));
  fireEvent.click(screen.getByTestId("songs-import-button"));
  const input = (await screen.findByTestId("songs-import-input")) as HTMLInputElement;
  fireEvent.change(input, {
    target: { files: [new File(["Title: be still\n"], "be-still.txt"), new File(["{ns}"], "book.cho")] },
  });
  fireEvent.click(await screen.findByTestId("songs-import-submit"));
  return screen.findByTestId("songs-import-preview");
}

const rows = () => screen.getAllByTestId("songs-import-song");

describe("a likely duplicate in the preview", () => {
  it("is skipped unless imported anyway; the preview and the import name the choir, and the summary counts it", async () => {
    gatheringTwice = true;
    const preview = await openPreview();
    expect(within(preview).getByTestId("songs-import-duplicates").textContent).toBe(
      "1 song looks like one already in your library: it is skipped unless you import it anyway.",
    );
    const second = rows()[1]!;
    expect(within(second).getByTestId("songs-import-song-duplicate").textContent).toBe(
      "Already in your library: “Gathering” · Ana Ruiz",
    );
    expect(second.dataset.skipped).toBe("true");
    expect(screen.getByTestId("songs-import-confirm").textContent).toBe("Import 1 song");
    fireEvent.click(within(second).getByLabelText("Import anyway"));
    expect(screen.getByTestId("songs-import-confirm").textContent).toBe("Import 2 songs");
    fireEvent.click(within(second).getByLabelText("Import anyway"));
    expect(screen.getByTestId("songs-import-confirm").textContent).toBe("Import 1 song");

    const asked = fetchMock.mock.calls.find(
      ([url]) => new URL(String(url), "http://test.invalid").pathname === "/api/songs/import/preview",
    );
    expect(JSON.parse(String(asked?.[1]?.body)).choirId).toBe(TEST_CHOIR_ID);
    fireEvent.click(screen.getByTestId("songs-import-confirm"));
    await waitFor(() => expect(importCalls()).toHaveLength(1));
    expect(importCalls()[0].songs).toEqual([{}, { skip: true }]);
    const summary = await screen.findByTestId("songs-import-summary");
    expect(summary.textContent).toContain("1 song imported");
    expect(within(summary).getByTestId("songs-import-skipped").textContent).toBe(
      "1 likely duplicate skipped",
    );
  });
});

describe("the import preview", () => {
  it("says the songs will be shared with the choir whose page it was started from, each song changeable", async () => {
    const preview = await openPreview();
    expect(within(preview).getByTestId("songs-import-destination").textContent).toBe(
      "They will be shared with Harbor Voices. You can change that, and correct each song, below.",
    );
    expect(rows().map((row) => within(row).getByTestId("songs-import-song-visibility").textContent)).toEqual([
      "Shared with Harbor Voices",
      "Shared with Harbor Voices",
    ]);
  });

  it("saves each song as corrected in the preview, and the choir's list and count show them at once", async () => {
    await openPreview();
    const first = rows()[0]!;
    fireEvent.click(within(first).getByRole("button", { name: "Edit be still" }));
    fireEvent.change(within(first).getByTestId("songs-import-song-title"), { target: { value: "Be Still" } });
    fireEvent.change(within(first).getByTestId("songs-import-song-artist"), {
      target: { value: "Ana Ruiz" },
    });
    fireEvent.change(within(first).getByTestId("songs-import-song-key"), { target: { value: "A" } });
    fireEvent.click(within(first).getByTestId("songs-import-song-done"));
    expect(within(rows()[0]!).getByTestId("songs-import-song-name").textContent).toBe("Be Still");
    expect(rows()[0]!.textContent).toContain("Ana Ruiz · Key A · 1 section · Chords over words");

    const second = rows()[1]!;
    fireEvent.click(within(second).getByRole("button", { name: "Edit Gathering" }));
    fireEvent.change(within(second).getByTestId("songs-import-song-visibility-select"), {
      target: { value: "0" },
    });
    fireEvent.click(within(second).getByTestId("songs-import-song-done"));
    expect(within(rows()[1]!).getByTestId("songs-import-song-visibility").textContent).toBe("Private");

    fireEvent.click(screen.getByTestId("songs-import-confirm"));
    await screen.findByTestId("songs-import-summary");
    expect(importCalls()).toEqual([
      {
        files: expect.any(Array),
        previewDigest: "d".repeat(43),
        choirId: TEST_CHOIR_ID,
        songs: [{ title: "Be Still", artist: "Ana Ruiz", key: "A" }, { visibility: 0 }],
      },
    ]);
    // The list behind the dialog was read again: the new songs and the count, without a reload.
    await waitFor(() => expect(screen.getByTestId("songs-result-count").textContent).toBe("3 songs"));
    expect(screen.getAllByTestId("song-card").map((card) => card.textContent)).toEqual([
      expect.stringContaining("Already There"),
      expect.stringContaining("Be Still"),
      expect.stringContaining("Gathering"),
    ]);
  });

  it("keeps the import from saving while a song has no title or a key the server would refuse, and says why", async () => {
    await openPreview();
    const first = rows()[0]!;
    fireEvent.click(within(first).getByRole("button", { name: "Edit be still" }));
    fireEvent.change(within(first).getByTestId("songs-import-song-title"), { target: { value: " " } });
    fireEvent.change(within(first).getByTestId("songs-import-song-key"), { target: { value: "H" } });
    expect(first.textContent).toContain("Give the song a title.");
    expect(first.textContent).toContain("Write a key such as G, Bb or F#m.");
    expect((screen.getByTestId("songs-import-confirm") as HTMLButtonElement).disabled).toBe(true);
    expect((within(first).getByTestId("songs-import-song-done") as HTMLButtonElement).disabled).toBe(true);
  });

  it("sends no choices when nothing was changed, and offers no choir outside a choir's page", async () => {
    const preview = await openPreview("/songs");
    expect(within(preview).getByTestId("songs-import-destination").textContent).toContain(
      "They will be private",
    );
    fireEvent.click(within(rows()[0]!).getByRole("button", { name: "Edit be still" }));
    const select = within(rows()[0]!).getByTestId("songs-import-song-visibility-select") as HTMLSelectElement;
    expect([...select.options].map((option) => option.textContent)).toEqual(["Private", "Public to all"]);
    fireEvent.click(within(rows()[0]!).getByTestId("songs-import-song-done"));
    fireEvent.click(screen.getByTestId("songs-import-confirm"));
    await screen.findByTestId("songs-import-summary");
    expect(importCalls()).toEqual([{ files: expect.any(Array), previewDigest: "d".repeat(43) }]);
  });

  it("speaks Spanish", async () => {
    await i18n.changeLanguage("es");
    await openPreview();
    expect(rows()[0]!.textContent).toContain("Compartida con Harbor Voices");
    fireEvent.click(within(rows()[0]!).getByRole("button", { name: "Editar be still" }));
    expect(rows()[0]!.textContent).toContain("Quién puede verla");
  });
});
