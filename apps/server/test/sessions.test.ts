import { SignJWT } from "jose";
import { afterAll, beforeAll, describe, expect, it, onTestFinished, vi } from "vitest";
import { bearer, createTestApp, DAYS, signInLocally, TEST_SECRET, type TestContext } from "./helpers.js";

const b64 = (value: object) => Buffer.from(JSON.stringify(value)).toString("base64url");

describe("session tokens", () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(() => ctx?.close());

  const me = (token: string) => ctx.app.inject({ method: "GET", url: "/api/me", headers: bearer(token) });
  const refresh = (token: string) =>
    ctx.app.inject({
      method: "POST",
      url: "/api/auth/refresh-token",
      headers: bearer(token),
      payload: { requestId: "r-1" },
    });

  it("answers 401 with the contract's JSON without a token", async () => {
    const response = await ctx.app.inject({ method: "GET", url: "/api/me" });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ message: expect.any(String), code: "unauthorized" });
  });

  it("refuses a token with alg none", async () => {
    const { token } = await signInLocally(ctx.app, { name: "Alg None", email: "alg.none@example.com" });
    const [, payload] = token.split(".");
    const unsigned = `${b64({ alg: "none", typ: "JWT" })}.${payload}.`;
    expect((await me(unsigned)).statusCode).toBe(401);
    expect((await refresh(unsigned)).statusCode).toBe(401);
  });

  it("refuses a token signed with another key", async () => {
    const { token } = await signInLocally(ctx.app, { name: "Wrong Key", email: "wrong.key@example.com" });
    const [, payload] = token.split(".");
    const claims = JSON.parse(Buffer.from(payload!, "base64url").toString());
    const forged = await new SignJWT(claims)
      .setProtectedHeader({ alg: "HS256" })
      .sign(new TextEncoder().encode("another-secret-of-sufficient-length-1234567890"));
    expect((await me(forged)).statusCode).toBe(401);
    expect((await refresh(forged)).statusCode).toBe(401);
  });

  it("refuses a genuine token signed with HS512 (the algorithm is pinned)", async () => {
    const { token } = await signInLocally(ctx.app, { name: "Alg Pin", email: "alg.pin@example.com" });
    const claims = JSON.parse(Buffer.from(token.split(".")[1]!, "base64url").toString());
    const other = await new SignJWT(claims)
      .setProtectedHeader({ alg: "HS512" })
      .sign(new TextEncoder().encode(TEST_SECRET));
    expect((await me(other)).statusCode).toBe(401);
  });

  it("refuses a token for a session that does not exist", async () => {
    const { token } = await signInLocally(ctx.app, { name: "No Session", email: "no.session@example.com" });
    const claims = JSON.parse(Buffer.from(token.split(".")[1]!, "base64url").toString());
    const forged = await new SignJWT({ ...claims, sid: "00000000-0000-4000-8000-000000000000" })
      .setProtectedHeader({ alg: "HS256" })
      .sign(new TextEncoder().encode(TEST_SECRET));
    expect((await me(forged)).statusCode).toBe(401);
  });

  it("expires a token after 24 hours and renews it by refresh for the same session", async () => {
    // Frozen: a second before the expiry stays a second before it however long the requests take.
    ctx.clock.freeze();
    onTestFinished(() => ctx.clock.thaw());
    const { token } = await signInLocally(ctx.app, { name: "Day Long", email: "day.long@example.com" });
    // verified once while valid (the server then remembers its signature), and refused once past its expiry
    expect((await me(token)).statusCode).toBe(200);
    ctx.clock.advance(DAYS - 1000);
    expect((await me(token)).statusCode).toBe(200);
    ctx.clock.advance(2000);
    expect((await me(token)).statusCode).toBe(401);
    const renewed = await refresh(token);
    expect(renewed.statusCode).toBe(200);
    const fresh = renewed.json().token as string;
    expect((await me(fresh)).statusCode).toBe(200);
    const sid = (t: string) => JSON.parse(Buffer.from(t.split(".")[1]!, "base64url").toString()).sid;
    expect(sid(fresh)).toBe(sid(token));
  });

  it("refuses to refresh past 30 days after sign-in", async () => {
    const { token } = await signInLocally(ctx.app, { name: "Month Long", email: "month.long@example.com" });
    let current = token;
    for (let day = 0; day < 29; day++) {
      ctx.clock.advance(DAYS);
      const renewed = await refresh(current);
      expect(renewed.statusCode).toBe(200);
      current = renewed.json().token;
    }
    ctx.clock.advance(DAYS + 1000);
    const late = await refresh(current);
    expect(late.statusCode).toBe(401);
    expect(late.json().code).toBe("unauthorized");
  });

  it("sign-out revokes the session: every token of it stops working", async () => {
    const { token } = await signInLocally(ctx.app, { name: "Sign Out", email: "sign.out@example.com" });
    const renewed = (await refresh(token)).json().token as string;
    const other = await signInLocally(ctx.app, { name: "Sign Out", email: "sign.out@example.com" });

    const out = await ctx.app.inject({ method: "POST", url: "/api/auth/signout", headers: bearer(renewed) });
    expect(out.statusCode).toBe(204);
    expect(out.body).toBe("");
    expect((await me(token)).statusCode).toBe(401);
    expect((await me(renewed)).statusCode).toBe(401);
    expect((await refresh(token)).statusCode).toBe(401);
    // Another session of the same person is unaffected.
    expect((await me(other.token)).statusCode).toBe(200);
  });

  it("sign-out ends a session whose token expired (signature checked, the session still refreshable)", async () => {
    const signOut = (token: string) =>
      ctx.app.inject({ method: "POST", url: "/api/auth/signout", headers: bearer(token) });
    const { token } = await signInLocally(ctx.app, { name: "Late Out", email: "late.out@example.com" });
    const claims = JSON.parse(Buffer.from(token.split(".")[1]!, "base64url").toString());
    // The same claims, expired too, under another key and under another algorithm: refused, nothing revoked.
    const foreign = await new SignJWT(claims)
      .setProtectedHeader({ alg: "HS256" })
      .sign(new TextEncoder().encode("another-secret-of-sufficient-length-1234567890"));
    const hs512 = await new SignJWT(claims)
      .setProtectedHeader({ alg: "HS512" })
      .sign(new TextEncoder().encode(TEST_SECRET));
    const unsigned = `${b64({ alg: "none", typ: "JWT" })}.${token.split(".")[1]}.`;
    ctx.clock.advance(DAYS + 60_000);
    expect((await me(token)).statusCode).toBe(401);

    for (const forged of [foreign, hs512, unsigned]) {
      const refused = await signOut(forged);
      expect(refused.statusCode).toBe(401);
      expect(refused.json().code).toBe("unauthorized");
    }
    // Still refreshable: the forgeries revoked nothing.
    expect((await refresh(token)).statusCode).toBe(200);

    const out = await signOut(token);
    expect(out.statusCode).toBe(204);
    expect(out.body).toBe("");
    // The session is over: no refresh, and a second sign-out finds no session to end.
    expect((await refresh(token)).statusCode).toBe(401);
    expect((await signOut(token)).statusCode).toBe(401);
  });

  it("sign-out with an expired token of a session past its 30 days is refused", async () => {
    const { token } = await signInLocally(ctx.app, { name: "Very Late", email: "very.late@example.com" });
    ctx.clock.advance(31 * DAYS);
    const out = await ctx.app.inject({ method: "POST", url: "/api/auth/signout", headers: bearer(token) });
    expect(out.statusCode).toBe(401);
    expect(out.json().code).toBe("unauthorized");
  });

  it("checks the sessions of requests arriving together in one statement, each for its own session", async () => {
    const [ana, ben, cid] = await Promise.all(
      ["Ana Batch", "Ben Batch", "Cid Batch"].map((name, i) =>
        signInLocally(ctx.app, { name, email: `batch.${i}@example.com` }),
      ),
    );
    expect(
      (await ctx.app.inject({ method: "POST", url: "/api/auth/signout", headers: bearer(cid!.token) }))
        .statusCode,
    ).toBe(204);
    // Ana's session with Ben as its user: genuine signature, but the session is not Ben's.
    const claims = (token: string) => JSON.parse(Buffer.from(token.split(".")[1]!, "base64url").toString());
    const crossed = await new SignJWT({ ...claims(ana!.token), sub: claims(ben!.token).sub })
      .setProtectedHeader({ alg: "HS256", typ: "JWT" })
      .sign(new TextEncoder().encode(TEST_SECRET));
    // A genuine signature over a session id that is no uuid: refused, and the others still answered.
    const malformed = await new SignJWT({ ...claims(ana!.token), sid: "not-a-session" })
      .setProtectedHeader({ alg: "HS256", typ: "JWT" })
      .sign(new TextEncoder().encode(TEST_SECRET));
    // Each token's signature checked once before (remembered), so that the six reach the session check together.
    for (const token of [ana!.token, ben!.token, cid!.token, crossed, malformed]) await me(token);

    const session = (
      ctx.app.db as unknown as { _: { session: { prepareQuery: (...args: unknown[]) => unknown } } }
    )._.session;
    const spy = vi.spyOn(session, "prepareQuery");
    onTestFinished(() => spy.mockRestore());
    const answers = await Promise.all(
      [ana!.token, ben!.token, cid!.token, crossed, ana!.token, malformed].map(me),
    );
    const checks = spy.mock.calls.filter((call) => call[2] === "live_sessions").length;

    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 401, 401, 200, 401]);
    expect(answers[0]!.json().email).toBe("batch.0@example.com");
    expect(answers[1]!.json().email).toBe("batch.1@example.com");
    expect(answers[4]!.json().email).toBe("batch.0@example.com");
    expect(checks).toBeGreaterThan(0);
    expect(checks).toBeLessThan(answers.length);
  });

  it("checks the sessions of requests arriving one after another, while statements are out, in fewer statements", async () => {
    const { token } = await signInLocally(ctx.app, { name: "Dee Stream", email: "stream@example.com" });
    await me(token);
    type Prepared = { execute: (...args: unknown[]) => Promise<unknown> };
    const session = (
      ctx.app.db as unknown as { _: { session: { prepareQuery: (...args: unknown[]) => Prepared } } }
    )._.session;
    const original = session.prepareQuery.bind(session);
    // Each session check answers 20 ms late, as on a busy database.
    const spy = vi.spyOn(session, "prepareQuery").mockImplementation((...args: unknown[]) => {
      const prepared = original(...args);
      if (args[2] !== "live_sessions") return prepared;
      return {
        ...prepared,
        execute: async (...values: unknown[]) => {
          await new Promise((resolve) => setTimeout(resolve, 20));
          return prepared.execute(...values);
        },
      };
    });
    onTestFinished(() => spy.mockRestore());
    // Each request a turn of the event loop after the one before.
    const answers: Promise<{ statusCode: number }>[] = [];
    for (let i = 0; i < 24; i++) {
      answers.push(me(token));
      await new Promise((resolve) => setImmediate(resolve));
    }
    const codes = (await Promise.all(answers)).map((answer) => answer.statusCode);
    const checks = spy.mock.calls.filter((call) => call[2] === "live_sessions").length;

    expect(codes).toEqual(Array(24).fill(200));
    // Two statements out at once, the requests arriving meanwhile waiting for one of them, then going together.
    expect(checks).toBeGreaterThan(1);
    expect(checks).toBeLessThanOrEqual(6);
  });

  it("sign-out without a token is refused", async () => {
    const response = await ctx.app.inject({ method: "POST", url: "/api/auth/signout" });
    expect(response.statusCode).toBe(401);
  });
});

