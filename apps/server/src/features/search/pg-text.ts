/**
 * Two PostgreSQL text functions computed in memory exactly as the database computes them, so the in-memory search
 * index finds and ranks songs as the search statement does:
 *
 * - pg_trgm's `word_similarity(needle, haystack)` (PostgreSQL 15–18, the non-strict version) and the `<%` / `%>`
 *   operators built on it;
 * - `ts_rank(vector, query)` with the default weights and no normalization, for a query that is one prefix operand or
 *   an OR of prefix operands (`'word':* | 'other':*`).
 *
 * Both return the float4 the database returns: every step PostgreSQL computes in C `float` is rounded to single
 * precision here (Math.fround), every step it computes in `double` is left in double precision.
 *
 * Words and case follow a database whose LC_CTYPE is C.UTF-8 (glibc), see WORD_CHARS and lowerChar.
 */

/** The threshold of the search's typo match (`pg_trgm.word_similarity_threshold`, a float8 setting). */
export const WORD_SIMILARITY_THRESHOLD = 0.45;

// ---------------------------------------------------------------------------------------------------------------
// Trigrams, as pg_trgm extracts them (generate_trgm_only, make_trigrams, compact_trigram)
// ---------------------------------------------------------------------------------------------------------------

/**
 * A word character, as pg_trgm decides (ISWORDCHR: t_isalpha || t_isdigit, which call glibc's iswalpha/iswdigit
 * under C.UTF-8). glibc's alpha class is Unicode's Alphabetic property plus every decimal digit (Nd), so:
 * letters (L), letter numbers (Nl: Ⅻ), the combining vowel signs and points that are Alphabetic (Devanagari, Hebrew,
 * Arabic marks, U+0345) and the circled letters Ⓐ–ⓩ are word characters; other numbers (No: ², ½, ①) and
 * non-Alphabetic combining marks (U+0301) are not — unlike a plain \p{L}\p{N} test. Where the C library's Unicode
 * tables are older than the JavaScript engine's (characters assigned or given the Alphabetic property in a recent
 * Unicode version, e.g. CJK extension blocks, U+0363–U+036F), this follows the engine, and the database may not
 * count them as word characters. (The embedded database's C library, musl, also counts some unassigned CJK code
 * points as letters.)
 */
const WORD_CHARS = /[\p{Alphabetic}\p{Nd}]+/gu;

/** The UTF-8 bytes of one code point, appended to `out`. */
function pushUtf8(out: number[], cp: number): void {
  if (cp < 0x80) out.push(cp);
  else if (cp < 0x800) out.push(0xc0 | (cp >> 6), 0x80 | (cp & 0x3f));
  else if (cp < 0x10000) out.push(0xe0 | (cp >> 12), 0x80 | ((cp >> 6) & 0x3f), 0x80 | (cp & 0x3f));
  else out.push(0xf0 | (cp >> 18), 0x80 | ((cp >> 12) & 0x3f), 0x80 | ((cp >> 6) & 0x3f), 0x80 | (cp & 0x3f));
}

/**
 * PostgreSQL's pg_crc32 table (`pg_crc32_table`): the reflected CRC-32 table of the polynomial 0x04C11DB7
 * (0xEDB88320 bit-reversed).
 */
const CRC32_TABLE = (() => {
  const table = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    table[n] = c >>> 0;
  }
  return table;
})();

/**
 * The legacy CRC-32 (INIT/COMP/FIN_LEGACY_CRC32): the reflected table driven MSB-first, as PostgreSQL kept it for
 * values already stored on disk. pg_trgm hashes a trigram of multi-byte characters with it.
 */
function legacyCrc32(bytes: readonly number[]): number {
  let crc = 0xffffffff;
  for (const byte of bytes) crc = (CRC32_TABLE[((crc >>> 24) ^ byte) & 0xff]! ^ (crc << 8)) >>> 0;
  return (crc ^ 0xffffffff) >>> 0;
}

/**
 * A trigram's identity: pg_trgm keeps three bytes per trigram and compares nothing else. Three single-byte
 * (ASCII) characters are kept as they are; any other trigram becomes the first three bytes in memory of the legacy
 * CRC-32 of its UTF-8 bytes (the low three bytes, little-endian, as on x86-64 and WebAssembly). Both kinds share
 * one key space, so a hash that happens to equal three ASCII characters collides with them as in the database.
 */
