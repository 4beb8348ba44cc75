import type { SongSort } from "@choir/contract";
import { type SQL, sql } from "drizzle-orm";
import { type Db, sqlArray } from "../../db/client.js";
import type { IndexWord } from "./song-index.js";

// What a search asks, read: its filters, the words of its term and which of them may match as typos, the SQL that
// folds text and makes a word a prefix query, the tag names resolved to tag ids (through the tag glossary), and
// each word's forms as the in-memory index takes them (worked out by the database once a word).

type Executor = Db | Parameters<Parameters<Db["transaction"]>[0]>[0];

export interface SearchFilters {
  searchTerm?: string;
  title?: string;
  artist?: string;
  content?: string;
  tags: string[];
  visibility?: 0 | 1 | 2;
  choirId?: string;
  userId?: string;
  onlyUserCreated?: boolean;
  /** Only songs `history`'s choir has not sung in the last N months. */
  notSungMonths?: number;
  /** The choir whose history `sortBy: "lastSung"` and `notSungMonths` read (a member's), and today's date. */
  history?: { choirId: string; today: string };
  sortBy?: SongSort;
  sortDirection?: "asc" | "desc";
  skip: number;
  take: number;
}

/** The words of a search term (letters and digits), at most 12. */
export function searchWords(term: string): string[] {
  return (term.toLocaleLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).slice(0, 12);
}

/** How long a search word must be (in letters and digits, as typed) to match a title or artist word as a typo. */
export const TYPO_MIN_LETTERS = 5;

/**
 * Whether a search word may match as a likely typo, not only as a word prefix: from five letters on. A shorter word
 * is most often the start of a word still being typed, whose prefix matches already find what is meant, and whose
 * "typos" (any title word sharing its first letters) only add noise. Decided here, for the search statement and the
 * song index alike.
 */
export function allowsTypos(word: string): boolean {
  return [...word.normalize("NFC")].length >= TYPO_MIN_LETTERS;
}

export const normalized = (value: string) => sql`lower(choir_unaccent(${value}))`;
/** `%text%` for LIKE, escaped after folding: unaccent turns a few characters into `%`, `_` or a backslash (％ → %). */
export const containsPattern = (value: string) =>
  sql`'%' || replace(replace(replace(${normalized(value)}, '\\', '\\\\'), '%', '\\%'), '_', '\\_') || '%'`;
/**
 * A search word as a prefix query. The word is unaccented first and then quoted, so that whatever unaccent makes
 * of it (ŉ → 'n, ⑴ → (1), ½ → 1/2) is read as text, which the parser splits as it splits the songs' words, and
 * never as tsquery syntax. The spaces inside the quotes keep a word that folds to nothing a valid (empty) query.
 */
export const prefixQuery = (word: string) =>
  sql`to_tsquery('simple', ''' ' || replace(replace(choir_unaccent(${word}), '\\', '\\\\'), '''', '''''') || ' '':*')`;

/** Search text as the database can take it: PostgreSQL text cannot hold NUL, which no song contains anyway. */
export const searchable = (value: string | undefined) => value?.replaceAll("\u0000", "");

/**
 * The tags each asked name stands for (`ord`: its place in `names`, a text[] value): the tags of that name, folded,
 * and of every name the tag glossary gives the same concept.
 */
export function tagIdRows(names: SQL): SQL {
  return sql`with asked as (
      select (a.ord - 1)::int as ord, lower(choir_unaccent(a.name)) as key
      from unnest(${names}::text[]) with ordinality a(name, ord)),
    keys as (
      select ord, key from asked
      union
      select a.ord, g.name_key from asked a
      join tag_glossary k on k.name_key = a.key
      join tag_glossary g on g.concept = k.concept)
    select keys.ord, t.id from keys join tags t on t.name_key = keys.key`;
}

/**
 * The tags each asked name stands for, resolved once per search: the tags whose name is the asked name or any
 * name of its concept in the tag glossary (migration 0015), compared lowercase and unaccented ("comunion" finds
 * "Comunión"; "navidad" finds "christmas"). One list of tag ids per asked name, in order; empty when no tag has
 * any of those names.
 */
export async function tagIdsByName(db: Executor, names: string[]): Promise<string[][]> {
  if (names.length === 0) return [];
  const result = await db.execute(tagIdRows(sqlArray(names, "text")));
  const ids: string[][] = names.map(() => []);
  for (const row of (result as unknown as { rows: { ord: number; id: string }[] }).rows) {
    const list = ids[Number(row.ord)];
    if (list && !list.includes(row.id)) list.push(row.id);
  }
  return ids;
}

/** Search words as the index takes them, worked out by the database once per word (a pure function of it). */
const wordForms = new Map<string, IndexWord | null>();
/** Whole search terms folded (lower case, unaccented by the database), likewise remembered. */
const termsFolded = new Map<string, string>();
const WORD_FORMS_KEPT = 20_000;

/**
 * The whole term folded from its words' folded forms, without asking the database: when the term is nothing but its
 * words as `searchWords` gives them (lower case already, letters and digits) with one space between each, and every
 * word is known. unaccent replaces character by character and leaves a space alone, and lower() of text already in
 * lower case changes nothing a word boundary could reach, so such a term folds to its words' folds joined by spaces
 * (test/search-terms.test.ts compares it with the database's). A term as people type it word after word ("amor
 * de", "amor de di") is folded here once its words are known; anything else (capitals, punctuation, several
 * spaces, a combining mark) is folded by the database.
 */
function foldedFromWords(term: string, words: string[]): string | undefined {
  if (words.join(" ") !== term) return undefined;
  const folded: string[] = [];
  for (const word of words) {
    const form = wordForms.get(word);
    if (!form) return undefined;
    folded.push(form.folded);
  }
  return folded.join(" ");
}

/**
 * Each word's prefix lexeme (what `to_tsquery('simple', …)` makes of it) and folded text, and the whole term
 * folded; undefined when a word is not one lexeme (the search statement then answers).
 */
export async function indexWords(
  db: Db,
  term: string,
  words: string[],
): Promise<{ words: IndexWord[]; termFolded: string } | undefined> {
  const unknown = [...new Set(words.filter((word) => !wordForms.has(word)))];
  let termFolded = termsFolded.get(term) ?? foldedFromWords(term, words);
  if (unknown.length > 0 || termFolded === undefined) {
    const result = await db.execute(sql`select lower(choir_unaccent(${term})) as term,
      (select coalesce(json_agg(json_build_object('word', w,
        'lexemes', tsvector_to_array(to_tsvector('simple', choir_unaccent(w))),
        'folded', lower(choir_unaccent(w)))), '[]')
       from unnest(${sqlArray(unknown, "text")}) w) as forms`);
    const row = (
      result as unknown as {
        rows: { term: string; forms: { word: string; lexemes: string[]; folded: string }[] }[];
      }
    ).rows[0]!;
    if (wordForms.size + row.forms.length > WORD_FORMS_KEPT) wordForms.clear();
    for (const form of row.forms) {
      wordForms.set(
        form.word,
        form.lexemes.length === 1
          ? { prefix: form.lexemes[0]!, folded: form.folded, typos: allowsTypos(form.word) }
          : null,
      );
    }
    if (termsFolded.size >= WORD_FORMS_KEPT) termsFolded.clear();
    termFolded = row.term;
    termsFolded.set(term, termFolded);
  }
  const forms: IndexWord[] = [];
  for (const word of words) {
    const form = wordForms.get(word);
    if (!form) return undefined;
    forms.push(form);
  }
  return { words: forms, termFolded };
}
