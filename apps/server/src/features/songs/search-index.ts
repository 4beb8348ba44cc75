import {
  compareLexemes,
  type HeadEntry,
  iterateWordSimilarity,
  lexemeRankTerm,
  rankOperands,
  trigramKeys,
  tsRankOrSum,
  WORD_SIMILARITY_THRESHOLD,
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

/** A search word: its prefix lexeme (as `to_tsquery` makes it), its folded text, and whether it may match as a typo. */
export interface IndexWord {
  prefix: string;
  folded: string;
  /** service.ts `allowsTypos`: words of five letters or more. */
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

/** A growable list of slots, each with a number of its own when `terms` is kept (a head lexeme's rank term). */
class Slots {
  items = new Int32Array(4);
  terms: Float64Array | undefined;
  length = 0;
  push(slot: number, term?: number): void {
    if (this.length === this.items.length) {
      const grown = new Int32Array(this.items.length * 2);
      grown.set(this.items);
      this.items = grown;
      if (this.terms) {
        const terms = new Float64Array(this.items.length);
        terms.set(this.terms);
        this.terms = terms;
      }
    }
    if (term !== undefined) {
      this.terms ??= new Float64Array(this.items.length);
      this.terms[this.length] = term;
    }
    this.items[this.length++] = slot;
  }

  /** Drops dead slots and renumbers the living ones (`to[slot]`, -1 when dead); false when none is left. */
  remap(to: Int32Array): boolean {
    let kept = 0;
    for (let i = 0; i < this.length; i++) {
      const slot = to[this.items[i]!]!;
      if (slot < 0) continue;
      if (this.terms) this.terms[kept] = this.terms[i]!;
      this.items[kept++] = slot;
    }
    this.length = kept;
    return kept > 0;
  }
}

/** Lexemes grouped by their first three UTF-16 units (the whole lexeme when shorter), for prefix lookups. */
class Lexicon {
  readonly postings = new Map<string, Slots>();
  private readonly groups = new Map<string, string[]>();

  add(lexeme: string, slot: number, term?: number): void {
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
    if (posting.length === 0 || posting.items[posting.length - 1] !== slot) posting.push(slot, term);
  }

  /** The postings of every lexeme that starts with `prefix`. */
  *startingWith(prefix: string): Iterable<Slots> {
    for (const lexeme of this.lexemesStartingWith(prefix)) yield this.postings.get(lexeme)!;
  }

  /** Every lexeme that starts with `prefix`. */
  *lexemesStartingWith(prefix: string): Iterable<string> {
    if (prefix.length >= 3) {
      for (const lexeme of this.groups.get(prefix.slice(0, 3)) ?? []) {
        if (lexeme.startsWith(prefix)) yield lexeme;
      }
      return;
    }
    for (const [key, group] of this.groups) {
      if (!key.startsWith(prefix)) continue;
      yield* group;
    }
  }

  /** Drops dead slots and renumbers the living ones. */
  remap(to: Int32Array): void {
    for (const [lexeme, posting] of this.postings) if (!posting.remap(to)) this.postings.delete(lexeme);
    for (const [key, group] of this.groups) {
      const living = group.filter((lexeme) => this.postings.has(lexeme));
      if (living.length === 0) this.groups.delete(key);
      else this.groups.set(key, living);
    }
  }
}

/**
 * Entries by number (`values`) that hold only in the current round: `next` starts a round without clearing, an entry
 * being the round's where its stamp is the round's.
 */
class Stamped<T extends Int32Array | Float64Array> {
  stamps = new Int32Array(0);
  values: T;
  private stamp = 0;

  constructor(private readonly make: (length: number) => T) {
    this.values = make(0);
  }

  /** A new round for numbers below `size` (the arrays grown when shorter); its stamp. */
  next(size: number): number {
    if (this.stamps.length < size) {
      this.stamps = new Int32Array(size * 2);
      this.values = this.make(size * 2);
      this.stamp = 0;
    }
    if (this.stamp === 0x7fffffff) {
      this.stamps.fill(0);
      this.stamp = 0;
    }
    return ++this.stamp;
  }
}

interface TextMemo {
  get(text: number): number | undefined;
  set(text: number, value: number): void;
}

/**
 * The distinct texts of one field (titles, or artists), each numbered, with its trigrams in order (`gramsOf`). With
 * `byText` (artists), each text's songs and its trigrams' postings over text numbers too: a typo is then looked for
 * once per distinct text, so an artist of 20,000 songs is compared once, not counted 20,000 times a trigram. Titles,
 * nearly one a song, keep their trigram postings by song (`SongIndex.titleTrigrams`).
 */
class TextTable {
  private readonly idOf = new Map<string, number>();
  readonly grams: Int32Array[] = [];
  readonly byText: { songs: Slots[]; trigrams: Lexicon } | undefined;
  /** Per text, how many of a needle's trigrams it holds (`markTypos`); zeroed again after each use. */
  private counts = new Uint16Array(0);

  constructor(
    private readonly gramsOf: (text: string) => Int32Array,
    byText: boolean,
  ) {
    this.byText = byText ? { songs: [], trigrams: new Lexicon() } : undefined;
  }

  /** The text's number, given when it is new; the song's slot is listed under it. */
  add(text: string, slot: number): number {
    let id = this.idOf.get(text);
    if (id === undefined) {
      id = this.grams.length;
      this.idOf.set(text, id);
      this.grams.push(this.gramsOf(text));
      if (this.byText) {
        this.byText.songs.push(new Slots());
        for (const key of new Set(trigramKeys(text))) this.byText.trigrams.add(key, id);
      }
    }
    if (this.byText) this.byText.songs[id]!.push(slot);
    return id;
  }

  /** Whether each title holds a word, by text number, new for each word (`typoMatchesOf`). */
  memo(): TextMemo {
    const stamp = this.known.next(this.grams.length);
    const { stamps, values } = this.known;
    return {
      get: (text) => (stamps[text] === stamp ? values[text] : undefined),
      set: (text, value) => {
        stamps[text] = stamp;
        values[text] = value;
      },
    };
  }
  private readonly known = new Stamped((length) => new Float64Array(length));

  /** `counts`, as long as the table. */
  countsFor(): Uint16Array {
    if (this.counts.length < this.grams.length) this.counts = new Uint16Array(this.grams.length * 2);
    return this.counts;
  }
}

/** Code point order, as PostgreSQL's C collation compares UTF-8 bytes (the order of lexemes, pg-text.ts). */
export const compareCodePoints = compareLexemes;

const compareIds = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

export class SongIndex {
  private songIds: string[] = [];
  /** Per slot: 0 dead, `PUBLIC` a living song every signed-in person may see, `LIVING` another living song. */
  private alive = new Uint8Array(1024);
  /**
   * The songs not public to all, listed under the ids of those who may see them: the creator; the choirs a song is
   * shared with (visibility 2); the choir a version belongs to.
   */
  private readonly notPublic = new Map<number, Slots>();
  /** The songs passing a search's filters, in the order found (reused). */
  private passingBuffer = new Int32Array(1024);
  private visibility: number[] = [];
  private creator: number[] = [];
  private versionChoir: number[] = [];
  private choirs: (number[] | null)[] = [];
  private tags: (number[] | null)[] = [];
  private titles: string[] = [];
  private artists: string[] = [];
  private created: number[] = [];
  /** Trigrams as numbers (`grams`). */
  private readonly gramIds = new Map<string, number>();
  /** The distinct titles and artists; each song's number in them. */
  private titleTexts = new TextTable((text) => this.grams(text), false);
  private artistTexts = new TextTable((text) => this.grams(text), true);
  private titleText: number[] = [];
  private artistText: number[] = [];
  /** The trigrams of each song's title, by slot (titles are nearly one a song). */
  private titleTrigrams = new Lexicon();
  private readonly slotOf = new Map<string, number>();
  private readonly ids = new Map<string, number>();
  private words = new Lexicon();
  private headWords = new Lexicon();
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
  put(rows: IndexRow[], sortLater = false): void {
    this.orders = {};
    this.forgetTypos();
    const bulk = sortLater || rows.length > 64;
    for (const row of rows) {
      this.drop(row.songId, !bulk);
      const slot = this.songIds.length;
      if (slot === this.alive.length) {
        const grown = new Uint8Array(this.alive.length * 2);
        grown.set(this.alive);
        this.alive = grown;
      }
      this.alive[slot] = row.visibility === 1 ? PUBLIC : LIVING;
      this.songIds.push(row.songId);
      this.visibility.push(row.visibility);
      const creator = this.intern(row.creatorId);
      const version = row.versionChoirId ? this.intern(row.versionChoirId) : -1;
      const choirs = row.choirIds?.length ? row.choirIds.map((id) => this.intern(id)) : null;
      this.creator.push(creator);
      this.versionChoir.push(version);
      this.choirs.push(choirs);
      if (row.visibility !== 1) {
        this.listNotPublic(creator, slot);
        if (row.visibility === 2) for (const choir of choirs ?? []) this.listNotPublic(choir, slot);
        if (version >= 0) this.listNotPublic(version, slot);
      }
      const tagList = row.tagIds?.length ? row.tagIds.map((id) => this.intern(id)) : null;
      this.tags.push(tagList);
      this.titles.push(row.titleNorm);
      this.artists.push(row.artistNorm);
      this.created.push(row.createdUs);
      this.titleText.push(this.titleTexts.add(row.titleNorm, slot));
      for (const key of new Set(trigramKeys(row.titleNorm))) this.titleTrigrams.add(key, slot);
      this.artistText.push(this.artistTexts.add(row.artistNorm, slot));
      this.slotOf.set(row.songId, slot);
      for (const lexeme of row.words) this.words.add(lexeme, slot);
      // Each head lexeme's posting keeps the song's rank term for it (`lexemeRankTerm`): ranking adds them.
      for (const entry of row.head)
        this.headWords.add(
          entry.lexeme,
          slot,
          lexemeRankTerm(entry.positions.length, (j) => entry.weights[j] ?? "D"),
        );
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
    if (bulk && !sortLater) this.sortOrders();
    this.compactIfWorthIt();
  }

  private listNotPublic(viewer: number, slot: number): void {
    let posting = this.notPublic.get(viewer);
    if (!posting) {
      posting = new Slots();
      this.notPublic.set(viewer, posting);
    }
    posting.push(slot);
  }

  /** Sorts the orders again from the living songs (after `put(rows, true)`). */
  sortOrders(): void {
    const living = [...this.slotOf.values()];
    this.byTitle = living.slice().sort(this.titleOrder);
    this.byArtist = living.slice().sort(this.artistOrder);
    this.byCreated = living.sort(this.createdOrder);
    this.orders = {};
  }

  /** Removes songs (deleted). */
  remove(songIds: Iterable<string>): void {
    this.orders = {};
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
    this.dead++;
  }

  /** Renumbers the living slots once the dead are as many as the living (and at least a few thousand). */
  private compactIfWorthIt(): void {
    if (this.dead < 4096 || this.dead < this.slotOf.size) return;
    const count = this.songIds.length;
    const to = new Int32Array(count).fill(-1);
    let next = 0;
    for (let slot = 0; slot < count; slot++) if (this.alive[slot]) to[slot] = next++;
    const keep = <T>(list: T[]) => list.filter((_, slot) => this.alive[slot] !== 0);
    this.songIds = keep(this.songIds);
    this.visibility = keep(this.visibility);
    this.creator = keep(this.creator);
    this.versionChoir = keep(this.versionChoir);
    this.choirs = keep(this.choirs);
    this.tags = keep(this.tags);
    this.titles = keep(this.titles);
    this.artists = keep(this.artists);
    this.created = keep(this.created);
    // The distinct titles and artists again, from the living songs only.
    this.titleTexts = new TextTable((text) => this.grams(text), false);
    this.artistTexts = new TextTable((text) => this.grams(text), true);
    this.titleText = this.titles.map((title, slot) => this.titleTexts.add(title, slot));
    this.artistText = this.artists.map((artist, slot) => this.artistTexts.add(artist, slot));
    for (const lexicon of [this.words, this.headWords, this.titleTrigrams]) lexicon.remap(to);
    for (const postings of [this.tagPostings, this.notPublic])
      for (const [key, posting] of postings) if (!posting.remap(to)) postings.delete(key);
    const renumber = (order: number[]) => order.map((slot) => to[slot]!);
    this.byTitle = renumber(this.byTitle);
    this.byArtist = renumber(this.byArtist);
    this.byCreated = renumber(this.byCreated);
    for (const [id, slot] of this.slotOf) this.slotOf.set(id, to[slot]!);
    this.alive = new Uint8Array(Math.max(1024, next * 2));
    for (let slot = 0; slot < next; slot++) this.alive[slot] = this.visibility[slot] === 1 ? PUBLIC : LIVING;
    this.dead = 0;
    this.forgetTypos();
  }

  private forgetTypos(): void {
    this.typoMatches.clear();
    this.typoSlotsKept = 0;
  }

  /**
   * ts_rank of each song's head vector for the OR of `operands` (sorted and distinct, `rankOperands`), in `sums`
   * before the division (`tsRankOrSum`): per operand, the rank terms of the lexemes starting with it, added in the
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
          sums[slot] = sums[slot]! + terms![i]!;
        }
      }
    }
    return sums;
  }

  /** A text's trigrams in order as numbers, new trigrams numbered as they come. */
  private grams(text: string): Int32Array {
    const keys = trigramKeys(text);
    const result = new Int32Array(keys.length);
    for (let i = 0; i < keys.length; i++) {
      let id = this.gramIds.get(keys[i]!);
      if (id === undefined) {
        id = this.gramIds.size;
        this.gramIds.set(keys[i]!, id);
      }
      result[i] = id;
    }
    return result;
  }

  /**
   * A search text's distinct trigrams (pg_trgm's `found` trigrams), each its number, in order of first appearance;
   * one the index has never seen gets a number of its own below zero.
   */
  private needleGrams(text: string): Int32Array {
    let unseen = 0;
    const needle = new Map<number, number>();
    for (const key of trigramKeys(text)) {
      const id = this.gramIds.get(key) ?? --unseen;
      if (!needle.has(id)) needle.set(id, needle.size);
    }
    return Int32Array.from(needle.keys());
  }

  /**
   * Per folded word, the living songs whose title and the artists (text numbers) that hold it as a likely typo,
   * whoever asks (`markTypos`). Emptied when songs are added (their titles were not compared) and when slots are
   * renumbered; a song removed is dead in `alive` and skipped. At most `TYPO_WORDS_KEPT` words and
   * `TYPO_SLOTS_KEPT` songs and artists in all: beyond, the words asked least recently are forgotten first (the
   * map's order is the order of asking), so a common word stays while rare ones come and go.
   */
  private readonly typoMatches = new Map<string, TypoMatches>();
  private typoSlotsKept = 0;

  // Work arrays of `similarity`, reused: a trigram's index in the haystack at hand (valid where its stamp is).
  private readonly gramLocal = new Stamped((length) => new Int32Array(length));
  private haystackIndexes = new Int32Array(256);
  private lastpos = new Int32Array(512);

  /** pg_trgm's word similarity of a needle (`needleGrams`) and a text's trigrams (`grams`), as pg-text.ts computes it. */
  private similarity(needle: Int32Array, haystack: Int32Array, stopAt: number | undefined): number {
    const ulen1 = needle.length;
    if (ulen1 === 0) return 0;
    const stamp = this.gramLocal.next(this.gramIds.size);
    const { stamps: gramStamp, values: gramLocal } = this.gramLocal;
    // The needle's trigrams first, as indexes 0 to ulen1 - 1 (one never seen cannot be in a haystack).
    for (let i = 0; i < ulen1; i++) {
      const gram = needle[i]!;
      if (gram < 0) continue;
      gramStamp[gram] = stamp;
      gramLocal[gram] = i;
    }
    const length = haystack.length;
    if (this.haystackIndexes.length < length) this.haystackIndexes = new Int32Array(length * 2);
    if (this.lastpos.length < length + ulen1) this.lastpos = new Int32Array((length + ulen1) * 2);
    const indexes = this.haystackIndexes;
    let next = ulen1;
    for (let i = 0; i < length; i++) {
      const gram = haystack[i]!;
      let index: number;
      if (gramStamp[gram] === stamp) index = gramLocal[gram]!;
      else {
        gramStamp[gram] = stamp;
        gramLocal[gram] = index = next++;
      }
      indexes[i] = index;
    }
    return iterateWordSimilarity(indexes, length, ulen1, this.lastpos, next, stopAt);
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

  /**
   * The slots whose title or artist holds `folded` as a likely typo (`title_norm %> folded`, likewise artist), of
   * those marked in every `required` mask, not in `set` yet and, with `seenToo` (no filter but words and tags),
   * that the caller may see. What holds the word is the same for every caller: worked out once (`typoMatchesOf`) and
   * kept while no song is added.
   */
  private markTypos(
    prefix: string,
    folded: string,
    set: SlotSet,
    required: Uint8Array[],
    seenToo: Uint8Array | undefined,
  ): void {
    const { mask } = set;
    const { alive } = this;
    /** Whether a song may still be marked here. */
    const open = (slot: number) => {
      const state = alive[slot];
      if (mask[slot] || !state || (seenToo && state !== PUBLIC && !seenToo[slot])) return false;
      for (let r = 0; r < required.length; r++) if (!required[r]![slot]) return false;
      return true;
    };
    // Keyed by the word's prefix too: the songs it finds as a prefix are the ones not compared (`typoMatchesOf`).
    const key = `${prefix}\u0000${folded}`;
    let matches = this.typoMatches.get(key);
    if (matches) {
      // Most recently asked last: the words asked least recently go first when the index keeps too many.
      this.typoMatches.delete(key);
      this.typoMatches.set(key, matches);
    } else {
      matches = this.typoMatchesOf(folded, mask);
      this.typoSlotsKept += typoSize(matches);
      this.typoMatches.set(key, matches);
      for (const [oldest, kept] of this.typoMatches) {
        if (this.typoMatches.size <= TYPO_WORDS_KEPT && this.typoSlotsKept <= TYPO_SLOTS_KEPT) break;
        if (oldest === key) break;
        this.typoMatches.delete(oldest);
        this.typoSlotsKept -= typoSize(kept);
      }
    }
    const { titleSlots, artists } = matches;
    for (let i = 0; i < titleSlots.length; i++) {
      const slot = titleSlots[i]!;
      if (open(slot)) set.add(slot);
    }
    const songsOf = this.artistTexts.byText!.songs;
    for (let a = 0; a < artists.length; a++) {
      const songs = songsOf[artists[a]!]!;
      for (let i = 0; i < songs.length; i++) {
        const slot = songs.items[i]!;
        if (open(slot)) set.add(slot);
      }
    }
  }

  /**
   * Every living song whose title holds `folded` as a likely typo, and every artist (by text number) that does: each
   * distinct title or artist compared once. Songs marked in `found` (the word's prefix matches, with the tags asked:
   * found so by every search of the word, whoever asks and with whatever tags) are not compared; an artist's songs
   * are listed by their text, all of them.
   */
  private typoMatchesOf(folded: string, found: Uint8Array): TypoMatches {
    const needle = [...new Set(trigramKeys(folded))];
    if (needle.length === 0) return { titleSlots: NO_GRAMS, artists: NO_GRAMS };
    const needleIds = this.needleGrams(folded);
    const { alive } = this;
    // A similarity of at least the threshold needs at least that share of the word's trigrams in the text.
    const needed = Math.max(1, Math.ceil(needle.length * WORD_SIMILARITY_THRESHOLD - 1e-6));
    const holds = (grams: Int32Array) =>
      this.similarity(needleIds, grams, WORD_SIMILARITY_THRESHOLD) >= WORD_SIMILARITY_THRESHOLD;
    // Titles (nearly one a song): the songs' trigram postings; a title several songs share is compared once.
    const { titleText, titleTexts } = this;
    const counts = this.work.counts();
    const reachedSongs: number[] = [];
    for (const key of needle) {
      const posting = this.titleTrigrams.postings.get(key);
      if (!posting) continue;
      const items = posting.items;
      for (let i = 0; i < posting.length; i++) {
        const slot = items[i]!;
        if (++counts[slot]! === needed) reachedSongs.push(slot);
      }
    }
    const known = titleTexts.memo();
    const titleSlots: number[] = [];
    for (const slot of reachedSongs) {
      if (!alive[slot] || found[slot]) continue;
      const text = titleText[slot]!;
      let holding = known.get(text);
      if (holding === undefined) {
        holding = holds(titleTexts.grams[text]!) ? 1 : 0;
        known.set(text, holding);
      }
      if (holding === 1) titleSlots.push(slot);
    }
    // Artists (a few, each of many songs): the texts' trigram postings.
    const artists = this.artistTexts;
    const { trigrams } = artists.byText!;
    const artistCounts = artists.countsFor();
    const reachedArtists: number[] = [];
    for (const key of needle) {
      const posting = trigrams.postings.get(key);
      if (!posting) continue;
      const items = posting.items;
      for (let i = 0; i < posting.length; i++) {
        const text = items[i]!;
        if (++artistCounts[text]! === needed) reachedArtists.push(text);
      }
    }
    artistCounts.fill(0, 0, artists.grams.length);
    const matched = reachedArtists.filter((text) => holds(artists.grams[text]!));
    return { titleSlots: Int32Array.from(titleSlots), artists: Int32Array.from(matched) };
  }

  /**
   * For each order, each song's position in it and where each run of equal first keys starts: worked out when a
   * search first asks for that order after a change (about 15 ms each at 100,000 songs).
   */
  private orders: Partial<Record<"title" | "artist" | "createdAt", OrderInfo>> = {};

  private orderInfo(sortBy: "title" | "artist" | "createdAt"): OrderInfo {
    const kept = this.orders[sortBy];
    if (kept) return kept;
    const [order, same] = {
      title: [this.byTitle, (a: number, b: number) => this.titles[a] === this.titles[b]] as const,
      artist: [this.byArtist, (a: number, b: number) => this.artists[a] === this.artists[b]] as const,
      createdAt: [this.byCreated, (a: number, b: number) => this.created[a] === this.created[b]] as const,
    }[sortBy];
    const starts = new Int32Array(order.length);
    const position = new Int32Array(this.songIds.length).fill(-1);
    for (let i = 0; i < order.length; i++) {
      position[order[i]!] = i;
      if (i > 0) starts[i] = same(order[i - 1]!, order[i]!) ? starts[i - 1]! : i;
    }
    const info = { order, position, starts };
    this.orders[sortBy] = info;
    return info;
  }

  search(query: IndexQuery): IndexAnswer {
    this.work.begin(this.songIds.length);
    try {
      return this.searchWith(query);
    } finally {
      this.work.end();
    }
  }

  /**
   * Work arrays of a search, one slot each, lent zeroed and taken back after it (a search runs to its end before
   * another begins): a search at 100,000 songs needs about a megabyte of them, and allocating it again for every
   * search made garbage collection run often and long.
   */
  private readonly work = new WorkArrays();

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
    const termSimilarities = new Map<Int32Array, number>();
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
    const similarity = (grams: Int32Array) => {
      let value = termSimilarities.get(grams);
      if (value === undefined) {
        value = this.similarity(termGrams, grams, undefined);
        termSimilarities.set(grams, value);
      }
      return value;
    };
    const byTypo = (k: number) =>
      ranked(
        typoSlots,
        (slot) =>
          1 +
          (similarity(this.titleTexts.grams[this.titleText[slot]!]!) +
            0.5 * similarity(this.artistTexts.grams[this.artistText[slot]!]!)) /
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

/** Arrays of `size` entries, lent between `begin` and `end`: zeroed when lent, except the lists of slot sets. */
class WorkArrays {
  private size = 0;
  private readonly free = {
    ints: [] as Int32Array[],
    bytes: [] as Uint8Array[],
    counts: [] as Uint16Array[],
    floats: [] as Float32Array[],
  };
  private readonly lent = {
    ints: [] as Int32Array[],
    bytes: [] as Uint8Array[],
    counts: [] as Uint16Array[],
    floats: [] as Float32Array[],
  };

  begin(size: number): void {
    if (size === this.size) return;
    this.size = size;
    this.free.ints.length = 0;
    this.free.bytes.length = 0;
    this.free.counts.length = 0;
    this.free.floats.length = 0;
  }

  /** An empty set of slots: a zeroed mask and a list (whose old contents are never read). */
  slotSet(): SlotSet {
    const items = this.free.ints.pop() ?? new Int32Array(this.size);
    this.lent.ints.push(items);
    return new SlotSet(this.bytes(), items);
  }

  bytes(): Uint8Array {
    const array = this.free.bytes.pop() ?? new Uint8Array(this.size);
    this.lent.bytes.push(array);
    return array;
  }

  counts(): Uint16Array {
    const array = this.free.counts.pop() ?? new Uint16Array(this.size);
    this.lent.counts.push(array);
    return array;
  }

  floats(): Float32Array {
    const array = this.free.floats.pop() ?? new Float32Array(this.size);
    this.lent.floats.push(array);
    return array;
  }

  /** Takes every lent array back, zeroed; a few of each kind are kept. */
  end(): void {
    const keep = <T extends Int32Array | Uint8Array | Uint16Array | Float32Array>(
      lent: T[],
      free: T[],
      zero = true,
    ) => {
      for (const array of lent) {
        if (array.length !== this.size || free.length >= 8) continue;
        if (zero) array.fill(0);
        free.push(array);
      }
      lent.length = 0;
    };
    // A set's list is read up to its own length only: not zeroed.
    keep(this.lent.ints, this.free.ints, false);
    keep(this.lent.bytes, this.free.bytes);
    keep(this.lent.counts, this.free.counts);
    keep(this.lent.floats, this.free.floats);
  }
}

/** Slots in a list: an array, or a typed array's part. */
type SlotList = ArrayLike<number> & Iterable<number>;

/** A set of slots: marked in a mask, and listed once each (in a work array, `length` of them). */
class SlotSet {
  length = 0;
  constructor(
    readonly mask: Uint8Array,
    private readonly items: Int32Array,
  ) {}

  /** Marks and lists a slot not in the set yet. */
  add(slot: number): void {
    this.mask[slot] = 1;
    this.items[this.length++] = slot;
  }

  /** The slots listed, from the `start`th on. */
  list(start = 0): Int32Array {
    return this.items.subarray(start, this.length);
  }
}

/** An order of the songs, each song's position in it, and where each run of equal first keys starts. */
interface OrderInfo {
  order: number[];
  position: Int32Array;
  starts: Int32Array;
}

/** The first `k` of `items` by `before`, in that order: selected one by one for a short page, sorted for a long one. */
function firstOf(items: SlotList, k: number, before: (a: number, b: number) => boolean): number[] {
  if (k <= 0) return [];
  if (k > 256)
    return Array.from(items)
      .sort((a, b) => (before(a, b) ? -1 : before(b, a) ? 1 : 0))
      .slice(0, k);
  const best: number[] = [];
  for (const item of items) {
    if (best.length === k && !before(item, best[k - 1]!)) continue;
    let at = best.length === k ? k - 1 : best.length;
    if (best.length < k) best.push(item);
    while (at > 0 && before(item, best[at - 1]!)) {
      best[at] = best[at - 1]!;
      at--;
    }
    best[at] = item;
  }
  return best;
}

const NO_GRAMS = new Int32Array(0);

/** What holds a word as a likely typo: songs by their title (slots), artists (text numbers). */
interface TypoMatches {
  titleSlots: Int32Array;
  artists: Int32Array;
}

/** Words whose typo matches an index keeps, and songs and artists listed in them all; beyond, the least recently asked go. */
const TYPO_WORDS_KEPT = 2_000;
const typoSize = (matches: TypoMatches) => matches.titleSlots.length + matches.artists.length;
const TYPO_SLOTS_KEPT = 2_000_000;

/** `SongIndex.alive`: a living song every signed-in person may see, and another living one. */
const PUBLIC = 1;
const LIVING = 2;

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
