import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import {
  type SearchAnswer,
  type SearchFilters,
  SearchIndexSync,
  searchSongs,
} from "../src/features/search/search.js";
import {
  bearer,
  createChoir,
  createTestApp,
  signInPerson,
  type TestContext,
  type TestPerson,
} from "./helpers.js";

/**
 * What a search answers while this server's song index cannot (features/search/search.ts, "At start"): while it is
 * being read, after its reading failed, and while it is read again after a long silence, the search statement
 * answers, and answers what the index answers once it is ready.
 */
describe("searches while the song index is not ready", () => {
  let ctx: TestContext;
  let creator: TestPerson;
  let reader: TestPerson;
  const log = { warn: vi.fn(), info: vi.fn() };
  const asked: SearchFilters[] = [
    { searchTerm: "alba", tags: [], skip: 0, take: 10 },
    { searchTerm: "lumbrera", tags: ["navidad"], skip: 0, take: 10 },
    { tags: [], sortBy: "title", skip: 1, take: 2 },
  ];

  beforeAll(async () => {
    // The app's own index stays off: the test drives an index of its own over the same database.
    ctx = await createTestApp({ SEARCH_INDEX: "off" });
    creator = await signInPerson(ctx.app, "creator");
    reader = await signInPerson(ctx.app, "reader");
    const choir = await createChoir(ctx.app, creator);
    const songs = [
      { title: "Canto del alba", content: "[G]Lumbrera del alba", visibility: 1, tags: ["Navidad"] },
      { title: "Alba privada", content: "Lumbrera", visibility: 0 },
      { title: "Alba del coro", content: "Lumbrera", visibility: 2, visibleToChoirs: [choir.id] },
      { title: "Noche", content: "Sin alba", visibility: 1, tags: ["christmas"] },
    ];
    for (const payload of songs) {
      const response = await ctx.app.inject({
        method: "POST",
        url: "/api/songs",
        headers: bearer(creator.token),
        payload,
      });
      expect(response.statusCode, response.body).toBe(201);
    }
  }, 60_000);

  afterEach(() => {
    vi.useRealTimers();
  });

  afterAll(async () => {
    await ctx?.close();
  });

  /** Each asked search's answer, one after another: with `index` when given, else by the statement alone. */
  async function answers(index?: SearchIndexSync): Promise<SearchAnswer[]> {
    const found: SearchAnswer[] = [];
    for (const filters of asked)
      found.push(await searchSongs(ctx.app.db, reader.id, filters, undefined, index));
    return found;
  }
  const byStatement = () => answers();
  const byIndex = (index: SearchIndexSync) => answers(index);

  it("answers by the statement while the index is being read, then by the index, alike", async () => {
    const expected = await byStatement();
    expect(expected[0]!.totalCount).toBe(2);
    expect(expected[1]!.totalCount).toBe(1);
    const index = new SearchIndexSync(ctx.app.db, true, log);
    expect(index.state).toBe("loading");
    expect(await byIndex(index)).toEqual(expected);
    expect(index.answered).toBe(0);

    await index.start();
    expect(index.state).toBe("ready");
    expect(await byIndex(index)).toEqual(expected);
    expect(index.answered).toBe(asked.length);
    await index.close();
  });

  it("answers by the statement after the index's reading failed", async () => {
    const failing = Object.create(ctx.app.db, {
      transaction: { value: () => Promise.reject(new Error("connection lost")) },
    }) as typeof ctx.app.db;
    const index = new SearchIndexSync(failing, true, log);
    await index.start();
    expect(index.state).toBe("failed");
    expect(log.warn).toHaveBeenCalled();
    expect(await byIndex(index)).toEqual(await byStatement());
    expect(index.answered).toBe(0);
  });

  it("reads everything again after twelve hours without a search, answering by the statement meanwhile", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    const index = new SearchIndexSync(ctx.app.db, true, log);
    await index.start();
    const expected = await byStatement();
    expect(await byIndex(index)).toEqual(expected);
    expect(index.answered).toBe(asked.length);

    // The first search after the silence starts the reading again and is answered by the statement.
    vi.setSystemTime(Date.now() + 13 * 60 * 60 * 1000);
    expect(await searchSongs(ctx.app.db, reader.id, asked[0]!, undefined, index)).toEqual(expected[0]);
    expect(index.answered).toBe(asked.length);

    await index.start();
    expect(index.state).toBe("ready");
    expect(await byIndex(index)).toEqual(expected);
    expect(index.answered).toBe(2 * asked.length);
    await index.close();
  });
});
