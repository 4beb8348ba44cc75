import { eq, inArray } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../src/app.js";
import type { Database } from "../src/db/client.js";
import { choirMembers, songChoirs, songs, songTags, tags } from "../src/db/schema/index.js";
import {
  addMember,
  bearer,
  createChoir,
  MovableClock,
  openTestDatabase,
  signInPerson,
  type TestPerson,
  testConfig,
} from "./helpers.js";

/**
 * The in-memory song index against the search statement: two servers on one database, one with the index and one
 * without, must give the same answers — totals, pages and their order, relevance included — for searches as people
 * type them (prefixes, whole words, typos, several words, artists, tags, every order, pages); and a server with the
 * index must see every change committed before a search, made on it, on another server or by hand in SQL.
 */

/** A small seeded generator (mulberry32), so the corpus and the queries are the same on every run. */
function seeded(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    pick: <T>(list: readonly T[]) => list[Math.floor(next() * list.length)]!,
  };
}

const WORDS = [
  "amor",
  "luz",
  "paz",
  "cielo",
  "gloria",
  "santo",
  "señor",
  "corazón",
  "alegría",
  "camino",
  "vida",
  "agua",
  "fuego",
  "pan",
  "mesa",
  "canto",
  "noche",
  "día",
  "sol",
  "mar",
  "tierra",
  "esperanza",
  "gracia",
  "hermano",
  "pueblo",
  "madre",
  "aleluya",
  "hosanna",
  "cordero",
  "cruz",
  "reino",
  "estrella",
  "montaña",
  "río",
  "viento",
  "voz",
  "mañana",
  "alba",
  "light",
  "peace",
  "grace",
  "glory",
  "holy",
  "morning",
  "heart",
  "river",
  "mountain",
  "joy",
  "bread",
  "table",
  "star",
  "king",
  "lamb",
  "night",
  "love",
  "hope",
  "faith",
  "shepherd",
  "song",
  "voice",
  "praise",
  "spirit",
  "alleluia",
  "lámpara",
  "caminante",
  "camisa",
  "luminoso",
  "gozo",
  "gozoso",
  "paloma",
  "palabra",
  "sembrador",
  "semilla",
];
const ARTISTS = [
  "Ana Brooks",
  "David Márquez",
  "Nuria Muñoz",
  "Peter Lane",
  "Lucía Ortega",
  "Tomás Ibáñez",
  "Grace Hill",
  "José Luis Peña",
  "Marta Soler",
  "John Carrow",
];
const TAGS = ["Misa", "Adviento", "Navidad", "Cuaresma", "Pascua", "Comunión", "Entrada", "Salmo"];
const SONGS = 1500;

interface Answer {
  totalCount: number;
  hasMore: boolean;
  songs: { songId: string; title: string }[];
}

async function search(app: FastifyInstance, person: TestPerson, query: string): Promise<Answer> {
  const response = await app.inject({
    method: "GET",
    url: `/api/songs/search?${query}`,
    headers: bearer(person.token),
  });
  expect(response.statusCode, `${query}: ${response.body}`).toBe(200);
  return response.json();
}

