import { compareLexemes, trigramKeys } from "./pg-text.js";

// The song index's building blocks: growable lists of song slots, lexicons of postings, numbered texts with their
// trigrams, work arrays lent to a search, and the sorted lists its orders are kept in.

/**
 * A growable list of slots, each with a number of its own when `terms` is kept (a head lexeme's score, a float4:
 * `lexemeScore`). It grows by a quarter at a time, not doubling, and `trim` gives back what a reading left unused:
 * the postings are most of the index's memory (search.ts, "Memory").
 */
export class Slots {
  items = new Int32Array(4);
  terms: Float32Array | undefined;
  length = 0;
  push(slot: number, term?: number): void {
    if (this.length === this.items.length) this.resize(this.length + Math.max(4, this.length >> 2));
    if (term !== undefined) {
      this.terms ??= new Float32Array(this.items.length);
      this.terms[this.length] = term;
    }
    this.items[this.length++] = slot;
  }

  /** Gives back the room past the last slot. */
  trim(): void {
    if (this.items.length > this.length) this.resize(this.length);
  }

  private resize(capacity: number): void {
    const items = new Int32Array(capacity);
    items.set(this.items.subarray(0, this.length));
    this.items = items;
    if (this.terms) {
      const terms = new Float32Array(capacity);
      terms.set(this.terms.subarray(0, this.length));
      this.terms = terms;
    }
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
export class Lexicon {
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

  /** Gives back the room past the last slot of every posting. */
  trim(): void {
    for (const posting of this.postings.values()) posting.trim();
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
export class Stamped<T extends Int32Array | Float64Array> {
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

export interface TextMemo {
  get(text: number): number | undefined;
  set(text: number, value: number): void;
}

/**
 * The distinct texts of one field (titles, or artists), each numbered, with its trigrams in order (`gramsOf`), all
 * texts' trigrams kept in one array rather than an array each. With `byText` (artists), each text's songs and its
 * trigrams' postings over text numbers too: a typo is then looked for once per distinct text, so an artist of 20,000
 * songs is compared once, not counted 20,000 times a trigram. Titles, nearly one a song, keep their trigram postings
 * by song (`SongIndex.titleTrigrams`).
 */
export class TextTable {
  private readonly idOf = new Map<string, number>();
  /** Texts numbered so far. */
  size = 0;
  /** Every text's trigram numbers one after another; text n's end in `ends[n]`, its start at the end before. */
  private pool = new Int32Array(1024);
  private ends = new Int32Array(256);
  readonly byText: { songs: Slots[]; trigrams: Lexicon } | undefined;
  /** Per text, how many of a needle's trigrams it holds (`markTypos`); zeroed again after each use. */
  private counts = new Uint16Array(0);

  constructor(
    private readonly toGrams: (text: string) => Int32Array,
    byText: boolean,
  ) {
    this.byText = byText ? { songs: [], trigrams: new Lexicon() } : undefined;
  }

  /** The text's number, given when it is new; the song's slot is listed under it. */
  add(text: string, slot: number): number {
    let id = this.idOf.get(text);
    if (id === undefined) {
      id = this.size++;
      this.idOf.set(text, id);
      this.append(id, this.toGrams(text));
      if (this.byText) {
        this.byText.songs.push(new Slots());
        for (const key of new Set(trigramKeys(text))) this.byText.trigrams.add(key, id);
      }
    }
    if (this.byText) this.byText.songs[id]!.push(slot);
    return id;
  }

  /** Text `id`'s trigrams in order (a view into the one array: read it before the next `add`). */
  gramsOf(id: number): Int32Array {
    return this.pool.subarray(id === 0 ? 0 : this.ends[id - 1]!, this.ends[id]!);
  }

  private append(id: number, grams: Int32Array): void {
    const start = id === 0 ? 0 : this.ends[id - 1]!;
    if (start + grams.length > this.pool.length) {
      const pool = new Int32Array(start + grams.length + ((start + grams.length) >> 2));
      pool.set(this.pool.subarray(0, start));
      this.pool = pool;
    }
    this.pool.set(grams, start);
    if (id === this.ends.length) {
      const ends = new Int32Array(id + Math.max(256, id >> 2));
      ends.set(this.ends);
      this.ends = ends;
    }
    this.ends[id] = start + grams.length;
  }

  /** Gives back the room past the last text. */
  trim(): void {
    const used = this.size === 0 ? 0 : this.ends[this.size - 1]!;
    if (this.pool.length > used) this.pool = this.pool.slice(0, used);
    if (this.ends.length > this.size) this.ends = this.ends.slice(0, this.size);
    if (this.byText) {
      this.byText.trigrams.trim();
      for (const songs of this.byText.songs) songs.trim();
    }
  }

  /** Whether each title holds a word, by text number, new for each word (`typoMatchesOf`). */
  memo(): TextMemo {
    const stamp = this.known.next(this.size);
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
    if (this.counts.length < this.size) this.counts = new Uint16Array(this.size * 2);
    return this.counts;
  }
}

/** Code point order, as PostgreSQL's C collation compares UTF-8 bytes (the order of lexemes, pg-text.ts). */
export const compareCodePoints = compareLexemes;

export const compareIds = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** Arrays of `size` entries, lent between `begin` and `end`: zeroed when lent, except the lists of slot sets. */
export class WorkArrays {
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
export type SlotList = ArrayLike<number> & Iterable<number>;

/** A set of slots: marked in a mask, and listed once each (in a work array, `length` of them). */
export class SlotSet {
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
export interface OrderInfo {
  order: number[];
  position: Int32Array;
  starts: Int32Array;
}

/** The first `k` of `items` by `before`, in that order: selected one by one for a short page, sorted for a long one. */
export function firstOf(items: SlotList, k: number, before: (a: number, b: number) => boolean): number[] {
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

export const NO_GRAMS = new Int32Array(0);

/** `SongIndex.alive`: a living song every signed-in person may see, and another living one. */
export const PUBLIC = 1;
export const LIVING = 2;

export function lowerBound(list: number[], slot: number, compare: (a: number, b: number) => number): number {
  let low = 0;
  let high = list.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (compare(list[middle]!, slot) < 0) low = middle + 1;
    else high = middle;
  }
  return low;
}

export function insertSorted(list: number[], slot: number, compare: (a: number, b: number) => number): void {
  list.splice(lowerBound(list, slot, compare), 0, slot);
}

export function removeSorted(list: number[], slot: number, compare: (a: number, b: number) => number): void {
  let at = lowerBound(list, slot, compare);
  while (at < list.length && list[at] !== slot && compare(list[at]!, slot) === 0) at++;
  if (list[at] === slot) list.splice(at, 1);
  else {
    const found = list.indexOf(slot);
    if (found >= 0) list.splice(found, 1);
  }
}
