import type { LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  bearer,
  createChoir,
  createTestApp,
  exchangeCode,
  signInCookieOf,
  signInPerson,
  type TestContext,
  type TestPerson,
} from "./helpers.js";

describe("secrets never reach the logs", () => {
  const written: string[] = [];
  let ctx: TestContext;
  let app: TestContext["app"];

  beforeAll(async () => {
    ctx = await createTestApp({ LOG_LEVEL: "trace" }, { logged: written });
    app = ctx.app;
  });
  afterAll(() => ctx?.close());

  it("logs requests without session tokens, sign-in codes or invitation tokens", async () => {
    const secrets: string[] = [];
    // Sign-in: the one-time code in the callback URL, then the session token, then a refreshed one.
    const start = await app.inject({ method: "GET", url: "/api/auth/signin-google" });
    const state = new URL(String(start.headers.location), "http://x").searchParams.get("state")!;
    const cookie = signInCookieOf(start)!;
    const form = await app.inject({
      method: "POST",
      url: "/api/auth/local",
      headers: { "content-type": "application/x-www-form-urlencoded", cookie },
      payload: new URLSearchParams({ state, name: "Log Admin", email: "log-admin@example.com" }).toString(),
    });
    const code = new URL(String(form.headers.location)).searchParams.get("token")!;
    secrets.push(state, code, cookie.split("=")[1]!);
    const token = (await exchangeCode(app, code, cookie)).json().token as string;
    secrets.push(token);
    const refreshed = await app.inject({
      method: "POST",
      url: "/api/auth/refresh-token",
      headers: bearer(token),
    });
    secrets.push(refreshed.json().token);
    const admin = { token, id: "", email: "log-admin@example.com", name: "Log Admin" };
    const choir = await createChoir(app, admin);

    // Invitations: an e-mail invitation and a shareable link, looked up and accepted by their tokens.
    const guest = await signInPerson(app, "guest");
    secrets.push(guest.token);
    const invited = await app.inject({
      method: "POST",
      url: `/api/choirs/${choir.id}/invitations`,
      headers: bearer(token),
      payload: { email: guest.email },
    });
    const invitationToken = invited.json().invitationToken as string;
    const link = await app.inject({
      method: "POST",
      url: "/api/invitations/shareable",
      headers: bearer(token),
      payload: { choirId: choir.id },
    });
    const linkToken = link.json().invitationToken as string;
    secrets.push(invitationToken, linkToken);
    await app.inject({ method: "GET", url: `/api/invitations/shareable/${linkToken}` });
    await app.inject({ method: "GET", url: `/api/invitations/shareable/${invitationToken}` });
    await app.inject({
      method: "POST",
      url: "/api/invitations/accept",
      headers: bearer(guest.token),
      payload: { invitationToken },
    });
    const other = await signInPerson(app, "other");
    secrets.push(other.token);
    await app.inject({
      method: "POST",
      url: "/api/invitations/shareable/accept",
      headers: bearer(other.token),
      payload: { invitationToken: linkToken },
    });
    // A refused token is not logged either.
    await app.inject({ method: "GET", url: "/api/me", headers: bearer(`${token}x`) });
    await app.inject({ method: "GET", url: `/api/me?token=${token}` });

    const log = written.join("");
    // The log is really written: each request above left its line.
    expect(log).toContain("/api/invitations/shareable/[token]");
    expect(log).toContain("/api/auth/refresh-token");
    expect(log.split("\n").length).toBeGreaterThan(30);
    for (const secret of secrets) {
      expect(secret.length).toBeGreaterThan(10);
      expect(log.includes(secret), `a secret of ${secret.length} characters was logged`).toBe(false);
    }
  });
});

describe("rate limits answer 429 with Retry-After", () => {
  let ctx: TestContext;
  let acceptor: TestPerson;
  let searcher: TestPerson;
  beforeAll(async () => {
    // Sign-in itself is limited: the people are signed in before any limit is reached.
    ctx = await createTestApp({ RATE_LIMIT_PER_MINUTE: "10" });
    acceptor = await signInPerson(ctx.app, "acceptor");
    searcher = await signInPerson(ctx.app, "searcher");
  });
  afterAll(() => ctx?.close());

  async function exhaust(send: () => Promise<LightMyRequestResponse>, max: number) {
    for (let i = 0; i < max; i++) {
      const response = await send();
      if (response.statusCode === 429) return response;
    }
    throw new Error(`no 429 after ${max} requests`);
  }

  function expectLimited(response: LightMyRequestResponse) {
    expect(response.statusCode).toBe(429);
    expect(Number(response.headers["retry-after"])).toBeGreaterThan(0);
    expect(response.json()).toMatchObject({ message: expect.any(String), code: expect.any(String) });
  }

  it("limits sign-in", async () => {
    expectLimited(
      await exhaust(
        () => ctx.app.inject({ method: "POST", url: "/api/auth/token", payload: { code: "nope" } }),
        20,
      ),
    );
  });

  it("limits invitation accepts", async () => {
    expectLimited(
      await exhaust(
        () =>
          ctx.app.inject({
            method: "POST",
            url: "/api/invitations/shareable/accept",
            headers: bearer(acceptor.token),
            payload: { invitationToken: "unknown-token" },
          }),
        20,
      ),
    );
  });

  it("limits search", async () => {
    expectLimited(
      await exhaust(
        () =>
          ctx.app.inject({
            method: "GET",
            url: "/api/songs/search?searchTerm=x",
            headers: bearer(searcher.token),
          }),
        120,
      ),
    );
  });
});
