/** What to answer a `Range` header with, for a file of a known size. */
export type RangeAnswer =
  | { kind: "full" }
  | { kind: "partial"; start: number; end: number }
  | { kind: "unsatisfiable" };

const SPEC = /^bytes=(\d{0,15})-(\d{0,15})$/i;

/**
 * Reads a single byte range (`bytes=a-b`, `bytes=a-`, `bytes=-n`) against a file of `size` bytes (RFC 9110, 14.1.2):
 * an end past the file is cut to its last byte, a suffix longer than the file is the whole file, a start past the
 * end (or an empty suffix) cannot be satisfied (416). Anything else, several ranges or a malformed header alike, is
 * ignored and the whole file answered, as the RFC allows.
 */
export function parseRange(header: string | undefined, size: number): RangeAnswer {
  const match = header ? SPEC.exec(header.trim()) : null;
  if (!match) return { kind: "full" };
  const [, first = "", last = ""] = match;
  if (first === "" && last === "") return { kind: "full" };
  if (first === "") {
    const length = Number(last);
    if (length === 0 || size === 0) return { kind: "unsatisfiable" };
    return { kind: "partial", start: Math.max(0, size - length), end: size - 1 };
  }
  const start = Number(first);
  const end = last === "" ? size - 1 : Number(last);
  if (last !== "" && end < start) return { kind: "full" };
  if (start >= size) return { kind: "unsatisfiable" };
  return { kind: "partial", start, end: Math.min(end, size - 1) };
}

/** Does a conditional header (If-None-Match, If-Range) name this entity tag? Weak comparison; `*` matches any. */
export function namesTag(header: string | string[] | undefined, tag: string): boolean {
  if (!header) return false;
  const values = (Array.isArray(header) ? header.join(",") : header).split(",").map((value) => value.trim());
  return values.some((value) => value === "*" || value.replace(/^W\//, "") === tag);
}
