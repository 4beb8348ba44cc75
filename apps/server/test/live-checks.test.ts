import { type AddressInfo, createConnection } from "node:net";
import { and, eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it, type Mock, vi } from "vitest";
import { choirMembers, sessions } from "../src/db/schema/index.js";
import { clientKey } from "../src/http/client-address.js";
import { LiveHub, type LiveStream } from "../src/live/hub.js";
import type { LiveTransport } from "../src/live/transport.js";
import { bearer, createTestApp, signInLocally, signInPerson, type TestContext } from "./helpers.js";
import { livePlaylist, type OpenStream, openStream } from "./live-stream.js";

// Live streams do not rest on notices that can be lost: the server checks each open stream's session and membership
// again when a stream resumes, on every heartbeat and when the listening connection comes back; a revoked session's
// streams close on its notice; one client address holds a bounded number of streams.

/** Resolves "ended" when the server ends the stream within `ms`, else "open". */
function endsWithin(stream: OpenStream, ms: number): Promise<"ended" | "open"> {
  return Promise.race([
    stream.ended.then(() => "ended" as const),
    new Promise<"open">((resolve) => setTimeout(() => resolve("open"), ms)),
  ]);
}

let addressCount = 0;
/** Each test's streams come from an address of their own (TRUST_PROXY is on: X-Forwarded-For names the client). */
const newAddress = () => ({ "x-forwarded-for": `192.0.2.${++addressCount}` });

/** The session id a token carries (`sid`). */
const sessionOf = (token: string): string =>
  JSON.parse(Buffer.from(token.split(".")[1]!, "base64url").toString()).sid;

async function listening(env: Record<string, string>) {
  const ctx = await createTestApp({ TRUST_PROXY: "true", ...env });
  await ctx.app.listen({ port: 0, host: "127.0.0.1" });
  return { ctx, base: `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}` };
}

describe("open live streams checked on each heartbeat", () => {
  let ctx: TestContext;
  let app: FastifyInstance;
  let base: string;

  beforeAll(async () => {
    ({ ctx, base } = await listening({ LIVE_HEARTBEAT_MS: "300" }));
    app = ctx.app;
  });
  afterAll(() => ctx?.close());

  it("closes a member's stream when the membership ended though no notice came; another member's stays", async () => {
    const world = await livePlaylist(app);
    const from = newAddress();
    const member = await openStream(base, world.member.token, world.playlistId, undefined, from);
    const admin = await openStream(base, world.admin.token, world.playlistId, undefined, from);
    expect((await member.next()).data.type).toBe("ready");
    expect((await admin.next()).data.type).toBe("ready");
    // Straight in the database: nothing is announced, as when a notice is lost.
    await app.db
      .delete(choirMembers)
      .where(and(eq(choirMembers.choirId, world.choir.id), eq(choirMembers.userId, world.member.id)));
    expect(await endsWithin(member, 2_000)).toBe("ended");
    expect(await endsWithin(admin, 700)).toBe("open");
    admin.close();
  });

  it("closes a stream whose session was revoked, or passed its 30 days, though no notice came", async () => {
    const world = await livePlaylist(app);
    const from = newAddress();
    const revoked = await openStream(base, world.member.token, world.playlistId, undefined, from);
    const ended = await openStream(base, world.admin.token, world.playlistId, undefined, from);
    await revoked.next();
    await ended.next();
    await app.db
      .update(sessions)
      .set({ revokedAt: new Date() })
      .where(eq(sessions.id, sessionOf(world.member.token)));
    await app.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1_000) })
      .where(eq(sessions.id, sessionOf(world.admin.token)));
    expect(await endsWithin(revoked, 2_000)).toBe("ended");
    expect(await endsWithin(ended, 2_000)).toBe("ended");
  });

  it("refuses to resume (Last-Event-ID) a stream of a member removed meanwhile, or of a revoked session", async () => {
    const world = await livePlaylist(app);
    const from = newAddress();
    const first = await openStream(base, world.member.token, world.playlistId, undefined, from);
    const ready = await first.next();
    first.close();
    await app.db
      .delete(choirMembers)
      .where(and(eq(choirMembers.choirId, world.choir.id), eq(choirMembers.userId, world.member.id)));
    const resumed = await openStream(base, world.member.token, world.playlistId, ready.id, from);
    expect(resumed.status).toBe(404);

    const adminStream = await openStream(base, world.admin.token, world.playlistId, undefined, from);
    const adminReady = await adminStream.next();
    adminStream.close();
    await app.db
      .update(sessions)
      .set({ revokedAt: new Date() })
      .where(eq(sessions.id, sessionOf(world.admin.token)));
    const again = await openStream(base, world.admin.token, world.playlistId, adminReady.id, from);
    expect(again.status).toBe(401);
  });
});

