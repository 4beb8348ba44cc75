/**
 * `npm run bench:startup`: time from starting the server process to its first healthy answer, for the built bundle
 * (`node apps/server/dist/main.js`, what `npm start` runs) beside the TypeScript sources through tsx (the way the
 * server ran before), on one embedded database created (migrated and seeded) by a first start. Runs alternate between
 * the two so machine noise falls on both. Prints a markdown table, writes bench/results/startup-<date>.md (a later run
 * of the day …b.md) and exits non-zero when the built server's median misses the target (≤ 2 s).
 *
 * Environment: BENCH_RUNS (10 per variant).
 */
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { cpus, loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { resultFile } from "../common.js";

const root = fileURLToPath(new URL("../..", import.meta.url));
const RUNS = Number(process.env.BENCH_RUNS ?? 10);
if (!Number.isInteger(RUNS) || RUNS <= 0) throw new Error("BENCH_RUNS must be a positive whole number");
const TARGET_MS = 2000;
const PORT = 3900 + Math.floor(Math.random() * 90);
const dataDir = mkdtempSync(join(tmpdir(), "choir-startup-"));
const loadAtStart = loadavg();

const variants = {
  built: ["apps/server/dist/main.js"],
  "sources (tsx)": ["--import", "tsx", "apps/server/src/main.ts"],
} as const;
type Variant = keyof typeof variants;

async function healthy(child: ChildProcess): Promise<void> {
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`http://127.0.0.1:${PORT}/api/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

async function startOnce(variant: Variant): Promise<number> {
  const started = performance.now();
  const child = spawn(process.execPath, [...variants[variant]], {
    cwd: root,
    stdio: "ignore",
    env: {
      ...process.env,
      NODE_OPTIONS: "",
      NODE_ENV: "development",
      PORT: String(PORT),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      DATABASE_URL: "",
      REDIS_URL: "",
      LOG_LEVEL: "warn",
    },
  });
  try {
    await healthy(child);
    return performance.now() - started;
  } finally {
    const exited = new Promise((resolve) => child.once("exit", resolve));
    child.kill("SIGTERM");
    await exited;
  }
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

const build = spawnSync("npm", ["run", "build", "-w", "@choir/server"], { cwd: root, stdio: "inherit" });
if (build.status !== 0) process.exit(build.status ?? 1);
const web = spawnSync("npm", ["run", "build", "-w", "@choir/web"], { cwd: root, stdio: "ignore" });
if (web.status !== 0) process.exit(web.status ?? 1);

// The first start creates, migrates and seeds the embedded database; it is not counted.
const first = await startOnce("built");
const times: Record<Variant, number[]> = { built: [], "sources (tsx)": [] };
for (let run = 0; run < RUNS; run++) {
  for (const variant of Object.keys(variants) as Variant[]) times[variant].push(await startOnce(variant));
}
rmSync(dataDir, { recursive: true, force: true });

const lines = [
  `# Server start-up, ${new Date().toISOString().slice(0, 10)}`,
  "",
  `Process start to first healthy \`/api/health\`, embedded database already created (first start, not counted: ${first.toFixed(0)} ms). ${RUNS} runs each, alternating. ${cpus().length} cores, load average at start ${loadAtStart.map((load) => load.toFixed(2)).join(" / ")}.`,
  "",
  "| server | median ms | min ms | max ms |",
  "|---|---:|---:|---:|",
  ...(Object.keys(times) as Variant[]).map(
    (variant) =>
      `| ${variant} | ${median(times[variant]).toFixed(0)} | ${Math.min(...times[variant]).toFixed(0)} | ${Math.max(...times[variant]).toFixed(0)} |`,
  ),
  "",
  `Target: built ≤ ${TARGET_MS} ms median — ${median(times.built) <= TARGET_MS ? "met" : "MISSED"}.`,
];
const report = lines.join("\n");
console.log(report);
// A later run of the same day goes to …b.md and on: it never replaces the run it is compared with.
writeFileSync(resultFile("startup", new Date().toISOString().slice(0, 10)), `${report}\n`);
process.exit(median(times.built) <= TARGET_MS ? 0 : 1);
