import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, renderHook } from "@testing-library/react";
import type { ReactNode } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { authToken } from "../../lib/storage";
import { useCreateTemplate } from "./mutations";

const CHOIR = "0b6e4c1a-8a1f-4f55-9a53-0c9c3c1f2b10";

function wrapper({ children }: { children: ReactNode }) {
  const client = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });

afterEach(() => {
  vi.unstubAllGlobals();
  authToken.clear();
});

describe("useCreateTemplate", () => {
  it("refreshes the token first and creates the template with the new one", async () => {
    authToken.set("old-token");
    const calls: { url: string; authorization: string | null }[] = [];
    vi.stubGlobal(
      "fetch",
      vi.fn(async (url: string, init: RequestInit) => {
        calls.push({ url, authorization: new Headers(init.headers).get("Authorization") });
        if (url === "/api/auth/refresh-token") return json(200, { token: "new-token" });
        return json(201, {
          id: "7d1f0c1e-1111-4111-8111-111111111111",
          title: "Youth Mass",
          displayTitle: "Youth Mass",
          description: null,
          choirId: CHOIR,
          isDefault: false,
          isGlobal: false,
          sections: [],
        });
      }),
    );
    const { result } = renderHook(() => useCreateTemplate(), { wrapper });
    await act(() =>
      result.current.mutateAsync({ title: "Youth Mass", choirId: CHOIR, sections: ["Gathering"] }),
    );
    expect(calls).toEqual([
      { url: "/api/auth/refresh-token", authorization: "Bearer old-token" },
      { url: "/api/playlist-templates", authorization: "Bearer new-token" },
    ]);
    expect(authToken.get()).toBe("new-token");
  });

  it("creates nothing when the refresh fails, with the server's message", async () => {
    authToken.set("old-token");
    const fetch = vi.fn(async (_url: string, _init?: RequestInit) =>
      json(500, { message: "Session store unavailable", code: "error" }),
    );
    vi.stubGlobal("fetch", fetch);
    const { result } = renderHook(() => useCreateTemplate(), { wrapper });
    await expect(
      act(() => result.current.mutateAsync({ title: "Youth Mass", choirId: CHOIR, sections: ["Gathering"] })),
    ).rejects.toThrow("Session store unavailable");
    expect(fetch.mock.calls.map(([url]) => url)).toEqual(["/api/auth/refresh-token"]);
  });
});
