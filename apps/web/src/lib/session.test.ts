import { QueryClient } from "@tanstack/react-query";
import { afterEach, describe, expect, it, vi } from "vitest";
import { currentUserQuery } from "./session";
import { authToken } from "./storage";

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

  it("forgets the token when the server refuses the request", async () => {
    authToken.set("a-token");
    vi.stubGlobal(
      "fetch",
      vi.fn().mockResolvedValue(
        new Response(
          JSON.stringify({ message: "Server error. Please try again later.", code: "internal_error" }),
          {
            status: 500,
            headers: { "content-type": "application/json" },
          },
        ),
      ),
    );
    expect(await loadUser()).toBeNull();
    expect(authToken.get()).toBeNull();
  });
});
