import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { createServer, request as httpRequest, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../src/app.js";
import { testConfig } from "./helpers.js";

const serverDir = fileURLToPath(new URL("..", import.meta.url));

/** An issuer whose discovery answers after a delay, so a sign-in start is in flight for a while. */
function slowIssuer(delayMs: number): Promise<{ server: Server; url: string }> {
  return new Promise((resolve) => {
    const server = createServer((request, response) => {
      const url = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
      setTimeout(() => {
        response.setHeader("content-type", "application/json");
        response.end(
          JSON.stringify({
            issuer: url,
            authorization_endpoint: `${url}/authorize`,
            token_endpoint: `${url}/token`,
            jwks_uri: `${url}/jwks`,
            response_types_supported: ["code"],
          }),
        );
      }, delayMs);
      void request;
    });
    server.listen(0, "127.0.0.1", () =>
      resolve({ server, url: `http://127.0.0.1:${(server.address() as { port: number }).port}` }),
    );
  });
}

async function waitForHealth(base: string, child: ChildProcess): Promise<void> {
  for (let i = 0; i < 150; i++) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${base}/api/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error("server did not start");
}

describe("graceful shutdown", () => {
  let issuer: { server: Server; url: string };
  let child: ChildProcess;
  const port = 3700 + Math.floor(Math.random() * 200);
  const base = `http://127.0.0.1:${port}`;
  let output = "";

  beforeAll(async () => {
    issuer = await slowIssuer(1500);
    child = spawn(process.execPath, ["--import", "tsx", "src/main.ts"], {
      cwd: serverDir,
      env: {
        ...process.env,
        NODE_ENV: "production",
        PORT: String(port),
        PUBLIC_URL: base,
        DATA_DIR: mkdtempSync(join(tmpdir(), "choir-shutdown-")),
        DATABASE_URL: "",
        JWT_SECRET: "shutdown-test-secret-long-enough-for-hs256",
        OIDC_ISSUER: issuer.url,
        OIDC_CLIENT_ID: "shutdown-client",
        RATE_LIMIT_PER_MINUTE: "0",
        LOG_LEVEL: "warn",
      },
      stdio: ["ignore", "pipe", "pipe"],
    });
    child.stdout?.on("data", (chunk) => (output += chunk));
    child.stderr?.on("data", (chunk) => (output += chunk));
    await waitForHealth(base, child);
  }, 60_000);

  afterAll(() => {
    child?.kill("SIGKILL");
    issuer?.server.close();
  });

  it("lets an in-flight request finish on SIGTERM, then exits cleanly", async () => {
    const inFlight = fetch(`${base}/api/auth/signin-google`, { redirect: "manual" });
    await new Promise((r) => setTimeout(r, 300));
    const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
    child.kill("SIGTERM");
    const response = await inFlight;
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toMatch(`${issuer.url}/authorize?`);
    expect(await exited).toBe(0);
    await expect(fetch(`${base}/api/health`)).rejects.toThrow();
    expect(output).not.toMatch(/"level":50/);
  }, 30_000);
});

describe("closing the application", () => {
  it("lets a handler whose caller hung up finish its queries before the database closes", async () => {
    // The app opens (and so closes) its own embedded database here.
    const app = await buildApp({ config: testConfig(), logger: false });
    let arrive!: () => void;
    const arrived = new Promise<void>((resolve) => (arrive = resolve));
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let outcome: unknown = "not run";
    app.get("/api/test/slow", async () => {
      arrive();
      await released;
      try {
        outcome = await app.db.execute(sql`select 1 as one`);
      } catch (error) {
        outcome = error;
      }
      return { done: true };
    });
    await app.listen({ port: 0, host: "127.0.0.1" });
    const { port } = app.server.address() as AddressInfo;

    const call = httpRequest({ host: "127.0.0.1", port, path: "/api/test/slow" });
    call.on("error", () => {});
    call.end();
    await arrived;
    call.destroy();
    await new Promise((resolve) => call.once("close", resolve));

    const closed = app.close();
    // The HTTP server has no connection left and closes at once; the handler is still waiting.
    await new Promise((resolve) => setTimeout(resolve, 100));
    release();
    await closed;
    expect(outcome).not.toBeInstanceOf(Error);
    expect(outcome).not.toBe("not run");
  }, 30_000);
});
