import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sqlArray } from "../src/db/client.js";
import { tagIdRows, tagIdsByName } from "../src/features/search/search-terms.js";
import { bearer, createTestApp, signInPerson, type TestContext, type TestPerson } from "./helpers.js";

/**
 * The bilingual tag glossary (migration 0015): a tag filter, the search words and tag suggestions treat the
 * names of one meaning in English and Spanish as one tag, case- and accent-insensitively.
 */

const HYMN = "{title: Glossary Hymn}\n[G]Words written for this [C]test";

interface SongAnswer {
  songId: string;
  title: string;
  tags: { tagId: string; tagName: string; names?: { en?: string; es?: string } }[];
}

describe("the tag glossary", () => {
  let ctx: TestContext;
  let singer: TestPerson;
  const ids: Record<string, string> = {};

  async function create(person: TestPerson, title: string, tags: string[]): Promise<SongAnswer> {
    const response = await ctx.app.inject({
      method: "POST",
      url: "/api/songs",
      headers: bearer(person.token),
      payload: { visibility: 0, title, content: HYMN, tags },
    });
    expect(response.statusCode).toBe(201);
    return response.json();
  }

  async function search(person: TestPerson, query: string) {
    const response = await ctx.app.inject({
      method: "GET",
      url: `/api/songs/search?${query}&take=50`,
      headers: bearer(person.token),
    });
    expect(response.statusCode).toBe(200);
    const body = response.json() as { songs: SongAnswer[]; totalCount: number };
    return { titles: body.songs.map((song) => song.title).sort(), body };
  }

  async function suggest(person: TestPerson, query: string) {
    const response = await ctx.app.inject({
      method: "GET",
      url: `/api/tags/suggestions?query=${encodeURIComponent(query)}&maxResults=10`,
      headers: bearer(person.token),
    });
    expect(response.statusCode).toBe(200);
    return response.json() as SongAnswer["tags"];
  }

  beforeAll(async () => {
    ctx = await createTestApp();
    singer = await signInPerson(ctx.app, "singer");
    ids.carol = (await create(singer, "Carol of the Star", ["christmas"])).songId;
    ids.villancico = (await create(singer, "Villancico del Alba", ["Navidad"])).songId;
    ids.bread = (await create(singer, "Bread of the Morning", ["Communion", "christmas"])).songId;
    ids.pan = (await create(singer, "Pan de Vida", ["comunión"])).songId;
    ids.alegria = (await create(singer, "Canto de Alegría", ["Alegría"])).songId;
  });

  afterAll(async () => {
    await ctx?.close();
  });

  it("finds a song tagged 'christmas' by 'navidad', and one tagged 'Navidad' by 'christmas'", async () => {
    const expected = ["Bread of the Morning", "Carol of the Star", "Villancico del Alba"];
    expect((await search(singer, "tags=navidad")).titles).toEqual(expected);
    expect((await search(singer, "tags=christmas")).titles).toEqual(expected);
    expect((await search(singer, "tags=XMAS")).titles).toEqual(expected);
  });

  it("matches tag names without regard to accents or case, inside the glossary and out", async () => {
    const communion = ["Bread of the Morning", "Pan de Vida"];
    expect((await search(singer, "tags=comunion")).titles).toEqual(communion);
    expect((await search(singer, `tags=${encodeURIComponent("COMUNIÓN")}`)).titles).toEqual(communion);
    expect((await search(singer, "tags=communion")).titles).toEqual(communion);
    expect((await search(singer, "tags=alegria")).titles).toEqual(["Canto de Alegría"]);
    expect((await search(singer, "tags=nothing-like-it")).titles).toEqual([]);
  });

  it("still needs every tag given to match", async () => {
    expect((await search(singer, "tags=navidad&tags=comunion")).titles).toEqual(["Bread of the Morning"]);
    expect((await search(singer, "tags=christmas&tags=alegria")).titles).toEqual([]);
    expect((await search(singer, "tags=navidad&tags=nothing-like-it")).titles).toEqual([]);
  });

  it("finds a tagged song by a glossary name as a search word", async () => {
    const { titles } = await search(singer, "searchTerm=navidad");
    expect(titles).toEqual(expect.arrayContaining(["Bread of the Morning", "Carol of the Star"]));
    expect((await search(singer, "searchTerm=eucaristia")).titles).toEqual([
      "Bread of the Morning",
      "Pan de Vida",
    ]);
  });

  it("shows a tag's names in both languages when the glossary knows it, and none when it does not", async () => {
    const { body } = await search(singer, "tags=alegria&tags=alegria");
    expect(body.songs[0]?.tags).toEqual([{ tagId: expect.any(String), tagName: "Alegría" }]);
    const song = await ctx.app.inject({
      method: "GET",
      url: `/api/songs/${ids.bread}`,
      headers: bearer(singer.token),
    });
    const byName = (a: { tagName: string }, b: { tagName: string }) =>
      a.tagName.toLowerCase().localeCompare(b.tagName.toLowerCase());
    expect([...song.json().tags].sort(byName)).toEqual([
      { tagId: expect.any(String), tagName: "christmas", names: { en: "christmas", es: "navidad" } },
      { tagId: expect.any(String), tagName: "Communion", names: { en: "communion", es: "comunión" } },
    ]);
    const found = await search(singer, "tags=pascua&tags=x");
    expect(found.body.songs).toEqual([]);
    const villancico = (await search(singer, "tags=natividad")).body.songs.find(
      (entry) => entry.songId === ids.villancico,
    );
    expect(villancico?.tags).toEqual([
      { tagId: expect.any(String), tagName: "Navidad", names: { en: "christmas", es: "navidad" } },
    ]);
  });

  it("suggests a tag by its names in either language, once per meaning", async () => {
    for (const query of ["navi", "chris", "NAVIDAD"]) {
      const suggestions = await suggest(singer, query);
      // 'christmas' (two songs) stands for 'Navidad' (one) too.
      expect(suggestions).toEqual([
        { tagId: expect.any(String), tagName: "christmas", names: { en: "christmas", es: "navidad" } },
      ]);
    }
    const communion = await suggest(singer, "comun");
    expect(communion).toHaveLength(1);
    expect(communion[0]?.names).toEqual({ en: "communion", es: "comunión" });
    expect((await suggest(singer, "alegria")).map((tag) => tag.tagName)).toEqual(["Alegría"]);
    const popular = await ctx.app.inject({
      method: "GET",
      url: "/api/tags/suggestions",
      headers: bearer(singer.token),
    });
    const names = (popular.json() as SongAnswer["tags"]).map((tag) => tag.tagName);
    // The most used first; of 'Communion' and 'comunión' (once each) one only.
    expect(names[0]).toBe("christmas");
    expect([...names].sort()).toEqual(["Alegría", "Communion", "christmas"].sort());
  });

  it("keeps another person's private tags out of the suggestions", async () => {
    const outsider = await signInPerson(ctx.app, "outsider");
    expect(await suggest(outsider, "navi")).toEqual([]);
    expect((await search(outsider, "tags=navidad")).titles).toEqual([]);
  });

  it("resolves asked names to the tag ids of every name of their meaning, one list per name", async () => {
    const [navidad, comunion, unknown, alegria] = await tagIdsByName(ctx.app.db, [
      "NAVIDAD",
      "comunion",
      "nothing-like-it",
      "ALEGRIA",
    ]);
    expect(navidad).toHaveLength(2);
    expect(comunion).toHaveLength(2);
    expect(unknown).toEqual([]);
    expect(alegria).toHaveLength(1);
    expect(new Set([...navidad!, ...comunion!]).size).toBe(4);
  });

  it("folds only the asked names, never every tag's name, to resolve them", async () => {
    // choir_unaccent is not inlined: each call runs as a statement of its own. Computed per tag, a tag filter folded
    // every tag's name on every search; each tag keeps its folded name (migration 0027).
    const result = await ctx.app.db.execute(
      sql`explain (verbose, format json) ${tagIdRows(sqlArray(["comunion", "NAVIDAD"], "text"))}`,
    );
    const plan = JSON.stringify((result as unknown as { rows: unknown[] }).rows);
    expect(plan).toMatch(/"Relation Name":"tags"/);
    expect(plan).toContain("t.name_key");
    expect(plan).not.toMatch(/unaccent\(t\.name\)/);
  });
});
