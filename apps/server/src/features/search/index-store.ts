import {
  compareCodePoints,
  compareIds,
  insertSorted,
  Lexicon,
  LIVING,
  type OrderInfo,
  PUBLIC,
  removeSorted,
  Slots,
  TextTable,
  WorkArrays,
} from "./index-structures.js";
import { type HeadEntry, lexemeScore, trigramKeys } from "./pg-text.js";

/**
 * Building the song index: songs put in slots and taken out, the postings of their words, head words, title
 * trigrams and tags, who may see the songs not public to all, and the three orders (title, artist, creation) kept
 * sorted. What holds a word as a typo is worked out apart (index-typos.ts), for the songs added since when next
 * asked, and forgotten here whenever songs are renumbered; searching is song-index.ts.
 */

/** A song's search row as the index takes it (index-sync.ts reads it from `song_search`). */
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

export abstract class IndexStore {
  protected songIds: string[] = [];
  /** Per slot: 0 dead, `PUBLIC` a living song every signed-in person may see, `LIVING` another living song. */
  protected alive = new Uint8Array(1024);
  /**
   * The songs not public to all, listed under the ids of those who may see them: the creator; the choirs a song is
   * shared with (visibility 2); the choir a version belongs to.
   */
  protected readonly notPublic = new Map<number, Slots>();
  protected visibility: number[] = [];
  protected creator: number[] = [];
  protected versionChoir: number[] = [];
  protected choirs: (number[] | null)[] = [];
  private titles: string[] = [];
  private artists: string[] = [];
  private created: number[] = [];
  /** Trigrams as numbers (`grams`). */
  protected readonly gramIds = new Map<string, number>();
  /** The distinct titles and artists; each song's number in them. */
  protected titleTexts = new TextTable((text) => this.grams(text), false);
  protected artistTexts = new TextTable((text) => this.grams(text), true);
  protected titleText: number[] = [];
  protected artistText: number[] = [];
  /** The trigrams of each song's title, by slot (titles are nearly one a song). */
  protected titleTrigrams = new Lexicon();
  private readonly slotOf = new Map<string, number>();
  protected readonly ids = new Map<string, number>();
  protected words = new Lexicon();
  protected headWords = new Lexicon();
  protected tagPostings = new Map<number, Slots>();
  protected byTitle: number[] = [];
  private byArtist: number[] = [];
  private byCreated: number[] = [];
  private dead = 0;

  /** Songs in the index. */
  get size(): number {
    return this.slotOf.size;
  }

  /** Slots taken, living and dead: each put of a song takes one (tests read it to tell a song put twice). */
  get slots(): number {
    return this.songIds.length;
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
      this.titles.push(row.titleNorm);
      this.artists.push(row.artistNorm);
      this.created.push(row.createdUs);
      this.titleText.push(this.titleTexts.add(row.titleNorm, slot));
      for (const key of new Set(trigramKeys(row.titleNorm))) this.titleTrigrams.add(key, slot);
      this.artistText.push(this.artistTexts.add(row.artistNorm, slot));
      this.slotOf.set(row.songId, slot);
      for (const lexeme of row.words) this.words.add(lexeme, slot);
      // Each head lexeme's posting keeps the song's score for it (`lexemeScore`): ranking adds their rank terms.
      for (const entry of row.head)
        this.headWords.add(
          entry.lexeme,
          slot,
          lexemeScore(entry.positions.length, (j) => entry.weights[j] ?? "D"),
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

  /**
   * Gives back the room a reading or a compaction left in the postings: after the first reading (index-sync.ts) and
   * each compaction, not after a bulk change, which would copy every posting for a few songs.
   */
  trim(): void {
    for (const lexicon of [this.words, this.headWords, this.titleTrigrams]) lexicon.trim();
    for (const postings of [this.tagPostings, this.notPublic])
      for (const posting of postings.values()) posting.trim();
    this.titleTexts.trim();
    this.artistTexts.trim();
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
    this.trim();
    this.forgetTypos();
  }

  /** What holds a word as a typo is worked out again after songs are renumbered (index-typos.ts). */
  protected abstract forgetTypos(): void;

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
   * For each order, each song's position in it and where each run of equal first keys starts: worked out when a
   * search first asks for that order after a change (a walk of the order comparing numbers).
   */
  private orders: Partial<Record<"title" | "artist" | "createdAt", OrderInfo>> = {};

  protected orderInfo(sortBy: "title" | "artist" | "createdAt"): OrderInfo {
    const kept = this.orders[sortBy];
    if (kept) return kept;
    const [order, same] = {
      // Equal titles (and artists) share their text number: compared as numbers, not as strings.
      title: [this.byTitle, (a: number, b: number) => this.titleText[a] === this.titleText[b]] as const,
      artist: [this.byArtist, (a: number, b: number) => this.artistText[a] === this.artistText[b]] as const,
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

  /**
   * Work arrays of a search, one slot each, lent zeroed and taken back after it (a search runs to its end before
   * another begins): a search at 100,000 songs needs about a megabyte of them, and allocating it again for every
   * search made garbage collection run often and long.
   */
  protected readonly work = new WorkArrays();
}
