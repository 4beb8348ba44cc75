import fc from "fast-check";
import { describe, expect, it, vi } from "vitest";
import {
  type HeadEntry,
  lexemeRankTerm,
  lexemeScore,
  rankOperands,
  rankTermOf,
  tsRankOr,
  tsRankOrSum,
} from "./pg-text.js";
import { compareCodePoints, type IndexQuery, type IndexRow, SongIndex } from "./song-index.js";

const CALLER = "00000000-0000-4000-8000-000000000001";
const OTHER = "00000000-0000-4000-8000-000000000002";
const CHOIR = "00000000-0000-4000-8000-0000000000c1";
const TAG = "00000000-0000-4000-8000-0000000000f1";

function row(n: number, title: string, overrides: Partial<IndexRow> = {}): IndexRow {
  return {
    songId: `00000000-0000-4000-8000-${String(n).padStart(12, "0")}`,
    visibility: 1,
    creatorId: OTHER,
    versionChoirId: null,
    choirIds: null,
    tagIds: n % 3 === 0 ? [TAG] : null,
    titleNorm: title,
    artistNorm: n % 2 === 0 ? "ana" : "",
    createdUs: 1_700_000_000_000_000 + n,
    words: title.split(" "),
    head: title.split(" ").map((lexeme, i) => ({ lexeme, positions: [i + 1], weights: ["A" as const] })),
    ...overrides,
  };
}

const query = (overrides: Partial<IndexQuery>): IndexQuery => ({
  callerId: CALLER,
  callerChoirIds: [],
  words: [],
  termFolded: "",
  tagIdLists: [],
  sortBy: "title",
  ascending: true,
  skip: 0,
  take: 1_000_000,
  ...overrides,
});

