import { CHOIR_MESSAGES, INVITATION_MESSAGES } from "@choir/contract";
import { and, eq, sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { choirMembers, emailInvitations } from "../src/db/schema/index.js";
import {
  addMember,
  bearer,
  choirWithCast,
  createChoir,
  createTestApp,
  DAYS,
  SECONDS,
  signInLocally,
  signInPerson,
  type TestContext,
  type TestPerson,
} from "./helpers.js";

const HOURS = 3_600_000;
const NOT_A_UUID = "not-a-uuid";
const UNKNOWN_UUID = "00000000-0000-4000-8000-000000000000";
const UNKNOWN_TOKEN = "A".repeat(43);

type Response = Awaited<ReturnType<FastifyInstance["inject"]>>;

/** Every error answer is the contract's `{message, code, errors?}` and nothing else. */
function expectError(response: Response, status: number, message?: string) {
  expect(response.statusCode).toBe(status);
  expect(response.headers["content-type"]).toMatch(/^application\/json/);
  const body = response.json();
  expect(typeof body.message).toBe("string");
  expect(typeof body.code).toBe("string");
  expect(Object.keys(body).every((key) => ["message", "code", "errors"].includes(key))).toBe(true);
  if (body.errors !== undefined) {
    expect(Array.isArray(body.errors)).toBe(true);
    for (const entry of body.errors) expect(typeof entry).toBe("string");
  }
  if (message) expect(body.message).toBe(message);
  return body as { message: string; code: string; errors?: string[] };
}

function api(ctx: TestContext) {
  const call = (
    method: "GET" | "POST",
    url: string,
    person?: TestPerson,
    payload?: unknown,
    headers: Record<string, string> = {},
  ) =>
    ctx.app.inject({
      method,
      url,
      headers: { ...(person ? bearer(person.token) : {}), ...headers },
      ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
    });
  return {
    call,
    invite: (person: TestPerson | undefined, choirId: string, email: unknown) =>
      call("POST", `/api/choirs/${choirId}/invitations`, person, { email }),
    choirInvitations: (person: TestPerson | undefined, choirId: string) =>
      call("GET", `/api/choirs/${choirId}/invitations`, person),
    pending: (person: TestPerson | undefined) => call("GET", "/api/invitations", person),
    accept: (person: TestPerson | undefined, invitationToken: unknown) =>
      call("POST", "/api/invitations/accept", person, { invitationToken }),
    reject: (person: TestPerson | undefined, invitationToken: unknown) =>
      call("POST", "/api/invitations/reject", person, { invitationToken }),
    createLink: (person: TestPerson | undefined, payload: Record<string, unknown>) =>
      call("POST", "/api/invitations/shareable", person, payload),
    links: (person: TestPerson | undefined, choirId: string) =>
      call("GET", `/api/invitations/shareable/choir/${choirId}`, person),
    deactivate: (person: TestPerson | undefined, invitationId: string) =>
      call("POST", `/api/invitations/shareable/${invitationId}/deactivate`, person),
    details: (token: string) => call("GET", `/api/invitations/shareable/${token}`),
    acceptLink: (person: TestPerson | undefined, invitationToken: unknown) =>
      call("POST", "/api/invitations/shareable/accept", person, { invitationToken }),
  };
}

async function membership(app: FastifyInstance, choirId: string, userId: string) {
  const [row] = await app.db
    .select({ role: choirMembers.role })
    .from(choirMembers)
    .where(and(eq(choirMembers.choirId, choirId), eq(choirMembers.userId, userId)));
  return row?.role;
}

async function me(app: FastifyInstance, person: TestPerson) {
  return (await app.inject({ method: "GET", url: "/api/me", headers: bearer(person.token) })).json();
}

describe("invitations", () => {
  let ctx: TestContext;
  let a: ReturnType<typeof api>;
  beforeAll(async () => {
    ctx = await createTestApp();
    a = api(ctx);
  });
  afterAll(() => ctx?.close());

  /** A choir with its cast, an invited newcomer and the invitation's token. */
  async function invited() {
    const cast = await choirWithCast(ctx.app);
    const guest = await signInPerson(ctx.app, "guest");
    const response = await a.invite(cast.admin, cast.choir.id, guest.email);
    expect(response.statusCode).toBe(201);
    return { ...cast, guest, invitation: response.json() };
  }

  async function link(admin: TestPerson, choirId: string, maxUses?: number | null) {
    const response = await a.createLink(admin, maxUses === undefined ? { choirId } : { choirId, maxUses });
    expect(response.statusCode).toBe(201);
    return response.json();
  }

  describe("POST /api/choirs/:id/invitations", () => {
    it("creates a pending invitation that expires 14 days after it was sent, and mails it", async () => {
      const { admin, choir } = await choirWithCast(ctx.app);
      const before = ctx.clock.now().getTime();
      const response = await a.invite(admin, choir.id, "New.Singer@Example.com");
      expect(response.statusCode).toBe(201);
      const invitation = response.json();
      expect(invitation).toMatchObject({
        choirId: choir.id,
        choirName: choir.name,
        email: "New.Singer@Example.com",
        status: "Pending",
        emailSent: true,
      });
      expect(invitation.invitationToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
      const sentAt = new Date(invitation.sentAt).getTime();
      expect(new Date(invitation.sentAt).toISOString()).toBe(invitation.sentAt);
      expect(sentAt).toBeGreaterThanOrEqual(before - SECONDS);
      expect(new Date(invitation.expiryDate).getTime() - sentAt).toBe(14 * DAYS);
    });

    it("re-sends a pending invitation instead of duplicating it, refreshing sentAt and expiry", async () => {
      const { admin, choir } = await choirWithCast(ctx.app);
      const first = (await a.invite(admin, choir.id, "twice@example.com")).json();
      ctx.clock.advance(5 * SECONDS);
      const again = await a.invite(admin, choir.id, "TWICE@example.com");
      expect(again.statusCode).toBe(201);
      const second = again.json();
      expect(second.invitationToken).toBe(first.invitationToken);
      expect(new Date(second.sentAt).getTime()).toBeGreaterThan(new Date(first.sentAt).getTime());
      expect(new Date(second.expiryDate).getTime() - new Date(second.sentAt).getTime()).toBe(14 * DAYS);
      const rows = await ctx.app.db
        .select()
        .from(emailInvitations)
        .where(
          and(
            eq(emailInvitations.choirId, choir.id),
            sql`lower(${emailInvitations.email}) = 'twice@example.com'`,
          ),
        );
      expect(rows).toHaveLength(1);
      expect(rows[0]!.sentAt.toISOString()).toBe(second.sentAt);
    });

    it("refuses to invite an address that already belongs to a member, case-insensitively (409)", async () => {
      const { admin, member, choir } = await choirWithCast(ctx.app);
      const response = await a.invite(admin, choir.id, member.email.toUpperCase());
      expectError(response, 409, CHOIR_MESSAGES.alreadyMember);
      expectError(await a.invite(admin, choir.id, admin.email), 409, CHOIR_MESSAGES.alreadyMember);
    });

    it("refuses an anonymous caller (401), an outsider (404) and a plain member (403)", async () => {
      const { member, outsider, choir } = await choirWithCast(ctx.app);
      expectError(await a.invite(undefined, choir.id, "x@example.com"), 401);
      expectError(await a.invite(outsider, choir.id, "x@example.com"), 404);
      expectError(await a.invite(member, choir.id, "x@example.com"), 403);
      const rows = await ctx.app.db
        .select()
        .from(emailInvitations)
        .where(eq(emailInvitations.choirId, choir.id));
      expect(rows).toHaveLength(0);
    });

    it.each([
      ["not an address", "not-an-email"],
      ["blank", "   "],
      ["missing", undefined],
      ["a number", 42],
      ["too long", `${"a".repeat(250)}@example.com`],
    ])("refuses an e-mail that is %s (400, naming the field)", async (_label, email) => {
      const { admin, choir } = await choirWithCast(ctx.app);
      const body = expectError(await a.invite(admin, choir.id, email), 400);
      expect(body.errors?.some((error) => error.includes("email"))).toBe(true);
    });

    it("answers 400 to a choir id that is not a UUID and 404 to an unknown choir", async () => {
      const admin = await signInPerson(ctx.app, "admin");
      expectError(await a.invite(admin, NOT_A_UUID, "x@example.com"), 400);
      expectError(await a.invite(admin, UNKNOWN_UUID, "x@example.com"), 404);
    });
  });

  describe("GET /api/choirs/:id/invitations", () => {
    it("lists every invitation of the choir, all statuses, newest first", async () => {
      const { admin, choir } = await choirWithCast(ctx.app);
      const first = await signInPerson(ctx.app, "first");
      const second = await signInPerson(ctx.app, "second");
      const firstToken = (await a.invite(admin, choir.id, first.email)).json().invitationToken;
      ctx.clock.advance(SECONDS);
      await a.invite(admin, choir.id, second.email);
      ctx.clock.advance(SECONDS);
      await a.invite(admin, choir.id, "third@example.com");
      expect((await a.reject(first, firstToken)).statusCode).toBe(204);

      const response = await a.choirInvitations(admin, choir.id);
      expect(response.statusCode).toBe(200);
      const list = response.json();
      expect(list.map((invitation: { email: string }) => invitation.email)).toEqual([
        "third@example.com",
        second.email,
        first.email,
      ]);
      expect(list.map((invitation: { status: string }) => invitation.status)).toEqual([
        "Pending",
        "Pending",
        "Rejected",
      ]);
      expect(Object.keys(list[0]).sort()).toEqual(
        ["choirId", "choirName", "email", "expiryDate", "invitationToken", "sentAt", "status"].sort(),
      );
    });

    it("refuses an anonymous caller (401), an outsider (404), a plain member (403) and a bad id (400)", async () => {
      const { member, outsider, choir } = await choirWithCast(ctx.app);
      expectError(await a.choirInvitations(undefined, choir.id), 401);
      expectError(await a.choirInvitations(outsider, choir.id), 404);
      expectError(await a.choirInvitations(member, choir.id), 403);
      expectError(await a.choirInvitations(member, NOT_A_UUID), 400);
    });
  });

  describe("GET /api/invitations", () => {
    it("lists the caller's pending invitations, matching the address case-insensitively", async () => {
      const { admin, choir, guest, invitation } = await invited();
      const otherChoir = await createChoir(ctx.app, admin);
      await a.invite(admin, otherChoir.id, guest.email.toUpperCase());
      await a.invite(admin, otherChoir.id, "someone.else@example.com");

      const response = await a.pending(guest);
      expect(response.statusCode).toBe(200);
      const list = response.json();
      expect(list).toHaveLength(2);
      expect(list.map((entry: { choirId: string }) => entry.choirId).sort()).toEqual(
        [choir.id, otherChoir.id].sort(),
      );
      expect(list.find((entry: { choirId: string }) => entry.choirId === choir.id)).toEqual({
        invitationToken: invitation.invitationToken,
        choirId: choir.id,
        choirName: choir.name,
        email: guest.email,
        status: "Pending",
        sentAt: invitation.sentAt,
        expiryDate: invitation.expiryDate,
      });
      expect((await a.pending(admin)).json()).toEqual([]);
    });

    it("leaves out answered invitations", async () => {
      const { guest, invitation } = await invited();
      await a.accept(guest, invitation.invitationToken);
      expect((await a.pending(guest)).json()).toEqual([]);
    });

    it("refuses an anonymous caller (401)", async () => {
      expectError(await a.pending(undefined), 401);
    });
  });

  describe("POST /api/invitations/accept", () => {
    it("makes the invited person a member, marks the invitation accepted and sets their current choir", async () => {
      const { admin, choir, guest, invitation } = await invited();
      const response = await a.accept(guest, invitation.invitationToken);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ choirId: choir.id, choirName: choir.name });
      expect(await membership(ctx.app, choir.id, guest.id)).toBe("ChoirMember");
      const list = (await a.choirInvitations(admin, choir.id)).json();
      expect(list[0]).toMatchObject({ email: guest.email, status: "Accepted" });
      const [row] = await ctx.app.db
        .select()
        .from(emailInvitations)
        .where(eq(emailInvitations.token, invitation.invitationToken));
      expect(row!.respondedAt).toBeInstanceOf(Date);
      const user = await me(ctx.app, guest);
      expect(user.choirId).toBe(choir.id);
      expect(user.choirs).toEqual([{ id: choir.id, name: choir.name, role: "ChoirMember", voicePart: null }]);
    });

    it("keeps the current choir of someone who already has one", async () => {
      const { admin, choir } = await choirWithCast(ctx.app);
      const singer = await signInPerson(ctx.app, "singer");
      const own = await createChoir(ctx.app, singer);
      const token = (await a.invite(admin, choir.id, singer.email)).json().invitationToken;
      expect((await a.accept(singer, token)).statusCode).toBe(200);
      expect((await me(ctx.app, singer)).choirId).toBe(own.id);
    });

    it("refuses someone the invitation was not sent to (403) and leaves it pending", async () => {
      const { outsider, member, choir, guest, invitation } = await invited();
      expectError(
        await a.accept(outsider, invitation.invitationToken),
        403,
        INVITATION_MESSAGES.wrongRecipient,
      );
      expectError(await a.accept(member, invitation.invitationToken), 403);
      expect(await membership(ctx.app, choir.id, outsider.id)).toBeUndefined();
      expect((await a.pending(guest)).json()).toHaveLength(1);
    });

    it("tells a member so (409) on a second accept, 410 once they have left, and 409 to someone who joined meanwhile", async () => {
      const { admin, choir, guest, invitation } = await invited();
      expect((await a.accept(guest, invitation.invitationToken)).statusCode).toBe(200);
      expectError(await a.accept(guest, invitation.invitationToken), 409, CHOIR_MESSAGES.alreadyMember);
      await ctx.app.db
        .delete(choirMembers)
        .where(and(eq(choirMembers.choirId, choir.id), eq(choirMembers.userId, guest.id)));
      expectError(await a.accept(guest, invitation.invitationToken), 410, INVITATION_MESSAGES.expired);
      expect(await membership(ctx.app, choir.id, guest.id)).toBeUndefined();

      const late = await signInPerson(ctx.app, "late");
      const token = (await a.invite(admin, choir.id, late.email)).json().invitationToken;
      await addMember(ctx.app, choir.id, late);
      expectError(await a.accept(late, token), 409, CHOIR_MESSAGES.alreadyMember);
    });

    it("refuses an anonymous caller (401), an unknown token (404) and a malformed one (400)", async () => {
      const { guest, invitation } = await invited();
      expectError(await a.accept(undefined, invitation.invitationToken), 401);
      expectError(await a.accept(guest, UNKNOWN_TOKEN), 404, INVITATION_MESSAGES.notFound);
      expectError(await a.accept(guest, "has spaces and dots."), 400);
      expectError(await a.accept(guest, ""), 400);
      expectError(await a.accept(guest, "x".repeat(201)), 400);
      expectError(await a.call("POST", "/api/invitations/accept", guest, {}), 400);
    });
  });

  describe("POST /api/invitations/reject", () => {
    it("declines the invitation: 204, status Rejected, no longer pending, no membership", async () => {
      const { admin, choir, guest, invitation } = await invited();
      const response = await a.reject(guest, invitation.invitationToken);
      expect(response.statusCode).toBe(204);
      expect(response.body).toBe("");
      expect((await a.pending(guest)).json()).toEqual([]);
      expect((await a.choirInvitations(admin, choir.id)).json()[0].status).toBe("Rejected");
      expect(await membership(ctx.app, choir.id, guest.id)).toBeUndefined();
      expectError(await a.accept(guest, invitation.invitationToken), 410, INVITATION_MESSAGES.expired);
      expectError(await a.reject(guest, invitation.invitationToken), 410);
    });

    it("refuses someone else (403), an unknown token (404), an anonymous caller (401), bad input (400)", async () => {
      const { outsider, guest, invitation } = await invited();
      expectError(await a.reject(outsider, invitation.invitationToken), 403);
      expectError(await a.reject(guest, UNKNOWN_TOKEN), 404);
      expectError(await a.reject(undefined, invitation.invitationToken), 401);
      expectError(await a.reject(guest, 12), 400);
      expect((await a.pending(guest)).json()).toHaveLength(1);
    });

    it("lets an administrator invite the address again after a refusal", async () => {
      const { admin, choir, guest, invitation } = await invited();
      await a.reject(guest, invitation.invitationToken);
      const again = (await a.invite(admin, choir.id, guest.email)).json();
      expect(again.invitationToken).not.toBe(invitation.invitationToken);
      expect(again.status).toBe("Pending");
      expect((await a.pending(guest)).json()).toHaveLength(1);
    });
  });

  describe("POST /api/invitations/shareable", () => {
    it("creates a link that expires 24 hours after creation whatever the request says", async () => {
      const { admin, choir } = await choirWithCast(ctx.app);
      const response = await a.createLink(admin, {
        choirId: choir.id,
        maxUses: 5,
        expiryDate: "2099-01-01T00:00:00.000Z",
        expiresInHours: 1000,
      });
      expect(response.statusCode).toBe(201);
      const created = response.json();
      expect(created).toMatchObject({
        choirId: choir.id,
        maxUses: 5,
        currentUses: 0,
        isActive: true,
        invitationUrl: `${ctx.app.config.publicUrl}/invite/${created.invitationToken}`,
      });
      expect(created.invitationId).toMatch(/^[0-9a-f-]{36}$/);
      expect(created.invitationToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(new Date(created.expiryDate).getTime() - new Date(created.dateCreated).getTime()).toBe(
        24 * HOURS,
      );
    });

    it.each([
      [undefined, 201, null],
      [null, 201, null],
      [1, 201, 1],
      [1000, 201, 1000],
      [0, 400, undefined],
      [1001, 400, undefined],
      [-1, 400, undefined],
      [2.5, 400, undefined],
      ["5", 400, undefined],
    ])("maxUses %j → %s", async (maxUses, status, stored) => {
      const { admin, choir } = await choirWithCast(ctx.app);
      const response = await a.createLink(
        admin,
        maxUses === undefined ? { choirId: choir.id } : { choirId: choir.id, maxUses },
      );
      if (status === 201) {
        expect(response.statusCode).toBe(201);
        expect(response.json().maxUses).toBe(stored);
      } else {
        const body = expectError(response, 400);
        expect(body.errors?.some((error) => error.includes("maxUses"))).toBe(true);
      }
    });

    it("refuses a choir id that is not a UUID or missing (400) and an unknown choir (404)", async () => {
      const admin = await signInPerson(ctx.app, "admin");
      expectError(await a.createLink(admin, { choirId: NOT_A_UUID }), 400);
      expectError(await a.createLink(admin, {}), 400);
      expectError(await a.createLink(admin, { choirId: UNKNOWN_UUID }), 404);
    });

    it("refuses an anonymous caller (401), an outsider (404) and a plain member (403)", async () => {
      const { member, outsider, choir } = await choirWithCast(ctx.app);
      expectError(await a.createLink(undefined, { choirId: choir.id }), 401);
      expectError(await a.createLink(outsider, { choirId: choir.id }), 404);
      expectError(await a.createLink(member, { choirId: choir.id }), 403);
    });
  });

  describe("GET /api/invitations/shareable/choir/:choirId", () => {
    it("lists the choir's links newest first", async () => {
      const { admin, choir } = await choirWithCast(ctx.app);
      const older = await link(admin, choir.id, 3);
      ctx.clock.advance(SECONDS);
      const newer = await link(admin, choir.id);
      const other = await createChoir(ctx.app, admin);
      await link(admin, other.id);
      const response = await a.links(admin, choir.id);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual([newer, older]);
    });

    it("refuses an anonymous caller (401), an outsider (404), a plain member (403) and a bad id (400)", async () => {
      const { member, outsider, choir } = await choirWithCast(ctx.app);
      expectError(await a.links(undefined, choir.id), 401);
      expectError(await a.links(outsider, choir.id), 404);
      expectError(await a.links(member, choir.id), 403);
      expectError(await a.links(member, NOT_A_UUID), 400);
    });
  });

  describe("POST /api/invitations/shareable/:invitationId/deactivate", () => {
    it("deactivates a link: it reads inactive and nobody can join through it any more", async () => {
      const { admin, choir, outsider } = await choirWithCast(ctx.app);
      const created = await link(admin, choir.id);
      const response = await a.deactivate(admin, created.invitationId);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ ...created, isActive: false });
      expect((await a.details(created.invitationToken)).json().isActive).toBe(false);
      expectError(await a.acceptLink(outsider, created.invitationToken), 410, INVITATION_MESSAGES.expired);
      expect(await membership(ctx.app, choir.id, outsider.id)).toBeUndefined();
      expect((await a.links(admin, choir.id)).json()[0].isActive).toBe(false);
    });

    it("refuses an anonymous caller (401), an outsider (404), a plain member (403), unknown (404), bad id (400)", async () => {
      const { admin, member, outsider, choir } = await choirWithCast(ctx.app);
      const created = await link(admin, choir.id);
      expectError(await a.deactivate(undefined, created.invitationId), 401);
      expectError(await a.deactivate(outsider, created.invitationId), 404);
      expectError(await a.deactivate(member, created.invitationId), 403);
      expectError(await a.deactivate(admin, UNKNOWN_UUID), 404);
      expectError(await a.deactivate(admin, NOT_A_UUID), 400);
      expect((await a.details(created.invitationToken)).json().isActive).toBe(true);
    });
  });

  describe("GET /api/invitations/shareable/:token", () => {
    it("tells anyone, without signing in, only the choir and the expiry of a link", async () => {
      const { admin, choir } = await choirWithCast(ctx.app);
      const created = await link(admin, choir.id);
      const response = await a.details(created.invitationToken);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({
        choirId: choir.id,
        choirName: choir.name,
        expiryDate: created.expiryDate,
        isActive: true,
      });
    });

    it("also describes an e-mail invitation's token, inactive once answered", async () => {
      const { choir, guest, invitation } = await invited();
      expect((await a.details(invitation.invitationToken)).json()).toEqual({
        choirId: choir.id,
        choirName: choir.name,
        expiryDate: invitation.expiryDate,
        isActive: true,
      });
      await a.reject(guest, invitation.invitationToken);
      expect((await a.details(invitation.invitationToken)).json().isActive).toBe(false);
    });

    it("reads inactive once a link is used up", async () => {
      const { admin, choir } = await choirWithCast(ctx.app);
      const created = await link(admin, choir.id, 1);
      const joiner = await signInPerson(ctx.app, "joiner");
      expect((await a.acceptLink(joiner, created.invitationToken)).statusCode).toBe(200);
      expect((await a.details(created.invitationToken)).json().isActive).toBe(false);
    });

    it("answers 404 to an unknown token and 400 to a malformed one", async () => {
      expectError(await a.details(UNKNOWN_TOKEN), 404, INVITATION_MESSAGES.notFound);
      expectError(await a.details("bad.token"), 400);
      // An over-long path segment is refused by the router before validation, still as JSON.
      expectError(await a.details("x".repeat(201)), 414);
    });
  });

  describe("POST /api/invitations/shareable/accept", () => {
    it("joins the caller as a member, counts the use and sets their current choir", async () => {
      const { admin, choir } = await choirWithCast(ctx.app);
      const created = await link(admin, choir.id, 2);
      const joiner = await signInPerson(ctx.app, "joiner");
      const response = await a.acceptLink(joiner, created.invitationToken);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ choirId: choir.id, choirName: choir.name });
      expect(await membership(ctx.app, choir.id, joiner.id)).toBe("ChoirMember");
      expect((await me(ctx.app, joiner)).choirId).toBe(choir.id);
      expect((await a.links(admin, choir.id)).json()[0].currentUses).toBe(1);
    });

    it("refuses a member (409) without counting a use", async () => {
      const { admin, member, choir } = await choirWithCast(ctx.app);
      const created = await link(admin, choir.id, 1);
      expectError(await a.acceptLink(member, created.invitationToken), 409, CHOIR_MESSAGES.alreadyMember);
      expectError(await a.acceptLink(admin, created.invitationToken), 409);
      expect((await a.links(admin, choir.id)).json()[0].currentUses).toBe(0);
    });

    it("rejects a second person on a used-up link with 410 and leaves them outside", async () => {
      const { admin, choir } = await choirWithCast(ctx.app);
      const created = await link(admin, choir.id, 1);
      const carol = await signInPerson(ctx.app, "carol");
      const dave = await signInPerson(ctx.app, "dave");
      expect((await a.acceptLink(carol, created.invitationToken)).statusCode).toBe(200);
      expectError(await a.acceptLink(dave, created.invitationToken), 410, INVITATION_MESSAGES.expired);
      expect(await membership(ctx.app, choir.id, dave.id)).toBeUndefined();
      expect((await me(ctx.app, dave)).choirId).toBeNull();
      expect((await a.links(admin, choir.id)).json()[0].currentUses).toBe(1);
    });

    it("accepts an e-mail invitation's token like /api/invitations/accept, only for its recipient", async () => {
      const { admin, outsider, choir, guest, invitation } = await invited();
      expectError(await a.acceptLink(outsider, invitation.invitationToken), 403);
      const response = await a.acceptLink(guest, invitation.invitationToken);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ choirId: choir.id, choirName: choir.name });
      expect((await a.choirInvitations(admin, choir.id)).json()[0].status).toBe("Accepted");
      expectError(await a.acceptLink(guest, invitation.invitationToken), 409, CHOIR_MESSAGES.alreadyMember);
    });

    it("refuses an anonymous caller (401), an unknown token (404) and a malformed one (400)", async () => {
      const { admin, choir, outsider } = await choirWithCast(ctx.app);
      const created = await link(admin, choir.id);
      expectError(await a.acceptLink(undefined, created.invitationToken), 401);
      expectError(await a.acceptLink(outsider, UNKNOWN_TOKEN), 404, INVITATION_MESSAGES.notFound);
      expectError(await a.acceptLink(outsider, "not a token"), 400);
      expectError(await a.call("POST", "/api/invitations/shareable/accept", outsider, {}), 400);
    });
  });
});

