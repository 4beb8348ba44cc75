import type { AddressInfo } from "node:net";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseLastEventId } from "../src/features/playlists/live-routes.js";
import { parseLiveNotice } from "../src/shared/live-notify.js";
import { addMember, bearer, createTestApp, signInPerson, type TestContext } from "./helpers.js";
import { livePlaylist, openStream } from "./live-stream.js";

// Live playlists: `GET /api/playlists/{id}/events` over real HTTP (a listening server), on the embedded database and,
// in the PostgreSQL run, on PostgreSQL (LISTEN/NOTIFY).

let ctx: TestContext;
let app: FastifyInstance;
let base: string;

beforeAll(async () => {
  ctx = await createTestApp({ LIVE_HEARTBEAT_MS: "300", LIVE_STREAMS_PER_PERSON: "3" });
  app = ctx.app;
  await app.listen({ port: 0, host: "127.0.0.1" });
  base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
});
afterAll(() => ctx?.close());

describe("live playlist stream", () => {
  it("tells a member, within a second, of every change another member makes; every event has an id; comments keep it alive", async () => {
    const world = await livePlaylist(app);
    const stream = await openStream(base, world.member.token, world.playlistId);
    expect(stream.status).toBe(200);
    expect(stream.contentType).toMatch(/^text\/event-stream/);
    const ready = await stream.next();
    expect(ready.data).toEqual({
      type: "ready",
      playlistId: world.playlistId,
      lead: { leader: null, entryId: null, position: 0, followers: 0, isFollowing: false },
    });
    expect(ready.id).toMatch(/^\d+$/);

    const changes: [string, () => Promise<unknown>][] = [
      [
        "song-added",
        () =>
          app.inject({
            method: "POST",
            url: `/api/playlists/${world.playlistId}/songs`,
            headers: bearer(world.admin.token),
            payload: { songId: world.songs[1] },
          }),
      ],
      [
        "song-moved",
        () =>
          app.inject({
            method: "POST",
            url: `/api/playlists/${world.playlistId}/songs/${world.songs[1]}/move`,
            headers: bearer(world.admin.token),
            payload: { toSectionId: world.sections[1]!.id },
          }),
      ],
      [
        "key-changed",
        () =>
          app.inject({
            method: "PUT",
            url: `/api/playlists/${world.playlistId}/songs/${world.songs[1]}`,
            headers: bearer(world.admin.token),
            payload: { key: "A" },
          }),
      ],
      [
        "updated",
        () =>
          app.inject({
            method: "PUT",
            url: `/api/playlists/${world.playlistId}`,
            headers: bearer(world.admin.token),
            payload: { title: "Feast of Lights" },
          }),
      ],
      [
        "song-removed",
        () =>
          app.inject({
            method: "DELETE",
            url: `/api/playlists/${world.playlistId}/songs/${world.songs[1]}`,
            headers: bearer(world.admin.token),
          }),
      ],
    ];
    let lastId = Number(ready.id);
    for (const [change, make] of changes) {
      const started = Date.now();
      await make();
      const event = await stream.next(1_000);
      expect(Date.now() - started).toBeLessThan(1_000);
      expect(event.data).toEqual({
        type: "playlist.changed",
        playlistId: world.playlistId,
        change,
        by: world.admin.id,
      });
      expect(Number(event.id)).toBeGreaterThan(lastId);
      lastId = Number(event.id);
    }
    await expect.poll(() => stream.comments(), { timeout: 3_000 }).toBeGreaterThan(0);
    stream.close();
  });

  it("is refused to someone signed out (401) and to someone outside the choir (404), as JSON, and they hear nothing", async () => {
    const world = await livePlaylist(app);
    const anonymous = await openStream(base, undefined, world.playlistId);
    expect(anonymous.status).toBe(401);
    expect(JSON.parse(await anonymous.text())).toMatchObject({
      code: expect.any(String),
      message: expect.any(String),
    });
    const outsider = await openStream(base, world.outsider.token, world.playlistId);
    expect(outsider.status).toBe(404);
    expect(JSON.parse(await outsider.text())).toMatchObject({ code: "not_found" });
    const unknown = await openStream(base, world.member.token, "00000000-0000-4000-8000-000000000000");
    expect(unknown.status).toBe(404);
    const notAnId = await openStream(base, world.member.token, "not-a-playlist");
    expect(notAnId.status).toBe(400);
  });

  it("closes the stream of a member removed from the choir, and another member's stays open", async () => {
    const world = await livePlaylist(app);
    const other = await signInPerson(app, "other");
    await addMember(app, world.choir.id, other);
    const removed = await openStream(base, world.member.token, world.playlistId);
    const staying = await openStream(base, other.token, world.playlistId);
    await removed.next();
    await staying.next();
    const response = await app.inject({
      method: "DELETE",
      url: `/api/choirs/${world.choir.id}/members/${world.member.id}`,
      headers: bearer(world.admin.token),
    });
    expect(response.statusCode).toBe(204);
    await expect(
      Promise.race([removed.ended.then(() => "ended"), sleep(1_000).then(() => "open")]),
    ).resolves.toBe("ended");
    // The one still in the choir goes on hearing changes; the removed member cannot open it again.
    await app.inject({
      method: "PUT",
      url: `/api/playlists/${world.playlistId}`,
      headers: bearer(world.admin.token),
      payload: { title: "Still live" },
    });
    expect((await staying.next(1_000)).data.change).toBe("updated");
    expect((await openStream(base, world.member.token, world.playlistId)).status).toBe(404);
    staying.close();
  });

  it("tells of a deleted playlist and ends the stream", async () => {
    const world = await livePlaylist(app);
    const stream = await openStream(base, world.member.token, world.playlistId);
    await stream.next();
    await app.inject({
      method: "DELETE",
      url: `/api/playlists/${world.playlistId}`,
      headers: bearer(world.admin.token),
    });
    const event = await stream.next(1_000);
    expect(event.data).toEqual({ type: "playlist.deleted", playlistId: world.playlistId });
    expect(event.id).toMatch(/^\d+$/);
    await stream.ended;
  });

  it("resumes after Last-Event-ID with the events missed, in order; an id it no longer knows says to read afresh", async () => {
    const world = await livePlaylist(app);
    const first = await openStream(base, world.member.token, world.playlistId);
    await first.next();
    const rename = (title: string) =>
      app.inject({
        method: "PUT",
        url: `/api/playlists/${world.playlistId}`,
        headers: bearer(world.admin.token),
        payload: { title },
      });
    await rename("One");
    const seen = await first.next(1_000);
    first.close();
    // Offline for a while: two changes happen.
    await rename("Two");
    await rename("Three");
    const resumed = await openStream(base, world.member.token, world.playlistId, seen.id);
    const missed = [await resumed.next(), await resumed.next()];
    expect(missed.map((event) => event.data.change)).toEqual(["updated", "updated"]);
    expect(Number(missed[0]!.id)).toBeGreaterThan(Number(seen.id));
    expect(Number(missed[1]!.id)).toBeGreaterThan(Number(missed[0]!.id));
    const ready = await resumed.next();
    expect(ready.data.type).toBe("ready");
    expect(ready.id).toBe(missed[1]!.id);
    // Nothing is told twice: the next change comes once.
    await rename("Four");
    expect((await resumed.next(1_000)).data.change).toBe("updated");
    await expect(resumed.next(400)).rejects.toThrow(/no event/);
    resumed.close();

    const unknown = await openStream(base, world.member.token, world.playlistId, "1");
    const reset = await unknown.next();
    expect(reset.data).toEqual({ type: "reset", playlistId: world.playlistId });
    expect((await unknown.next()).data.type).toBe("ready");
    unknown.close();
    // An id that is not a number starts a fresh stream.
    const garbage = await openStream(base, world.member.token, world.playlistId, "abc");
    expect((await garbage.next()).data.type).toBe("ready");
    garbage.close();
  });

  it("keeps a bound on open streams per person: one more is refused with 429 until one closes", async () => {
    const world = await livePlaylist(app);
    const open = [];
    for (let i = 0; i < 3; i++) {
      const stream = await openStream(base, world.member.token, world.playlistId);
      expect(stream.status).toBe(200);
      await stream.next();
      open.push(stream);
    }
    const refused = await openStream(base, world.member.token, world.playlistId);
    expect(refused.status).toBe(429);
    expect(JSON.parse(await refused.text())).toMatchObject({ code: "too_many_streams" });
    // Someone else is not affected.
    const admin = await openStream(base, world.admin.token, world.playlistId);
    expect(admin.status).toBe(200);
    admin.close();
    open.pop()!.close();
    await expect
      .poll(async () => {
        const again = await openStream(base, world.member.token, world.playlistId);
        again.close();
        return again.status;
      })
      .toBe(200);
    for (const stream of open) stream.close();
  });
});

