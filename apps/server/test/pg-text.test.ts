import { sql } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  compareLexemes,
  type HeadEntry,
  matchesWordSimilarity,
  trigramKeys,
  tsRankOr,
  WORD_SIMILARITY_THRESHOLD,
  wordSimilarity,
} from "../src/features/search/pg-text.js";
import { createTestApp, type TestContext } from "./helpers.js";

/**
 * The in-memory search computes pg_trgm's word similarity and ts_rank itself (pg-text.ts): every value must be the
 * float4 the database computes, compared exactly (read as text of a float8, so nothing is rounded on the way).
 */

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestApp();
});

afterAll(async () => {
  await ctx.close();
});

async function query<T>(statement: ReturnType<typeof sql>): Promise<T[]> {
  const result = await ctx.app.db.execute(statement);
  return (result as unknown as { rows: T[] }).rows;
}

/** A seed per run, printed with any difference so it can be replayed. */
const seed = Date.now() ^ (Math.random() * 0x7fffffff);

const sample = <T>(arbitrary: fc.Arbitrary<T>, numRuns: number) => fc.sample(arbitrary, { numRuns, seed });

// ---------------------------------------------------------------------------------------------------------------
// Text generators
// ---------------------------------------------------------------------------------------------------------------

/** A small alphabet, so random texts share trigrams: ASCII, accented, Greek, Cyrillic and CJK letters, digits. */
const LETTERS = [..."abcenorstlAZNE", ..."ñéüßÑÉÜ", ..."ωσλΣΩ", ..."жяДЯ", ..."歌中文", ..."07"];
const SEPARATORS = [" ", " ", "  ", "-", ",", ".", "'", "!", "&", "(", ")", "🎵"];

const randomText = (maxLength: number) =>
  fc
    .array(fc.oneof({ weight: 3, arbitrary: fc.constantFrom(...LETTERS) }, fc.constantFrom(...SEPARATORS)), {
      maxLength,
    })
    .map((chars) => chars.join(""));

/** Words of song titles, artists and tags, folded as the search folds them (lower-cased, unaccented). */
const SONG_WORDS = [
  "amazing",
  "grace",
  "how",
  "sweet",
  "the",
  "sound",
  "ave",
  "maria",
  "halleluja",
  "hallelujah",
  "stille",
  "nacht",
  "heilige",
  "o",
  "du",
  "frohliche",
  "manana",
  "cancion",
  "de",
  "la",
  "noche",
  "ode",
  "an",
  "die",
  "freude",
  "beethoven",
  "mozart",
  "bach",
  "js",
  "2",
  "psalm",
  "23",
  "kyrie",
  "eleison",
  "gloria",
  "in",
  "excelsis",
  "deo",
  "we",
  "shall",
  "overcome",
  "gospel",
  "christmas",
  "a",
  "i",
  "ρ",
  "песня",
  "歌",
];

const words = (minLength: number, maxLength: number) =>
  fc.array(fc.constantFrom(...SONG_WORDS), { minLength, maxLength });

/** A likely typo of a word: a letter left out, doubled, replaced or swapped with the next. */
const typoOf = (word: string) =>
  fc
    .tuple(fc.nat(), fc.constantFrom("drop", "double", "replace", "swap"), fc.constantFrom(..."aeiounrstñé"))
    .map(([at, kind, letter]) => {
      const chars = [...word];
      const i = at % chars.length;
      if (kind === "drop" && chars.length > 1) chars.splice(i, 1);
      else if (kind === "double") chars.splice(i, 0, chars[i]!);
      else if (kind === "replace") chars[i] = letter;
      else if (i + 1 < chars.length) [chars[i], chars[i + 1]] = [chars[i + 1]!, chars[i]!];
      return chars.join("");
    });

