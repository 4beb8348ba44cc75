import { parseChord, parseKey, parseSong, type SongSheet } from "@choir/songsheet";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_USERS } from "../src/auth/local-sign-in.js";
import { loadConfig } from "../src/config.js";
import { songs } from "../src/db/schema/index.js";
import {
  DEMO_CHOIR,
  demoSongFiles,
  demoSongs,
  LIBRARY_USER,
  seedDemoLibrary,
  seedEmptyDatabase,
  seedsOnStart,
} from "../src/seed/demo-library.js";
import {
  bearer,
  createTestApp,
  signInLocally,
  signInPerson,
  type TestContext,
  type TestPerson,
  testConfig,
} from "./helpers.js";

const chordsOf = (sheet: SongSheet) =>
  sheet.sections
    .flatMap((section) => section.lines)
    .flatMap((line) => (line.kind === "lyrics" ? line.pairs.map((pair) => pair.chord) : []))
    .filter((chord): chord is string => chord !== null);

const rootOf = (name: string) => /^[A-G][#b]?/.exec(name)?.[0];

describe("demo song files", () => {
  const files = demoSongFiles();

  it("are at least 14, about half English and half Spanish, with distinct titles", () => {
    expect(files.length).toBeGreaterThanOrEqual(14);
    const titles = files.map((file) => parseSong(file.content).metadata.title?.toLowerCase());
    expect(new Set(titles).size).toBe(files.length);
    // Spanish songs are labelled in Spanish: their sections are "Estrofa" / "Estribillo".
    const spanish = files.filter((file) => /\{start_of_\w+: Estr/.test(file.content)).length;
    expect(spanish).toBeGreaterThanOrEqual(Math.floor(files.length / 2) - 1);
    expect(files.length - spanish).toBeGreaterThanOrEqual(Math.floor(files.length / 2) - 1);
  });

  it.each(files.map((file) => [file.name, file.content]))(
    "%s has a title, an artist or composer, a key, a tag, sections and its source",
    (_name, content) => {
      const sheet = parseSong(content, { format: "chordpro" });
      const { metadata } = sheet;
      expect(metadata.title?.trim()).toBeTruthy();
      expect(metadata.artist ?? metadata.composer).toBeTruthy();
      expect(parseKey(metadata.key)).not.toBeNull();
      expect(metadata.tags.length).toBeGreaterThan(0);
      expect(sheet.sections.some((s) => s.type === "verse" || s.type === "chorus")).toBe(true);
      // Provenance travels with the file as a ChordPro comment: public domain, or written for this library.
      const header = content.slice(0, content.indexOf("\n{")).split("\n");
      expect(header.every((line) => line.startsWith("# "))).toBe(true);
      expect(header.join(" ")).toMatch(/public domain|original song written for the Choir App/i);
    },
  );

  it.each(files.map((file) => [file.name, file.content]))(
    "%s parses without losing a chord, and ends on its key",
    (_name, content) => {
      const sheet = parseSong(content);
      const chords = chordsOf({ ...sheet, sections: sheet.sections.filter((s) => !s.recall) });
      const written = [...content.matchAll(/\[([^\]]+)\]/g)].map((m) => m[1]);
      expect(chords.length).toBeGreaterThan(0);
      expect(chords).toEqual(written);
      for (const chord of chords) expect(parseChord(chord), chord).not.toBeNull();
      const all = chordsOf(sheet);
      expect(rootOf(all[all.length - 1]!)).toBe(rootOf(sheet.metadata.key!));
    },
  );

  it("read as an import reads them: title, artist and tags from the directives", () => {
    const byTitle = new Map(demoSongs().map((song) => [song.title, song]));
    expect(byTitle.get("Amazing Grace")).toMatchObject({
      artist: "John Newton",
      tags: ["hymn", "traditional", "communion"],
    });
    expect(byTitle.get("Los peces en el río")?.tags).toContain("villancico");
  });
});

describe("when the demo library loads on start", () => {
  const config = (env: Record<string, string>) => loadConfig({ JWT_SECRET: "x".repeat(40), ...env });

  it("loads into the embedded database of a development server only", () => {
    expect(seedsOnStart(config({}))).toBe(true);
    expect(seedsOnStart(config({ DATABASE_URL: "postgres://postgres@127.0.0.1:5432/choir" }))).toBe(false);
    expect(seedsOnStart(testConfig())).toBe(false);
    expect(seedsOnStart({ databaseUrl: undefined, env: "production" })).toBe(false);
  });
});

describe("seeding the demo library", () => {
  let ctx: TestContext;
  let visitor: TestPerson;

  beforeAll(async () => {
    ctx = await createTestApp();
    visitor = await signInPerson(ctx.app, "visitor");
  });
  afterAll(() => ctx?.close());

  const search = async (query: string) => {
    const response = await ctx.app.inject({
      method: "GET",
      url: `/api/songs/search?${query}&take=100`,
      headers: bearer(visitor.token),
    });
    expect(response.statusCode).toBe(200);
    return response.json() as {
      songs: { title: string; visibility: number; creatorName: string; tags: { tagName: string }[] }[];
      totalCount: number;
    };
  };
  const titles = async (searchTerm: string) =>
    (await search(`searchTerm=${encodeURIComponent(searchTerm)}`)).songs.map((song) => song.title);

  it("does not happen when the app is built for tests", async () => {
    expect((await search("")).totalCount).toBe(0);
  });

  it("fills an empty database with public songs of the library user, each with tags", async () => {
    const summary = await seedEmptyDatabase(ctx.app.db, { demoChoir: true });
    expect(summary?.created.length).toBe(demoSongFiles().length);
    expect(summary?.created.length).toBeGreaterThanOrEqual(14);
    expect(summary?.demoChoir).toBe("created");

    const { songs: found, totalCount } = await search("");
    expect(totalCount).toBe(summary!.created.length);
    for (const song of found) {
      expect(song.visibility).toBe(1);
      expect(song.creatorName).toBe(`${LIBRARY_USER.firstName} ${LIBRARY_USER.lastName}`);
      expect(song.tags.length).toBeGreaterThan(0);
    }
    const rows = await ctx.app.db.select().from(songs).where(eq(songs.title, "Noche de paz"));
    expect(rows[0]?.content).toBe(demoSongFiles().find((f) => f.name === "noche-de-paz.cho")?.content);
  });

  it("is idempotent: a second run adds no song and no choir", async () => {
    const before = (await search("")).totalCount;
    const again = await seedDemoLibrary(ctx.app.db, { demoChoir: true });
    expect(again.created).toEqual([]);
    expect(again.skipped.length).toBe(before);
    expect(again.demoChoir).toBe("exists");
    expect((await search("")).totalCount).toBe(before);
    expect(await seedEmptyDatabase(ctx.app.db)).toBeUndefined();
  });

  it("lets any user find the songs, accent-insensitively and in Spanish", async () => {
    expect(await titles("gracia")).toEqual(expect.arrayContaining(["Con el alba, Señor", "Noche de paz"]));
    expect(await titles("corazon")).toEqual(
      expect.arrayContaining(["Los peces en el río", "Venimos a tu mesa"]),
    );
    expect(await titles("nino quien")).toEqual(["Dime, Niño, ¿de quién eres?"]);
    expect((await titles("amazing grace"))[0]).toBe("Amazing Grace");
    const carols = await search("tags=villancico&tags=traditional");
    expect(carols.totalCount).toBeGreaterThanOrEqual(5);
  });

  it("signs Ana in as the demo choir's director and Ben as a singer", async () => {
    const [ana, ben] = DEMO_USERS;
    for (const [person, role] of [
      [ana!, "ChoirAdmin"],
      [ben!, "ChoirMember"],
    ] as const) {
      const { token, callback } = await signInLocally(ctx.app, {
        name: `${person.firstName} ${person.lastName}`,
        email: person.email,
      });
      expect(callback.searchParams.get("isNewUser")).toBe("false");
      const me = (await ctx.app.inject({ method: "GET", url: "/api/me", headers: bearer(token) })).json();
      expect(me).toMatchObject({ hasCompletedOnboarding: true, choirs: [{ name: DEMO_CHOIR.name, role }] });
      expect(me.choirId).toBe(me.choirs[0].id);
    }
  });
});

describe("seeding where the demo people already signed in", () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(() => ctx?.close());

  it("loads the songs but leaves their accounts alone and makes no choir", async () => {
    const ana = DEMO_USERS[0]!;
    const { token } = await signInLocally(ctx.app, { name: "Ana Directora", email: ana.email });
    const summary = await seedDemoLibrary(ctx.app.db, { demoChoir: true });
    expect(summary.demoChoir).toBe("skipped");
    expect(summary.created.length).toBeGreaterThanOrEqual(14);
    const me = (await ctx.app.inject({ method: "GET", url: "/api/me", headers: bearer(token) })).json();
    expect(me).toMatchObject({ choirs: [], hasCompletedOnboarding: false });
  });
});
