import { inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { songChoirs, songs, songTags, tags } from "../src/db/schema/index.js";
import {
  addMember,
  bearer,
  createChoir,
  createTestApp,
  signInPerson,
  type TestContext,
  type TestPerson,
} from "./helpers.js";

/**
 * Search against a brute-force model over a generated corpus. The vocabulary's words share no trigram with
 * each other, so the typo-tolerant matching can only find what the word-prefix matching finds too, and the
 * model can say exactly which songs a query must return.
 */
const CORPUS_SIZE = 2000;

/** A small seeded generator (mulberry32), so the corpus is the same on every run. */
function seeded(seed: number) {
  let state = seed >>> 0;
  return {
    nextInt(min: number, max: number): number {
      state = (state + 0x6d2b79f5) >>> 0;
      let t = state;
      t = Math.imul(t ^ (t >>> 15), t | 1);
      t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
      const unit = ((t ^ (t >>> 14)) >>> 0) / 4294967296;
      return min + Math.floor(unit * (max - min + 1));
    },
  };
}

const fold = (text: string) => text.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase();

function trigrams(word: string): Set<string> {
  const padded = `  ${fold(word)} `;
  const set = new Set<string>();
  for (let i = 0; i + 3 <= padded.length; i++) set.add(padded.slice(i, i + 3));
  return set;
}

const TAG_NAMES = ["Misa", "Adviento", "Navidad", "Cuaresma", "Pascua", "Himno", "Salmo", "Comunión"];

/**
 * Words (some with accents) that share no trigram with each other or with the tag names, except the two a word's
 * first letters make ("  b", " ba"): too few for a typo match of a query of five letters or more.
 */
function vocabulary(size: number, seed: number): string[] {
  const consonants = "bcdfgjklmnprstvz";
  const vowels = ["a", "e", "i", "o", "u", "á", "é", "í", "ó", "ú"];
  const rng = seeded(seed);
  const interior = (word: string) => [...trigrams(word)].slice(2);
  const used = new Set(TAG_NAMES.flatMap((tag) => [...trigrams(tag)]));
  const words: string[] = [];
  for (let attempt = 0; words.length < size; attempt++) {
    if (attempt > 200_000) throw new Error("vocabulary: ran out of attempts");
    let word = "";
    const syllables = 3 + rng.nextInt(0, 1);
    for (let s = 0; s < syllables; s++) {
      word += consonants[rng.nextInt(0, consonants.length - 1)];
      word += vowels[rng.nextInt(0, vowels.length - 1)];
    }
    const grams = interior(word);
    if (grams.some((g) => used.has(g))) continue;
    for (const g of grams) used.add(g);
    words.push(word);
  }
  return words;
}

interface ModelSong {
  id: string;
  title: string;
  artist: string | null;
  lyrics: string;
  tags: string[];
  visibility: 0 | 1 | 2;
  creatorId: string;
  choirIds: string[];
}

describe.each([
  { mode: "in-memory index", env: {} as Record<string, string> },
  { mode: "search statement", env: { SEARCH_INDEX: "off" } },
])("song search against a brute-force model ($mode)", ({ mode, env }) => {
  let ctx: TestContext;
  let people: TestPerson[];
  let choirIds: string[];
  let memberships: Map<string, Set<string>>;
  let corpus: ModelSong[];
  let titleOrder: Map<string, number>;
  let words: string[];

  beforeAll(async () => {
    ctx = await createTestApp(env);
    await ctx.app.searchIndex.start();
    expect(ctx.app.searchIndex.state).toBe(mode === "in-memory index" ? "ready" : "off");
    people = [
      await signInPerson(ctx.app, "alice"),
      await signInPerson(ctx.app, "bruno"),
      await signInPerson(ctx.app, "carmen"),
    ];
    const [alice, bruno, carmen] = people as [TestPerson, TestPerson, TestPerson];
    const choirA = await createChoir(ctx.app, alice);
    const choirB = await createChoir(ctx.app, bruno);
    await addMember(ctx.app, choirA.id, carmen);
    choirIds = [choirA.id, choirB.id];
    memberships = new Map([
      [alice.id, new Set([choirA.id])],
      [bruno.id, new Set([choirB.id])],
      [carmen.id, new Set([choirA.id])],
    ]);

    words = vocabulary(60, 42);
    const tagNames = TAG_NAMES;
    const rng = seeded(7);
    const pick = <T>(list: readonly T[]) => list[rng.nextInt(0, list.length - 1)]!;
    const titles = new Set<string>();
    const rows: (typeof songs.$inferInsert & { tagList: string[]; choirList: string[] })[] = [];
    while (rows.length < CORPUS_SIZE) {
      const title = `${pick(words)} ${pick(words)} ${pick(words)}`;
      if (titles.has(fold(title))) continue;
      titles.add(fold(title));
      const visibility = pick([0, 1, 1, 2] as const);
      const creator = pick(people);
      const lyrics = Array.from({ length: 6 }, () => pick(words)).join(" ");
      rows.push({
        title: title.charAt(0).toUpperCase() + title.slice(1),
        artist: rng.nextInt(0, 4) === 0 ? null : `${pick(words)} ${pick(words)}`,
        content: `{title: ${title}}\n[G]${lyrics.replace(" ", " [C]")}\n{comment: ${pick(words)}}`,
        visibility,
        creatorId: creator.id,
        tagList: [...new Set(Array.from({ length: rng.nextInt(0, 3) }, () => pick(tagNames)))],
        choirList: visibility === 2 ? [...(memberships.get(creator.id) ?? [])] : [],
      });
    }
    await ctx.app.db
      .insert(tags)
      .values(tagNames.map((name) => ({ name })))
      .onConflictDoNothing();
    const tagRows = await ctx.app.db.select().from(tags).where(inArray(tags.name, tagNames));
    const tagId = new Map(tagRows.map((t) => [t.name, t.id]));
    corpus = [];
    for (let start = 0; start < rows.length; start += 250) {
      const batch = rows.slice(start, start + 250);
      const inserted = await ctx.app.db
        .insert(songs)
        .values(batch.map(({ tagList, choirList, ...row }) => ({ ...row, tagsText: tagList.join(" ") })))
        .returning({ id: songs.id });
      const links = batch.flatMap((row, i) =>
        row.tagList.map((name) => ({ songId: inserted[i]!.id, tagId: tagId.get(name)! })),
      );
      if (links.length) await ctx.app.db.insert(songTags).values(links);
      const shared = batch.flatMap((row, i) =>
        row.choirList.map((choirId) => ({ songId: inserted[i]!.id, choirId })),
      );
      if (shared.length) await ctx.app.db.insert(songChoirs).values(shared);
      batch.forEach((row, i) => {
        corpus.push({
          id: inserted[i]!.id,
          title: row.title,
          artist: row.artist ?? null,
          lyrics: row.content.replace(/\[[^\]]*\]/g, "").replace(/\{[^}]*\}/g, " "),
          tags: row.tagList,
          visibility: row.visibility as 0 | 1 | 2,
          creatorId: row.creatorId,
          choirIds: row.choirList,
        });
      });
    }
    // The database's own collation decides title order; the model sorts by it.
    const ordered = await ctx.app.db.select({ id: songs.id }).from(songs).orderBy(songs.titleNorm, songs.id);
    titleOrder = new Map(ordered.map((row, index) => [row.id, index]));
  }, 120_000);
  afterAll(() => ctx?.close());

  const visible = (song: ModelSong, userId: string) =>
    song.creatorId === userId ||
    song.visibility === 1 ||
    (song.visibility === 2 && song.choirIds.some((choirId) => memberships.get(userId)?.has(choirId)));

  const wordsOf = (text: string | null) => (text ? (fold(text).match(/[\p{L}\p{N}]+/gu) ?? []) : []);

  interface Query {
    caller: number;
    searchTerm?: string;
    title?: string;
    artist?: string;
    content?: string;
    tags?: string[];
    visibility?: 0 | 1 | 2;
    choir?: number;
    user?: number;
    onlyUserCreated?: boolean;
    sortDirection?: "asc" | "desc";
    take: number;
  }

  function expected(query: Query): string[] {
    const caller = people[query.caller]!;
    const matches = corpus.filter((song) => {
      if (!visible(song, caller.id)) return false;
      if (query.searchTerm) {
        const haystack = [
          ...wordsOf(song.title),
          ...wordsOf(song.artist),
          ...song.tags.flatMap(wordsOf),
          ...wordsOf(song.lyrics),
        ];
        if (!wordsOf(query.searchTerm).every((w) => haystack.some((h) => h.startsWith(w)))) return false;
      }
      if (query.title && !fold(song.title).includes(fold(query.title))) return false;
      if (query.artist && !fold(song.artist ?? "").includes(fold(query.artist))) return false;
      if (query.content && !fold(song.lyrics).includes(fold(query.content))) return false;
      if (query.tags && !query.tags.every((t) => song.tags.some((s) => s.toLowerCase() === t.toLowerCase())))
        return false;
      if (query.visibility !== undefined && song.visibility !== query.visibility) return false;
      if (query.choir !== undefined && !song.choirIds.includes(choirIds[query.choir]!)) return false;
      if (query.user !== undefined && song.creatorId !== people[query.user]!.id) return false;
      if (query.onlyUserCreated && song.creatorId !== caller.id) return false;
      return true;
    });
    const sorted = matches.map((s) => s.id).sort((a, b) => titleOrder.get(a)! - titleOrder.get(b)!);
    return query.sortDirection === "desc" ? sorted.reverse() : sorted;
  }

  async function allPages(query: Query, sortBy = "title") {
    const params = new URLSearchParams({ sortBy, take: String(query.take) });
    if (query.sortDirection) params.set("sortDirection", query.sortDirection);
    if (query.searchTerm) params.set("searchTerm", query.searchTerm);
    if (query.title) params.set("title", query.title);
    if (query.artist) params.set("artist", query.artist);
    if (query.content) params.set("content", query.content);
    for (const tag of query.tags ?? []) params.append("tags", tag);
    if (query.visibility !== undefined) params.set("visibility", String(query.visibility));
    if (query.choir !== undefined) params.set("choirId", choirIds[query.choir]!);
    if (query.user !== undefined) params.set("userId", people[query.user]!.id);
    if (query.onlyUserCreated) params.set("onlyUserCreated", "true");
    const ids: string[] = [];
    const totals = new Set<number>();
    for (let skip = 0; ; skip += query.take) {
      params.set("skip", String(skip));
      const response = await ctx.app.inject({
        method: "GET",
        url: `/api/songs/search?${params}`,
        headers: bearer(people[query.caller]!.token),
      });
      expect(response.statusCode).toBe(200);
      const page = response.json();
      totals.add(page.totalCount);
      ids.push(...page.songs.map((s: { songId: string }) => s.songId));
      expect(page.hasMore).toBe(skip + page.songs.length < page.totalCount);
      if (!page.hasMore) break;
    }
    return { ids, totals: [...totals] };
  }

  const queries = (): Query[] => {
    const w = (i: number) => words[i]!;
    const stripped = (word: string) => fold(word);
    return [
      { caller: 0, take: 100 },
      { caller: 1, take: 100, sortDirection: "desc" },
      { caller: 2, take: 37 },
      { caller: 0, take: 50, searchTerm: w(0) },
      { caller: 1, take: 50, searchTerm: stripped(w(1)) },
      { caller: 2, take: 50, searchTerm: w(2).slice(0, 5) },
      { caller: 0, take: 20, searchTerm: `${w(3)} ${w(4)}` },
      { caller: 1, take: 50, searchTerm: w(5).toUpperCase() },
      { caller: 0, take: 50, searchTerm: "Misa" },
      { caller: 2, take: 25, searchTerm: stripped(w(6)).slice(0, 5) },
      { caller: 0, take: 100, title: w(7) },
      { caller: 1, take: 100, title: stripped(w(8)).slice(1, 5) },
      { caller: 2, take: 100, artist: w(9) },
      { caller: 0, take: 100, content: w(10) },
      { caller: 0, take: 100, tags: ["misa"] },
      { caller: 1, take: 100, tags: ["Misa", "Himno"] },
      { caller: 2, take: 100, tags: ["Comunión", "navidad"], sortDirection: "desc" },
      { caller: 0, take: 100, visibility: 0 },
      { caller: 1, take: 100, visibility: 2 },
      { caller: 2, take: 100, visibility: 2 },
      { caller: 0, take: 100, choir: 0 },
      { caller: 1, take: 100, choir: 0 },
      { caller: 2, take: 100, choir: 0, tags: ["salmo"] },
      { caller: 1, take: 100, user: 0 },
      { caller: 2, take: 100, user: 1, visibility: 0 },
      { caller: 0, take: 100, onlyUserCreated: true },
      { caller: 1, take: 30, onlyUserCreated: true, searchTerm: w(11) },
      { caller: 2, take: 15, searchTerm: w(12), tags: ["pascua"] },
      { caller: 0, take: 10, searchTerm: w(13).slice(0, 5), sortDirection: "desc" },
      { caller: 1, take: 100, searchTerm: "zzzqqq" },
    ];
  };

  it("returns the model's totals and pages, without duplicates, for 30 queries", async () => {
    const list = queries();
    expect(list).toHaveLength(30);
    const answered = ctx.app.searchIndex.answered;
    for (const query of list) {
      const want = expected(query);
      const got = await allPages(query);
      const label = JSON.stringify(query);
      expect(got.totals, label).toEqual([want.length]);
      expect(new Set(got.ids).size, `${label}: duplicates across pages`).toBe(got.ids.length);
      expect(got.ids, label).toEqual(want);
    }
    // The index answers every search but those with a title, artist or lyrics filter (4 of them, one page each).
    if (mode === "in-memory index")
      expect(ctx.app.searchIndex.answered - answered).toBeGreaterThanOrEqual(26);
    else expect(ctx.app.searchIndex.answered).toBe(0);
    // the corpus makes the comparison meaningful: queries return something and the callers differ
    expect(expected({ caller: 0, take: 1, searchTerm: words[0] }).length).toBeGreaterThan(0);
    expect(expected({ caller: 0, take: 1 }).length).not.toBe(expected({ caller: 1, take: 1 }).length);
  }, 120_000);

  it("filters by lyrics as the model does: accents, case, phrases across chords, LIKE characters", async () => {
    const lyricsOf = corpus[11]!.lyrics.trim().split(/\s+/);
    const cases: Query[] = [
      { caller: 0, take: 100, content: words[16]!.toUpperCase() },
      { caller: 1, take: 100, content: fold(words[17]!).slice(1, 6) },
      { caller: 2, take: 50, content: `${lyricsOf[0]} ${lyricsOf[1]}` },
      {
        caller: 0,
        take: 100,
        content: `${fold(lyricsOf[2]!)} ${lyricsOf[3]!.slice(0, 3)}`,
        searchTerm: lyricsOf[2],
      },
      { caller: 1, take: 100, content: "%" },
      { caller: 2, take: 100, content: "_" },
      { caller: 0, take: 100, content: "[G]" },
      { caller: 1, take: 100, content: "comment" },
    ];
    for (const query of cases) {
      const want = expected(query);
      const got = await allPages(query);
      const label = JSON.stringify(query);
      expect(got.totals, label).toEqual([want.length]);
      expect(got.ids, label).toEqual(want);
    }
    expect(expected(cases[2]!).length).toBeGreaterThan(0);
  }, 120_000);

  it("sorts by tags: each song's first tag alphabetically, songs without tags last, then by title", async () => {
    // The model's order: first tag (folded), none last in either direction, ties by the database's title order.
    const byId = new Map(corpus.map((song) => [song.id, song]));
    const tagKey = (id: string) => {
      const folded = byId.get(id)!.tags.map(fold).sort();
      return folded[0] ?? null;
    };
    const byTags = (ids: string[], direction: "asc" | "desc") =>
      [...ids].sort((a, b) => {
        const [ka, kb] = [tagKey(a), tagKey(b)];
        if (ka !== kb) {
          if (ka === null) return 1;
          if (kb === null) return -1;
          return (ka < kb ? -1 : 1) * (direction === "asc" ? 1 : -1);
        }
        return titleOrder.get(a)! - titleOrder.get(b)!;
      });
    const cases: Query[] = [
      { caller: 0, take: 100 },
      { caller: 1, take: 45, sortDirection: "desc" },
      { caller: 2, take: 30, searchTerm: words[15]! },
      { caller: 0, take: 100, tags: ["misa"], sortDirection: "desc" },
    ];
    for (const query of cases) {
      const want = byTags(expected({ ...query, sortDirection: undefined }), query.sortDirection ?? "asc");
      const got = await allPages(query, "tags");
      const label = JSON.stringify(query);
      expect(got.totals, label).toEqual([want.length]);
      expect(got.ids, label).toEqual(want);
      // the order is not the title order: songs are grouped by their tags, untagged ones at the end
      expect(want, label).not.toEqual([...want].sort((a, b) => titleOrder.get(a)! - titleOrder.get(b)!));
      if (!query.tags) expect(tagKey(want.at(-1)!), label).toBeNull();
    }
  }, 120_000);

  it("ranks by relevance when a term is given, over the same set as the model", async () => {
    const term = words[14]!;
    const response = await ctx.app.inject({
      method: "GET",
      url: `/api/songs/search?searchTerm=${encodeURIComponent(term)}&take=100`,
      headers: bearer(people[0]!.token),
    });
    const page = response.json();
    const want = expected({ caller: 0, take: 100, searchTerm: term });
    expect(page.totalCount).toBe(want.length);
    const got: string[] = page.songs.map((s: { songId: string }) => s.songId);
    expect(want.length).toBeGreaterThan(0);
    expect(got).toHaveLength(Math.min(100, want.length));
    for (const id of got) expect(want).toContain(id);
    // a title match outranks a lyrics-only match
    const titles = page.songs.map((s: { title: string }) => fold(s.title).split(" ").includes(fold(term)));
    const firstLyricsOnly = titles.indexOf(false);
    if (firstLyricsOnly >= 0) expect(titles.slice(firstLyricsOnly).includes(true)).toBe(false);
    // title, artist and tag matches come first; the lyrics-only matches after them, in title order
    const byId = new Map(corpus.map((song) => [song.id, song]));
    const inHead = (id: string) => {
      const song = byId.get(id)!;
      const head = [...wordsOf(song.title), ...wordsOf(song.artist), ...song.tags.flatMap(wordsOf)];
      return head.some((word) => word.startsWith(fold(term)));
    };
    const all: string[] = [];
    for (let skip = 0; skip < page.totalCount; skip += 100) {
      const next = await ctx.app.inject({
        method: "GET",
        url: `/api/songs/search?searchTerm=${encodeURIComponent(term)}&take=100&skip=${skip}`,
        headers: bearer(people[0]!.token),
      });
      all.push(...next.json().songs.map((s: { songId: string }) => s.songId));
    }
    expect(all.slice(0, got.length)).toEqual(got);
    expect([...all].sort()).toEqual([...want].sort());
    const heads = all.map(inHead);
    const firstTail = heads.indexOf(false);
    expect(firstTail).toBeGreaterThan(0);
    expect(heads.slice(firstTail).includes(true)).toBe(false);
    const tail = all.slice(firstTail).map((id) => titleOrder.get(id)!);
    expect(tail).toEqual([...tail].sort((a, b) => a - b));
  }, 60_000);
});
