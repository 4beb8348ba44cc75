import { readFileSync } from "node:fs";
import { parseSong, readCredits } from "@choir/songsheet";
import { strFromU8, strToU8, unzipSync, zipSync } from "fflate";
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

const fixture = (name: string) => readFileSync(new URL(`./fixtures/import/${name}`, import.meta.url), "utf8");
const base64 = (bytes: Uint8Array) => Buffer.from(bytes).toString("base64");

interface SentFile {
  name: string;
  content?: string;
  data?: string;
}

/** Every format in one zip, an OpenSong file without extension in a folder, and one entry that cannot be read. */
function mixedZip(): Uint8Array {
  const exported = JSON.stringify([
    {
      title: "Exported Round",
      artist: "Our Choir",
      content: "{title: Exported Round}\n[C]Round and [G]round",
      tags: [],
    },
  ]);
  return zipSync({
    "openlyrics/holy-holy-holy.xml": strToU8(fixture("holy-holy-holy.xml")),
    "openlyrics/morning-light.xml": strToU8(fixture("morning-light.xml")),
    "OpenSong/Songs/River Song": strToU8(fixture("river-song")),
    "songselect/lantern-hymn.chordpro": strToU8(fixture("lantern-hymn.chordpro")),
    "songselect/harvest-song.txt": strToU8(fixture("harvest-song.txt")),
    "ours/export.json": strToU8(exported),
    "broken.xml": strToU8(fixture("broken.xml")),
  });
}

