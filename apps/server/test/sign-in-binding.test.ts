import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  authorizeAtIssuer,
  bearer,
  createChoir,
  createTestApp,
  exchangeCode,
  oidcEnv,
  SIGN_IN_COOKIE,
  signInCookieOf,
  signInThroughIssuer,
  startIssuer,
  type TestContext,
} from "./helpers.js";

/** Attributes of the sign-in cookie set by a response, by lower-case name (`name=value` under "cookie"). */
function cookieAttributes(setCookie: unknown): Record<string, string | true> {
  const all = Array.isArray(setCookie) ? setCookie : setCookie === undefined ? [] : [String(setCookie)];
  const ours = all.find((line: string) => line.startsWith(`${SIGN_IN_COOKIE}=`));
  if (!ours) throw new Error(`no ${SIGN_IN_COOKIE} cookie in ${JSON.stringify(setCookie)}`);
  const [pair, ...rest] = ours.split(";").map((part: string) => part.trim());
  const attributes: Record<string, string | true> = { cookie: pair! };
  for (const attribute of rest) {
    const [name, value] = attribute.split("=");
    attributes[name!.toLowerCase()] = value ?? true;
  }
  return attributes;
}

describe("sign-in bound to the browser (OpenID Connect)", () => {
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
    issuer.nextIdentity({ email: "mallory@example.com", name: "Mallory Attacker" });
  });

  /** Someone starts a sign-in in their own browser and stops at the issuer's answer: the callback URL and cookie. */
  async function startedElsewhere(query = "") {
    const start = await ctx.app.inject({ method: "GET", url: `/api/auth/signin-google${query}` });
    expect(start.statusCode).toBe(302);
    const back = await authorizeAtIssuer(String(start.headers.location));
    return { callbackPath: `${back.pathname}${back.search}`, cookie: signInCookieOf(start) };
  }

  /** The same someone finishes the issuer's callback in their own browser: their one-time code and cookie. */
  async function codeOfAnotherBrowser(query = "") {
    const { callbackPath, cookie } = await startedElsewhere(query);
    const callback = await ctx.app.inject({ method: "GET", url: callbackPath, headers: { cookie: cookie! } });
    const location = new URL(String(callback.headers.location));
    return { code: location.searchParams.get("token")!, cookie: cookie!, location };
  }

  it("sets an HttpOnly, SameSite=Lax sign-in cookie, not Secure on a plain-http address", async () => {
    const start = await ctx.app.inject({ method: "GET", url: "/api/auth/signin-google" });
    const attributes = cookieAttributes(start.headers["set-cookie"]);
    expect(attributes.cookie).toMatch(new RegExp(`^${SIGN_IN_COOKIE}=[\\w-]{43}$`));
    expect(attributes.httponly).toBe(true);
    expect(attributes.samesite).toBe("Lax");
    expect(attributes.path).toBe("/api/auth");
    expect(attributes.secure).toBeUndefined();
  });

  it("refuses a callback URL opened in another browser (no sign-in cookie)", async () => {
    const { callbackPath } = await startedElsewhere();
    const callback = await ctx.app.inject({ method: "GET", url: callbackPath });
    expect(callback.statusCode).toBe(302);
    const location = new URL(String(callback.headers.location));
    expect(location.pathname).toBe("/auth/callback");
    expect(location.searchParams.get("error")).toBeTruthy();
    expect(location.searchParams.has("token")).toBe(false);
  });

  it("refuses a callback URL opened in a browser holding another sign-in's cookie", async () => {
    const { callbackPath } = await startedElsewhere();
    const visitor = await ctx.app.inject({ method: "GET", url: "/api/auth/signin-google" });
    const callback = await ctx.app.inject({
      method: "GET",
      url: callbackPath,
      headers: { cookie: signInCookieOf(visitor)! },
    });
    const location = new URL(String(callback.headers.location));
    expect(location.searchParams.get("error")).toBeTruthy();
    expect(location.searchParams.has("token")).toBe(false);
  });

  it("a refused callback does not spend the sign-in of the browser that started it", async () => {
    const { callbackPath, cookie } = await startedElsewhere();
    await ctx.app.inject({ method: "GET", url: callbackPath });
    const own = await ctx.app.inject({ method: "GET", url: callbackPath, headers: { cookie: cookie! } });
    expect(new URL(String(own.headers.location)).searchParams.has("token")).toBe(true);
  });

  it("refuses a one-time code sent without the cookie, or with another browser's, and takes it with the right one", async () => {
    const { code, cookie } = await codeOfAnotherBrowser();
    const without = await exchangeCode(ctx.app, code, null);
    expect([400, 401]).toContain(without.statusCode);
    expect(without.json().token).toBeUndefined();

    const visitor = await ctx.app.inject({ method: "GET", url: "/api/auth/signin-google" });
    const wrong = await exchangeCode(ctx.app, code, signInCookieOf(visitor)!);
    expect([400, 401]).toContain(wrong.statusCode);
    expect(wrong.json().token).toBeUndefined();

    const right = await exchangeCode(ctx.app, code, cookie);
    expect(right.statusCode).toBe(200);
    expect(right.json().token).toBeTypeOf("string");
    // The binding has done its work: the exchange clears the cookie.
    const cleared = cookieAttributes(right.headers["set-cookie"]);
    expect(cleared.cookie).toBe(`${SIGN_IN_COOKIE}=`);
    expect(cleared["max-age"]).toBe("0");
  });

  it("never accepts an invitation carried in someone else's link for the visitor", async () => {
    issuer.nextIdentity({ email: "director@example.com", name: "Diana Director" });
    const directorCode = (await signInThroughIssuer(ctx.app)).searchParams.get("token")!;
    const director = { token: (await exchangeCode(ctx.app, directorCode)).json().token as string };
    const choir = await createChoir(ctx.app, { ...director, id: "", email: "", name: "" });
    issuer.nextIdentity({ email: "mallory@example.com", name: "Mallory Attacker" });
    const link = await ctx.app.inject({
      method: "POST",
      url: "/api/invitations/shareable",
      headers: bearer(director.token),
      payload: { choirId: choir.id },
    });
    const inviteToken = link.json().invitationToken as string;

    // The crafted callback URL: the visitor's browser gets an error, neither a code nor the invitation.
    const { callbackPath } = await startedElsewhere(`?inviteToken=${inviteToken}`);
    const crafted = await ctx.app.inject({ method: "GET", url: callbackPath });
    const location = new URL(String(crafted.headers.location));
    expect(location.searchParams.has("error")).toBe(true);
    expect(location.searchParams.has("token")).toBe(false);
    expect(location.searchParams.has("inviteToken")).toBe(false);

    // The crafted /auth/callback?token=…&inviteToken=… link: the code gives the visitor's browser no session,
    // so the web app never reaches the invitation.
    const other = await codeOfAnotherBrowser(`?inviteToken=${inviteToken}`);
    expect(other.location.searchParams.get("inviteToken")).toBe(inviteToken);
    const visitor = await ctx.app.inject({ method: "GET", url: "/api/auth/signin-google" });
    const exchanged = await exchangeCode(ctx.app, other.code, signInCookieOf(visitor)!);
    expect([400, 401]).toContain(exchanged.statusCode);
    expect(exchanged.json().token).toBeUndefined();
  });

  it("sends no text taken from the query back to the web app", async () => {
    const start = await ctx.app.inject({ method: "GET", url: "/api/auth/signin-google" });
    const state = new URL(String(start.headers.location)).searchParams.get("state")!;
    const crafted = "Your account is locked, call +1 555 0100";
    for (const error of ["access_denied", "server_error", crafted]) {
      const callback = await ctx.app.inject({
        method: "GET",
        url: `/api/auth/google-callback?state=${state}&error=${encodeURIComponent(error)}&error_description=${encodeURIComponent(crafted)}`,
        headers: { cookie: signInCookieOf(start)! },
      });
      const message = new URL(String(callback.headers.location)).searchParams.get("error")!;
      expect(message).toBeTruthy();
      expect(message).not.toContain("locked");
      expect(message).not.toContain("server_error");
    }
  });
});