describe("live streams closed by notices, and bounded per address", () => {
  let ctx: TestContext;
  let app: FastifyInstance;
  let base: string;

  beforeAll(async () => {
    // The heartbeat's check comes only after the test: what closes the stream is the notice of the sign-out.
    ({ ctx, base } = await listening({ LIVE_HEARTBEAT_MS: "25000" }));
    app = ctx.app;
  });
  afterAll(() => ctx?.close());

  it("checks every open stream in one statement, and again when the listening connection comes back", async () => {
    const world = await livePlaylist(app);
    let resume: () => void = () => {};
    const transport: LiveTransport = {
      name: "postgres",
      listen: async (_onMessage, onResume) => {
        resume = onResume;
        return async () => {};
      },
      publish: async () => {},
      close: async () => {},
    };
    // A heartbeat too slow to come during the test: what closes the stream is the resumed connection.
    const hub = new LiveHub(
      app.database,
      transport,
      { streamsPerPerson: 5, streamsPerAddress: 1_000, streamsMax: 1_000, heartbeatMs: 600_000 },
      app.log,
      app.clock,
    );
    await hub.start();
    const streamOf = (userId: string, token: string): LiveStream & { end: Mock<() => void> } => ({
      userId,
      sessionId: sessionOf(token),
      address: "192.0.2.250",
      choirId: world.choir.id,
      playlistId: world.playlistId,
      replayed: new Set(),
      lastId: 0,
      pending: null,
      write: () => true,
      end: vi.fn<() => void>(),
    });
    const member = streamOf(world.member.id, world.member.token);
    const admins = Array.from({ length: 50 }, () => streamOf(world.admin.id, world.admin.token));
    hub.add(member);
    for (const stream of admins) hub.add(stream);
    await app.db
      .delete(choirMembers)
      .where(and(eq(choirMembers.choirId, world.choir.id), eq(choirMembers.userId, world.member.id)));

    const statements = vi.spyOn(app.database.db, "execute");
    resume();
    await expect.poll(() => member.end.mock.calls.length, { timeout: 2_000 }).toBe(1);
    expect(statements).toHaveBeenCalledTimes(1);
    statements.mockRestore();
    for (const stream of admins) expect(stream.end).not.toHaveBeenCalled();
    expect(hub.size).toBe(50);
    await hub.stop();
  });

  it("signing out closes that session's streams within a second; the same person's other session goes on", async () => {
    const world = await livePlaylist(app);
    const from = newAddress();
    const other = await signInLocally(app, { name: world.member.name, email: world.member.email });
    const signedOut = await openStream(base, world.member.token, world.playlistId, undefined, from);
    const staying = await openStream(base, other.token, world.playlistId, undefined, from);
    await signedOut.next();
    await staying.next();
    const answer = await app.inject({
      method: "POST",
      url: "/api/auth/signout",
      headers: bearer(world.member.token),
    });
    expect(answer.statusCode).toBe(204);
    expect(await endsWithin(signedOut, 1_000)).toBe("ended");
    await app.inject({
      method: "PUT",
      url: `/api/playlists/${world.playlistId}`,
      headers: bearer(world.admin.token),
      payload: { title: "Still heard" },
    });
    expect((await staying.next(1_000)).data.change).toBe("updated");
    staying.close();
  });

  it("bounds the streams one client address holds: one more answers 429 with Retry-After, another address is not affected", async () => {
    const own = await listening({ LIVE_STREAMS_PER_ADDRESS: "4", LIVE_STREAMS_PER_PERSON: "3" });
    try {
      const world = await livePlaylist(own.ctx.app);
      const third = await signInPerson(own.ctx.app, "third");
      await own.ctx.app.db
        .insert(choirMembers)
        .values({ choirId: world.choir.id, userId: third.id, role: "ChoirMember" });
      const crowded = { "x-forwarded-for": "203.0.113.7" };
      const open: OpenStream[] = [];
      // Three people, none past their own bound of three, fill the address's four.
      for (const token of [world.member.token, world.member.token, world.admin.token, world.admin.token]) {
        const stream = await openStream(own.base, token, world.playlistId, undefined, crowded);
        expect(stream.status).toBe(200);
        await stream.next();
        open.push(stream);
      }
      const refused = await openStream(own.base, third.token, world.playlistId, undefined, crowded);
      expect(refused.status).toBe(429);
      expect(Number(refused.header("retry-after"))).toBeGreaterThan(0);
      expect(JSON.parse(await refused.text())).toMatchObject({
        code: "too_many_streams",
        message: expect.any(String),
      });
      const elsewhere = await openStream(own.base, third.token, world.playlistId, undefined, {
        "x-forwarded-for": "198.51.100.2",
      });
      expect(elsewhere.status).toBe(200);
      elsewhere.close();
      open.pop()!.close();
      await expect
        .poll(async () => {
          const again = await openStream(own.base, third.token, world.playlistId, undefined, crowded);
          again.close();
          return again.status;
        })
        .toBe(200);
      for (const stream of open) stream.close();
    } finally {
      await own.ctx.close();
    }
  });
});

