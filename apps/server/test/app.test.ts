import { createHash } from "node:crypto";
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { LANDING_BOOT_SCRIPT } from "@choir/contract";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../src/app.js";
import { openTestDatabase, testConfig } from "./helpers.js";

const isContractError = (body: unknown) =>
  typeof body === "object" &&
  body !== null &&
  typeof (body as { message?: unknown }).message === "string" &&
  typeof (body as { code?: unknown }).code === "string" &&
  /^[a-z][a-z0-9_]*$/.test((body as { code: string }).code);

describe("the HTTP application", () => {
  let app: FastifyInstance;
  let drop: () => Promise<void>;
  const webDist = mkdtempSync(join(tmpdir(), "choir-web-"));

  beforeAll(async () => {
    mkdirSync(join(webDist, "assets"));
    writeFileSync(join(webDist, "index.html"), "<!doctype html><title>Choir App</title><div id=root></div>");
    writeFileSync(join(webDist, "assets", "app-abc123.js"), "console.log('app')");
    for (const language of ["en", "es"]) {
      writeFileSync(
        join(webDist, `landing-${language}.html`),
        `<!doctype html><title>${language}</title><div id=root>`,
      );
    }
    const opened = await openTestDatabase();
    drop = opened.drop;
    const config = { ...testConfig(), webDist };
    app = await buildApp({ config, database: opened.database, logger: false });
    app.get("/api/test/explode", async () => {
      throw new Error("secret internal detail at /srv/app.ts:42");
    });
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
    await drop?.();
  });

  it("reports health with status, version and whether the search index is read", async () => {
    const response = await app.inject({ method: "GET", url: "/api/health" });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      status: "ok",
      version: expect.stringMatching(/^\d+\.\d+\.\d+/),
      searchIndex: expect.stringMatching(/^(loading|ready)$/),
    });
    await app.searchIndex.start();
    expect((await app.inject({ method: "GET", url: "/api/health" })).json().searchIndex).toBe("ready");
  });

  it("answers an unknown /api route with 404 JSON", async () => {
    for (const method of ["GET", "POST", "DELETE"] as const) {
      const response = await app.inject({ method, url: "/api/nope" });
      expect(response.statusCode).toBe(404);
      expect(response.headers["content-type"]).toMatch(/^application\/json/);
      expect(response.json()).toEqual({
        message: "The requested resource was not found.",
        code: "not_found",
      });
    }
  });

  it("hides an unhandled exception behind a 500 JSON without a stack", async () => {
    const response = await app.inject({ method: "GET", url: "/api/test/explode" });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({
      message: "Server error. Please try again later.",
      code: "internal_error",
    });
    expect(response.body).not.toMatch(/secret internal detail|at \/|\.ts:/);
  });

  it("answers invalid JSON with 400 JSON", async () => {
    const response = await app.inject({
      method: "POST",
      url: "/api/auth/token",
      headers: { "content-type": "application/json" },
      payload: '{"code": ',
    });
    expect(response.statusCode).toBe(400);
    expect(isContractError(response.json())).toBe(true);
  });

  it("answers an unsupported content type with 415 JSON", async () => {
    const response = await app.inject({
      method: "POST",
      url: "/api/auth/token",
      headers: { "content-type": "application/xml" },
      payload: "<code/>",
    });
    expect(response.statusCode).toBe(415);
    expect(isContractError(response.json())).toBe(true);
  });

  it("answers a body over 1 MB with 413 JSON", async () => {
    const response = await app.inject({
      method: "POST",
      url: "/api/auth/token",
      headers: { "content-type": "application/json" },
      payload: JSON.stringify({ code: "x".repeat(1_100_000) }),
    });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toMatchObject({ code: "payload_too_large" });
  });

  it("answers a validation failure with 400 and one error per problem naming the field", async () => {
    const response = await app.inject({
      method: "POST",
      url: "/api/auth/token",
      payload: { code: 7, extra: true },
    });
    expect(response.statusCode).toBe(400);
    const body = response.json();
    expect(body.code).toBe("validation_failed");
    expect(body.errors).toEqual([expect.stringContaining("body.code")]);
  });

  it("sends the security headers", async () => {
    const response = await app.inject({ method: "GET", url: "/" });
    const csp = String(response.headers["content-security-policy"]);
    expect(csp).toContain("default-src 'self'");
    // This origin, and of inline scripts only the landing pages' boot script, by the hash of its exact text.
    const bootHash = createHash("sha256").update(LANDING_BOOT_SCRIPT).digest("base64");
    expect(csp).toContain(`script-src 'self' 'sha256-${bootHash}';`);
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(response.headers["x-content-type-options"]).toBe("nosniff");
    expect(response.headers["referrer-policy"]).toBe("no-referrer");
  });

  it("serves the web app with a fallback to index.html for app routes", async () => {
    const root = await app.inject({ method: "GET", url: "/" });
    expect(root.statusCode).toBe(200);
    expect(root.body).toContain("<div id=root>");
    const shell = await app.inject({ method: "GET", url: "/index.html" });
    expect(shell.body).toContain("<title>Choir App</title>");
    const deep = await app.inject({ method: "GET", url: "/choir/123/playlists?date=2026-12-07" });
    expect(deep.statusCode).toBe(200);
    expect(deep.headers["content-type"]).toMatch(/text\/html/);
    expect(deep.body).toContain("<div id=root>");
    const asset = await app.inject({ method: "GET", url: "/assets/app-abc123.js" });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers["cache-control"]).toContain("immutable");
  });

  it("sends / as the landing page in the visitor's language, English unless Spanish comes first", async () => {
    const title = async (acceptLanguage?: string) => {
      const response = await app.inject({
        method: "GET",
        url: "/",
        headers: acceptLanguage ? { "accept-language": acceptLanguage } : {},
      });
      expect(response.statusCode).toBe(200);
      expect(response.headers.vary).toContain("Accept-Language");
      return /<title>(\w+)<\/title>/.exec(response.body)?.[1];
    };
    expect(await title()).toBe("en");
    expect(await title("es-MX,es;q=0.9,en;q=0.8")).toBe("es");
    expect(await title("fr-FR, en;q=0.5, es;q=0.7")).toBe("es");
    expect(await title("de, en-GB;q=0.9")).toBe("en");
    expect(await title("es;q=0, en")).toBe("en");
  });

  it("publishes the OpenAPI document and a browsable UI", async () => {
    const doc = await app.inject({ method: "GET", url: "/api/docs/json" });
    expect(doc.statusCode).toBe(200);
    const spec = doc.json();
    expect(spec.openapi).toMatch(/^3\./);
    for (const path of [
      "/api/health",
      "/api/me",
      "/api/auth/token",
      "/api/auth/refresh-token",
      "/api/auth/signout",
    ]) {
      expect(Object.keys(spec.paths)).toContain(path);
    }
    const ui = await app.inject({ method: "GET", url: "/api/docs" });
    expect([200, 302]).toContain(ui.statusCode);
    const page =
      ui.statusCode === 302 ? await app.inject({ method: "GET", url: String(ui.headers.location) }) : ui;
    expect(page.body).toMatch(/swagger/i);
  });

  it("offers the local sign-in form with demo people outside production", async () => {
    const start = await app.inject({ method: "GET", url: "/api/auth/signin-google" });
    expect(start.statusCode).toBe(302);
    const page = await app.inject({ method: "GET", url: String(start.headers.location) });
    expect(page.statusCode).toBe(200);
    expect(page.headers["content-type"]).toMatch(/text\/html/);
    expect(page.body).toContain("Local development sign-in");
    expect(page.body).toContain("ana.director@example.com");
    const spanish = await app.inject({
      method: "GET",
      url: String(start.headers.location),
      headers: { "accept-language": "es-MX,es;q=0.9" },
    });
    expect(spanish.body).toContain('lang="es"');
  });
});

describe("production mode", () => {
  it("has no local sign-in routes", async () => {
    const { database, drop } = await openTestDatabase();
    const config = testConfig({
      NODE_ENV: "production",
      OIDC_ISSUER: "http://127.0.0.1:9",
      OIDC_CLIENT_ID: "prod-client",
      OIDC_CLIENT_SECRET: "prod-secret",
    });
    const app = await buildApp({ config, database, logger: false });
    try {
      expect((await app.inject({ method: "GET", url: "/api/auth/local" })).statusCode).toBe(404);
      const post = await app.inject({ method: "POST", url: "/api/auth/local", payload: { email: "a@b.c" } });
      expect(post.statusCode).toBe(404);
      expect(post.json()).toMatchObject({ code: "not_found" });
    } finally {
      await app.close();
      await drop();
    }
  });
});
