import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  addMember,
  bearer,
  createChoir,
  createTestApp,
  signInPerson,
  type TestContext,
  type TestPerson,
} from "./helpers.js";
import { importCalls } from "./import-calls.js";

/**
 * An import as a migration (decision 0112): the preview names the library's songs a file likely repeats — the same
 * title and artist once case, accents, spaces and punctuation are set aside, or the same title where one names no
 * artist — among the importer's own songs and, from a choir's page, the choir's; the person skips or keeps each.
 * A library exported and imported into an empty one comes back the same, and imported again is all duplicates.
 * Every song here is written for these tests.
 */

interface ExportedSong {
  title: string;
  artist: string | null;
  content: string;
  tags: string[];
}

/** Several songs in one ChordPro file, each with its title, artist, key and tags. */
function chordProLibrary(count: number): string {
  return Array.from({ length: count }, (_, n) =>
    [
      `{title: Harbour Song ${n + 1}}`,
      `{artist: Writer ${(n % 7) + 1}}`,
      `{key: ${["C", "D", "G", "A"][n % 4]}}`,
      `{tag: ${n % 2 ? "evening" : "morning"}}`,
      `[C]Song number ${n + 1} [G]sails the [C]bay`,
    ].join("\n"),
  ).join("\n{new_song}\n");
}

