import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  authorizeAtIssuer,
  bearer,
  createTestApp,
  exchangeCode,
  oidcEnv,
  SECONDS,
  signInCookieOf,
  signInThroughIssuer,
  startIssuer,
  type TestContext,
} from "./helpers.js";

const JWT_PATTERN = /eyJ[\w-]+\.eyJ[\w-]+/;

describe("sign-in through an OpenID Connect issuer", () => {
  let issuer: Awaited<ReturnType<typeof startIssuer>>;
  let ctx: TestContext;

  beforeAll(async () => {
    issuer = await startIssuer();
    ctx = await createTestApp(oidcEnv(issuer.url));
  });
  afterAll(async () => {
    await ctx?.close();
    await issuer?.stop();
  });
  beforeEach(() => {
    issuer.nextIdentity({ email: "maria@example.com", given_name: "María", family_name: "García López" });
  });

  it("starts the code flow with PKCE S256, state, nonce and the callback redirect URI", async () => {
    const response = await ctx.app.inject({ method: "GET", url: "/api/auth/signin-google" });
    expect(response.statusCode).toBe(302);
    const location = new URL(String(response.headers.location));
    expect(location.origin + location.pathname).toBe(`${issuer.url}/authorize`);
    const params = location.searchParams;
    expect(params.get("response_type")).toBe("code");
    expect(params.get("code_challenge_method")).toBe("S256");
    expect(params.get("code_challenge")).toMatch(/^[\w-]{43}$/);
    expect(params.get("state")).toBeTruthy();
    expect(params.get("nonce")).toBeTruthy();
    expect(params.get("scope")).toBe("openid email profile");
    expect(params.get("redirect_uri")).toBe("http://localhost:3999/api/auth/google-callback");
    expect(params.get("client_id")).toBe("choir-test");
  });

  it("signs a new user in with a one-time code, never a bearer token, in the redirect", async () => {
    issuer.nextIdentity({ email: "first.timer@example.com", name: "Ana María Pérez" });
    const callback = await signInThroughIssuer(ctx.app);
    expect(callback.origin + callback.pathname).toBe("http://localhost:3999/auth/callback");
    expect(callback.searchParams.get("isNewUser")).toBe("true");
    const code = callback.searchParams.get("token")!;
    expect(code).toMatch(/^[\w-]{43}$/); // 256 random bits
    expect(callback.toString()).not.toMatch(JWT_PATTERN);

    const exchanged = await exchangeCode(ctx.app, code);
    expect(exchanged.statusCode).toBe(200);
    const { token } = exchanged.json();
    expect(token).toMatch(JWT_PATTERN);

    const me = await ctx.app.inject({ method: "GET", url: "/api/me", headers: bearer(token) });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({
      email: "first.timer@example.com",
      firstName: "Ana",
      lastName: "María Pérez",
      name: "Ana María Pérez",
      role: "GeneralUser",
      choirs: [],
      hasCompletedOnboarding: false,
      isNewUser: true,
      choirId: null,
    });
  });

  it("reports isNewUser true only on the first sign-in and matches the e-mail case-insensitively", async () => {
    issuer.nextIdentity({ email: "Case.Test@Example.com", name: "Case Test" });
    const first = await signInThroughIssuer(ctx.app);
    expect(first.searchParams.get("isNewUser")).toBe("true");
    const firstToken = (await exchangeCode(ctx.app, first.searchParams.get("token")!)).json().token;

    issuer.nextIdentity({ email: "case.test@EXAMPLE.COM", name: "Case Test" });
    const second = await signInThroughIssuer(ctx.app);
    expect(second.searchParams.get("isNewUser")).toBe("false");
    const secondToken = (await exchangeCode(ctx.app, second.searchParams.get("token")!)).json().token;

    const one = (await ctx.app.inject({ method: "GET", url: "/api/me", headers: bearer(firstToken) })).json();
    const two = (
      await ctx.app.inject({ method: "GET", url: "/api/me", headers: bearer(secondToken) })
    ).json();
    expect(two.id).toBe(one.id);
    expect(one.isNewUser).toBe(true);
    expect(two.isNewUser).toBe(false);
  });

  it("refuses a replayed sign-in code", async () => {
    const callback = await signInThroughIssuer(ctx.app);
    const code = callback.searchParams.get("token")!;
    expect((await exchangeCode(ctx.app, code)).statusCode).toBe(200);
    const replay = await exchangeCode(ctx.app, code);
    expect(replay.statusCode).toBe(401);
    expect(replay.json()).toMatchObject({ code: "unauthorized" });
  });

  it("refuses an expired sign-in code", async () => {
    const callback = await signInThroughIssuer(ctx.app);
    ctx.clock.advance(61 * SECONDS);
    const response = await exchangeCode(ctx.app, callback.searchParams.get("token")!);
    expect(response.statusCode).toBe(401);
  });

  it("refuses an unknown sign-in code", async () => {
    const response = await exchangeCode(ctx.app, "not-a-code-anyone-was-given");
    expect(response.statusCode).toBe(401);
    expect(response.json().message).toBeTypeOf("string");
  });

  it("refuses a callback whose state was not issued by this server", async () => {
    const start = await ctx.app.inject({ method: "GET", url: "/api/auth/signin-google" });
    const back = await authorizeAtIssuer(String(start.headers.location));
    back.searchParams.set("state", "forged-state");
    const callback = await ctx.app.inject({
      method: "GET",
      url: `${back.pathname}${back.search}`,
      headers: { cookie: signInCookieOf(start)! },
    });
    expect(callback.statusCode).toBe(302);
    const location = new URL(String(callback.headers.location));
    expect(location.pathname).toBe("/auth/callback");
    expect(location.searchParams.get("error")).toMatch(/unknown or has expired/);
    expect(location.searchParams.has("token")).toBe(false);
  });

  it("refuses a second callback with the same state", async () => {
    const start = await ctx.app.inject({ method: "GET", url: "/api/auth/signin-google" });
    const back = await authorizeAtIssuer(String(start.headers.location));
    const again = {
      method: "GET" as const,
      url: `${back.pathname}${back.search}`,
      headers: { cookie: signInCookieOf(start)! },
    };
    const first = await ctx.app.inject(again);
    expect(new URL(String(first.headers.location)).searchParams.has("token")).toBe(true);
    const second = await ctx.app.inject(again);
    expect(new URL(String(second.headers.location)).searchParams.has("error")).toBe(true);
  });

  it("refuses an ID token whose signature does not verify", async () => {
    issuer.server.service.once("beforeResponse", (response: { body: Record<string, string> }) => {
      const [header, payload, signature] = response.body.id_token!.split(".");
      const flipped = signature!.startsWith("A") ? `B${signature!.slice(1)}` : `A${signature!.slice(1)}`;
      response.body.id_token = `${header}.${payload}.${flipped}`;
    });
    const callback = await signInThroughIssuer(ctx.app);
    expect(callback.searchParams.get("error")).toBe("Authentication failed. Please try again.");
    expect(callback.searchParams.has("token")).toBe(false);
  });

  it("refuses an ID token carrying another nonce", async () => {
    issuer.nextIdentity({ email: "nonce@example.com", nonce: "someone-elses-nonce" });
    issuer.server.service.once("beforeTokenSigning", (token: { payload: Record<string, unknown> }) => {
      token.payload.nonce = "someone-elses-nonce";
    });
    const callback = await signInThroughIssuer(ctx.app);
    expect(callback.searchParams.has("error")).toBe(true);
    expect(callback.searchParams.has("token")).toBe(false);
  });

  it("refuses an identity whose e-mail is not verified, or not said to be", async () => {
    for (const email_verified of [false, undefined, "false"]) {
      issuer.nextIdentity({ email: "unverified@example.com", email_verified });
      const callback = await signInThroughIssuer(ctx.app);
      expect(callback.searchParams.has("error"), String(email_verified)).toBe(true);
      expect(callback.searchParams.has("token"), String(email_verified)).toBe(false);
    }
    // Some providers send the claim as a string.
    issuer.nextIdentity({ email: "string.claim@example.com", email_verified: "true" });
    expect((await signInThroughIssuer(ctx.app)).searchParams.has("token")).toBe(true);
  });

  it("sends a cancelled sign-in back with a message naming the cancellation", async () => {
    const start = await ctx.app.inject({ method: "GET", url: "/api/auth/signin-google" });
    const state = new URL(String(start.headers.location)).searchParams.get("state")!;
    const callback = await ctx.app.inject({
      method: "GET",
      url: `/api/auth/google-callback?error=access_denied&state=${state}`,
      headers: { cookie: signInCookieOf(start)! },
    });
    const location = new URL(String(callback.headers.location));
    expect(location.searchParams.get("error")).toMatch(/cancelled or denied/);
  });

  it("carries the invitation token through the sign-in", async () => {
    const callback = await signInThroughIssuer(ctx.app, "?inviteToken=abc_DEF-123");
    expect(callback.searchParams.get("inviteToken")).toBe("abc_DEF-123");
  });

  it("rejects a malformed invitation token with the contract's JSON", async () => {
    const response = await ctx.app.inject({
      method: "GET",
      url: "/api/auth/signin-google?inviteToken=%3Cscript%3E",
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      code: "validation_failed",
      errors: [expect.stringContaining("inviteToken")],
    });
  });

  it("has no local sign-in when an issuer is configured", async () => {
    expect((await ctx.app.inject({ method: "GET", url: "/api/auth/local" })).statusCode).toBe(404);
  });
});

