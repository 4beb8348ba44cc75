import { INVITATION_MAIL_LIMITS, INVITATION_MESSAGES } from "@choir/contract";
import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { users } from "../src/db/schema/index.js";
import {
  addMember,
  bearer,
  choirWithCast,
  createTestApp,
  SECONDS,
  signInPerson,
  type TestContext,
  type TestPerson,
} from "./helpers.js";

// What administrators see of their e-mail invitations once people answer them one way or another, revoking a pending
// one, and the invitation page's line of who invites.

type Response = Awaited<ReturnType<FastifyInstance["inject"]>>;
const UNKNOWN_TOKEN = "B".repeat(43);

function expectError(response: Response, status: number, code?: string) {
  expect(response.statusCode, response.body).toBe(status);
  expect(response.headers["content-type"]).toMatch(/^application\/json/);
  const body = response.json() as { message: string; code: string };
  expect(typeof body.message).toBe("string");
  if (code) expect(body.code).toBe(code);
  return body;
}

describe("e-mail invitations answered, revoked, and who sent a link", () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(() => ctx?.close());

  const call = (method: "GET" | "POST" | "DELETE", url: string, person?: TestPerson, payload?: object) =>
    ctx.app.inject({
      method,
      url,
      headers: person ? bearer(person.token) : {},
      ...(payload ? { payload } : {}),
    });
  const invite = async (admin: TestPerson, choirId: string, email: string) => {
    const response = await call("POST", `/api/choirs/${choirId}/invitations`, admin, { email });
    expect(response.statusCode, response.body).toBe(201);
    return response.json() as { invitationToken: string; email: string; status: string };
  };
  const listed = async (admin: TestPerson, choirId: string) => {
    const response = await call("GET", `/api/choirs/${choirId}/invitations`, admin);
    expect(response.statusCode).toBe(200);
    return response.json() as { invitationToken: string; email: string; status: string }[];
  };
  const revoke = (person: TestPerson | undefined, choirId: string, token: string) =>
    call("DELETE", `/api/choirs/${choirId}/invitations/${token}`, person);
  const inviter = (token: string) => call("GET", `/api/invitations/shareable/${token}/inviter`);
  const newLink = async (admin: TestPerson, choirId: string) => {
    const response = await call("POST", "/api/invitations/shareable", admin, { choirId });
    expect(response.statusCode).toBe(201);
    return response.json() as { invitationToken: string };
  };

  describe("an invitation whose person joined otherwise", () => {
    it("reads accepted once its person joined through a shareable link, and its own link stops working", async () => {
      const { admin, choir } = await choirWithCast(ctx.app);
      const guest = await signInPerson(ctx.app, "guest");
      const invitation = await invite(admin, choir.id, guest.email.toUpperCase());
      const link = await newLink(admin, choir.id);

      expect((await call("POST", "/api/invitations/shareable/accept", guest, link)).statusCode).toBe(200);

      const [row] = (await listed(admin, choir.id)).filter(
        (item) => item.email === guest.email.toUpperCase(),
      );
      expect(row?.status).toBe("Accepted");
      expect((await call("GET", "/api/invitations", guest)).json()).toEqual([]);
      const details = await call("GET", `/api/invitations/shareable/${invitation.invitationToken}`);
      expect(details.json().isActive).toBe(false);
    });

    it("reads accepted for someone who became a member before joins answered their invitation", async () => {
      const { admin, choir } = await choirWithCast(ctx.app);
      const guest = await signInPerson(ctx.app, "earlier");
      await invite(admin, choir.id, guest.email);
      // A membership written straight into the table, as joins did before they answered the invitation.
      await addMember(ctx.app, choir.id, guest);
      const [row] = (await listed(admin, choir.id)).filter((item) => item.email === guest.email);
      expect(row?.status).toBe("Accepted");
    });

    it("leaves other choirs' invitations to the same address pending", async () => {
      const { admin, choir } = await choirWithCast(ctx.app);
      const other = await choirWithCast(ctx.app);
      const guest = await signInPerson(ctx.app, "two-choirs");
      await invite(admin, choir.id, guest.email);
      await invite(other.admin, other.choir.id, guest.email);
      const link = await newLink(admin, choir.id);
      expect((await call("POST", "/api/invitations/shareable/accept", guest, link)).statusCode).toBe(200);
      expect((await listed(other.admin, other.choir.id)).map((item) => item.status)).toEqual(["Pending"]);
    });
  });

  describe("DELETE /api/choirs/:id/invitations/:token", () => {
    it("revokes a pending invitation: gone from the list, its link not found, nobody can accept it", async () => {
      const { admin, choir } = await choirWithCast(ctx.app);
      const guest = await signInPerson(ctx.app, "revoked");
      const invitation = await invite(admin, choir.id, guest.email);

      const response = await revoke(admin, choir.id, invitation.invitationToken);
      expect(response.statusCode).toBe(204);
      expect(response.body).toBe("");

      expect((await listed(admin, choir.id)).map((item) => item.email)).not.toContain(guest.email);
      expect((await call("GET", "/api/invitations", guest)).json()).toEqual([]);
      expectError(await call("GET", `/api/invitations/shareable/${invitation.invitationToken}`), 404);
      expectError(
        await call("POST", "/api/invitations/accept", guest, { invitationToken: invitation.invitationToken }),
        404,
      );
      expectError(
        await call("POST", "/api/invitations/shareable/accept", guest, {
          invitationToken: invitation.invitationToken,
        }),
        404,
      );
      expectError(await revoke(admin, choir.id, invitation.invitationToken), 404);
    });

    it("lets the address be invited again, the revoked mails still counted against the hourly limit", async () => {
      const { admin, choir } = await choirWithCast(ctx.app);
      const address = `limited-${Date.now()}@example.com`;
      let token = "";
      for (let sent = 0; sent < INVITATION_MAIL_LIMITS.perAddressPerHour; sent++) {
        token = (await invite(admin, choir.id, address)).invitationToken;
        ctx.clock.advance(SECONDS);
      }
      expect((await revoke(admin, choir.id, token)).statusCode).toBe(204);
      const again = await call("POST", `/api/choirs/${choir.id}/invitations`, admin, { email: address });
      expectError(again, 429, INVITATION_MAIL_LIMITS.addressCode);
      ctx.clock.advance(3_600 * SECONDS);
      const fresh = await invite(admin, choir.id, address);
      expect(fresh.status).toBe("Pending");
      expect(fresh.invitationToken).not.toBe(token);
    });

    it("refuses an invitation answered already, or whose person joined, with 409 invitation_answered", async () => {
      const { admin, choir } = await choirWithCast(ctx.app);
      const declining = await signInPerson(ctx.app, "declining");
      const declined = await invite(admin, choir.id, declining.email);
      expect(
        (
          await call("POST", "/api/invitations/reject", declining, {
            invitationToken: declined.invitationToken,
          })
        ).statusCode,
      ).toBe(204);
      const body = expectError(
        await revoke(admin, choir.id, declined.invitationToken),
        409,
        "invitation_answered",
      );
      expect(body.message).toBe(INVITATION_MESSAGES.alreadyAnswered);

      const joined = await signInPerson(ctx.app, "joined");
      const pending = await invite(admin, choir.id, joined.email);
      await addMember(ctx.app, choir.id, joined);
      expectError(await revoke(admin, choir.id, pending.invitationToken), 409, "invitation_answered");
    });

    it("refuses a plain member (403), an outsider (404), an anonymous caller (401), another choir's token (404), bad input (400)", async () => {
      const { admin, member, outsider, choir } = await choirWithCast(ctx.app);
      const other = await choirWithCast(ctx.app);
      const invitation = await invite(admin, choir.id, `kept-${Date.now()}@example.com`);
      const elsewhere = await invite(other.admin, other.choir.id, `elsewhere-${Date.now()}@example.com`);

      expectError(await revoke(member, choir.id, invitation.invitationToken), 403);
      expectError(await revoke(outsider, choir.id, invitation.invitationToken), 404);
      expectError(await revoke(undefined, choir.id, invitation.invitationToken), 401);
      expectError(await revoke(admin, choir.id, elsewhere.invitationToken), 404);
      expectError(await revoke(admin, choir.id, UNKNOWN_TOKEN), 404);
      expectError(await revoke(admin, choir.id, "not.a.token"), 400);
      expectError(await revoke(admin, "not-a-uuid", invitation.invitationToken), 400);
      expect((await listed(admin, choir.id)).map((item) => item.status)).toEqual(["Pending"]);
      expect((await listed(other.admin, other.choir.id)).map((item) => item.status)).toEqual(["Pending"]);
    });
  });

  describe("GET /api/invitations/shareable/:token/inviter", () => {
    it("names the maker of a shareable link, to anyone, without signing in", async () => {
      const { admin, choir } = await choirWithCast(ctx.app);
      const link = await newLink(admin, choir.id);
      const response = await inviter(link.invitationToken);
      expect(response.statusCode).toBe(200);
      expect(response.headers["cache-control"]).toBe("no-store");
      expect(response.json()).toEqual({ inviterName: admin.name });
      expect(response.body).not.toContain(admin.email);
    });

    it("names the last sender of an e-mail invitation", async () => {
      const { admin, choir } = await choirWithCast(ctx.app);
      const second = await signInPerson(ctx.app, "co-director");
      await addMember(ctx.app, choir.id, second, "ChoirAdmin");
      const address = `named-${Date.now()}@example.com`;
      const first = await invite(admin, choir.id, address);
      expect((await inviter(first.invitationToken)).json()).toEqual({ inviterName: admin.name });
      ctx.clock.advance(SECONDS);
      const resent = await invite(second, choir.id, address);
      expect(resent.invitationToken).toBe(first.invitationToken);
      expect((await inviter(first.invitationToken)).json()).toEqual({ inviterName: second.name });
    });

    it("says null rather than an address when the sender has no name, or no account any more", async () => {
      const { admin, choir } = await choirWithCast(ctx.app);
      const link = await newLink(admin, choir.id);
      await ctx.app.db.update(users).set({ firstName: "", lastName: "" }).where(eq(users.id, admin.id));
      const nameless = await inviter(link.invitationToken);
      expect(nameless.json()).toEqual({ inviterName: null });
      expect(nameless.body).not.toContain(admin.email);

      const gone = await signInPerson(ctx.app, "leaving");
      const otherChoir = await choirWithCast(ctx.app);
      await addMember(ctx.app, otherChoir.choir.id, gone, "ChoirAdmin");
      const theirs = await newLink(gone, otherChoir.choir.id);
      await ctx.app.db.delete(users).where(eq(users.id, gone.id));
      expect((await inviter(theirs.invitationToken)).json()).toEqual({ inviterName: null });
    });

    it("answers 404 to an unknown token and 400 to a malformed one", async () => {
      expectError(await inviter(UNKNOWN_TOKEN), 404);
      expectError(await inviter("bad.token"), 400);
    });
  });
});
