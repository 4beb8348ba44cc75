import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import pg from "pg";

const serverDir = fileURLToPath(new URL("..", import.meta.url));

/** A server started as its own process, as in production, on a free-ish port. */
export interface ServerProcess {
  child: ChildProcess;
  base: string;
  output: () => string;
  /** Resolves with the exit code (or signal) when the process ends. */
  exited: Promise<number | string | null>;
}

/**
 * Starts a server process on the embedded database unless `env` says otherwise. `built` runs the production bundle
 * (`node dist/main.js`, see build.config.ts) instead of the TypeScript sources through tsx.
 */
export async function startServerProcess(
  env: Record<string, string>,
  { built = false }: { built?: boolean } = {},
): Promise<ServerProcess> {
  // Below Linux's ephemeral range (32768–60999), where outgoing connections take their ports.
  const port = 20_000 + Math.floor(Math.random() * 12_000);
  const base = `http://127.0.0.1:${port}`;
  let output = "";
  const child = spawn(process.execPath, built ? ["dist/main.js"] : ["--import", "tsx", "src/main.ts"], {
    cwd: serverDir,
    env: {
      ...process.env,
      NODE_ENV: "development",
      PORT: String(port),
      HOST: "127.0.0.1",
      PUBLIC_URL: base,
      DATA_DIR: mkdtempSync(join(tmpdir(), "choir-process-")),
      DATABASE_URL: "",
      REDIS_URL: "",
      SMTP_URL: "",
      OIDC_ISSUER: "",
      JWT_SECRET: "process-test-secret-long-enough-for-hs256",
      RATE_LIMIT_PER_MINUTE: "0",
      LOG_LEVEL: "warn",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout?.on("data", (chunk) => (output += chunk));
  child.stderr?.on("data", (chunk) => (output += chunk));
  const exited = new Promise<number | string | null>((resolve) =>
    child.once("exit", (code, signal) => resolve(code ?? signal)),
  );
  for (let i = 0; i < 300; i++) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}: ${output}`);
    try {
      if ((await fetch(`${base}/api/health`)).ok) return { child, base, output: () => output, exited };
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  child.kill("SIGKILL");
  throw new Error(`server did not start: ${output}`);
}

/** Signs a person in through the local sign-in form of a server process; returns the session token. */
export async function signInOver(base: string, name: string, email: string): Promise<string> {
  const start = await fetch(`${base}/api/auth/signin-google`, { redirect: "manual" });
  const state = new URL(String(start.headers.get("location")), base).searchParams.get("state")!;
  // The sign-in cookie goes back with the form and the code exchange, as a browser sends it.
  const cookie = (start.headers.getSetCookie()[0] ?? "").split(";")[0]!;
  const form = await fetch(`${base}/api/auth/local`, {
    method: "POST",
    redirect: "manual",
    headers: { "content-type": "application/x-www-form-urlencoded", cookie },
    body: new URLSearchParams({ state, name, email }).toString(),
  });
  const code = new URL(String(form.headers.get("location"))).searchParams.get("token");
  if (!code) throw new Error(`local sign-in answered ${form.status}`);
  const exchanged = await fetch(`${base}/api/auth/token`, {
    method: "POST",
    headers: { "content-type": "application/json", cookie },
    body: JSON.stringify({ code }),
  });
  if (!exchanged.ok) throw new Error(`token exchange answered ${exchanged.status}`);
  return ((await exchanged.json()) as { token: string }).token;
}

/** A JSON call to a server process. */
export async function call(
  base: string,
  token: string | undefined,
  method: string,
  path: string,
  body?: unknown,
): Promise<{ status: number; json: () => unknown }> {
  const response = await fetch(`${base}${path}`, {
    method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body === undefined ? {} : { "content-type": "application/json" }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, json: () => (text ? JSON.parse(text) : undefined) };
}

/** A new, empty PostgreSQL database on the server of `adminUrl`; `drop` removes it. */
export async function scratchDatabase(adminUrl: string, label: string) {
  const name = `choir_test_${label}_${randomBytes(5).toString("hex")}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const cleanup = new pg.Client({ connectionString: adminUrl });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${name} with (force)`);
      await cleanup.end();
    },
  };
}