describe("live playlist stream parts", () => {
  it("reads Last-Event-ID only as a whole number", () => {
    expect(parseLastEventId("42")).toBe(42);
    expect(parseLastEventId(" 7 ")).toBe(7);
    expect(parseLastEventId(["9"])).toBe(9);
    for (const value of [undefined, "", "-1", "1.5", "abc", "9".repeat(16)])
      expect(parseLastEventId(value)).toBeNull();
  });

  it("ignores notices that are not its own", () => {
    for (const payload of [
      "",
      "{",
      "null",
      "[]",
      '{"kind":"event"}',
      '{"kind":"event","id":"x","playlistId":"p","choirId":"c","type":"t"}',
    ]) {
      expect(parseLiveNotice(payload)).toBeNull();
    }
    expect(parseLiveNotice('{"kind":"membership","choirId":"c","userId":null}')).toEqual({
      kind: "membership",
      choirId: "c",
      userId: null,
    });
  });
});

describe("closing the server", () => {
  it("ends open streams cleanly and closes", async () => {
    const own = await createTestApp();
    await own.app.listen({ port: 0, host: "127.0.0.1" });
    const ownBase = `http://127.0.0.1:${(own.app.server.address() as AddressInfo).port}`;
    const admin = await signInPerson(own.app, "closer");
    const choir = await own.app.inject({
      method: "POST",
      url: "/api/choirs",
      headers: bearer(admin.token),
      payload: { name: "Closing Choir" },
    });
    const playlist = await own.app.inject({
      method: "POST",
      url: "/api/playlists",
      headers: bearer(admin.token),
      payload: { choirId: choir.json().id, date: "2026-12-06" },
    });
    const stream = await openStream(ownBase, admin.token, playlist.json().id);
    await stream.next();
    const started = Date.now();
    await own.close();
    await stream.ended;
    expect(Date.now() - started).toBeLessThan(5_000);
  });
});

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
