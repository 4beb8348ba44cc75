import { QueryClient } from "@tanstack/react-query";
import { afterEach, describe, expect, it, vi } from "vitest";
import { setUnauthorizedHandler } from "./api-client";
import { CURRENT_USER_ATTEMPTS, currentUserQuery } from "./session";
import { authToken, redirectAfterAuth } from "./storage";

async function loadUser() {
  const client = new QueryClient();
  return client.fetchQuery({ ...currentUserQuery, staleTime: 0 });
}

describe("the current user query", () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    window.localStorage.clear();
  });

  it("keeps the token when the request never reaches the server (offline, or cut off by a reload)", async () => {
    authToken.set("a-token");
    vi.stubGlobal("fetch", vi.fn().mockRejectedValue(new TypeError("Failed to fetch")));
    expect(await loadUser()).toBeNull();
    expect(authToken.get()).toBe("a-token");
  });

  const singer = {
    id: "3f0c2a51-8d4e-4b7a-9c61-2e5f7a9b0d13",
    email: "ana@example.test",
    name: "Ana Ruiz",
    firstName: "Ana",
    lastName: "Ruiz",
    role: "ChoirMember",
    choirs: [{ id: "8a1d5e62-0b3f-4c9e-8f27-6d4b1c0e9a75", name: "Coro de la Ribera", role: "ChoirMember" }],
    hasCompletedOnboarding: true,
    isNewUser: false,
    choirId: "8a1d5e62-0b3f-4c9e-8f27-6d4b1c0e9a75",
  };
  const json = (body: unknown) =>
    new Response(JSON.stringify(body), { status: 200, headers: { "content-type": "application/json" } });

  it("keeps the person signed in when the network is down, as the server last described them", async () => {
    authToken.set("a-token");
    vi.stubGlobal("fetch", vi.fn().mockResolvedValue(json(singer)));
    expect(await loadUser()).toEqual(singer);

    vi.stubGlobal("fetch", vi.fn().mockRejectedValue(new TypeError("Failed to fetch")));
    // The server described them as an older server did (no voice part): still them, with none.
    expect(await loadUser()).toEqual({
      ...singer,
      choirs: singer.choirs.map((choir) => ({ ...choir, voicePart: null })),
    });
    expect(authToken.get()).toBe("a-token");
  });

  it("remembers nobody for another token, and forgets the person when the server refuses", async () => {
    authToken.set("a-token");
    vi.stubGlobal("fetch", vi.fn().mockResolvedValue(json(singer)));
    await loadUser();

    authToken.set("someone-elses-token");
    vi.stubGlobal("fetch", vi.fn().mockRejectedValue(new TypeError("Failed to fetch")));
    expect(await loadUser()).toBeNull();

    authToken.set("a-token");
    vi.stubGlobal(
      "fetch",
      vi.fn().mockImplementation(async () => answer(401)),
    );
    expect(await loadUser()).toBeNull();
    authToken.set("a-token");
    vi.stubGlobal("fetch", vi.fn().mockRejectedValue(new TypeError("Failed to fetch")));
    expect(await loadUser()).toBeNull();
  });

  const answer = (status: number) =>
    new Response(JSON.stringify({ message: "Something went wrong.", code: "error" }), {
      status,
      headers: { "content-type": "application/json" },
    });

  it("keeps the token when the answer is cut off while it arrives (a reload during the fetch)", async () => {
    authToken.set("a-token");
    const cutOff = new Response(
      new ReadableStream({
        start(controller) {
          controller.enqueue(new TextEncoder().encode('{"id":'));
          controller.error(new TypeError("network error"));
        },
      }),
      { status: 200, headers: { "content-type": "application/json" } },
    );
    vi.stubGlobal("fetch", vi.fn().mockResolvedValue(cutOff));
    expect(await loadUser()).toBeNull();
    expect(authToken.get()).toBe("a-token");
  });

  it("forgets the token when the server refuses the request", async () => {
    authToken.set("a-token");
    const fetch = vi.fn().mockImplementation(async () => answer(403));
    vi.stubGlobal("fetch", fetch);
    expect(await loadUser()).toBeNull();
    expect(authToken.get()).toBeNull();
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it("leaves an ended session (401) to the access rule instead of the app-wide go-home rule", async () => {
    authToken.set("a-stale-token");
    const goHome = vi.fn();
    setUnauthorizedHandler(goHome);
    vi.stubGlobal(
      "fetch",
      vi.fn().mockImplementation(async () => answer(401)),
    );
    window.history.replaceState(null, "", "/invite/abc");
    expect(await loadUser()).toBeNull();
    expect(authToken.get()).toBeNull();
    expect(goHome).not.toHaveBeenCalled();
    expect(redirectAfterAuth.get()).toBeNull();
  });

  it("asks a busy server again before giving up, and signs out only when it keeps failing", async () => {
    vi.useFakeTimers();
    try {
      authToken.set("a-token");
      const fetch = vi.fn().mockImplementation(async () => answer(503));
      vi.stubGlobal("fetch", fetch);
      const user = loadUser();
      await vi.runAllTimersAsync();
      expect(await user).toBeNull();
      expect(fetch).toHaveBeenCalledTimes(CURRENT_USER_ATTEMPTS);
      expect(authToken.get()).toBeNull();
    } finally {
      vi.useRealTimers();
    }
  });

  it("keeps the person signed in when a retry succeeds", async () => {
    vi.useFakeTimers();
    try {
      authToken.set("a-token");
      const me = { id: "u1", email: "a@example.org", firstName: "Ana", lastName: "Ruiz" };
      const fetch = vi
        .fn()
        .mockImplementationOnce(async () => answer(429))
        .mockImplementationOnce(async () => answer(500))
        .mockImplementation(async () => Response.json(me));
      vi.stubGlobal("fetch", fetch);
      const user = loadUser();
      await vi.runAllTimersAsync();
      expect(await user).toMatchObject({ id: "u1" });
      expect(authToken.get()).toBe("a-token");
    } finally {
      vi.useRealTimers();
    }
  });
});
