import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { needsRedis, postgresAdminUrl, redisTestUrl } from "./helpers.js";
import { openStream } from "./live-stream.js";
import {
  call,
  type ServerProcess,
  scratchDatabase,
  signInOver,
  startServerProcess,
} from "./server-process.js";

/**
 * Live playlists across instances: two server processes on one PostgreSQL; a change made through one reaches a
 * stream open on the other (LISTEN/NOTIFY, or Redis pub/sub when REDIS_URL is set), and a removal through one closes
 * the stream on the other.
 */
const adminUrl = postgresAdminUrl();

describe("live playlists on several instances, through PostgreSQL LISTEN/NOTIFY", () => instances({}));

describe("live playlists on several instances, through Redis pub/sub", needsRedis, () =>
  instances({ REDIS_URL: redisTestUrl ?? "" }),
);

function instances(env: Record<string, string>) {
  let database: Awaited<ReturnType<typeof scratchDatabase>>;
  let servers: ServerProcess[] = [];

  beforeAll(async () => {
    database = await scratchDatabase(adminUrl, "live");
    // One after the other: the first one migrates the new database.
    servers.push(await startServerProcess({ DATABASE_URL: database.url, ...env }));
    servers.push(await startServerProcess({ DATABASE_URL: database.url, ...env }));
  }, 120_000);

  afterAll(async () => {
    for (const server of servers) server.child.kill("SIGKILL");
    await Promise.all(servers.map((server) => server.exited));
    servers = [];
    await database?.drop();
  });

  it("a change through the first instance reaches a member's stream on the second within a second", async () => {
    const [first, second] = servers.map((server) => server.base) as [string, string];
    const stamp = Date.now();
    const admin = await signInOver(first, "Ada Admin", `ada-live-${stamp}@example.com`);
    const member = await signInOver(second, "Mo Member", `mo-live-${stamp}@example.com`);
    const choir = await call(first, admin, "POST", "/api/choirs", { name: `Live Doors ${stamp}` });
    const choirId = (choir.json() as { id: string }).id;
    // The member joins through a shareable link.
    const link = await call(first, admin, "POST", "/api/invitations/shareable", { choirId });
    expect(link.status, JSON.stringify(link.json())).toBe(201);
    const invitationToken = (link.json() as { invitationToken: string }).invitationToken;
    const accepted = await call(second, member, "POST", "/api/invitations/shareable/accept", {
      invitationToken,
    });
    expect(accepted.status, JSON.stringify(accepted.json())).toBe(200);
    const memberId = ((await call(second, member, "GET", "/api/me")).json() as { id: string }).id;

    const playlist = await call(first, admin, "POST", "/api/playlists", {
      choirId,
      date: "2026-12-06",
      sections: [{ title: "Entrance", songs: [] }],
    });
    const playlistId = (playlist.json() as { id: string }).id;
    const stream = await openStream(second, member, playlistId);
    expect(stream.status).toBe(200);
    expect((await stream.next()).data.type).toBe("ready");

    const times: number[] = [];
    for (const title of ["One", "Two", "Three"]) {
      const started = Date.now();
      expect((await call(first, admin, "PUT", `/api/playlists/${playlistId}`, { title })).status).toBe(200);
      const event = await stream.next(1_000);
      times.push(Date.now() - started);
      expect(event.data).toMatchObject({ type: "playlist.changed", playlistId, change: "updated" });
    }
    expect(Math.max(...times)).toBeLessThan(1_000);

    // Removed through the first instance: the stream on the second closes.
    expect((await call(first, admin, "DELETE", `/api/choirs/${choirId}/members/${memberId}`)).status).toBe(
      204,
    );
    await stream.ended;
  });

  it("signing out through the first instance closes that session's stream on the second within a few seconds", async () => {
    const [first, second] = servers.map((server) => server.base) as [string, string];
    const stamp = Date.now();
    const admin = await signInOver(first, "Ada Admin", `ada-out-${stamp}@example.com`);
    const choir = await call(first, admin, "POST", "/api/choirs", { name: `Signing Out ${stamp}` });
    const choirId = (choir.json() as { id: string }).id;
    const playlist = await call(first, admin, "POST", "/api/playlists", {
      choirId,
      date: "2026-12-06",
      sections: [{ title: "Entrance", songs: [] }],
    });
    const playlistId = (playlist.json() as { id: string }).id;
    const stream = await openStream(second, admin, playlistId);
    expect((await stream.next()).data.type).toBe("ready");

    const started = Date.now();
    expect((await call(first, admin, "POST", "/api/auth/signout")).status).toBe(204);
    // The heartbeat's own check is 20 s away: the notice of the sign-out closes it.
    await expect(
      Promise.race([stream.ended.then(() => "ended"), sleep(3_000).then(() => "open")]),
    ).resolves.toBe("ended");
    expect(Date.now() - started).toBeLessThan(3_000);
  });
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
