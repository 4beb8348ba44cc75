import { deflateRawSync } from "node:zlib";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { inflateEntry } from "./archive.js";
import { ImportFileError } from "./problems.js";

/** Bytes people's zips hold: text with repeats (so that it compresses), sometimes any bytes at all. */
const entryBytes = fc.oneof(
  fc
    .string({ unit: "grapheme", maxLength: 3_000 })
    .map((text) => new Uint8Array(Buffer.from(text.repeat(3)))),
  fc.uint8Array({ maxLength: 20_000 }),
);

function codeOf(run: () => unknown): string | undefined {
  try {
    run();
    return undefined;
  } catch (error) {
    if (error instanceof ImportFileError) return error.code;
    throw error;
  }
}

describe("a zip entry's inflation (inflateEntry, fflate's, in the worker threads)", () => {
  it("gives back what Node's zlib deflated, at the size the directory declares", () => {
    fc.assert(
      fc.property(entryBytes, fc.integer({ min: 0, max: 9 }), (bytes, level) => {
        const compressed = new Uint8Array(deflateRawSync(bytes, { level }));
        expect(Buffer.from(inflateEntry(compressed, bytes.length)).equals(Buffer.from(bytes))).toBe(true);
      }),
      { numRuns: 150 },
    );
  });

  it("calls an entry unreadable when its bytes come to more or fewer than declared, or are not deflate", () => {
    fc.assert(
      fc.property(entryBytes, fc.integer({ min: 1, max: 5_000 }), (bytes, off) => {
        const compressed = new Uint8Array(deflateRawSync(bytes));
        expect(codeOf(() => inflateEntry(compressed, bytes.length + off))).toBe("zip_entry_unreadable");
        if (bytes.length > 0) {
          expect(codeOf(() => inflateEntry(compressed, Math.max(0, bytes.length - off)))).toBe(
            "zip_entry_unreadable",
          );
        }
      }),
      { numRuns: 100 },
    );
  });

  it("answers any bytes at all with the declared size's bytes or an unreadable entry, never another error", () => {
    fc.assert(
      fc.property(
        fc.uint8Array({ maxLength: 5_000 }),
        fc.integer({ min: 0, max: 100_000 }),
        (bytes, size) => {
          const code = codeOf(() => {
            const out = inflateEntry(bytes, size);
            expect(out.length).toBe(size);
          });
          expect([undefined, "zip_entry_unreadable"]).toContain(code);
        },
      ),
      { numRuns: 300 },
    );
  });

  it("calls a bomb unreadable: sixty-four megabytes of zeros whose directory declares a hundred bytes", () => {
    const bomb = new Uint8Array(deflateRawSync(new Uint8Array(64 * 1024 * 1024)));
    expect(codeOf(() => inflateEntry(bomb, 100))).toBe("zip_entry_unreadable");
  });
});