describe("the song index", () => {
  it("orders text by code point, as a C collation orders UTF-8", () => {
    fc.assert(
      fc.property(fc.string({ unit: "grapheme" }), fc.string({ unit: "grapheme" }), (a, b) => {
        const bytes = Buffer.compare(Buffer.from(a), Buffer.from(b));
        expect(Math.sign(compareCodePoints(a, b))).toBe(bytes);
      }),
      { numRuns: 2_000 },
    );
    expect(compareCodePoints("\u{1F3B5}", "\uFFFD")).toBeGreaterThan(0);
  });

  it("ranks a head vector from the sum of its matching lexemes' rank terms exactly as ts_rank over its entries does", () => {
    const lexeme = fc.stringMatching(/^[a-cñé]{1,4}$/);
    const entry = fc.record({
      lexeme,
      positions: fc
        .uniqueArray(fc.integer({ min: 1, max: 40 }), { maxLength: 5 })
        .map((p) => p.sort((a, b) => a - b)),
      weights: fc.array(fc.constantFrom("A", "B", "C", "D"), { minLength: 5, maxLength: 5 }),
    });
    fc.assert(
      fc.property(
        fc.uniqueArray(entry, { selector: (e) => e.lexeme, maxLength: 8 }),
        fc.array(lexeme, { minLength: 1, maxLength: 4 }),
        (raw, operands) => {
          const entries: HeadEntry[] = raw
            .map((e) => ({ ...e, weights: e.weights.slice(0, e.positions.length) as HeadEntry["weights"] }))
            .sort((a, b) => compareCodePoints(a.lexeme, b.lexeme));
          // As the index ranks: per operand, the rank terms of the lexemes starting with it, added in float4, each
          // from the score its posting keeps in a Float32Array.
          const sums = new Float32Array(1);
          const kept = new Float32Array(1);
          const distinct = rankOperands(operands);
          for (const operand of distinct)
            for (const e of entries)
              if (e.lexeme.startsWith(operand)) {
                kept[0] = lexemeScore(e.positions.length, (j) => e.weights[j] ?? "D");
                expect(rankTermOf(kept[0]!)).toBe(
                  lexemeRankTerm(e.positions.length, (j) => e.weights[j] ?? "D"),
                );
                sums[0] = sums[0]! + rankTermOf(kept[0]!);
              }
          expect(tsRankOrSum(sums[0]!, distinct.length)).toBe(tsRankOr(entries, operands));
        },
      ),
      { numRuns: 2_000 },
    );
  });

  it("answers the same after many changes (slots reused, compacted) as an index built from the last rows", () => {
    const words = ["alba", "luz", "mar", "sol", "cielo", "gozo", "paz", "río"];
    const titleOf = (n: number, round: number) =>
      `${words[(n * 7 + round) % words.length]} ${words[(n * 3 + round * 5) % words.length]} ${n}`;
    const changed = new SongIndex();
    const count = 6_000;
    // Read as a starting server reads: in bulk, the orders sorted and the postings trimmed at the end.
    changed.put(
      Array.from({ length: count }, (_, n) => row(n, titleOf(n, 0))),
      true,
    );
    changed.sortOrders();
    changed.trim();
    // Every song changed twice, one by one and in bulk, and a tenth removed: dead slots outnumber the living.
    for (let n = 0; n < count; n += 1) changed.put([row(n, titleOf(n, 1))]);
    changed.put(
      Array.from({ length: count }, (_, n) => row(n, titleOf(n, 2), { visibility: n % 5 === 0 ? 0 : 1 })),
    );
    const removed = Array.from({ length: count / 10 }, (_, i) => row(i * 10, "").songId);
    changed.remove(removed);

    const fresh = new SongIndex();
    fresh.put(
      Array.from({ length: count }, (_, n) =>
        row(n, titleOf(n, 2), { visibility: n % 5 === 0 ? 0 : 1 }),
      ).filter((_, n) => n % 10 !== 0),
    );
    expect(changed.size).toBe(fresh.size);
    const asked: IndexQuery[] = [
      query({}),
      query({ ascending: false, skip: 30, take: 50 }),
      query({ sortBy: "artist" }),
      query({ sortBy: "createdAt", ascending: false }),
      query({ tagIdLists: [[TAG]] }),
      query({ words: [{ prefix: "ci", folded: "ci", typos: true }] }),
      query({
        words: [{ prefix: "gozo", folded: "gozo", typos: true }],
        sortBy: "relevance",
        ascending: false,
      }),
      query({
        words: [
          { prefix: "al", folded: "al", typos: true },
          { prefix: "pa", folded: "pa", typos: true },
        ],
        sortBy: "relevance",
      }),
      query({ visibility: 0, callerId: OTHER }),
    ];
    for (const q of asked) expect(changed.search(q), JSON.stringify(q)).toEqual(fresh.search(q));
    expect(changed.search(query({})).total).toBe(count - count / 10 - (count / 5 - count / 10));
  });

  it("finds a word's typos in songs added after the word was asked, and not in songs removed", () => {
    const index = new SongIndex();
    index.put([
      row(1, "corazones del alba"),
      row(2, "luz del mar"),
      row(3, "mar en calma", { visibility: 0 }),
    ]);
    const typo = query({ words: [{ prefix: "corazin", folded: "corazin", typos: true }] });
    const found = () => index.search(typo).songIds.map((id) => Number(id.slice(-12)));
    expect(found()).toEqual([1]);
    // Asked again: the same, from the word's matches kept.
    expect(found()).toEqual([1]);
    index.put([row(4, "corazon alegre"), row(5, "corazon de piedra", { visibility: 0, creatorId: OTHER })]);
    expect(found()).toEqual([4, 1]);
    index.remove([row(1, "").songId]);
    expect(found()).toEqual([4]);
    // Another caller's view of the same word: the private song of theirs is found for them only.
    const theirs = index.search({ ...typo, callerId: OTHER }).songIds.map((id) => Number(id.slice(-12)));
    expect(theirs).toEqual([4, 5]);
    // A new artist holding the word, and a new song of an artist found before: both found, the word kept.
    index.put([
      row(6, "sin titulo", { artistNorm: "corazin ruiz" }),
      row(7, "otra cosa", { artistNorm: "corazin ruiz" }),
    ]);
    expect(found()).toEqual([4, 7, 6]);
    index.put([row(8, "tercera", { artistNorm: "corazin ruiz" })]);
    expect(new Set(found())).toEqual(new Set([4, 6, 7, 8]));
  });

  it("answers a word's typos the same whoever asked it first, with whatever tags", () => {
    const titles = ["corazones", "corazon", "coraz", "luz", "razones"];
    const rows = Array.from({ length: 300 }, (_, n) =>
      row(n, `${titles[n % titles.length]} ${n}`, {
        visibility: n % 4 === 0 ? 0 : 1,
        creatorId: n % 8 === 0 ? CALLER : OTHER,
      }),
    );
    const word = { prefix: "corazin", folded: "corazin", typos: true };
    const asked = [
      query({ words: [word], tagIdLists: [[TAG]] }),
      query({ words: [word] }),
      query({ words: [word], callerId: OTHER }),
      query({ words: [{ prefix: "coraz", folded: "coraz", typos: true }] }),
      query({ words: [word], tagIdLists: [[TAG]], callerId: OTHER, sortBy: "relevance" }),
    ];
    const fresh = (q: IndexQuery) => {
      const built = new SongIndex();
      built.put(rows);
      return built.search(q);
    };
    for (const order of [asked, [...asked].reverse()]) {
      const index = new SongIndex();
      index.put(rows);
      for (const q of order) expect(index.search(q), JSON.stringify(q)).toEqual(fresh(q));
    }
  });

  it("keeps a word asked often while more words than it keeps come and go, and answers the same", () => {
    const index = new SongIndex();
    index.put([row(1, "corazones del alba"), row(2, "luz del mar"), row(3, "mañana de sol")]);
    const compared = vi.spyOn(
      index as unknown as { typoMatchesOf: (folded: string, mask: Uint8Array) => unknown },
      "typoMatchesOf",
    );
    const often = query({ words: [{ prefix: "corazin", folded: "corazin", typos: true }] });
    const answer = index.search(often);
    expect(answer.total).toBe(1);
    // Far more rare words than the index keeps (2,000), the common one asked again every hundred.
    for (let i = 0; i < 4_500; i++) {
      const rare = `quajechen${i}`;
      index.search(query({ words: [{ prefix: rare, folded: rare, typos: true }] }));
      if (i % 100 === 0) expect(index.search(often)).toEqual(answer);
    }
    const ofOften = compared.mock.calls.filter(([folded]) => folded === "corazin").length;
    expect(ofOften).toBe(1);
    // The rare ones were worked out once each, and the first of them is forgotten by now.
    expect(compared.mock.calls.length).toBe(4_501);
    index.search(query({ words: [{ prefix: "quajechen0", folded: "quajechen0", typos: true }] }));
    expect(compared.mock.calls.length).toBe(4_502);
  });

  it("finds a word's typos as an index built afresh does after removals renumber the songs", () => {
    const titles = ["corazones", "corazon", "luz", "coral", "razon"];
    const rows = Array.from({ length: 6_000 }, (_, n) => row(n, `${titles[n % titles.length]} ${n}`));
    const index = new SongIndex();
    index.put(rows);
    const typo = query({ words: [{ prefix: "corazin", folded: "corazin", typos: true }], take: 50 });
    expect(index.search(typo).total).toBeGreaterThan(0);
    // Most songs removed: the dead outnumber the living and the slots are renumbered.
    index.remove(rows.filter((_, n) => n % 7 !== 0).map((song) => song.songId));
    const fresh = new SongIndex();
    fresh.put(rows.filter((_, n) => n % 7 === 0));
    expect(index.search(typo)).toEqual(fresh.search(typo));
  });

  it("shows each caller what they may see: their own, public, shared with their choirs, their choirs' versions", () => {
    const index = new SongIndex();
    index.put([
      row(1, "mine", { visibility: 0, creatorId: CALLER }),
      row(2, "private", { visibility: 0 }),
      row(3, "public"),
      row(4, "shared", { visibility: 2, choirIds: [CHOIR] }),
      row(5, "version", { visibility: 0, versionChoirId: CHOIR }),
    ]);
    const titles = (q: IndexQuery) => index.search(q).songIds.map((id) => Number(id.slice(-12)));
    expect(titles(query({}))).toEqual([1, 3]);
    expect(titles(query({ callerChoirIds: [CHOIR] }))).toEqual([1, 3, 4, 5]);
    expect(titles(query({ callerChoirIds: [CHOIR], choirId: CHOIR }))).toEqual([4, 5]);
    expect(titles(query({ onlyUserCreated: true }))).toEqual([1]);
    expect(titles(query({ userId: OTHER }))).toEqual([3]);
  });
});
