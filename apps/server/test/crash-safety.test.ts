import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import {
  call,
  type ServerProcess,
  scratchDatabase,
  signInOver,
  startServerProcess,
} from "./server-process.js";

/**
 * A server killed with SIGKILL in the middle of a thousand concurrent writes loses none it confirmed: every song,
 * playlist entry and link accept answered with a 2xx is there after a restart, and no invariant is broken (one
 * entry per song in a playlist, distinct positions, a link never used beyond its limit).
 */
const adminUrl = process.env.DATABASE_TEST_URL;
const SONGS = 600;
const ENTRIES = 200;
const JOINERS = 200;
const MAX_USES = 120;

interface Outcome {
  kind: "song" | "entry" | "accept";
  ok: boolean;
  /** The song created, the song added, or the person who accepted. */
  id: string;
}

// Each run crashes its own database: the embedded one in the embedded run, PostgreSQL in the PostgreSQL run.
const targets = adminUrl
  ? [
      {
        name: "PostgreSQL",
        env: async () => {
          const scratch = await scratchDatabase(adminUrl, "crash");
          cleanups.push(scratch.drop);
          return { DATABASE_URL: scratch.url, DATA_DIR: mkdtempSync(join(tmpdir(), "choir-crash-")) };
        },
      },
    ]
  : [
      {
        name: "embedded database",
        env: async () => ({ DATA_DIR: mkdtempSync(join(tmpdir(), "choir-crash-")) }),
      },
    ];
const cleanups: Array<() => Promise<void>> = [];
const running: ServerProcess[] = [];

afterAll(async () => {
  for (const server of running) server.child.kill("SIGKILL");
  await Promise.all(running.map((server) => server.exited));
  for (const cleanup of cleanups) await cleanup();
});

