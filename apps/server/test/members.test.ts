import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  addMember,
  bearer,
  choirWithCast,
  createTestApp,
  signInPerson,
  type TestContext,
} from "./helpers.js";

describe("members", () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(() => ctx?.close());

  const setRole = (token: string | undefined, choirId: string, memberId: string, role: unknown) =>
    ctx.app.inject({
      method: "PUT",
      url: `/api/choirs/${choirId}/members/${memberId}/role`,
      headers: token ? bearer(token) : {},
      payload: { role },
    });
  const remove = (token: string | undefined, choirId: string, memberId: string) =>
    ctx.app.inject({
      method: "DELETE",
      url: `/api/choirs/${choirId}/members/${memberId}`,
      headers: token ? bearer(token) : {},
    });
  const leave = (token: string | undefined, choirId: string) =>
    ctx.app.inject({
      method: "DELETE",
      url: `/api/choirs/${choirId}/members/me`,
      headers: token ? bearer(token) : {},
    });
  const rolesOf = async (token: string, choirId: string) =>
    Object.fromEntries(
      (await ctx.app.inject({ method: "GET", url: `/api/choirs/${choirId}`, headers: bearer(token) }))
        .json()
        .members.map((m: { id: string; role: string }) => [m.id, m.role]),
    );

  describe("PUT /api/choirs/:id/members/:memberId/role", () => {
    it("promotes and demotes a member; the change is seen at once", async () => {
      const { admin, member, choir } = await choirWithCast(ctx.app);
      const promoted = await setRole(admin.token, choir.id, member.id, "ChoirAdmin");
      expect(promoted.statusCode).toBe(200);
      expect(promoted.json()).toEqual({
        id: member.id,
        name: "Member Tester",
        email: member.email,
        role: "ChoirAdmin",
        voicePart: null,
      });
      // the promoted member can act as an administrator straight away (roles are read from the database)
      expect((await setRole(member.token, choir.id, admin.id, "ChoirMember")).statusCode).toBe(200);
      expect(await rolesOf(member.token, choir.id)).toEqual({
        [admin.id]: "ChoirMember",
        [member.id]: "ChoirAdmin",
      });
    });

    it("refuses to demote the last administrator with 409", async () => {
      const { admin, choir } = await choirWithCast(ctx.app);
      const response = await setRole(admin.token, choir.id, admin.id, "ChoirMember");
      expect(response.statusCode).toBe(409);
      expect(response.json()).toMatchObject({
        message: "A choir needs at least one administrator",
        code: "conflict",
      });
    });

    it("rejects an unknown role and a non-UUID member id", async () => {
      const { admin, member, choir } = await choirWithCast(ctx.app);
      expect((await setRole(admin.token, choir.id, member.id, "GeneralUser")).statusCode).toBe(400);
      expect((await setRole(admin.token, choir.id, "bob", "ChoirAdmin")).statusCode).toBe(400);
    });

    it("answers 404 for someone who is not a member", async () => {
      const { admin, outsider, choir } = await choirWithCast(ctx.app);
      expect((await setRole(admin.token, choir.id, outsider.id, "ChoirAdmin")).statusCode).toBe(404);
    });

    it("refuses a plain member (403), an outsider (404) and an anonymous caller (401)", async () => {
      const { admin, member, outsider, choir } = await choirWithCast(ctx.app);
      expect((await setRole(member.token, choir.id, member.id, "ChoirAdmin")).statusCode).toBe(403);
      expect((await setRole(outsider.token, choir.id, admin.id, "ChoirMember")).statusCode).toBe(404);
      expect((await setRole(undefined, choir.id, admin.id, "ChoirMember")).statusCode).toBe(401);
      expect(await rolesOf(admin.token, choir.id)).toEqual({
        [admin.id]: "ChoirAdmin",
        [member.id]: "ChoirMember",
      });
    });

    it("keeps one administrator when two administrators demote each other at once", async () => {
      for (let round = 0; round < 5; round++) {
        const { admin, choir } = await choirWithCast(ctx.app);
        const second = await signInPerson(ctx.app, "second");
        await addMember(ctx.app, choir.id, second, "ChoirAdmin");
        const [a, b] = await Promise.all([
          setRole(admin.token, choir.id, second.id, "ChoirMember"),
          setRole(second.token, choir.id, admin.id, "ChoirMember"),
        ]);
        // one wins; the other is refused, as the last administrator (409) or as no longer one (403)
        const statuses = [a.statusCode, b.statusCode];
        expect(statuses.filter((status) => status === 200)).toHaveLength(1);
        expect(statuses.find((status) => status !== 200)).toBeOneOf([403, 409]);
        const roles = Object.values(await rolesOf(admin.token, choir.id));
        expect(roles.filter((role) => role === "ChoirAdmin")).toHaveLength(1);
      }
    });
  });

  describe("DELETE /api/choirs/:id/members/:memberId", () => {
    it("removes a member, who loses access at once", async () => {
      const { admin, member, choir } = await choirWithCast(ctx.app);
      expect((await remove(admin.token, choir.id, member.id)).statusCode).toBe(204);
      const after = await ctx.app.inject({
        method: "GET",
        url: `/api/choirs/${choir.id}`,
        headers: bearer(member.token),
      });
      expect(after.statusCode).toBe(404);
    });

    it("refuses to remove the last administrator", async () => {
      const { admin, choir } = await choirWithCast(ctx.app);
      const response = await remove(admin.token, choir.id, admin.id);
      expect(response.statusCode).toBe(409);
      expect(response.json().message).toBe("A choir needs at least one administrator");
    });

    it("answers 404 for a non-member", async () => {
      const { admin, outsider, choir } = await choirWithCast(ctx.app);
      expect((await remove(admin.token, choir.id, outsider.id)).statusCode).toBe(404);
    });

    it("refuses a plain member (403), an outsider (404) and an anonymous caller (401)", async () => {
      const { admin, member, outsider, choir } = await choirWithCast(ctx.app);
      expect((await remove(member.token, choir.id, admin.id)).statusCode).toBe(403);
      expect((await remove(outsider.token, choir.id, member.id)).statusCode).toBe(404);
      expect((await remove(undefined, choir.id, member.id)).statusCode).toBe(401);
      expect(Object.keys(await rolesOf(admin.token, choir.id))).toHaveLength(2);
    });
  });

  describe("DELETE /api/choirs/:id/members/me", () => {
    it("lets a member leave", async () => {
      const { member, choir } = await choirWithCast(ctx.app);
      expect((await leave(member.token, choir.id)).statusCode).toBe(204);
      const me = (
        await ctx.app.inject({ method: "GET", url: "/api/me", headers: bearer(member.token) })
      ).json();
      expect(me.choirs).toEqual([]);
      expect(me.choirId).toBeNull();
    });

    it("refuses the last administrator leaving, and lets one of two go", async () => {
      const { admin, member, choir } = await choirWithCast(ctx.app);
      expect((await leave(admin.token, choir.id)).statusCode).toBe(409);
      await setRole(admin.token, choir.id, member.id, "ChoirAdmin");
      expect((await leave(admin.token, choir.id)).statusCode).toBe(204);
    });

    it("answers 404 to an outsider and 401 to an anonymous caller", async () => {
      const { outsider, choir } = await choirWithCast(ctx.app);
      expect((await leave(outsider.token, choir.id)).statusCode).toBe(404);
      expect((await leave(undefined, choir.id)).statusCode).toBe(401);
    });
  });
});