/** A title and one of its words as typed with a typo, or a whole-title search with a typo in one word. */
const titleAndTypo: fc.Arbitrary<[string, string]> = words(1, 7).chain((title) =>
  fc.tuple(fc.nat(), fc.boolean()).chain(([at, whole]) => {
    const i = at % title.length;
    return typoOf(title[i]!).map((typo): [string, string] => {
      const haystack = title.join(" ");
      if (!whole) return [typo, haystack];
      const typed = [...title];
      typed[i] = typo;
      return [typed.join(" "), haystack];
    });
  }),
);

// ---------------------------------------------------------------------------------------------------------------
// word_similarity
// ---------------------------------------------------------------------------------------------------------------

interface SimilarityRow {
  similarity: string;
  needle_in: boolean;
  haystack_has: boolean;
}

/** The database's `word_similarity(needle, haystack)`, `needle <% haystack` and `haystack %> needle` per pair. */
async function databaseSimilarities(pairs: readonly (readonly [string, string])[]) {
  const needles = pairs.map(([needle]) => needle);
  const haystacks = pairs.map(([, haystack]) => haystack);
  return query<SimilarityRow>(sql`select word_similarity(t.a, t.b)::float8::text as similarity,
      t.a <% t.b as needle_in, t.b %> t.a as haystack_has
    from unnest(${sql.param(needles)}::text[], ${sql.param(haystacks)}::text[]) with ordinality as t(a, b, n)
    order by t.n`);
}

/** Compares every pair with the database; answers the differences (none expected). */
async function similarityDifferences(pairs: readonly (readonly [string, string])[]) {
  const rows = await databaseSimilarities(pairs);
  expect(rows).toHaveLength(pairs.length);
  const differences: unknown[] = [];
  pairs.forEach(([needle, haystack], i) => {
    const row = rows[i]!;
    const expected = Number(row.similarity);
    const actual = wordSimilarity(needle, haystack);
    const matches = matchesWordSimilarity(needle, haystack);
    if (actual !== expected || matches !== row.needle_in || matches !== row.haystack_has)
      differences.push({ needle, haystack, expected, actual, matches, database: row.needle_in });
  });
  return differences;
}

