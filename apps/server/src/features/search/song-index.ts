import {
  firstOf,
  type Lexicon,
  NO_GRAMS,
  type OrderInfo,
  PUBLIC,
  type SlotList,
  type SlotSet,
  type TextTable,
} from "./index-structures.js";
import { TypoMatching } from "./index-typos.js";
import { compareLexemes, rankOperands, rankTermOf, tsRankOrSum } from "./pg-text.js";

export type { IndexRow } from "./index-store.js";
export { compareCodePoints } from "./index-structures.js";

/**
 * The song index a server keeps in memory, so that a search costs a few milliseconds at 100,000 songs whatever is
 * asked: it filters, counts, ranks and orders here, and the database is asked only for the page's rows. It answers
 * exactly what the search statement (search-statement.ts) answers over the same `song_search` rows: the
 * same words (the database's own lexemes, read from the rows), the same prefix rule, the same typo rule
 * (pg_trgm's word similarity, pg-text.ts), the same relevance (ts_rank and word similarity, pg-text.ts) and the
 * same orders (titles and artists compared by code point, as the database's C collation does: index-sync.ts
 * checks the database's collation before using the index).
 *
 * Songs live in slots. A changed song takes a new slot and its old one is marked dead, so the lists of slots (the
 * postings of each word, tag and trigram) only grow by appending; they are compacted once the dead outnumber the
 * living. Orders (title, artist, creation) are kept sorted by insertion.
 *
 * The index is one object built in three layers, a file each: index-store.ts puts songs in and takes them out
 * (`IndexStore`), index-typos.ts finds what holds a word as a likely typo (`TypoMatching`), and this file searches
 * (`SongIndex`); index-structures.ts holds the lists, lexicons and work arrays they are made of.
 */

/** A search word: its prefix lexeme (as `to_tsquery` makes it), its folded text, and whether it may match as a typo. */
export interface IndexWord {
  prefix: string;
  folded: string;
  /** search-terms.ts `allowsTypos`: words of five letters or more. */
  typos: boolean;
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

export class SongIndex extends TypoMatching {
  /** The songs passing a search's filters, in the order found (reused). */
  private passingBuffer = new Int32Array(1024);

  /**
   * ts_rank of each song's head vector for the OR of `operands` (sorted and distinct, `rankOperands`), in `sums`
   * before the division (`tsRankOrSum`): per operand, the rank terms of the lexemes starting with it (from the
   * scores the postings keep, `rankTermOf`), added in the
   * vector's order (lexemes sorted) — from the lexemes' postings, so the work is one addition per song and
   * matching lexeme, whatever else the songs' heads hold.
   */
  private headRankSums(operands: readonly string[]): Float32Array {
    const sums = this.work.floats();
    for (const operand of operands) {
      const lexemes = [...this.headWords.lexemesStartingWith(operand)].sort(compareLexemes);
      for (const lexeme of lexemes) {
        const posting = this.headWords.postings.get(lexeme)!;
        const { items, terms } = posting;
        for (let i = 0; i < posting.length; i++) {
          const slot = items[i]!;
          sums[slot] = sums[slot]! + rankTermOf(terms![i]!);
        }
      }
    }
    return sums;
  }

  /** The slots whose lexicon entries start with `prefix`, marked in `set`: those marked in every `required` mask. */
  private markPrefix(lexicon: Lexicon, prefix: string, set: SlotSet, required: Uint8Array[]): void {
    const { mask } = set;
    for (const posting of lexicon.startingWith(prefix)) {
      const items = posting.items;
      slots: for (let i = 0; i < posting.length; i++) {
        const slot = items[i]!;
        if (mask[slot]) continue;
        for (let r = 0; r < required.length; r++) if (!required[r]![slot]) continue slots;
        set.add(slot);
      }
    }
  }

  search(query: IndexQuery): IndexAnswer {
    this.work.begin(this.songIds.length);
    try {
      return this.searchWith(query);
    } finally {
      this.work.end();
    }
  }