describe("likely duplicates in an import", () => {
  let ctx: TestContext;
  let director: TestPerson;
  let singer: TestPerson;
  let stranger: TestPerson;
  let choir: { id: string; name: string };

  beforeAll(async () => {
    ctx = await createTestApp({ SONG_CREATE_LIMIT_PER_DAY: "0" });
    director = await signInPerson(ctx.app, "director");
    singer = await signInPerson(ctx.app, "singer");
    stranger = await signInPerson(ctx.app, "stranger");
    choir = await createChoir(ctx.app, director);
    await addMember(ctx.app, choir.id, singer);
  });
  afterAll(() => ctx?.close());

  const { post, preview, imported } = importCalls(() => ctx.app);
  const create = async (person: TestPerson, song: Record<string, unknown>) => {
    const response = await post(person, "/api/songs", song);
    expect(response.statusCode, response.body).toBe(201);
    return response.json().songId as string;
  };
  const exported = async (person: TestPerson, ids: string[]) => {
    const response = await ctx.app.inject({
      method: "GET",
      url: `/api/songs/export?format=json&ids=${ids.join(",")}`,
      headers: bearer(person.token),
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as ExportedSong[];
  };

  it("names a song of one's own with the same title and artist, whatever the case, accents and punctuation", async () => {
    const own = await create(director, {
      title: "Canción del Alba",
      artist: "Ana Ruiz",
      content: "[G]Alba",
      visibility: 0,
    });
    const { songs } = await preview(director, [
      { name: "a.cho", content: "{title: cancion del alba!}\n{artist: ANA  RUIZ}\n[C]la" },
      { name: "b.cho", content: "{title: Canción del Alba}\n{artist: Someone Else}\n[C]la" },
      { name: "c.cho", content: "{title: Cancion  del alba}\n[C]la" },
      { name: "d.cho", content: "{title: A New Song}\n{artist: Ana Ruiz}\n[C]la" },
    ]);
    const same = { songId: own, title: "Canción del Alba", artist: "Ana Ruiz" };
    expect(songs.map((song) => song.duplicateOf ?? null)).toEqual([same, null, same, null]);
  });

  it("never names a song the importer cannot see, nor others' public songs outside their library", async () => {
    await create(stranger, { title: "Hidden Psalm", artist: null, content: "[C]la", visibility: 0 });
    await create(stranger, { title: "Open Psalm", artist: null, content: "[C]la", visibility: 1 });
    const { songs } = await preview(director, [
      { name: "hidden.cho", content: "{title: Hidden Psalm}\n[C]la" },
      { name: "open.cho", content: "{title: Open Psalm}\n[C]la" },
    ]);
    expect(songs.map((song) => song.duplicateOf ?? null)).toEqual([null, null]);
  });

  it("from a choir's page, names the choir's songs a member shared; a choir one is not in answers 404", async () => {
    const shared = await create(singer, {
      title: "Vesper Bell",
      artist: "Tomás Vega",
      content: "[D]Bell",
      visibility: 2,
      visibleToChoirs: [choir.id],
    });
    const file = [{ name: "vesper.cho", content: "{title: Vesper Bell}\n{artist: Tomas Vega}\n[D]Bell" }];
    expect((await preview(director, file)).songs[0]!.duplicateOf).toBeUndefined();
    expect((await preview(director, file, choir.id)).songs[0]!.duplicateOf).toEqual({
      songId: shared,
      title: "Vesper Bell",
      artist: "Tomás Vega",
    });
    const refused = await post(stranger, "/api/songs/import/preview", { files: file, choirId: choir.id });
    expect(refused.statusCode).toBe(404);
  });

  it("leaves out the songs the person chose to skip and saves the others, all in one", async () => {
    await create(director, { title: "Morning Star", artist: null, content: "[C]Star", visibility: 0 });
    const files = [
      {
        name: "two.cho",
        content: "{title: Morning Star}\n[C]Star\n{new_song}\n{title: Evening Tide}\n[C]Tide",
      },
      { name: "third.cho", content: "{title: Noon Bell}\n[C]Bell" },
    ];
    const { songs, digest } = await preview(director, files);
    expect(songs.map((song) => Boolean(song.duplicateOf))).toEqual([true, false, false]);
    const response = await post(director, "/api/songs/import", {
      files,
      previewDigest: digest,
      songs: [{ skip: true }, {}, { skip: false }],
    });
    expect(response.statusCode, response.body).toBe(200);
    const results = response.json().results as { name: string; songIds: string[] }[];
    expect(results.map((result) => [result.name, result.songIds.length])).toEqual([
      ["two.cho", 1],
      ["third.cho", 1],
    ]);
    const saved = await exported(
      director,
      results.flatMap((result) => result.songIds),
    );
    expect(saved.map((song) => song.title)).toEqual(["Evening Tide", "Noon Bell"]);
  });

  it("round trip: 300 songs exported and imported into an empty library come back the same, and again are 300 likely duplicates", async () => {
    const ids = await imported(director, {
      files: [{ name: "library.cho", content: chordProLibrary(300) }],
    });
    expect(ids).toHaveLength(300);
    const library = await exported(director, ids);
    expect(library).toHaveLength(300);
    const file = [{ name: "library.json", content: JSON.stringify(library) }];

    // An empty library: nothing repeats; imported, the same songs — titles, artists, texts, tags.
    const fresh = await signInPerson(ctx.app, "newcomer");
    const first = await preview(fresh, file);
    expect(first.songs).toHaveLength(300);
    expect(first.songs.filter((song) => song.duplicateOf)).toHaveLength(0);
    const copies = await imported(fresh, { files: file, previewDigest: first.digest });
    expect(copies).toHaveLength(300);
    const back = await exported(fresh, copies);
    const sorted = (songs: ExportedSong[]) =>
      [...songs]
        .map((song) => ({ ...song, tags: [...song.tags].sort() }))
        .sort((a, b) => a.title.localeCompare(b.title));
    expect(sorted(back)).toEqual(sorted(library));
    expect(back.some((song) => song.tags.length > 0)).toBe(true);

    // The same file again: every song is a likely duplicate, each of its own copy.
    const again = await preview(fresh, file);
    expect(again.songs.filter((song) => song.duplicateOf)).toHaveLength(300);
    const named = new Set(again.songs.map((song) => song.duplicateOf!.songId));
    expect(named.size).toBe(300);
    for (const id of named) expect(copies).toContain(id);
  });
});
