import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../src/app.js";
import type { Database } from "../src/db/client.js";
import { users } from "../src/db/schema/index.js";
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
 * Search answers kept in the server's memory (features/search/answer-cache.ts): a repeated search is answered from
 * the cache, and every change a search can see — made through this server, through another one on the same
 * database, or in the database by hand — gives the next search a fresh answer.
 */
const HYMN = "{title: Hymn}\n[G]Lumbrera del [D]alba, [C]canta";

interface Answer {
  totalCount: number;
  songs: {
    songId: string;
    title: string;
    content: string;
    creatorName: string;
    visibleToChoirs: unknown[];
  }[];
}

// The cache serves searches the in-memory index does not answer (and every search where the index is off).
describe("search answers kept while nothing changes (SEARCH_INDEX=off)", () => {
  let database: Database;
  let drop: () => Promise<void>;
  let one: FastifyInstance;
  let two: FastifyInstance;
  let creator: TestPerson;
  let reader: TestPerson;
  let outsider: TestPerson;
  let choirId: string;

  beforeAll(async () => {
    ({ database, drop } = await openTestDatabase());
    // Two servers on one database, as behind a load balancer; each keeps its own answers.
    const config = testConfig({ SEARCH_INDEX: "off" });
    one = await buildApp({ config, database, clock: new MovableClock(), logger: false });
    two = await buildApp({ config, database, clock: new MovableClock(), logger: false });
    await Promise.all([one.ready(), two.ready()]);
    creator = await signInPerson(one, "creator");
    reader = await signInPerson(one, "reader");
    outsider = await signInPerson(one, "outsider");
    choirId = (await createChoir(one, creator, { name: "Coro del Alba" })).id;
    await addMember(one, choirId, reader);
  }, 60_000);

  afterAll(async () => {
    await one?.close();
    await two?.close();
    await drop?.();
  });

  async function search(app: FastifyInstance, person: TestPerson, query: string): Promise<Answer> {
    const response = await app.inject({
      method: "GET",
      url: `/api/songs/search?${query}`,
      headers: bearer(person.token),
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json();
  }

  /** Searches twice and checks that the second answer came from the cache, the same as the first. */
  async function searchKept(app: FastifyInstance, person: TestPerson, query: string): Promise<Answer> {
    const first = await search(app, person, query);
    const hits = app.searchCache.hits;
    const second = await search(app, person, query);
    expect(app.searchCache.hits, `${query}: the repeat is answered from the cache`).toBe(hits + 1);
    expect(second).toEqual(first);
    return second;
  }

  async function createSong(payload: Record<string, unknown>): Promise<string> {
    const response = await one.inject({
      method: "POST",
      url: "/api/songs",
      headers: bearer(creator.token),
      payload: { content: HYMN, visibility: 1, ...payload },
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json().songId;
  }

  async function write(
    app: FastifyInstance,
    method: "PUT" | "DELETE" | "PATCH",
    url: string,
    payload?: object,
  ) {
    const response = await app.inject({ method, url, headers: bearer(creator.token), payload });
    expect(response.statusCode, response.body).toBeLessThan(300);
  }

  it("answers a repeated search from the cache, apart for each person", async () => {
    await createSong({ title: "Lumbrera primera", visibility: 0 });
    const mine = await searchKept(one, creator, "searchTerm=lumbrera");
    expect(mine.totalCount).toBe(1);
    // The creator's private song is in the creator's kept answer, not in anyone else's.
    expect((await searchKept(one, reader, "searchTerm=lumbrera")).totalCount).toBe(0);
    expect((await searchKept(one, outsider, "searchTerm=lumbrera")).totalCount).toBe(0);
  });

  it("answers anew after a song is created, edited or deleted, on this server and on another", async () => {
    const query = "searchTerm=candelero";
    expect((await searchKept(one, reader, query)).totalCount).toBe(0);
    expect((await searchKept(two, reader, query)).totalCount).toBe(0);
    const songId = await createSong({ title: "Candelero de plata" });
    expect((await searchKept(one, reader, query)).songs.map((s) => s.songId)).toEqual([songId]);
    expect((await searchKept(two, reader, query)).songs.map((s) => s.songId)).toEqual([songId]);

    // Lyrics changed through the other server: the kept answer showed the old ones.
    const content = "{title: Candelero}\n[A]Luz nueva [E]sobre el [D]monte";
    await write(two, "PUT", `/api/songs/${songId}`, { title: "Candelero de plata", content });
    expect((await searchKept(one, reader, query)).songs[0]?.content).toBe(content);

    await write(one, "PUT", `/api/songs/${songId}`, { title: "Farol de plata", content });
    expect((await searchKept(two, reader, query)).totalCount).toBe(0);
    expect((await searchKept(two, reader, "searchTerm=farol")).totalCount).toBe(1);

    await write(one, "DELETE", `/api/songs/${songId}`);
    expect((await search(two, reader, "searchTerm=farol")).totalCount).toBe(0);
  });

  it("answers anew after visibility, membership and tags change", async () => {
    const songId = await createSong({ title: "Vigilia serena", visibility: 2, visibleToChoirs: [choirId] });
    expect((await searchKept(one, reader, "searchTerm=vigilia")).totalCount).toBe(1);
    expect((await searchKept(one, outsider, "searchTerm=vigilia")).totalCount).toBe(0);

    await write(one, "PUT", `/api/songs/${songId}/visibility`, { visibility: 0 });
    expect((await searchKept(one, reader, "searchTerm=vigilia")).totalCount).toBe(0);
    await write(one, "PUT", `/api/songs/${songId}/visibility`, { visibility: 2, visibleToChoirs: [choirId] });
    expect((await searchKept(one, reader, "searchTerm=vigilia")).totalCount).toBe(1);

    await addMember(one, choirId, outsider);
    expect((await searchKept(one, outsider, "searchTerm=vigilia")).totalCount).toBe(1);
    await write(one, "DELETE", `/api/choirs/${choirId}/members/${outsider.id}`);
    expect((await searchKept(one, outsider, "searchTerm=vigilia")).totalCount).toBe(0);

    expect((await searchKept(one, reader, "tags=Laudes")).totalCount).toBe(0);
    await write(one, "PUT", `/api/songs/${songId}`, {
      title: "Vigilia serena",
      content: HYMN,
      tags: ["Laudes"],
    });
    expect((await searchKept(one, reader, "tags=Laudes")).songs.map((s) => s.songId)).toEqual([songId]);
  });

  it("shows a creator's and a choir's new names, even when changed in the database by hand", async () => {
    await createSong({ title: "Nombres nuevos", visibility: 2, visibleToChoirs: [choirId] });
    const before = (await searchKept(one, reader, "searchTerm=nombres")).songs[0];
    expect(before?.visibleToChoirs).toEqual([{ choirId, choirName: "Coro del Alba" }]);

    await write(one, "PUT", `/api/choirs/${choirId}`, { name: "Coro de la Tarde" });
    const renamed = (await searchKept(one, reader, "searchTerm=nombres")).songs[0];
    expect(renamed?.visibleToChoirs).toEqual([{ choirId, choirName: "Coro de la Tarde" }]);

    await one.db
      .update(users)
      .set({ firstName: "Renata", lastName: "Nueva" })
      .where(eq(users.id, creator.id));
    expect((await searchKept(two, reader, "searchTerm=nombres")).songs[0]?.creatorName).toBe("Renata Nueva");
  });

  it("keeps the cached answers when only a person's current choir changes", async () => {
    await searchKept(one, reader, "searchTerm=lumbrera");
    const hits = one.searchCache.hits;
    await one.db.update(users).set({ currentChoirId: choirId }).where(eq(users.id, reader.id));
    await search(one, reader, "searchTerm=lumbrera");
    expect(one.searchCache.hits).toBe(hits + 1);
  });
});

describe("search without a cache (SEARCH_CACHE_MB=0)", () => {
  it("searches every time", async () => {
    const { database, drop } = await openTestDatabase();
    const app = await buildApp({
      config: testConfig({ SEARCH_CACHE_MB: "0", SEARCH_INDEX: "off" }),
      database,
      clock: new MovableClock(),
      logger: false,
    });
    try {
      await app.ready();
      const person = await signInPerson(app, "plain");
      for (let i = 0; i < 3; i++) {
        const response = await app.inject({
          method: "GET",
          url: "/api/songs/search?searchTerm=alba",
          headers: bearer(person.token),
        });
        expect(response.statusCode).toBe(200);
      }
      expect(app.searchCache.hits).toBe(0);
      expect(app.searchCache.size).toBe(0);
    } finally {
      await app.close();
      await drop();
    }
  });
});