describe("wordSimilarity", () => {
  it("the search's threshold is the database's", async () => {
    const [row] = await query<{ threshold: string }>(
      sql`select current_setting('pg_trgm.word_similarity_threshold') as threshold`,
    );
    expect(Number(row!.threshold)).toBe(WORD_SIMILARITY_THRESHOLD);
  });

  it("trigramKeys gives the trigrams show_trgm lists", async () => {
    const texts = [
      "",
      "a",
      "Amazing Grace",
      "ñandú Ωμέγα ß 漢字 ǅ",
      "héy 7ar İstanbul ΟΔΟΣ",
      "हिन्दी गीत",
      ...sample(randomText(30), 300),
    ];
    const rows = await query<{ trigrams: string[] }>(sql`select show_trgm(t.s) as trigrams
      from unnest(${sql.param(texts)}::text[]) with ordinality as t(s, n) order by t.n`);
    // show_trgm prints a trigram of letters, digits and spaces as is, any other as the hex of its three bytes.
    const shown = (key: string) =>
      /^[A-Za-z0-9 ]{3}$/.test(key)
        ? key
        : `0x${((key.charCodeAt(0) << 16) | (key.charCodeAt(1) << 8) | key.charCodeAt(2)).toString(16).padStart(6, "0")}`;
    texts.forEach((text, i) => {
      const ours = [...new Set(trigramKeys(text).map(shown))].sort();
      expect(ours, JSON.stringify(text)).toEqual([...rows[i]!.trigrams].sort());
    });
  });

  it("equals the database on hand-written cases", async () => {
    const pairs: [string, string][] = [
      ["", ""],
      ["", "amazing grace"],
      ["grace", ""],
      [" ", " "],
      ["!?", "!? ..."],
      ["a", "a"],
      ["a", "ab"],
      ["ab", "a"],
      ["a", "b a c"],
      ["i", "i i i i"],
      ["word", "word"],
      ["word", "a word here"],
      ["wrod", "a word here"],
      ["amazing grace", "amazing grace how sweet the sound"],
      ["grace amazing", "amazing grace"],
      ["mañna", "mañana"],
      ["manana", "cancion de la manana"],
      ["halleluja", "hallelujah hallelujah hallelujah"],
      ["la la", "la la la la la la"],
      ["abcabc", "abc abcabc abc"],
      ["psalm 23", "psalm 23 the lord is my shepherd"],
      ["2", "2 be or not 2 be"],
      ["ΟΔΟΣ", "οδοσ οδος"],
      ["İstanbul", "istanbul"],
      ["STRASSE", "straße"],
      ["песня", "Песня о Родине"],
      ["歌", "中文歌 歌曲"],
      ["हिन्दी", "हिन्दी गीत"],
      ["½", "½ ² ①"],
      ["ǅemal", "ǆemal"],
      // A hashed trigram of "héy" has the three bytes of the trigram "7ar": the database counts them as one.
      ["7ar", "héy"],
      ["Kabankala", "Kabankala, Kabankal, Kabanka"],
      ["a b c d e f", "f e d c b a"],
      // The best run starts later than the first shared trigram, and an equally similar later start is not taken.
      ["aab", "ababaabab "],
      ["bb baab", "baba ababbaabababcab"],
    ];
    expect(await similarityDifferences(pairs)).toEqual([]);
    expect(wordSimilarity("7ar", "héy")).toBe(0.25);
  });

  it("equals the database on random texts", async () => {
    // Half the haystacks hold the needle with one character changed, between random texts.
    const around = fc
      .tuple(randomText(12), randomText(15), randomText(15), fc.nat(), fc.constantFrom(...LETTERS, ""))
      .map(([needle, before, after, at, letter]): [string, string] => {
        const chars = [...needle];
        chars.splice(at % (chars.length + 1), 1, letter);
        return [needle, `${before} ${chars.join("")}${after}`];
      });
    const pairs = sample(fc.oneof(fc.tuple(randomText(12), randomText(40)), around), 3000);
    const differences = await similarityDifferences(pairs);
    expect(differences, `seed ${seed}`).toEqual([]);
  });

  it("equals the database on repetitive texts of few letters", async () => {
    const fewLetters = (maxLength: number) =>
      fc
        .array(fc.constantFrom("a", "b", "c", " ", "ab", "ba"), { minLength: 1, maxLength })
        .map((p) => p.join(""));
    const pairs = sample(fc.tuple(fewLetters(6), fewLetters(16)), 3000);
    const differences = await similarityDifferences(pairs);
    expect(differences, `seed ${seed}`).toEqual([]);
  });

  it("equals the database on song titles and typos of their words", async () => {
    const pairs = sample(titleAndTypo, 2000);
    const differences = await similarityDifferences(pairs);
    expect(differences, `seed ${seed}`).toEqual([]);
  });

  it("matchesWordSimilarity takes another threshold as the database's setting does", async () => {
    const pairs = sample(titleAndTypo, 300);
    const needles = pairs.map(([needle]) => needle);
    const haystacks = pairs.map(([, haystack]) => haystack);
    for (const threshold of [0.3, 0.5, 0.6]) {
      // The setting for one transaction only, so the other tests keep the search's.
      const rows = await ctx.app.db.transaction(async (tx) => {
        await tx.execute(
          sql`select set_config('pg_trgm.word_similarity_threshold', ${String(threshold)}, true)`,
        );
        const result = await tx.execute(sql`select t.a <% t.b as matches
          from unnest(${sql.param(needles)}::text[], ${sql.param(haystacks)}::text[]) with ordinality as t(a, b, n) order by t.n`);
        return (result as unknown as { rows: { matches: boolean }[] }).rows;
      });
      pairs.forEach(([needle, haystack], i) => {
        expect(
          matchesWordSimilarity(needle, haystack, threshold),
          `${needle} / ${haystack} at ${threshold}`,
        ).toBe(rows[i]!.matches);
      });
    }
  });
});

