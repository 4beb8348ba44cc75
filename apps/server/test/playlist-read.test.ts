/**
 * Reading a playlist as bench/playlist measures it: the songs' keys and durations come from columns the database
 * keeps with each song's text (migration 0020), the statement is prepared once, and the answer is written without
 * being parsed again by zod (http/presented-answer.ts) but in the very text the zod serializer writes.
 */
import { randomBytes } from "node:crypto";
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { Playlist } from "@choir/contract";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { unaccent } from "@electric-sql/pglite/contrib/unaccent";
import { eq, sql } from "drizzle-orm";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { serializerCompiler } from "fastify-type-provider-zod";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "../src/db/client.js";
import { songs } from "../src/db/schema/index.js";
import {
  addMember,
  bearer,
  choirWithCast,
  createTestApp,
  signInPerson,
  type TestContext,
  type TestPerson,
} from "./helpers.js";

const migrationsFolder = fileURLToPath(new URL("../src/db/migrations", import.meta.url));
const DIRECTIVES_MIGRATION = "0020_song_directives";

describe("reading a playlist", () => {
  let ctx: TestContext;
  let day = 0;

  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(() => ctx?.close());

  const call = (person: TestPerson, method: "GET" | "POST" | "PUT", url: string, payload?: object) =>
    ctx.app.inject({ method, url, headers: bearer(person.token), payload });

  async function makeSong(person: TestPerson, title: string, content: string, visibility = 1) {
    const response = await call(person, "POST", "/api/songs", { title, content, visibility });
    expect(response.statusCode, response.body).toBe(201);
    return response.json().songId as string;
  }

  async function makePlaylist(person: TestPerson, payload: Record<string, unknown>) {
    day += 1;
    const date = new Date(Date.UTC(2032, 0, 1) + day * 86_400_000).toISOString().slice(0, 10);
    const response = await call(person, "POST", "/api/playlists", { date, ...payload });
    expect(response.statusCode, response.body).toBe(201);
    return response.json() as Playlist;
  }

  const stored = async (songId: string) => {
    const [row] = await ctx.app.db
      .select({ key: songs.contentKey, duration: songs.contentDuration })
      .from(songs)
      .where(eq(songs.id, songId));
    return row;
  };

  it("keeps a song's key and duration in step with edits of its text", async () => {
    const { admin, choir } = await choirWithCast(ctx.app);
    const songId = await makeSong(admin, "Moving", "{title: Moving}\n{key: G}\n{duration: 3:05}\n[G]La");
    expect(await stored(songId)).toEqual({ key: " G", duration: " 3:05" });
    const playlist = await makePlaylist(admin, {
      choirId: choir.id,
      sections: [{ title: "Songs", songs: [{ songId }] }],
    });
    const read = async () =>
      (await call(admin, "GET", `/api/playlists/${playlist.id}`)).json().sections[0].songs[0].song;
    expect(await read()).toMatchObject({ key: "G", duration: 185 });

    const edit = async (content: string) => {
      const response = await call(admin, "PUT", `/api/songs/${songId}`, { title: "Moving", content });
      expect(response.statusCode, response.body).toBe(200);
    };
    await edit("{KEY : Bb }\n[Bb]La");
    expect(await stored(songId)).toEqual({ key: " Bb ", duration: null });
    expect(await read()).toMatchObject({ key: "Bb", duration: null });

    await edit("{Duration: 200}\n{duration: 1:00}\nLa");
    expect(await stored(songId)).toEqual({ key: null, duration: " 200" });
    expect(await read()).toMatchObject({ key: null, duration: 200 });

    // A change made in SQL, not through the app, is followed all the same.
    await ctx.app.db
      .update(songs)
      .set({ content: "{key: F#m}\n{duration: 4:00}" })
      .where(eq(songs.id, songId));
    expect(await read()).toMatchObject({ key: "F#m", duration: 240 });
  });

  it("answers each reader by what they may see, however often the prepared statement ran", async () => {
    const { admin, member, choir } = await choirWithCast(ctx.app);
    const secret = await makeSong(member, "Secret", "{key: D}\nLa", 0);
    const open = await makeSong(admin, "Open", "{key: C}\nLa");
    const playlist = await makePlaylist(member, {
      choirId: choir.id,
      sections: [{ title: "Songs", songs: [{ songId: secret }, { songId: open }] }],
    });
    const titles = async (person: TestPerson) => {
      const response = await call(person, "GET", `/api/playlists/${playlist.id}`);
      expect(response.statusCode).toBe(200);
      return (response.json() as Playlist).sections[0]!.songs.map((entry) => entry.song?.title ?? null);
    };
    // PostgreSQL plans a prepared statement for its parameters five times, then may keep one plan for any.
    for (let round = 0; round < 8; round++) {
      expect(await titles(member)).toEqual(["Secret", "Open"]);
      expect(await titles(admin)).toEqual([null, "Open"]);
    }
    const outsider = await signInPerson(ctx.app, "stranger");
    expect((await call(outsider, "GET", `/api/playlists/${playlist.id}`)).statusCode).toBe(404);
    await addMember(ctx.app, choir.id, outsider);
    expect(await titles(outsider)).toEqual([null, "Open"]);
  });

  it("writes the answer in the text the zod serializer writes, and documents it as before", async () => {
    const { admin, member, choir } = await choirWithCast(ctx.app);
    const templates = (await call(admin, "GET", `/api/choirs/${choir.id}/playlist-templates`)).json();
    const template = templates.find((t: { isGlobal: boolean }) => t.isGlobal) as { id: string };
    const full = await makeSong(admin, 'Fülle «quoted» \\ "', "{key:  Ebm  }\n{duration: 1:02:05}\nLa");
    const long = await makeSong(admin, "Long key", "{key: a key far too long to show}\n{duration: soon}");
    const bare = await makeSong(admin, "Bare", "La la");
    const hidden = await makeSong(member, "Hidden", "La", 0);
    const playlist = await makePlaylist(member, {
      choirId: choir.id,
      title: null,
      isPublic: true,
      playlistTemplateId: template.id,
      sections: [
        { title: "Entrada", songs: [{ songId: full, key: "F#m" }, { songId: long }] },
        { title: "Vacía", songs: [] },
        { title: "Salida", songs: [{ songId: bare }, { songId: hidden, key: "C" }] },
      ],
    });
    const zodSerializer = serializerCompiler({
      schema: Playlist,
      method: "GET",
      url: "/api/playlists/:id",
      httpStatus: "200",
    });
    const response = await call(admin, "GET", `/api/playlists/${playlist.id}`);
    expect(response.statusCode).toBe(200);
    const answer = response.json() as Playlist;
    expect(answer.template?.id).toBe(template.id);
    expect(answer.sections.flatMap((s) => s.songs.map((e) => e.song?.key ?? null))).toEqual([
      "Ebm",
      "a key far to",
      null,
      null,
    ]);
    expect(response.body).toBe(zodSerializer(answer));
    expect(response.headers["content-type"]).toBe("application/json; charset=utf-8");

    // Errors keep the contract's shape through the zod serializer.
    const missing = await call(admin, "GET", "/api/playlists/00000000-0000-4000-8000-000000000000");
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ code: "not_found" });

    const doc = (await ctx.app.inject({ method: "GET", url: "/api/docs/json" })).json();
    expect(doc.paths["/api/playlists/{id}"].get.responses["200"].content["application/json"].schema).toEqual({
      $ref: "#/components/schemas/Playlist",
    });
  });
});

