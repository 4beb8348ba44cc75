import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type Call,
  MATRIX,
  ROLES,
  type Row,
  VISIBILITY_MATRIX,
  type VisibilityRow,
} from "./authorization-matrix.js";
import { bearer, createTestApp, type TestContext, type TestPerson } from "./helpers.js";
import { injectAnswer } from "./inject-stream.js";
import { WARM_POOL_MS, warmPdfPool } from "./pdf-files.js";
import { buildVisibilityWorld, HIDDEN_CASES } from "./visibility-world.js";
import { buildWorld } from "./world.js";

/** A row's name: its route, and what tells it apart from another row of the same route. */
const caseName = (row: Row) => (row.variant ? `${row.route} (${row.variant})` : row.route);

/**
 * A world that serves call after call until one may have changed it: a call that went through, other than a read
 * (deleted the choir, revoked a session, added a song). The next call then builds a fresh one. Reads change nothing
 * a row's answer depends on, and a refusal changes nothing at all.
 */
function shared<T>(build: () => Promise<T>) {
  let current: Promise<T> | undefined;
  return {
    get: () => {
      if (!current) {
        const building = build();
        // A world that failed to build is built again for the next call, not handed on.
        building.catch(() => {
          if (current === building) current = undefined;
        });
        current = building;
      }
      return current;
    },
    after: (call: Call, status: number) => {
      if (status < 400 && call.method !== "GET") current = undefined;
    },
  };
}

/**
 * Every route of the OpenAPI document × every kind of caller, against the table in authorization-matrix.ts. A
 * route without a row fails; a refusal must be the contract's error JSON and must not carry the choir's or its
 * people's data.
 */
