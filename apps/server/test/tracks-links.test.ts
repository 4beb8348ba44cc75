import { TRACK_LIMITS } from "@choir/contract";
import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { songTracks } from "../src/db/schema/index.js";
import { queuedDeletions, storageKeyOf, uploadTrack, wavFile } from "./audio.js";
import {
  addMember,
  bearer,
  createChoir,
  createTestApp,
  signInPerson,
  type TestContext,
  type TestPerson,
} from "./helpers.js";

// Link tracks: a rehearsal track that is an https:// address on another site (JSON to the tracks' POST), beside
// the uploaded files of tracks.test.ts.

const LINK = "https://example.org/rehearsal/alto.mp3";

async function createSong(
  app: FastifyInstance,
  person: TestPerson,
  visibility: 0 | 1 | 2,
  choirIds: string[] = [],
): Promise<string> {
  const response = await app.inject({
    method: "POST",
    url: "/api/songs",
    headers: bearer(person.token),
    payload: {
      title: "Linked Rehearsal Round",
      content: "{title: Linked Rehearsal Round}\n[C]Round and [G]round we go",
      visibility,
      visibleToChoirs: choirIds,
    },
  });
  if (response.statusCode !== 201)
    throw new Error(`create song answered ${response.statusCode}: ${response.body}`);
  return response.json().songId;
}

function addLink(
  app: FastifyInstance,
  person: TestPerson | undefined,
  songId: string,
  payload: unknown = { part: "Alto", link: LINK },
) {
  return app.inject({
    method: "POST",
    url: `/api/songs/${songId}/tracks`,
    headers: person ? bearer(person.token) : {},
    payload: payload as Record<string, unknown>,
  });
}

const list = (app: FastifyInstance, songId: string, person?: TestPerson) =>
  app.inject({
    method: "GET",
    url: `/api/songs/${songId}/tracks`,
    headers: person ? bearer(person.token) : {},
  });

const remove = (app: FastifyInstance, person: TestPerson | undefined, songId: string, trackId: string) =>
  app.inject({
    method: "DELETE",
    url: `/api/songs/${songId}/tracks/${trackId}`,
    headers: person ? bearer(person.token) : {},
  });

