import { SONG_MESSAGES } from "@choir/contract";
import { sql } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { searchStatement } from "../src/features/search/search.js";
import {
  addMember,
  bearer,
  choirWithCast,
  createChoir,
  createTestApp,
  signInPerson,
  type TestContext,
  type TestPerson,
} from "./helpers.js";

/** Song search and the song lists under hostile input and volume: any search text, stored lyrics, limits, pages. */

const search = (ctx: TestContext, person: TestPerson, query: string) =>
  ctx.app.inject({ method: "GET", url: `/api/songs/search?${query}`, headers: bearer(person.token) });

/** A search answer is 200 with the contract's shape, or 400 JSON (a value over its length limit); never 5xx. */
function expectSearchAnswer(response: { statusCode: number; json: () => unknown }, label: string) {
  expect([200, 400], label).toContain(response.statusCode);
  const body = response.json() as Record<string, unknown>;
  if (response.statusCode === 200) {
    expect(Array.isArray(body.songs), label).toBe(true);
    expect(typeof body.totalCount, label).toBe("number");
    expect(typeof body.hasMore, label).toBe("boolean");
    expect(typeof body.skip, label).toBe("number");
    expect(typeof body.take, label).toBe("number");
  } else {
    expect(typeof body.message, label).toBe("string");
    expect(body.code, label).toBe("validation_failed");
  }
}

/** Text made of what breaks query languages: tsquery operators, quotes, backslashes, LIKE wildcards, control characters. */
const hostileText = fc
  .array(
    fc.oneof(
      fc.constantFrom(
        "&",
        "|",
        "!",
        "(",
        ")",
        ":",
        "*",
        "<->",
        "<2>",
        "'",
        "''",
        '"',
        "\\",
        "\\\\",
        "%",
        "_",
        "ŉ",
        "⑴",
        "½",
        "ﬁ",
        "Å",
        "ß",
        "\u0000",
        "\u0001",
        "\u001f",
        "\u007f",
        "\u200b",
        "\ufeff",
        "\ud800",
        "\udfff",
        "\ud83c\udfb5",
        ":*",
        "a:*",
        "!!",
        "a & b",
        " ",
        "\n",
        "\t",
      ),
      fc.string({ unit: "binary", maxLength: 8 }),
      fc.string({ unit: "grapheme", maxLength: 8 }),
    ),
    { maxLength: 40 },
  )
  .map((parts) => parts.join(""));

/** Any text: whole Unicode (lone surrogates included), the hostile pieces above, and long words. */
const anyText = fc.oneof(
  fc.string({ unit: "binary", maxLength: 250 }),
  hostileText,
  fc.string({ unit: "grapheme-ascii", minLength: 150, maxLength: 260 }),
  fc.nat({ max: 260 }).map((n) => "ŉ".repeat(n)),
);

describe("search takes any text", () => {
  let ctx: TestContext;
  let person: TestPerson;

  beforeAll(async () => {
    ctx = await createTestApp();
    person = await signInPerson(ctx.app, "searcher");
    // A few songs with the characters at stake, so that searches have rows to compare against.
    for (const [title, content] of [
      ["Salmo ⑴", "{title: Salmo ⑴}\n[G]Alaba ŉ al Señor, ½ coro"],
      ["Himno ‘de’ la \\ paz", "[C]Paz & amor | todos (juntos) :* <-> 'fin'"],
      ["Canción", "[D]Canción del a[G]lba, ale[A]gría"],
    ] as const) {
      const created = await ctx.app.inject({
        method: "POST",
        url: "/api/songs",
        headers: bearer(person.token),
        payload: { title, content, visibility: 1 },
      });
      expect(created.statusCode).toBe(201);
    }
  });
  afterAll(() => ctx?.close());

  it.each(["ŉ", "⑴", "ŉ⑴", "salmo ⑴", "'n", "(1)"])("answers 200 for the search term %j", async (term) => {
    const response = await search(ctx, person, new URLSearchParams({ searchTerm: term }).toString());
    expect(response.statusCode, response.body).toBe(200);
    expectSearchAnswer(response, term);
  });

  it("finds a song by a character that unaccent spells with punctuation (⑴ is 1)", async () => {
    const response = await search(ctx, person, new URLSearchParams({ searchTerm: "⑴" }).toString());
    expect(response.statusCode).toBe(200);
    expect(response.json().songs.map((s: { title: string }) => s.title)).toContain("Salmo ⑴");
  });

  it("answers 200 or 400 for a NUL, a lone surrogate and broken UTF-8 in the query", async () => {
    for (const field of ["searchTerm", "content", "title", "artist"]) {
      for (const raw of ["%00", "a%00b", "%ED%A0%80", "%FF", "%C0%80", "%E2%91", "%", "%%25", "\\%27"]) {
        expectSearchAnswer(await search(ctx, person, `${field}=${raw}`), `${field}=${raw}`);
      }
    }
  });

  it("answers 200 or 400 with the contract's shape for arbitrary search terms and content filters", async () => {
    await fc.assert(
      fc.asyncProperty(anyText, fc.constantFrom("searchTerm", "content"), async (text, field) => {
        const response = await search(ctx, person, new URLSearchParams({ [field]: text }).toString());
        expectSearchAnswer(response, `${field}=${JSON.stringify(text)}`);
        if (text.trim().length <= 200 && !text.includes("\u0000")) expect(response.statusCode).toBe(200);
      }),
      { numRuns: 300 },
    );
  }, 180_000);

  it("answers 200 or 400 for arbitrary terms sent together with every other text filter", async () => {
    await fc.assert(
      fc.asyncProperty(anyText, anyText, anyText, async (term, content, title) => {
        const query = new URLSearchParams({ searchTerm: term, content, title, artist: content });
        const response = await search(ctx, person, `${query}&sortBy=relevance`);
        expectSearchAnswer(response, query.toString());
      }),
      { numRuns: 100 },
    );
  }, 180_000);
});

