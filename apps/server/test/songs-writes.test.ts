import { sql } from "drizzle-orm";
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
 * A new song is written in one statement (features/songs/new-songs.ts, writeSongs) and its search row computed once
 * (migration 0023); the answer comes from that statement, not from a read after it.
 */
describe("writing new songs", () => {
  let ctx: TestContext;
  let creator: TestPerson;

  beforeAll(async () => {
    ctx = await createTestApp();
    creator = await signInPerson(ctx.app, "writer");
    // Every write of a search row, as the triggers make it.
    await ctx.app.db.execute(sql`create table search_row_writes (song_id uuid, operation text)`);
    await ctx.app.db.execute(sql`create function log_search_row_write() returns trigger language plpgsql as $$
      begin
        insert into search_row_writes values (new.song_id, tg_op);
        return null;
      end $$`);
    await ctx.app.db.execute(sql`create trigger log_search_row_write after insert or update on song_search
      for each row execute function log_search_row_write()`);
  });
  afterAll(() => ctx?.close());

  const create = (payload: Record<string, unknown>) =>
    ctx.app.inject({ method: "POST", url: "/api/songs", headers: bearer(creator.token), payload });
  const writes = async (songId: string) =>
    (
      (await ctx.app.db.execute(
        sql`select operation from search_row_writes where song_id = ${songId}`,
      )) as unknown as { rows: { operation: string }[] }
    ).rows.map((row) => row.operation);

  it("computes a new song's search row once, with its tags, new and known, and its choirs", async () => {
    const choir = await createChoir(ctx.app, creator, { name: "Coro de la Escritura" });
    const first = await create({ title: "Primera", content: "[G]Uno", visibility: 1, tags: ["Adviento"] });
    expect(first.statusCode).toBe(201);
    expect(await writes(first.json().songId)).toEqual(["INSERT"]);

    const response = await create({
      title: "Canción de la Misa",
      artist: "Autora",
      content: "[D]Santo, [A]santo",
      visibility: 2,
      visibleToChoirs: [choir.id],
      tags: ["adviento", "Comunión", "Estrenada Hoy"],
    });
    expect(response.statusCode).toBe(201);
    const song = response.json();
    expect(await writes(song.songId)).toEqual(["INSERT"]);
    // The row holds all three tags and the choir: a search by each tag, and the choir filter, find it.
    for (const tag of ["Adviento", "comunión", "estrenada hoy"]) {
      const found = await ctx.app.inject({
        method: "GET",
        url: `/api/songs/search?tags=${encodeURIComponent(tag)}&choirId=${choir.id}`,
        headers: bearer(creator.token),
      });
      expect(found.json().songs.map((s: { songId: string }) => s.songId)).toEqual([song.songId]);
    }
  });

  it("answers a new song exactly as a read of it afterwards does", async () => {
    const choir = await createChoir(ctx.app, creator, { name: "Coro del Eco" });
    const response = await create({
      title: "Eco",
      artist: null,
      content: "{key: Em}\n[Em]Voz que [C]vuelve",
      visibility: 2,
      visibleToChoirs: [choir.id],
      tags: ["Navidad", "eco", "ECO"],
    });
    expect(response.statusCode).toBe(201);
    const created = response.json();
    const read = await ctx.app.inject({
      method: "GET",
      url: `/api/songs/${created.songId}`,
      headers: bearer(creator.token),
    });
    expect(created).toEqual(read.json());
    // One tag per name whatever its case; "Navidad" carries its glossary names.
    expect(created.tags.map((tag: { tagName: string }) => tag.tagName)).toEqual(["Navidad", "eco"]);
    expect(created.tags[0].names).toMatchObject({ en: "christmas", es: "navidad" });
    expect(created.visibleToChoirs).toEqual([{ choirId: choir.id, choirName: "Coro del Eco" }]);
  });
});
