import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bearer, createTestApp, signInPerson, type TestContext, type TestPerson } from "./helpers.js";
import { importCalls } from "./import-calls.js";

/**
 * Songs brought from OnSong (its text files) and SongbookPro (its ChordPro export with `{x_sbp_tags}`): what the
 * preview reads and what the import saves. Fixtures written for these tests (the words are our own).
 */

const ONSONG = `Harbour Evening
Lucía Prado
Key: G
Capo: 2
Tags: evening, communion

Verse 1:
[G]Lanterns on the [C]water, [D]boats come home to [G]rest

Chorus:
[C]Hold us, [G]harbour, [D]hold us [G]near
`;

const SONGBOOKPRO = `{title: Vesper Bell}
{artist: Tomás Vega}
{key: D}
{x_sbp_tags: slow, waltz}
{c: Verse 1}
[D]Ring the vesper [A]bell
`;

describe("imports from OnSong and SongbookPro", () => {
  let ctx: TestContext;
  let person: TestPerson;
  const { preview, imported } = importCalls(() => ctx.app);

  beforeAll(async () => {
    ctx = await createTestApp();
    person = await signInPerson(ctx.app, "migrant");
  });
  afterAll(() => ctx?.close());

  const read = async (songId: string) => {
    const response = await ctx.app.inject({
      method: "GET",
      url: `/api/songs/${songId}`,
      headers: bearer(person.token),
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as {
      title: string;
      artist: string | null;
      content: string;
      tags: { tagName: string }[];
    };
  };

  it("reads an OnSong file by its extension, and a .txt written the OnSong way, with title, artist, key and sections", async () => {
    const { songs } = await preview(person, [
      { name: "harbour.onsong", content: ONSONG },
      { name: "harbour.txt", content: ONSONG.replace("Harbour Evening", "Harbour Evening (copy)") },
    ]);
    expect(songs.map((song) => [song.title, song.artist, song.key])).toEqual([
      ["Harbour Evening", "Lucía Prado", "G"],
      ["Harbour Evening (copy)", "Lucía Prado", "G"],
    ]);
    expect(songs.map((song) => song.format)).toEqual(["onsong", "onsong"]);
    expect(songs.map((song) => song.sections)).toEqual([2, 2]);
  });

  it("saves an OnSong song as ChordPro with its fields, sections, inline chords and tags", async () => {
    const [id] = await imported(person, { files: [{ name: "harbour.onsong", content: ONSONG }] });
    const song = await read(id!);
    expect(song.title).toBe("Harbour Evening");
    expect(song.artist).toBe("Lucía Prado");
    expect(song.content).toContain("{key: G}");
    expect(song.content).toContain("{capo: 2}");
    expect(song.content).toMatch(/\{start_of_verse(: Verse 1)?\}/);
    expect(song.content).toContain("[G]Lanterns on the [C]water,");
    expect(song.content).toMatch(/\{start_of_chorus(: Chorus)?\}/);
    expect(song.content).not.toContain("Lucía Prado\n");
    expect(song.tags.map((tag) => tag.tagName).sort()).toEqual(["communion", "evening"]);
  });

  it("keeps SongbookPro's ChordPro as written and carries its tag list", async () => {
    const { songs } = await preview(person, [{ name: "vesper.cho", content: SONGBOOKPRO }]);
    expect(songs[0]!.format).toBe("chordpro");
    const [id] = await imported(person, { files: [{ name: "vesper.cho", content: SONGBOOKPRO }] });
    const song = await read(id!);
    expect(song.content).toBe(SONGBOOKPRO);
    expect(song.tags.map((tag) => tag.tagName).sort()).toEqual(["slow", "waltz"]);
  });
});
