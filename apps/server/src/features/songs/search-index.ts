import {
  type HeadEntry,
  matchesWordSimilarity,
  trigramKeys,
  tsRankOr,
  WORD_SIMILARITY_THRESHOLD,
  wordSimilarity,
} from "./pg-text.js";

/**
 * The song index a server keeps in memory, so that a search costs a few milliseconds at 100,000 songs whatever is
 * asked: it filters, counts, ranks and orders here, and the database is asked only for the page's rows. It answers
 * exactly what the search statement (service.ts `searchStatement`) answers over the same `song_search` rows: the
 * same words (the database's own lexemes, read from the rows), the same prefix rule, the same typo rule
 * (pg_trgm's word similarity, pg-text.ts), the same relevance (ts_rank and word similarity, pg-text.ts) and the
 * same orders (titles and artists compared by code point, as the database's C collation does: search-index-sync.ts
 * checks the database's collation before using the index).
 *
 * Songs live in slots. A changed song takes a new slot and its old one is marked dead, so the lists of slots (the
 * postings of each word, tag and trigram) only grow by appending; they are compacted once the dead outnumber the
 * living. Orders (title, artist, creation) are kept sorted by insertion.
 */

/** A song's search row as the index takes it (search-index-sync.ts reads it from `song_search`). */
export interface IndexRow {
  songId: string;
  visibility: number;
  creatorId: string;
  versionChoirId: string | null;
  choirIds: string[] | null;
  tagIds: string[] | null;
  titleNorm: string;
  artistNorm: string;
  /** Creation time in microseconds since 1970 (the database's precision). */
  createdUs: number;
  /** The lexemes of `words`: every word of title, artist, tags and lyrics. */
  words: string[];
  /** `head_vector` as `unnest` gives it: title (A), artist (B) and tag names (C) with positions. */
  head: HeadEntry[];
}

/** A search word: its prefix lexeme (as `to_tsquery` makes it) and its folded text (for typos). */
export interface IndexWord {
  prefix: string;
  folded: string;
}

export type IndexSort = "relevance" | "title" | "artist" | "createdAt";

export interface IndexQuery {
  callerId: string;
  callerChoirIds: string[];
  words: IndexWord[];
  /** The whole term folded (lower, unaccented): what the typo rank compares with titles and artists. */
  termFolded: string;
  /** Per asked tag name, the tag ids it stands for; every name must match one of its ids. */
  tagIdLists: string[][];
  visibility?: number;
  choirId?: string;
  userId?: string;
  onlyUserCreated?: boolean;
  sortBy: IndexSort;
  ascending: boolean;
  skip: number;
  take: number;
}

export interface IndexAnswer {
  total: number;
  songIds: string[];
}

/** A growable list of slots. */
class Slots {
  items = new Int32Array(4);
  length = 0;
  push(slot: number): void {
    if (this.length === this.items.length) {
      const grown = new Int32Array(this.items.length * 2);
      grown.set(this.items);
      this.items = grown;
    }
    this.items[this.length++] = slot;
  }
}

/** Lexemes grouped by their first three UTF-16 units (the whole lexeme when shorter), for prefix lookups. */
class Lexicon {
  readonly postings = new Map<string, Slots>();
  private readonly groups = new Map<string, string[]>();

  add(lexeme: string, slot: number): void {
    let posting = this.postings.get(lexeme);
    if (!posting) {
      posting = new Slots();
      this.postings.set(lexeme, posting);
      const key = lexeme.slice(0, 3);
      const group = this.groups.get(key);
      if (group) group.push(lexeme);
      else this.groups.set(key, [lexeme]);
    }
    // A lexeme is listed once per song even when a song's row lists it twice.
    if (posting.length === 0 || posting.items[posting.length - 1] !== slot) posting.push(slot);
  }

  /** Every lexeme that starts with `prefix`. */
  *startingWith(prefix: string): Iterable<Slots> {
    if (prefix.length >= 3) {
      for (const lexeme of this.groups.get(prefix.slice(0, 3)) ?? []) {
        if (lexeme.startsWith(prefix)) yield this.postings.get(lexeme)!;
      }
      return;
    }
    for (const [key, group] of this.groups) {
      if (!key.startsWith(prefix)) continue;
      for (const lexeme of group) yield this.postings.get(lexeme)!;
    }
  }

