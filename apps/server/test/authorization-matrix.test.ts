import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Call, MATRIX, ROLES, type Row } from "./authorization-matrix.js";
import { bearer, createTestApp, type TestContext, type TestPerson } from "./helpers.js";
import { injectAnswer } from "./inject-stream.js";
import { buildWorld } from "./world.js";

/** A row's name: its route, and what tells it apart from another row of the same route. */
const caseName = (row: Row) => (row.variant ? `${row.route} (${row.variant})` : row.route);

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
    const doc = (await ctx.app.inject({ method: "GET", url: "/api/docs/json" })).json() as {
      paths: Record<string, Record<string, unknown>>;
    };
    routes = Object.entries(doc.paths).flatMap(([path, operations]) =>
      Object.keys(operations).map((method) => `${method.toUpperCase()} ${path}`),
    );
  });
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

  it.each(MATRIX.map((row) => [caseName(row), row] as const))("%s", async (_route, row) => {
    let current = await buildWorld(ctx.app);
    let changed = false;
    const outcomes: Record<string, number> = {};
    for (const role of ROLES) {
      // A call that went through may have changed the world (deleted it, revoked a session): start afresh.
      if (changed) current = await buildWorld(ctx.app);
      const { world, people } = current;
      const response = await send(row.call(world), role === "anonymous" ? undefined : people[role]);
      outcomes[role] = response.statusCode;
      changed = response.statusCode < 400;
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
      const { world, people } = await buildWorld(ctx.app);
      const removal = await ctx.app.inject({
        method: "DELETE",
        url: `/api/choirs/${world.choirId}/members/${world.memberId}`,
        headers: bearer(people.admin.token),
      });
      expect(removal.statusCode).toBe(204);
      const response = await send(row.call(world), people.member);
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
});