describe.each(targets)("crash safety on the $name", ({ env }) => {
  it("keeps every write it confirmed when killed mid-flight", async () => {
    const settings = { ...(await env()), RATE_LIMIT_PER_MINUTE: "0" };
    let server = await startServerProcess(settings);
    running.push(server);
    const base = server.base;
    const admin = await signInOver(base, "Crash Admin", `crash-admin-${Date.now()}@example.com`);
    const choirId = (
      (await call(base, admin, "POST", "/api/choirs", { name: `Crash ${Date.now()}` })).json() as {
        id: string;
      }
    ).id;
    const songIds: string[] = [];
    for (let i = 0; i < ENTRIES; i++) {
      const created = await call(base, admin, "POST", "/api/songs", {
        title: `Entry ${i}`,
        content: `{title: Entry ${i}}\n[C]Stay`,
        visibility: 2,
        visibleToChoirs: [choirId],
      });
      songIds.push((created.json() as { songId: string }).songId);
    }
    const playlist = (
      await call(base, admin, "POST", "/api/playlists", { choirId, date: "2032-05-02" })
    ).json() as {
      id: string;
    };
    const link = (
      await call(base, admin, "POST", "/api/invitations/shareable", { choirId, maxUses: MAX_USES })
    ).json() as { invitationToken: string };
    const joiners: Array<{ token: string; email: string }> = [];
    for (let i = 0; i < JOINERS; i++) {
      const email = `joiner-${i}-${Date.now()}@example.com`;
      joiners.push({ token: await signInOver(base, `Joiner ${i}`, email), email });
    }

    // A thousand writes at once; the process is killed once a third of them have answered.
    const outcomes: Outcome[] = [];
    let answered = 0;
    let killed = false;
    const killAt = Math.floor((SONGS + ENTRIES + JOINERS) / 3);
    const track = async (kind: Outcome["kind"], id: string, send: () => Promise<{ status: number }>) => {
      try {
        const response = await send();
        outcomes.push({ kind, id, ok: response.status >= 200 && response.status < 300 });
      } catch {
        // cut off by the kill: its fate is unknown, so nothing is expected of it
      }
      answered += 1;
      if (answered >= killAt && !killed) {
        killed = true;
        server.child.kill("SIGKILL");
      }
    };
    const writes: Array<Promise<void>> = [];
    for (let i = 0; i < Math.max(SONGS, ENTRIES, JOINERS); i++) {
      if (i < SONGS) {
        const title = `Crash song ${i}`;
        writes.push(
          track("song", title, () =>
            call(base, admin, "POST", "/api/songs", { title, content: `{title: ${title}}\n[G]Now` }),
          ),
        );
      }
      if (i < ENTRIES) {
        const songId = songIds[i]!;
        writes.push(
          track("entry", songId, () =>
            call(base, admin, "POST", `/api/playlists/${playlist.id}/songs`, { songId }),
          ),
        );
      }
      if (i < JOINERS) {
        const joiner = joiners[i]!;
        writes.push(
          track("accept", joiner.email, () =>
            call(base, joiner.token, "POST", "/api/invitations/shareable/accept", {
              invitationToken: link.invitationToken,
            }),
          ),
        );
      }
    }
    await Promise.all(writes);
    await server.exited;
    expect(killed).toBe(true);
    const confirmed = outcomes.filter((outcome) => outcome.ok);
    expect(confirmed.length, "some writes were confirmed before the kill").toBeGreaterThan(50);
    expect(outcomes.length, "some writes were cut off by the kill").toBeLessThan(SONGS + ENTRIES + JOINERS);

    // Restarted on the same data, everything confirmed is there.
    server = await startServerProcess(settings);
    running.push(server);
    // The list is paged: read every page.
    const mine: Array<{ title: string }> = [];
    for (let skip = 0; ; skip += 100) {
      const page = (
        await call(server.base, admin, "GET", `/api/songs/my?skip=${skip}&take=100`)
      ).json() as Array<{
        title: string;
      }>;
      mine.push(...page);
      if (page.length < 100) break;
    }
    const titles = new Set(mine.map((song) => song.title));
    for (const outcome of confirmed.filter((o) => o.kind === "song")) {
      expect(titles.has(outcome.id), `song ${outcome.id} confirmed but lost`).toBe(true);
    }
    // Songs are whole: none without its content.
    expect(mine.every((song) => song.title.length > 0)).toBe(true);

    const saved = (await call(server.base, admin, "GET", `/api/playlists/${playlist.id}`)).json() as {
      sections: Array<{ songs: Array<{ songId: string; order: number }> }>;
    };
    const entries = saved.sections.flatMap((section) => section.songs.map((entry) => entry.songId));
    for (const outcome of confirmed.filter((o) => o.kind === "entry")) {
      expect(entries, `entry ${outcome.id} confirmed but lost`).toContain(outcome.id);
    }
    expect(new Set(entries).size, "one entry per song").toBe(entries.length);
    for (const section of saved.sections) {
      const orders = section.songs.map((entry) => entry.order);
      expect(new Set(orders).size, "distinct positions").toBe(orders.length);
    }

    const choir = (await call(server.base, admin, "GET", `/api/choirs/${choirId}`)).json() as {
      members: Array<{ email: string }>;
    };
    const members = new Set(choir.members.map((member) => member.email));
    for (const outcome of confirmed.filter((o) => o.kind === "accept")) {
      expect(members.has(outcome.id), `join of ${outcome.id} confirmed but lost`).toBe(true);
    }
    expect(choir.members.length - 1, "the link admits at most its limit").toBeLessThanOrEqual(MAX_USES);
    const links = (
      await call(server.base, admin, "GET", `/api/invitations/shareable/choir/${choirId}`)
    ).json() as Array<{
      invitationToken: string;
      currentUses: number;
    }>;
    const used = links.find((l) => l.invitationToken === link.invitationToken);
    expect(used?.currentUses, "the link's count matches who joined").toBe(choir.members.length - 1);
  }, 300_000);
});