  /** Drops dead slots and renumbers the living ones. */
  remap(to: Int32Array): void {
    for (const [lexeme, posting] of this.postings) {
      let kept = 0;
      for (let i = 0; i < posting.length; i++) {
        const slot = to[posting.items[i]!]!;
        if (slot >= 0) posting.items[kept++] = slot;
      }
      posting.length = kept;
      if (kept === 0) this.postings.delete(lexeme);
    }
    for (const [key, group] of this.groups) {
      const living = group.filter((lexeme) => this.postings.has(lexeme));
      if (living.length === 0) this.groups.delete(key);
      else this.groups.set(key, living);
    }
  }
}

/** Code point order, as PostgreSQL's C collation compares UTF-8 bytes (UTF-16 units differ above U+D7FF). */
export function compareCodePoints(a: string, b: string): number {
  const length = Math.min(a.length, b.length);
  for (let i = 0; i < length; i++) {
    const x = a.charCodeAt(i);
    const y = b.charCodeAt(i);
    if (x === y) continue;
    // A surrogate (an astral character) sorts after every other BMP unit.
    const xs = x >= 0xd800 && x <= 0xdfff;
    const ys = y >= 0xd800 && y <= 0xdfff;
    if (xs !== ys) return xs ? 1 : -1;
    return x - y;
  }
  return a.length - b.length;
}

const compareIds = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

export class SongIndex {
  private songIds: string[] = [];
  private alive = new Uint8Array(1024);
  private visibility: number[] = [];
  private creator: number[] = [];
  private versionChoir: number[] = [];
  private choirs: (number[] | null)[] = [];
  private tags: (number[] | null)[] = [];
  private titles: string[] = [];
  private artists: string[] = [];
  private created: number[] = [];
  private heads: HeadEntry[][] = [];
  private readonly slotOf = new Map<string, number>();
  private readonly ids = new Map<string, number>();
  private words = new Lexicon();
  private headWords = new Lexicon();
  private titleTrigrams = new Lexicon();
  private artistTrigrams = new Lexicon();
  private tagPostings = new Map<number, Slots>();
  private byTitle: number[] = [];
  private byArtist: number[] = [];
  private byCreated: number[] = [];
  private dead = 0;

  /** Songs in the index. */
  get size(): number {
    return this.slotOf.size;
  }

  private intern(id: string): number {
    let n = this.ids.get(id);
    if (n === undefined) {
      n = this.ids.size;
      this.ids.set(id, n);
    }
    return n;
  }

  private readonly titleOrder = (a: number, b: number) =>
    compareCodePoints(this.titles[a]!, this.titles[b]!) || compareIds(this.songIds[a]!, this.songIds[b]!);
  private readonly artistOrder = (a: number, b: number) =>
    compareCodePoints(this.artists[a]!, this.artists[b]!) || this.titleOrder(a, b);
  private readonly createdOrder = (a: number, b: number) =>
    this.created[a]! - this.created[b]! || compareIds(this.songIds[a]!, this.songIds[b]!);

