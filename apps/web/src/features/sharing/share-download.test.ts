import { act, renderHook } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { authToken } from "../../lib/storage";
import {
  COMPLETED_DELAY_MS,
  PREPARING_MS,
  shareFileName,
  sharePdfUrl,
  useShareDownload,
} from "./share-download";

beforeEach(() => {
  vi.useFakeTimers();
  authToken.clear();
});
afterEach(() => {
  vi.useRealTimers();
});

/** Lets pending promise callbacks run without moving the clock. */
async function flush() {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(0);
  });
}

describe("share page download", () => {
  it("prepares for 0.8 s, downloads playlist-{id}.pdf, and reads completed 1.5 s later", async () => {
    const blob = new Blob(["%PDF"], { type: "application/pdf" });
    const fetchPdf = vi.fn(async () => new Response(blob, { status: 200 }));
    const save = vi.fn();
    const { result } = renderHook(() => useShareDownload("p-1", "es", { fetchPdf, save }));

    expect(result.current.state).toEqual({ phase: "preparing" });
    await act(async () => {
      await vi.advanceTimersByTimeAsync(PREPARING_MS - 1);
    });
    expect(result.current.state.phase).toBe("preparing");
    expect(fetchPdf).not.toHaveBeenCalled();

    await act(async () => {
      await vi.advanceTimersByTimeAsync(1);
    });
    expect(fetchPdf).toHaveBeenCalledWith("/api/playlists/p-1/pdf?download=1&lang=es");
    await flush();
    expect(save).toHaveBeenCalledTimes(1);
    expect(save.mock.calls[0]?.[1]).toBe("playlist-p-1.pdf");
    expect(result.current.state.phase).toBe("downloading");

    await act(async () => {
      await vi.advanceTimersByTimeAsync(COMPLETED_DELAY_MS - 1);
    });
    expect(result.current.state.phase).toBe("downloading");
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1);
    });
    expect(result.current.state).toEqual({ phase: "completed", fileName: "playlist-p-1.pdf" });
  });

  it("without a playlist id shows the no-playlist-id error and fetches nothing", async () => {
    const fetchPdf = vi.fn();
    const { result } = renderHook(() => useShareDownload(undefined, "en", { fetchPdf }));
    await act(async () => {
      await vi.advanceTimersByTimeAsync(5000);
    });
    expect(result.current.state).toEqual({ phase: "error", error: "noPlaylistId" });
    expect(fetchPdf).not.toHaveBeenCalled();
  });

  it("tells a missing playlist from a refused download and from no connection", async () => {
    authToken.set("member-token");
    const cases: Array<[() => Promise<Response>, string]> = [
      [async () => new Response("{}", { status: 404 }), "notFound"],
      [async () => new Response("{}", { status: 500 }), "failedToDownload"],
      [
        async () => {
          throw new TypeError("Failed to fetch");
        },
        "downloadError",
      ],
    ];
    for (const [fetchPdf, error] of cases) {
      const save = vi.fn();
      const { result, unmount } = renderHook(() => useShareDownload("p", "en", { fetchPdf, save }));
      await act(async () => {
        await vi.advanceTimersByTimeAsync(PREPARING_MS + COMPLETED_DELAY_MS);
      });
      expect(result.current.state).toEqual({ phase: "error", error });
      expect(save).not.toHaveBeenCalled();
      unmount();
    }
  });

  it("sends the signed-in reader's token, so a member downloads the choir's private playlist", async () => {
    authToken.set("member-token");
    const fetchMock = vi.fn(async () => new Response("%PDF", { status: 200 }));
    vi.stubGlobal("fetch", fetchMock);
    try {
      const { result } = renderHook(() => useShareDownload("p", "en", { save: vi.fn() }));
      await act(async () => {
        await vi.advanceTimersByTimeAsync(PREPARING_MS + COMPLETED_DELAY_MS);
      });
      expect(result.current.state.phase).toBe("completed");
      const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
      expect(url).toBe("/api/playlists/p/pdf?download=1&lang=en");
      expect(new Headers(init.headers).get("Authorization")).toBe("Bearer member-token");
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it("asks a signed-out visitor to sign in when the link answers 404: the playlist may be private", async () => {
    const fetchMock = vi.fn(async () => new Response("{}", { status: 404 }));
    vi.stubGlobal("fetch", fetchMock);
    try {
      const { result } = renderHook(() => useShareDownload("p", "en", { save: vi.fn() }));
      await act(async () => {
        await vi.advanceTimersByTimeAsync(PREPARING_MS + COMPLETED_DELAY_MS);
      });
      expect(result.current.state).toEqual({ phase: "error", error: "signInRequired" });
      const [, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit | undefined];
      expect(new Headers(init?.headers).has("Authorization")).toBe(false);
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it("tells a signed-in reader the playlist is not there for them; an ended session asks to sign in again", async () => {
    authToken.set("outsider-token");
    const outsider = renderHook(() =>
      useShareDownload("p", "en", { fetchPdf: async () => new Response("{}", { status: 404 }) }),
    );
    await act(async () => {
      await vi.advanceTimersByTimeAsync(PREPARING_MS);
    });
    await flush();
    expect(outsider.result.current.state).toEqual({ phase: "error", error: "notFound" });
    outsider.unmount();

    const ended = renderHook(() =>
      useShareDownload("p", "en", { fetchPdf: async () => new Response("{}", { status: 401 }) }),
    );
    await act(async () => {
      await vi.advanceTimersByTimeAsync(PREPARING_MS);
    });
    await flush();
    expect(ended.result.current.state).toEqual({ phase: "error", error: "signInRequired" });
    expect(authToken.get()).toBeNull();
  });

  it("retries from preparing after an error", async () => {
    let calls = 0;
    const fetchPdf = vi.fn(async () => {
      calls += 1;
      return calls === 1 ? new Response("", { status: 503 }) : new Response("%PDF", { status: 200 });
    });
    const { result } = renderHook(() => useShareDownload("p", "en", { fetchPdf, save: vi.fn() }));
    await act(async () => {
      await vi.advanceTimersByTimeAsync(PREPARING_MS);
    });
    await flush();
    expect(result.current.state.phase).toBe("error");
    act(() => result.current.retry());
    expect(result.current.state.phase).toBe("preparing");
    await act(async () => {
      await vi.advanceTimersByTimeAsync(PREPARING_MS + COMPLETED_DELAY_MS);
    });
    expect(result.current.state.phase).toBe("completed");
  });

  it("names the address after the playlist, and the file as the server does", () => {
    expect(sharePdfUrl("a b", "en")).toBe("/api/playlists/a%20b/pdf?download=1&lang=en");
    const named = (value: string | null) =>
      shareFileName(new Response("", { headers: value ? { "Content-Disposition": value } : {} }), "abc");
    expect(
      named(
        `attachment; filename="misa-de-la-manana-2026-12-08.pdf"; filename*=UTF-8''misa-de-la-ma%C3%B1ana-2026-12-08.pdf`,
      ),
    ).toBe("misa-de-la-mañana-2026-12-08.pdf");
    expect(named(`attachment; filename="sunday-mass-2026-12-07.pdf"`)).toBe("sunday-mass-2026-12-07.pdf");
    // Nothing usable: the playlist's id names it.
    expect(named(null)).toBe("playlist-abc.pdf");
    expect(named(`attachment; filename*=UTF-8''..%2F..%2Fetc%2Fpasswd`)).toBe("..-..-etc-passwd");
    expect(named(`attachment; filename*=UTF-8''%E0%A4%A`)).toBe("playlist-abc.pdf");
  });

  it("saves the file under the name the server gives it", async () => {
    const save = vi.fn();
    const disposition = `attachment; filename="sunday-mass-2026-12-07.pdf"; filename*=UTF-8''sunday-mass-2026-12-07.pdf`;
    const fetchPdf = async () =>
      new Response("%PDF", { status: 200, headers: { "Content-Disposition": disposition } });
    const { result } = renderHook(() => useShareDownload("p", "en", { fetchPdf, save }));
    await act(async () => {
      await vi.advanceTimersByTimeAsync(PREPARING_MS + COMPLETED_DELAY_MS);
    });
    expect(save).toHaveBeenCalledTimes(1);
    expect(save.mock.calls[0]?.[1]).toBe("sunday-mass-2026-12-07.pdf");
    expect(result.current.state).toEqual({ phase: "completed", fileName: "sunday-mass-2026-12-07.pdf" });
  });
});
