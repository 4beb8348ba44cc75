import { afterEach, describe, expect, it } from "vitest";
import type { NewMarking } from "./api";
import { flushPending, keepPending, type PendingChange, readPending, withPending } from "./pending-markings";

const choirId = "7a1b1f8e-8f27-4c4b-9d0e-1f3e7b9c2a10";
const scoreId = "2b6c0e4f-1d3a-4b5c-8e9f-0a1b2c3d4e5f";
const marking = (id: string, page = 1): NewMarking => ({
  id,
  choirId,
  scope: "private",
  page,
  kind: "text",
  data: { x: 0.5, y: 0.5, text: "breathe" },
});
const save = (id: string, page = 1): PendingChange => ({ kind: "save", scoreId, marking: marking(id, page) });

afterEach(() => window.localStorage.clear());

describe("markings kept while offline", () => {
  it("keeps the last change of each marking, in the order drawn", () => {
    keepPending(save("a"));
    keepPending(save("b"));
    keepPending(save("a", 2));
    expect(readPending().map((c) => (c.kind === "save" ? [c.marking.id, c.marking.page] : null))).toEqual([
      ["b", 1],
      ["a", 2],
    ]);
  });

  it("forgets a marking drawn and deleted while offline, and keeps the deletion of one the server has", () => {
    keepPending(save("a"));
    keepPending({ kind: "delete", scoreId, markingId: "a", choirId });
    expect(readPending()).toEqual([]);
    keepPending({ kind: "delete", scoreId, markingId: "server-one", choirId });
    expect(readPending()).toHaveLength(1);
  });

  it("shows waiting saves as the reader's own and hides waiting deletions", () => {
    keepPending(save("new"));
    keepPending({ kind: "delete", scoreId, markingId: "old", choirId });
    const server = [
      {
        id: "old",
        scope: "choir",
        part: null,
        page: 1,
        kind: "text",
        data: { x: 0.1, y: 0.1, text: "f", size: 0.02, color: "red" },
        authorId: "x",
        updatedAt: "2026-12-01T00:00:00.000Z",
      },
    ] as const;
    const shown = withPending(server as never, scoreId, choirId, "me");
    expect(shown.map((m) => [m.id, m.authorId])).toEqual([["new", "me"]]);
  });

  it("sends in order, stops at the first that cannot reach the server, and drops what the server refused for good", async () => {
    keepPending(save("a"));
    keepPending(save("b"));
    keepPending(save("c"));
    const outcomes: Record<string, "sent" | "refused" | "unreachable"> = {
      a: "sent",
      b: "refused",
      c: "unreachable",
    };
    const sent = await flushPending(
      async (change) => outcomes[change.kind === "save" ? change.marking.id : ""]!,
    );
    expect(sent).toBe(1);
    expect(readPending().map((c) => (c.kind === "save" ? c.marking.id : ""))).toEqual(["c"]);
  });
});
