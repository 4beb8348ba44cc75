// @vitest-environment node
import { describe, expect, it } from "vitest";
import {
  clearedFilters,
  EMPTY_FILTERS,
  effectiveDirection,
  effectiveSort,
  hasActiveFilters,
  type LibraryFilters,
  libraryParams,
  parseLibraryParams,
  searchQueryFor,
} from "./library";

// The library read for a choir: each song's history there, sorting by last sung, "not sung in N months".

const CHOIR = "5a4b1a7e-1111-4c3d-9e8f-000000000001";
const filters = (overrides: Partial<LibraryFilters> = {}): LibraryFilters => ({
  ...EMPTY_FILTERS,
  ...overrides,
});

describe("the library's history filters", () => {
  it("keeps 'not sung in' in the address, only for the months offered", () => {
    const state = filters({ choirId: CHOIR, notSung: 6, sort: "lastSung", dir: "asc" });
    const params = libraryParams(state);
    expect(params.get("notSung")).toBe("6");
    expect(parseLibraryParams(params)).toEqual(state);
    expect(parseLibraryParams(new URLSearchParams("notSung=5")).notSung).toBeNull();
    expect(parseLibraryParams(new URLSearchParams("notSung=abc")).notSung).toBeNull();
    expect(libraryParams(filters()).has("notSung")).toBe(false);
  });

  it("counts 'not sung in' as a filter that clearing removes", () => {
    expect(hasActiveFilters(filters({ notSung: 3 }))).toBe(true);
    expect(clearedFilters(filters({ choirId: CHOIR, notSung: 12 }))).toEqual(filters({ choirId: CHOIR }));
  });

  it("sorts by last sung, most recent first by default, only inside a choir", () => {
    expect(effectiveSort({ q: "", sort: "lastSung", choirId: CHOIR })).toBe("lastSung");
    expect(effectiveDirection({ q: "", sort: "lastSung", dir: null, choirId: CHOIR })).toBe("desc");
    expect(effectiveSort({ q: "", sort: "lastSung", choirId: null })).toBe("title");
    expect(effectiveSort({ q: "grace", sort: "lastSung" })).toBe("relevance");
  });

  it("asks for the choir's history inside a choir, its songs or all songs, and never outside one", () => {
    const inChoir = searchQueryFor(filters({ choirId: CHOIR, notSung: 12, sort: "lastSung" }), CHOIR, 24);
    expect(inChoir).toMatchObject({
      choirId: CHOIR,
      notSungMonths: 12,
      sortBy: "lastSung",
      sortDirection: "desc",
    });
    expect(inChoir.historyChoirId).toBeUndefined();

    const everything = searchQueryFor(filters({ choirId: CHOIR, showAll: true, notSung: 3 }), CHOIR, 24);
    expect(everything).toMatchObject({ historyChoirId: CHOIR, notSungMonths: 3 });
    expect(everything.choirId).toBeUndefined();

    // A choir in the address that is not the user's (no context): no history, no history sort or filter.
    const outside = searchQueryFor(filters({ choirId: CHOIR, notSung: 3, sort: "lastSung" }), null, 24);
    expect(outside.historyChoirId).toBeUndefined();
    expect(outside.notSungMonths).toBeUndefined();
    expect(outside.sortBy).toBe("title");
  });
});
