import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bearer, createTestApp, signInPerson, type TestContext, type TestPerson } from "./helpers.js";

/** Two transactions at once on one song: PostgreSQL only (the embedded database has one connection). */
describe("songs under concurrent transactions", () => {
  let ctx: TestContext;
  let creator: TestPerson;

  beforeAll(async () => {
    ctx = await createTestApp();
    creator = await signInPerson(ctx.app, "creator");
  });
  afterAll(() => ctx?.close());

  const create = (person: TestPerson, payload: Record<string, unknown>) =>
    ctx.app.inject({ method: "POST", url: "/api/songs", headers: bearer(person.token), payload });

  it("keeps a song's search row whole when two transactions tag it at once", async () => {
    const song = (
      await create(creator, {
        title: "Canon a dos voces",
        content: "[C]Canon",
        visibility: 1,
        tags: ["Uno"],
      })
    ).json();
    const db = ctx.app.db;
    await db.execute(sql`insert into tags (name) values ('Dos'), ('Tres') on conflict do nothing`);
    const tag = (name: string) => sql`(select id from tags where name = ${name})`;
    let release!: () => void;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let firstInserted!: () => void;
    const inserted = new Promise<void>((resolve) => {
      firstInserted = resolve;
    });
    const first = db.transaction(async (tx) => {
      await tx.execute(sql`insert into song_tags (song_id, tag_id) values (${song.songId}, ${tag("Dos")})`);
      firstInserted();
      await held;
    });
    await inserted;
    const second = db.transaction(async (tx) => {
      await tx.execute(sql`insert into song_tags (song_id, tag_id) values (${song.songId}, ${tag("Tres")})`);
    });
    await new Promise((resolve) => setTimeout(resolve, 200));
    release();
    await Promise.all([first, second]);
    const found = await ctx.app.inject({
      method: "GET",
      url: "/api/songs/search?tags=Uno&tags=Dos&tags=Tres",
      headers: bearer(creator.token),
    });
    expect(found.json().songs.map((s: { songId: string }) => s.songId)).toEqual([song.songId]);
  });

  it("links a new song to the tag another transaction creates at the same moment", async () => {
    const db = ctx.app.db;
    let release!: () => void;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let tagInserted!: () => void;
    const inserted = new Promise<void>((resolve) => {
      tagInserted = resolve;
    });
    const other = db.transaction(async (tx) => {
      await tx.execute(sql`insert into tags (name) values ('Estreno Simultáneo')`);
      tagInserted();
      await held;
    });
    await inserted;
    // The creation finds the name unknown, waits on the other transaction's uncommitted tag, then links to it.
    const creating = create(creator, {
      title: "Al mismo tiempo",
      content: "[C]Ya",
      visibility: 1,
      tags: ["estreno simultáneo"],
    });
    await new Promise((resolve) => setTimeout(resolve, 200));
    release();
    await other;
    const response = await creating;
    expect(response.statusCode).toBe(201);
    expect(response.json().tags.map((tag: { tagName: string }) => tag.tagName)).toEqual([
      "Estreno Simultáneo",
    ]);
    const found = await ctx.app.inject({
      method: "GET",
      url: `/api/songs/search?tags=${encodeURIComponent("Estreno Simultáneo")}`,
      headers: bearer(creator.token),
    });
    expect(found.json().songs.map((s: { songId: string }) => s.songId)).toEqual([response.json().songId]);
  });
});
