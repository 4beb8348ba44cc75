// `npm test`: lint, types, unit and API tests on the embedded database and on PostgreSQL, browser tests.
// Runs every step, prints one line per step and a closing count; exits non-zero when anything failed.
// REQUIRE_POSTGRES=1 turns an unreachable PostgreSQL (or Redis) into a failure instead of a skip.
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, rmSync } from "node:fs";
import { createConnection } from "node:net";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { stripVTControlCharacters } from "node:util";

const root = fileURLToPath(new URL("..", import.meta.url));
const results = join(root, ".test-results");
rmSync(results, { recursive: true, force: true });
mkdirSync(results, { recursive: true });

const requirePostgres = process.env.REQUIRE_POSTGRES === "1";
const postgresUrl = process.env.DATABASE_TEST_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const redisUrl = process.env.REDIS_TEST_URL ?? "redis://127.0.0.1:6379";
const only = process.argv.slice(2);

const steps = [];
const totals = { passed: 0, failed: 0, skipped: 0 };
/** Names of the tests that failed, repeated in the summary so the end of the output says which. */
const failures = [];

function run(name, command, args, env = {}) {
  if (only.length > 0 && !only.includes(name)) return;
  console.log(`\n━━ ${name}: ${command} ${args.join(" ")}`);
  const started = Date.now();
  const child = spawnSync(command, args, { cwd: root, stdio: "inherit", env: { ...process.env, ...env } });
  const ok = child.status === 0;
  steps.push({ name, ok, seconds: Math.round((Date.now() - started) / 1000) });
  return ok;
}

function skip(name, why) {
  if (only.length > 0 && !only.includes(name)) return;
  if (requirePostgres) {
    console.error(`\n━━ ${name}: FAILED, ${why} (REQUIRE_POSTGRES=1)`);
    steps.push({ name, ok: false, seconds: 0 });
  } else {
    console.warn(`\n━━ ${name}: skipped, ${why}`);
    steps.push({ name, ok: true, skipped: true, seconds: 0 });
  }
}

function reachable(url) {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = createConnection({ host: hostname, port: Number(port) });
    socket.setTimeout(2000);
    socket.once("connect", () => resolve(socket.end() && true));
    socket.once("timeout", () => resolve(socket.destroy() && false));
    socket.once("error", () => resolve(false));
  });
}

function countVitest(file) {
  if (!existsSync(file)) return;
  const report = JSON.parse(readFileSync(file, "utf8"));
  totals.passed += report.numPassedTests;
  totals.failed += report.numFailedTests;
  totals.skipped += report.numPendingTests + report.numTodoTests;
  for (const suite of report.testResults ?? []) {
    for (const test of suite.assertionResults ?? []) {
      if (test.status === "failed") failures.push(`${suite.name.replace(root, "")} › ${test.fullName}`);
    }
  }
}

function countPlaywright(file) {
  if (!existsSync(file)) return;
  const report = JSON.parse(readFileSync(file, "utf8"));
  const { stats } = report;
  totals.passed += stats.expected + stats.flaky;
  totals.failed += stats.unexpected;
  totals.skipped += stats.skipped;
  const walk = (suite, path) => {
    const here = suite.title && !suite.title.endsWith(".ts") ? [...path, suite.title] : path;
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) {
        if (test.status !== "unexpected") continue;
        const last = test.results?.at(-1);
        const why = stripVTControlCharacters(last?.error?.message ?? last?.errors?.[0]?.message ?? "")
          .split("\n")[0]
          .slice(0, 300);
        failures.push(`${spec.file} › ${[...here, spec.title].join(" › ")}${why ? ` — ${why}` : ""}`);
      }
    }
    for (const child of suite.suites ?? []) walk(child, here);
  };
  for (const suite of report.suites ?? []) walk(suite, []);
}

const vitest = (file) => [
  "vitest",
  "run",
  "--reporter=default",
  "--reporter=json",
  `--outputFile.json=${file}`,
];

run("lint", "npx", ["biome", "check", "."]);
run("typecheck", "npm", ["run", "-s", "typecheck"]);

const redisUp = await reachable(redisUrl);
const redisEnv = redisUp ? { REDIS_TEST_URL: redisUrl } : {};
if (!redisUp) skip("redis", `Redis not reachable at ${redisUrl}: shared rate-limit tests cannot run`);

// The playlist PDF tests read the songbooks back with poppler-utils; install it when a vitest step is to run.
const vitestSteps = ["unit + API (embedded database)", "API (PostgreSQL)"];
if (only.length === 0 || vitestSteps.some((name) => only.includes(name))) {
  spawnSync("bash", ["scripts/ensure-poppler.sh"], { cwd: root, stdio: "inherit" });
}

const embedded = join(results, "vitest-embedded.json");
run("unit + API (embedded database)", "npx", vitest(embedded), { ...redisEnv, DATABASE_TEST_URL: "" });
countVitest(embedded);

if (await reachable(postgresUrl)) {
  const postgres = join(results, "vitest-postgres.json");
  run("API (PostgreSQL)", "npx", [...vitest(postgres), "--project", "server"], {
    ...redisEnv,
    DATABASE_TEST_URL: postgresUrl,
  });
  countVitest(postgres);
} else {
  skip("API (PostgreSQL)", `PostgreSQL not reachable at ${postgresUrl}`);
}

if (run("browser: ensure Chromium", "bash", ["scripts/ensure-chromium.sh"])) {
  const browser = join(results, "playwright.json");
  run("browser tests", "npm", ["run", "-s", "test:e2e"], {
    PLAYWRIGHT_JSON_OUTPUT_NAME: browser,
    DATABASE_URL: "",
  });
  countPlaywright(browser);
}

run("quick start", "node", ["scripts/check-quickstart.mjs"]);

console.log("\n━━ summary");
for (const step of steps) {
  console.log(`${step.ok ? (step.skipped ? "skip" : " ok ") : "FAIL"}  ${step.name} (${step.seconds}s)`);
}
const failedSteps = steps.filter((step) => !step.ok).length;
for (const failure of failures) console.log(`FAIL  ${failure}`);
console.log(`tests: ${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(failedSteps > 0 || totals.failed > 0 ? 1 : 0);
