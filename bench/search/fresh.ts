/**
 * Searches as a library in use asks them (issue "capacity as people use it"): every request of a run is a query never
 * sent before in that run, made as it goes from the corpus's words, artists and tags, so nothing an index or a cache
 * kept from an earlier request answers it. Each shape draws from a space far larger than a run sends; a run that
 * would exhaust it stops with an error instead of repeating.
 */
import { COMMON_WORDS, type Corpus, random } from "./corpus.js";

type Rng = () => number;
/** A query's parameters; a list is sent as the parameter repeated (`tags=a&tags=b`). */
type Params = Record<string, string | string[]>;

/** One shape of query, made fresh on every call of `next`. */
export interface FreshShape {
  label: string;
  /** How its queries are made, for the report. */
  made: string;
  next(): URLSearchParams;
}

/** The web app's library always sends a sort, its direction and 24 a page. */
const PAGE = 24;
/** Candidates tried for an unsent query before a shape is declared exhausted. */
const ATTEMPTS = 1_000;

const pick = <T>(rng: Rng, items: readonly T[]): T => items[Math.floor(rng() * items.length)]!;

/** A word as typed so far: its first 3 letters or more (the whole word at most). */
function typedPrefix(rng: Rng, word: string): string {
  const letters = [...word];
  if (letters.length <= 3) return word;
  return letters.slice(0, 3 + Math.floor(rng() * (letters.length - 2))).join("");
}

/** One inner letter replaced by another: the typo of a hurried thumb (the word itself when too short). */
function typo(rng: Rng, word: string): string {
  const letters = [...word];
  const inner = letters.flatMap((letter, index) =>
    index > 0 && index < letters.length - 1 && /\p{L}/u.test(letter) ? [index] : [],
  );
  if (inner.length < 2) return word;
  const at = pick(rng, inner);
  const replacement = String.fromCharCode(97 + Math.floor(rng() * 26));
  letters[at] = replacement === letters[at] ? "e" : replacement;
  return letters.join("");
}

const relevanceOrTitle = (rng: Rng) =>
  rng() < 0.5 ? { sortBy: "relevance", sortDirection: "desc" } : { sortBy: "title", sortDirection: "asc" };
const titleEitherWay = (rng: Rng) => ({ sortBy: "title", sortDirection: rng() < 0.5 ? "asc" : "desc" });

/** A page of the list: the first mostly, as people read it, then the second and third. */
function pageOf(rng: Rng, pages = 3): { skip: string; take: string } {
  const roll = rng();
  const page =
    pages <= 1 ? 0 : roll < 0.6 ? 0 : Math.min(pages - 1, 1 + Math.floor(((roll - 0.6) / 0.4) * (pages - 1)));
  return { skip: String(page * PAGE), take: String(PAGE) };
}

/**
 * The shapes of the distinct benchmark, each an endless supply of queries no run repeats. `sent` is shared by all the
 * shapes of a run (a query is its whole query string), so no shape sends what another sent.
 */
export function freshShapes(corpus: Corpus, seed = 20_261_205, sent = new Set<string>()): FreshShape[] {
  const rng = random(seed);
  const common = COMMON_WORDS;
  const surnames = [...new Set(corpus.artists.map((artist) => artist.split(" ").slice(1).join(" ")))];
  const tagNames = corpus.tags.map((tag) => tag.name);
  const usedTags = tagNames.slice(0, 100);

  /** The shape's next query: made until one was never sent, at most ATTEMPTS times. */
  const fresh = (label: string, make: () => Params) => () => {
    for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
      const query = new URLSearchParams(
        Object.entries(make()).flatMap(([key, value]) =>
          (Array.isArray(value) ? value : [value]).map((each): [string, string] => [key, each]),
        ),
      );
      const key = query.toString();
      if (sent.has(key)) continue;
      sent.add(key);
      return query;
    }
    throw new Error(`${label}: no unsent query after ${ATTEMPTS} attempts; the shape is exhausted`);
  };

  const shapes: (Omit<FreshShape, "next"> & { make: () => Params })[] = [
    {
      label: "(a) lyric words as typed",
      made: `one or two of ${common.length} common words of both languages, the last as typed so far (3 letters on), relevance or title order, pages 1–3`,
      make: () => {
        const last = typedPrefix(rng, pick(rng, common));
        const searchTerm = rng() < 0.5 ? last : `${pick(rng, common)} ${last}`;
        return { searchTerm, ...relevanceOrTitle(rng), ...pageOf(rng) };
      },
    },
    {
      label: "(b) rare title words and typos",
      made: `one of ${corpus.rareWords.length.toLocaleString("en-US")} made-up title words, mostly with one letter wrong, ranked, page 1`,
      make: () => {
        const word = pick(rng, corpus.rareWords);
        const searchTerm = rng() < 0.25 ? word : typo(rng, word);
        return { searchTerm, sortBy: "relevance", sortDirection: "desc", skip: "0", take: String(PAGE) };
      },
    },
    {
      label: "(c) artists",
      made: `${corpus.artists.length} artists: full names, surnames as typed, names with a typo, relevance or title order, pages 1–3`,
      make: () => {
        const artist = pick(rng, corpus.artists);
        const roll = rng();
        const searchTerm =
          roll < 0.2 ? artist : roll < 0.5 ? typedPrefix(rng, pick(rng, surnames)) : typo(rng, artist);
        return { searchTerm, ...relevanceOrTitle(rng), ...pageOf(rng) };
      },
    },
    {
      label: "(d) tag filter",
      made: `one of ${tagNames.length} tags (pages 1–5) or two of the 100 most used (pages 1–3), title order both ways`,
      make: () => {
        if (rng() < 0.5) return { tags: pick(rng, tagNames), ...titleEitherWay(rng), ...pageOf(rng, 5) };
        const first = pick(rng, usedTags);
        let second = pick(rng, usedTags);
        if (second === first) second = pick(rng, tagNames);
        // Two tags filter the same whichever comes first: sent in one order, so no pair is asked twice.
        return { tags: [first, second].sort(), ...titleEitherWay(rng), ...pageOf(rng) };
      },
    },
    {
      label: "(e) word + tag, by title",
      made: `one of ${common.length} common words, as typed or whole, with one of the ${tagNames.length} tags, title order both ways, pages 1–3`,
      make: () => {
        const word = pick(rng, common);
        const searchTerm = rng() < 0.5 ? word : typedPrefix(rng, word);
        return { searchTerm, tags: pick(rng, tagNames), ...titleEitherWay(rng), ...pageOf(rng) };
      },
    },
  ];
  return shapes.map(({ label, made, make }) => ({ label, made, next: fresh(label, make) }));
}