  /** Adds or replaces songs. Many rows at once (a first reading, a bulk change) are sorted once at the end. */
  put(rows: IndexRow[]): void {
    const bulk = rows.length > 64;
    for (const row of rows) {
      this.drop(row.songId, !bulk);
      const slot = this.songIds.length;
      if (slot === this.alive.length) {
        const grown = new Uint8Array(this.alive.length * 2);
        grown.set(this.alive);
        this.alive = grown;
      }
      this.alive[slot] = 1;
      this.songIds.push(row.songId);
      this.visibility.push(row.visibility);
      this.creator.push(this.intern(row.creatorId));
      this.versionChoir.push(row.versionChoirId ? this.intern(row.versionChoirId) : -1);
      this.choirs.push(row.choirIds?.length ? row.choirIds.map((id) => this.intern(id)) : null);
      const tagList = row.tagIds?.length ? row.tagIds.map((id) => this.intern(id)) : null;
      this.tags.push(tagList);
      this.titles.push(row.titleNorm);
      this.artists.push(row.artistNorm);
      this.created.push(row.createdUs);
      this.heads.push(row.head);
      this.slotOf.set(row.songId, slot);
      for (const lexeme of row.words) this.words.add(lexeme, slot);
      for (const entry of row.head) this.headWords.add(entry.lexeme, slot);
      for (const key of new Set(trigramKeys(row.titleNorm))) this.titleTrigrams.add(key, slot);
      for (const key of new Set(trigramKeys(row.artistNorm))) this.artistTrigrams.add(key, slot);
      for (const tag of tagList ?? []) {
        let posting = this.tagPostings.get(tag);
        if (!posting) {
          posting = new Slots();
          this.tagPostings.set(tag, posting);
        }
        posting.push(slot);
      }
      if (!bulk) {
        insertSorted(this.byTitle, slot, this.titleOrder);
        insertSorted(this.byArtist, slot, this.artistOrder);
        insertSorted(this.byCreated, slot, this.createdOrder);
      }
    }
    if (bulk) {
      const living = [...this.slotOf.values()];
      this.byTitle = living.slice().sort(this.titleOrder);
      this.byArtist = living.slice().sort(this.artistOrder);
      this.byCreated = living.sort(this.createdOrder);
    }
    this.compactIfWorthIt();
  }

  /** Removes songs (deleted). */
  remove(songIds: Iterable<string>): void {
    for (const id of songIds) this.drop(id, true);
    this.compactIfWorthIt();
  }

  /** Marks a song's slot dead; `fromOrders` also takes it out of the orders (a bulk put sorts them again). */
  private drop(songId: string, fromOrders: boolean): void {
    const slot = this.slotOf.get(songId);
    if (slot === undefined) return;
    this.slotOf.delete(songId);
    if (fromOrders) {
      removeSorted(this.byTitle, slot, this.titleOrder);
      removeSorted(this.byArtist, slot, this.artistOrder);
      removeSorted(this.byCreated, slot, this.createdOrder);
    }
    this.alive[slot] = 0;
    this.heads[slot] = [];
    this.dead++;
  }

  /** Renumbers the living slots once the dead are as many as the living (and at least a few thousand). */
  private compactIfWorthIt(): void {
    if (this.dead < 4096 || this.dead < this.slotOf.size) return;
    const count = this.songIds.length;
    const to = new Int32Array(count).fill(-1);
    let next = 0;
    for (let slot = 0; slot < count; slot++) if (this.alive[slot]) to[slot] = next++;
    const keep = <T>(list: T[]) => list.filter((_, slot) => this.alive[slot] === 1);
    this.songIds = keep(this.songIds);
    this.visibility = keep(this.visibility);
    this.creator = keep(this.creator);
    this.versionChoir = keep(this.versionChoir);
    this.choirs = keep(this.choirs);
    this.tags = keep(this.tags);
    this.titles = keep(this.titles);
    this.artists = keep(this.artists);
    this.created = keep(this.created);
    this.heads = keep(this.heads);
    for (const lexicon of [this.words, this.headWords, this.titleTrigrams, this.artistTrigrams])
      lexicon.remap(to);
    for (const [tag, posting] of this.tagPostings) {
      let kept = 0;
      for (let i = 0; i < posting.length; i++) {
        const slot = to[posting.items[i]!]!;
        if (slot >= 0) posting.items[kept++] = slot;
      }
      posting.length = kept;
      if (kept === 0) this.tagPostings.delete(tag);
    }
    const renumber = (order: number[]) => order.map((slot) => to[slot]!);
    this.byTitle = renumber(this.byTitle);
    this.byArtist = renumber(this.byArtist);
    this.byCreated = renumber(this.byCreated);
    for (const [id, slot] of this.slotOf) this.slotOf.set(id, to[slot]!);
    this.alive = new Uint8Array(Math.max(1024, next * 2));
    this.alive.fill(1, 0, next);
    this.dead = 0;
  }