describe("the in-memory song index", () => {
  let database: Database;
  let drop: () => Promise<void>;
  let indexed: FastifyInstance;
  let other: FastifyInstance;
  let statement: FastifyInstance;
  let people: TestPerson[];
  let choirIds: string[];

  beforeAll(async () => {
    ({ database, drop } = await openTestDatabase());
    const build = (env: Record<string, string>) =>
      buildApp({ config: testConfig(env), database, clock: new MovableClock(), logger: false });
    indexed = await build({});
    other = await build({});
    statement = await build({ SEARCH_INDEX: "off" });
    await Promise.all([indexed.ready(), other.ready(), statement.ready()]);
    people = [
      await signInPerson(indexed, "alma"),
      await signInPerson(indexed, "beto"),
      await signInPerson(indexed, "clara"),
    ];
    const [alma, beto, clara] = people as [TestPerson, TestPerson, TestPerson];
    choirIds = [(await createChoir(indexed, alma)).id, (await createChoir(indexed, beto)).id];
    await addMember(indexed, choirIds[0]!, clara);

    const rng = seeded(11);
    await database.db
      .insert(tags)
      .values(TAGS.map((name) => ({ name })))
      .onConflictDoNothing();
    const tagRows = await database.db.select().from(tags).where(inArray(tags.name, TAGS));
    for (let start = 0; start < SONGS; start += 250) {
      const batch = Array.from({ length: Math.min(250, SONGS - start) }, () => {
        const titleWords = Array.from({ length: rng.int(1, 4) }, () => rng.pick(WORDS));
        const title = titleWords.join(" ");
        const visibility = rng.pick([0, 1, 1, 1, 2] as const);
        const creator = rng.pick(people);
        return {
          title: title.charAt(0).toLocaleUpperCase() + title.slice(1),
          artist: rng.int(0, 3) === 0 ? null : rng.pick(ARTISTS),
          content: `{title: ${title}}\n[G]${Array.from({ length: rng.int(4, 24) }, () => rng.pick(WORDS)).join(" [D]")}`,
          visibility,
          creatorId: creator.id,
          tagList: [...new Set(Array.from({ length: rng.int(0, 3) }, () => rng.pick(tagRows)))],
          choirList: visibility === 2 ? [rng.pick(choirIds)] : [],
        };
      });
      const inserted = await database.db
        .insert(songs)
        .values(batch.map(({ tagList, choirList, ...row }) => ({ ...row, tagsText: "" })))
        .returning({ id: songs.id });
      const links = batch.flatMap((row, i) =>
        row.tagList.map((tag) => ({ songId: inserted[i]!.id, tagId: tag.id })),
      );
      if (links.length > 0) await database.db.insert(songTags).values(links);
      const shared = batch.flatMap((row, i) =>
        row.choirList.map((choirId) => ({ songId: inserted[i]!.id, choirId })),
      );
      if (shared.length > 0) await database.db.insert(songChoirs).values(shared);
    }
    await Promise.all([indexed.searchIndex.start(), other.searchIndex.start()]);
  }, 120_000);

  afterAll(async () => {
    await indexed?.close();
    await other?.close();
    await statement?.close();
    await drop?.();
  });

  /** Searches as people type them: prefixes, words, typos, two words, artists, tags; every order and a few pages. */
  function queries(count: number): { caller: number; query: string }[] {
    const rng = seeded(5);
    const typo = (word: string) => {
      const at = rng.int(1, word.length - 2);
      return word.slice(0, at) + rng.pick(["e", "x", "o", "r"]) + word.slice(at + 1);
    };
    const list: { caller: number; query: string }[] = [];
    for (let i = 0; i < count; i++) {
      const params = new URLSearchParams();
      const word = rng.pick(WORDS);
      const shape = i % 8;
      if (shape === 0) params.set("searchTerm", word.slice(0, rng.int(3, Math.max(3, word.length))));
      else if (shape === 1) params.set("searchTerm", word);
      else if (shape === 2) params.set("searchTerm", word.length >= 5 ? typo(word) : word);
      else if (shape === 3) params.set("searchTerm", `${word} ${rng.pick(WORDS).slice(0, 4)}`);
      else if (shape === 4) params.set("searchTerm", rng.pick(ARTISTS));
      else if (shape === 5) params.set("searchTerm", typo(rng.pick(ARTISTS).split(" ").at(-1)!));
      else if (shape === 6) params.append("tags", rng.pick(TAGS).toLowerCase());
      else {
        params.set("searchTerm", word.slice(0, 4));
        params.append("tags", rng.pick(TAGS));
      }
      const sortBy = rng.pick(["relevance", "relevance", "title", "artist", "createdAt", undefined]);
      if (sortBy) params.set("sortBy", sortBy);
      if (rng.int(0, 2) === 0) params.set("sortDirection", rng.pick(["asc", "desc"]));
      params.set("skip", String(rng.pick([0, 0, 24, 48])));
      params.set("take", "24");
      if (rng.int(0, 9) === 0) params.set("visibility", String(rng.int(0, 2)));
      if (rng.int(0, 9) === 0) params.set("onlyUserCreated", "true");
      list.push({ caller: rng.int(0, 2), query: params.toString() });
    }
    return list;
  }

  it("answers as the search statement does: totals, pages and their order, for 160 searches as people type", async () => {
    const answered = indexed.searchIndex.answered;
    const inOne = indexed.searchIndex.answeredInOne;
    let nonEmpty = 0;
    let ranked = 0;
    for (const { caller, query } of queries(160)) {
      const person = people[caller]!;
      const want = await search(statement, person, query);
      const got = await search(indexed, person, query);
      expect(got.totalCount, query).toBe(want.totalCount);
      expect(got.hasMore, query).toBe(want.hasMore);
      expect(
        got.songs.map((song) => song.songId),
        query,
      ).toEqual(want.songs.map((song) => song.songId));
      // The same songs as the API shows them: text, creator, tags with their glossary names, choirs.
      expect(got.songs, query).toEqual(want.songs);
      if (want.songs.length > 1) nonEmpty++;
      if (want.songs.length > 1 && !query.includes("sortBy=") && query.includes("searchTerm")) ranked++;
    }
    expect(indexed.searchIndex.answered - answered).toBe(160);
    expect(statement.searchIndex.answered).toBe(0);
    // Nothing changes meanwhile: once a caller's choirs and the tags asked are known, one statement answers.
    expect(indexed.searchIndex.answeredInOne - inOne).toBeGreaterThan(120);
    // The comparison means something: most searches find several songs, some of them ranked.
    expect(nonEmpty).toBeGreaterThan(100);
    expect(ranked).toBeGreaterThan(10);
  }, 120_000);

  it("finds a song by a typo of its title word, ranked after the songs with the word itself", async () => {
    const [alma] = people as [TestPerson];
    const got = await search(indexed, alma, "searchTerm=sembradorr");
    const want = await search(statement, alma, "searchTerm=sembradorr");
    expect(got.songs.map((s) => s.songId)).toEqual(want.songs.map((s) => s.songId));
    expect(got.totalCount).toBeGreaterThan(0);
  });

  it("lets a word match as a typo from five letters on only, as the statement does", async () => {
    const [alma] = people as [TestPerson];
    // "mañn" is as close to "mañana" as "mañna" is (pg_trgm), but four letters are a word still being typed.
    for (const [term, found] of [
      ["mañna", true],
      ["mañn", false],
    ] as const) {
      const got = await search(indexed, alma, `searchTerm=${encodeURIComponent(term)}`);
      const want = await search(statement, alma, `searchTerm=${encodeURIComponent(term)}`);
      expect(
        got.songs.map((s) => s.songId),
        term,
      ).toEqual(want.songs.map((s) => s.songId));
      expect(got.totalCount, term).toBe(want.totalCount);
      expect(got.totalCount > 0, term).toBe(found);
    }
  });

  it("sees every change committed before a search: on this server, on another, and by hand in SQL", async () => {
    const [alma, beto, clara] = people as [TestPerson, TestPerson, TestPerson];
    const find = async (app: FastifyInstance, person: TestPerson, term: string) =>
      (await search(app, person, `searchTerm=${encodeURIComponent(term)}`)).songs.map((s) => s.songId);
    const write = async (
      app: FastifyInstance,
      method: "POST" | "PUT" | "DELETE",
      url: string,
      payload?: object,
    ) => {
      const response = await app.inject({ method, url, headers: bearer(alma.token), payload });
      expect(response.statusCode, response.body).toBeLessThan(300);
      return response.body ? response.json() : undefined;
    };
    const content = "{title: Zarzamora}\n[G]Zarzamora del [D]camino";
    const { songId } = await write(indexed, "POST", "/api/songs", {
      title: "Zarzamora",
      content,
      visibility: 1,
      tags: ["Vigilia"],
    });
    expect(await find(indexed, beto, "zarzamo")).toEqual([songId]);
    expect(await find(other, beto, "zarzamo")).toEqual([songId]);
    expect((await search(other, beto, "tags=vigilia")).songs.map((s) => s.songId)).toEqual([songId]);

    // Renamed through the other server: the old title word is gone from both, the new one found.
    await write(other, "PUT", `/api/songs/${songId}`, {
      title: "Kumquat",
      content: "{title: Kumquat}\n[G]Flor",
    });
    expect(await find(indexed, beto, "zarzamo")).toEqual([]);
    expect(await find(indexed, beto, "kumqu")).toEqual([songId]);

    // Private: no longer found by anyone else; shared with a choir: found by its members only.
    await write(indexed, "PUT", `/api/songs/${songId}/visibility`, { visibility: 0 });
    expect(await find(other, beto, "kumqu")).toEqual([]);
    expect(await find(other, alma, "kumqu")).toEqual([songId]);
    await database.db.update(songs).set({ visibility: 2 }).where(eq(songs.id, songId));
    await database.db.insert(songChoirs).values({ songId, choirId: choirIds[0]! });
    expect(await find(other, clara, "kumqu")).toEqual([songId]);
    expect(await find(other, beto, "kumqu")).toEqual([]);
    // A membership changed by hand: the search reads the caller's choirs each time.
    await database.db
      .insert(choirMembers)
      .values({ choirId: choirIds[0]!, userId: beto.id, role: "ChoirMember" });
    expect(await find(indexed, beto, "kumqu")).toEqual([songId]);
    await database.db.delete(choirMembers).where(eq(choirMembers.userId, beto.id));

    // Written by hand in SQL, as by another program; the caller searched just before, so the search starts from
    // what it knew, and its statement finds the change: the index searches again.
    expect(await find(indexed, clara, "arrebol")).toEqual([]);
    const inOne = indexed.searchIndex.answeredInOne;
    const [byHand] = await database.db
      .insert(songs)
      .values({
        title: "Arrebol",
        content: "{title: Arrebol}\n[G]Arrebol",
        visibility: 1,
        creatorId: alma.id,
        tagsText: "",
      })
      .returning({ id: songs.id });
    expect(await find(indexed, clara, "arrebol")).toEqual([byHand!.id]);
    expect(indexed.searchIndex.answeredInOne).toBe(inOne);
    expect(await find(indexed, clara, "arrebol")).toEqual([byHand!.id]);
    expect(indexed.searchIndex.answeredInOne).toBe(inOne + 1);

    // Deleted: gone from both servers' answers.
    await write(indexed, "DELETE", `/api/songs/${songId}`);
    await database.db.delete(songs).where(eq(songs.id, byHand!.id));
    expect(await find(other, alma, "kumqu")).toEqual([]);
    expect(await find(indexed, clara, "arrebol")).toEqual([]);
    expect(indexed.searchIndex.state).toBe("ready");
  }, 60_000);
});