describe("the content filter reads the stored lyrics", () => {
  let ctx: TestContext;
  let person: TestPerson;

  beforeAll(async () => {
    ctx = await createTestApp();
    person = await signInPerson(ctx.app, "lyricist");
  });
  afterAll(() => ctx?.close());

  const contentSearch = async (text: string) =>
    (await search(ctx, person, new URLSearchParams({ content: text }).toString()))
      .json()
      .songs.map((s: { title: string }) => s.title);

  it("keeps the stored lyrics in step with the song's text, on create and on edit", async () => {
    const created = await ctx.app.inject({
      method: "POST",
      url: "/api/songs",
      headers: bearer(person.token),
      payload: { title: "Alba", content: "{title: Alba}\n# a note\nLa [D]Can[G]ción del ÁLBA" },
    });
    expect(created.statusCode).toBe(201);
    const songId = created.json().songId as string;
    const stored = async () => {
      const result = await ctx.app.db.execute(sql`select lyrics_norm from songs where id = ${songId}`);
      return (result as unknown as { rows: { lyrics_norm: string }[] }).rows[0]!.lyrics_norm;
    };
    expect((await stored()).replace(/\s+/g, " ").trim()).toBe("la cancion del alba");
    expect(await contentSearch("cancion del alb")).toEqual(["Alba"]);

    const edited = await ctx.app.inject({
      method: "PUT",
      url: `/api/songs/${songId}`,
      headers: bearer(person.token),
      payload: { title: "Alba", artist: null, content: "Noche [Em]serena, Aleluya" },
    });
    expect(edited.statusCode).toBe(200);
    expect((await stored()).trim()).toBe("noche serena, aleluya");
    expect(await contentSearch("cancion")).toEqual([]);
    expect(await contentSearch("SERENA, ALELÚYA")).toEqual(["Alba"]);
    // LIKE's own characters are plain text in the filter
    expect(await contentSearch("%")).toEqual([]);
    expect(await contentSearch("_oche")).toEqual([]);
  });

  it("filters by the stored column instead of normalising every song's text per request", async () => {
    const statement = await searchStatement(ctx.app.db, person.id, {
      content: "alba",
      tags: [],
      skip: 0,
      take: 10,
    });
    const text = (
      ctx.app.db as unknown as { dialect: { sqlToQuery: (s: unknown) => { sql: string } } }
    ).dialect.sqlToQuery(statement).sql;
    expect(text).toContain("lyrics_norm");
    expect(text).not.toContain("choir_lyrics(");
  });
});

