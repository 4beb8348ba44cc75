import { MantineProvider } from "@mantine/core";
import { act, cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { i18n } from "../lib/i18n";
import { cacheStatusStore } from "../lib/offline/cache-status";
import { PlaylistOfflineStatus } from "./offline-status";

const worker = vi.hoisted(() => ({ answers: [] as boolean[] }));

vi.mock("../lib/offline/service-worker", () => ({
  // Each request to keep a playlist is answered in turn: false while no worker is ready, true once one is.
  postToWorker: vi.fn(async () => worker.answers.shift() ?? true),
  useServiceWorkerActive: () => true,
}));

beforeEach(async () => {
  cacheStatusStore.forget();
  worker.answers = [];
  await i18n.changeLanguage("en");
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe("the playlist's offline block", () => {
  it("never says 'saving' beside 'none kept yet', whether the saving started on opening or from the button", async () => {
    // Opening the playlist: no worker is ready yet, so nothing is being saved and none is kept.
    worker.answers = [false];
    await act(async () => {
      render(
        <MantineProvider>
          <PlaylistOfflineStatus playlistId="p1" />
        </MantineProvider>,
      );
    });
    expect(screen.queryByTestId("offline-keeping-badge")).toBeNull();
    expect(screen.getByTestId("compact-offline-status").textContent).toBe("No playlists kept offline yet");

    // The button: the block says it is saving, and no longer that none is kept.
    await act(async () => {
      fireEvent.click(screen.getByTestId("keep-offline-button"));
    });
    expect(screen.getByTestId("offline-keeping-badge").textContent).toBe("Saving for offline use…");
    expect(screen.queryByTestId("compact-offline-status")).toBeNull();

    // The worker reports it kept: available offline, one kept.
    act(() => cacheStatusStore.recordCached({ playlistId: "p1", songCount: 3, timestamp: Date.now() + 1 }));
    expect(screen.queryByTestId("offline-keeping-badge")).toBeNull();
    expect(screen.getByTestId("offline-ready-badge").textContent).toBe("Available offline · 3 songs");
    expect(screen.getByTestId("compact-offline-status").textContent).toBe("1 playlist kept offline");
    expect(screen.getByTestId("keep-offline-button").textContent).toBe("Refresh offline copy");
  });
});
