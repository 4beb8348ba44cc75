import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ENDED_SESSIONS_SWEPT_PER_SIGN_IN, liveSessionsQuery } from "../src/auth/sessions.js";
import { bearer, createTestApp, signInPerson, type TestContext, type TestPerson } from "./helpers.js";

/**
 * Every authenticated request's session check looks its sessions up by key, however many sessions the table holds:
 * sessions live 30 days and every sign-in adds one, so a busy server keeps thousands.
 */
describe("the session check", () => {
  let ctx: TestContext;
  let singer: TestPerson;
  const SESSIONS = 20_000;

  beforeAll(async () => {
    ctx = await createTestApp();
    singer = await signInPerson(ctx.app, "singer");
    const other = await signInPerson(ctx.app, "other");
    // Other people's sessions: live ones, ended ones and revoked ones, as a month of sign-ins leaves them.
    await ctx.app.db.execute(sql`insert into sessions (user_id, is_new_user, created_at, expires_at, revoked_at)
      select ${other.id}::uuid, false, now() - interval '1 day',
        now() + case when i % 3 = 0 then interval '-1 day' else interval '29 days' end,
        case when i % 5 = 0 then now() else null end
      from generate_series(1, ${SESSIONS}) i`);
    await ctx.app.db.execute(sql`analyze sessions`);
  }, 60_000);
  afterAll(() => ctx?.close());

  it("reads each asked session by its key, never the whole table", async () => {
    const asked = await ctx.app.db.execute(sql`select id from sessions order by created_at desc limit 3`);
    const ids = (asked as unknown as { rows: { id: string }[] }).rows.map((row) => row.id);
    const values: Record<string, unknown> = { ids: JSON.stringify(ids), now: new Date().toISOString() };
    const result = await ctx.app.db.execute(
      sql`explain (format json) ${liveSessionsQuery((name) => sql`${values[name]}`)}`,
    );
    const plan = JSON.stringify((result as unknown as { rows: unknown[] }).rows);
    expect(plan).toMatch(/"Index Name":"sessions_pkey"/);
    expect(plan).not.toMatch(/"Seq Scan"[^{}]*"sessions"/);
  });

  it("removes ended sessions a few at a time as people sign in, and no live one", async () => {
    const count = async () => {
      const result =
        await ctx.app.db.execute(sql`select count(*) filter (where expires_at <= now())::int as ended,
        count(*) filter (where expires_at > now())::int as live from sessions`);
      return (result as unknown as { rows: { ended: number; live: number }[] }).rows[0]!;
    };
    const before = await count();
    expect(before.ended).toBeGreaterThan(2 * ENDED_SESSIONS_SWEPT_PER_SIGN_IN);
    await signInPerson(ctx.app, "newcomer");
    const after = await count();
    expect(after.ended).toBe(before.ended - ENDED_SESSIONS_SWEPT_PER_SIGN_IN);
    expect(after.live).toBe(before.live + 1);
  });

  it("still lets a live session in and refuses an ended or revoked one, among many", async () => {
    const me = await ctx.app.inject({ method: "GET", url: "/api/me", headers: bearer(singer.token) });
    expect(me.statusCode).toBe(200);
    // Requests arriving together are checked in one statement: the live one passes, the signed-out one does not.
    const leaving = await signInPerson(ctx.app, "leaving");
    const signOut = await ctx.app.inject({
      method: "POST",
      url: "/api/auth/signout",
      headers: bearer(leaving.token),
    });
    expect(signOut.statusCode).toBe(204);
    const together = await Promise.all(
      [singer.token, leaving.token, singer.token].map((token) =>
        ctx.app.inject({ method: "GET", url: "/api/me", headers: bearer(token) }),
      ),
    );
    expect(together.map((response) => response.statusCode)).toEqual([200, 401, 200]);
  });
});