  private searchWith(query: IndexQuery): IndexAnswer {
    const me = this.ids.get(query.callerId) ?? -1;
    const myChoirs = new Set<number>();
    for (const id of query.callerChoirIds) {
      const n = this.ids.get(id);
      if (n !== undefined) myChoirs.add(n);
    }
    // The filters asked besides words and tags. With none, a song passes when it is public to all or listed for the
    // caller or their choirs (`seenToo`); a typo is not compared for a song the caller may not see.
    const onlyVisibility = query.visibility;
    const onlyChoir = query.choirId === undefined ? undefined : (this.ids.get(query.choirId) ?? -2);
    const onlyCreator =
      query.userId !== undefined
        ? (this.ids.get(query.userId) ?? -2)
        : query.onlyUserCreated
          ? me
          : undefined;
    const onlyMine = query.userId !== undefined && query.onlyUserCreated ? me : undefined;
    const unfiltered =
      onlyVisibility === undefined &&
      onlyCreator === undefined &&
      onlyMine === undefined &&
      onlyChoir === undefined;
    const seenToo = unfiltered ? this.notPublicFor(me, myChoirs) : undefined;
    // What every asked tag and every word (as a prefix or, from five letters on, a typo) matches; the songs
    // matching them all. `typoOnly`: per word, the songs it matches as a typo only. Tags first: a song without an
    // asked tag is not looked at for a word (no typo compared for it).
    const constraints: SlotSet[] = [];
    const typoOnly: Int32Array[] = [];
    const byRelevance = query.sortBy === "relevance" && query.words.length > 0;
    const head = this.work.slotSet();
    for (const ids of query.tagIdLists) {
      const tagged = this.work.slotSet();
      for (const id of ids) {
        const n = this.ids.get(id);
        const posting = n === undefined ? undefined : this.tagPostings.get(n);
        if (!posting) continue;
        for (let i = 0; i < posting.length; i++) {
          const slot = posting.items[i]!;
          if (!tagged.mask[slot]) tagged.add(slot);
        }
      }
      constraints.push(tagged);
    }
    const tagMasks = constraints.map((set) => set.mask);
    // Word similarities of the whole term with titles and artists (the typo rank), by their trigrams, worked out
    // when the page reaches the songs found as typos only.
    const termSimilarities = new Map<TextTable, Map<number, number>>([
      [this.titleTexts, new Map()],
      [this.artistTexts, new Map()],
    ]);
    const termGrams = byRelevance ? this.needleGrams(query.termFolded) : NO_GRAMS;
    for (const word of query.words) {
      const either = this.work.slotSet();
      this.markPrefix(this.words, word.prefix, either, tagMasks);
      if (word.typos) {
        const prefixed = either.length;
        this.markTypos(word.prefix, word.folded, either, tagMasks, seenToo);
        if (either.length > prefixed) typoOnly.push(either.list(prefixed));
      }
      constraints.push(either);
      // The words in titles, artists and tags: the first group by relevance.
      if (byRelevance) this.markPrefix(this.headWords, word.prefix, head, tagMasks);
    }
    // The smallest set is walked, the others are looked up.
    let candidates: ArrayLike<number> = this.byTitle;
    let others: Uint8Array[] = [];
    if (constraints.length > 0) {
      const smallest = constraints.reduce((a, b) => (b.length < a.length ? b : a));
      candidates = smallest.list();
      others = constraints.filter((set) => set !== smallest).map((set) => set.mask);
    }

    const { alive, visibility: visibilities } = this;
    if (this.passingBuffer.length < this.songIds.length)
      this.passingBuffer = new Int32Array(this.songIds.length * 2);
    const found = this.passingBuffer;
    let passed = 0;
    // The songs that pass every filter and that the caller may see; their number is the total.
    walk: for (let i = 0; i < candidates.length; i++) {
      const slot = candidates[i]!;
      const state = alive[slot]!;
      if (state === 0) continue;
      for (let o = 0; o < others.length; o++) if (others[o]![slot] !== 1) continue walk;
      if (seenToo) {
        if (state === PUBLIC || seenToo[slot] === 1) found[passed++] = slot;
        continue;
      }
      const visibility = visibilities[slot]!;
      const creator = this.creator[slot]!;
      const choirs = this.choirs[slot];
      const version = this.versionChoir[slot]!;
      if (onlyVisibility !== undefined && visibility !== onlyVisibility) continue;
      if (onlyCreator !== undefined && creator !== onlyCreator) continue;
      if (onlyMine !== undefined && creator !== onlyMine) continue;
      if (onlyChoir !== undefined && version !== onlyChoir && !choirs?.includes(onlyChoir)) continue;
      const visible =
        creator === me ||
        visibility === 1 ||
        (visibility === 2 && choirs !== null && choirs!.some((choir) => myChoirs.has(choir))) ||
        (version >= 0 && myChoirs.has(version));
      if (visible) found[passed++] = slot;
    }
    const passing = found.subarray(0, passed);
    const total = passing.length;
    const wanted = Math.min(total, query.skip + query.take);
    const page = (slots: number[]) => ({
      total,
      songIds: slots.slice(query.skip, wanted).map((slot) => this.songIds[slot]!),
    });

    if (query.sortBy !== "relevance" || query.words.length === 0) {
      const sortBy = query.sortBy === "relevance" ? "title" : query.sortBy;
      return page(this.firstInOrder(passing, this.orderInfo(sortBy), query.ascending, wanted));
    }

    // Relevance, as the search statement ranks: (2) a word in the title, artist or tags, by ts_rank; (1) found
    // only as a typo, by word similarity with the title and (half) the artist; (0) the rest, equal. Then title,
    // then id (the title order's position). The groups never overlap in rank (ts_rank of a match is above 0, a
    // word similarity at most 1), so a group is ranked only when the page reaches it: a common word's first page
    // ranks its head matches and nothing else. Each group comes from its own list, not from every match.
    const passes = this.work.bytes();
    for (let i = 0; i < passing.length; i++) passes[passing[i]!] = 1;
    const headSlots: number[] = [];
    for (const slot of head.list()) {
      if (passes[slot] !== 1) continue;
      passes[slot] = 2;
      headSlots.push(slot);
    }
    const typoSlots: number[] = [];
    for (const list of typoOnly) {
      for (const slot of list) {
        if (passes[slot] !== 1) continue;
        passes[slot] = 3;
        typoSlots.push(slot);
      }
    }
    const plainCount = total - headSlots.length - typoSlots.length;
    const title = this.orderInfo("title");
    const direction = query.ascending ? 1 : -1;
    /** The first `k` of a group by rank in the asked direction, equal ranks by title. */
    const ranked = (slots: number[], rankOf: (slot: number) => number, k: number): number[] => {
      if (k <= 0 || slots.length === 0) return [];
      const ranks = new Float64Array(slots.length);
      const indexes = new Int32Array(slots.length);
      for (let i = 0; i < slots.length; i++) {
        ranks[i] = rankOf(slots[i]!);
        indexes[i] = i;
      }
      const before = (a: number, b: number) =>
        ranks[a] !== ranks[b]
          ? (ranks[a]! - ranks[b]!) * direction < 0
          : title.position[slots[a]!]! < title.position[slots[b]!]!;
      return firstOf(indexes, k, before).map((i) => slots[i]!);
    };
    const byHead = (k: number) => {
      if (k <= 0 || headSlots.length === 0) return [];
      const operands = rankOperands(query.words.map((word) => word.prefix));
      const sums = this.headRankSums(operands);
      return ranked(headSlots, (slot) => 2 + Math.min(tsRankOrSum(sums[slot]!, operands.length), 1), k);
    };
    const similarity = (texts: TextTable, text: number) => {
      const known = termSimilarities.get(texts)!;
      let value = known.get(text);
      if (value === undefined) {
        value = this.similarity(termGrams, texts.gramsOf(text), undefined);
        known.set(text, value);
      }
      return value;
    };
    const byTypo = (k: number) =>
      ranked(
        typoSlots,
        (slot) =>
          1 +
          (similarity(this.titleTexts, this.titleText[slot]!) +
            0.5 * similarity(this.artistTexts, this.artistText[slot]!)) /
            1.5,
        k,
      );
    const byTitle = (k: number) =>
      k <= 0 || plainCount === 0
        ? []
        : this.firstInOrder(
            passing.filter((slot) => passes[slot] === 1),
            title,
            true,
            k,
          );
    if (!query.ascending) {
      const heads = byHead(wanted);
      const typos = byTypo(wanted - heads.length);
      return page([...heads, ...typos, ...byTitle(wanted - heads.length - typos.length)]);
    }
    const plain = byTitle(Math.min(wanted, plainCount));
    const typos = byTypo(wanted - plain.length);
    return page([...plain, ...typos, ...byHead(wanted - plain.length - typos.length)]);
  }

