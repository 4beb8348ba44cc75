import { sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  bearer,
  createChoir,
  createTestApp,
  signInPerson,
  type TestContext,
  type TestPerson,
} from "./helpers.js";

/**
 * The statements of a search are prepared once a connection (db/client.ts `preparedStatement`). PostgreSQL plans
 * such a statement for its values five times, then once for all values unless that plan is estimated dearer; when
 * it is, every call is planned again, which cost more than running it (the catch-up with the page: 0.7 ms of
 * 1.6 ms, bench/search). Estimates depend on the table's size, so the library here has 20,000 songs. The test
 * searches as people do, adding a song now and then, and reads on every connection of the server's pool how each
 * statement was planned. The read of a choir's playlists, by pages of any size, is held to the same. PostgreSQL
 * only: the embedded database has one connection and no pool.
 */
describe("statements prepared once a connection: the search's and a choir's playlists", () => {
  let ctx: TestContext;
  let app: FastifyInstance;
  let singer: TestPerson;
  const SONGS = 20_000;
  const SEARCHES = 48;

  beforeAll(async () => {
    ctx = await createTestApp();
    app = ctx.app;
    singer = await signInPerson(app, "singer");
    const author = await signInPerson(app, "author");
    // The library: words drawn from a few dozen, as in hymns; triggers write the search rows.
    await app.db.execute(sql`insert into songs (title, content, visibility, creator_id, tags_text)
      select 'Himno ' || i, '{title: Himno ' || i || E'}\n[G]' || w[1 + i % 24] || ' ' || w[1 + (i * 7) % 24]
          || E' [D]' || w[1 + (i * 13) % 24], case when i % 9 = 0 then 0 else 1 end, ${author.id}, ''
      from generate_series(1, ${SONGS}) i,
        (select array['santo', 'gloria', 'luz', 'amor', 'paz', 'cielo', 'mañana', 'noche', 'río', 'grace',
          'light', 'morning', 'holy', 'corazón', 'alegría', 'fuego', 'agua', 'camino', 'señor', 'pueblo',
          'canto', 'voz', 'tierra', 'sol'] as w) words`);
    await app.db.execute(sql`analyze songs`);
    await app.db.execute(sql`analyze song_search`);
    await app.db.execute(sql`analyze song_browse`);
    await app.searchIndex.start();
  }, 120_000);
  afterAll(() => ctx?.close());

  const search = async (query: string) => {
    const response = await app.inject({
      method: "GET",
      url: `/api/songs/search?${query}&take=24`,
      headers: bearer(singer.token),
    });
    expect(response.statusCode, response.body).toBe(200);
  };

  it("plans each of them for all values after five calls on a connection", async () => {
    const terms = ["santo", "glo", "luz", "corazón", "mañan", "holy", "cielo", "paz"];
    const round = async (i: number) => {
      if (i % 6 === 0) {
        const added = await app.inject({
          method: "POST",
          url: "/api/songs",
          headers: bearer(singer.token),
          payload: {
            title: `Canto nuevo ${i}`,
            content: `{title: Canto nuevo ${i}}\n[G]Santo ${i}`,
            visibility: 1,
          },
        });
        expect(added.statusCode, added.body).toBe(201);
      }
      await search(
        `searchTerm=${encodeURIComponent(terms[i % terms.length]!)}&sortBy=${i % 3 ? "title" : "relevance"}`,
      );
    };
    // In pairs, so that more than one connection of the pool runs each statement.
    for (let i = 0; i < SEARCHES; i += 2) await Promise.all([round(i), round(i + 1)]);

    const { calls, replanned } = await plansOnEveryConnection(app);
    // Both ways a search reads: in one statement when nothing changed, in two after a change.
    expect(calls.get("search_index_catch_up_page") ?? 0).toBeGreaterThanOrEqual(SEARCHES / 2);
    expect(calls.get("search_page") ?? 0).toBeGreaterThanOrEqual(SEARCHES / 12);
    // The session checks of the requests that arrive together go in one statement: one a pair at least.
    expect(calls.get("live_sessions") ?? 0).toBeGreaterThanOrEqual(SEARCHES / 2);
    expect(replanned).toEqual([]);
  });

  it("plans the read of a choir's playlists, page by page, for all values after five calls on a connection", async () => {
    const choir = await createChoir(app, singer);
    for (let day = 1; day <= 12; day++) {
      const created = await app.inject({
        method: "POST",
        url: "/api/playlists",
        headers: bearer(singer.token),
        payload: { choirId: choir.id, date: `2031-05-${String(day).padStart(2, "0")}` },
      });
      expect(created.statusCode, created.body).toBe(201);
    }
    const READS = 40;
    const read = async (i: number) => {
      const response = await app.inject({
        method: "GET",
        url: `/api/choirs/${choir.id}/playlists?skip=${(i % 3) * 4}&take=${4 + (i % 5)}`,
        headers: bearer(singer.token),
      });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json().length).toBeGreaterThan(0);
    };
    for (let i = 0; i < READS; i += 2) await Promise.all([read(i), read(i + 1)]);
    const { calls, replanned } = await plansOnEveryConnection(app);
    expect(calls.get("choir_playlists_read") ?? 0).toBeGreaterThanOrEqual(READS);
    expect(replanned).toEqual([]);
  });
});

/**
 * How often each prepared statement ran on the server's pool, reading every connection at once, and those planned
 * for their values more than the five times PostgreSQL tries before planning once.
 */
async function plansOnEveryConnection(app: FastifyInstance) {
  const pool = (app.db as unknown as { $client: pg.Pool }).$client;
  const clients = await Promise.all(Array.from({ length: pool.options.max ?? 10 }, () => pool.connect()));
  const statements: { name: string; generic_plans: string; custom_plans: string }[] = [];
  try {
    for (const client of clients) {
      const { rows } = await client.query(
        "select name, generic_plans::text, custom_plans::text from pg_prepared_statements where name <> ''",
      );
      statements.push(...rows);
    }
  } finally {
    for (const client of clients) client.release();
  }
  const calls = new Map<string, number>();
  const replanned: string[] = [];
  for (const row of statements) {
    const generic = Number(row.generic_plans);
    const custom = Number(row.custom_plans);
    calls.set(row.name, (calls.get(row.name) ?? 0) + generic + custom);
    if (custom > 5) replanned.push(`${row.name}: ${custom} custom plans, ${generic} generic`);
  }
  return { calls, replanned };
}
