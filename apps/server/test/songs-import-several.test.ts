import { SONG_LIMITS } from "@choir/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bearer, createTestApp, signInPerson, type TestContext, type TestPerson } from "./helpers.js";

/**
 * What an import reads from a file: several songs from one ChordPro or text file, and the header lines of chords over
 * words. Fixtures written for these tests (the words are our own).
 */

const BOOK = `{title: First Light}
{artist: Ana Ruiz}
{key: D}
[D]First light on the [G]hill

{new_song}
{title: Second Wind}
{subtitle: Tomás Ortega}
{key: A}
{tag: Advent}
[A]Second wind, [E]second wind

{ns}
{title: Third Step}
[C]One more step
`;

const TEXT_BOOK = `Title: Be Still
Author: Ana Ruiz
Key: G

G          C        G
Be still and rest a while

---

Title: Morning Light
By: Tomás Ortega
Key: D

D            G
Morning light upon the hill
`;

interface PreviewSong {
  file: string;
  title: string;
  artist: string | null;
  key: string | null;
  format: string;
}

describe("files of several songs and chords-over-words headers", () => {
  let ctx: TestContext;
  let singer: TestPerson;

  beforeAll(async () => {
    ctx = await createTestApp({ SONG_CREATE_LIMIT_PER_DAY: "0" });
    singer = await signInPerson(ctx.app, "librarian");
  });
  afterAll(() => ctx?.close());

  const post = (url: string, payload: Record<string, unknown>) =>
    ctx.app.inject({ method: "POST", url, headers: bearer(singer.token), payload });
  const preview = async (files: { name: string; content: string }[]) => {
    const response = await post("/api/songs/import/preview", { files });
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as { songs: PreviewSong[]; problems: { code: string }[]; digest: string };
  };
  const read = async (songId: string) =>
    (
      await ctx.app.inject({ method: "GET", url: `/api/songs/${songId}`, headers: bearer(singer.token) })
    ).json();

  it("previews and imports each song of a ChordPro file with {new_song} and {ns}, each with its own metadata", async () => {
    const files = [{ name: "book.cho", content: BOOK }];
    const { songs, digest } = await preview(files);
    expect(songs.map(({ file, title, artist, key }) => [file, title, artist, key])).toEqual([
      ["book.cho", "First Light", "Ana Ruiz", "D"],
      ["book.cho", "Second Wind", "Tomás Ortega", "A"],
      ["book.cho", "Third Step", null, null],
    ]);
    const response = await post("/api/songs/import", { files, previewDigest: digest });
    expect(response.statusCode, response.body).toBe(200);
    const [result] = response.json().results;
    expect(result.songIds).toHaveLength(3);
    const saved = await Promise.all(result.songIds.map(read));
    expect(saved.map((song) => song.title)).toEqual(["First Light", "Second Wind", "Third Step"]);
    expect(saved[1].content).toBe(
      "{title: Second Wind}\n{subtitle: Tomás Ortega}\n{key: A}\n{tag: Advent}\n[A]Second wind, [E]second wind\n",
    );
    expect(saved[1].tags.map((tag: { tagName: string }) => tag.tagName)).toEqual(["Advent"]);
    expect(
      saved.every((song) => !song.content.includes("{ns}") && !song.content.includes("{new_song}")),
    ).toBe(true);
  });

  it("cuts chords over words at a line of dashes followed by a Title line, reading each song's header", async () => {
    const { songs } = await preview([{ name: "two-songs.txt", content: TEXT_BOOK }]);
    expect(songs.map(({ title, artist, key, format }) => [title, artist, key, format])).toEqual([
      ["Be Still", "Ana Ruiz", "G", "chords-over-words"],
      ["Morning Light", "Tomás Ortega", "D", "chords-over-words"],
    ]);
  });

  it("reads Title, Author and Key lines of chords over words as the song's details, not as lyrics", async () => {
    const content = `Title: Be Still\nAuthor: Ana Ruiz\nKey: G\n\nG${" ".repeat(12)}C\nBe still and rest a while\n`;
    const response = await post("/api/songs/import", { files: [{ name: "be-still.txt", content }] });
    expect(response.statusCode, response.body).toBe(200);
    const song = await read(response.json().results[0].songIds[0]);
    expect(song).toMatchObject({ title: "Be Still", artist: "Ana Ruiz" });
    expect(song.content).toBe(
      "{title: Be Still}\n{artist: Ana Ruiz}\n{key: G}\n\n[G]Be still and [C]rest a while\n",
    );
  });

  it("takes a first line as the title and a By line as the artist; a file's name only when nothing else says", async () => {
    const { songs } = await preview([
      {
        name: "morning.txt",
        content: "Morning Light\nBy Tomás Ortega\n\nD       G\nMorning light upon the hill\n",
      },
      { name: "be-still.txt", content: "G        C\nBe still and rest a while\n" },
      { name: "lyrics_only.txt", content: "Be still and rest a while\nthe night is nearly done\n" },
    ]);
    expect(songs.map(({ title, artist }) => [title, artist])).toEqual([
      ["Morning Light", "Tomás Ortega"],
      ["be still", null],
      ["lyrics only", null],
    ]);
  });

  it("reads chord sheets as other tools write them: tabs to 8 columns, unknown chord names, tablature kept apart", async () => {
    const sheet = [
      "Title: River Road",
      "",
      "Intro",
      "e|-----0-----|",
      "B|---1---1---|",
      "",
      "\t A7",
      "Rest and sing on",
      `G${" ".repeat(10)}Bm7sus2${" ".repeat(3)}A7-9/unk`,
      "Walk along the river road",
      "",
    ].join("\n");
    const response = await post("/api/songs/import", { files: [{ name: "river.txt", content: sheet }] });
    expect(response.statusCode, response.body).toBe(200);
    const song = await read(response.json().results[0].songIds[0]);
    expect(song.title).toBe("River Road");
    expect(song.content).toContain("{start_of_tab: Intro}\ne|-----0-----|\nB|---1---1---|\n{end_of_tab}");
    expect(song.content).toContain("Rest and [A7]sing on");
    expect(song.content).toContain("[G]Walk along [Bm7sus2]the river [A7-9/unk]road");
  });

  it("numbers the songs of a file that title none after the file", async () => {
    const { songs } = await preview([{ name: "untitled.cho", content: "[C]one\n{ns}\n[G]two\n" }]);
    expect(songs.map((song) => song.title)).toEqual(["untitled 1", "untitled 2"]);
  });

  it("says a file of separators alone holds no songs", async () => {
    const { songs, problems } = await preview([
      { name: "empty.cho", content: "{ns}\n\n{new_song}\n# nothing\n" },
    ]);
    expect(songs).toEqual([]);
    expect(problems).toEqual([expect.objectContaining({ file: "empty.cho", code: "empty_export" })]);
  });

  it("refuses a file of more songs than one import creates, quickly and with its own problem", async () => {
    const content = "{ns}\n[C]la\n".repeat(SONG_LIMITS.importSongsMax + 1);
    const started = performance.now();
    const { songs, problems } = await preview([{ name: "too-many.cho", content }]);
    expect(performance.now() - started).toBeLessThan(5000);
    expect(songs).toEqual([]);
    expect(problems).toEqual([expect.objectContaining({ code: "too_many_songs" })]);
    const { songs: within } = await preview([
      { name: "just-enough.cho", content: "{ns}\n[C]la\n".repeat(SONG_LIMITS.importSongsMax) },
    ]);
    expect(within).toHaveLength(SONG_LIMITS.importSongsMax);
  });
});
