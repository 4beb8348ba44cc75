import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Call, MATRIX, ROLES, type Role, type World } from "./authorization-matrix.js";
import {
  addMember,
  bearer,
  createChoir,
  createTestApp,
  signInPerson,
  type TestContext,
  type TestPerson,
} from "./helpers.js";

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
    expect(new Set(rows).size).toBe(rows.length);
  });

  let worldCount = 0;

  /** A choir with an admin and a member, a song in a saved playlist, templates, an invitation and a link. */
  async function buildWorld(): Promise<{
    world: World;
    people: Record<Exclude<Role, "anonymous">, TestPerson>;
  }> {
    const app = ctx.app;
    worldCount += 1;
    const [admin, member, outsider] = await Promise.all([
      signInPerson(app, "admin"),
      signInPerson(app, "member"),
      signInPerson(app, "outsider"),
    ]);
    const choir = await createChoir(app, admin, { name: `Matrix Choir ${worldCount} ${Date.now()}` });
    await addMember(app, choir.id, member);
    const post = async (url: string, payload: object, expected = 201) => {
      const response = await app.inject({ method: "POST", url, headers: bearer(admin.token), payload });
      if (response.statusCode !== expected)
        throw new Error(`${url} answered ${response.statusCode}: ${response.body}`);
      return response.json();
    };
    const songTitle = `Private Matrix Song ${worldCount}`;
    const songBody = (title: string) => ({
      title,
      content: `{title: ${title}}\n[G]Sing to the [D]choir`,
      visibility: 2,
      visibleToChoirs: [choir.id],
    });
    const songId = (await post("/api/songs", songBody(songTitle))).songId;
    const otherSongId = (await post("/api/songs", songBody(`${songTitle} two`))).songId;
    const templates = (
      await app.inject({
        method: "GET",
        url: `/api/choirs/${choir.id}/playlist-templates`,
        headers: bearer(admin.token),
      })
    ).json() as Array<{ id: string; isGlobal: boolean; title: string }>;
    const mass = templates.find((template) => template.isGlobal && template.title === "mass")!;
    const defaultTemplateId = (
      await post("/api/playlist-templates", { title: "Ours", choirId: choir.id, sections: ["A", "B"] })
    ).id;
    const templateId = (
      await post("/api/playlist-templates", { title: "Second", choirId: choir.id, sections: ["C"] })
    ).id;
    const playlist = await post("/api/playlists", {
      choirId: choir.id,
      date: "2031-01-05",
      playlistTemplateId: mass.id,
    });
    await post(`/api/playlists/${playlist.id}/songs`, { songId, sectionId: playlist.sections[0].id });
    const invitation = await post(`/api/choirs/${choir.id}/invitations`, { email: outsider.email });
    const link = await post("/api/invitations/shareable", { choirId: choir.id });
    return {
      world: {
        choirId: choir.id,
        choirName: choir.name,
        memberId: member.id,
        adminId: admin.id,
        songId,
        songTitle,
        otherSongId,
        playlistId: playlist.id,
        sectionId: playlist.sections[0].id,
        otherSectionId: playlist.sections[1].id,
        globalTemplateId: mass.id,
        defaultTemplateId,
        templateId,
        emailInvitationToken: invitation.invitationToken,
        shareableId: link.invitationId,
        shareableToken: link.invitationToken,
        freeDate: "2031-02-02",
      },
      people: { admin, member, outsider },
    };
  }

  function send(call: Call, person: TestPerson | undefined) {
    return ctx.app.inject({
      method: call.method,
      url: call.url,
      payload: call.payload as never,
      headers: { ...(call.headers ?? {}), ...(person ? bearer(person.token) : {}) },
    });
  }

  it.each(MATRIX.map((row) => [row.route, row] as const))("%s", async (_route, row) => {
    let current = await buildWorld();
    let changed = false;
    const outcomes: Record<string, number> = {};
    for (const role of ROLES) {
      // A call that went through may have changed the world (deleted it, revoked a session): start afresh.
      if (changed) current = await buildWorld();
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
});