function trigramKey(a: number, b: number, c: number): string {
  if (a < 0x80 && b < 0x80 && c < 0x80) return String.fromCharCode(a, b, c);
  const bytes: number[] = [];
  pushUtf8(bytes, a);
  pushUtf8(bytes, b);
  pushUtf8(bytes, c);
  const crc = legacyCrc32(bytes);
  return String.fromCharCode(crc & 0xff, (crc >>> 8) & 0xff, (crc >>> 16) & 0xff);
}

/**
 * One character lower-cased as the database does (glibc towlower under C.UTF-8): Unicode's simple lowercase
 * mapping, one character to one character, without context — so a final capital sigma becomes σ, not ς, and İ
 * becomes i (its full mapping, i + U+0307, is not simple).
 */
function lowerChar(cp: number): number {
  if (cp < 0x80) return cp >= 0x41 && cp <= 0x5a ? cp + 32 : cp;
  if (cp === 0x130) return 0x69;
  const lowered = String.fromCodePoint(cp).toLowerCase();
  const first = lowered.codePointAt(0)!;
  return lowered.length === (first > 0xffff ? 2 : 1) ? first : cp;
}

/**
 * The trigrams of a text in order, one key per trigram (duplicates kept), as pg_trgm's generate_trgm_only makes
 * them: each word (a run of word characters) is lower-cased, padded with two spaces in front and one behind, and
 * every three consecutive characters of it form a trigram — so a word of n characters gives n + 1 trigrams.
 * Keys are equal exactly when the database's trigrams are equal.
 */
export function trigramKeys(text: string): string[] {
  const keys: string[] = [];
  for (const match of text.matchAll(WORD_CHARS)) {
    const chars = [0x20, 0x20];
    for (const ch of match[0]) chars.push(lowerChar(ch.codePointAt(0)!));
    chars.push(0x20);
    for (let i = 0; i + 2 < chars.length; i++) keys.push(trigramKey(chars[i]!, chars[i + 1]!, chars[i + 2]!));
  }
  return keys;
}

// ---------------------------------------------------------------------------------------------------------------
// Word similarity, as pg_trgm computes it (calc_word_similarity, iterate_word_similarity)
// ---------------------------------------------------------------------------------------------------------------

/** CALCSML: shared trigrams over the union of both sets, a float4 division. */
const similarityOf = (count: number, ulen1: number, ulen2: number) =>
  Math.fround(count / (ulen1 + ulen2 - count));

/**
 * The greatest similarity between the needle's trigram set and the trigram set of any run of consecutive haystack
 * trigrams (pg_trgm's calc_word_similarity without the strict flag). With `stopAt`, it stops as soon as a run
 * reaches that similarity, as the `<%` operator does (WORD_SIMILARITY_CHECK_ONLY): the answer then tells only
 * whether the maximum reaches it.
 */
function calcWordSimilarity(needle: string, haystack: string, stopAt: number | undefined): number {
  const trg1 = trigramKeys(needle);
  if (trg1.length === 0) return 0;
  return similarityOfSequences(trg1, trigramKeys(haystack), stopAt);
}

/** Word similarity of trigram sequences (`trigramKeys`): the needle's (any order, repeats allowed), the haystack's in order. */
function similarityOfSequences<T>(
  needle: readonly T[],
  haystack: ArrayLike<T>,
  stopAt: number | undefined,
): number {
  // Each distinct trigram gets an index; found: whether it is one of the needle's.
  const indexOf = new Map<T, number>();
  for (const key of needle) if (!indexOf.has(key)) indexOf.set(key, indexOf.size);
  const ulen1 = indexOf.size;
  if (ulen1 === 0) return 0;
  const len2 = haystack.length;
  const trg2indexes = new Int32Array(len2);
  for (let i = 0; i < len2; i++) {
    const key = haystack[i]!;
    let index = indexOf.get(key);
    if (index === undefined) {
      index = indexOf.size;
      indexOf.set(key, index);
    }
    trg2indexes[i] = index;
  }
  return iterateWordSimilarity(trg2indexes, len2, ulen1, new Int32Array(indexOf.size), indexOf.size, stopAt);
}

/**
 * pg_trgm's iterate_word_similarity over a haystack whose trigrams are given as indexes: below `ulen1` the
 * needle's distinct trigrams, from `ulen1` on the others, each distinct trigram its own index (`distinct` in
 * all). `lastpos` is a work array at least that long (its first `distinct` entries are overwritten).
 */
