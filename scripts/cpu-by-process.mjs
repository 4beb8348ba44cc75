// Where a run's CPU goes, by kind of process: `node scripts/cpu-by-process.mjs [seconds] -- command args…` runs the
// command (or, without one, samples the whole machine until stopped or for `seconds`) and reads every process's CPU
// from /proc every second. Processes that were running before it started count only what they spend after; what a
// process spends in its last second, after the last reading before it ends, is not counted.
// At the end it prints the CPU seconds of each kind (Chromium's renderers, its browser process, the app servers on
// either database, PostgreSQL, Vitest, Playwright…), their share, and how many cores were busy minute by minute, so
// a slow step can be read as "who does the work" before anything is changed (docs/decisions/0134).
//
//   node scripts/cpu-by-process.mjs -- node scripts/test.mjs "browser tests"
import { spawn } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";

/** Clock ticks a second of /proc/<pid>/stat's times (USER_HZ, 100 on Linux). */
const TICKS = 100;

/** The kind of a process, from its command line and environment. */
export function kindOf(command, environment = "") {
  if (/chrom/.test(command)) {
    const type = /--type=([\w-]+)/.exec(command)?.[1];
    return type ? `chromium ${type}` : "chromium browser";
  }
  if (/^postgres|\/postgres(\s|$)/.test(command)) return "postgresql";
  if (/dist\/main\.js|src\/main\.ts/.test(command)) {
    return /(^|\0)DATABASE_URL=postgres/.test(environment)
      ? "app server (PostgreSQL)"
      : "app server (embedded)";
  }
  if (/vitest/.test(command)) return "vitest";
  if (/playwright/.test(command)) return "playwright";
  if (/fixtures\/(issuer|mail-sink)/.test(command)) return "issuer and mail sink";
  if (/vite(\.js)? build|rolldown|esbuild/.test(command)) return "build";
  return "other";
}

/** utime + stime of a /proc/<pid>/stat line in seconds, and the process's start time (to tell a reused pid). */
export function parseStat(stat) {
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  return { seconds: (Number(fields[11]) + Number(fields[12])) / TICKS, started: fields[19] };
}

function read(path) {
  try {
    return readFileSync(path, "utf8");
  } catch {
    return undefined;
  }
}

/**
 * A sampler of every process's CPU; `sample()` adds what each spent since the last sample to its kind (`classify`,
 * given the command line and environment: `kindOf` unless told).
 */
export function createSampler(classify = kindOf) {
  const known = new Map();
  const totals = new Map();
  const minutes = [];
  const began = Date.now();
  let first = true;
  function sample() {
    let spent = 0;
    for (const pid of readdirSync("/proc")) {
      if (!/^\d+$/.test(pid)) continue;
      const stat = read(`/proc/${pid}/stat`);
      if (!stat) continue;
      const { seconds, started } = parseStat(stat);
      const key = `${pid}:${started}`;
      let entry = known.get(key);
      if (!entry) {
        const command = (read(`/proc/${pid}/cmdline`) ?? "").replace(/\0/g, " ").trim();
        if (!command) continue;
        // A process already running when sampling began counts from now; one that started since, from its start.
        entry = { kind: classify(command, read(`/proc/${pid}/environ`) ?? ""), seconds: first ? seconds : 0 };
        known.set(key, entry);
      }
      const delta = seconds - entry.seconds;
      entry.seconds = seconds;
      if (delta <= 0) continue;
      totals.set(entry.kind, (totals.get(entry.kind) ?? 0) + delta);
      spent += delta;
    }
    first = false;
    const minute = Math.floor((Date.now() - began) / 60_000);
    minutes[minute] = (minutes[minute] ?? 0) + spent;
  }
  return { sample, totals, minutes, began };
}

/** The report: CPU seconds by kind, largest first, with shares, then cores busy each minute. */
export function report({ totals, minutes, began }, now = Date.now()) {
  const all = [...totals.values()].reduce((sum, value) => sum + value, 0);
  const rows = [...totals.entries()]
    .sort((a, b) => b[1] - a[1])
    .map(
      ([kind, seconds]) =>
        `${seconds.toFixed(1).padStart(9)} s ${((100 * seconds) / all).toFixed(0).padStart(3)} %  ${kind}`,
    );
  const wall = (now - began) / 1000;
  const busy = minutes.map((seconds, minute) => {
    const length = Math.min(60, wall - minute * 60);
    return `${minute}: ${length > 0 ? ((seconds ?? 0) / length).toFixed(2) : "–"}`;
  });
  return [
    `CPU by kind of process over ${wall.toFixed(0)} s: ${all.toFixed(0)} s in all (${(all / wall).toFixed(2)} cores busy)`,
    ...rows,
    `cores busy, minute by minute: ${busy.join(", ")}`,
  ].join("\n");
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const args = process.argv.slice(2);
  const dash = args.indexOf("--");
  const command = dash >= 0 ? args.slice(dash + 1) : [];
  const seconds = Number((dash >= 0 ? args.slice(0, dash) : args)[0] ?? 0);
  const sampler = createSampler();
  sampler.sample();
  const timer = setInterval(sampler.sample, 1_000);
  const finish = (code) => {
    clearInterval(timer);
    sampler.sample();
    console.log(`\n${report(sampler)}`);
    process.exit(code);
  };
  if (command.length > 0) {
    const child = spawn(command[0], command.slice(1), { stdio: "inherit" });
    child.on("exit", (code) => finish(code ?? 1));
  } else {
    if (seconds > 0) setTimeout(() => finish(0), seconds * 1000);
    process.on("SIGINT", () => finish(0));
    process.on("SIGTERM", () => finish(0));
  }
}
