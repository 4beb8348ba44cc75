/** What the benchmarks share: settings from the environment, the report file, and the targets' PASS/FAIL lines. */
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { cpus } from "node:os";
import { fileURLToPath } from "node:url";

/** A positive number from the environment, or the default. */
export function envNumber(name: string, fallback: number): number {
  const value = process.env[name] ? Number(process.env[name]) : fallback;
  if (!Number.isFinite(value) || value <= 0) throw new Error(`${name} must be a positive number`);
  return value;
}

/** Where the local PostgreSQL listens on its Unix socket (Debian's default directory). */
const POSTGRES_SOCKET_DIR = "/var/run/postgresql";

/**
 * The database a benchmark drops and makes again: BENCH_DATABASE_URL, else `database` on the local PostgreSQL, over
 * its Unix socket when it has one (as README recommends when the server and PostgreSQL share a machine: each
 * statement costs the server's thread less than over TCP on loopback), else over TCP on 127.0.0.1:5432.
 */
export function benchDatabaseUrl(
  database: string,
  {
    env = process.env,
    socketDir = POSTGRES_SOCKET_DIR,
  }: { env?: NodeJS.ProcessEnv; socketDir?: string } = {},
): string {
  if (env.BENCH_DATABASE_URL) return env.BENCH_DATABASE_URL;
  return existsSync(`${socketDir}/.s.PGSQL.5432`)
    ? `postgres://postgres@localhost/${database}?host=${socketDir}`
    : `postgres://postgres@127.0.0.1:5432/${database}`;
}

/**
 * How the server reaches PostgreSQL, for a report: a Unix socket (`?host=/var/run/postgresql`) costs the server's
 * thread less per statement than TCP on loopback.
 */
export function postgresConnection(url: string): string {
  const parsed = new URL(url);
  const host = parsed.searchParams.get("host") ?? parsed.hostname;
  return host.startsWith("/") ? `the Unix socket in ${host}` : `TCP to ${host}:${parsed.port || "5432"}`;
}

export const ms = (value: number) => (value < 10 ? value.toFixed(1) : value.toFixed(0));
export const whole = (value: number) => Math.round(value).toLocaleString("en-US");

/** Collects PASS/FAIL lines into `lines`; `failed` counts the misses. */
export function targets(lines: string[]) {
  let failed = 0;
  return {
    check(ok: boolean, text: string) {
      failed += Number(!ok);
      lines.push(`- ${ok ? "PASS" : "FAIL"} ${text}`);
    },
    get failed() {
      return failed;
    },
  };
}

/**
 * The file of a run's results: bench/results/{name}-{date}.md, or with a letter after the date (…b.md, …c.md) when
 * an earlier run of the same day is there, so that a run never replaces the one it is compared with.
 */
export function resultFile(name: string, date: string): string {
  mkdirSync(fileURLToPath(new URL("./results/", import.meta.url)), { recursive: true });
  // "", b … z, then zb … zz: the files of one day sort in the order they were written.
  const letters = [..."bcdefghijklmnopqrstuvwxyz"];
  for (const suffix of ["", ...letters, ...letters.map((letter) => `z${letter}`)]) {
    const file = fileURLToPath(new URL(`./results/${name}-${date}${suffix}.md`, import.meta.url));
    if (!existsSync(file)) return file;
  }
  throw new Error(`bench/results holds too many ${name} runs of ${date}`);
}

/**
 * Prints the context and the report, and writes it to `resultFile(name, date)`. Returns the path written.
 */
export function writeReport(
  name: string,
  title: string,
  startedAt: Date,
  context: string,
  lines: string[],
): string {
  console.log(`\n${context}\n\n${lines.join("\n")}`);
  const date = startedAt.toISOString().slice(0, 10);
  const file = resultFile(name, date);
  writeFileSync(
    file,
    [
      `# ${title}, ${date}`,
      "",
      `\`npm run bench:${name}\` at ${startedAt.toISOString()}: ${context}`,
      "",
      ...lines,
      "",
    ].join("\n"),
  );
  console.log(`\nwritten to ${file}`);
  return file;
}

