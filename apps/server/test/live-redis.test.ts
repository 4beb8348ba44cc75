import type { AddressInfo } from "node:net";
import type { FastifyInstance } from "fastify";
import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LIVE_CHANNEL } from "../src/shared/live-notify.js";
import { bearer, createTestApp, needsRedis, redisTestUrl, type TestContext } from "./helpers.js";
import { livePlaylist, openStream } from "./live-stream.js";

// Live playlists with REDIS_URL set: notices travel on Redis pub/sub (published once the request has answered), not
// on the database's NOTIFY; a refused change publishes nothing.

describe("live playlists through Redis pub/sub", needsRedis, () => {
  let ctx: TestContext;
  let app: FastifyInstance;
  let base: string;
  let listener: Redis;
  const heard: Record<string, unknown>[] = [];

  beforeAll(async () => {
    ctx = await createTestApp({ REDIS_URL: redisTestUrl ?? "" });
    app = ctx.app;
    await app.listen({ port: 0, host: "127.0.0.1" });
    base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
    listener = new Redis(redisTestUrl ?? "");
    listener.on("message", (channel: string, message: string) => {
      if (channel === LIVE_CHANNEL) heard.push(JSON.parse(message) as Record<string, unknown>);
    });
    await listener.subscribe(LIVE_CHANNEL);
  });
  afterAll(async () => {
    await listener?.quit();
    await ctx?.close();
  });

  it("sends a change and a lead to a member's stream within a second, by way of Redis", async () => {
    expect(app.live.publishesAfterWork).toBe(true);
    const world = await livePlaylist(app);
    const stream = await openStream(base, world.member.token, world.playlistId);
    expect((await stream.next()).data.type).toBe("ready");

    const started = Date.now();
    const renamed = await app.inject({
      method: "PUT",
      url: `/api/playlists/${world.playlistId}`,
      headers: bearer(world.admin.token),
      payload: { title: "Candlemas" },
    });
    expect(renamed.statusCode).toBe(200);
    const event = await stream.next(1_000);
    expect(Date.now() - started).toBeLessThan(1_000);
    expect(event.data).toMatchObject({ type: "playlist.changed", change: "updated", by: world.admin.id });
    await expect.poll(() => heard.some((notice) => notice.id === Number(event.id))).toBe(true);

    // A lead is recorded inside a transaction: it goes out after the commit, with its place.
    const led = await app.inject({
      method: "PUT",
      url: `/api/playlists/${world.playlistId}/lead`,
      headers: bearer(world.admin.token),
      payload: { entryId: world.entryId, position: 0.3 },
    });
    expect(led.statusCode).toBe(200);
    const lead = await stream.next(1_000);
    expect(lead.data).toMatchObject({ type: "lead", entryId: world.entryId, position: 0.3 });

    // A refused change (the song is already there) publishes nothing.
    const before = heard.length;
    const refused = await app.inject({
      method: "POST",
      url: `/api/playlists/${world.playlistId}/songs`,
      headers: bearer(world.admin.token),
      payload: { songId: world.songs[0] },
    });
    expect(refused.statusCode).toBe(409);
    await expect(stream.next(400)).rejects.toThrow(/no event/);
    expect(heard.filter((notice) => notice.playlistId === world.playlistId).length).toBe(
      heard.slice(0, before).filter((notice) => notice.playlistId === world.playlistId).length,
    );

    // A member removed from the choir: the notice of it closes their stream, by way of Redis too.
    const removed = await app.inject({
      method: "DELETE",
      url: `/api/choirs/${world.choir.id}/members/${world.member.id}`,
      headers: bearer(world.admin.token),
    });
    expect(removed.statusCode).toBe(204);
    await stream.ended;
    expect(heard.some((notice) => notice.kind === "membership" && notice.userId === world.member.id)).toBe(
      true,
    );
  });
});