describe("invitation expiry", () => {
  let ctx: TestContext;
  let a: ReturnType<typeof api>;
  beforeAll(async () => {
    ctx = await createTestApp();
    a = api(ctx);
  });
  afterAll(() => ctx?.close());

  /** Session tokens last 24 hours: after moving the clock, people sign in again. */
  const signInAgain = async (person: TestPerson): Promise<TestPerson> => ({
    ...person,
    token: (await signInLocally(ctx.app, { name: person.name, email: person.email })).token,
  });

  it("an e-mail invitation expires 14 days after it was sent: 410, not listed, inactive; re-inviting renews it", async () => {
    const { admin, choir } = await choirWithCast(ctx.app);
    const guest = await signInPerson(ctx.app, "guest");
    const invitation = (await a.invite(admin, choir.id, guest.email)).json();

    ctx.clock.advance(14 * DAYS - 60 * SECONDS);
    const early = await signInAgain(guest);
    expect((await a.pending(early)).json()).toHaveLength(1);

    ctx.clock.advance(15 * DAYS);
    const later = await signInAgain(guest);
    const admin2 = await signInAgain(admin);
    expect((await a.pending(later)).json()).toEqual([]);
    expect((await a.details(invitation.invitationToken)).json().isActive).toBe(false);
    expectError(await a.accept(later, invitation.invitationToken), 410, INVITATION_MESSAGES.expired);
    expectError(await a.acceptLink(later, invitation.invitationToken), 410, INVITATION_MESSAGES.expired);
    expectError(await a.reject(later, invitation.invitationToken), 410);
    expect(await membership(ctx.app, choir.id, guest.id)).toBeUndefined();
    // The administrator still sees it, with its past expiry date.
    const listed = (await a.choirInvitations(admin2, choir.id)).json();
    expect(listed[0]).toMatchObject({ status: "Pending", expiryDate: invitation.expiryDate });

    const renewed = (await a.invite(admin2, choir.id, guest.email)).json();
    expect(renewed.invitationToken).toBe(invitation.invitationToken);
    expect(new Date(renewed.expiryDate).getTime()).toBeGreaterThan(ctx.clock.now().getTime());
    expect((await a.pending(later)).json()).toHaveLength(1);
    expect((await a.accept(later, renewed.invitationToken)).statusCode).toBe(200);
  });

  it("a shareable link expires 24 hours after creation: 410 and inactive", async () => {
    const { admin, choir } = await choirWithCast(ctx.app);
    const created = (await a.createLink(admin, { choirId: choir.id })).json();
    const joiner = await signInPerson(ctx.app, "joiner");

    ctx.clock.advance(24 * HOURS - 60 * SECONDS);
    const early = await signInAgain(joiner);
    expect((await a.details(created.invitationToken)).json().isActive).toBe(true);

    ctx.clock.advance(2 * 60 * SECONDS);
    const late = await signInAgain(joiner);
    const admin2 = await signInAgain(admin);
    expect((await a.details(created.invitationToken)).json()).toMatchObject({
      choirId: choir.id,
      isActive: false,
      expiryDate: created.expiryDate,
    });
    expectError(await a.acceptLink(late, created.invitationToken), 410, INVITATION_MESSAGES.expired);
    expect(await membership(ctx.app, choir.id, early.id)).toBeUndefined();
    const [listed] = (await a.links(admin2, choir.id)).json();
    expect(listed).toMatchObject({ isActive: true, currentUses: 0, expiryDate: created.expiryDate });
  });
});