describe("the client a stream is counted against", () => {
  it("is an IPv4 address as it is, and an IPv6 address by its /64", () => {
    expect(clientKey("203.0.113.7")).toBe("203.0.113.7");
    expect(clientKey("::ffff:203.0.113.7")).toBe("203.0.113.7");
    expect(clientKey("2001:db8:1:2:aaaa::1")).toBe("2001:db8:1:2::/64");
    expect(clientKey("2001:DB8:1:2:ffff:ffff:ffff:fffe")).toBe("2001:db8:1:2::/64");
    expect(clientKey("2001:db8::1")).toBe("2001:db8:0:0::/64");
    expect(clientKey("::1")).toBe("0:0:0:0::/64");
    expect(clientKey("64:ff9b::192.0.2.1")).toBe("64:ff9b:0:0::/64");
    expect(clientKey("2001:db8:1:2::1")).not.toBe(clientKey("2001:db8:1:3::1"));
  });
});

describe("a caller who goes before the stream opens", () => {
  const logged: string[] = [];
  let ctx: TestContext;
  let app: FastifyInstance;
  let base: string;

  beforeAll(async () => {
    // Heartbeats far apart: a stream left registered stays so for the whole test.
    ctx = await createTestApp({ LOG_LEVEL: "warn", LIVE_HEARTBEAT_MS: "25000" }, { logged });
    app = ctx.app;
    await app.listen({ port: 0, host: "127.0.0.1" });
    base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  });
  afterAll(() => ctx?.close());

  it("answers nothing, logs no error and holds none of their streams once their connection closed while the stream was being checked", async () => {
    const world = await livePlaylist(app);
    for (let attempt = 0; attempt < 5; attempt++) {
      const socket = createConnection({ host: "127.0.0.1", port: Number(new URL(base).port) });
      await new Promise<void>((resolve) => socket.once("connect", () => resolve()));
      socket.write(
        [
          `GET /api/playlists/${world.playlistId}/events HTTP/1.1`,
          "Host: 127.0.0.1",
          `Authorization: ${bearer(world.member.token).authorization}`,
          "Accept: text/event-stream",
          "",
          "",
        ].join("\r\n"),
      );
      // Gone at once: the server reads the request, then the close, while its first statements run. The socket then
      // names no address.
      socket.destroy();
    }
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect(logged.filter((line) => /"level":(50|60)/.test(line))).toEqual([]);
    expect(app.live.size).toBe(0);
    // The member can still open a stream: none of their allowance is held.
    const stream = await openStream(base, world.member.token, world.playlistId);
    expect((await stream.next()).data.type).toBe("ready");
    stream.close();
  });
});
