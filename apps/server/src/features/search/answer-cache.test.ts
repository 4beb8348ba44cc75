import { describe, expect, it } from "vitest";
import { SearchCache } from "./answer-cache.js";

describe("SearchCache", () => {
  it("gives an answer back while the generation stands", () => {
    const cache = new SearchCache<string>(1_000);
    cache.set("a", 3, "answer", 10);
    expect(cache.get("a", 3)).toBe("answer");
    expect(cache.get("b", 3)).toBeUndefined();
    expect([cache.hits, cache.misses]).toEqual([1, 1]);
  });

  it("forgets every answer when a newer generation is seen", () => {
    const cache = new SearchCache<string>(1_000);
    cache.set("a", 3, "old", 10);
    cache.set("b", 3, "old too", 10);
    expect(cache.get("a", 4)).toBeUndefined();
    expect(cache.size).toBe(0);
    expect(cache.bytes).toBe(0);
    // An older generation seen late (a slow search) neither answers nor brings the old answers back.
    expect(cache.get("b", 3)).toBeUndefined();
  });

  it("drops an answer computed before a newer generation was seen", () => {
    const cache = new SearchCache<string>(1_000);
    expect(cache.get("a", 5)).toBeUndefined();
    cache.set("a", 4, "computed at 4", 10);
    expect(cache.get("a", 5)).toBeUndefined();
    cache.set("a", 6, "computed at 6", 10);
    expect(cache.get("a", 6)).toBe("computed at 6");
  });

  it("stays within its bytes, letting the least recently used answer go first", () => {
    const cache = new SearchCache<string>(100);
    cache.set("a", 1, "a", 40);
    cache.set("b", 1, "b", 40);
    expect(cache.get("a", 1)).toBe("a");
    cache.set("c", 1, "c", 40);
    expect(cache.get("b", 1)).toBeUndefined();
    expect(cache.get("a", 1)).toBe("a");
    expect(cache.get("c", 1)).toBe("c");
    expect(cache.bytes).toBe(80);
    cache.set("a", 1, "a again", 50);
    expect(cache.bytes).toBe(90);
    cache.set("huge", 1, "too big", 101);
    expect(cache.get("huge", 1)).toBeUndefined();
    expect(cache.size).toBe(2);
  });

  it("keeps nothing with no bytes", () => {
    const cache = new SearchCache<string>(0);
    expect(cache.enabled).toBe(false);
    cache.set("a", 1, "a", 1);
    expect(cache.get("a", 1)).toBeUndefined();
  });
});
