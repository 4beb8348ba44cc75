import type { Song } from "@choir/contract";
import { act, cleanup, fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { i18n } from "../../../lib/i18n";
import { showError } from "../../../lib/toast";
import { directorUser, renderPage, TEST_CHOIR_ID, TEST_USER_ID, testSong } from "../../../test/render-page";
import { songKeys } from "../../songs/api";
import { VersionEditorPage } from "./version-editor-page";

vi.mock("../../../lib/toast", () => ({ showError: vi.fn(), showSuccess: vi.fn() }));

beforeAll(() => {
  window.scrollTo = () => {};
  // The autosizing textarea listens for web fonts, which jsdom does not have.
  if (!("fonts" in document)) {
    Object.defineProperty(document, "fonts", {
      value: { addEventListener: () => {}, removeEventListener: () => {} },
      configurable: true,
    });
  }
});

const choirId = TEST_CHOIR_ID;
const me = TEST_USER_ID;
const someoneElse = "22222222-2222-4222-8222-222222222222";
const baseId = "33333333-3333-4333-8333-333333333333";
const versionId = "44444444-4444-4444-8444-444444444444";

const user = directorUser;

const song = (overrides: Partial<Song>): Song =>
  testSong({
    songId: versionId,
    title: "Lantern Song",
    artist: "Test Writer",
    content: "{title: Lantern Song}\n[G]Light the [C]lantern",
    audioUrl: "https://example.test/lantern.mp3",
    visibility: 2,
    visibleToChoirs: [{ choirId, choirName: "Harbor Voices" }],
    creatorId: me,
    baseSongId: baseId,
    ...overrides,
  });

const base = song({
  songId: baseId,
  baseSongId: null,
  content: "{title: Lantern Song}\n[D]Original [A]words",
});
const fetchMock = vi.fn();

function renderEditor(version: Song, options: { member?: boolean } = {}) {
  return renderPage(
    [
      { path: "/choir/:choirId/song-versions/:songId/edit", element: <VersionEditorPage /> },
      { path: "/choir/:choirId", element: <div data-testid="choir-page" /> },
    ],
    `/choir/${choirId}/song-versions/${version.songId}/edit`,
    {
      user: options.member === false ? { ...user, choirs: [] } : user,
      prepare: (client) => {
        client.setQueryData(songKeys.detail(version.songId), version);
        client.setQueryData(songKeys.detail(baseId), base);
      },
    },
  );
}

const contentInput = () => screen.getByTestId("version-content-input") as HTMLTextAreaElement;
const status = () => screen.getByTestId("version-status");

beforeEach(async () => {
  await i18n.changeLanguage("en");
  fetchMock.mockReset();
  vi.mocked(showError).mockClear();
  vi.stubGlobal("fetch", fetchMock);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("version editor page", () => {
  it("saves with Ctrl+S: the draft with the loaded artist and audio link, then shows the saved time", async () => {
    fetchMock.mockImplementation(async (_url: string, init: RequestInit) => {
      const body = JSON.parse(String(init.body));
      return new Response(JSON.stringify(song(body)), { status: 200 });
    });
    renderEditor(song({}));
    expect(status().dataset.status).toBe("clean");
    fireEvent.change(contentInput(), { target: { value: "[G]New words" } });
    expect(status().dataset.status).toBe("unsaved");
    expect(status().textContent).toContain("Unsaved changes");

    const event = new KeyboardEvent("keydown", { key: "s", ctrlKey: true, cancelable: true, bubbles: true });
    act(() => {
      window.dispatchEvent(event);
    });
    expect(event.defaultPrevented).toBe(true);
    await waitFor(() => expect(status().dataset.status).toBe("saved"));
    expect(status().textContent).toMatch(/Saved at/);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(url).toBe(`/api/songs/${versionId}`);
    expect(init.method).toBe("PUT");
    expect(JSON.parse(String(init.body))).toEqual({
      title: "Lantern Song",
      artist: "Test Writer",
      content: "[G]New words",
      audioUrl: "https://example.test/lantern.mp3",
    });
  });

  it("switches the preview with Ctrl+P", () => {
    renderEditor(song({}));
    const page = screen.getByTestId("version-editor-page");
    expect(page.dataset.mode).toBe("edit");
    act(() => {
      window.dispatchEvent(new KeyboardEvent("keydown", { key: "p", ctrlKey: true, cancelable: true }));
    });
    expect(page.dataset.mode).toBe("preview");
    expect(screen.getByTestId("version-preview")).toBeTruthy();
    expect(screen.queryByTestId("version-content-input")).toBeNull();
    fireEvent.click(screen.getByTestId("version-preview-toggle"));
    expect(page.dataset.mode).toBe("edit");
  });

  it("keeps the changes unsaved and says 'Failed to save song' when the save fails", async () => {
    fetchMock.mockResolvedValue(new Response("", { status: 502 }));
    renderEditor(song({}));
    fireEvent.change(contentInput(), { target: { value: "[G]New words" } });
    fireEvent.click(screen.getByTestId("version-save-button"));
    await waitFor(() => expect(showError).toHaveBeenCalledWith("Failed to save song"));
    expect(status().dataset.status).toBe("unsaved");
    expect(contentInput().value).toBe("[G]New words");
  });

  it("asks before leaving with unsaved changes: stay keeps the draft, leave goes", async () => {
    const router = renderEditor(song({}));
    fireEvent.click(screen.getByTestId("version-autosave-toggle"));
    fireEvent.change(contentInput(), { target: { value: "[G]Not saved yet" } });

    act(() => void router.navigate(`/choir/${choirId}`));
    await screen.findByTestId("leave-confirm-modal");
    fireEvent.click(screen.getByTestId("leave-confirm-stay"));
    await waitFor(() => expect(screen.queryByTestId("leave-confirm-modal")).toBeNull());
    expect(router.state.location.pathname).toBe(`/choir/${choirId}/song-versions/${versionId}/edit`);
    expect(contentInput().value).toBe("[G]Not saved yet");

    act(() => void router.navigate(`/choir/${choirId}`));
    await screen.findByTestId("leave-confirm-modal");
    fireEvent.click(screen.getByTestId("leave-confirm-leave"));
    await screen.findByTestId("choir-page");
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("leaves without asking when nothing is unsaved", async () => {
    const router = renderEditor(song({}));
    act(() => void router.navigate(`/choir/${choirId}`));
    await screen.findByTestId("choir-page");
    expect(screen.queryByTestId("leave-confirm-modal")).toBeNull();
  });

  it("resets to the original after a confirmation, leaving it unsaved", async () => {
    renderEditor(song({}));
    fireEvent.click(screen.getByTestId("version-autosave-toggle"));
    fireEvent.click(screen.getByTestId("version-original-toggle"));
    expect(screen.getByTestId("version-original-content").textContent).toBe(base.content);
    fireEvent.click(screen.getByTestId("version-reset-button"));
    fireEvent.click(await screen.findByTestId("reset-confirm"));
    expect(contentInput().value).toBe(base.content);
    expect(status().dataset.status).toBe("unsaved");
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("transposes the whole version up and down as an unsaved edit, key directive included", () => {
    renderEditor(song({ content: "{title: Lantern Song}\n{key: G}\n[*Softly][G]Light the [C/E]lantern" }));
    fireEvent.click(screen.getByTestId("version-autosave-toggle"));
    fireEvent.click(screen.getByRole("button", { name: "Move every chord up a semitone" }));
    expect(contentInput().value).toBe(
      "{title: Lantern Song}\n{key: Ab}\n[*Softly][Ab]Light the [Db/F]lantern",
    );
    expect(status().dataset.status).toBe("unsaved");
    fireEvent.click(screen.getByRole("button", { name: "Move every chord down a semitone" }));
    fireEvent.click(screen.getByRole("button", { name: "Move every chord down a semitone" }));
    expect(contentInput().value).toBe(
      "{title: Lantern Song}\n{key: F#}\n[*Softly][F#]Light the [B/D#]lantern",
    );
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("shows someone else's version read-only", () => {
    renderEditor(song({ creatorId: someoneElse, creatorName: "Ben Singer" }));
    expect(screen.getByTestId("version-read-only")).toBeTruthy();
    expect(screen.getByTestId("version-editor-page").dataset.mode).toBe("read-only");
    expect(screen.queryByTestId("version-content-input")).toBeNull();
    expect(screen.queryByTestId("version-save-button")).toBeNull();
  });

  it("shows the not-found view to someone outside the choir", () => {
    renderEditor(song({}), { member: false });
    expect(screen.getByTestId("song-versions-not-found")).toBeTruthy();
    expect(screen.queryByTestId("version-editor-page")).toBeNull();
  });
});
