import { afterEach, describe, expect, it, vi } from "vitest";
import { ApiError, apiRequest, NetworkError, OfflineError, parseErrorResponse } from "./api-client";
import { i18n } from "./i18n";

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("apiRequest", () => {
  it("sends the interface language so the server writes e-mails in it", async () => {
    const fetchMock = vi.fn(async () => new Response("[]", { status: 200 }));
    vi.stubGlobal("fetch", fetchMock);
    await i18n.changeLanguage("es");
    await apiRequest("/invitations");
    const init = (fetchMock.mock.calls[0] as unknown as [string, RequestInit])[1];
    expect((init.headers as Record<string, string>)["Accept-Language"]).toBe("es");
    await i18n.changeLanguage("en");
    await apiRequest("/invitations");
    const next = (fetchMock.mock.calls[1] as unknown as [string, RequestInit])[1];
    expect((next.headers as Record<string, string>)["Accept-Language"]).toBe("en");
  });

  it("sends a no-cache call with no-cache headers and past the HTTP cache, and others as usual", async () => {
    const fetchMock = vi.fn(async () => new Response("[]", { status: 200 }));
    vi.stubGlobal("fetch", fetchMock);
    await apiRequest("/songs/search?take=1", { noCache: true });
    await apiRequest("/songs/x");
    const [fresh, usual] = (fetchMock.mock.calls as unknown as [string, RequestInit][]).map(
      ([, init]) => init,
    );
    expect(fresh!.headers).toMatchObject({ "Cache-Control": "no-cache", Pragma: "no-cache" });
    expect(fresh!.cache).toBe("no-store");
    expect(usual!.headers).not.toHaveProperty("Cache-Control");
    expect(usual!.cache).toBeUndefined();
  });

  it("tells a server message from one derived from the status", async () => {
    const withBody = await parseErrorResponse(
      new Response(JSON.stringify({ message: "Nope", code: "forbidden", errors: ["a"] }), { status: 403 }),
    );
    expect(withBody).toBeInstanceOf(ApiError);
    expect(withBody).toMatchObject({ status: 403, message: "Nope", hasBodyMessage: true, errors: ["a"] });
    const without = await parseErrorResponse(new Response("", { status: 502, statusText: "Bad Gateway" }));
    expect(without).toMatchObject({ status: 502, hasBodyMessage: false, statusText: "Bad Gateway" });
  });
});

describe("apiRequest offline", () => {
  function goOffline() {
    vi.spyOn(navigator, "onLine", "get").mockReturnValue(false);
  }
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it("refuses a change while offline with the translated offline message, without sending it", async () => {
    goOffline();
    const fetchMock = vi.fn(async () => new Response("{}", { status: 200 }));
    vi.stubGlobal("fetch", fetchMock);
    await i18n.changeLanguage("en");
    const error = await apiRequest("/songs", { method: "POST", body: {} }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(OfflineError);
    expect(error).toBeInstanceOf(NetworkError);
    expect((error as OfflineError).message).toBe(i18n.t("offline.changesNotSaved"));
    expect((error as OfflineError).message).toMatch(/offline/i);
    expect(fetchMock).not.toHaveBeenCalled();
    await i18n.changeLanguage("es");
    const spanish = await apiRequest("/songs", { method: "DELETE" }).catch((e: unknown) => e);
    expect((spanish as OfflineError).message).toBe(i18n.t("offline.changesNotSaved"));
    expect((spanish as OfflineError).message).not.toBe((error as OfflineError).message);
    await i18n.changeLanguage("en");
  });

  it("lets reads through offline (the cache may answer) and reports a failed one as offline", async () => {
    goOffline();
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => {
        throw new TypeError("Failed to fetch");
      }),
    );
    await expect(apiRequest("/songs/1")).rejects.toBeInstanceOf(OfflineError);
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => new Response('{"id":"1"}', { status: 200 })),
    );
    await expect(apiRequest("/songs/1")).resolves.toEqual({ id: "1" });
  });

  it("a failed call while online stays a network error", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => {
        throw new TypeError("Failed to fetch");
      }),
    );
    const error = await apiRequest("/songs/1").catch((e: unknown) => e);
    expect(error).toBeInstanceOf(NetworkError);
    expect(error).not.toBeInstanceOf(OfflineError);
  });
});