describe("authorization matrix", () => {
  let ctx: TestContext;
  let routes: string[];

  beforeAll(async () => {
    ctx = await createTestApp();
    // Every world uploads a score: the PDF pool's threads start here, not in the first row.
    await warmPdfPool(ctx.app);
    const doc = (await ctx.app.inject({ method: "GET", url: "/api/docs/json" })).json() as {
      paths: Record<string, Record<string, unknown>>;
    };
    routes = Object.entries(doc.paths).flatMap(([path, operations]) =>
      Object.keys(operations).map((method) => `${method.toUpperCase()} ${path}`),
    );
  }, WARM_POOL_MS);
  afterAll(() => ctx?.close());

  it("has a row for every route of the OpenAPI document, and no row for a route that does not exist", () => {
    const rows = MATRIX.map((row) => row.route);
    expect(routes.length).toBeGreaterThan(40);
    expect(routes.filter((route) => !rows.includes(route))).toEqual([]);
    expect(rows.filter((route) => !routes.includes(route))).toEqual([]);
    const names = MATRIX.map(caseName);
    expect(new Set(names).size).toBe(names.length);
  });

  function send(call: Call, person: TestPerson | undefined) {
    return injectAnswer(
      ctx.app,
      {
        method: call.method,
        url: call.url,
        payload: call.payload as never,
        headers: { ...(call.headers ?? {}), ...(person ? bearer(person.token) : {}) },
      },
      call.isStream,
    );
  }

  // One world serves row after row, and one choir with its member removed the removed member's rows, until a call
  // may have changed it; the next call then starts from a fresh one.
  const mainWorld = shared(() => buildWorld(ctx.app));
  const removedWorld = shared(async () => {
    const built = await buildWorld(ctx.app);
    const removal = await ctx.app.inject({
      method: "DELETE",
      url: `/api/choirs/${built.world.choirId}/members/${built.world.memberId}`,
      headers: bearer(built.people.admin.token),
    });
    expect(removal.statusCode).toBe(204);
    return built;
  });

  it.each(MATRIX.map((row) => [caseName(row), row] as const))("%s", async (_route, row) => {
    const outcomes: Record<string, number> = {};
    for (const role of ROLES) {
      const { world, people } = await mainWorld.get();
      const call = row.call(world);
      const response = await send(call, role === "anonymous" ? undefined : people[role]);
      outcomes[role] = response.statusCode;
      mainWorld.after(call, response.statusCode);
      if (response.statusCode >= 400) {
        const body = response.json() as { message?: unknown; code?: unknown };
        expect(typeof body.message, `${row.route} as ${role}: error JSON`).toBe("string");
        expect(typeof body.code, `${row.route} as ${role}: error code`).toBe("string");
      }
      // Whatever the answer, someone outside the choir learns nothing of it, and a refusal tells no one anything.
      if (response.statusCode >= 400 || (!row.isPublic && (role === "anonymous" || role === "outsider"))) {
        const secrets = [world.songTitle, people.member.email, people.admin.email];
        if (!row.showsChoirName || response.statusCode >= 400) secrets.push(world.choirName);
        for (const secret of secrets) {
          expect(response.body, `${row.route} as ${role} reveals data`).not.toContain(secret);
        }
      }
    }
    expect(outcomes).toEqual(row.expect);
  });

  const withRemoval = MATRIX.filter((row) => row.removedMember !== undefined);
  it.each(withRemoval.map((row) => [caseName(row), row] as const))(
    "%s, as a removed member",
    async (_, row) => {
      // A member the admin removed loses access at once.
      const { world, people } = await removedWorld.get();
      const call = row.call(world);
      const response = await send(call, people.member);
      removedWorld.after(call, response.statusCode);
      expect(response.statusCode).toBe(row.removedMember);
      if (response.statusCode >= 400) {
        expect(response.json()).toMatchObject({ message: expect.any(String), code: expect.any(String) });
        for (const secret of [world.songTitle, world.choirName, people.admin.email]) {
          expect(response.body, "a refusal reveals data").not.toContain(secret);
        }
      }
    },
  );

  const withLock = MATRIX.filter((row) => row.lockedMember !== undefined);
  it.each(withLock.map((row) => [caseName(row), row] as const))(
    "%s, as a member when members may not edit playlists",
    async (_, row) => {
      // The choir's administrators keep playlist editing to themselves: members still read, but write nothing.
      // A fresh world each row: the admin's call below goes through.
      const { world, people } = await buildWorld(ctx.app);
      const setting = await ctx.app.inject({
        method: "PUT",
        url: `/api/choirs/${world.choirId}`,
        headers: bearer(people.admin.token),
        payload: { name: world.choirName, membersEditPlaylists: false },
      });
      expect(setting.statusCode).toBe(200);
      const response = await send(row.call(world), people.member);
      expect(response.statusCode).toBe(row.lockedMember);
      const asAdmin = await send(row.call(world), people.admin);
      expect(asAdmin.statusCode).toBe(row.expect.admin);
    },
  );

  // ── Song visibility (authorization-matrix.ts, VISIBILITY_MATRIX) ──────────────────────────────────────────────
  const visibilityName = (row: VisibilityRow) => (row.variant ? `${row.route} (${row.variant})` : row.route);
  const visibilityWorld = shared(() => buildVisibilityWorld(ctx.app));

  it("has a song-visibility row for every route that names a song, and only for routes that exist", () => {
    const rows = new Set(VISIBILITY_MATRIX.map((row) => row.route));
    // Routes with a song in the path, and the reads that list or print songs.
    const naming = routes.filter(
      (route) =>
        /\/api\/songs\/\{id\}|\{songId\}/.test(route) ||
        [
          "GET /api/songs/search",
          "GET /api/songs/my",
          "GET /api/songs/choir/{choirId}",
          "GET /api/songs/export",
          "POST /api/songs/bulk-delete",
          "GET /api/playlists/{id}",
          "GET /api/choirs/{choirId}/playlists",
          "POST /api/playlists",
          "PUT /api/playlists/{id}",
          "POST /api/playlists/{id}/songs",
          "GET /api/choirs/{id}/song-usage",
          "GET /api/playlists/{id}/events",
          "GET /api/playlists/{id}/lead",
          "PUT /api/playlists/{id}/lead",
          "GET /api/playlists/{id}/pdf",
          "GET /api/playlists/{id}/share",
          "GET /api/playlists/{id}/export",
        ].includes(route),
    );
    expect(naming.filter((route) => !rows.has(route))).toEqual([]);
    expect([...rows].filter((route) => !routes.includes(route))).toEqual([]);
    const names = VISIBILITY_MATRIX.map(visibilityName);
    expect(new Set(names).size).toBe(names.length);
  });

  it.each(VISIBILITY_MATRIX.map((row) => [visibilityName(row), row] as const))(
    "%s, for a song its reader may not see",
    async (_route, row) => {
      // Per case, the status and whether the answer named the song: all three are reported, not the first only.
      const outcomes: Record<string, { status: number; named: boolean }> = {};
      const expected: Record<string, { status: number; named: boolean }> = {};
      for (const hidden of HIDDEN_CASES) {
        const { world, people } = await visibilityWorld.get();
        const call = row.call(world, hidden);
        const response = await send(call, people.member);
        visibilityWorld.after(call, response.statusCode);
        const song = world.hidden[hidden];
        outcomes[hidden] = {
          status: response.statusCode,
          named: response.body.includes(song.title) || response.body.includes(song.ccli),
        };
        expected[hidden] = {
          status: typeof row.expect === "number" ? row.expect : row.expect[hidden],
          named: false,
        };
        if (response.statusCode >= 400) {
          expect(response.json()).toMatchObject({ message: expect.any(String), code: expect.any(String) });
        }
      }
      expect(outcomes).toEqual(expected);
    },
    // Three worlds and up to three songbooks drawn on a shared machine.
    120_000,
  );
});