describe("import from other song tools, with a preview", () => {
  let ctx: TestContext;
  let singer: TestPerson;

  beforeAll(async () => {
    ctx = await createTestApp();
    singer = await signInPerson(ctx.app, "importer");
  });
  afterAll(() => ctx?.close());

  const post = (url: string, person: TestPerson | undefined, payload: object, language = "en") =>
    ctx.app.inject({
      method: "POST",
      url,
      headers: { ...(person ? bearer(person.token) : {}), "accept-language": language },
      payload,
    });
  const preview = async (files: SentFile[], language = "en") => {
    const response = await post("/api/songs/import/preview", singer, { files }, language);
    expect(response.statusCode, response.body).toBe(200);
    return response.json();
  };
  const ownSongs = async (person: TestPerson) =>
    (
      await ctx.app.inject({ method: "GET", url: "/api/songs/my?take=100", headers: bearer(person.token) })
    ).json() as {
      songId: string;
      title: string;
      artist: string | null;
      content: string;
      tags: { tagName: string }[];
    }[];

  it("previews a zip of every format: the songs it would create and the entry it cannot read, saving nothing", async () => {
    const before = (await ownSongs(singer)).length;
    const answer = await preview([{ name: "library.zip", data: base64(mixedZip()) }]);
    expect(answer.songs).toEqual([
      {
        file: "library.zip/openlyrics/holy-holy-holy.xml",
        title: "Holy, Holy, Holy",
        artist: "Reginald Heber, John B. Dykes",
        key: "D",
        sections: 2,
        format: "openlyrics",
        language: "en",
        otherLanguages: ["es"],
      },
      {
        file: "library.zip/openlyrics/morning-light.xml",
        title: "Morning Light",
        artist: "Test Choir Writers",
        key: null,
        sections: 3,
        format: "openlyrics",
      },
      {
        file: "library.zip/OpenSong/Songs/River Song",
        title: "River Song",
        artist: "Test Choir Writers",
        key: "G",
        sections: 3,
        format: "opensong",
      },
      {
        file: "library.zip/songselect/lantern-hymn.chordpro",
        title: "Lantern Hymn",
        artist: "Test Choir Writers, Another Writer",
        key: "E",
        sections: 2,
        format: "songselect-chordpro",
      },
      {
        file: "library.zip/songselect/harvest-song.txt",
        title: "Harvest Song",
        artist: "Test Choir Writers",
        key: null,
        sections: 2,
        format: "songselect-text",
      },
      {
        file: "library.zip/ours/export.json",
        title: "Exported Round",
        artist: "Our Choir",
        key: null,
        sections: 1,
        format: "export",
      },
    ]);
    expect(answer.problems).toEqual([
      {
        file: "library.zip/broken.xml",
        line: 9,
        code: "xml_malformed",
        message: expect.stringMatching(/^The XML is not well formed: /),
        values: { detail: expect.any(String) },
      },
    ]);
    expect(answer.digest).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect((await ownSongs(singer)).length).toBe(before);
  });

  it("saves exactly the previewed songs on confirmation, with their credits in the text, and never the licence", async () => {
    const files = [{ name: "library.zip", data: base64(mixedZip()) }];
    const { digest } = await preview(files);
    const before = (await ownSongs(singer)).length;
    const response = await post("/api/songs/import", singer, { files, previewDigest: digest });
    expect(response.statusCode, response.body).toBe(200);
    const results = response.json().results as { name: string; songIds: string[]; code?: string }[];
    expect(results.map((r) => [r.name.replace("library.zip/", ""), r.songIds.length, r.code])).toEqual([
      ["openlyrics/holy-holy-holy.xml", 1, undefined],
      ["openlyrics/morning-light.xml", 1, undefined],
      ["OpenSong/Songs/River Song", 1, undefined],
      ["songselect/lantern-hymn.chordpro", 1, undefined],
      ["songselect/harvest-song.txt", 1, undefined],
      ["ours/export.json", 1, undefined],
      ["broken.xml", 0, "xml_malformed"],
    ]);
    const songs = await ownSongs(singer);
    expect(songs.length).toBe(before + 6);
    const holy = songs.find((song) => song.title === "Holy, Holy, Holy")!;
    expect(readCredits(holy.content)).toEqual({
      composer: "John B. Dykes",
      lyricist: "Reginald Heber",
      copyright: "Public Domain",
      ccli: "1234561",
    });
    expect(holy.content).toContain(
      "{start_of_verse: Verse 1}\n[D]Holy, holy, [Bm]holy! [G]Lord God Al[D]mighty!",
    );
    expect(holy.tags.map((tag) => tag.tagName)).toEqual(["Trinity"]);
    const lantern = songs.find((song) => song.title === "Lantern Hymn")!;
    expect(readCredits(lantern.content)).toMatchObject({ ccli: "7000003" });
    expect(lantern.content).not.toContain("1111111");
    const read = await ctx.app.inject({
      method: "GET",
      url: `/api/songs/${lantern.songId}`,
      headers: bearer(singer.token),
    });
    expect(read.json()).toMatchObject({
      visibility: 0,
      ccli: "7000003",
      copyright: "2021 Example Music Publishing",
    });
  });

  it("saves nothing when the files no longer read as previewed, and nothing of a confirmation it refuses", async () => {
    const { digest } = await preview([{ name: "morning.xml", content: fixture("morning-light.xml") }]);
    const before = (await ownSongs(singer)).length;
    const changed = fixture("morning-light.xml").replace("Morning Light", "Evening Light");
    const response = await post("/api/songs/import", singer, {
      files: [{ name: "morning.xml", content: changed }],
      previewDigest: digest,
    });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ code: "import_changed" });
    const extra = await post("/api/songs/import", singer, {
      files: [
        { name: "morning.xml", content: fixture("morning-light.xml") },
        { name: "also.cho", content: "{title: Also}\n[C]also" },
      ],
      previewDigest: digest,
    });
    expect(extra.statusCode).toBe(409);
    expect((await ownSongs(singer)).length).toBe(before);
  });

  it("refuses a confirmation beyond the day's allowance whole, saving none of it", async () => {
    const limited = await createTestApp({ SONG_CREATE_LIMIT_PER_DAY: "3" });
    try {
      const person = await signInPerson(limited.app, "limited");
      const files = [{ name: "library.zip", data: base64(mixedZip()) }];
      const previewed = await limited.app.inject({
        method: "POST",
        url: "/api/songs/import/preview",
        headers: bearer(person.token),
        payload: { files },
      });
      // The preview says how many songs are left today, fewer than the zip holds.
      expect(previewed.json().allowance).toEqual({ limit: 3, left: 3 });
      expect(previewed.json().songs.length).toBeGreaterThan(3);
      const one = await limited.app.inject({
        method: "POST",
        url: "/api/songs",
        headers: bearer(person.token),
        payload: { visibility: 0, title: "One of Three", content: "[C]Words written for this test" },
      });
      expect(one.statusCode, one.body).toBe(201);
      const again = await limited.app.inject({
        method: "POST",
        url: "/api/songs/import/preview",
        headers: bearer(person.token),
        payload: { files },
      });
      expect(again.json().allowance).toEqual({ limit: 3, left: 2 });
      const response = await limited.app.inject({
        method: "POST",
        url: "/api/songs/import",
        headers: bearer(person.token),
        payload: { files, previewDigest: previewed.json().digest },
      });
      expect(response.statusCode).toBe(429);
      const mine = await limited.app.inject({
        method: "GET",
        url: "/api/songs/my",
        headers: bearer(person.token),
      });
      expect(mine.json().map((song: { title: string }) => song.title)).toEqual(["One of Three"]);
    } finally {
      await limited.close();
    }
  });

  it("gives each malformed file a clear problem, with its line where known", async () => {
    const bomb = zipSync({
      "bomb.txt": new Uint8Array(2 * 1024 * 1024),
      "fine.cho": strToU8("{title: Fine}\n[C]ok"),
    });
    const damaged = zipSync({ "a.cho": strToU8("{title: A}\n[C]a"), "b.cho": strToU8("{title: B}\n[G]b") });
    // Mark the first entry encrypted in its local and central headers: it cannot be unpacked.
    const view = new DataView(damaged.buffer);
    view.setUint16(6, view.getUint16(6, true) | 1, true);
    for (let at = 0; at < damaged.length - 4; at++) {
      if (view.getUint32(at, true) === 0x02014b50) {
        view.setUint16(at + 8, view.getUint16(at + 8, true) | 1, true);
        break;
      }
    }
    const latin1 = Buffer.from("{title: Canci\u00f3n}\n[C]coraz\u00f3n\n", "latin1");
    const answer = await preview([
      { name: "no-lyrics.xml", content: fixture("no-lyrics.xml") },
      { name: "broken.xml", content: fixture("broken.xml") },
      { name: "laughs.xml", content: fixture("laughs.xml") },
      { name: "cancion.cho", data: base64(latin1) },
      { name: "bomb.zip", data: base64(bomb) },
      { name: "damaged.zip", data: base64(damaged) },
      { name: "not-a-zip.zip", data: base64(strToU8("just text")) },
      { name: "slides.pptx", content: "x" },
    ]);
    expect(
      answer.problems.map((p: { file: string; code: string; line?: number }) => [p.file, p.code, p.line]),
    ).toEqual([
      ["no-lyrics.xml", "no_lyrics", undefined],
      ["broken.xml", "xml_malformed", 9],
      ["laughs.xml", "xml_doctype", 2],
      ["cancion.cho", "wrong_encoding", 1],
      ["bomb.zip/bomb.txt", "zip_entry_too_large", undefined],
      ["damaged.zip/a.cho", "zip_entry_unreadable", undefined],
      ["not-a-zip.zip", "zip_unreadable", undefined],
      ["slides.pptx", "unsupported_type", undefined],
    ]);
    expect(answer.songs.map((song: { file: string }) => song.file)).toEqual([
      "bomb.zip/fine.cho",
      "damaged.zip/b.cho",
    ]);
    for (const problem of answer.problems) expect(problem.message.length).toBeGreaterThan(10);
  });

  it("reads a file's verses in the importing person's language, labelled in it", async () => {
    const answer = await preview([{ name: "holy.xml", content: fixture("holy-holy-holy.xml") }], "es");
    expect(answer.songs[0]).toMatchObject({
      title: "Santo, Santo, Santo",
      language: "es",
      otherLanguages: ["en"],
      sections: 1,
    });
  });

  it("refuses anonymous callers and a file with neither text nor bytes", async () => {
    const files = [{ name: "a.cho", content: "[C]a" }];
    expect((await post("/api/songs/import/preview", undefined, { files })).statusCode).toBe(401);
    const both = await post("/api/songs/import/preview", singer, {
      files: [{ name: "a.cho", content: "x", data: "eA==" }],
    });
    expect(both.statusCode).toBe(400);
    expect(both.json().errors.join(" ")).toContain("body.files.0.content");
    const notBase64 = await post("/api/songs/import/preview", singer, {
      files: [{ name: "a.zip", data: "not base64!" }],
    });
    expect(notBase64.statusCode).toBe(400);
  });
});

