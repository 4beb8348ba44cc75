import type { AddressInfo } from "node:net";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { RELEASE_GRACE_MS } from "../src/live/hub.js";
import { addMember, bearer, createTestApp, signInPerson, type TestContext } from "./helpers.js";
import { livePlaylist, type OpenStream, openStream } from "./live-stream.js";

// Lead and follow in sing mode: the leader's place reaches every reader of the playlist's live stream; followers are
// counted; a reader whose last stream closes no longer follows or leads.

let ctx: TestContext;
let app: FastifyInstance;
let base: string;

beforeAll(async () => {
  ctx = await createTestApp();
  app = ctx.app;
  await app.listen({ port: 0, host: "127.0.0.1" });
  base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
});
afterAll(() => ctx?.close());

const call = (token: string, method: "GET" | "PUT" | "DELETE" | "POST", url: string, payload?: object) =>
  app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });

/** The next `lead` event of a stream (other events, such as changes, are passed over). */
async function nextLead(stream: OpenStream, ms = 1_000) {
  for (;;) {
    const event = await stream.next(ms);
    if (event.data.type === "lead") return event;
  }
}

/** The first `lead` event of a stream whose data matches `expected` (earlier ones, already told, are passed over). */
async function leadMatching(stream: OpenStream, expected: Record<string, unknown>) {
  for (;;) {
    const event = await nextLead(stream);
    if (Object.entries(expected).every(([key, value]) => event.data[key] === value)) return event;
  }
}

/** A playlist with two songs, in two sections. */
async function twoSongPlaylist() {
  const world = await livePlaylist(app);
  const added = await call(world.admin.token, "POST", `/api/playlists/${world.playlistId}/songs`, {
    songId: world.songs[1],
    sectionId: world.sections[1]!.id,
  });
  expect(added.statusCode, added.body).toBe(201);
  const secondEntryId = (added.json() as { sections: { songs: { id: string }[] }[] }).sections[1]!.songs[0]!
    .id;
  return { ...world, entries: [world.entryId, secondEntryId] as const };
}

