import type { Playlist, Track } from "@choir/contract";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { songs } from "../src/db/schema/index.js";
import { trackForm, wavFile } from "./audio.js";
import {
  bearer,
  choirWithCast,
  createTestApp,
  signInPerson,
  type TestContext,
  type TestPerson,
} from "./helpers.js";
import { readPdf } from "./pdf-reading.js";

/**
 * A song's choir material travels with it (decision 0098): what a choir adds to a library song it sings reaches every
 * playlist entry of that song in the choir, whether the entry holds the original or the choir's version, without the
 * director making a version first; it never reaches another choir.
 */
describe("a song's choir material", () => {
  let ctx: TestContext;

  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(() => ctx?.close());

  const call = (
    person: TestPerson | undefined,
    method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE",
    url: string,
    payload?: Record<string, unknown>,
  ) => ctx.app.inject({ method, url, headers: person ? bearer(person.token) : {}, payload });

  const addLink = (person: TestPerson | undefined, songId: string, query: string, part = "Tenor") =>
    call(person, "POST", `/api/songs/${songId}/tracks${query}`, {
      part,
      link: `https://example.org/${part.toLowerCase()}.mp3`,
    });

  const tracksOf = async (person: TestPerson, songId: string, query = "") => {
    const response = await call(person, "GET", `/api/songs/${songId}/tracks${query}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as Track[];
  };

  const versionsOf = (songId: string, choirId: string) =>
    ctx.app.db
      .select({ id: songs.id, creatorId: songs.creatorId, title: songs.title, content: songs.content })
      .from(songs)
      .where(and(eq(songs.baseSongId, songId), eq(songs.versionChoirId, choirId)));

  /** A library hymn by someone outside the choir, with a track of its own, in a playlist of the choir. */
  async function scene() {
    const cast = await choirWithCast(ctx.app);
    const author = await signInPerson(ctx.app, "author");
    const made = await call(author, "POST", "/api/songs", {
      title: "Be Still My Soul",
      content: "{title: Be Still My Soul}\n{key: Bb}\n[Bb]Be still, my soul",
      visibility: 1,
      tags: ["hymn"],
    });
    expect(made.statusCode, made.body).toBe(201);
    const hymn = made.json().songId as string;
    const own = await addLink(author, hymn, "", "all");
    expect(own.statusCode, own.body).toBe(201);
    const playlist = (
      await call(cast.admin, "POST", "/api/playlists", {
        choirId: cast.choir.id,
        date: "2031-11-02",
        sections: [{ title: "Communion", songs: [{ songId: hymn, key: "C" }] }],
      })
    ).json() as Playlist;
    return { ...cast, author, hymn, authorTrack: own.json() as Track, playlist };
  }

  it("adds a member's track to a library song for the choir: the choir's version is made quietly and holds it", async () => {
    const { member, choir, hymn, playlist } = await scene();
    expect(playlist.sections[0]!.songs[0]).toMatchObject({ songId: hymn, choirVersionId: null });
    const added = await addLink(member, hymn, `?choirId=${choir.id}`);
    expect(added.statusCode, added.body).toBe(201);
    const [version] = await versionsOf(hymn, choir.id);
    expect(version).toMatchObject({ creatorId: member.id, title: "Be Still My Soul" });
    expect(version?.content).toContain("[Bb]Be still, my soul");
    expect(added.json()).toMatchObject({ kind: "link", part: "Tenor", songId: version!.id });
    const read = (await call(member, "GET", `/api/playlists/${playlist.id}`)).json() as Playlist;
    expect(read.sections[0]!.songs[0]).toMatchObject({
      songId: hymn,
      key: "C",
      originalId: hymn,
      choirVersionId: version!.id,
      choirKey: "Bb",
    });
    // The next add goes to the same version.
    expect((await addLink(member, hymn, `?choirId=${choir.id}`, "Alto")).json().songId).toBe(version!.id);
    expect(await versionsOf(hymn, choir.id)).toHaveLength(1);
  });

  it("sings an entry without its own key in the choir's key: on its shared page and in its songbook PDF", async () => {
    const { admin, member, choir, hymn } = await scene();
    expect((await addLink(member, hymn, `?choirId=${choir.id}`)).statusCode).toBe(201);
    const [version] = await versionsOf(hymn, choir.id);
    const edited = await call(member, "PUT", `/api/songs/${version!.id}`, {
      title: "Be Still My Soul",
      content: "{title: Be Still My Soul}\n{key: D}\n[D]Be still, my soul",
    });
    expect(edited.statusCode, edited.body).toBe(200);
    const made = await call(admin, "POST", "/api/playlists", {
      choirId: choir.id,
      date: "2031-11-09",
      sections: [
        { title: "Entrance", songs: [{ songId: hymn }] },
        { title: "Communion", songs: [] },
      ],
    });
    expect(made.statusCode, made.body).toBe(201);
    const playlist = made.json() as Playlist;
    expect(playlist.sections[0]!.songs[0]).toMatchObject({ key: null, choirKey: "D" });
    const shared = await call(member, "GET", `/api/playlists/${playlist.id}/share`);
    expect(shared.statusCode, shared.body).toBe(200);
    expect(shared.json().sections[0].songs[0]).toMatchObject({ title: "Be Still My Soul", key: "D" });
    const pdf = await call(member, "GET", `/api/playlists/${playlist.id}/pdf?variant=chords`);
    expect(pdf.statusCode, pdf.body.slice(0, 200)).toBe(200);
    const { text } = readPdf(pdf.rawPayload);
    // The original's text is in Bb: printed in the choir's D, its chord moved with it.
    expect(text).toMatch(/Key: D\b/);
    expect(text).not.toMatch(/\bBb\b/);
    // The entry's own key still wins.
    const entry = playlist.sections[0]!.songs[0]!;
    expect(
      (await call(admin, "PATCH", `/api/playlists/${playlist.id}/songs/${entry.id}`, { key: "E" }))
        .statusCode,
    ).toBe(200);
    const again = await call(member, "GET", `/api/playlists/${playlist.id}/share`);
    expect(again.json().sections[0].songs[0]).toMatchObject({ key: "E" });
  });

  it("lists the choir's tracks for an entry holding the original, and the original's for one holding the version", async () => {
    const { admin, member, choir, hymn, authorTrack } = await scene();
    const form = trackForm(wavFile(), { part: "Soprano" });
    const file = await ctx.app.inject({
      method: "POST",
      url: `/api/songs/${hymn}/tracks?choirId=${choir.id}`,
      payload: form.payload,
      headers: { ...form.headers, ...bearer(member.token) },
    });
    expect(file.statusCode, file.body).toBe(201);
    const [version] = await versionsOf(hymn, choir.id);
    const fromOriginal = await tracksOf(admin, hymn, `?choirId=${choir.id}`);
    expect(fromOriginal.map((t) => [t.part, t.songId])).toEqual([
      ["all", undefined],
      ["Soprano", version!.id],
    ]);
    const fromVersion = await tracksOf(admin, version!.id, `?choirId=${choir.id}`);
    expect(fromVersion.map((t) => [t.part, t.songId])).toEqual([
      ["Soprano", undefined],
      ["all", hymn],
    ]);
    expect(fromVersion.find((t) => t.part === "all")?.id).toBe(authorTrack.id);
    // Without the choir named, a song's own tracks only.
    expect((await tracksOf(admin, hymn)).map((t) => t.part)).toEqual(["all"]);
    // The choir's file plays for a member reading it through the original.
    const soprano = fromOriginal.find((t) => t.part === "Soprano")!;
    const audio = await ctx.app.inject({ method: "GET", url: soprano.url });
    expect(audio.statusCode).toBe(200);
    expect(audio.headers["content-type"]).toBe("audio/wav");
  });

  it("never reaches another choir singing the same library song", async () => {
    const { member, choir, hymn } = await scene();
    await addLink(member, hymn, `?choirId=${choir.id}`);
    const [version] = await versionsOf(hymn, choir.id);
    const other = await choirWithCast(ctx.app);
    const theirs = await tracksOf(other.member, hymn, `?choirId=${other.choir.id}`);
    expect(theirs.map((t) => t.part)).toEqual(["all"]);
    expect(theirs.every((t) => t.songId === undefined)).toBe(true);
    expect((await call(other.member, "GET", `/api/songs/${version!.id}/tracks`)).statusCode).toBe(404);
    // Naming a choir one is not in is refused as if it did not exist.
    expect(
      (await call(other.member, "GET", `/api/songs/${hymn}/tracks?choirId=${choir.id}`)).statusCode,
    ).toBe(404);
    expect((await addLink(other.member, hymn, `?choirId=${choir.id}`)).statusCode).toBe(404);
    // Their own add makes their own version, apart from the first choir's.
    const added = await addLink(other.member, hymn, `?choirId=${other.choir.id}`, "Bass");
    expect(added.statusCode).toBe(201);
    expect(added.json().songId).not.toBe(version!.id);
    expect((await tracksOf(member, hymn, `?choirId=${choir.id}`)).map((t) => t.part)).toEqual([
      "all",
      "Tenor",
    ]);
  });

  it("keeps the old rights without a choir: a member may not add to someone else's library song (403)", async () => {
    const { member, choir, hymn } = await scene();
    expect((await addLink(member, hymn, "")).statusCode).toBe(403);
    expect(await versionsOf(hymn, choir.id)).toHaveLength(0);
  });

  it("adds to the choir's version itself when it is named with its own choir, and removes a shared track through its song", async () => {
    const { admin, member, choir, hymn } = await scene();
    await addLink(member, hymn, `?choirId=${choir.id}`);
    const [version] = await versionsOf(hymn, choir.id);
    const direct = await addLink(admin, version!.id, `?choirId=${choir.id}`, "Alto");
    expect(direct.statusCode).toBe(201);
    expect(direct.json().songId).toBeUndefined();
    const listed = await tracksOf(admin, hymn, `?choirId=${choir.id}`);
    const alto = listed.find((t) => t.part === "Alto")!;
    expect(alto.songId).toBe(version!.id);
    expect((await call(admin, "DELETE", `/api/songs/${alto.songId}/tracks/${alto.id}`)).statusCode).toBe(204);
    expect((await tracksOf(admin, hymn, `?choirId=${choir.id}`)).map((t) => t.part)).toEqual([
      "all",
      "Tenor",
    ]);
  });

  it("makes one version when two members add tracks at once", async () => {
    const { admin, member, choir, hymn } = await scene();
    const answers = await Promise.all([
      addLink(member, hymn, `?choirId=${choir.id}`, "Tenor"),
      addLink(admin, hymn, `?choirId=${choir.id}`, "Bass"),
    ]);
    expect(answers.map((a) => a.statusCode)).toEqual([201, 201]);
    const versions = await versionsOf(hymn, choir.id);
    expect(versions).toHaveLength(1);
    expect(answers.map((a) => a.json().songId)).toEqual([versions[0]!.id, versions[0]!.id]);
  });

  it("switching the entry to the choir's version keeps the same tracks within reach", async () => {
    const { member, choir, hymn, playlist } = await scene();
    await addLink(member, hymn, `?choirId=${choir.id}`);
    const [version] = await versionsOf(hymn, choir.id);
    const switched = await call(member, "PATCH", `/api/playlists/${playlist.id}/songs/${hymn}`, {
      songId: version!.id,
    });
    expect(switched.statusCode, switched.body).toBe(200);
    const entry = (switched.json() as Playlist).sections[0]!.songs[0]!;
    expect(entry).toMatchObject({
      songId: version!.id,
      key: "C",
      originalId: hymn,
      choirVersionId: version!.id,
    });
    const before = (await tracksOf(member, hymn, `?choirId=${choir.id}`)).map((t) => t.id).sort();
    const after = (await tracksOf(member, entry.songId, `?choirId=${choir.id}`)).map((t) => t.id).sort();
    expect(after).toEqual(before);
  });
});
