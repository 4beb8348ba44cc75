import { describe, expect, it } from "vitest";
import { KeptFiles } from "./songbook-renderer.js";

const file = (bytes: number) => Buffer.alloc(bytes);

describe("kept songbook files", () => {
  it("stays within its byte budget, letting the least recently used go first", () => {
    const kept = new KeptFiles(100);
    kept.set("a", file(40));
    kept.set("b", file(40));
    expect(kept.get("a")).toBeDefined(); // "a" is now the most recently used
    kept.set("c", file(40));
    expect(kept.size).toBeLessThanOrEqual(100);
    expect(kept.get("b")).toBeUndefined();
    expect(kept.get("a")?.length).toBe(40);
    expect(kept.get("c")?.length).toBe(40);
  });

  it("keeps nothing larger than the budget, and nothing at all with a budget of 0", () => {
    const kept = new KeptFiles(100);
    kept.set("big", file(101));
    expect(kept.get("big")).toBeUndefined();
    expect(kept.size).toBe(0);
    const none = new KeptFiles(0);
    none.set("a", file(1));
    expect(none.get("a")).toBeUndefined();
  });
});
