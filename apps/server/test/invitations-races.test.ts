import { INVITATION_MESSAGES } from "@choir/contract";
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { choirMembers, emailInvitations, shareableInvitations } from "../src/db/schema/index.js";
import { bearer, choirWithCast, createTestApp, signInPerson, type TestContext } from "./helpers.js";

describe("invitation races", () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(() => ctx?.close());

  it("lets exactly 5 of 30 people accepting one maxUses=5 link at once join; the other 25 get 410", async () => {
    const { admin, choir } = await choirWithCast(ctx.app);
    const created = await ctx.app.inject({
      method: "POST",
      url: "/api/invitations/shareable",
      headers: bearer(admin.token),
      payload: { choirId: choir.id, maxUses: 5 },
    });
    const { invitationId, invitationToken } = created.json();
    const people = await Promise.all(Array.from({ length: 30 }, () => signInPerson(ctx.app, "racer")));

    const answers = await Promise.all(
      people.map((person) =>
        ctx.app.inject({
          method: "POST",
          url: "/api/invitations/shareable/accept",
          headers: bearer(person.token),
          payload: { invitationToken },
        }),
      ),
    );

    const statuses = answers.map((answer) => answer.statusCode);
    expect(statuses.filter((status) => status === 200)).toHaveLength(5);
    expect(statuses.filter((status) => status === 410)).toHaveLength(25);
    for (const answer of answers.filter((a) => a.statusCode === 410)) {
      expect(answer.json()).toMatchObject({ message: INVITATION_MESSAGES.expired, code: "gone" });
    }
    const racerIds = people.map((person) => person.id);
    const [joined] = await ctx.app.db
      .select({ count: sql<number>`count(*)::int` })
      .from(choirMembers)
      .where(
        and(
          eq(choirMembers.choirId, choir.id),
          sql`${choirMembers.userId} in (${sql.join(
            racerIds.map((id) => sql`${id}::uuid`),
            sql`, `,
          )})`,
        ),
      );
    expect(joined!.count).toBe(5);
    const [link] = await ctx.app.db
      .select()
      .from(shareableInvitations)
      .where(eq(shareableInvitations.id, invitationId));
    expect(link!.currentUses).toBe(5);
    // Those who got 410 have no current choir left behind by the rolled-back join.
    const refused = people.filter((_person, index) => answers[index]!.statusCode === 410);
    for (const person of refused.slice(0, 3)) {
      const me = await ctx.app.inject({ method: "GET", url: "/api/me", headers: bearer(person.token) });
      expect(me.json()).toMatchObject({ choirId: null, choirs: [] });
    }
  });

  it("leaves one pending invitation after 10 simultaneous invitations of one address", async () => {
    const { admin, choir } = await choirWithCast(ctx.app);
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, index) =>
        ctx.app.inject({
          method: "POST",
          url: `/api/choirs/${choir.id}/invitations`,
          headers: bearer(admin.token),
          payload: { email: index % 2 ? "Same.Person@example.com" : "same.person@EXAMPLE.com" },
        }),
      ),
    );
    // Three mails an hour may go to one address (invitations-mail.test.ts); the rest are refused with 429.
    const sent = answers.filter((answer) => answer.statusCode === 201);
    expect(sent).toHaveLength(3);
    expect(answers.filter((answer) => answer.statusCode === 429)).toHaveLength(7);
    const tokens = new Set(sent.map((answer) => answer.json().invitationToken));
    expect(tokens.size).toBe(1);
    const rows = await ctx.app.db
      .select()
      .from(emailInvitations)
      .where(and(eq(emailInvitations.choirId, choir.id), eq(emailInvitations.status, "Pending")));
    expect(rows).toHaveLength(1);
  });

  it("lets one person accepting the same link twice at once join once and count one use", async () => {
    const { admin, choir } = await choirWithCast(ctx.app);
    const created = await ctx.app.inject({
      method: "POST",
      url: "/api/invitations/shareable",
      headers: bearer(admin.token),
      payload: { choirId: choir.id, maxUses: 3 },
    });
    const { invitationId, invitationToken } = created.json();
    const person = await signInPerson(ctx.app, "twice");
    const answers = await Promise.all(
      Array.from({ length: 4 }, () =>
        ctx.app.inject({
          method: "POST",
          url: "/api/invitations/shareable/accept",
          headers: bearer(person.token),
          payload: { invitationToken },
        }),
      ),
    );
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409, 409, 409]);
    const [link] = await ctx.app.db
      .select()
      .from(shareableInvitations)
      .where(eq(shareableInvitations.id, invitationId));
    expect(link!.currentUses).toBe(1);
  });
});