  /** The slots whose lexicon entries start with `prefix`, marked in `mask` (1). */
  private markPrefix(lexicon: Lexicon, prefix: string, mask: Uint8Array): void {
    for (const posting of lexicon.startingWith(prefix)) {
      const items = posting.items;
      for (let i = 0; i < posting.length; i++) mask[items[i]!] = 1;
    }
  }

  /** The slots whose title or artist holds `folded` as a likely typo (`title_norm %> folded`, likewise artist). */
  private markTypos(folded: string, mask: Uint8Array): void {
    const needle = [...new Set(trigramKeys(folded))];
    if (needle.length === 0) return;
    // A similarity of at least the threshold needs at least that share of the word's trigrams in the text.
    const needed = Math.max(1, Math.ceil(needle.length * WORD_SIMILARITY_THRESHOLD - 1e-6));
    for (const [lexicon, texts] of [
      [this.titleTrigrams, this.titles],
      [this.artistTrigrams, this.artists],
    ] as const) {
      const counts = new Uint16Array(this.songIds.length);
      const reached: number[] = [];
      for (const key of needle) {
        const posting = lexicon.postings.get(key);
        if (!posting) continue;
        const items = posting.items;
        for (let i = 0; i < posting.length; i++) {
          const slot = items[i]!;
          if (++counts[slot]! === needed) reached.push(slot);
        }
      }
      for (const slot of reached) {
        if (mask[slot] || !this.alive[slot]) continue;
        if (matchesWordSimilarity(folded, texts[slot]!)) mask[slot] = 1;
      }
    }
  }

  search(query: IndexQuery): IndexAnswer {
    const count = this.songIds.length;
    const me = this.ids.get(query.callerId) ?? -1;
    const myChoirs = new Set<number>();
    for (const id of query.callerChoirIds) {
      const n = this.ids.get(id);
      if (n !== undefined) myChoirs.add(n);
    }
    // Candidates: every word (as a prefix or a typo) and every asked tag.
    let candidates: Uint8Array | null = null;
    let allWords: Uint8Array | null = null;
    let head: Uint8Array | null = null;
    const and = (into: Uint8Array | null, mask: Uint8Array) => {
      if (!into) return mask;
      for (let i = 0; i < count; i++) into[i]! &= mask[i]!;
      return into;
    };
    for (const word of query.words) {
      const prefix = new Uint8Array(count);
      this.markPrefix(this.words, word.prefix, prefix);
      const either = prefix.slice();
      this.markTypos(word.folded, either);
      candidates = and(candidates, either);
      allWords = and(allWords, prefix);
      head ??= new Uint8Array(count);
      this.markPrefix(this.headWords, word.prefix, head);
    }
    for (const ids of query.tagIdLists) {
      const mask = new Uint8Array(count);
      for (const id of ids) {
        const n = this.ids.get(id);
        const posting = n === undefined ? undefined : this.tagPostings.get(n);
        if (!posting) continue;
        for (let i = 0; i < posting.length; i++) mask[posting.items[i]!] = 1;
      }
      candidates = and(candidates, mask);
    }
    const onlyVisibility = query.visibility;
    const onlyChoir = query.choirId === undefined ? undefined : (this.ids.get(query.choirId) ?? -2);
    const onlyCreator =
      query.userId !== undefined
        ? (this.ids.get(query.userId) ?? -2)
        : query.onlyUserCreated
          ? me
          : undefined;
    const onlyMine = query.userId !== undefined && query.onlyUserCreated ? me : undefined;
    const passes = (slot: number): boolean => {
      if (candidates && !candidates[slot]) return false;
      const creator = this.creator[slot]!;
      const visibility = this.visibility[slot]!;
      if (onlyVisibility !== undefined && visibility !== onlyVisibility) return false;
      if (onlyCreator !== undefined && creator !== onlyCreator) return false;
      if (onlyMine !== undefined && creator !== onlyMine) return false;
      const choirs = this.choirs[slot];
      const version = this.versionChoir[slot]!;
      if (onlyChoir !== undefined && version !== onlyChoir && !choirs?.includes(onlyChoir)) return false;
      if (creator === me || visibility === 1) return true;
      if (visibility === 2 && choirs?.some((choir) => myChoirs.has(choir))) return true;
      return version >= 0 && myChoirs.has(version);
    };

    if (query.sortBy === "relevance" && query.words.length > 0) {
      return this.ranked(query, passes, head!, allWords!);
    }
    // Descending reverses the order's first key only, as the search statement's `order by` does: equal titles,
    // artists or creation times keep their ascending title and id order.
    const [order, sameKey] =
      query.sortBy === "artist"
        ? [this.byArtist, (a: number, b: number) => this.artists[a] === this.artists[b]]
        : query.sortBy === "createdAt"
          ? [this.byCreated, (a: number, b: number) => this.created[a] === this.created[b]]
          : [this.byTitle, (a: number, b: number) => this.titles[a] === this.titles[b]];
    const slots = query.ascending ? order : descending(order, sameKey);
    return page(slots, passes, query.skip, query.take, this.songIds);
  }

