import { randomBytes } from "node:crypto";
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { PassThrough } from "node:stream";
import type { SQL } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { OAuth2Server } from "oauth2-mock-server";
import pg from "pg";
import { SMTPServer } from "smtp-server";
import { expect, inject } from "vitest";
import { buildApp } from "../src/app.js";
import { SIGN_IN_COOKIE } from "../src/auth/browser-binding.js";
import type { Clock } from "../src/clock.js";
import { loadConfig } from "../src/config.js";
import { type Database, openDatabase } from "../src/db/client.js";
import { choirMembers } from "../src/db/schema/index.js";
import { acquireEmbedded } from "./embedded-pool.js";

/**
 * A clock tests can move forward to reach expiry paths; frozen, it moves only when told, so a test that steps to
 * a millisecond before an expiry does not depend on how fast the machine is.
 */
export class MovableClock implements Clock {
  #offsetMs = 0;
  #frozenAt: number | undefined;
  now(): Date {
    return new Date((this.#frozenAt ?? Date.now()) + this.#offsetMs);
  }
  advance(ms: number): void {
    this.#offsetMs += ms;
  }
  freeze(): void {
    this.#frozenAt ??= Date.now();
  }
  /** Runs on from the frozen time. */
  thaw(): void {
    if (this.#frozenAt === undefined) return;
    this.#offsetMs += this.#frozenAt - Date.now();
    this.#frozenAt = undefined;
  }
}

export { SIGN_IN_COOKIE };

export const SECONDS = 1000;
export const DAYS = 86_400_000;

// The names global-setup.ts provides (its `ProvidedContext` declaration), also for programs that import these
// helpers without the setup file (bench).
import type {} from "./global-setup.js";

/** The migrated embedded data directory of global-setup.ts, read once per test file. */
let snapshot: Blob | undefined;

/** The embedded database's migrated data directory (`openDatabase({ dir: undefined, snapshot })`), if provided. */
export function embeddedSnapshot(): Blob | undefined {
  const saved = provided("pgliteSnapshot");
  if (saved && !snapshot) snapshot = new Blob([readFileSync(saved)]);
  return snapshot;
}

/** What global-setup.ts provides; nothing outside Vitest (bench/pdf builds test apps too), which then migrates. */
function provided<K extends "pgliteSnapshot" | "templateDatabase">(key: K): string | undefined {
  try {
    return inject(key);
  } catch {
    return undefined;
  }
}

/**
 * A database as the migrations leave it, for one test file: an in-memory PGlite (a new one from the saved data
 * directory, or one an earlier file of the worker released and that was reset to it: embedded-pool.ts), or, when
 * DATABASE_TEST_URL points at a PostgreSQL server, a new database created there from the template and dropped
 * afterwards. Both start from the schema the project's global setup migrated once.
 */
export async function openTestDatabase(): Promise<{ database: Database; drop: () => Promise<void> }> {
  const adminUrl = process.env.DATABASE_TEST_URL;
  if (!adminUrl) return acquireEmbedded(embeddedSnapshot());
  const name = `choir_test_${randomBytes(6).toString("hex")}`;
  const template = provided("templateDatabase");
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}${template ? ` template ${template}` : ""}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ url: url.toString() });
  return {
    database,
    drop: async () => {
      await database.close();
      const cleanup = new pg.Client({ connectionString: adminUrl });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${name} with (force)`);
      await cleanup.end();
    },
  };
}

/**
 * The PostgreSQL server of a `*.pg.test.ts` file. The server project includes those files only when
 * DATABASE_TEST_URL is set (vitest.config.ts), so reaching this without it is a mistake, not a skip.
 */
export function postgresAdminUrl(): string {
  const url = process.env.DATABASE_TEST_URL;
  if (!url)
    throw new Error("this file needs PostgreSQL: set DATABASE_TEST_URL (npm test does when it answers)");
  return url;
}

declare module "vitest" {
  interface TaskMeta {
    /** Why a test is skipped; `npm test` prints it next to the test's name. */
    skipReason?: string;
  }
}

/** The Redis server of the tests that share state through it; unset when Redis does not answer. */
export const redisTestUrl = process.env.REDIS_TEST_URL;

/**
 * Options for a `describe` that needs Redis: skipped when REDIS_TEST_URL is unset (outside CI, no Redis), with
 * the reason in the report. `npm test` sets it whenever Redis answers and, under REQUIRE_SERVICES=1, fails when not.
 */
export const needsRedis = {
  skip: !redisTestUrl,
  meta: { skipReason: "Redis not reachable (REDIS_TEST_URL unset)" },
};

export const TEST_SECRET = "test-secret-that-is-long-enough-for-hs256-signing";

export function testConfig(env: Record<string, string> = {}) {
  return loadConfig({
    NODE_ENV: "test",
    DATA_DIR: mkdtempSync(join(tmpdir(), "choir-test-")),
    JWT_SECRET: TEST_SECRET,
    RATE_LIMIT_PER_MINUTE: "0",
    LOG_LEVEL: "silent",
    ...env,
  });
}

export interface TestContext {
  app: FastifyInstance;
  clock: MovableClock;
  close: () => Promise<void>;
}

/**
 * Builds the app on a fresh database; `env` overrides configuration variables. With `logged`, the app logs (at
 * `LOG_LEVEL`) and each line it writes is pushed there; else it logs nothing.
 */
export async function createTestApp(
  env: Record<string, string> = {},
  { logged }: { logged?: string[] } = {},
): Promise<TestContext> {
  const { database, drop } = await openTestDatabase();
  const clock = new MovableClock();
  const logStream = logged ? new PassThrough() : undefined;
  logStream?.on("data", (chunk: Buffer) => logged!.push(chunk.toString("utf8")));
  const app = await buildApp({
    config: testConfig(env),
    database,
    clock,
    ...(logStream ? { logStream } : { logger: false }),
  });
  await app.ready();
  return {
    app,
    clock,
    close: async () => {
      await app.close();
      await drop();
    },
  };
}

/** A local OpenID Connect issuer; `nextIdentity` sets the claims of the next ID token. */
export async function startIssuer() {
  const server = new OAuth2Server();
  await server.issuer.keys.generate("RS256");
  await server.start(0, "127.0.0.1");
  let identity: Record<string, unknown> = {};
  server.service.on("beforeTokenSigning", (token) => {
    Object.assign(token.payload, identity);
  });
  return {
    server,
    url: server.issuer.url!,
    nextIdentity(claims: Record<string, unknown>) {
      identity = { email_verified: true, ...claims };
    },
    stop: () => server.stop(),
  };
}

export const oidcEnv = (issuerUrl: string) => ({
  OIDC_ISSUER: issuerUrl,
  OIDC_CLIENT_ID: "choir-test",
  OIDC_CLIENT_SECRET: "choir-test-secret",
  PUBLIC_URL: "http://localhost:3999",
});

/** Follows the issuer's authorize redirect like a browser would, returning where it sends us back. */
export async function authorizeAtIssuer(authorizeUrl: string): Promise<URL> {
  const response = await fetch(authorizeUrl, { redirect: "manual" });
  const location = response.headers.get("location");
  if (!location) throw new Error(`issuer did not redirect (${response.status})`);
  return new URL(location);
}

/** `name=value` of the sign-in cookie a response sets, as a browser sends it back; undefined when it sets none. */
export function signInCookieOf(response: { headers: Record<string, unknown> }): string | undefined {
  const header = response.headers["set-cookie"];
  const lines = Array.isArray(header) ? header : header === undefined ? [] : [String(header)];
  for (const line of lines) {
    const pair = String(line).split(";")[0]!.trim();
    if (pair.startsWith(`${SIGN_IN_COOKIE}=`) && pair.length > SIGN_IN_COOKIE.length + 1) return pair;
  }
  return undefined;
}

/** The sign-in helpers act as one browser per sign-in: the cookie of the browser each one-time code went to. */
const browserOfCode = new Map<string, string>();

/** Steps 1–2 through the issuer, in one browser: returns the web app callback URL the server redirected to. */
export async function signInThroughIssuer(app: FastifyInstance, query = ""): Promise<URL> {
  const start = await app.inject({ method: "GET", url: `/api/auth/signin-google${query}` });
  if (start.statusCode !== 302) throw new Error(`sign-in start answered ${start.statusCode}: ${start.body}`);
  const cookie = signInCookieOf(start);
  const back = await authorizeAtIssuer(String(start.headers.location));
  const callback = await app.inject({
    method: "GET",
    url: `${back.pathname}${back.search}`,
    headers: cookie ? { cookie } : {},
  });
  if (callback.statusCode !== 302)
    throw new Error(`callback answered ${callback.statusCode}: ${callback.body}`);
  const location = new URL(String(callback.headers.location));
  const code = location.searchParams.get("token");
  if (code && cookie) browserOfCode.set(code, cookie);
  return location;
}

/**
 * Exchanges a one-time code; returns the response. By default it is sent from the browser whose sign-in produced
 * the code (with its cookie); `cookie` sends another browser's cookie, or none with null.
 */
export function exchangeCode(
  app: FastifyInstance,
  code: string,
  cookie: string | null = browserOfCode.get(code) ?? null,
) {
  return app.inject({
    method: "POST",
    url: "/api/auth/token",
    payload: { code },
    headers: cookie ? { cookie } : {},
  });
}

/** Local sign-in (no issuer configured) from start to session token. */
export async function signInLocally(
  app: FastifyInstance,
  person: { name: string; email: string },
): Promise<{ token: string; callback: URL }> {
  const start = await app.inject({ method: "GET", url: "/api/auth/signin-google" });
  const state = new URL(String(start.headers.location), "http://x").searchParams.get("state")!;
  // The browser that started the sign-in carries its cookie through the form and the code exchange.
  const cookie = signInCookieOf(start) ?? null;
  const form = await app.inject({
    method: "POST",
    url: "/api/auth/local",
    headers: { "content-type": "application/x-www-form-urlencoded", ...(cookie ? { cookie } : {}) },
    payload: new URLSearchParams({ state, ...person }).toString(),
  });
  if (form.statusCode !== 303) throw new Error(`local sign-in answered ${form.statusCode}: ${form.body}`);
  const callback = new URL(String(form.headers.location));
  const exchanged = await exchangeCode(app, callback.searchParams.get("token")!, cookie);
  return { token: exchanged.json().token, callback };
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

let personCount = 0;

export interface TestPerson {
  token: string;
  id: string;
  email: string;
  name: string;
}

/** Signs a new person in (local sign-in) and returns their token, id and e-mail. */
export async function signInPerson(app: FastifyInstance, label = "person"): Promise<TestPerson> {
  personCount += 1;
  const email = `${label}-${personCount}-${randomBytes(3).toString("hex")}@example.com`;
  const name = `${label.charAt(0).toUpperCase()}${label.slice(1)} Tester`;
  const { token } = await signInLocally(app, { name, email });
  const me = await app.inject({ method: "GET", url: "/api/me", headers: bearer(token) });
  return { token, id: me.json().id, email, name };
}

/** Creates a choir through the API as `admin`; returns its JSON. */
export async function createChoir(
  app: FastifyInstance,
  admin: TestPerson,
  body: Record<string, unknown> = {},
): Promise<{ id: string; name: string }> {
  const response = await app.inject({
    method: "POST",
    url: "/api/choirs",
    headers: bearer(admin.token),
    payload: { name: `Choir ${randomBytes(4).toString("hex")}`, ...body },
  });
  if (response.statusCode !== 201)
    throw new Error(`create choir answered ${response.statusCode}: ${response.body}`);
  return response.json();
}

/** Puts `person` in the choir with `role` directly in the database (a factory, not the invitation flow). */
export async function addMember(
  app: FastifyInstance,
  choirId: string,
  person: TestPerson,
  role: "ChoirAdmin" | "ChoirMember" = "ChoirMember",
): Promise<void> {
  await app.db.insert(choirMembers).values({ choirId, userId: person.id, role });
}

/** An admin, a plain member and an outsider around one new choir. */
export async function choirWithCast(app: FastifyInstance) {
  const admin = await signInPerson(app, "admin");
  const member = await signInPerson(app, "member");
  const outsider = await signInPerson(app, "outsider");
  const choir = await createChoir(app, admin);
  await addMember(app, choir.id, member);
  return { admin, member, outsider, choir };
}

/** The app over `database`, with a route whose statement is as slow as the test asks (statement timeout tests). */
export async function appWithSlowRoute(database: Database, slowSql: SQL): Promise<FastifyInstance> {
  const app = await buildApp({ config: testConfig(), database, logger: false });
  app.get("/api/test-only/slow", { onRequest: app.authenticate }, async () => {
    await app.db.execute(slowSql);
    return { done: true };
  });
  await app.ready();
  return app;
}

/**
 * Signs someone in and calls the slow route of `appWithSlowRoute`: its statement cancelled, the answer is the
 * contract's 503 `database_busy` in JSON with Retry-After. Gives the person back, for the checks that the app goes on
 * serving.
 */
export async function expectSlowStatementCancelled(app: FastifyInstance): Promise<TestPerson> {
  const person = await signInPerson(app, "slow");
  const response = await app.inject({
    method: "GET",
    url: "/api/test-only/slow",
    headers: bearer(person.token),
  });
  expect(response.statusCode).toBe(503);
  expect(response.headers["content-type"]).toMatch(/application\/json/);
  expect(response.headers["retry-after"]).toMatch(/^\d+$/);
  expect(response.json()).toEqual({ message: expect.any(String), code: "database_busy" });
  return person;
}

/** A request as `person` (no token without one), with a JSON body when given. */
export const callAs =
  (app: FastifyInstance) =>
  (
    person: { token: string } | undefined,
    method: "GET" | "POST" | "PUT" | "DELETE",
    url: string,
    payload?: object,
  ) =>
    app.inject({ method, url, headers: person ? bearer(person.token) : {}, ...(payload ? { payload } : {}) });

/** A date `days` from today (UTC), as playlists are dated. */
export const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

/** A local SMTP sink (no authentication, no TLS) that keeps every raw message. */
export async function startSmtpSink() {
  const received: string[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        received.push(Buffer.concat(chunks).toString("utf8"));
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.server.address() as { port: number };
  return { port, received, stop: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}
