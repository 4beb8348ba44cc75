import { Redis } from "ioredis";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { needsRedis, postgresAdminUrl, redisTestUrl } from "./helpers.js";
import {
  call,
  type ServerProcess,
  scratchDatabase,
  signInOver,
  startServerProcess,
} from "./server-process.js";

/**
 * Two server processes on one PostgreSQL and one Redis, as behind a load balancer: the same playlist and the same
 * limited link driven through both at once lose no update and keep their limits, and the rate limit is one.
 */
const adminUrl = postgresAdminUrl();
const redisUrl = redisTestUrl;
const RATE = 30;

describe("several instances", needsRedis, () => {
  let database: Awaited<ReturnType<typeof scratchDatabase>>;
  let servers: ServerProcess[] = [];
  let adminToken: string;
  let choirId: string;
  const nth = (i: number) => servers[i % servers.length]!.base;

  beforeAll(async () => {
    const redis = new Redis(redisUrl!);
    // Only the counters of the route whose limit this file counts: another file may be counting its own meanwhile.
    const keys = await redis.keys("choir-rl:POST/api/invitations/accept-*");
    if (keys.length > 0) await redis.del(...keys);
    await redis.quit();
    database = await scratchDatabase(adminUrl, "instances");
    // One after the other: the first one migrates the new database.
    servers.push(
      await startServerProcess({
        DATABASE_URL: database.url,
        REDIS_URL: redisUrl!,
        RATE_LIMIT_PER_MINUTE: String(RATE),
      }),
    );
    servers.push(
      await startServerProcess({
        DATABASE_URL: database.url,
        REDIS_URL: redisUrl!,
        RATE_LIMIT_PER_MINUTE: String(RATE),
      }),
    );
    adminToken = await signInOver(nth(0), "Ada Admin", `ada-${Date.now()}@example.com`);
    const choir = await call(nth(1), adminToken, "POST", "/api/choirs", { name: `Two Doors ${Date.now()}` });
    expect(choir.status).toBe(201);
    choirId = (choir.json() as { id: string }).id;
  }, 120_000);

  afterAll(async () => {
    for (const server of servers) server.child.kill("SIGKILL");
    await Promise.all(servers.map((server) => server.exited));
    servers = [];
    await database?.drop();
  });

  it("warns at start, and only then, when PostgreSQL runs without autovacuum", async () => {
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    const { rows } = await client.query<{ autovacuum: string }>("show autovacuum");
    await client.end();
    const warned = servers.map((server) => server.output().includes("PostgreSQL runs with autovacuum off"));
    expect(warned).toEqual(servers.map(() => rows[0]?.autovacuum === "off"));
  });

  it("keeps every entry added to one playlist through both at once, and one entry for a song added twenty times", async () => {
    const songIds: string[] = [];
    for (let i = 0; i < 12; i++) {
      const song = await call(nth(i), adminToken, "POST", "/api/songs", {
        title: `Door song ${i}`,
        content: `{title: Door song ${i}}\n[G]Come [D]in`,
        visibility: 2,
        visibleToChoirs: [choirId],
      });
      songIds.push((song.json() as { songId: string }).songId);
    }
    const created = await call(nth(0), adminToken, "POST", "/api/playlists", { choirId, date: "2031-03-02" });
    expect(created.status).toBe(201);
    const playlist = created.json() as { id: string; sections: Array<{ id: string }> };
    const sectionId = playlist.sections[0]?.id;

    const adds = await Promise.all(
      songIds
        .slice(0, 11)
        .map((songId, i) =>
          call(nth(i), adminToken, "POST", `/api/playlists/${playlist.id}/songs`, { songId, sectionId }),
        ),
    );
    expect(adds.map((add) => add.status)).toEqual(adds.map(() => 201));

    const last = songIds[11]!;
    const same = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        call(nth(i), adminToken, "POST", `/api/playlists/${playlist.id}/songs`, { songId: last, sectionId }),
      ),
    );
    expect(same.filter((add) => add.status === 201)).toHaveLength(1);
    expect(same.filter((add) => add.status === 409)).toHaveLength(19);

    for (const server of servers) {
      const read = (await call(server.base, adminToken, "GET", `/api/playlists/${playlist.id}`).then((r) =>
        r.json(),
      )) as { sections: Array<{ songs: Array<{ songId: string; order: number }> }> };
      const entries = read.sections.flatMap((section) => section.songs);
      expect(entries.map((entry) => entry.songId).sort()).toEqual([...songIds].sort());
      // Orders within the section are distinct: no two writers took the same place.
      const orders = read.sections[0]!.songs.map((entry) => entry.order);
      expect(new Set(orders).size).toBe(orders.length);
    }
  }, 120_000);

  it("lets exactly maxUses people join through one link accepted through both at once", async () => {
    const link = await call(nth(0), adminToken, "POST", "/api/invitations/shareable", {
      choirId,
      maxUses: 5,
    });
    expect(link.status).toBe(201);
    const token = (link.json() as { invitationToken: string }).invitationToken;
    const people: string[] = [];
    for (let i = 0; i < 8; i++) {
      people.push(await signInOver(nth(i), `Joiner ${i}`, `joiner-${i}-${Date.now()}@example.com`));
    }
    const accepts = await Promise.all(
      people.map((person, i) =>
        call(nth(i), person, "POST", "/api/invitations/shareable/accept", { invitationToken: token }),
      ),
    );
    expect(accepts.filter((accept) => accept.status === 200)).toHaveLength(5);
    expect(accepts.filter((accept) => accept.status === 410)).toHaveLength(3);
    const choir = (await call(nth(1), adminToken, "GET", `/api/choirs/${choirId}`)).json() as {
      members: unknown[];
    };
    expect(choir.members).toHaveLength(6);
  }, 120_000);

  it("counts one rate limit across both", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < RATE + 6; i++) {
      const response = await call(nth(i), adminToken, "POST", "/api/invitations/accept", {
        invitationToken: "no-such-invitation",
      });
      statuses.push(response.status);
    }
    const firstLimited = statuses.indexOf(429);
    expect(firstLimited, statuses.join(",")).toBe(RATE);
    expect(statuses.slice(RATE).every((status) => status === 429)).toBe(true);
  }, 60_000);
});
