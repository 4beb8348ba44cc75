import { PAGING_LIMITS } from "@choir/contract";
import { afterEach, describe, expect, it, vi } from "vitest";
import { fetchAllPages } from "./paging";

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("fetchAllPages", () => {
  it("reads bounded pages one after another until a short one, each item once", async () => {
    const items = Array.from({ length: PAGING_LIMITS.takeMax * 2 + 7 }, (_, index) => index);
    const asked: URL[] = [];
    vi.stubGlobal(
      "fetch",
      vi.fn(async (url: string) => {
        const address = new URL(url, "http://localhost");
        asked.push(address);
        const skip = Number(address.searchParams.get("skip"));
        const take = Number(address.searchParams.get("take"));
        return new Response(JSON.stringify(items.slice(skip, skip + take)), { status: 200 });
      }),
    );
    expect(await fetchAllPages<number>("/choirs/c/playlist-templates")).toEqual(items);
    expect(asked.map((url) => url.searchParams.get("skip"))).toEqual(["0", "100", "200"]);
    expect(asked.every((url) => Number(url.searchParams.get("take")) === PAGING_LIMITS.takeMax)).toBe(true);
    expect(asked[0]!.pathname).toBe("/api/choirs/c/playlist-templates");
  });

  it("adds the paging to a path that already has a query", async () => {
    const fetchMock = vi.fn(async () => new Response("[]", { status: 200 }));
    vi.stubGlobal("fetch", fetchMock);
    expect(await fetchAllPages("/invitations?status=Pending")).toEqual([]);
    expect(String((fetchMock.mock.calls[0] as unknown as [string])[0])).toBe(
      `/api/invitations?status=Pending&skip=0&take=${PAGING_LIMITS.takeMax}`,
    );
  });
});