describe("link tracks", () => {
  let ctx: TestContext;
  let app: FastifyInstance;
  let creator: TestPerson;
  let member: TestPerson;
  let outsider: TestPerson;
  let choirId: string;
  beforeAll(async () => {
    ctx = await createTestApp();
    app = ctx.app;
    creator = await signInPerson(app, "creator");
    member = await signInPerson(app, "member");
    outsider = await signInPerson(app, "outsider");
    choirId = (await createChoir(app, creator)).id;
    await addMember(app, choirId, member);
  });
  afterAll(() => ctx?.close());

  it("lets the creator add a link, listed with kind link beside the files, its url the link itself", async () => {
    const songId = await createSong(app, creator, 0);
    const file = await uploadTrack(app, creator, songId, wavFile(), { part: "all" });
    expect(file.statusCode).toBe(201);
    expect(file.json()).toMatchObject({ kind: "file", contentType: "audio/wav" });

    const added = await addLink(app, creator, songId, {
      part: "Alto",
      label: "Alto predominant",
      link: LINK,
    });
    expect(added.statusCode, added.body).toBe(201);
    const link = added.json();
    expect(link).toEqual({
      id: expect.any(String),
      kind: "link",
      part: "Alto",
      label: "Alto predominant",
      contentType: null,
      size: null,
      url: LINK,
    });
    const listed = await list(app, songId, creator);
    expect(listed.statusCode).toBe(200);
    expect(listed.json().map((t: { id: string; kind: string }) => [t.id, t.kind])).toEqual([
      [file.json().id, "file"],
      [link.id, "link"],
    ]);
    expect(listed.json()[1]).toEqual(link);

    // The app keeps no audio of a link: its audio route is 404, as an unknown track's (401 without a session).
    const audio = `/api/songs/${songId}/tracks/${link.id}/audio`;
    const asCreator = await app.inject({ method: "GET", url: audio, headers: bearer(creator.token) });
    expect(asCreator.statusCode).toBe(404);
    expect(asCreator.json()).toMatchObject({ code: "not_found" });
    expect((await app.inject({ method: "GET", url: audio })).statusCode).toBe(401);
  });

  it("keeps the address as the URL parser spells it; `all` in any case is the full mix, a blank label none", async () => {
    const songId = await createSong(app, creator, 0);
    const added = await addLink(app, creator, songId, {
      part: " ALL ",
      label: "  ",
      link: "  https://Example.ORG/mix 1.mp3?from=choir#t=10  ",
    });
    expect(added.statusCode, added.body).toBe(201);
    expect(added.json()).toMatchObject({
      part: "all",
      label: null,
      url: "https://example.org/mix%201.mp3?from=choir#t=10",
    });
  });

  it("refuses anything but an absolute https:// address without credentials, at most 2000 characters (400)", async () => {
    const songId = await createSong(app, creator, 0);
    const long = `https://example.org/${"a".repeat(TRACK_LIMITS.linkMax - 19)}`;
    expect(long).toHaveLength(TRACK_LIMITS.linkMax + 1);
    const refused: unknown[] = [
      "javascript:alert(1)",
      "JavaScript://example.org/%0Aalert(1)",
      "http://example.org/alto.mp3",
      "data:audio/mpeg;base64,SUQzAwAAAAAA",
      "ftp://example.org/alto.mp3",
      "https://singer:secret@example.org/alto.mp3",
      "https://singer@example.org/alto.mp3",
      long,
      "not a url",
      "example.org/alto.mp3",
      "/api/songs/x/tracks",
      "https://",
      "",
      "   ",
      42,
      null,
      ["https://example.org"],
    ];
    for (const link of refused) {
      const response = await addLink(app, creator, songId, { part: "Alto", link });
      expect(response.statusCode, `${JSON.stringify(link)?.slice(0, 60)}: ${response.body}`).toBe(400);
      expect(response.json()).toMatchObject({ code: "validation_failed", message: expect.any(String) });
      expect(response.json().errors.join(" ")).toContain("body.link");
    }
    // The part and the label as for a file; no link at all; not an object.
    for (const [payload, field] of [
      [{ link: LINK }, "body.part"],
      [{ part: "x".repeat(41), link: LINK }, "body.part"],
      [{ part: "Alto", label: "y".repeat(101), link: LINK }, "body.label"],
      [{ part: "Alto" }, "body.link"],
      [["Alto", LINK], "body"],
    ] as const) {
      const response = await addLink(app, creator, songId, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json().errors.join(" ")).toContain(field);
    }
    // The longest address allowed is kept.
    const longest = long.slice(0, -1);
    const kept = await addLink(app, creator, songId, { part: "Alto", link: longest });
    expect(kept.statusCode).toBe(201);
    expect(kept.json().url).toBe(longest);
    expect((await list(app, songId, creator)).json()).toHaveLength(1);
  });

  it("lets only the creator, or for a choir version the choir's members, add and remove links", async () => {
    const shared = await createSong(app, creator, 2, [choirId]);
    expect((await addLink(app, undefined, shared)).statusCode).toBe(401);
    const byOutsider = await addLink(app, outsider, shared);
    expect(byOutsider.statusCode).toBe(404);
    expect(byOutsider.json()).toMatchObject({ code: "not_found" });
    const byMember = await addLink(app, member, shared);
    expect(byMember.statusCode).toBe(403);
    expect(byMember.json()).toMatchObject({ code: "forbidden" });
    // Refused before the body is looked at: a bad link from a plain member is still 403.
    expect((await addLink(app, member, shared, { part: "Alto", link: "http://x" })).statusCode).toBe(403);
    expect((await list(app, shared, creator)).json()).toEqual([]);

    const link = (await addLink(app, creator, shared)).json();
    expect((await remove(app, undefined, shared, link.id)).statusCode).toBe(401);
    expect((await remove(app, outsider, shared, link.id)).statusCode).toBe(404);
    expect((await remove(app, member, shared, link.id)).statusCode).toBe(403);

    // A choir's version: its choir's members add and remove links; someone outside the choir may not.
    const base = await createSong(app, outsider, 1);
    const version = await app.inject({
      method: "POST",
      url: `/api/songs/${base}/versions`,
      headers: bearer(member.token),
      payload: { choirId },
    });
    expect(version.statusCode).toBe(201);
    const versionId = version.json().songId as string;
    expect((await addLink(app, outsider, versionId)).statusCode).toBe(404);
    const byChoir = await addLink(app, member, versionId, { part: "Tenor", link: LINK });
    expect(byChoir.statusCode).toBe(201);
    expect((await remove(app, outsider, versionId, byChoir.json().id)).statusCode).toBe(404);
    expect((await remove(app, creator, versionId, byChoir.json().id)).statusCode).toBe(204);
  });

  it("lets whoever may read the song read its links: anonymous 401, outsider and member as for the song", async () => {
    const songs = {
      private: await createSong(app, creator, 0),
      publicAll: await createSong(app, creator, 1),
      publicChoirs: await createSong(app, creator, 2, [choirId]),
    };
    const expected = {
      private: { anonymous: 401, outsider: 404, member: 404, creator: 200 },
      publicAll: { anonymous: 401, outsider: 200, member: 200, creator: 200 },
      publicChoirs: { anonymous: 401, outsider: 404, member: 200, creator: 200 },
    };
    for (const [kind, songId] of Object.entries(songs)) {
      expect((await addLink(app, creator, songId)).statusCode).toBe(201);
      const outcome: Record<string, number> = {};
      for (const [role, person] of Object.entries({ anonymous: undefined, outsider, member, creator })) {
        const response = await list(app, songId, person);
        outcome[role] = response.statusCode;
        if (response.statusCode === 200) expect(response.json()).toMatchObject([{ kind: "link", url: LINK }]);
        else expect(response.body).not.toContain("example.org");
      }
      expect(outcome, kind).toEqual(expected[kind as keyof typeof expected]);
    }
  });

  it(`counts links in the ${TRACK_LIMITS.perSong} tracks a song holds (409 beyond, for a link or a file)`, async () => {
    const songId = await createSong(app, creator, 0);
    const half = TRACK_LIMITS.perSong / 2;
    for (let i = 0; i < half; i++) {
      expect(
        (await uploadTrack(app, creator, songId, wavFile({ seconds: 0.01 }), { part: `F${i}` })).statusCode,
      ).toBe(201);
      expect(
        (await addLink(app, creator, songId, { part: `L${i}`, link: `${LINK}?n=${i}` })).statusCode,
      ).toBe(201);
    }
    const link = await addLink(app, creator, songId);
    expect(link.statusCode).toBe(409);
    expect(link.json()).toMatchObject({ code: "too_many_tracks" });
    const file = await uploadTrack(app, creator, songId, wavFile({ seconds: 0.01 }), { part: "all" });
    expect(file.statusCode).toBe(409);

    const onlyLinks = await createSong(app, creator, 0);
    for (let i = 0; i < TRACK_LIMITS.perSong; i++)
      expect((await addLink(app, creator, onlyLinks)).statusCode).toBe(201);
    expect((await uploadTrack(app, creator, onlyLinks, wavFile(), { part: "all" })).statusCode).toBe(409);
    expect((await addLink(app, creator, onlyLinks)).statusCode).toBe(409);
  });

  it("deletes a link without touching the track store, and a song's deletion takes links and files alike", async () => {
    const songId = await createSong(app, creator, 0);
    const link = (await addLink(app, creator, songId)).json();
    const file = (await uploadTrack(app, creator, songId, wavFile(), { part: "all" })).json();
    const key = await storageKeyOf(app, file.id);
    const storeDelete = vi.spyOn(app.trackStore, "delete");
    const warn = vi.spyOn(app.log, "warn");
    try {
      expect((await remove(app, creator, songId, link.id)).statusCode).toBe(204);
      expect(storeDelete).not.toHaveBeenCalled();
      expect(await queuedDeletions(app)).toEqual([]);
      expect((await remove(app, creator, songId, link.id)).statusCode).toBe(404);
      expect((await list(app, songId, creator)).json().map((t: { id: string }) => t.id)).toEqual([file.id]);

      // The song goes with a link and a file: the file is removed, nothing fails.
      await addLink(app, creator, songId);
      const deleted = await app.inject({
        method: "DELETE",
        url: `/api/songs/${songId}`,
        headers: bearer(creator.token),
      });
      expect(deleted.statusCode).toBe(204);
      await vi.waitFor(
        async () => {
          expect(await app.trackStore.has(key)).toBe(false);
          expect(await queuedDeletions(app)).toEqual([]);
        },
        { timeout: 5000, interval: 50 },
      );
      expect(storeDelete.mock.calls.map(([k]) => k)).toEqual([key]);
      expect(warn).not.toHaveBeenCalled();
    } finally {
      storeDelete.mockRestore();
      warn.mockRestore();
    }
    expect(await app.db.select().from(songTracks).where(eq(songTracks.songId, songId))).toEqual([]);
  });

  it("holds the shape of a track in the database: a file or an https:// link, never both or neither", async () => {
    const songId = await createSong(app, creator, 0);
    const row = { songId, part: "Alto", createdBy: creator.id };
    const refusals = [
      { ...row, linkUrl: "http://example.org/a.mp3" },
      { ...row, linkUrl: `https://example.org/${"a".repeat(TRACK_LIMITS.linkMax)}` },
      { ...row, linkUrl: LINK, storageKey: `${songId}/x`, contentType: "audio/wav", size: 1 },
      { ...row },
      { ...row, storageKey: `${songId}/y`, contentType: "audio/wav" },
    ];
    for (const values of refusals) {
      await expect(app.db.insert(songTracks).values(values), JSON.stringify(values)).rejects.toThrow();
    }
    await app.db.insert(songTracks).values({ ...row, linkUrl: LINK });
    expect((await list(app, songId, creator)).json()).toMatchObject([{ kind: "link", url: LINK }]);
  });
});