/** The songs as stored before migration 0020: the migrations up to it, the rows, then the app's own migrations. */
describe("songs stored before the key and duration columns", () => {
  const dirs: string[] = [];
  afterAll(() => {
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });

  /** A copy of the migrations folder that stops before migration 0020. */
  function migrationsBefore(tag: string): string {
    const dir = mkdtempSync(join(tmpdir(), "choir-migrations-"));
    dirs.push(dir);
    cpSync(migrationsFolder, dir, { recursive: true });
    const journalPath = join(dir, "meta", "_journal.json");
    const journal = JSON.parse(readFileSync(journalPath, "utf8")) as { entries: { tag: string }[] };
    const at = journal.entries.findIndex((entry) => entry.tag === tag);
    expect(at).toBeGreaterThan(0);
    writeFileSync(journalPath, JSON.stringify({ ...journal, entries: journal.entries.slice(0, at) }));
    return dir;
  }

  const userId = "11111111-1111-4111-8111-111111111111";
  const texts = {
    "22222222-2222-4222-8222-222222222201": "{title: Old}\n{key: Am}\n{duration: 2:30}\n[Am]La",
    "22222222-2222-4222-8222-222222222202": "{ Key :C#}\nLa",
    "22222222-2222-4222-8222-222222222203": "La la, no directives",
  };
  const insertOldRows = [
    `insert into users (id, email) values ('${userId}', 'old@example.com')`,
    ...Object.entries(texts).map(
      ([id, content]) =>
        `insert into songs (id, title, content, visibility, creator_id) values ('${id}', 'Old', '${content}', 1, '${userId}')`,
    ),
  ];
  const expected = [
    { id: "22222222-2222-4222-8222-222222222201", key: " Am", duration: " 2:30" },
    { id: "22222222-2222-4222-8222-222222222202", key: "C#", duration: null },
    { id: "22222222-2222-4222-8222-222222222203", key: null, duration: null },
  ];

  it("gets the key and duration of songs saved before the migration", async () => {
    const adminUrl = process.env.DATABASE_TEST_URL;
    const before = migrationsBefore(DIRECTIVES_MIGRATION);
    let database: Awaited<ReturnType<typeof openDatabase>>;
    let drop = async () => {};
    if (adminUrl) {
      const name = `choir_test_${randomBytes(6).toString("hex")}`;
      const admin = new pg.Client({ connectionString: adminUrl });
      await admin.connect();
      await admin.query(`create database ${name}`);
      await admin.end();
      const url = new URL(adminUrl);
      url.pathname = `/${name}`;
      const client = new pg.Client({ connectionString: url.toString() });
      await client.connect();
      await migratePg(drizzlePg(client), { migrationsFolder: before });
      for (const statement of insertOldRows) await client.query(statement);
      await client.end();
      database = await openDatabase({ url: url.toString() });
      drop = async () => {
        const cleanup = new pg.Client({ connectionString: adminUrl });
        await cleanup.connect();
        await cleanup.query(`drop database if exists ${name} with (force)`);
        await cleanup.end();
      };
    } else {
      const client = new PGlite({ extensions: { unaccent, pg_trgm } });
      await migratePglite(drizzlePglite(client), { migrationsFolder: before });
      for (const statement of insertOldRows) await client.exec(statement);
      const snapshot = await client.dumpDataDir("none");
      await client.close();
      database = await openDatabase({ dir: undefined, snapshot });
    }
    try {
      const rows = await database.db
        .select({ id: songs.id, key: songs.contentKey, duration: songs.contentDuration })
        .from(songs)
        .orderBy(songs.id);
      expect(rows).toEqual(expected);
      // And they follow later edits like any song.
      await database.db
        .update(songs)
        .set({ content: sql`'{duration: 61}' || ${songs.content}` })
        .where(eq(songs.id, expected[2]!.id));
      const [edited] = await database.db
        .select({ duration: songs.contentDuration })
        .from(songs)
        .where(eq(songs.id, expected[2]!.id));
      expect(edited?.duration).toBe(" 61");
    } finally {
      await database.close();
      await drop();
    }
  });
});