describe("sign-in while the identity provider cannot be reached", () => {
  it("sends the visitor to the auth error page with the contract's error parameter", async () => {
    // A port nothing listens on: discovery fails at once.
    const closed = await new Promise<number>((resolve) => {
      const server = createServer().listen(0, "127.0.0.1", () => {
        const { port } = server.address() as AddressInfo;
        server.close(() => resolve(port));
      });
    });
    const ctx = await createTestApp(oidcEnv(`http://127.0.0.1:${closed}`));
    try {
      const response = await ctx.app.inject({ method: "GET", url: "/api/auth/signin-google" });
      expect(response.statusCode).toBe(302);
      const location = new URL(String(response.headers.location));
      expect(location.origin + location.pathname).toBe("http://localhost:3999/auth/callback");
      expect(location.searchParams.get("error")).toBe(
        "No connection to the sign-in service. Please try again in a moment.",
      );
    } finally {
      await ctx.close();
    }
  });
});

describe("sign-in rate limit", () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp({ RATE_LIMIT_PER_MINUTE: "3" });
  });
  afterAll(() => ctx?.close());

  it("answers 429 with Retry-After past the per-minute limit", async () => {
    const statuses: number[] = [];
    let last: Awaited<ReturnType<typeof ctx.app.inject>> | undefined;
    for (let i = 0; i < 4; i++) {
      last = await ctx.app.inject({ method: "POST", url: "/api/auth/token", payload: { code: "nope" } });
      statuses.push(last.statusCode);
    }
    expect(statuses).toEqual([401, 401, 401, 429]);
    expect(last!.headers["retry-after"]).toBeDefined();
    expect(last!.json()).toMatchObject({ code: "rate_limited" });
  });

  /** Four code exchanges from `remoteAddress`, each claiming another client address; their statuses. */
  async function fromBehind(remoteAddress: string, firstClient: number): Promise<number[]> {
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) {
      const response = await ctx.app.inject({
        method: "POST",
        url: "/api/auth/token",
        payload: { code: "nope" },
        remoteAddress,
        headers: { "x-forwarded-for": `198.51.100.${firstClient + i}` },
      });
      statuses.push(response.statusCode);
    }
    return statuses;
  }

  it("counts a client that is no trusted proxy by its own address, whatever X-Forwarded-For it sends", async () => {
    expect(await fromBehind("203.0.113.9", 0)).toEqual([401, 401, 401, 429]);
  });

  it("believes X-Forwarded-For from a trusted proxy, so each client behind it has its own count", async () => {
    expect(await fromBehind("10.1.2.3", 10)).toEqual([401, 401, 401, 401]);
  });
});
