import { MantineProvider } from "@mantine/core";
import { act, cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { i18n } from "../lib/i18n";
import { cacheStatusStore } from "../lib/offline/cache-status";
import {
  CompactOfflineStatus,
  OfflineReadyBadge,
  OnlineIndicator,
  ServiceWorkerActiveMarker,
} from "./offline-status";

const renderView = (ui: React.ReactElement) => render(<MantineProvider>{ui}</MantineProvider>);

beforeEach(async () => {
  cacheStatusStore.forget();
  await i18n.changeLanguage("en");
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe("offline status components", () => {
  it("shows the offline badge with the song count only once the worker reported the playlist kept", async () => {
    renderView(<OfflineReadyBadge playlistId="p1" />);
    expect(screen.queryByTestId("offline-ready-badge")).toBeNull();
    act(() => cacheStatusStore.recordCached({ playlistId: "p1", songCount: 4, timestamp: Date.now() }));
    expect(screen.getByTestId("offline-ready-badge").textContent).toBe("Available offline · 4 songs");
    act(() => cacheStatusStore.recordCached({ playlistId: "p1", songCount: 1, timestamp: Date.now() }));
    expect(screen.getByTestId("offline-ready-badge").textContent).toBe("Available offline · 1 song");
    await act(() => i18n.changeLanguage("es"));
    expect(screen.getByTestId("offline-ready-badge").textContent).toBe("Disponible sin conexión · 1 canción");
  });

  it("holds the badge's place while the worker keeps the playlist", () => {
    renderView(<OfflineReadyBadge playlistId="p1" isKeeping />);
    expect(screen.getByTestId("offline-keeping-badge").textContent).toBe("Saving for offline use…");
    act(() => cacheStatusStore.recordCached({ playlistId: "p1", songCount: 3, timestamp: Date.now() }));
    expect(screen.queryByTestId("offline-keeping-badge")).toBeNull();
    expect(screen.getByTestId("offline-ready-badge").textContent).toBe("Available offline · 3 songs");
  });

  it("says when the playlist was kept once the pointer comes to the badge", () => {
    renderView(<OfflineReadyBadge playlistId="p1" />);
    act(() =>
      cacheStatusStore.recordCached({ playlistId: "p1", songCount: 2, timestamp: Date.now() - 3 * 3600_000 }),
    );
    const badge = screen.getByTestId("offline-ready-badge");
    expect(badge.getAttribute("title")).toBeNull();
    fireEvent.pointerEnter(badge);
    expect(badge.getAttribute("title")).toBe("Kept on this device 3 hours ago");
  });

  it("counts the playlists kept on this device", () => {
    renderView(<CompactOfflineStatus />);
    expect(screen.getByTestId("compact-offline-status").textContent).toBe("No playlists kept offline yet");
    act(() => {
      cacheStatusStore.recordCached({ playlistId: "a", songCount: 2, timestamp: 1 });
      cacheStatusStore.recordCached({ playlistId: "b", songCount: 3, timestamp: 2 });
    });
    expect(screen.getByTestId("compact-offline-status").textContent).toBe("2 playlists kept offline");
  });

  it("does not say 'none kept yet' while the first playlist is being saved", () => {
    renderView(<CompactOfflineStatus isKeeping />);
    expect(screen.queryByTestId("compact-offline-status")).toBeNull();
    act(() => cacheStatusStore.recordCached({ playlistId: "a", songCount: 2, timestamp: 1 }));
    expect(screen.getByTestId("compact-offline-status").textContent).toBe("1 playlist kept offline");
  });

  it("follows the connection", () => {
    const onLine = vi.spyOn(navigator, "onLine", "get").mockReturnValue(true);
    renderView(<OnlineIndicator />);
    const indicator = screen.getByTestId("online-indicator");
    expect(indicator.dataset.online).toBe("true");
    expect(indicator.textContent).toBe("Online");
    onLine.mockReturnValue(false);
    act(() => {
      window.dispatchEvent(new Event("offline"));
    });
    expect(indicator.dataset.online).toBe("false");
    expect(indicator.textContent).toBe("Offline");
    expect(indicator.getAttribute("aria-label")).toBe("Connection: offline");
  });

  it("marks the service worker only while one controls the page", () => {
    renderView(<ServiceWorkerActiveMarker />);
    expect(screen.queryByTestId("sw-active-marker")).toBeNull();
  });
});
