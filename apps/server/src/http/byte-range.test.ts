import { describe, expect, it } from "vitest";
import { namesTag, parseRange } from "./byte-range.js";

describe("byte ranges", () => {
  it("reads the three single-range forms against the file's size", () => {
    expect(parseRange("bytes=0-99", 1000)).toEqual({ kind: "partial", start: 0, end: 99 });
    expect(parseRange("bytes=500-", 1000)).toEqual({ kind: "partial", start: 500, end: 999 });
    expect(parseRange("bytes=-100", 1000)).toEqual({ kind: "partial", start: 900, end: 999 });
    expect(parseRange("Bytes=10-10", 1000)).toEqual({ kind: "partial", start: 10, end: 10 });
  });

  it("cuts an end past the file, takes a long suffix as the whole file, refuses a start past the end", () => {
    expect(parseRange("bytes=990-5000", 1000)).toEqual({ kind: "partial", start: 990, end: 999 });
    expect(parseRange("bytes=-5000", 1000)).toEqual({ kind: "partial", start: 0, end: 999 });
    expect(parseRange("bytes=1000-", 1000)).toEqual({ kind: "unsatisfiable" });
    expect(parseRange("bytes=1000-1001", 1000)).toEqual({ kind: "unsatisfiable" });
    expect(parseRange("bytes=-0", 1000)).toEqual({ kind: "unsatisfiable" });
    expect(parseRange("bytes=0-", 0)).toEqual({ kind: "unsatisfiable" });
  });

  it("answers the whole file to anything else", () => {
    for (const header of [
      undefined,
      "",
      "bytes=",
      "bytes=-",
      "bytes=5-2",
      "bytes=0-1,4-5",
      "lines=1-2",
      "bytes=a-b",
    ]) {
      expect(parseRange(header, 1000), String(header)).toEqual({ kind: "full" });
    }
  });

  it("matches entity tags as If-None-Match names them", () => {
    expect(namesTag('"a"', '"a"')).toBe(true);
    expect(namesTag('W/"a", "b"', '"a"')).toBe(true);
    expect(namesTag("*", '"a"')).toBe(true);
    expect(namesTag('"b"', '"a"')).toBe(false);
    expect(namesTag(undefined, '"a"')).toBe(false);
  });
});
