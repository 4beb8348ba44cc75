/**
 * What people ask the library, as many different queries of each shape: words typed letter by letter, typos, rare
 * words, artists, tags, pages 1–3 and both sort orders. Every list comes from one seeded generator and is shuffled,
 * so consecutive requests ask different things and every run asks the same ones.
 */
import { COMMON_WORDS, type Corpus, random } from "./corpus.js";

export interface Shape {
  label: string;
  /** How the queries of the shape are made, for the report. */
  made: string;
  queries: URLSearchParams[];
}

type Rng = () => number;

/** The web app's library always sends a sort, its direction and 24 a page. */
const PAGE = 24;
const SORTS = [
  { sortBy: "relevance", sortDirection: "desc" },
  { sortBy: "title", sortDirection: "asc" },
] as const;
const TITLE_SORTS = [
  { sortBy: "title", sortDirection: "asc" },
  { sortBy: "title", sortDirection: "desc" },
] as const;

function query(params: Record<string, string>, page: number): URLSearchParams {
  return new URLSearchParams({ ...params, skip: String(page * PAGE), take: String(PAGE) });
}

/** Every way of a list of parameter sets with each sort and pages 1–3. */
function paged(
  sets: Record<string, string>[],
  sorts: readonly { sortBy: string; sortDirection: string }[],
): URLSearchParams[] {
  return sets.flatMap((params) =>
    sorts.flatMap((sort) => [0, 1, 2].map((page) => query({ ...params, ...sort }, page))),
  );
}

/** A word as typed: its prefixes from three letters on, and the whole word. */
function asTyped(word: string): string[] {
  const letters = [...word];
  if (letters.length <= 3) return [word];
  return letters.slice(2).map((_, index) => letters.slice(0, index + 3).join(""));
}

/** One letter inside the word replaced by a neighbouring one: the typo of a hurried thumb. */
function withTypo(rng: Rng, word: string): string {
  const letters = [...word];
  // Inner letters only: never the first or the last, never a space.
  const inner = letters.flatMap((letter, index) =>
    index > 0 && index < letters.length - 1 && /\p{L}/u.test(letter) ? [index] : [],
  );
  if (inner.length < 2) return word;
  const at = inner[Math.floor(rng() * inner.length)]!;
  const code = letters[at]!.normalize("NFD").charCodeAt(0);
  letters[at] = String.fromCharCode(code >= 97 && code < 122 ? code + 1 : 97);
  return letters.join("");
}

function shuffled<T>(rng: Rng, items: T[]): T[] {
  const copy = [...items];
  for (let i = copy.length - 1; i > 0; i--) {
    const j = Math.floor(rng() * (i + 1));
    [copy[i], copy[j]] = [copy[j]!, copy[i]!];
  }
  return copy;
}

/** The distinct queries of each shape, shuffled. */
export function shapes(corpus: Corpus): Shape[] {
  const rng = random(20_261_126);
  const common = COMMON_WORDS;
  const lyricTerms = [...new Set(common.flatMap(asTyped))];
  const rare = corpus.rareWords.slice(0, 1_500);
  const rareTerms = [...new Set(rare.flatMap((word) => [word, withTypo(rng, word)]))];
  const surnames = [...new Set(corpus.artists.map((artist) => artist.split(" ").slice(1).join(" ")))];
  const artistTerms = [
    ...new Set([
      ...corpus.artists,
      ...surnames.flatMap(asTyped),
      ...corpus.artists.map((a) => withTypo(rng, a)),
    ]),
  ];
  const tagNames = corpus.tags.map((tag) => tag.name);
  const wordAndTag = common.flatMap((word) =>
    tagNames.slice(0, 40).map((tag) => ({ searchTerm: word, tags: tag })),
  );
  return [
    {
      label: "(a) lyric words as typed",
      made: `${common.length} common words of both languages and their prefixes from 3 letters (${lyricTerms.length} terms), relevance and title order, pages 1–3`,
      queries: shuffled(
        rng,
        paged(
          lyricTerms.map((searchTerm) => ({ searchTerm })),
          SORTS,
        ),
      ),
    },
    {
      label: "(b) rare title words and typos",
      made: `${rare.length} made-up title words, each also with one letter wrong (${rareTerms.length} terms), ranked, page 1`,
      queries: shuffled(
        rng,
        rareTerms.map((searchTerm) => query({ searchTerm, ...SORTS[0] }, 0)),
      ),
    },
    {
      label: "(c) artists",
      made: `${corpus.artists.length} artists: full names, surnames as typed, names with a typo (${artistTerms.length} terms), relevance and title order, pages 1–3`,
      queries: shuffled(
        rng,
        paged(
          artistTerms.map((searchTerm) => ({ searchTerm })),
          SORTS,
        ),
      ),
    },
    {
      label: "(d) tag filter",
      made: `each of the ${tagNames.length} tags, title order both ways, pages 1–3`,
      queries: shuffled(
        rng,
        paged(
          tagNames.map((tags) => ({ tags })),
          TITLE_SORTS,
        ),
      ),
    },
    {
      label: "(e) word + tag, by title",
      made: `${common.length} common words × the 40 most used tags, title order both ways, a page of 1–3`,
      queries: shuffled(
        rng,
        wordAndTag.map((params) =>
          query({ ...params, ...TITLE_SORTS[Math.floor(rng() * 2)]! }, Math.floor(rng() * 3)),
        ),
      ),
    },
  ];
}
