import { IndexStore } from "./index-store.js";
import { NO_GRAMS, PUBLIC, type SlotSet, Stamped } from "./index-structures.js";
import { iterateWordSimilarity, trigramKeys, WORD_SIMILARITY_THRESHOLD } from "./pg-text.js";

/**
 * Typo matching in the song index: pg_trgm's word similarity of a search word with titles and artists, computed on
 * trigram numbers as pg-text.ts computes it; which songs and artists hold a word as a likely typo, worked out once
 * per word for every caller and kept (at most `TYPO_WORDS_KEPT` words) until songs are renumbered. Songs and artists
 * added since a word was worked out are compared when it is next asked, they alone: a library being written keeps
 * what it found.
 */
export abstract class TypoMatching extends IndexStore {
  protected override forgetTypos(): void {
    this.typoMatches.clear();
    this.typoSlotsKept = 0;
  }

  /**
   * A search text's distinct trigrams (pg_trgm's `found` trigrams), each its number, in order of first appearance;
   * one the index has never seen gets a number of its own below zero.
   */
  protected needleGrams(text: string): Int32Array {
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
   * whoever asks (`markTypos`), with how many slots and artists were compared (`extended` compares those added
   * since). Emptied when slots are renumbered; a song removed is dead in `alive` and skipped. At most `TYPO_WORDS_KEPT` words and
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
  protected similarity(needle: Int32Array, haystack: Int32Array, stopAt: number | undefined): number {
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

  /**
   * The slots whose title or artist holds `folded` as a likely typo (`title_norm %> folded`, likewise artist), of
   * those marked in every `required` mask, not in `set` yet and, with `seenToo` (no filter but words and tags),
   * that the caller may see. What holds the word is the same for every caller: worked out once (`typoMatchesOf`) and
   * kept while no song is added.
   */
  protected markTypos(
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
      const before = typoSize(matches);
      matches = this.extended(matches, folded);
      this.typoSlotsKept += typoSize(matches) - before;
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
    if (needle.length === 0)
      return {
        titleSlots: NO_GRAMS,
        artists: NO_GRAMS,
        slotsSeen: this.songIds.length,
        artistsSeen: this.artistTexts.size,
      };
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
        holding = holds(titleTexts.gramsOf(text)) ? 1 : 0;
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
    artistCounts.fill(0, 0, artists.size);
    const matched = reachedArtists.filter((text) => holds(artists.gramsOf(text)));
    return {
      titleSlots: Int32Array.from(titleSlots),
      artists: Int32Array.from(matched),
      slotsSeen: this.songIds.length,
      artistsSeen: artists.size,
    };
  }

  /**
   * `matches` with the songs and artists added since it was worked out compared too (each new title and artist
   * once). A new song the word's prefix finds may be listed: marking skips a song already marked (`markTypos`).
   */
  private extended(matches: TypoMatches, folded: string): TypoMatches {
    const slots = this.songIds.length;
    const artists = this.artistTexts;
    if (matches.slotsSeen === slots && matches.artistsSeen === artists.size) return matches;
    const needleIds = this.needleGrams(folded);
    const holds = (grams: Int32Array) =>
      needleIds.length > 0 &&
      this.similarity(needleIds, grams, WORD_SIMILARITY_THRESHOLD) >= WORD_SIMILARITY_THRESHOLD;
    const known = this.titleTexts.memo();
    const titleSlots = Array.from(matches.titleSlots);
    for (let slot = matches.slotsSeen; slot < slots; slot++) {
      if (!this.alive[slot]) continue;
      const text = this.titleText[slot]!;
      let holding = known.get(text);
      if (holding === undefined) {
        holding = holds(this.titleTexts.gramsOf(text)) ? 1 : 0;
        known.set(text, holding);
      }
      if (holding === 1) titleSlots.push(slot);
    }
    const matched = Array.from(matches.artists);
    for (let text = matches.artistsSeen; text < artists.size; text++)
      if (holds(artists.gramsOf(text))) matched.push(text);
    return {
      titleSlots: Int32Array.from(titleSlots),
      artists: Int32Array.from(matched),
      slotsSeen: slots,
      artistsSeen: artists.size,
    };
  }
}

/**
 * What holds a word as a likely typo: songs by their title (slots), artists (text numbers); the slots and artist
 * texts compared (those numbered from these on were added since).
 */
interface TypoMatches {
  titleSlots: Int32Array;
  artists: Int32Array;
  slotsSeen: number;
  artistsSeen: number;
}

/** Words whose typo matches an index keeps, and songs and artists listed in them all; beyond, the least recently asked go. */
const TYPO_WORDS_KEPT = 2_000;
const typoSize = (matches: TypoMatches) => matches.titleSlots.length + matches.artists.length;
const TYPO_SLOTS_KEPT = 2_000_000;