describe("daily limit on new songs", () => {
  let ctx: TestContext;

  beforeAll(async () => {
    ctx = await createTestApp({ SONG_CREATE_LIMIT_PER_DAY: "3" });
  });
  afterAll(() => ctx?.close());

  const createSong = (person: TestPerson, title: string) =>
    ctx.app.inject({
      method: "POST",
      url: "/api/songs",
      headers: bearer(person.token),
      payload: { title, content: `[G]${title}` },
    });

  function expectLimited(response: {
    statusCode: number;
    headers: Record<string, unknown>;
    json: () => unknown;
  }) {
    expect(response.statusCode).toBe(429);
    const retryAfter = Number(response.headers["retry-after"]);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(86_400);
    expect(response.json()).toMatchObject({ code: "song_limit_reached", message: SONG_MESSAGES.dailyLimit });
  }

  it("answers 429 with Retry-After once a person has created the day's songs, and counts each person alone", async () => {
    const singer = await signInPerson(ctx.app, "prolific");
    const other = await signInPerson(ctx.app, "other");
    for (const title of ["Uno", "Dos", "Tres"])
      expect((await createSong(singer, title)).statusCode).toBe(201);
    expectLimited(await createSong(singer, "Cuatro"));
    expect((await createSong(other, "Otro")).statusCode).toBe(201);
    const mine = await ctx.app.inject({ method: "GET", url: "/api/songs/my", headers: bearer(singer.token) });
    expect(mine.json()).toHaveLength(3);
  });

  it("counts concurrent creations against the limit: never more than the limit get through", async () => {
    const racer = await signInPerson(ctx.app, "racer");
    const answers = await Promise.all(
      ["A", "B", "C", "D", "E", "F"].map((title) => createSong(racer, title)),
    );
    expect(answers.filter((r) => r.statusCode === 201)).toHaveLength(3);
    for (const refused of answers.filter((r) => r.statusCode !== 201)) expectLimited(refused);
  });

  it("limits imports and versions as well", async () => {
    const admin = await signInPerson(ctx.app, "importer");
    const choir = await createChoir(ctx.app, admin);
    const base = await createSong(admin, "Base");
    expect(base.statusCode).toBe(201);
    const files = ["uno", "dos", "tres"].map((name) => ({
      name: `${name}.cho`,
      content: `{title: ${name}}\n[G]la`,
    }));
    const imported = await ctx.app.inject({
      method: "POST",
      url: "/api/songs/import",
      headers: bearer(admin.token),
      payload: { files },
    });
    expect(imported.statusCode).toBe(200);
    const results = imported.json().results as { songIds: string[]; error?: string }[];
    expect(results.map((r) => r.songIds.length)).toEqual([1, 1, 0]);
    expect(results[2]!.error).toBe(SONG_MESSAGES.dailyLimit);
    expectLimited(
      await ctx.app.inject({
        method: "POST",
        url: "/api/songs/import",
        headers: bearer(admin.token),
        payload: { files: files.slice(0, 1) },
      }),
    );
    expectLimited(
      await ctx.app.inject({
        method: "POST",
        url: `/api/songs/${base.json().songId}/versions`,
        headers: bearer(admin.token),
        payload: { choirId: choir.id },
      }),
    );
  });

  it("counts songs deleted since: deleting the day's songs and creating again is still refused", async () => {
    const singer = await signInPerson(ctx.app, "deleter");
    const ids: string[] = [];
    for (const title of ["Uno", "Dos"]) {
      const created = await createSong(singer, title);
      expect(created.statusCode).toBe(201);
      ids.push(created.json().songId);
    }
    const imported = await ctx.app.inject({
      method: "POST",
      url: "/api/songs/import",
      headers: bearer(singer.token),
      payload: { files: [{ name: "tres.cho", content: "{title: Tres}\n[G]la" }] },
    });
    expect(imported.statusCode).toBe(200);
    ids.push(...(imported.json().results[0].songIds as string[]));
    expect(ids).toHaveLength(3);
    const one = await ctx.app.inject({
      method: "DELETE",
      url: `/api/songs/${ids[0]}`,
      headers: bearer(singer.token),
    });
    expect(one.statusCode).toBe(204);
    const rest = await ctx.app.inject({
      method: "POST",
      url: "/api/songs/bulk-delete",
      headers: bearer(singer.token),
      payload: { songIds: ids.slice(1) },
    });
    expect(rest.statusCode).toBeLessThan(300);
    const mine = await ctx.app.inject({ method: "GET", url: "/api/songs/my", headers: bearer(singer.token) });
    expect(mine.json()).toHaveLength(0);
    expectLimited(await createSong(singer, "Cuatro"));
    // The record of creations is never shortened by a deletion: only what is past the day is pruned.
    const kept = await ctx.app.db.execute(
      sql`select count(*)::int as n from song_creations where creator_id = ${singer.id}`,
    );
    expect((kept as unknown as { rows: { n: number }[] }).rows[0]!.n).toBe(3);
  });

  it("prunes a person's record of creations past the day when they create again", async () => {
    const singer = await signInPerson(ctx.app, "returning");
    await ctx.app.db.execute(
      sql`insert into song_creations (creator_id, created_at) values (${singer.id}, now() - interval '2 days')`,
    );
    expect((await createSong(singer, "Nueva")).statusCode).toBe(201);
    const rows = await ctx.app.db.execute(
      sql`select (created_at > now() - interval '1 day') as recent from song_creations where creator_id = ${singer.id}`,
    );
    expect((rows as unknown as { rows: { recent: boolean }[] }).rows).toEqual([{ recent: true }]);
  });

  it("is off when the limit is 0", async () => {
    const unlimited = await createTestApp({ SONG_CREATE_LIMIT_PER_DAY: "0" });
    try {
      const person = await signInPerson(unlimited.app, "bench");
      for (let i = 0; i < 5; i++) {
        const response = await unlimited.app.inject({
          method: "POST",
          url: "/api/songs",
          headers: bearer(person.token),
          payload: { title: `S${i}`, content: "[G]la" },
        });
        expect(response.statusCode).toBe(201);
      }
    } finally {
      await unlimited.close();
    }
  });
});

