import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  addMember,
  callAs,
  choirWithCast,
  createTestApp,
  inDays,
  signInPerson,
  type TestContext,
  type TestPerson,
} from "./helpers.js";

// Readiness (decision 0122): a singer marks a song of the choir's playlists as learned or still learning; the choir's
// members see per song how many of each voice part learned it, never who.

let ctx: TestContext;
let app: FastifyInstance;

beforeAll(async () => {
  ctx = await createTestApp();
  app = ctx.app;
});
afterAll(() => ctx?.close());

const call = (...args: Parameters<ReturnType<typeof callAs>>) => callAs(app)(...args);

async function song(person: TestPerson, title: string, visibility = 1): Promise<string> {
  const made = await call(person, "POST", "/api/songs", {
    title,
    content: `{title: ${title}}\n[C]Sing to the [G]Lord`,
    visibility,
  });
  expect(made.statusCode, made.body).toBe(201);
  return made.json().songId as string;
}

async function playlist(
  admin: TestPerson,
  choirId: string,
  date: string,
  songIds: string[],
): Promise<string> {
  const made = await call(admin, "POST", "/api/playlists", {
    choirId,
    date,
    title: `Mass ${date}`,
    sections: [{ title: "Songs", songs: songIds.map((songId) => ({ songId })) }],
  });
  expect(made.statusCode, made.body).toBe(201);
  return made.json().id as string;
}

/** A choir with an admin (Soprano), two altos and a tenor; two public songs in a coming playlist. */
async function world() {
  const cast = await choirWithCast(app);
  const alto2 = await signInPerson(app, "alto");
  const tenor = await signInPerson(app, "tenor");
  await addMember(app, cast.choir.id, alto2);
  await addMember(app, cast.choir.id, tenor);
  for (const [person, part] of [
    [cast.admin, "Soprano"],
    [cast.member, "Alto"],
    [alto2, "alto"],
    [tenor, "Tenor"],
  ] as const) {
    const set = await call(
      cast.admin,
      "PUT",
      `/api/choirs/${cast.choir.id}/members/${person.id}/voice-part`,
      {
        voicePart: part,
      },
    );
    expect(set.statusCode, set.body).toBe(200);
  }
  const anthem = await song(cast.admin, "Anthem");
  const hymn = await song(cast.admin, "Hymn");
  const playlistId = await playlist(cast.admin, cast.choir.id, inDays(5), [anthem, hymn]);
  return { ...cast, alto2, tenor, anthem, hymn, playlistId };
}

const readiness = (playlistId: string, songId?: string) =>
  `/api/playlists/${playlistId}/readiness${songId ? `/${songId}` : ""}`;

