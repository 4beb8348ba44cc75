/**
 * The busiest reads — a search, a song, a choir's playlists — write their answer with `JSON.stringify` alone
 * (http/presented-answer.ts), without the zod serializer parsing it again. Their text must be the very text the zod
 * serializer writes: same keys, same order, nothing it would strip. Each is checked here on an answer that carries
 * every optional part (glossary tag names, choirs, credits, history, sections with songs and keys).
 */
import { Playlist, Song, SongSearchResult } from "@choir/contract";
import { serializerCompiler } from "fastify-type-provider-zod";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { bearer, choirWithCast, createTestApp, type TestContext, type TestPerson } from "./helpers.js";

const zodText = (schema: z.ZodType, url: string) =>
  serializerCompiler({ schema, method: "GET", url, httpStatus: "200" });

describe("answers written without a second parse", () => {
  let ctx: TestContext;
  let cast: Awaited<ReturnType<typeof choirWithCast>>;
  let songId: string;

  const call = (person: TestPerson, method: "GET" | "POST", url: string, payload?: object) =>
    ctx.app.inject({ method, url, headers: bearer(person.token), payload });

  beforeAll(async () => {
    ctx = await createTestApp();
    cast = await choirWithCast(ctx.app);
    const { admin, choir } = cast;
    const made = await call(admin, "POST", "/api/songs", {
      title: 'Gloria «al» \\ "Padre"',
      artist: "Anónimo",
      content: "{key: D}\n{ccli: 12345}\n{copyright: Public domain}\n{composer: Anon}\n[D]Glo-[A]ria",
      visibility: 2,
      visibleToChoirs: [choir.id],
      tags: ["Comunión", "Zeta custom tag"],
    });
    expect(made.statusCode, made.body).toBe(201);
    songId = made.json().songId;
    await call(admin, "POST", "/api/songs", { title: "Gloria plain", content: "La", visibility: 1 });
    for (const date of ["2020-05-03", "2999-01-01"]) {
      const playlist = await call(admin, "POST", "/api/playlists", {
        choirId: choir.id,
        date,
        sections: [
          { title: "Entrada", songs: [{ songId, key: "E" }] },
          { title: "Vacía", songs: [] },
        ],
      });
      expect(playlist.statusCode, playlist.body).toBe(201);
    }
  });
  afterAll(() => ctx?.close());

  it("writes a search's answer as the zod serializer does, with a choir's history and without", async () => {
    const { member, choir } = cast;
    for (const query of [
      `searchTerm=gloria&historyChoirId=${choir.id}`,
      "searchTerm=glor&sortBy=title",
      "tags=Comunión",
    ]) {
      const response = await call(member, "GET", `/api/songs/search?${query}`);
      expect(response.statusCode, response.body).toBe(200);
      const answer = response.json() as SongSearchResult;
      expect(answer.songs.length, query).toBeGreaterThan(0);
      expect(response.body, query).toBe(zodText(SongSearchResult, "/api/songs/search")(answer));
    }
    const withHistory = (
      await call(member, "GET", `/api/songs/search?searchTerm=gloria&historyChoirId=${choir.id}`)
    ).json() as SongSearchResult;
    const found = withHistory.songs.find((song) => song.songId === songId)!;
    expect(found.lastSung).toBe("2020-05-03");
    expect(found.tags.find((tag) => tag.tagName === "Comunión")?.names).toEqual({
      en: "communion",
      es: "comunión",
    });
    expect(found.visibleToChoirs).toEqual([{ choirId: choir.id, choirName: expect.any(String) }]);
  });

  it("writes a song as the zod serializer does, with a choir's history and without", async () => {
    const { member, choir } = cast;
    for (const url of [`/api/songs/${songId}`, `/api/songs/${songId}?choirId=${choir.id}`]) {
      const response = await call(member, "GET", url);
      expect(response.statusCode, response.body).toBe(200);
      expect(response.body, url).toBe(zodText(Song, "/api/songs/:id")(response.json()));
      expect(response.json().ccli).toBe("12345");
    }
  });

  it("writes a choir's playlists as the zod serializer does", async () => {
    const { member, choir } = cast;
    const response = await call(member, "GET", `/api/choirs/${choir.id}/playlists`);
    expect(response.statusCode, response.body).toBe(200);
    const answer = response.json() as Playlist[];
    expect(answer).toHaveLength(2);
    expect(answer[0]!.sections[0]!.songs[0]!.key).toBe("E");
    expect(response.body).toBe(zodText(z.array(Playlist), "/api/choirs/:choirId/playlists")(answer));
  });

  it("keeps the contract's error shape on these routes", async () => {
    const { outsider, choir } = cast;
    for (const url of [`/api/choirs/${choir.id}/playlists`, `/api/songs/${songId}?choirId=${choir.id}`]) {
      const refused = await call(outsider, "GET", url);
      expect(refused.statusCode, url).toBe(404);
      expect(refused.json(), url).toMatchObject({ code: "not_found" });
    }
    const bad = await call(outsider, "GET", "/api/songs/search?take=100000");
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ code: "validation_failed" });
  });
});