/** One call to the API as a signed-in person: its status and its text, whatever the status. */
export async function sendAs(
  origin: string,
  token: string,
  method: string,
  path: string,
  body?: unknown,
): Promise<{ status: number; text: string }> {
  const response = await fetch(`${origin}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(body === undefined ? {} : { "content-type": "application/json" }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, text: await response.text() };
}

/** The pids of the machine's PostgreSQL processes (the postmaster and its children), from /proc. */
export function postgresPids(): number[] {
  const pids: number[] = [];
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (readFileSync(`/proc/${entry}/comm`, "utf8").trim() === "postgres") pids.push(Number(entry));
    } catch {
      // gone meanwhile
    }
  }
  return pids;
}

/** Linux's clock ticks a second, as /proc counts CPU time (`getconf CLK_TCK`: 100 on every common build). */
const CLOCK_TICKS = 100;

/** CPU seconds (user and system) of a process so far, from /proc; 0 when it is gone. */
export function cpuSeconds(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS;
  } catch {
    return 0;
  }
}

/** CPU seconds so far: the app's server processes, the machine's PostgreSQL, and this process (the load). */
export interface CpuReading {
  server: number;
  postgres: number;
  generator: number;
}

/** Reads the CPU spent so far by the server processes `serverPids`, by PostgreSQL's processes and by this one. */
export function cpuNow(serverPids: number[]): CpuReading {
  let postgres = 0;
  for (const pid of postgresPids()) postgres += cpuSeconds(pid);
  const own = process.cpuUsage();
  return {
    server: serverPids.reduce((total, pid) => total + cpuSeconds(pid), 0),
    postgres,
    generator: (own.user + own.system) / 1e6,
  };
}

/** What each side spent between two readings: a share of a core over `seconds`, and milliseconds per request. */
export interface CpuSpent {
  cores: number;
  msEach: number;
}

export function cpuSpent(
  before: CpuReading,
  after: CpuReading,
  seconds: number,
  requests: number,
): Record<keyof CpuReading, CpuSpent> {
  const side = (key: keyof CpuReading): CpuSpent => {
    const spent = Math.max(0, after[key] - before[key]);
    return { cores: spent / seconds, msEach: (spent * 1000) / Math.max(requests, 1) };
  };
  return { server: side("server"), postgres: side("postgres"), generator: side("generator") };
}

/** "0.63 of a core (1.13 ms a call)". */
export const describeCpu = (spent: CpuSpent, unit = "call") =>
  `${spent.cores.toFixed(2)} of a core (${spent.msEach.toFixed(2)} ms a ${unit})`;

/**
 * The cores each side is given (`taskset`), to show what one more core buys: BENCH_SERVER_CPUS for the server
 * (bench/search/server.ts), BENCH_POSTGRES_CPUS for the machine's PostgreSQL (put back on every core by `restore`),
 * the load wherever the caller's own `taskset` put this process. `described` is empty when nothing is pinned.
 */
export function pinningFromEnv(env: NodeJS.ProcessEnv = process.env): {
  described: string;
  restore: () => void;
} {
  const serverCpus = env.BENCH_SERVER_CPUS?.trim();
  const postgresCpus = env.BENCH_POSTGRES_CPUS?.trim();
  if (!serverCpus && !postgresCpus) return { described: "", restore: () => {} };
  const restore = postgresCpus ? pinPostgres(postgresCpus) : () => {};
  const own = execFileSync("taskset", ["-c", "-p", String(process.pid)], { encoding: "utf8" })
    .split(":")
    .pop()
    ?.trim();
  const described = [
    serverCpus ? `the server on cores ${serverCpus}` : "",
    postgresCpus ? `PostgreSQL on cores ${postgresCpus}` : "",
    `the load on cores ${own}`,
  ]
    .filter(Boolean)
    .join(", ");
  return { described, restore };
}

/**
 * Pins the local PostgreSQL's processes to `cores` (`taskset -c` syntax; new backends inherit the postmaster's) and
 * returns what puts them back on every core, as the machine's services run. Needs the right to set their affinity
 * (root, or the postgres user).
 */
export function pinPostgres(cores: string): () => void {
  const set = (list: string) => {
    for (const pid of postgresPids()) {
      try {
        execFileSync("taskset", ["-a", "-p", "-c", list, String(pid)], { stdio: "ignore" });
      } catch {
        // ended meanwhile
      }
    }
  };
  set(cores);
  // Every core of the machine: os.cpus() counts them all, where a pinned process's availableParallelism() counts its own.
  return () => set(`0-${cpus().length - 1}`);
}
