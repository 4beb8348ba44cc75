import { PAGING_LIMITS } from "@choir/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
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
 * Every list route other than the songs' answers a bounded page: `skip`/`take` with a default and a maximum page
 * size (over it → 400 JSON), in a stable order, so paging through a list returns each item once.
 */
describe("paging of list routes", () => {
  let ctx: TestContext;

  beforeAll(async () => {
    ctx = await createTestApp();
  });

  afterAll(async () => {
    await ctx.close();
  });

  const get = (person: TestPerson | undefined, url: string) =>
    ctx.app.inject({ method: "GET", url, headers: person ? bearer(person.token) : {} });

  const post = async (person: TestPerson, url: string, payload: Record<string, unknown>) => {
    const response = await ctx.app.inject({ method: "POST", url, headers: bearer(person.token), payload });
    expect(response.statusCode, response.body).toBe(201);
    return response.json();
  };

  const withQuery = (url: string, query: string) => `${url}${url.includes("?") ? "&" : "?"}${query}`;

  /** Reads the whole list page by page (`take` items each) and checks it matches one read of it all. */
  async function expectPagesCover(
    person: TestPerson,
    url: string,
    idOf: (item: never) => string,
    take: number,
  ) {
    const all = await get(person, withQuery(url, `take=${PAGING_LIMITS.takeMax}`));
    expect(all.statusCode, all.body).toBe(200);
    const expected = (all.json() as never[]).map(idOf);
    expect(expected.length).toBeGreaterThan(take);

    const paged: string[] = [];
    for (let skip = 0; ; skip += take) {
      const page = await get(person, withQuery(url, `skip=${skip}&take=${take}`));
      expect(page.statusCode, page.body).toBe(200);
      const ids = (page.json() as never[]).map(idOf);
      expect(ids.length).toBeLessThanOrEqual(take);
      paged.push(...ids);
      if (ids.length < take) break;
    }
    expect(paged).toEqual(expected);
    expect(new Set(paged).size).toBe(paged.length);
    return expected;
  }

  async function expectTakeBounded(person: TestPerson, url: string) {
    for (const query of [`take=${PAGING_LIMITS.takeMax + 1}`, "take=0", "skip=-1", "take=many"]) {
      const response = await get(person, withQuery(url, query));
      expect(response.statusCode, `${url} ${query}`).toBe(400);
      expect(response.json()).toMatchObject({ code: "validation_failed" });
    }
    expect((await get(person, withQuery(url, `take=${PAGING_LIMITS.takeMax}`))).statusCode).toBe(200);
  }

  describe("GET /api/choirs/{choirId}/playlists", () => {
    let admin: TestPerson;
    let member: TestPerson;
    let outsider: TestPerson;
    let choirId: string;
    const count = PAGING_LIMITS.takeDefault + 3;
    const dateOf = (index: number) => new Date(Date.UTC(2031, 0, 1 + index * 7)).toISOString().slice(0, 10);

    beforeAll(async () => {
      admin = await signInPerson(ctx.app, "admin");
      member = await signInPerson(ctx.app, "member");
      outsider = await signInPerson(ctx.app, "outsider");
      choirId = (await createChoir(ctx.app, admin)).id;
      await addMember(ctx.app, choirId, member);
      // Created out of date order, so the list's order is the server's, not the order of creation.
      const order = Array.from({ length: count }, (_, i) => (i * 17) % count);
      for (const index of order) {
        await post(admin, "/api/playlists", { choirId, date: dateOf(index), title: `Week ${index}` });
      }
    });

    it("answers the default page size when no take is given, by date", async () => {
      const response = await get(member, `/api/choirs/${choirId}/playlists`);
      expect(response.statusCode).toBe(200);
      const dates = response.json().map((p: { date: string }) => p.date.slice(0, 10));
      expect(dates).toEqual(Array.from({ length: PAGING_LIMITS.takeDefault }, (_, i) => dateOf(i)));
    });

    it("pages through every playlist once, in date order", async () => {
      const ids = await expectPagesCover(
        member,
        `/api/choirs/${choirId}/playlists`,
        (p: { id: string }) => p.id,
        7,
      );
      expect(ids).toHaveLength(count);
    });

    it("starts at the day `from` when given", async () => {
      const response = await get(member, `/api/choirs/${choirId}/playlists?from=${dateOf(10)}&take=2`);
      expect(response.statusCode).toBe(200);
      expect(response.json().map((p: { date: string }) => p.date.slice(0, 10))).toEqual([
        dateOf(10),
        dateOf(11),
      ]);
      const between = await get(member, `/api/choirs/${choirId}/playlists?from=2031-01-02&take=1`);
      expect(between.json().map((p: { date: string }) => p.date.slice(0, 10))).toEqual([dateOf(1)]);
      expect((await get(member, `/api/choirs/${choirId}/playlists?from=2031-02-30`)).statusCode).toBe(400);
    });

    it("refuses a page over the maximum", async () => {
      await expectTakeBounded(member, `/api/choirs/${choirId}/playlists`);
    });

    it("still refuses outsiders and anonymous callers", async () => {
      expect((await get(outsider, `/api/choirs/${choirId}/playlists?take=1`)).statusCode).toBe(404);
      expect((await get(undefined, `/api/choirs/${choirId}/playlists?take=1`)).statusCode).toBe(401);
    });
  });

  describe("GET /api/choirs/{choirId}/playlist-templates", () => {
    it("pages through the choir's templates, then the built-in ones, once each", async () => {
      const admin = await signInPerson(ctx.app, "admin");
      const member = await signInPerson(ctx.app, "member");
      const outsider = await signInPerson(ctx.app, "outsider");
      const choirId = (await createChoir(ctx.app, admin)).id;
      await addMember(ctx.app, choirId, member);
      for (let i = 0; i < 6; i++) {
        await post(admin, "/api/playlist-templates", { choirId, title: `Template ${i}`, sections: ["One"] });
      }
      const url = `/api/choirs/${choirId}/playlist-templates`;
      const ids = await expectPagesCover(member, url, (t: { id: string }) => t.id, 4);
      const all = (await get(member, `${url}?take=${PAGING_LIMITS.takeMax}`)).json();
      expect(all.filter((t: { isGlobal: boolean }) => !t.isGlobal)).toHaveLength(6);
      expect(all.findIndex((t: { isGlobal: boolean }) => t.isGlobal)).toBe(6);
      expect(ids.length).toBe(all.length);
      await expectTakeBounded(member, url);
      expect((await get(outsider, `${url}?take=1`)).statusCode).toBe(404);
    });
  });

  describe("invitations", () => {
    let admin: TestPerson;
    let member: TestPerson;
    let invitee: TestPerson;
    let choirId: string;

    beforeAll(async () => {
      admin = await signInPerson(ctx.app, "admin");
      member = await signInPerson(ctx.app, "member");
      invitee = await signInPerson(ctx.app, "invitee");
      choirId = (await createChoir(ctx.app, admin)).id;
      await addMember(ctx.app, choirId, member);
      for (let i = 0; i < 7; i++) {
        await post(admin, `/api/choirs/${choirId}/invitations`, { email: `singer-${i}@example.com` });
        await post(admin, "/api/invitations/shareable", { choirId, maxUses: 5 });
      }
      // The invitee is invited by seven choirs.
      for (let i = 0; i < 7; i++) {
        const other = await signInPerson(ctx.app, "director");
        const otherChoir = await createChoir(ctx.app, other);
        await post(other, `/api/choirs/${otherChoir.id}/invitations`, { email: invitee.email });
      }
    });

    it("GET /api/choirs/{id}/invitations pages newest first, bounded, administrators only", async () => {
      const url = `/api/choirs/${choirId}/invitations`;
      const ids = await expectPagesCover(
        admin,
        url,
        (i: { invitationToken: string }) => i.invitationToken,
        3,
      );
      expect(ids).toHaveLength(7);
      await expectTakeBounded(admin, url);
      expect((await get(member, `${url}?take=1`)).statusCode).toBe(403);
    });

    it("GET /api/invitations/shareable/choir/{choirId} pages newest first, bounded, administrators only", async () => {
      const url = `/api/invitations/shareable/choir/${choirId}`;
      const ids = await expectPagesCover(admin, url, (l: { invitationId: string }) => l.invitationId, 3);
      expect(ids).toHaveLength(7);
      await expectTakeBounded(admin, url);
      expect((await get(member, `${url}?take=1`)).statusCode).toBe(403);
    });

    it("GET /api/invitations pages the caller's pending invitations, bounded", async () => {
      const ids = await expectPagesCover(
        invitee,
        "/api/invitations",
        (i: { invitationToken: string }) => i.invitationToken,
        3,
      );
      expect(ids).toHaveLength(7);
      await expectTakeBounded(invitee, "/api/invitations");
      expect((await get(undefined, "/api/invitations?take=1")).statusCode).toBe(401);
    });
  });
});
