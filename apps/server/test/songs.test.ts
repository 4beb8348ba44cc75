import { sql } from "drizzle-orm";
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

const HYMN = `{title: Amazing Grace}
{artist: John Newton}
{key: G}
{start_of_verse}
A[G]mazing [G7]grace, how [C]sweet the [G]sound
{end_of_verse}`;

describe("songs", () => {
  let ctx: TestContext;
  let creator: TestPerson;
  let other: TestPerson;
  let choirMember: TestPerson;
  let choirId: string;

  beforeAll(async () => {
    ctx = await createTestApp();
    creator = await signInPerson(ctx.app, "creator");
    other = await signInPerson(ctx.app, "other");
    choirMember = await signInPerson(ctx.app, "singer");
    const choir = await createChoir(ctx.app, creator);
    choirId = choir.id;
    await addMember(ctx.app, choirId, choirMember);
  });
  afterAll(() => ctx?.close());

  const create = (person: TestPerson, payload: Record<string, unknown>) =>
    ctx.app.inject({ method: "POST", url: "/api/songs", headers: bearer(person.token), payload });
  const read = (person: TestPerson | undefined, songId: string) =>
    ctx.app.inject({
      method: "GET",
      url: `/api/songs/${songId}`,
      headers: person ? bearer(person.token) : {},
    });

  it("creates a song with tags and answers the contract's shape", async () => {
    const response = await create(creator, {
      title: " Amazing Grace ",
      artist: "John Newton",
      content: HYMN,
      audioUrl: "https://example.com/grace.mp3",
      visibility: 1,
      tags: ["Hymn", "hymn", "Communion", { tagName: "Classic" }],
    });
    expect(response.statusCode).toBe(201);
    const song = response.json();
    expect(song).toMatchObject({
      title: "Amazing Grace",
      artist: "John Newton",
      audioUrl: "https://example.com/grace.mp3",
      visibility: 1,
      visibleToChoirs: [],
      creatorId: creator.id,
      creatorName: "Creator Tester",
      baseSongId: null,
    });
    expect(song.tags.map((t: { tagName: string }) => t.tagName)).toEqual(["Classic", "Communion", "Hymn"]);
  });

  it.each([
    [{ title: "", content: "x" }, "body.title"],
    [{ title: "T", content: "   " }, "body.content"],
    [{ title: "T", content: "x", audioUrl: "javascript:alert(1)" }, "body.audioUrl"],
    [{ title: "T", content: "x", visibility: 3 }, "body.visibility"],
  ])("rejects invalid song %#", async (payload, field) => {
    const response = await create(creator, payload);
    expect(response.statusCode).toBe(400);
    expect(response.json().errors.join(" ")).toContain(field);
  });

  it("answers 413 for song text over 100,000 characters, on create and on edit", async () => {
    const tooLong = "x".repeat(100_001);
    const created = await create(creator, { title: "T", content: tooLong });
    expect(created.statusCode).toBe(413);
    expect(created.json()).toMatchObject({ code: "payload_too_large", message: "The request is too large." });
    expect(created.json().errors.join(" ")).toContain("body.content");
    const song = (await create(creator, { title: "Short", content: HYMN })).json();
    const edited = await ctx.app.inject({
      method: "PUT",
      url: `/api/songs/${song.songId}`,
      headers: bearer(creator.token),
      payload: { title: "Short", content: tooLong },
    });
    expect(edited.statusCode).toBe(413);
    // Other faults in the same body stay a 400.
    expect((await create(creator, { title: "", content: "x" })).statusCode).toBe(400);
  });

  it("keeps the audio link when an edit does not send it, and removes it when sent empty", async () => {
    const song = (
      await create(creator, { title: "With audio", content: HYMN, audioUrl: "https://example.com/a.mp3" })
    ).json();
    const put = (payload: Record<string, unknown>) =>
      ctx.app.inject({
        method: "PUT",
        url: `/api/songs/${song.songId}`,
        headers: bearer(creator.token),
        payload,
      });
    const kept = await put({ title: "With audio, edited", artist: "A", content: HYMN });
    expect(kept.statusCode).toBe(200);
    expect(kept.json()).toMatchObject({ title: "With audio, edited", audioUrl: "https://example.com/a.mp3" });
    const removed = await put({ title: "With audio, edited", content: HYMN, audioUrl: null });
    expect(removed.json().audioUrl).toBeNull();
    const added = await put({
      title: "With audio, edited",
      content: HYMN,
      audioUrl: "https://example.com/b.mp3",
    });
    expect(added.json().audioUrl).toBe("https://example.com/b.mp3");
    expect((await put({ title: "t", content: HYMN, audioUrl: "" })).json().audioUrl).toBeNull();
  });

  it("accepts content of exactly 100,000 characters", async () => {
    const response = await create(creator, { title: "Long", content: `${"la ".repeat(33_333)}a` });
    expect(response.statusCode).toBe(201);
  });

  it("applies the visibility matrix to reads", async () => {
    const priv = (await create(creator, { title: "Private Song", content: HYMN, visibility: 0 })).json();
    const pub = (await create(creator, { title: "Public Song", content: HYMN, visibility: 1 })).json();
    const shared = (
      await create(creator, { title: "Choir Song", content: HYMN, visibility: 2, visibleToChoirs: [choirId] })
    ).json();
    const expectations: [TestPerson | undefined, string, number][] = [
      [creator, priv.songId, 200],
      [other, priv.songId, 404],
      [choirMember, priv.songId, 404],
      [undefined, priv.songId, 401],
      [creator, pub.songId, 200],
      [other, pub.songId, 200],
      [choirMember, pub.songId, 200],
      [undefined, pub.songId, 401],
      [creator, shared.songId, 200],
      [other, shared.songId, 404],
      [choirMember, shared.songId, 200],
      [undefined, shared.songId, 401],
    ];
    for (const [person, songId, status] of expectations) {
      expect((await read(person, songId)).statusCode, `${person?.email ?? "anonymous"} → ${songId}`).toBe(
        status,
      );
    }
    const hidden = await read(other, priv.songId);
    const missing = await read(other, "00000000-0000-4000-8000-000000000000");
    expect(hidden.json()).toEqual(missing.json());
    expect(hidden.json().message).toBe("Song not found");
  });

  it("lets only the creator edit, change visibility or delete", async () => {
    const song = (await create(creator, { title: "Editable", content: HYMN, visibility: 1 })).json();
    const edit = (person: TestPerson) =>
      ctx.app.inject({
        method: "PUT",
        url: `/api/songs/${song.songId}`,
        headers: bearer(person.token),
        payload: { title: "Edited", artist: null, content: HYMN },
      });
    expect((await edit(other)).statusCode).toBe(403);
    expect((await edit(choirMember)).statusCode).toBe(403);
    const ok = await edit(creator);
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ title: "Edited", artist: null });
    // tags omitted: unchanged; given: replaced
    const tagged = await ctx.app.inject({
      method: "PUT",
      url: `/api/songs/${song.songId}`,
      headers: bearer(creator.token),
      payload: { title: "Edited", content: HYMN, tags: ["Advent"] },
    });
    expect(tagged.json().tags.map((t: { tagName: string }) => t.tagName)).toEqual(["Advent"]);

    const visibility = (person: TestPerson, payload: Record<string, unknown>) =>
      ctx.app.inject({
        method: "PUT",
        url: `/api/songs/${song.songId}/visibility`,
        headers: bearer(person.token),
        payload,
      });
    expect((await visibility(other, { visibility: 0 })).statusCode).toBe(403);
    const empty = await visibility(creator, { visibility: 2, visibleToChoirs: [] });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe(
      'Please select at least one choir when setting visibility to "Public to Choirs".',
    );
    const foreignChoir = await createChoir(ctx.app, other);
    expect(
      (await visibility(creator, { visibility: 2, visibleToChoirs: [foreignChoir.id] })).statusCode,
    ).toBe(403);
    const toChoir = await visibility(creator, { visibility: 2, visibleToChoirs: [{ choirId }] });
    expect(toChoir.statusCode).toBe(200);
    expect(toChoir.json().visibleToChoirs).toEqual([{ choirId, choirName: expect.any(String) }]);
    expect((await read(other, song.songId)).statusCode).toBe(404);

    const del = (person: TestPerson) =>
      ctx.app.inject({ method: "DELETE", url: `/api/songs/${song.songId}`, headers: bearer(person.token) });
    expect((await del(choirMember)).statusCode).toBe(403);
    expect((await del(other)).statusCode).toBe(404);
    expect((await del(creator)).statusCode).toBe(204);
    expect((await read(creator, song.songId)).statusCode).toBe(404);
  });

  it("makes one choir version per choir, visible to that choir's members", async () => {
    const master = (
      await create(other, { title: "Master Hymn", content: HYMN, visibility: 1, tags: ["Hymn"] })
    ).json();
    const version = await ctx.app.inject({
      method: "POST",
      url: `/api/songs/${master.songId}/versions`,
      headers: bearer(creator.token),
      payload: { choirId, content: `${HYMN}\n{comment: Sopranos an octave up}` },
    });
    expect(version.statusCode).toBe(201);
    expect(version.json()).toMatchObject({
      baseSongId: master.songId,
      title: "Master Hymn",
      creatorId: creator.id,
    });
    expect(version.json().tags.map((t: { tagName: string }) => t.tagName)).toEqual(["Hymn"]);
    expect((await read(choirMember, version.json().songId)).statusCode).toBe(200);
    expect((await read(other, version.json().songId)).statusCode).toBe(404);
    const again = await ctx.app.inject({
      method: "POST",
      url: `/api/songs/${master.songId}/versions`,
      headers: bearer(choirMember.token),
      payload: { choirId },
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe("A version of this song already exists for your choir.");
    const outsider = await ctx.app.inject({
      method: "POST",
      url: `/api/songs/${master.songId}/versions`,
      headers: bearer(other.token),
      payload: { choirId },
    });
    expect(outsider.statusCode).toBe(403);
    const choirSongs = await ctx.app.inject({
      method: "GET",
      url: `/api/songs/choir/${choirId}`,
      headers: bearer(choirMember.token),
    });
    expect(choirSongs.json().map((s: { songId: string }) => s.songId)).toContain(version.json().songId);
    const refused = await ctx.app.inject({
      method: "GET",
      url: `/api/songs/choir/${choirId}`,
      headers: bearer(other.token),
    });
    expect(refused.statusCode).toBe(404);
  });

  it("finds songs by a lyric word typed without its accent, and by a typo of five letters or more in the title", async () => {
    const lyric = `{title: Canción de la mañana}\n{artist: Coro Parroquial}\nLa [D]canción del a[G]lba, ale[A]gría`;
    const song = (
      await create(other, { title: "Canción de la mañana", content: lyric, visibility: 1, tags: ["Misa"] })
    ).json();
    const search = async (query: string) =>
      (
        await ctx.app.inject({
          method: "GET",
          url: `/api/songs/search?${query}`,
          headers: bearer(creator.token),
        })
      ).json();
    expect((await search("searchTerm=alegria")).songs.map((s: { songId: string }) => s.songId)).toContain(
      song.songId,
    );
    expect((await search("searchTerm=cancion")).songs[0].songId).toBe(song.songId);
    expect((await search("searchTerm=mañna")).songs.map((s: { songId: string }) => s.songId)).toContain(
      song.songId,
    );
    // Four letters are a word still being typed: a prefix, never a typo ("mañn" is as close to "mañana").
    expect((await search("searchTerm=mañn")).songs.map((s: { songId: string }) => s.songId)).not.toContain(
      song.songId,
    );
    expect((await search("tags=misa&tags=Misa")).totalCount).toBeGreaterThanOrEqual(1);
    expect((await search("tags=misa&tags=nope")).totalCount).toBe(0);
    const response = await ctx.app.inject({
      method: "GET",
      url: "/api/songs/search?take=101",
      headers: bearer(creator.token),
    });
    expect(response.statusCode).toBe(400);
    const ok = await ctx.app.inject({
      method: "GET",
      url: "/api/songs/search",
      headers: bearer(creator.token),
    });
    expect(ok.headers["cache-control"]).toBe("no-store");
    expect(ok.json()).toMatchObject({ skip: 0, take: 24, hasMore: false });
  });

  it("search follows a song's edits, tags, sharing and deletion", async () => {
    const find = async (person: TestPerson, query: string) => {
      const response = await ctx.app.inject({
        method: "GET",
        url: `/api/songs/search?${query}`,
        headers: bearer(person.token),
      });
      expect(response.statusCode).toBe(200);
      return response.json() as {
        totalCount: number;
        songs: { songId: string; title: string; tags: unknown[] }[];
      };
    };
    const ids = async (person: TestPerson, query: string) =>
      (await find(person, query)).songs.map((s) => s.songId);
    const song = (
      await create(creator, { title: "Zumbido primero", content: "[C]Vuelan las abejas", visibility: 0 })
    ).json();
    expect(await ids(creator, "searchTerm=zumbido")).toEqual([song.songId]);
    expect(await ids(choirMember, "searchTerm=zumbido")).toEqual([]);

    const put = (url: string, payload: Record<string, unknown>) =>
      ctx.app.inject({ method: "PUT", url, headers: bearer(creator.token), payload });
    const edited = await put(`/api/songs/${song.songId}`, {
      title: "Murmullo segundo",
      artist: "Colmena",
      content: "[C]Duermen las avispas",
      tags: ["Verano"],
    });
    expect(edited.statusCode).toBe(200);
    expect(await ids(creator, "searchTerm=zumbido")).toEqual([]);
    expect(await ids(creator, "searchTerm=abejas")).toEqual([]);
    expect(await ids(creator, "searchTerm=avispas")).toEqual([song.songId]);
    expect(await ids(creator, "searchTerm=murmullo&sortBy=title")).toEqual([song.songId]);
    expect(await ids(creator, "searchTerm=colmena")).toEqual([song.songId]);
    expect(await ids(creator, "tags=verano")).toEqual([song.songId]);
    expect(await ids(creator, "searchTerm=verano")).toEqual([song.songId]);
    // a page past the last match still carries the exact total
    for (const query of ["searchTerm=avispas", "searchTerm=avispas&sortBy=title", "tags=verano"]) {
      const past = await find(creator, `${query}&skip=50`);
      expect(past).toMatchObject({ totalCount: 1, songs: [], hasMore: false });
    }

    const retagged = await put(`/api/songs/${song.songId}`, {
      title: "Murmullo segundo",
      artist: "Colmena",
      content: "[C]Duermen las avispas",
      tags: ["Otoño"],
    });
    expect(retagged.statusCode).toBe(200);
    expect(await ids(creator, "tags=verano")).toEqual([]);
    // Tag names match without regard to case or accents.
    expect(await ids(creator, "tags=otono")).toEqual([song.songId]);
    expect(await ids(creator, "tags=Otoño")).toEqual([song.songId]);
    expect(await ids(creator, "searchTerm=otono")).toEqual([song.songId]);

    const shared = await put(`/api/songs/${song.songId}/visibility`, {
      visibility: 2,
      visibleToChoirs: [choirId],
    });
    expect(shared.statusCode).toBe(200);
    expect(await ids(choirMember, "searchTerm=murmullo")).toEqual([song.songId]);
    expect(await ids(choirMember, `choirId=${choirId}&searchTerm=murmullo`)).toEqual([song.songId]);
    expect(await ids(choirMember, "tags=Otoño")).toEqual([song.songId]);
    expect(await ids(choirMember, `choirId=${choirId}&title=murmullo`)).toEqual([song.songId]);
    expect(await ids(other, "searchTerm=murmullo")).toEqual([]);
    const unshared = await put(`/api/songs/${song.songId}/visibility`, { visibility: 0 });
    expect(unshared.statusCode).toBe(200);
    expect(await ids(choirMember, "searchTerm=murmullo")).toEqual([]);
    expect(await ids(choirMember, "tags=Otoño")).toEqual([]);
    const opened = await put(`/api/songs/${song.songId}/visibility`, { visibility: 1 });
    expect(opened.statusCode).toBe(200);
    expect(await ids(other, "searchTerm=murmullo")).toEqual([song.songId]);

    const removed = await ctx.app.inject({
      method: "DELETE",
      url: `/api/songs/${song.songId}`,
      headers: bearer(creator.token),
    });
    expect(removed.statusCode).toBeLessThan(300);
    expect((await find(creator, "searchTerm=murmullo")).totalCount).toBe(0);
    expect((await find(creator, "tags=Otoño")).totalCount).toBe(0);
  });

  it("finds a song by a tag removed by hand and made again after the tag was searched", async () => {
    const song = (
      await create(creator, { title: "Tag renacido", content: "[C]Otra vez", visibility: 1, tags: ["Fénix"] })
    ).json();
    const byTag = async () =>
      (
        await ctx.app.inject({
          method: "GET",
          url: "/api/songs/search?tags=fénix",
          headers: bearer(creator.token),
        })
      )
        .json()
        .songs.map((s: { songId: string }) => s.songId);
    expect(await byTag()).toEqual([song.songId]);
    await ctx.app.db.execute(sql`delete from tags where name = 'Fénix'`);
    expect(await byTag()).toEqual([]);
    const put = await ctx.app.inject({
      method: "PUT",
      url: `/api/songs/${song.songId}`,
      headers: bearer(creator.token),
      payload: { title: "Tag renacido", content: "[C]Otra vez", tags: ["Fénix"] },
    });
    expect(put.statusCode).toBe(200);
    expect(await byTag()).toEqual([song.songId]);
  });

  it("exports songs as a JSON attachment and suggests tags", async () => {
    const song = (await create(creator, { title: "Export Me", content: HYMN, tags: ["Export"] })).json();
    const response = await ctx.app.inject({
      method: "GET",
      url: `/api/songs/export?ids=${song.songId}`,
      headers: bearer(creator.token),
    });
    expect(response.headers["content-disposition"]).toContain("attachment");
    expect(response.json()).toEqual([{ title: "Export Me", artist: null, content: HYMN, tags: ["Export"] }]);
    const suggestions = await ctx.app.inject({
      method: "GET",
      url: "/api/tags/suggestions?query=exp",
      headers: bearer(creator.token),
    });
    expect(suggestions.json()[0]).toMatchObject({ tagName: "Export" });
    // another user does not see tags only used on someone's private songs
    const hidden = await ctx.app.inject({
      method: "GET",
      url: "/api/tags/suggestions?query=exp",
      headers: bearer(other.token),
    });
    expect(hidden.json()).toEqual([]);
  });

  it("suggests the most used tags when the query is empty, most used first, at most 8", async () => {
    for (const [index, tag] of ["Psalm", "Psalm", "Psalm", "Advent", "Advent"].entries()) {
      await create(creator, { title: `Popular ${index}`, content: HYMN, tags: [tag] });
    }
    for (const tag of ["T1", "T2", "T3", "T4", "T5", "T6", "T7", "T8"]) {
      await create(creator, { title: `Rare ${tag}`, content: HYMN, tags: [tag] });
    }
    for (const url of ["/api/tags/suggestions", "/api/tags/suggestions?query="]) {
      const response = await ctx.app.inject({ method: "GET", url, headers: bearer(creator.token) });
      expect(response.statusCode).toBe(200);
      const names = response.json().map((tag: { tagName: string }) => tag.tagName);
      expect(names).toHaveLength(8);
      // Earlier tests' tags are in the mix too: what counts is the order by use.
      expect(names.indexOf("Psalm")).toBeGreaterThanOrEqual(0);
      expect(names.indexOf("Psalm")).toBeLessThan(names.indexOf("Advent"));
      const onceUsed = names.findIndex((name: string) => /^T\d$/.test(name));
      if (onceUsed >= 0) expect(names.indexOf("Advent")).toBeLessThan(onceUsed);
    }
  });

  it("bulk-deletes own songs and reports the others", async () => {
    const mine = (await create(creator, { title: "Bulk 1", content: HYMN })).json();
    const theirs = (await create(other, { title: "Bulk 2", content: HYMN, visibility: 1 })).json();
    const response = await ctx.app.inject({
      method: "POST",
      url: "/api/songs/bulk-delete",
      headers: bearer(creator.token),
      payload: { songIds: [mine.songId, theirs.songId] },
    });
    expect(response.json().results).toEqual([
      { songId: mine.songId, deleted: true },
      { songId: theirs.songId, deleted: false, error: "Only the creator of a song can change it." },
    ]);
  });
});