export function iterateWordSimilarity(
  trg2indexes: Int32Array,
  len2: number,
  ulen1: number,
  lastpos: Int32Array,
  distinct: number,
  stopAt: number | undefined,
): number {
  const found = (index: number) => index < ulen1;

  // iterate_word_similarity: extend the run to each haystack trigram the needle has (upper), then try every later
  // start (lower) for a higher similarity; ulen2 and count are the run's distinct trigrams and those shared.
  lastpos.fill(-1, 0, distinct);
  let ulen2 = 0;
  let count = 0;
  let upper = -1;
  let lower = -1;
  let smlrMax = 0;
  for (let i = 0; i < len2; i++) {
    const trgindex = trg2indexes[i]!;
    if (lower >= 0 || found(trgindex)) {
      if (lastpos[trgindex]! < 0) {
        ulen2++;
        if (found(trgindex)) count++;
      }
      lastpos[trgindex] = i;
    }
    if (!found(trgindex)) continue;
    upper = i;
    if (lower === -1) {
      lower = i;
      ulen2 = 1;
    }
    let smlrCur = similarityOf(count, ulen1, ulen2);
    let tmpCount = count;
    let tmpUlen2 = ulen2;
    const prevLower = lower;
    for (let tmpLower = lower; tmpLower <= upper; tmpLower++) {
      const smlrTmp = similarityOf(tmpCount, ulen1, tmpUlen2);
      if (smlrTmp > smlrCur) {
        smlrCur = smlrTmp;
        ulen2 = tmpUlen2;
        lower = tmpLower;
        count = tmpCount;
      }
      if (stopAt !== undefined && smlrCur >= stopAt) break;
      const tmpTrgindex = trg2indexes[tmpLower]!;
      if (lastpos[tmpTrgindex] === tmpLower) {
        tmpUlen2--;
        if (found(tmpTrgindex)) tmpCount--;
      }
    }
    smlrMax = Math.max(smlrMax, smlrCur);
    if (stopAt !== undefined && smlrMax >= stopAt) break;
    for (let tmpLower = prevLower; tmpLower < lower; tmpLower++) {
      const tmpTrgindex = trg2indexes[tmpLower]!;
      if (lastpos[tmpTrgindex] === tmpLower) lastpos[tmpTrgindex] = -1;
    }
  }
  return smlrMax;
}

/**
 * pg_trgm's `word_similarity(needle, haystack)`: how well the needle matches the most similar run of words (or
 * part of one) in the haystack, from 0 to 1, as the float4 the database returns.
 */
export function wordSimilarity(needle: string, haystack: string): number {
  return calcWordSimilarity(needle, haystack, undefined);
}

/**
 * `needle <% haystack` (the same as `haystack %> needle`): whether the word similarity reaches the threshold, the
 * float4 similarity compared with the float8 setting `pg_trgm.word_similarity_threshold`.
 */
export function matchesWordSimilarity(
  needle: string,
  haystack: string,
  threshold: number = WORD_SIMILARITY_THRESHOLD,
): boolean {
  return calcWordSimilarity(needle, haystack, threshold) >= threshold;
}

// ---------------------------------------------------------------------------------------------------------------
// ts_rank, as PostgreSQL computes it (tsrank.c: calc_rank, calc_rank_or, SortAndUniqItems, find_wordentry)
// ---------------------------------------------------------------------------------------------------------------

/** A tsvector weight label. */
export type TsWeight = "A" | "B" | "C" | "D";

/**
 * One lexeme of a tsvector as `unnest(tsvector)` gives it: its positions in stored order and each position's
 * weight; a lexeme without positions has empty arrays.
 */
export interface HeadEntry {
  lexeme: string;
  positions: number[];
  weights: TsWeight[];
}

/** ts_rank's default weights, float4: D 0.1, C 0.2, B 0.4, A 1.0. */
const RANK_WEIGHTS: Record<TsWeight, number> = {
  D: Math.fround(0.1),
  C: Math.fround(0.2),
  B: Math.fround(0.4),
  A: 1,
};

/** The constant ts_rank divides each lexeme's score by (π²/6), a C double. */
const ZETA_2 = 1.64493406685;

/**
 * tsCompareString without prefix: byte-wise comparison of the UTF-8 forms (the same as comparing code points),
 * the shorter first when one is the start of the other — the order of a tsvector's lexemes and of a query's
 * operands.
 */