describe("invitation rate limits", () => {
  let ctx: TestContext;
  let a: ReturnType<typeof api>;
  beforeAll(async () => {
    ctx = await createTestApp({ RATE_LIMIT_PER_MINUTE: "2" });
    a = api(ctx);
  });
  afterAll(() => ctx?.close());

  it("limits the public lookup and accepting per client address, answering 429 with Retry-After", async () => {
    const admin = await signInPerson(ctx.app, "admin");
    const choir = await createChoir(ctx.app, admin);
    const created = (await a.createLink(admin, { choirId: choir.id })).json();

    expect((await a.details(created.invitationToken)).statusCode).toBe(200);
    expect((await a.details(created.invitationToken)).statusCode).toBe(200);
    const limited = await a.details(created.invitationToken);
    expectError(limited, 429);
    expect(limited.headers["retry-after"]).toBeDefined();

    expectError(await a.acceptLink(admin, created.invitationToken), 409);
    expectError(await a.acceptLink(admin, created.invitationToken), 409);
    expectError(await a.acceptLink(admin, created.invitationToken), 429);

    expectError(await a.accept(admin, UNKNOWN_TOKEN), 404);
    expectError(await a.accept(admin, UNKNOWN_TOKEN), 404);
    expectError(await a.accept(admin, UNKNOWN_TOKEN), 429);
  });
});