describe("sign-in cookie over https", () => {
  let issuer: Awaited<ReturnType<typeof startIssuer>>;
  let ctx: TestContext;

  beforeAll(async () => {
    issuer = await startIssuer();
    ctx = await createTestApp({ ...oidcEnv(issuer.url), PUBLIC_URL: "https://choir.example.org" });
  });
  afterAll(async () => {
    await ctx?.close();
    await issuer?.stop();
  });

  it("is Secure when the public address is https", async () => {
    const start = await ctx.app.inject({ method: "GET", url: "/api/auth/signin-google" });
    const attributes = cookieAttributes(start.headers["set-cookie"]);
    expect(attributes.secure).toBe(true);
    expect(attributes.httponly).toBe(true);
    expect(attributes.samesite).toBe("Lax");
  });
});

describe("local sign-in bound to the browser", () => {
  let ctx: TestContext;

  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(async () => {
    await ctx?.close();
  });

  const submit = (state: string, cookie: string | undefined) =>
    ctx.app.inject({
      method: "POST",
      url: "/api/auth/local",
      headers: {
        "content-type": "application/x-www-form-urlencoded",
        ...(cookie ? { cookie } : {}),
      },
      payload: new URLSearchParams({
        state,
        name: "Ana Directora",
        email: "ana.director@example.com",
      }).toString(),
    });

  async function started() {
    const start = await ctx.app.inject({ method: "GET", url: "/api/auth/signin-google" });
    expect(start.statusCode).toBe(302);
    const state = new URL(String(start.headers.location), "http://x").searchParams.get("state")!;
    return { state, cookie: signInCookieOf(start) };
  }

  it("sets the cookie when the local sign-in starts", async () => {
    const start = await ctx.app.inject({ method: "GET", url: "/api/auth/signin-google" });
    const attributes = cookieAttributes(start.headers["set-cookie"]);
    expect(attributes.httponly).toBe(true);
    expect(attributes.samesite).toBe("Lax");
    const page = await ctx.app.inject({ method: "GET", url: "/api/auth/local" });
    expect(cookieAttributes(page.headers["set-cookie"]).httponly).toBe(true);
  });

  it("refuses a local sign-in form posted without the browser's cookie, or with another's", async () => {
    const { state } = await started();
    const without = await submit(state, undefined);
    expect(without.statusCode).toBe(303);
    const location = new URL(String(without.headers.location));
    expect(location.pathname).toBe("/auth/callback");
    expect(location.searchParams.get("error")).toBeTruthy();
    expect(location.searchParams.has("token")).toBe(false);

    const other = await started();
    const wrong = await submit(state, other.cookie);
    expect(new URL(String(wrong.headers.location)).searchParams.has("token")).toBe(false);
  });

  it("signs in with the browser's own cookie, and the code only with it", async () => {
    const { state, cookie } = await started();
    const form = await submit(state, cookie);
    const code = new URL(String(form.headers.location)).searchParams.get("token")!;
    expect(code).toBeTruthy();
    expect((await exchangeCode(ctx.app, code, null)).statusCode).toBe(401);
    expect((await exchangeCode(ctx.app, code, cookie!)).statusCode).toBe(200);
  });
});