export function compareLexemes(a: string, b: string): number {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    const x = a.charCodeAt(i);
    const y = b.charCodeAt(i);
    if (x === y) continue;
    // UTF-16 code units order code points, except that a surrogate (part of a code point from U+10000 up) is
    // below U+E000–U+FFFF: a code point from U+10000 up is after every other.
    const xs = x >= 0xd800 && x <= 0xdfff;
    const ys = y >= 0xd800 && y <= 0xdfff;
    if (xs !== ys) return xs ? 1 : -1;
    return x < y ? -1 : 1;
  }
  return a.length - b.length;
}

/**
 * The score of one matching lexeme (calc_rank_or's inner loop) added to `res` in double and rounded to float4:
 * `count` positions whose weights `weightAt(j)` gives (a lexeme without positions counts as one of weight D).
 */
function addLexemeScore(res: number, count: number, weightAt: (j: number) => TsWeight): number {
  return Math.fround(res + lexemeRankTerm(count, weightAt));
}

/**
 * What one matching lexeme adds to the rank before rounding (`addLexemeScore`): its score over ζ(2), a double. It
 * depends on the lexeme's weights in position order only, so the song index works it out once per song and lexeme.
 */
export function lexemeRankTerm(count: number, weightAt: (j: number) => TsWeight): number {
  return lexemeScore(count, weightAt) / ZETA_2;
}

/**
 * The lexeme's score before its division by ζ(2) (`lexemeRankTerm`): a float4, so a Float32Array holds it exactly;
 * the song index keeps it so, at half the bytes of the double term, and divides when it ranks (`rankTermOf`).
 */
export function lexemeScore(count: number, weightAt: (j: number) => TsWeight): number {
  const dimt = count === 0 ? 1 : count;
  let resj = 0;
  let wjm = -1;
  let jm = 0;
  for (let j = 0; j < dimt; j++) {
    const w = RANK_WEIGHTS[count === 0 ? "D" : weightAt(j)];
    // wpos / ((j + 1) * (j + 1)): an int product, converted to float for a float division.
    resj = Math.fround(resj + Math.fround(w / Math.fround(Math.imul(j + 1, j + 1))));
    if (w > wjm) {
      wjm = w;
      jm = j;
    }
  }
  return Math.fround(Math.fround(wjm + resj) - Math.fround(wjm / Math.fround(Math.imul(jm + 1, jm + 1))));
}

/** The rank term of a lexeme score kept by the index (`lexemeScore`): exactly `lexemeRankTerm`'s. */
export const rankTermOf = (score: number) => score / ZETA_2;

/**
 * `ts_rank(vector, query)` (default weights, normalization 0) for a query that is the OR of prefix operands
 * `'operand':*`, as the float4 the database returns. `entries` is the vector as `unnest(vector)` gives it, in its
 * stored order (lexemes sorted by compareLexemes); `operands` the operands' lexemes.
 *
 * PostgreSQL sorts the operands and drops repeated ones, then, for each operand in that order, adds a score for
 * every lexeme starting with it (byte-wise), in the vector's order — a lexeme matched by two operands counts twice —
 * and divides the sum by the number of distinct operands.
 */
export function tsRankOr(entries: readonly HeadEntry[], operands: readonly string[]): number {
  if (entries.length === 0 || operands.length === 0) return 0;
  const sorted = [...operands].sort(compareLexemes);
  const items = sorted.filter((operand, i) => i === 0 || operand !== sorted[i - 1]);
  let res = 0;
  for (const operand of items) {
    for (const entry of entries) {
      if (entry.lexeme.startsWith(operand))
        res = addLexemeScore(res, entry.positions.length, (j) => entry.weights[j] ?? "D");
    }
  }
  res = Math.fround(res / items.length);
  // calc_rank: a negative rank (only an AND query gives one) is reported as 1e-20.
  if (res < 0) res = Math.fround(1e-20);
  return res;
}

/** The operands of an OR of prefixes as PostgreSQL ranks them: sorted byte-wise, each once (SortAndUniqItems). */
export function rankOperands(operands: readonly string[]): string[] {
  const sorted = [...operands].sort(compareLexemes);
  return sorted.filter((operand, i) => i === 0 || operand !== sorted[i - 1]);
}

/**
 * `tsRankOr` from its sum: `sum` is the rank terms (`lexemeRankTerm`) of the vector's lexemes matching each
 * operand, added in float4 as calc_rank_or adds them (operands in `rankOperands` order, lexemes in the vector's
 * order); `operands` how many distinct operands the query has.
 */
export function tsRankOrSum(sum: number, operands: number): number {
  let res = Math.fround(sum / operands);
  if (res < 0) res = Math.fround(1e-20);
  return res;
}
