import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, exchangeCode, signInCookieOf, type TestContext } from "./helpers.js";

/**
 * Local sign-in on another loopback name for the same server (http://127.0.0.1:3000 when PUBLIC_URL says
 * http://localhost:3000): the whole flow stays on the address the browser used, so the sign-in cookie comes along
 * and the security policy's form-action 'self' lets the last redirect through.
 */
async function signInOn(app: TestContext["app"], host: string, extra: Record<string, string> = {}) {
  const start = await app.inject({
    method: "GET",
    url: "/api/auth/signin-google",
    headers: { host, ...extra },
  });
  expect(start.statusCode).toBe(302);
  const state = new URL(String(start.headers.location), "http://x").searchParams.get("state")!;
  const cookie = signInCookieOf(start)!;
  const form = await app.inject({
    method: "POST",
    url: "/api/auth/local",
    headers: { host, cookie, "content-type": "application/x-www-form-urlencoded", ...extra },
    payload: new URLSearchParams({
      state,
      name: "Ana Directora",
      email: "ana.director@example.com",
    }).toString(),
  });
  return { form, cookie };
}

describe("local sign-in on every loopback address (PUBLIC_URL left at its default)", () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp({ PORT: "3000" });
  });
  afterAll(async () => {
    await ctx?.close();
  });

  it("a sign-in started on 127.0.0.1:PORT completes on that origin", async () => {
    const { form, cookie } = await signInOn(ctx.app, "127.0.0.1:3000");
    expect(form.statusCode).toBe(303);
    const callback = new URL(String(form.headers.location));
    expect(callback.origin).toBe("http://127.0.0.1:3000");
    expect(callback.pathname).toBe("/auth/callback");
    const exchanged = await exchangeCode(ctx.app, callback.searchParams.get("token")!, cookie);
    expect(exchanged.statusCode).toBe(200);
  });

  it("a sign-in started on [::1]:PORT completes on that origin", async () => {
    const { form } = await signInOn(ctx.app, "[::1]:3000");
    expect(new URL(String(form.headers.location)).origin).toBe("http://[::1]:3000");
  });

  it("a refused form (no cookie) sends the visitor to the error page on the same origin", async () => {
    const form = await ctx.app.inject({
      method: "POST",
      url: "/api/auth/local",
      headers: { host: "127.0.0.1:3000", "content-type": "application/x-www-form-urlencoded" },
      payload: new URLSearchParams({ state: "x", name: "A B", email: "a@example.com" }).toString(),
    });
    const location = new URL(String(form.headers.location));
    expect(location.origin).toBe("http://127.0.0.1:3000");
    expect(location.searchParams.get("error")).toBeTruthy();
  });

  it("never takes a Host that is not a loopback name, or another port, at its word", async () => {
    for (const host of [
      "choir.example.org:3000",
      "127.0.0.1:4000",
      "localhost.example.org:3000",
      "127.0.0.1",
    ]) {
      const { form } = await signInOn(ctx.app, host);
      expect(new URL(String(form.headers.location)).origin, host).toBe("http://localhost:3000");
    }
  });
});

describe("local sign-in with a PUBLIC_URL that is not on this machine", () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp({ PORT: "3000", PUBLIC_URL: "http://choir.example.org:3000" });
  });
  afterAll(async () => {
    await ctx?.close();
  });

  it("keeps PUBLIC_URL whatever the Host says", async () => {
    const { form } = await signInOn(ctx.app, "127.0.0.1:3000");
    expect(new URL(String(form.headers.location)).origin).toBe("http://choir.example.org:3000");
  });
});

describe("local sign-in with PUBLIC_URL set to a loopback address", () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp({ PORT: "3200", PUBLIC_URL: "http://localhost:3200" });
  });
  afterAll(async () => {
    await ctx?.close();
  });

  it("completes on 127.0.0.1 too, as the address in the server's log", async () => {
    const { form } = await signInOn(ctx.app, "127.0.0.1:3200");
    expect(new URL(String(form.headers.location)).origin).toBe("http://127.0.0.1:3200");
  });
});