describe("readiness", () => {
  it("counts who learned each song by voice part, with one's own mark and no names", async () => {
    const w = await world();
    const marked = await call(w.member, "PUT", readiness(w.playlistId, w.anthem), { status: "learned" });
    expect(marked.statusCode, marked.body).toBe(200);
    expect(marked.json()).toMatchObject({ songId: w.anthem, mine: "learned" });
    expect(
      (await call(w.alto2, "PUT", readiness(w.playlistId, w.anthem), { status: "learning" })).statusCode,
    ).toBe(200);
    expect(
      (await call(w.tenor, "PUT", readiness(w.playlistId, w.anthem), { status: "learned" })).statusCode,
    ).toBe(200);
    // A second mark replaces the first.
    expect(
      (await call(w.alto2, "PUT", readiness(w.playlistId, w.anthem), { status: "learned" })).statusCode,
    ).toBe(200);

    const seen = (await call(w.member, "GET", readiness(w.playlistId))).json();
    expect(seen.songs.map((item: { songId: string }) => item.songId)).toEqual([w.anthem, w.hymn]);
    const [anthem, hymn] = seen.songs;
    expect(anthem.mine).toBe("learned");
    expect(anthem.counts).toEqual({ learned: 3, learning: 0, unmarked: 1 });
    expect(anthem.byPart).toEqual([
      { part: "Soprano", learned: 0, learning: 0, unmarked: 1 },
      { part: "Alto", learned: 2, learning: 0, unmarked: 0 },
      { part: "Tenor", learned: 1, learning: 0, unmarked: 0 },
    ]);
    expect(hymn).toMatchObject({ mine: null, counts: { learned: 0, learning: 0, unmarked: 4 } });
    // Administrators read the same counts; no one's name is in the answer.
    const forAdmin = (await call(w.admin, "GET", readiness(w.playlistId))).json();
    expect(forAdmin.songs[0].counts).toEqual(anthem.counts);
    expect(forAdmin.songs[0].mine).toBeNull();
    expect(JSON.stringify(forAdmin)).not.toContain(w.member.id);

    // null takes one's mark away.
    const cleared = await call(w.member, "PUT", readiness(w.playlistId, w.anthem), { status: null });
    expect(cleared.statusCode, cleared.body).toBe(200);
    expect(cleared.json()).toMatchObject({ mine: null, counts: { learned: 2, learning: 0, unmarked: 2 } });
  });

  it("keeps a mark for the choir: every playlist of the choir singing the song shows it, another choir's does not", async () => {
    const w = await world();
    const later = await playlist(w.admin, w.choir.id, inDays(12), [w.hymn]);
    expect((await call(w.tenor, "PUT", readiness(later, w.hymn), { status: "learning" })).statusCode).toBe(
      200,
    );
    const first = (await call(w.tenor, "GET", readiness(w.playlistId))).json();
    expect(first.songs.find((item: { songId: string }) => item.songId === w.hymn).mine).toBe("learning");

    const other = await choirWithCast(app);
    await addMember(app, other.choir.id, w.tenor);
    const elsewhere = await playlist(other.admin, other.choir.id, inDays(5), [w.hymn]);
    const there = (await call(w.tenor, "GET", readiness(elsewhere))).json();
    expect(there.songs[0]).toMatchObject({ songId: w.hymn, mine: null, counts: { learned: 0, learning: 0 } });
  });

  it("is for the choir's members; a removed member's mark no longer counts", async () => {
    const w = await world();
    expect(
      (await call(w.member, "PUT", readiness(w.playlistId, w.anthem), { status: "learned" })).statusCode,
    ).toBe(200);
    for (const method of ["GET", "PUT"] as const) {
      const path = method === "PUT" ? readiness(w.playlistId, w.anthem) : readiness(w.playlistId);
      const body = method === "PUT" ? { status: "learned" } : undefined;
      expect((await call(w.outsider, method, path, body)).statusCode).toBe(404);
      expect((await call(undefined, method, path, body)).statusCode).toBe(401);
    }
    const removed = await call(w.admin, "DELETE", `/api/choirs/${w.choir.id}/members/${w.member.id}`);
    expect(removed.statusCode, removed.body).toBe(204);
    expect((await call(w.member, "GET", readiness(w.playlistId))).statusCode).toBe(404);
    expect(
      (await call(w.member, "PUT", readiness(w.playlistId, w.anthem), { status: "learned" })).statusCode,
    ).toBe(404);
    const anthem = (await call(w.admin, "GET", readiness(w.playlistId))).json().songs[0];
    expect(anthem.counts).toEqual({ learned: 0, learning: 0, unmarked: 3 });
    // Back in the choir, the old mark counts again.
    await addMember(app, w.choir.id, w.member);
    const back = (await call(w.member, "GET", readiness(w.playlistId))).json().songs[0];
    expect(back).toMatchObject({ mine: "learned", counts: { learned: 1, learning: 0, unmarked: 3 } });
  });

  it("names only songs the reader may read, and marks only songs the playlist sings", async () => {
    const w = await world();
    // A member's private song in the playlist is theirs alone: no one else sees it, nor marks it.
    const secret = await song(w.member, "Private arrangement", 0);
    const added = await call(w.member, "POST", `/api/playlists/${w.playlistId}/songs`, { songId: secret });
    expect(added.statusCode, added.body).toBe(201);
    const forMember = (await call(w.member, "GET", readiness(w.playlistId))).json();
    expect(forMember.songs.map((item: { songId: string }) => item.songId)).toContain(secret);
    const forTenor = (await call(w.tenor, "GET", readiness(w.playlistId))).json();
    expect(forTenor.songs.map((item: { songId: string }) => item.songId)).toEqual([w.anthem, w.hymn]);
    expect(
      (await call(w.tenor, "PUT", readiness(w.playlistId, secret), { status: "learned" })).statusCode,
    ).toBe(404);
    // A song the playlist does not sing, an unknown one, a malformed one.
    const elsewhere = await song(w.admin, "Not in this playlist");
    for (const songId of [elsewhere, "00000000-0000-4000-8000-000000000000", "not-a-song"])
      expect(
        (await call(w.tenor, "PUT", readiness(w.playlistId, songId), { status: "learned" })).statusCode,
      ).toBe(404);
  });

  it("refuses bad input with 400 and unknown playlists with 404, never 500", async () => {
    const w = await world();
    for (const body of [
      { status: "mastered" },
      {},
      { status: 1 },
      { status: "learned".repeat(1000) },
      null,
    ]) {
      const response = await call(w.member, "PUT", readiness(w.playlistId, w.anthem), body as never);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
    }
    for (const id of ["00000000-0000-4000-8000-000000000000", "nope", "x".repeat(100)])
      expect((await call(w.member, "GET", readiness(id))).statusCode).toBe(404);
  });
});

describe("readiness from a song's page", () => {
  it("tells for each of one's choirs the soonest coming playlist singing the song, with one's mark", async () => {
    const w = await world();
    const past = await playlist(w.admin, w.choir.id, "2020-01-05", [w.anthem]);
    await playlist(w.admin, w.choir.id, inDays(20), [w.anthem]);
    expect((await call(w.member, "PUT", readiness(past, w.anthem), { status: "learning" })).statusCode).toBe(
      200,
    );
    const places = await call(w.member, "GET", `/api/songs/${w.anthem}/readiness`);
    expect(places.statusCode, places.body).toBe(200);
    expect(places.json().choirs).toEqual([
      {
        choirId: w.choir.id,
        choirName: expect.any(String),
        mine: "learning",
        playlist: { id: w.playlistId, title: `Mass ${inDays(5)}`, date: inDays(5), time: null },
      },
    ]);
    // A song in no coming playlist of one's choirs: nothing to mark.
    const lone = await song(w.member, "Lone song");
    expect((await call(w.member, "GET", `/api/songs/${lone}/readiness`)).json().choirs).toEqual([]);
    // An outsider reads the public song but learns nothing of the choir.
    expect((await call(w.outsider, "GET", `/api/songs/${w.anthem}/readiness`)).json().choirs).toEqual([]);
    // A song one may not read does not exist.
    const secret = await song(w.member, "Private", 0);
    expect((await call(w.tenor, "GET", `/api/songs/${secret}/readiness`)).statusCode).toBe(404);
    expect((await call(w.tenor, "GET", "/api/songs/nope/readiness")).statusCode).toBe(404);
    expect((await call(undefined, "GET", `/api/songs/${w.anthem}/readiness`)).statusCode).toBe(401);
  });
});
