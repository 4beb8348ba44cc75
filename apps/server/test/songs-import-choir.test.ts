import { parseSong } from "@choir/songsheet";
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
 * Imports that land where they were started: from a choir's Songs page the songs are shared with that choir, and
 * what the preview showed — corrected titles, artists, keys and each song's visibility — is what is saved.
 * Fixtures written for these tests (the words are our own).
 */

const BE_STILL = `Title: Be Still
Author: Ana Ruiz
Key: G

Verse 1:
G          C        G
Be still and rest a while
    Em       D
the night is nearly done
`;

const GATHERING = "{title: Gathering}\n{key: D}\n[D]Come and [G]gather [A]round\n";

describe("imports into a choir", () => {
  let ctx: TestContext;
  let director: TestPerson;
  let singer: TestPerson;
  let outsider: TestPerson;
  let choir: { id: string; name: string };

  beforeAll(async () => {
    ctx = await createTestApp();
    director = await signInPerson(ctx.app, "director");
    singer = await signInPerson(ctx.app, "singer");
    outsider = await signInPerson(ctx.app, "outsider");
    choir = await createChoir(ctx.app, director);
    await addMember(ctx.app, choir.id, singer);
  });
  afterAll(() => ctx?.close());

  const { post, preview, imported } = importCalls(() => ctx.app);
  const read = async (person: TestPerson, songId: string) => {
    const response = await ctx.app.inject({
      method: "GET",
      url: `/api/songs/${songId}`,
      headers: bearer(person.token),
    });
    return response;
  };
  const choirCount = async (person: TestPerson) => {
    const response = await ctx.app.inject({
      method: "GET",
      url: `/api/songs/search?choirId=${choir.id}&take=100`,
      headers: bearer(person.token),
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json().totalCount as number;
  };

  it("shares the songs of an import from the choir's page with that choir, so its members find them at once", async () => {
    const before = await choirCount(singer);
    const files = [
      { name: "be-still.txt", content: BE_STILL },
      { name: "gathering.cho", content: GATHERING },
    ];
    const { digest, songs } = await preview(director, files);
    expect(songs.map((song) => [song.title, song.artist, song.key])).toEqual([
      ["Be Still", "Ana Ruiz", "G"],
      ["Gathering", null, "D"],
    ]);
    const ids = await imported(director, { files, previewDigest: digest, choirId: choir.id });
    expect(ids).toHaveLength(2);
    for (const id of ids) {
      const song = (await read(singer, id)).json();
      expect(song.visibility).toBe(2);
      expect(song.visibleToChoirs).toEqual([{ choirId: choir.id, choirName: choir.name }]);
    }
    expect(await choirCount(singer)).toBe(before + 2);
  });

  it("shares with the choir without a preview too, and keeps an import without a choir private", async () => {
    const [shared] = await imported(director, {
      files: [{ name: "plain.cho", content: "{title: Shared Plainly}\n[C]la" }],
      choirId: choir.id,
    });
    expect((await read(singer, shared!)).json().visibility).toBe(2);
    const [own] = await imported(director, {
      files: [{ name: "own.cho", content: "{title: Mine Alone}\n[C]la" }],
    });
    expect((await read(director, own!)).json().visibility).toBe(0);
    expect((await read(singer, own!)).statusCode).toBe(404);
  });

  it("saves what the preview shows after corrections: title, artist and key in the song and its text, visibility per song", async () => {
    const files = [
      { name: "be-still.txt", content: BE_STILL.replace("Title: Be Still", "Title: be-stil") },
      { name: "gathering.cho", content: GATHERING },
      { name: "third.cho", content: "{title: Third}\n{artist: Someone}\n[C]la" },
    ];
    const { digest } = await preview(director, files);
    const ids = await imported(director, {
      files,
      previewDigest: digest,
      choirId: choir.id,
      songs: [
        { title: "Be Still", artist: "Ana Ruiz Prado", key: "A" },
        { visibility: 0 },
        { artist: null, visibility: 1 },
      ],
    });
    const [first, second, third] = await Promise.all(
      ids.map(async (id) => (await read(director, id)).json()),
    );
    expect(first).toMatchObject({ title: "Be Still", artist: "Ana Ruiz Prado", visibility: 2 });
    expect(parseSong(first.content).metadata).toMatchObject({
      title: "Be Still",
      artist: "Ana Ruiz Prado",
      key: "A",
    });
    expect(second).toMatchObject({
      title: "Gathering",
      visibility: 0,
      visibleToChoirs: [],
      content: GATHERING,
    });
    expect(third).toMatchObject({ title: "Third", artist: null, visibility: 1 });
    expect(third.content).toBe("{title: Third}\n[C]la");
    expect((await read(singer, second.songId)).statusCode).toBe(404);
    expect((await read(outsider, third.songId)).statusCode).toBe(200);
  });

  it("refuses choices that do not match the preview, a choir the caller is not in, and sharing without a choir", async () => {
    const files = [{ name: "gathering.cho", content: GATHERING }];
    const { digest } = await preview(director, files);
    const count = await choirCount(director);
    const cases: [TestPerson, Record<string, unknown>, number][] = [
      [director, { files, previewDigest: digest, songs: [{}, {}] }, 400],
      [director, { files, songs: [{}] }, 400],
      [director, { files, previewDigest: digest, songs: [{ visibility: 2 }] }, 400],
      [director, { files, previewDigest: digest, songs: [{ key: "H minor" }] }, 400],
      [director, { files, previewDigest: digest, songs: [{ title: "  " }] }, 400],
      [outsider, { files, choirId: choir.id }, 404],
    ];
    for (const [person, payload, status] of cases) {
      const response = await post(person, "/api/songs/import", payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(status);
      expect(response.json()).toMatchObject({ code: expect.any(String), message: expect.any(String) });
    }
    expect(await choirCount(director)).toBe(count);
  });
});