describe("export to other song tools", () => {
  let ctx: TestContext;
  let owner: TestPerson;
  let member: TestPerson;
  let outsider: TestPerson;
  let choirId: string;
  const ids: string[] = [];

  const songs = [
    {
      title: "Gloria",
      artist: "Our Choir",
      content:
        "{title: Gloria}\n{key: G}\n{composer: A. Composer}\n{lyricist: B. Writer}\n{copyright: 2020 Our Choir}\n{ccli: 7000010}\n\n" +
        "{start_of_verse: Verse 1}\n[G]Glory to [D/F#]God in the [Em]highest\n{end_of_verse}\n\n" +
        "{start_of_chorus}\n[C]Gloria, [G]gloria\n{end_of_chorus}\n\n{start_of_verse: Verse 2}\n[G]Peace on [D]earth\n{end_of_verse}\n\n{chorus}\n",
      tags: ["Christmas"],
    },
    {
      title: "Gloria",
      artist: "Another Choir",
      content: "{key: Em}\n[Em]A second [B7]Gloria\n",
      tags: [],
    },
    {
      title: "Canción de cuna",
      artist: "Nuestro Coro",
      content:
        "{title: Canción de cuna}\n{key: D}\n\n{start_of_verse: Estrofa 1}\n[D]Duerme, [A]duerme\n{end_of_verse}\n",
      tags: [],
    },
  ];

  beforeAll(async () => {
    ctx = await createTestApp();
    owner = await signInPerson(ctx.app, "owner");
    member = await signInPerson(ctx.app, "member");
    outsider = await signInPerson(ctx.app, "outsider");
    const choir = await createChoir(ctx.app, owner);
    choirId = choir.id;
    await addMember(ctx.app, choirId, member);
    for (const song of songs) {
      const response = await ctx.app.inject({
        method: "POST",
        url: "/api/songs",
        headers: bearer(owner.token),
        payload: { ...song, visibility: 2, visibleToChoirs: [choirId] },
      });
      expect(response.statusCode, response.body).toBe(201);
      ids.push(response.json().songId);
    }
  });
  afterAll(() => ctx?.close());

  const get = (url: string, person?: TestPerson) =>
    ctx.app.inject({ method: "GET", url, headers: person ? bearer(person.token) : {} });

  it("downloads one song as a ChordPro file and as an OpenLyrics file, named by its title", async () => {
    const chordpro = await get(`/api/songs/export?ids=${ids[2]}&format=chordpro`, member);
    expect(chordpro.statusCode).toBe(200);
    expect(chordpro.headers["content-type"]).toMatch(/^text\/plain; charset=utf-8/);
    expect(chordpro.headers["content-disposition"]).toBe(
      `attachment; filename="Cancion de cuna.chordpro"; filename*=UTF-8''${encodeURIComponent("Canción de cuna.chordpro")}`,
    );
    expect(chordpro.body).toBe(
      "{title: Canción de cuna}\n{artist: Nuestro Coro}\n{key: D}\n\n{start_of_verse: Estrofa 1}\n[D]Duerme, [A]duerme\n{end_of_verse}\n",
    );
    const openlyrics = await get(`/api/songs/export?ids=${ids[0]}&format=openlyrics`, member);
    expect(openlyrics.statusCode).toBe(200);
    expect(openlyrics.headers["content-type"]).toMatch(/^application\/xml/);
    expect(openlyrics.body).toContain(
      '<song xmlns="http://openlyrics.info/namespace/2009/song" version="0.9"',
    );
    expect(openlyrics.body).toContain("<verseOrder>v1 c v2 c</verseOrder>");
    expect(openlyrics.body).toContain('<author type="music">A. Composer</author>');
    expect(openlyrics.body).toContain('<chord root="D" bass="F#"/>');
  });

  it("downloads a selection as a zip, names kept apart, and leaves out what the caller may not see", async () => {
    const response = await get(`/api/songs/export?ids=${ids.join(",")}&format=openlyrics`, member);
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toBe("application/zip");
    const files = unzipSync(new Uint8Array(response.rawPayload));
    expect(Object.keys(files).sort()).toEqual(["Canción de cuna.xml", "Gloria (2).xml", "Gloria.xml"]);
    expect((await get(`/api/songs/export?ids=${ids[0]}&format=chordpro`, outsider)).statusCode).toBe(404);
    expect((await get(`/api/songs/export?ids=${ids[0]}&format=chordpro`)).statusCode).toBe(401);
    expect((await get(`/api/songs/export?ids=${ids[0]}&format=pdf`, member)).statusCode).toBe(400);
  });

  it("re-imports its own ChordPro and OpenLyrics exports as the same songs: title, artist, key, sections, chords, credits", async () => {
    const importer = await signInPerson(ctx.app, "reimporter");
    await addMember(ctx.app, choirId, importer);
    for (const format of ["chordpro", "openlyrics"] as const) {
      const zip = await get(`/api/songs/export?ids=${ids.join(",")}&format=${format}`, importer);
      const files = [{ name: `export-${format}.zip`, data: base64(new Uint8Array(zip.rawPayload)) }];
      const previewed = await ctx.app.inject({
        method: "POST",
        url: "/api/songs/import/preview",
        headers: bearer(importer.token),
        payload: { files },
      });
      expect(previewed.json().problems).toEqual([]);
      const imported = await ctx.app.inject({
        method: "POST",
        url: "/api/songs/import",
        headers: bearer(importer.token),
        payload: { files, previewDigest: previewed.json().digest },
      });
      expect(imported.statusCode, imported.body).toBe(200);
      const results = imported.json().results as { songIds: string[] }[];
      expect(results).toHaveLength(3);
      for (const result of results) {
        const copy = (await get(`/api/songs/${result.songIds[0]}`, importer)).json();
        const index = songs.findIndex((song) => song.artist === copy.artist);
        const original = (await get(`/api/songs/${ids[index]}`, importer)).json();
        const describe = (song: { title: string; artist: string; content: string }) => {
          const sheet = parseSong(song.content);
          return {
            title: song.title,
            artist: song.artist,
            key: sheet.metadata.key,
            credits: readCredits(song.content),
            sections: sheet.sections.map((s) => ({
              type: s.type,
              label: s.label,
              recall: s.recall,
              lines: s.lines,
            })),
          };
        };
        expect(describe(copy), `${format} ${copy.title}`).toEqual(describe(original));
      }
    }
  });

  it("downloads a playlist as numbered ChordPro files in playing order, in their keys, for the choir's members", async () => {
    const created = await ctx.app.inject({
      method: "POST",
      url: "/api/playlists",
      headers: bearer(owner.token),
      payload: {
        choirId,
        date: "2031-03-02",
        title: "Sunday Mass",
        sections: [
          { title: "Entrance", songs: [{ songId: ids[2], key: "E" }] },
          { title: "Communion", songs: [{ songId: ids[0] }, { songId: ids[1], key: "Gm" }] },
        ],
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    const playlistId = created.json().id;
    const response = await get(`/api/playlists/${playlistId}/export`, member);
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-disposition"]).toContain('filename="sunday-mass-2031-03-02.zip"');
    const files = unzipSync(new Uint8Array(response.rawPayload));
    expect(Object.keys(files)).toEqual([
      "01 - Canción de cuna.chordpro",
      "02 - Gloria.chordpro",
      "03 - Gloria.chordpro",
    ]);
    const first = strFromU8(files["01 - Canción de cuna.chordpro"]!);
    expect(first.split("\n").slice(0, 4)).toEqual([
      "# Sunday Mass (2031-03-02) · Entrance",
      "{title: Canción de cuna}",
      "{artist: Nuestro Coro}",
      "{key: E}",
    ]);
    expect(first).toContain("[E]Duerme, [B]duerme");
    expect(strFromU8(files["02 - Gloria.chordpro"]!)).toContain("{key: G}\n");
    expect(strFromU8(files["03 - Gloria.chordpro"]!)).toContain("[Gm]A second [D7]Gloria");
    expect((await get(`/api/playlists/${playlistId}/export`, outsider)).statusCode).toBe(404);
    expect((await get(`/api/playlists/${playlistId}/export`)).statusCode).toBe(401);
    expect((await get("/api/playlists/00000000-0000-4000-8000-000000000000/export", member)).statusCode).toBe(
      404,
    );
  });
});