describe("song lists come in pages", () => {
  let ctx: TestContext;
  let cast: Awaited<ReturnType<typeof choirWithCast>>;
  const SONGS = 7;

  beforeAll(async () => {
    ctx = await createTestApp();
    cast = await choirWithCast(ctx.app);
    for (let i = 0; i < SONGS; i++) {
      const response = await ctx.app.inject({
        method: "POST",
        url: "/api/songs",
        headers: bearer(cast.admin.token),
        payload: { title: `Canto ${i}`, content: "[G]la", visibility: 2, visibleToChoirs: [cast.choir.id] },
      });
      expect(response.statusCode).toBe(201);
    }
  });
  afterAll(() => ctx?.close());

  const list = (person: TestPerson, path: string) =>
    ctx.app.inject({ method: "GET", url: path, headers: bearer(person.token) });

  async function allPages(person: TestPerson, path: string, take: number) {
    const ids: string[] = [];
    for (let skip = 0; ; skip += take) {
      const response = await list(person, `${path}?skip=${skip}&take=${take}`);
      expect(response.statusCode).toBe(200);
      const page = response.json() as { songId: string }[];
      expect(page.length).toBeLessThanOrEqual(take);
      ids.push(...page.map((s) => s.songId));
      if (page.length < take) break;
    }
    return ids;
  }

  it.each(["/api/songs/my", "/api/songs/choir/{choir}"])("%s: pages cover every song once", async (route) => {
    const path = route.replace("{choir}", cast.choir.id);
    const person = route.includes("choir") ? cast.member : cast.admin;
    const everything = (await list(person, path)).json() as { songId: string }[];
    expect(everything).toHaveLength(SONGS);
    const paged = await allPages(person, path, 3);
    expect(paged).toHaveLength(SONGS);
    expect(new Set(paged).size).toBe(SONGS);
    expect(paged).toEqual(everything.map((s) => s.songId));
  });

  it.each(["/api/songs/my", "/api/songs/choir/{choir}"])(
    "%s: refuses a page size over the maximum",
    async (route) => {
      const path = route.replace("{choir}", cast.choir.id);
      for (const query of ["take=101", "take=0", "skip=-1", "take=abc"]) {
        const response = await list(cast.admin, `${path}?${query}`);
        expect(response.statusCode, query).toBe(400);
        expect(response.json().code).toBe("validation_failed");
      }
      expect((await list(cast.admin, `${path}?take=100`)).statusCode).toBe(200);
    },
  );

  it("answers at most the default page size when no take is given", async () => {
    const prolific = await signInPerson(ctx.app, "prolific");
    await ctx.app.db.execute(sql`insert into songs (title, content, creator_id)
      select 'Song ' || n, '[G]la', ${prolific.id}::uuid from generate_series(1, 60) n`);
    const first = (await list(prolific, "/api/songs/my")).json() as unknown[];
    expect(first).toHaveLength(50);
    expect(await allPages(prolific, "/api/songs/my", 100)).toHaveLength(60);
  });

  it("still refuses the choir's songs to an outsider and lists them for a plain member", async () => {
    const path = `/api/songs/choir/${cast.choir.id}?take=2`;
    expect((await list(cast.outsider, path)).statusCode).toBe(404);
    expect((await list(cast.member, path)).json()).toHaveLength(2);
    const stranger = await signInPerson(ctx.app, "stranger");
    await addMember(ctx.app, (await createChoir(ctx.app, stranger)).id, cast.outsider);
    expect((await list(cast.outsider, path)).statusCode).toBe(404);
  });
});