  /**
   * Relevance, as the search statement ranks: (2) a word in the title, artist or tags, by ts_rank; (1) found only
   * as a typo, by word similarity with the title and (half) the artist; (0) the rest, equal. Then title, then id.
   */
  private ranked(
    query: IndexQuery,
    passes: (slot: number) => boolean,
    head: Uint8Array,
    allWords: Uint8Array,
  ): IndexAnswer {
    const operands = query.words.map((word) => word.prefix);
    const scored: { slot: number; rank: number }[] = [];
    const plain: number[] = [];
    for (const slot of this.byTitle) {
      if (!passes(slot)) continue;
      if (head[slot]) {
        scored.push({ slot, rank: 2 + Math.min(tsRankOr(this.heads[slot]!, operands), 1) });
      } else if (!allWords[slot]) {
        const similarity =
          wordSimilarity(query.termFolded, this.titles[slot]!) +
          0.5 * wordSimilarity(query.termFolded, this.artists[slot]!);
        scored.push({ slot, rank: 1 + similarity / 1.5 });
      } else plain.push(slot);
    }
    // Stable: equal ranks keep the title order they were found in.
    const direction = query.ascending ? 1 : -1;
    scored.sort((a, b) => (a.rank - b.rank) * direction);
    const ordered = query.ascending
      ? [...plain, ...scored.map((entry) => entry.slot)]
      : [...scored.map((entry) => entry.slot), ...plain];
    const total = ordered.length;
    const songIds = ordered.slice(query.skip, query.skip + query.take).map((slot) => this.songIds[slot]!);
    return { total, songIds };
  }
}

/** An ascending order walked from its end, each run of equal first keys kept in its own (ascending) order. */
function* descending(order: number[], sameKey: (a: number, b: number) => boolean): Iterable<number> {
  let end = order.length;
  while (end > 0) {
    let start = end - 1;
    while (start > 0 && sameKey(order[start - 1]!, order[end - 1]!)) start--;
    for (let i = start; i < end; i++) yield order[i]!;
    end = start;
  }
}

/** One page of `slots` and the number of slots that pass. */
function page(
  slots: Iterable<number>,
  passes: (slot: number) => boolean,
  skip: number,
  take: number,
  songIds: string[],
): IndexAnswer {
  const ids: string[] = [];
  let total = 0;
  for (const slot of slots) {
    if (!passes(slot)) continue;
    if (total >= skip && ids.length < take) ids.push(songIds[slot]!);
    total++;
  }
  return { total, songIds: ids };
}

function lowerBound(list: number[], slot: number, compare: (a: number, b: number) => number): number {
  let low = 0;
  let high = list.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (compare(list[middle]!, slot) < 0) low = middle + 1;
    else high = middle;
  }
  return low;
}

function insertSorted(list: number[], slot: number, compare: (a: number, b: number) => number): void {
  list.splice(lowerBound(list, slot, compare), 0, slot);
}

function removeSorted(list: number[], slot: number, compare: (a: number, b: number) => number): void {
  let at = lowerBound(list, slot, compare);
  while (at < list.length && list[at] !== slot && compare(list[at]!, slot) === 0) at++;
  if (list[at] === slot) list.splice(at, 1);
  else {
    const found = list.indexOf(slot);
    if (found >= 0) list.splice(found, 1);
  }
}
