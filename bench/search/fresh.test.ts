import { SongSearchQuery } from "@choir/contract";
import { describe, expect, it } from "vitest";
import { generateCorpus } from "./corpus.js";
import { freshShapes } from "./fresh.js";

// The distinct search benchmark's promise: no query is sent twice within a run, and each is one the API accepts.

const corpus = generateCorpus({ songs: 20_000, users: 300, choirs: 12, tags: 200, artists: 50 });

/** The query's parameters as the API reads them (a repeated parameter as a list). */
function parsed(query: URLSearchParams) {
  const raw: Record<string, string | string[]> = {};
  for (const [key, value] of query) {
    const before = raw[key];
    raw[key] = before === undefined ? value : [...(Array.isArray(before) ? before : [before]), value];
  }
  return SongSearchQuery.safeParse(raw);
}

describe("the distinct search benchmark's queries", () => {
  it("never repeat within a run, across every shape, for more requests than a run sends", () => {
    const shapes = freshShapes(corpus);
    const seen = new Set<string>();
    // A run sends each shape for 2 s of warm-up and two 10 s measurements; at 1,000 answers a second that is 22,000.
    for (const shape of shapes) {
      for (let n = 0; n < 22_000; n++) {
        const key = shape.next().toString();
        if (seen.has(key)) expect.fail(`${shape.label} sent ${key} twice`);
        seen.add(key);
      }
    }
    expect(seen.size).toBe(5 * 22_000);
  }, 60_000);

  it("are queries the API accepts, every shape asking what it says it asks", () => {
    const shapes = freshShapes(corpus, 7);
    for (const shape of shapes) {
      for (let n = 0; n < 500; n++) {
        const query = shape.next();
        const result = parsed(query);
        expect(result.success, `${shape.label}: ${query}`).toBe(true);
        if (shape.label.startsWith("(d)")) expect(query.getAll("tags").length).toBeGreaterThan(0);
        if (shape.label.startsWith("(e)"))
          expect(query.get("searchTerm") && query.getAll("tags").length).toBeTruthy();
      }
    }
  });

  it("stop with an error rather than repeat once a shape has nothing new to ask", () => {
    const tiny = { ...corpus, rareWords: ["ab"] };
    const rare = freshShapes(tiny).find((shape) => shape.label.startsWith("(b)"))!;
    rare.next();
    expect(() => rare.next()).toThrow(/exhausted/);
  });
});
