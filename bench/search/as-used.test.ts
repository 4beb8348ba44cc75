import { describe, expect, it } from "vitest";
import { pageMatches, sqlPage } from "./as-used.js";

// The search benchmark checks sampled answers whole against the SQL: a page counts as checked-equal only when its
// total and every song in order are the SQL's, read just before or just after the answer.

const song = (id: string) => ({ id });
const rows = (total: number, ...ids: string[]) =>
  ids.length === 0 ? [[total, 7, null]] : ids.map((id) => [total, 7, song(id)]);

describe("the search benchmark's answer check", () => {
  it("reads the statement's rows as a page: the total and the songs in order", () => {
    expect(sqlPage(rows(40, "a", "b", "c"))).toEqual({ total: 40, ids: ["a", "b", "c"] });
    expect(sqlPage(rows(0))).toEqual({ total: 0, ids: [] });
  });

  it("takes a page equal to the SQL's before or after the answer", () => {
    const before = { total: 3, ids: ["a", "b", "c"] };
    const after = { total: 4, ids: ["n", "a", "b"] };
    expect(pageMatches({ total: 3, ids: ["a", "b", "c"] }, before, after)).toBe(true);
    expect(pageMatches({ total: 4, ids: ["n", "a", "b"] }, before, after)).toBe(true);
  });

  it("flags a page whose order, songs or total differ from both", () => {
    const sql = { total: 3, ids: ["a", "b", "c"] };
    expect(pageMatches({ total: 3, ids: ["b", "a", "c"] }, sql, sql)).toBe(false);
    expect(pageMatches({ total: 3, ids: ["a", "b"] }, sql, sql)).toBe(false);
    expect(pageMatches({ total: 2, ids: ["a", "b", "c"] }, sql, sql)).toBe(false);
    expect(pageMatches({ total: 3, ids: ["a", "b", "x"] }, sql, sql)).toBe(false);
  });
});
