import { sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../src/db/client.js";
import { songs } from "../src/db/schema/index.js";
import {
  bearer,
  createTestApp,
  postgresAdminUrl,
  signInPerson,
  type TestContext,
  type TestPerson,
} from "./helpers.js";

/**
 * A search starts from what the server knew and checks it with one statement (features/search/index-sync.ts).
 * While an older transaction runs anywhere on the PostgreSQL server, every catch-up reads again the rows written
 * since it began: a row read again is no change, so searches stay at one statement and still see every new change.
 * PostgreSQL only: the embedded database has one connection, so no transaction can stay open beside the server's.
 */
describe("the song index while an older transaction stays open", () => {
  let ctx: TestContext;
  let app: FastifyInstance;
  let database: Database;
  let singer: TestPerson;
  let older: pg.Client;

  beforeAll(async () => {
    ctx = await createTestApp();
    app = ctx.app;
    database = app.database;
    await app.searchIndex.start();
    singer = await signInPerson(app, "singer");
    older = new pg.Client({ connectionString: postgresAdminUrl() });
    await older.connect();
  });
  afterAll(async () => {
    await older?.query("rollback").catch(() => {});
    await older?.end();
    await ctx?.close();
  });

  const find = async (term: string) => {
    const response = await app.inject({
      method: "GET",
      url: `/api/songs/search?searchTerm=${encodeURIComponent(term)}`,
      headers: bearer(singer.token),
    });
    expect(response.statusCode, response.body).toBe(200);
    return (response.json() as { songs: { title: string }[] }).songs.map((song) => song.title);
  };
  const addSong = (title: string) =>
    database.db.insert(songs).values({
      title,
      content: `{title: ${title}}\n[G]${title} del [D]alba`,
      visibility: 1,
      creatorId: singer.id,
      tagsText: "",
    });

  it("answers in one statement when the rows read again are the ones it has, and sees each new one", async () => {
    expect(await find("candil")).toEqual([]);
    // A transaction with an id, left open in another database of the same server: the horizon stays behind it.
    await older.query("begin");
    await older.query("select pg_current_xact_id()");
    expect(app.searchIndex.state).toBe("ready");

    await addSong("Candil");
    const inOne = app.searchIndex.answeredInOne;
    expect(await find("candil")).toEqual(["Candil"]);
    expect(app.searchIndex.answeredInOne).toBe(inOne);
    // Read again by every catch-up while the older transaction runs, and not a change any more.
    for (let i = 1; i <= 3; i++) {
      expect(await find("candil")).toEqual(["Candil"]);
      expect(app.searchIndex.answeredInOne).toBe(inOne + i);
    }
    // A new change among the rows read again is still a change.
    await addSong("Candil de plata");
    expect(await find("candil")).toEqual(["Candil", "Candil de plata"]);
    expect(app.searchIndex.answeredInOne).toBe(inOne + 3);
    await database.db.execute(sql`delete from songs where title = 'Candil'`);
    expect(await find("candil")).toEqual(["Candil de plata"]);
    expect(app.searchIndex.answeredInOne).toBe(inOne + 3);
    expect(await find("candil")).toEqual(["Candil de plata"]);
    expect(app.searchIndex.answeredInOne).toBe(inOne + 4);

    await older.query("rollback");
    expect(await find("candil")).toEqual(["Candil de plata"]);
    expect(await find("candil")).toEqual(["Candil de plata"]);
    expect(app.searchIndex.answeredInOne).toBe(inOne + 6);
  });
  it("puts a changed song once when catch-ups overlap, whichever finishes last", async () => {
    await older.query("rollback");
    await find("farol");
    const catchUps = () => Promise.all(Array.from({ length: 6 }, () => app.searchIndex.catchUp(singer.id)));
    for (let round = 0; round < 5; round++) {
      await addSong(`Farol ${round}`);
      const slots = app.searchIndex.index.slots;
      // Six readings under way at once, each from the same horizon, finishing in any order.
      await catchUps();
      await catchUps();
      expect(app.searchIndex.index.slots).toBe(slots + 1);
    }
    expect(await find("farol")).toHaveLength(5);
  });
});
