import { SONG_LIMITS } from "@choir/contract";
import { parseSong } from "@choir/songsheet";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bearer, createTestApp, signInPerson, type TestContext, type TestPerson } from "./helpers.js";

const GRACE = `{title: Amazing Grace}
{artist: John Newton}
{key: G}
{tag: hymn}
{tag: Communion}

{start_of_verse}
A[G]mazing [G7]grace, how [C]sweet the [G]sound
{end_of_verse}
`;

const CHORDS_OVER_WORDS = `G              G7          C       G
Amazing grace, how sweet the sound
      G                  D
That saved a wretch like me
`;

interface ImportFile {
  name: string;
  content: string;
}
interface FileResult {
  name: string;
  songIds: string[];
  error?: string;
}

describe("song import", () => {
  let ctx: TestContext;
  let singer: TestPerson;
  let other: TestPerson;

  beforeAll(async () => {
    ctx = await createTestApp();
    singer = await signInPerson(ctx.app, "importer");
    other = await signInPerson(ctx.app, "other");
  });
  afterAll(() => ctx?.close());

  const importFiles = (person: TestPerson | undefined, files: ImportFile[]) =>
    ctx.app.inject({
      method: "POST",
      url: "/api/songs/import",
      headers: person ? bearer(person.token) : {},
      payload: { files },
    });
  const importOk = async (person: TestPerson, files: ImportFile[]): Promise<FileResult[]> => {
    const response = await importFiles(person, files);
    expect(response.statusCode, response.body).toBe(200);
    return response.json().results;
  };
  const read = async (person: TestPerson, songId: string) => {
    const response = await ctx.app.inject({
      method: "GET",
      url: `/api/songs/${songId}`,
      headers: bearer(person.token),
    });
    expect(response.statusCode).toBe(200);
    return response.json();
  };
  const tagNames = (song: { tags: { tagName: string }[] }) => song.tags.map((t) => t.tagName).sort();
  const ownSongCount = async (person: TestPerson) =>
    (await ctx.app.inject({ method: "GET", url: "/api/songs/my", headers: bearer(person.token) })).json()
      .length as number;

  it("recreates title, artist, content and tags from an export file, as the importer's private songs", async () => {
    const originals = [
      { title: "Round Trip Hymn", artist: "John Newton", content: GRACE, tags: ["hymn", "Communion"] },
      { title: "Round Trip Carol", artist: null, content: "[C]Noche de [G7]paz", tags: [] },
    ];
    const ids: string[] = [];
    for (const song of originals) {
      const created = await ctx.app.inject({
        method: "POST",
        url: "/api/songs",
        headers: bearer(other.token),
        payload: { ...song, visibility: 1 },
      });
      expect(created.statusCode).toBe(201);
      ids.push(created.json().songId);
    }
    const exported = await ctx.app.inject({
      method: "GET",
      url: `/api/songs/export?ids=${ids.join(",")}`,
      headers: bearer(singer.token),
    });
    expect(exported.statusCode).toBe(200);

    const [result] = await importOk(singer, [{ name: "songs-export.json", content: exported.body }]);
    expect(result).toMatchObject({ name: "songs-export.json" });
    expect(result?.error).toBeUndefined();
    expect(result?.songIds).toHaveLength(2);

    const imported = await Promise.all(result!.songIds.map((id) => read(singer, id)));
    const byTitle = (title: string) => imported.find((song) => song.title === title);
    for (const original of originals) {
      const song = byTitle(original.title);
      expect(song).toMatchObject({
        artist: original.artist,
        content: original.content,
        visibility: 0,
        creatorId: singer.id,
        baseSongId: null,
      });
      expect(tagNames(song)).toEqual([...original.tags].sort());
    }
    // Private: the other person, whose public songs were exported, does not see the copies.
    const hidden = await ctx.app.inject({
      method: "GET",
      url: `/api/songs/${result!.songIds[0]}`,
      headers: bearer(other.token),
    });
    expect(hidden.statusCode).toBe(404);
  });

  it("keeps a ChordPro file as written, with title, artist and tags from its directives", async () => {
    const [result] = await importOk(singer, [{ name: "hymns/grace.cho", content: `\uFEFF${GRACE}` }]);
    const song = await read(singer, result!.songIds[0]!);
    expect(song).toMatchObject({ title: "Amazing Grace", artist: "John Newton", content: GRACE });
    expect(tagNames(song)).toEqual(["Communion", "hymn"]);
  });

  it("takes the title from the file name and the artist from {subtitle} when a file names neither", async () => {
    const content = "{subtitle: Traditional}\n{t: }\n[Am]Los peces en el [E]río\n";
    const [result] = await importOk(singer, [{ name: "los_peces_en_el_rio.pro", content }]);
    const song = await read(singer, result!.songIds[0]!);
    expect(song).toMatchObject({ title: "los peces en el rio", artist: "Traditional", content });
  });

  it("converts chords over words to ChordPro with each chord over its syllable", async () => {
    const [result] = await importOk(singer, [{ name: "Amazing Grace.txt", content: CHORDS_OVER_WORDS }]);
    expect(result?.error).toBeUndefined();
    const song = await read(singer, result!.songIds[0]!);
    expect(song.title).toBe("Amazing Grace");
    expect(song.content).toContain("{title: Amazing Grace}");
    expect(song.content).toContain("[G]Amazing grace, [G7]how sweet th[C]e sound [G]");
    expect(song.content).toContain("That s[G]aved a wretch like [D]me");
    const chords = parseSong(song.content)
      .sections.flatMap((section) => section.lines)
      .flatMap((line) => (line.kind === "lyrics" ? line.pairs.map((pair) => pair.chord) : []))
      .filter(Boolean);
    expect(chords).toEqual(["G", "G7", "C", "G", "G", "D"]);
  });

  it("converts Ultimate Guitar text with [Verse] headers and [ch] markup", async () => {
    const ug =
      "Key: D\n\n[Verse 1]\n[ch]D[/ch]                 [ch]G[/ch]\nJoy to the world, the Lord is come\n";
    const [result] = await importOk(singer, [{ name: "joy.crd", content: ug }]);
    const song = await read(singer, result!.songIds[0]!);
    expect(song.title).toBe("joy");
    expect(song.content).toContain("{key: D}");
    expect(song.content).toContain("{start_of_verse: Verse 1}\n[D]Joy to the world, [G]the Lord is come");
  });

  it("reports a bad JSON file and an unknown file type per file and imports the others", async () => {
    const before = await ownSongCount(singer);
    const results = await importOk(singer, [
      { name: "first.cho", content: GRACE.replace("Amazing Grace", "First Of Four") },
      { name: "broken.json", content: '[{"title": "Half a file",' },
      { name: "notes.docx", content: "PK\u0003\u0004 not a song" },
      { name: "last.txt", content: CHORDS_OVER_WORDS },
    ]);
    expect(results.map((r) => r.name)).toEqual(["first.cho", "broken.json", "notes.docx", "last.txt"]);
    expect(results[0]).toEqual({ name: "first.cho", songIds: [expect.any(String)] });
    expect(results[1]).toEqual({
      name: "broken.json",
      songIds: [],
      error: "The file is not valid JSON.",
      code: "invalid_json",
    });
    expect(results[2]?.songIds).toEqual([]);
    expect(results[2]?.error).toMatch(/^Unsupported file type: use \.json, \.cho/);
    expect(results[3]).toEqual({ name: "last.txt", songIds: [expect.any(String)] });
    expect(await ownSongCount(singer)).toBe(before + 2);
  });

  it("names the entry and field of an export file that does not validate, and imports none of it", async () => {
    const before = await ownSongCount(singer);
    const entries = [
      { title: "Fine", artist: null, content: "[C]ok", tags: [] },
      { title: "", artist: null, content: "[C]no title", tags: [] },
    ];
    const results = await importOk(singer, [
      { name: "export.json", content: JSON.stringify(entries) },
      { name: "object.json", content: JSON.stringify({ title: "Not in an array" }) },
      { name: "empty.json", content: "[]" },
    ]);
    expect(results[0]?.songIds).toEqual([]);
    expect(results[0]?.error).toMatch(/^Song 2: title: /);
    expect(results[1]?.error).toBe("The file is not a song export: expected a JSON array of songs.");
    expect(results[2]?.error).toBe("The file holds no songs.");
    expect(await ownSongCount(singer)).toBe(before);
  });

  it("creates all songs of a file or none when saving one of them fails", async () => {
    const before = await ownSongCount(singer);
    // Valid JSON and valid for the schema, but PostgreSQL refuses the NUL character of the second song.
    const entries = [
      { title: "Saved first", artist: null, content: "[C]one", tags: ["atomic"] },
      { title: "Refused second", artist: null, content: "[C]two\u0000", tags: [] },
    ];
    const [result] = await importOk(singer, [{ name: "atomic.json", content: JSON.stringify(entries) }]);
    expect(result).toEqual({
      name: "atomic.json",
      songIds: [],
      error: "The songs of this file could not be saved.",
      code: "not_saved",
    });
    expect(await ownSongCount(singer)).toBe(before);
  });

  it("saves the other files when the database refuses one, and writes many files' songs and tags together", async () => {
    const before = await ownSongCount(singer);
    const refused = [{ title: "Refused", artist: null, content: "[C]nul\u0000", tags: [] }];
    const files = [
      { name: "first.cho", content: "{title: Batch first}\n{tag: Batch Tag}\n[G]one" },
      { name: "refused.json", content: JSON.stringify(refused) },
      { name: "second.cho", content: "{title: Batch second}\n{tag: batch tag}\n{tag: Other}\n[D]two" },
    ];
    const results = await importOk(singer, files);
    expect(results.map((r) => [r.name, r.songIds.length, r.error])).toEqual([
      ["first.cho", 1, undefined],
      ["refused.json", 0, "The songs of this file could not be saved."],
      ["second.cho", 1, undefined],
    ]);
    expect(await ownSongCount(singer)).toBe(before + 2);
    // Without a refusal, all files' songs are written together, in the order of the files, one tag per name.
    const many = Array.from({ length: SONG_LIMITS.importFilesMax }, (_, i) => ({
      name: `many-${i}.cho`,
      content: `{title: Many ${i}}\n{tag: ${i % 2 ? "Many Tag" : "many tag"}}\n[C]song ${i}`,
    }));
    const written = await importOk(singer, many);
    expect(written.every((r) => r.songIds.length === 1 && !r.error)).toBe(true);
    for (const [i, result] of written.entries()) {
      if (i % 10 !== 0) continue;
      const song = await read(singer, result.songIds[0]!);
      expect(song.title).toBe(`Many ${i}`);
      expect(song.tags.map((t: { tagName: string }) => t.tagName.toLowerCase())).toEqual(["many tag"]);
    }
    const tagIds = new Set<string>();
    for (const result of written.slice(0, 2)) {
      for (const tag of (await read(singer, result.songIds[0]!)).tags) tagIds.add(tag.tagId);
    }
    expect(tagIds.size).toBe(1);
  });

  it("gives a file over the size limits its own error", async () => {
    const hugeSong = `{title: Too long}\n${"[C]la ".repeat(20_001)}`;
    const hugeExport = " ".repeat(SONG_LIMITS.importFileMax + 1);
    const manySongs = JSON.stringify(
      Array.from({ length: SONG_LIMITS.importSongsMax + 1 }, (_, i) => ({ title: `S${i}`, content: "x" })),
    );
    const results = await importOk(singer, [
      { name: "huge.cho", content: hugeSong },
      { name: "huge.json", content: hugeExport },
      { name: "many.json", content: manySongs },
      { name: "small.cho", content: GRACE },
    ]);
    expect(results[0]?.error).toBe("The file is too large: a song holds at most 100,000 characters.");
    expect(results[1]?.error).toBe("The file is too large: at most 500,000 characters.");
    expect(results[2]?.error).toBe("The file holds more than 500 songs.");
    expect(results[3]?.songIds).toHaveLength(1);
  });

  it("refuses to convert chord lines over words too long to show whole, rather than keep part of them", async () => {
    const before = await ownSongCount(singer);
    const [result] = await importOk(singer, [{ name: "endless.txt", content: "G\nla\n".repeat(6_000) }]);
    expect(result).toEqual({
      name: "endless.txt",
      songIds: [],
      error: "The song is too long to convert: it would show more than 5,000 lines.",
      code: "song_too_long",
    });
    expect(await ownSongCount(singer)).toBe(before);
  });

  it("refuses anonymous callers", async () => {
    const response = await importFiles(undefined, [{ name: "grace.cho", content: GRACE }]);
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ code: "unauthorized" });
  });

  it.each([
    [{ files: [] }, "body.files"],
    [{ files: [{ name: "", content: GRACE }] }, "body.files.0.name"],
    [{ files: [{ name: "a.cho" }] }, "body.files.0.content"],
    [{ files: Array.from({ length: 51 }, () => ({ name: "a.cho", content: GRACE })) }, "body.files"],
    [{}, "body.files"],
  ])("answers an invalid body %# with 400 and the contract's error JSON", async (payload, field) => {
    const response = await ctx.app.inject({
      method: "POST",
      url: "/api/songs/import",
      headers: bearer(singer.token),
      payload,
    });
    expect(response.statusCode).toBe(400);
    const body = response.json();
    expect(body).toMatchObject({ code: "validation_failed", message: expect.any(String) });
    expect(body.errors.join(" ")).toContain(field);
  });

  it("answers a body over the request limit with 413 JSON", async () => {
    const response = await importFiles(singer, [{ name: "big.json", content: "x".repeat(1_100_000) }]);
    expect(response.statusCode).toBe(413);
    expect(response.json()).toMatchObject({ code: "payload_too_large" });
  });

  it("is described in the OpenAPI document", async () => {
    const docs = (await ctx.app.inject({ method: "GET", url: "/api/docs/json" })).json();
    const operation = docs.paths["/api/songs/import"]?.post;
    expect(operation?.tags).toEqual(["songs"]);
    expect(operation?.requestBody).toBeDefined();
  });
});