  /** The songs not public to all that `me` or a member of `choirs` may see, marked (1) in a work mask. */
  private notPublicFor(me: number, choirs: Set<number>): Uint8Array {
    const mask = this.work.bytes();
    for (const viewer of [me, ...choirs]) {
      const posting = this.notPublic.get(viewer);
      if (!posting) continue;
      for (let i = 0; i < posting.length; i++) mask[posting.items[i]!] = 1;
    }
    return mask;
  }

  /**
   * The first `wanted` of `slots` in an order (descending: the first key reversed, equal keys ascending, as the
   * search statement's `order by … desc, title, id`). A few slots are picked by their positions; many, by walking
   * the order until enough are found.
   */
  private firstInOrder(slots: SlotList, info: OrderInfo, ascending: boolean, wanted: number): number[] {
    if (wanted <= 0) return [];
    const { order, position, starts } = info;
    if (slots.length * 8 < order.length) {
      const before = ascending
        ? (a: number, b: number) => position[a]! < position[b]!
        : (a: number, b: number) => {
            const ga = starts[position[a]!]!;
            const gb = starts[position[b]!]!;
            return ga !== gb ? ga > gb : position[a]! < position[b]!;
          };
      return firstOf(slots, wanted, before);
    }
    const mask = this.work.bytes();
    for (const slot of slots) mask[slot] = 1;
    const found: number[] = [];
    if (ascending) {
      for (let i = 0; i < order.length && found.length < wanted; i++)
        if (mask[order[i]!]) found.push(order[i]!);
    } else {
      for (let end = order.length - 1; end >= 0 && found.length < wanted; ) {
        const start = starts[end]!;
        for (let i = start; i <= end && found.length < wanted; i++)
          if (mask[order[i]!]) found.push(order[i]!);
        end = start - 1;
      }
    }
    return found;
  }
}
