/**
 * The real server in a child process, so the load generator does not share its event loop: the production build
 * (apps/server/dist/main.js, built from the current sources when the benchmark starts, run with plain node as
 * `npm start` runs it) on the benchmark database, 127.0.0.1, a free port, logging at warn, rate limits off, local
 * sign-in.
 */
import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("../..", import.meta.url));
/** bench/memory-probe.mjs, loaded into a server started with `heapProbe`. */
const PROBE = new URL("../memory-probe.mjs", import.meta.url).href;

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address();
      probe.close(() => (typeof address === "object" && address ? resolve(address.port) : reject()));
    });
  });
}

/** A server's memory after a forced collection (`heapProbe`): V8's heap in use, array buffers, resident size. */
export interface HeapReading {
  heapUsed: number;
  arrayBuffers: number;
  rss: number;
}

export interface RunningServer {
  origin: string;
  pid: number;
  stop(): Promise<void>;
  /** With `heapProbe`: collects the server's garbage and reads its memory (bench/memory-probe.mjs). */
  heap(): Promise<HeapReading>;
  /** The server's song index as /api/health said when it was ready ("off" with SEARCH_INDEX=off). */
  searchIndex?: string;
}

let built = false;

/** Builds the server from the current sources, once per benchmark. */
function buildServer(): void {
  if (built) return;
  execFileSync("npm", ["run", "build", "--silent", "-w", "@choir/server"], { cwd: root, stdio: "inherit" });
  built = true;
}

/**
 * Starts the app's server on the benchmark database; `env` adds configuration (e.g. SEARCH_CACHE_MB). `nodeArgs`
 * are node flags for a server with a TypeScript module of the benchmark's own (`--import` of one): such a server
 * runs from the sources through tsx; without them it is the build. It is returned once its song index has been
 * read, or, with `waitForIndex: false`, as soon as it answers. With `heapProbe`, it runs with `--expose-gc` and the
 * memory probe, and `heap()` reads its memory after a forced collection.
 */
export async function startServer(
  databaseUrl: string,
  env: Record<string, string> = {},
  nodeArgs: string[] = [],
  { waitForIndex = true, heapProbe = false }: { waitForIndex?: boolean; heapProbe?: boolean } = {},
): Promise<RunningServer> {
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(join(tmpdir(), "choir-bench-"));
  const memoryFile = join(dataDir, "memory.json");
  const extraArgs = (process.env.BENCH_SERVER_NODE_ARGS ?? "").split(" ").filter(Boolean);
  if (heapProbe) extraArgs.push("--expose-gc", "--import", PROBE);
  if (nodeArgs.length === 0) buildServer();
  const entry =
    nodeArgs.length === 0
      ? ["apps/server/dist/main.js"]
      : ["--import", "tsx", ...nodeArgs, "apps/server/src/main.ts"];
  // BENCH_SERVER_CPUS pins the server to cores (`taskset -c`, which execs node: the pid stays the server's).
  const pinned = process.env.BENCH_SERVER_CPUS?.trim();
  const [command, args] = pinned
    ? ["taskset", ["-c", pinned, process.execPath, ...extraArgs, ...entry]]
    : [process.execPath, [...extraArgs, ...entry]];
  const child: ChildProcess = spawn(command, args, {
    cwd: root,
    stdio: ["ignore", "inherit", "inherit"],
    env: {
      ...process.env,
      NODE_ENV: "development",
      HOST: "127.0.0.1",
      PORT: String(port),
      PUBLIC_URL: origin,
      DATABASE_URL: databaseUrl,
      DATA_DIR: dataDir,
      JWT_SECRET: randomBytes(48).toString("base64url"),
      LOG_LEVEL: "warn",
      RATE_LIMIT_PER_MINUTE: "0",
      // Local sign-in, local counters, no mail server: whatever the calling shell has set.
      OIDC_CLIENT_ID: "",
      OIDC_CLIENT_SECRET: "",
      REDIS_URL: "",
      SMTP_URL: "",
      ...(heapProbe ? { BENCH_MEMORY_FILE: memoryFile } : {}),
      ...env,
    },
  });
  const heap = async (): Promise<HeapReading> => {
    if (!heapProbe) throw new Error("started without heapProbe");
    rmSync(memoryFile, { force: true });
    child.kill("SIGUSR2");
    const until = Date.now() + 10_000;
    while (!existsSync(memoryFile)) {
      if (Date.now() > until) throw new Error("the server did not report its memory");
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const usage = JSON.parse(readFileSync(memoryFile, "utf8")) as { heapUsed: number; arrayBuffers: number };
    const status = readFileSync(`/proc/${child.pid}/status`, "utf8");
    const rss = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? Number.NaN) * 1024;
    return { heapUsed: usage.heapUsed, arrayBuffers: usage.arrayBuffers, rss };
  };
  let exited = false;
  const exit = new Promise<void>((resolve) =>
    child.once("exit", () => {
      exited = true;
      resolve();
    }),
  );
  const stop = async () => {
    if (!exited) child.kill("SIGTERM");
    await exit;
    rmSync(dataDir, { recursive: true, force: true });
  };
  const until = Date.now() + 180_000;
  for (;;) {
    if (exited) throw new Error("the server exited while starting");
    try {
      const health = await fetch(`${origin}/api/health`);
      // Measured once the song index has been read (searches use the database alone until then).
      const state = health.ok ? ((await health.json()) as { searchIndex?: string }).searchIndex : undefined;
      if (health.ok && (state !== "loading" || !waitForIndex))
        return { origin, pid: child.pid!, stop, heap, searchIndex: state };
    } catch {
      // not listening yet
    }
    if (Date.now() > until) {
      await stop();
      throw new Error("the server was not ready (/api/health, its search index read) within 180 s");
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** Local sign-in as the tests do it (start, the local form, the code exchange): a bearer token. */
export async function signIn(origin: string, person: { name: string; email: string }): Promise<string> {
  const start = await fetch(`${origin}/api/auth/signin-google`, { redirect: "manual" });
  const local = new URL(start.headers.get("location") ?? "", origin);
  const state = local.searchParams.get("state");
  if (start.status !== 302 || !state) throw new Error(`sign-in start answered ${start.status}`);
  // The sign-in cookie goes back with the form and the code exchange, as a browser sends it.
  const cookie = (start.headers.getSetCookie()[0] ?? "").split(";")[0]!;
  const form = await fetch(`${origin}/api/auth/local`, {
    method: "POST",
    redirect: "manual",
    headers: { "content-type": "application/x-www-form-urlencoded", cookie },
    body: new URLSearchParams({ state, ...person }).toString(),
  });
  const code = new URL(form.headers.get("location") ?? "", origin).searchParams.get("token");
  if (form.status !== 303 || !code) throw new Error(`local sign-in answered ${form.status}`);
  const exchange = await fetch(`${origin}/api/auth/token`, {
    method: "POST",
    headers: { "content-type": "application/json", cookie },
    body: JSON.stringify({ code }),
  });
  if (!exchange.ok) throw new Error(`code exchange answered ${exchange.status}`);
  return ((await exchange.json()) as { token: string }).token;
}