describe("lead and follow", () => {
  it("sends the leader's song and place to every reader within a second, and counts who follows", async () => {
    const world = await twoSongPlaylist();
    const memberStream = await openStream(base, world.member.token, world.playlistId);
    const adminStream = await openStream(base, world.admin.token, world.playlistId);
    expect((await memberStream.next()).data.lead).toEqual({
      leader: null,
      entryId: null,
      position: 0,
      followers: 0,
      isFollowing: false,
    });
    await adminStream.next();

    // The member follows: everyone hears one more follower.
    const follow = await call(world.member.token, "PUT", `/api/playlists/${world.playlistId}/follow`);
    expect(follow.statusCode, follow.body).toBe(200);
    expect(follow.json()).toMatchObject({ leader: null, followers: 1, isFollowing: true });
    expect((await nextLead(adminStream)).data).toMatchObject({ type: "lead", leader: null, followers: 1 });
    expect((await nextLead(memberStream)).data).toMatchObject({ followers: 1 });

    // The administrator leads through both songs; each place reaches the follower within a second.
    const places = [
      { entryId: world.entries[0], position: 0 },
      { entryId: world.entries[0], position: 0.5 },
      { entryId: world.entries[1], position: 0 },
    ];
    for (const place of places) {
      const started = Date.now();
      const answer = await call(world.admin.token, "PUT", `/api/playlists/${world.playlistId}/lead`, place);
      expect(answer.statusCode, answer.body).toBe(200);
      const event = await nextLead(memberStream);
      expect(Date.now() - started).toBeLessThan(1_000);
      expect(event.id).toMatch(/^\d+$/);
      expect(event.data).toEqual({
        type: "lead",
        playlistId: world.playlistId,
        leader: { id: world.admin.id, name: expect.any(String) },
        entryId: place.entryId,
        position: place.position,
        followers: 1,
        by: world.admin.id,
      });
    }
    // The same place again is not told again.
    await call(world.admin.token, "PUT", `/api/playlists/${world.playlistId}/lead`, places[2]);
    await expect(memberStream.next(400)).rejects.toThrow(/no event/);

    // A reader who opens the playlist now learns where the leader is; a follower learns that they follow.
    const late = await openStream(base, world.member.token, world.playlistId);
    expect((await late.next()).data.lead).toMatchObject({
      leader: { id: world.admin.id },
      entryId: world.entries[1],
      followers: 1,
      isFollowing: true,
    });
    late.close();

    // Stepping away: the count goes down, and the leader's moves still reach the reader (who no longer jumps).
    expect(
      (await call(world.member.token, "DELETE", `/api/playlists/${world.playlistId}/follow`)).statusCode,
    ).toBe(204);
    expect((await leadMatching(adminStream, { followers: 0 })).data).toMatchObject({
      leader: { id: world.admin.id },
    });
    const lead = await call(world.member.token, "GET", `/api/playlists/${world.playlistId}/lead`);
    expect(lead.json()).toMatchObject({ leader: { id: world.admin.id }, followers: 0, isFollowing: false });

    // Stopping the lead tells everyone no one leads.
    expect(
      (await call(world.admin.token, "DELETE", `/api/playlists/${world.playlistId}/lead`)).statusCode,
    ).toBe(204);
    expect((await leadMatching(memberStream, { leader: null })).data).toMatchObject({ entryId: null });
    memberStream.close();
    adminStream.close();
  });

  it("ends a follow and a lead when that person's last stream of the playlist closes, not before", async () => {
    const world = await twoSongPlaylist();
    const watcher = await openStream(base, world.outsider.token, world.playlistId);
    expect(watcher.status).toBe(404);
    const other = await signInPerson(app, "watcher");
    await addMember(app, world.choir.id, other);
    const watching = await openStream(base, other.token, world.playlistId);
    await watching.next();

    const leaderTabs = [
      await openStream(base, world.admin.token, world.playlistId),
      await openStream(base, world.admin.token, world.playlistId),
    ];
    const followerTab = await openStream(base, world.member.token, world.playlistId);
    for (const stream of [...leaderTabs, followerTab]) await stream.next();
    await call(world.admin.token, "PUT", `/api/playlists/${world.playlistId}/lead`, {
      entryId: world.entries[0],
      position: 0,
    });
    await call(world.member.token, "PUT", `/api/playlists/${world.playlistId}/follow`);
    expect((await nextLead(watching)).data).toMatchObject({ leader: { id: world.admin.id }, followers: 0 });
    expect((await nextLead(watching)).data).toMatchObject({ followers: 1 });

    // The follower's only tab closes: a moment later (RELEASE_GRACE_MS) they no longer count.
    followerTab.close();
    const closedAt = Date.now();
    expect((await nextLead(watching, 3_000)).data).toMatchObject({
      leader: { id: world.admin.id },
      followers: 0,
      by: world.member.id,
    });
    expect(Date.now() - closedAt).toBeGreaterThanOrEqual(RELEASE_GRACE_MS - 100);
    // One of the leader's two tabs closes: still leading. A reload (closed, opened again at once) changes nothing.
    leaderTabs[0]!.close();
    leaderTabs[1]!.close();
    const reloaded = await openStream(base, world.admin.token, world.playlistId);
    expect((await reloaded.next()).data.lead).toMatchObject({ leader: { id: world.admin.id } });
    await expect(watching.next(RELEASE_GRACE_MS + 1_000)).rejects.toThrow(/no event/);
    // The last one closes: the lead ends.
    reloaded.close();
    expect((await nextLead(watching, 3_000)).data).toMatchObject({ leader: null, followers: 0 });
    watching.close();
  });

  it("lets another editor take the lead, refuses an entry of another playlist, and never counts someone who left", async () => {
    const world = await twoSongPlaylist();
    const stranger = await twoSongPlaylist();
    const url = `/api/playlists/${world.playlistId}/lead`;
    expect((await call(world.admin.token, "PUT", url, { entryId: world.entries[0] })).statusCode).toBe(200);
    const foreign = await call(world.admin.token, "PUT", url, { entryId: stranger.entries[0], position: 0 });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toMatchObject({ code: "not_found", message: "Song not in playlist" });
    for (const position of [-0.1, 1.5, "half"]) {
      const bad = await call(world.admin.token, "PUT", url, { entryId: world.entries[0], position });
      expect(bad.statusCode).toBe(400);
      expect(bad.json()).toMatchObject({ code: expect.any(String), message: expect.any(String) });
    }
    // The member (who may edit: the choir's default) takes the lead over.
    const taken = await call(world.member.token, "PUT", url, { entryId: world.entries[1], position: 0.25 });
    expect(taken.json()).toMatchObject({ leader: { id: world.member.id }, entryId: world.entries[1] });

    // A member who follows and then is removed from the choir is not counted; their lead is gone with them.
    const other = await signInPerson(app, "leaver");
    await addMember(app, world.choir.id, other);
    await call(other.token, "PUT", `/api/playlists/${world.playlistId}/follow`);
    expect((await call(world.admin.token, "GET", url)).json()).toMatchObject({ followers: 1 });
    await call(world.admin.token, "DELETE", `/api/choirs/${world.choir.id}/members/${other.id}`);
    await call(world.admin.token, "DELETE", `/api/choirs/${world.choir.id}/members/${world.member.id}`);
    expect((await call(world.admin.token, "GET", url)).json()).toMatchObject({ leader: null, followers: 0 });
    expect((await call(other.token, "GET", url)).statusCode).toBe(404);
  });
});

describe("lead and follow changes, bounded per person", () => {
  it("answers 429 with Retry-After once a person changes lead or follow faster than pages are turned; others go on", async () => {
    const world = await twoSongPlaylist();
    const url = `/api/playlists/${world.playlistId}/lead`;
    const turns = [];
    for (let i = 0; i < 30; i++) {
      turns.push(await call(world.admin.token, "PUT", url, { entryId: world.entries[i % 2], position: 0 }));
    }
    // A leader's page turns, a few in a burst, pass; thirty at once do not.
    expect(turns.slice(0, 10).map((answer) => answer.statusCode)).toEqual(Array(10).fill(200));
    const refused = turns.find((answer) => answer.statusCode === 429);
    expect(refused, "a burst of thirty is refused").toBeDefined();
    expect(refused!.json()).toMatchObject({ code: "rate_limited", message: expect.any(String) });
    const wait = Number(refused!.headers["retry-after"]);
    expect(wait).toBeGreaterThan(0);
    expect(wait).toBeLessThanOrEqual(10);
    // Another editor of the same playlist is not held back by the first one's turns.
    const other = await call(world.member.token, "PUT", url, { entryId: world.entries[1], position: 0.5 });
    expect(other.statusCode, other.body).toBe(200);

    // Following and stepping away, over and over, are bounded the same way.
    const follower = await signInPerson(app, "flicker");
    await addMember(app, world.choir.id, follower);
    const follows = [];
    for (let i = 0; i < 50; i++) {
      follows.push(
        await call(follower.token, i % 2 ? "DELETE" : "PUT", `/api/playlists/${world.playlistId}/follow`),
      );
    }
    expect(follows.some((answer) => answer.statusCode === 429)).toBe(true);
    expect(follows.slice(0, 4).every((answer) => answer.statusCode < 300)).toBe(true);
  });
});
