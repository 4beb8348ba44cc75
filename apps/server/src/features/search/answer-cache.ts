/**
 * Song search answers kept for asking again, in this server's memory.
 *
 * The database keeps one number, the search generation (the sum of table `search_generation`, whose rows its
 * triggers raise in the same transaction as any change a search can answer: a song, its tags or choirs, a
 * membership, a tag, a creator's or a choir's name; migrations 0011 and 0016). A search reads the number in the same
 * snapshot as its results, and its answer is
 * kept under it. A later search reads the number first: while it stands, nothing a search reads has changed, so a
 * kept answer is the answer. A higher number empties the cache at once. Correct with several servers on one
 * database: each reads the number from the database, none trusts its own writes.
 *
 * Answers are kept least recently used first out, within `maxBytes` (an estimate of each answer's size).
 */
export class SearchCache<Value> {
  #generation = -1;
  #entries = new Map<string, { value: Value; bytes: number }>();
  #bytes = 0;
  hits = 0;
  misses = 0;

  constructor(readonly maxBytes: number) {}

  get enabled(): boolean {
    return this.maxBytes > 0;
  }

  get size(): number {
    return this.#entries.size;
  }

  get bytes(): number {
    return this.#bytes;
  }

  /** The answer kept for `key`, when the database's generation is still the one it was computed at. */
  get(key: string, generation: number): Value | undefined {
    this.#advance(generation);
    const entry = generation === this.#generation ? this.#entries.get(key) : undefined;
    if (!entry) {
      this.misses += 1;
      return undefined;
    }
    // Most recently used last.
    this.#entries.delete(key);
    this.#entries.set(key, entry);
    this.hits += 1;
    return entry.value;
  }

  /** Keeps an answer computed at `generation`; one computed before a newer generation was seen is dropped. */
  set(key: string, generation: number, value: Value, bytes: number): void {
    this.#advance(generation);
    if (generation !== this.#generation || bytes > this.maxBytes) return;
    const previous = this.#entries.get(key);
    if (previous) {
      this.#entries.delete(key);
      this.#bytes -= previous.bytes;
    }
    while (this.#bytes + bytes > this.maxBytes) {
      const oldest = this.#entries.entries().next().value;
      if (!oldest) break;
      this.#entries.delete(oldest[0]);
      this.#bytes -= oldest[1].bytes;
    }
    this.#entries.set(key, { value, bytes });
    this.#bytes += bytes;
  }

  #advance(generation: number) {
    if (generation <= this.#generation) return;
    this.#generation = generation;
    this.#entries.clear();
    this.#bytes = 0;
  }
}
