import { isPublicDomain, PUBLIC_DOMAIN_COPYRIGHTS, SONG_LIMITS } from "@choir/contract";
import { CREDIT_NAMES, readCredits } from "@choir/songsheet";
import { sql } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bearer, choirWithCast, createTestApp, type TestContext, type TestPerson } from "./helpers.js";

/**
 * Song credits (ccli, copyright, composer, lyricist): written into the song's ChordPro text by create, update and
 * versions, read back from it on every read, and never out of step with it.
 */
describe("song credits", () => {
  let ctx: TestContext;

  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(() => ctx?.close());

  const call = (
    person: TestPerson | undefined,
    method: "GET" | "POST" | "PUT",
    url: string,
    payload?: unknown,
  ) =>
    ctx.app.inject({
      method,
      url,
      headers: person ? bearer(person.token) : {},
      payload: payload as Record<string, unknown>,
    });

  const credits = (song: Record<string, unknown>) => ({
    ccli: song.ccli,
    copyright: song.copyright,
    composer: song.composer,
    lyricist: song.lyricist,
  });

  it("writes credits given on create into the text, and reads them back on every read", async () => {
    const { admin, member, choir } = await choirWithCast(ctx.app);
    const created = await call(admin, "POST", "/api/songs", {
      title: "Morning Light",
      content: "{title: Morning Light}\n{key: D}\n\n[D]Morning light is [G]breaking",
      visibility: 2,
      visibleToChoirs: [choir.id],
      ccli: " 7001234 ",
      copyright: "© 2024 Harbor Choir Press",
      composer: "Ana Writer",
      lyricist: "",
    });
    expect(created.statusCode, created.body).toBe(201);
    const song = created.json();
    expect(credits(song)).toEqual({
      ccli: "7001234",
      copyright: "© 2024 Harbor Choir Press",
      composer: "Ana Writer",
      lyricist: null,
    });
    expect(song.content).toBe(
      "{title: Morning Light}\n{key: D}\n{composer: Ana Writer}\n{copyright: © 2024 Harbor Choir Press}\n" +
        "{ccli: 7001234}\n\n[D]Morning light is [G]breaking",
    );
    const read = (await call(member, "GET", `/api/songs/${song.songId}`)).json();
    expect(credits(read)).toEqual(credits(song));
    const listed = (await call(member, "GET", `/api/songs/choir/${choir.id}`)).json();
    expect(credits(listed.find((s: { songId: string }) => s.songId === song.songId))).toEqual(credits(song));
    const found = (await call(member, "GET", "/api/songs/search?searchTerm=morning%20light")).json();
    expect(credits(found.songs.find((s: { songId: string }) => s.songId === song.songId))).toEqual(
      credits(song),
    );
    const fresh = (await call(member, "GET", `/api/songs/search?title=morning&_t=${Date.now()}`)).json();
    expect(credits(fresh.songs[0])).toEqual(credits(song));
  });

  it("reads credits the text carries when the body names none", async () => {
    const { admin } = await choirWithCast(ctx.app);
    const created = await call(admin, "POST", "/api/songs", {
      title: "Old Hymn",
      content:
        "{title: Old Hymn}\n{meta: lyricist Isaac Watts}\n{copyright: Public domain}\n{ccli-alto: 1}\n[C]O God",
    });
    expect(credits(created.json())).toEqual({
      ccli: null,
      copyright: "Public domain",
      composer: null,
      lyricist: "Isaac Watts",
    });
  });

  it("keeps credits and text in step through updates: set, replace, remove, or leave as the text says", async () => {
    const { admin } = await choirWithCast(ctx.app);
    const songId = (
      await call(admin, "POST", "/api/songs", {
        title: "Evening Song",
        content: "{title: Evening Song}\n{composer: First Writer}\n{ccli: 11}\n[G]Evening falls",
      })
    ).json().songId;
    const put = (body: Record<string, unknown>) =>
      call(admin, "PUT", `/api/songs/${songId}`, { title: "Evening Song", ...body });

    // The body's credit wins over the text's, null removes, omitted keeps what the text says.
    const first = await put({
      content: "{title: Evening Song}\n{composer: First Writer}\n{ccli: 11}\n[G]Evening falls",
      composer: "Second Writer",
      ccli: null,
      lyricist: "New Lyricist",
    });
    expect(first.statusCode, first.body).toBe(200);
    expect(credits(first.json())).toEqual({
      ccli: null,
      copyright: null,
      composer: "Second Writer",
      lyricist: "New Lyricist",
    });
    expect(first.json().content).toBe(
      "{title: Evening Song}\n{composer: Second Writer}\n{lyricist: New Lyricist}\n[G]Evening falls",
    );
    // Credits edited in the text alone (the spec's shorter update: title, artist, content).
    const second = await put({
      artist: null,
      content: "{title: Evening Song}\n{copyright: © 1999 Someone}\n[G]Evening falls",
    });
    expect(credits(second.json())).toEqual({
      ccli: null,
      copyright: "© 1999 Someone",
      composer: null,
      lyricist: null,
    });
    const read = (await call(admin, "GET", `/api/songs/${songId}`)).json();
    expect(credits(read)).toEqual(credits(second.json()));
    expect(readCredits(read.content)).toEqual(credits(read));
  });

  it("copies the original's credits into a choir version, and lets the version set its own", async () => {
    const { admin, choir } = await choirWithCast(ctx.app);
    const base = (
      await call(admin, "POST", "/api/songs", {
        title: "Round",
        content: "[A]Round and round",
        visibility: 1,
        composer: "Round Maker",
        ccli: "555",
      })
    ).json();
    const version = await call(admin, "POST", `/api/songs/${base.songId}/versions`, {
      choirId: choir.id,
      copyright: "© 2025 Our Choir (arrangement)",
    });
    expect(version.statusCode, version.body).toBe(201);
    expect(credits(version.json())).toEqual({
      ccli: "555",
      copyright: "© 2025 Our Choir (arrangement)",
      composer: "Round Maker",
      lyricist: null,
    });
  });

  it("keeps the credits of an imported ChordPro file", async () => {
    const { admin } = await choirWithCast(ctx.app);
    const response = await call(admin, "POST", "/api/songs/import", {
      files: [
        {
          name: "hymn.cho",
          content: "{title: Imported}\n{ccli: 424242}\n{composer: Someone Else}\n[C]Words",
        },
      ],
    });
    const [songId] = response.json().results[0].songIds;
    const read = (await call(admin, "GET", `/api/songs/${songId}`)).json();
    expect(credits(read)).toMatchObject({ ccli: "424242", composer: "Someone Else" });
  });

  it("bounds credits: 400 for a long or multi-line one; a longer directive in the text reads cut", async () => {
    const { admin } = await choirWithCast(ctx.app);
    const song = { title: "Bounded", content: "[C]Words" };
    const refused = [
      { ccli: "1".repeat(SONG_LIMITS.ccliMax + 1) },
      { copyright: "c".repeat(SONG_LIMITS.copyrightMax + 1) },
      { composer: "a\nb" },
      { lyricist: 12 },
    ];
    for (const body of refused) {
      const response = await call(admin, "POST", "/api/songs", { ...song, ...body });
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().code).toBe("validation_failed");
      expect(response.json().errors.join(" ")).toMatch(Object.keys(body)[0]!);
    }
    const at = await call(admin, "POST", "/api/songs", { ...song, ccli: "9".repeat(SONG_LIMITS.ccliMax) });
    expect(at.statusCode).toBe(201);
    const long = await call(admin, "POST", "/api/songs", {
      ...song,
      content: `{copyright: ${"x".repeat(1000)}}\n[C]Words`,
    });
    expect(long.json().copyright).toBe("x".repeat(SONG_LIMITS.copyrightMax));
  });

  it("reads credits in the database exactly as the songsheet reads them", async () => {
    const name = fc.constantFrom(...CREDIT_NAMES, "CCLI", "Copyright", "composerx", "meta");
    const value = fc.string({ unit: fc.constantFrom(..."ab Z9:{}-#©ñ\t".split("")), maxLength: 12 });
    const line = fc.oneof(
      fc.constantFrom("[C]la", "", "# {ccli: 1}", "{title: T}", "x {ccli: 2}", "{ccli}", "{ccli-alto: 3}"),
      fc
        .tuple(
          name,
          value,
          fc.constantFrom("{%n: %v}", "{%n %v}", "{ %n :%v }", "{meta: %n %v}", "{meta %n %v}", "{%n-: %v}"),
          fc.constantFrom("", " ", "\t"),
        )
        .map(([n, v, form, pad]) => `${pad}${form.replace("%n", n).replace("%v", v)}${pad}`),
    );
    const texts = fc.sample(
      fc
        .tuple(fc.array(line, { maxLength: 8 }), fc.constantFrom("\n", "\r\n"))
        .map(([lines, newline]) => lines.join(newline)),
      { numRuns: 400, seed: 21 },
    );
    const values = sql.join(
      texts.map((text, index) => sql`(${index}::int, ${text}::text)`),
      sql`, `,
    );
    const result = await ctx.app.db.execute(sql`select i,
        choir_credit(t, 'ccli', 1000) as ccli, choir_credit(t, 'copyright', 1000) as copyright,
        choir_credit(t, 'composer', 1000) as composer, choir_credit(t, 'lyricist', 1000) as lyricist
      from (values ${values}) as texts(i, t) order by i`);
    const rows = (result as unknown as { rows: Record<string, string | null>[] }).rows;
    let stated = 0;
    rows.forEach((row, index) => {
      const expected = readCredits(texts[index]!);
      if (Object.values(expected).some((v) => v !== null)) stated++;
      expect({ text: texts[index], ...credits(row) }).toEqual({ text: texts[index], ...expected });
    });
    // The sample holds texts with credits, not only texts without.
    expect(stated).toBeGreaterThan(100);
  });

  it("reads them through a function whose plan each connection keeps (migration 0036)", async () => {
    // A LANGUAGE sql body that cannot be inlined is parsed and planned again on each call: four times a song
    // written, a sixth of PostgreSQL's CPU for it (bench/README.md, "Writes").
    const result = await ctx.app.db.execute(sql`select l.lanname as language, p.provolatile as volatility,
        p.proisstrict as strict
      from pg_proc p join pg_language l on l.oid = p.prolang where p.proname = 'choir_credit'`);
    expect((result as unknown as { rows: unknown[] }).rows).toEqual([
      { language: "plpgsql", volatility: "i", strict: true },
    ]);
  });

  it("tells public-domain copyrights apart in the contract as the usage report's SQL does", async () => {
    const samples = [
      "Public domain",
      "public domain.",
      " PUBLIC DOMAIN ",
      "Dominio público",
      "Dominio publico.",
      "Public domain (words), © 2001 Music",
      "© Public domain",
      "Publicdomain",
      "",
    ];
    const result = await ctx.app.db.execute(sql`select c,
        lower(choir_unaccent(btrim(c, ' .'))) in (${sql.join(
          PUBLIC_DOMAIN_COPYRIGHTS.map((mark) => sql`${mark}`),
          sql`, `,
        )}) as pd
      from unnest(${sql`array[${sql.join(
        samples.map((s) => sql`${s}`),
        sql`, `,
      )}]::text[]`}) as c`);
    const rows = (result as unknown as { rows: { c: string; pd: boolean }[] }).rows;
    expect(rows.map((row) => [row.c, row.pd])).toEqual(samples.map((s) => [s, isPublicDomain(s)]));
    expect(samples.filter(isPublicDomain)).toHaveLength(5);
  });
});