// ---------------------------------------------------------------------------------------------------------------
// ts_rank
// ---------------------------------------------------------------------------------------------------------------

interface RankCase {
  title: string;
  artist: string;
  tags: string;
  operands: string[];
  /** Whether the title's lexemes lose their positions (strip), as a vector without positions has them. */
  strip?: boolean;
}

interface RankRow {
  rank: string;
  query: string;
  entries: { l: string; p: number[] | null; w: HeadEntry["weights"] | null }[] | null;
}

/** The prefix operands of a tsquery's text ('word':* | 'other':*), in order, repeated ones kept. */
const operandsOf = (queryText: string) =>
  [...queryText.matchAll(/'((?:[^']|'')*)':\*/g)].map((match) => match[1]!.replaceAll("''", "'"));

/**
 * Builds each case's vector as the search does (title A, artist B, tags C) and its OR of prefixes, and compares
 * ts_rank with tsRankOr over the vector as unnest gives it; answers the differences (none expected).
 */
async function rankDifferences(cases: readonly RankCase[]) {
  const titles = cases.map((c) => c.title);
  const artists = cases.map((c) => c.artist);
  const tags = cases.map((c) => c.tags);
  const queries = cases.map((c) => c.operands.map((operand) => `${operand}:*`).join(" | "));
  const strips = cases.map((c) => c.strip === true);
  const rows = await query<RankRow>(sql`with c as (
      select t.n, to_tsquery('simple', t.q) as q,
        (case when t.s then strip(setweight(to_tsvector('simple', t.ti), 'A'))
          else setweight(to_tsvector('simple', t.ti), 'A') end)
        || setweight(to_tsvector('simple', t.ar), 'B') || setweight(to_tsvector('simple', t.tg), 'C') as v
      from unnest(${sql.param(titles)}::text[], ${sql.param(artists)}::text[], ${sql.param(tags)}::text[], ${sql.param(queries)}::text[], ${sql.param(strips)}::boolean[])
        with ordinality as t(ti, ar, tg, q, s, n))
    select ts_rank(c.v, c.q)::float8::text as rank, c.q::text as query,
      (select json_agg(json_build_object('l', e.lexeme, 'p', e.positions, 'w', e.weights) order by e.k)
        from unnest(c.v) with ordinality as e(lexeme, positions, weights, k)) as entries
    from c order by c.n`);
  expect(rows).toHaveLength(cases.length);
  const differences: unknown[] = [];
  cases.forEach((c, i) => {
    const row = rows[i]!;
    // The operands as the database parsed them: the generated ones, unchanged, or the case is not what it means.
    expect(operandsOf(row.query), row.query).toEqual(c.operands);
    const entries: HeadEntry[] = (row.entries ?? []).map((e) => ({
      lexeme: e.l,
      positions: e.p ?? [],
      weights: e.w ?? [],
    }));
    const expected = Number(row.rank);
    const actual = tsRankOr(entries, c.operands);
    if (actual !== expected) differences.push({ ...c, expected, actual });
  });
  return differences;
}

/** Lower-case letters and digits a search word is made of, and a word of them. */
const WORD_LETTERS = [..."abcelnorst", ..."ñéüß", ..."ωσλ", ..."жя", ..."歌中", ..."07"];
const randomWord = fc
  .array(fc.constantFrom(...WORD_LETTERS), { minLength: 1, maxLength: 5 })
  .map((w) => w.join(""));

/** A text of random words, some repeated, between separators. */
const wordText = fc
  .array(fc.tuple(randomWord, fc.constantFrom(" ", " ", ", ", "-", " & ", "!")), { maxLength: 8 })
  .map((parts) => parts.map(([word, separator]) => word + separator).join(""));