describe("the current user", () => {
  let ctx: TestContext;
  let token: string;
  beforeAll(async () => {
    ctx = await createTestApp();
    ({ token } = await signInLocally(ctx.app, { name: "Lucía Fernández", email: "lucia@example.com" }));
  });
  afterAll(() => ctx?.close());

  it("returns the contract's shape", async () => {
    const response = await ctx.app.inject({ method: "GET", url: "/api/me", headers: bearer(token) });
    expect(response.json()).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      email: "lucia@example.com",
      name: "Lucía Fernández",
      firstName: "Lucía",
      lastName: "Fernández",
      role: "GeneralUser",
      choirs: [],
      hasCompletedOnboarding: false,
      isNewUser: true,
      choirId: null,
    });
  });

  it("changes first and last name, trimmed", async () => {
    const response = await ctx.app.inject({
      method: "PATCH",
      url: "/api/me",
      headers: bearer(token),
      payload: { firstName: "  Lucía María ", lastName: " Fernández Ruiz " },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      firstName: "Lucía María",
      lastName: "Fernández Ruiz",
      name: "Lucía María Fernández Ruiz",
    });
  });

  it.each([
    [{ firstName: "", lastName: "X" }, "body.firstName"],
    [{ firstName: "A".repeat(101), lastName: "X" }, "body.firstName"],
    [{ firstName: "Ana" }, "body.lastName"],
    [{ firstName: 42, lastName: "X" }, "body.firstName"],
  ])("rejects a bad name %j with a 400 naming the field", async (payload, field) => {
    const response = await ctx.app.inject({
      method: "PATCH",
      url: "/api/me",
      headers: bearer(token),
      payload,
    });
    expect(response.statusCode).toBe(400);
    const body = response.json();
    expect(body.code).toBe("validation_failed");
    expect(body.errors.join(" ")).toContain(field);
  });

  it.each([
    ["admin", "ChoirAdmin"],
    ["general", "GeneralUser"],
    ["ChoirAdmin", "ChoirAdmin"],
    ["GeneralUser", "GeneralUser"],
  ])("completes onboarding as %s → role %s", async (userType, role) => {
    const response = await ctx.app.inject({
      method: "POST",
      url: "/api/auth/complete-onboarding",
      headers: bearer(token),
      payload: { userType },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ role, hasCompletedOnboarding: true });
  });

  it("rejects an unknown onboarding choice", async () => {
    const response = await ctx.app.inject({
      method: "POST",
      url: "/api/auth/complete-onboarding",
      headers: bearer(token),
      payload: { userType: "ChoirMember" },
    });
    expect(response.statusCode).toBe(400);
  });

  it("refuses onboarding and profile changes without a token", async () => {
    const onboarding = await ctx.app.inject({
      method: "POST",
      url: "/api/auth/complete-onboarding",
      payload: { userType: "admin" },
    });
    const patch = await ctx.app.inject({
      method: "PATCH",
      url: "/api/me",
      payload: { firstName: "A", lastName: "B" },
    });
    expect(onboarding.statusCode).toBe(401);
    expect(patch.statusCode).toBe(401);
  });
});
