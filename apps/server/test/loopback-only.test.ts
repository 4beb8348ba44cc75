import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../src/app.js";
import { loadConfig } from "../src/config.js";
import { openTestDatabase, signInCookieOf, TEST_SECRET } from "./helpers.js";
import { startServerProcess } from "./server-process.js";

/** A server as a careless deployer starts it: NODE_ENV unset, no identity provider, no mail server. */
describe("local sign-in and the development outbox answer loopback callers only", () => {
  let app: FastifyInstance;
  let drop: () => Promise<void>;

  beforeAll(async () => {
    const opened = await openTestDatabase();
    drop = opened.drop;
    const config = loadConfig({
      DATA_DIR: mkdtempSync(join(tmpdir(), "choir-test-")),
      JWT_SECRET: TEST_SECRET,
      RATE_LIMIT_PER_MINUTE: "0",
      LOG_LEVEL: "silent",
      HOST: "0.0.0.0",
    });
    expect(config.env).toBe("development");
    app = await buildApp({ config, database: opened.database, logger: false });
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
    await drop?.();
  });

  const form = (state: string, extra: { remoteAddress?: string; headers?: Record<string, string> } = {}) =>
    app.inject({
      method: "POST",
      url: "/api/auth/local",
      remoteAddress: extra.remoteAddress,
      headers: { "content-type": "application/x-www-form-urlencoded", ...extra.headers },
      payload: new URLSearchParams({
        state,
        name: "Ana Directora",
        email: "ana.director@example.com",
      }).toString(),
    });

  const remoteCallers = ["192.168.1.20", "10.0.0.7", "203.0.113.9", "2001:db8::1", "::ffff:192.168.1.20"];

  it.each(remoteCallers)(
    "answers 404 JSON to %s on every local sign-in route and on /dev/mail",
    async (address) => {
      for (const request of [
        { method: "GET" as const, url: "/api/auth/local" },
        { method: "GET" as const, url: "/api/auth/local?state=abc" },
        { method: "GET" as const, url: "/dev/mail" },
      ]) {
        const response = await app.inject({ ...request, remoteAddress: address });
        expect(response.statusCode, request.url).toBe(404);
        expect(response.json(), request.url).toMatchObject({ code: "not_found" });
      }
      const start = await app.inject({ method: "GET", url: "/api/auth/signin-google" });
      const state = new URL(String(start.headers.location), "http://x").searchParams.get("state")!;
      const posted = await form(state, {
        remoteAddress: address,
        headers: { cookie: signInCookieOf(start) ?? "" },
      });
      expect(posted.statusCode).toBe(404);
      expect(posted.json()).toMatchObject({ code: "not_found" });
    },
  );

  it("treats a request relayed by a proxy as remote, whatever X-Forwarded-For says", async () => {
    for (const headers of [
      { "x-forwarded-for": "127.0.0.1" },
      { forwarded: "for=127.0.0.1" },
      { "x-real-ip": "127.0.0.1" },
    ]) {
      const page = await app.inject({ method: "GET", url: "/api/auth/local", headers });
      expect(page.statusCode, JSON.stringify(headers)).toBe(404);
      const outbox = await app.inject({ method: "GET", url: "/dev/mail", headers });
      expect(outbox.statusCode, JSON.stringify(headers)).toBe(404);
    }
  });

  it.each(["127.0.0.1", "127.5.6.7", "::1", "::ffff:127.0.0.1"])(
    "works from the loopback address %s",
    async (address) => {
      const page = await app.inject({ method: "GET", url: "/api/auth/local", remoteAddress: address });
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain("Local development sign-in");
      const outbox = await app.inject({ method: "GET", url: "/dev/mail", remoteAddress: address });
      expect(outbox.statusCode).toBe(200);
      const start = await app.inject({
        method: "GET",
        url: "/api/auth/signin-google",
        remoteAddress: address,
      });
      const state = new URL(String(start.headers.location), "http://x").searchParams.get("state")!;
      const posted = await form(state, {
        remoteAddress: address,
        headers: { cookie: signInCookieOf(start) ?? "" },
      });
      expect(posted.statusCode).toBe(303);
      expect(new URL(String(posted.headers.location)).searchParams.has("token")).toBe(true);
    },
  );
});

describe("start-up warning", () => {
  it("warns loudly when a server outside production listens on a non-loopback address", async () => {
    const server = await startServerProcess({ HOST: "0.0.0.0" });
    try {
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(server.output()).toMatch(/WARNING/);
      expect(server.output()).toMatch(/0\.0\.0\.0/);
      expect(server.output()).toMatch(/NODE_ENV=production/);
    } finally {
      server.child.kill("SIGTERM");
      await server.exited;
    }
  });

  it("stays quiet on a loopback address", async () => {
    const server = await startServerProcess({ HOST: "127.0.0.1" });
    try {
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(server.output()).not.toMatch(/WARNING/);
    } finally {
      server.child.kill("SIGTERM");
      await server.exited;
    }
  });
});