/** The start of a word of the texts, lower-cased, or a random word. */
const operandFor = (texts: string[]) => {
  const known = texts.flatMap((text) => text.split(/[^\p{L}\p{N}]+/u)).filter((w) => w.length > 0);
  const prefix =
    known.length === 0
      ? randomWord
      : fc
          .tuple(fc.constantFrom(...known), fc.nat())
          .map(([word, n]) => [...word].slice(0, 1 + (n % [...word].length)).join(""))
          .map((word) => [...word].map((ch) => ch.toLowerCase()).join(""));
  // A digit before an e reads as a number in scientific notation (0e7), which splits the word in a query.
  return fc.oneof({ weight: 4, arbitrary: prefix }, randomWord).filter((word) => !/[0-9]e/.test(word));
};

const rankCase = (text: fc.Arbitrary<string>): fc.Arbitrary<RankCase> =>
  fc
    .tuple(text, text, text, fc.boolean(), fc.nat(9))
    .chain(([title, artist, tags, strip, stripRoll]) =>
      fc
        .array(operandFor([title, artist, tags]), { minLength: 1, maxLength: 4 })
        .map((operands) => ({ title, artist, tags, operands, strip: strip && stripRoll === 0 })),
    );

describe("tsRankOr", () => {
  it("equals ts_rank on hand-written cases", async () => {
    const many = Array.from({ length: 300 }, () => "la").join(" ");
    const cases: RankCase[] = [
      { title: "", artist: "", tags: "", operands: ["a"] },
      { title: "a", artist: "", tags: "", operands: ["a"] },
      { title: "a", artist: "", tags: "", operands: ["b"] },
      { title: "a b c", artist: "a", tags: "a", operands: ["a"] },
      { title: "amazing grace", artist: "john newton", tags: "hymn gospel", operands: ["gra"] },
      { title: "amazing grace", artist: "john newton", tags: "hymn gospel", operands: ["amazing", "grace"] },
      { title: "amazing grace", artist: "john newton", tags: "grace", operands: ["grace", "g"] },
      { title: "la la la la", artist: "", tags: "", operands: ["la"] },
      { title: "la la la la", artist: "la", tags: "la la", operands: ["la", "la"] },
      { title: "gloria", artist: "vivaldi", tags: "gloria", operands: ["gloria"] },
      { title: "gloria in excelsis", artist: "", tags: "gloria christmas", operands: ["g", "gl", "glo"] },
      { title: "ab abc abcd", artist: "abcde", tags: "a", operands: ["a", "ab", "abc"] },
      { title: many, artist: "la", tags: many, operands: ["la"] },
      { title: `${many} ${many} ${many}`, artist: "", tags: "", operands: ["l", "x"] },
      { title: "stille nacht", artist: "gruber", tags: "christmas", operands: ["nacht"], strip: true },
      { title: "stille nacht stille", artist: "stille", tags: "", operands: ["s", "st"], strip: true },
      { title: "canción de la mañana", artist: "", tags: "", operands: ["mañ", "can", "de"] },
      { title: "ω ωσ σω", artist: "песня", tags: "歌", operands: ["ω", "п", "歌", "σ"] },
      { title: "zz yy xx", artist: "", tags: "", operands: ["zz", "xx", "yy", "ww"] },
    ];
    expect(await rankDifferences(cases)).toEqual([]);
  });

  it("equals ts_rank on random titles, artists, tags and prefixes", async () => {
    const differences = await rankDifferences(sample(rankCase(wordText), 2000));
    expect(differences, `seed ${seed}`).toEqual([]);
  });

  it("equals ts_rank on song words", async () => {
    const songText = words(0, 8).map((w) => w.join(" "));
    const differences = await rankDifferences(sample(rankCase(songText), 1000));
    expect(differences, `seed ${seed}`).toEqual([]);
  });

  it("orders operands as the database sorts text byte-wise", () => {
    const sorted = ["b", "a", "ab", "\u{1F3B5}", "\uFFFD", "é", "z", "a"].sort(compareLexemes);
    expect(sorted).toEqual(["a", "a", "ab", "b", "z", "é", "\uFFFD", "\u{1F3B5}"]);
  });
});
