import { act, renderHook } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import {
  COPY_FEEDBACK_MS,
  canUseSystemShare,
  partScores,
  pdfUrl,
  shareUrl,
  useCopyFeedback,
} from "./share-links";

const PLAYLIST = "3f0c1f9e-5b1a-4d7e-9a51-0c3f0a6b2d11";

describe("share addresses", () => {
  it("is the site origin plus /share/{playlistId}", () => {
    expect(shareUrl("https://choir.example", PLAYLIST)).toBe(`https://choir.example/share/${PLAYLIST}`);
    expect(shareUrl("http://127.0.0.1:5173/", PLAYLIST)).toBe(`http://127.0.0.1:5173/share/${PLAYLIST}`);
  });

  it("points the PDF at the playlist's public PDF route", () => {
    expect(pdfUrl(PLAYLIST, "es")).toBe(`/api/playlists/${PLAYLIST}/pdf?lang=es`);
    expect(pdfUrl(PLAYLIST, "en")).toBe(`/api/playlists/${PLAYLIST}/pdf?lang=en`);
  });

  it("asks for the reader's part's scores, a named part's or every one", () => {
    expect(pdfUrl(PLAYLIST, "en", "part")).toBe(`/api/playlists/${PLAYLIST}/pdf?lang=en&scores=part`);
    expect(pdfUrl(PLAYLIST, "en", "all")).toBe(`/api/playlists/${PLAYLIST}/pdf?lang=en&scores=all`);
    expect(pdfUrl(PLAYLIST, "en", partScores("Alto"))).toBe(
      `/api/playlists/${PLAYLIST}/pdf?lang=en&scores=part&part=Alto`,
    );
    // A part of the choir's own, named as its members wrote it.
    expect(pdfUrl(PLAYLIST, "es", partScores("Tiples & niños"))).toBe(
      `/api/playlists/${PLAYLIST}/pdf?lang=es&scores=part&part=Tiples%20%26%20ni%C3%B1os`,
    );
  });

  it("offers the system share sheet only on phones that have one", () => {
    const share = () => Promise.resolve();
    expect(canUseSystemShare({ share }, true)).toBe(true);
    expect(canUseSystemShare({ share }, false)).toBe(false);
    expect(canUseSystemShare({}, true)).toBe(false);
  });
});

describe("useCopyFeedback", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it("reads 'copied' for exactly 2 seconds after a copy", async () => {
    const copy = vi.fn(() => Promise.resolve());
    const { result } = renderHook(() => useCopyFeedback(copy));
    await act(() => result.current.copy("https://x/share/1"));
    expect(copy).toHaveBeenCalledWith("https://x/share/1");
    expect(result.current.state).toBe("copied");
    act(() => vi.advanceTimersByTime(COPY_FEEDBACK_MS - 1));
    expect(result.current.state).toBe("copied");
    act(() => vi.advanceTimersByTime(1));
    expect(result.current.state).toBe("idle");
  });

  it("a second copy starts the 2 seconds again", async () => {
    const { result } = renderHook(() => useCopyFeedback(() => Promise.resolve()));
    await act(() => result.current.copy("a"));
    act(() => vi.advanceTimersByTime(1500));
    await act(() => result.current.copy("a"));
    act(() => vi.advanceTimersByTime(1500));
    expect(result.current.state).toBe("copied");
    act(() => vi.advanceTimersByTime(500));
    expect(result.current.state).toBe("idle");
  });

  it("reports a failed copy, also for 2 seconds", async () => {
    const { result } = renderHook(() => useCopyFeedback(() => Promise.reject(new Error("denied"))));
    await act(() => result.current.copy("a"));
    expect(result.current.state).toBe("failed");
    act(() => vi.advanceTimersByTime(COPY_FEEDBACK_MS));
    expect(result.current.state).toBe("idle");
  });
});
