// `npm test`: lint, types, unit and API tests on the embedded database and on PostgreSQL, quick start, browser tests.
// Runs every step and closes with a table of the steps and their durations, the slowest test files, every skipped
// test with its reason and every failed test; exits non-zero when anything failed.
//
// Services: PostgreSQL (DATABASE_TEST_URL, default the local server) and Redis (REDIS_TEST_URL, default the local
// server). REQUIRE_SERVICES=1 (CI; the older REQUIRE_POSTGRES=1 means the same) makes a service that does not answer,
// and any skipped test, a failure. Without it, what needs a missing service is skipped and named in the summary.
//
// `node scripts/test.mjs <step> …` runs only the named steps (as they appear in the summary).
import { spawn, spawnSync } from "node:child_process";
import { createWriteStream, mkdirSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { createConnection } from "node:net";
import { availableParallelism } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { timedReport } from "../e2e/run.mjs";
import { chromiumNote, installedChromium, picturesChromium } from "./chromium.mjs";
import {
  addOutcome,
  emptyOutcome,
  floorShortfalls,
  formatSeconds,
  formatSummary,
  readPlaywright,
  readVitest,
  runFailed,
  testsFound,
} from "./test-report.mjs";

const root = fileURLToPath(new URL("..", import.meta.url));
const results = join(root, ".test-results");
rmSync(results, { recursive: true, force: true });
mkdirSync(results, { recursive: true });

const requireServices = process.env.REQUIRE_SERVICES === "1" || process.env.REQUIRE_POSTGRES === "1";
const postgresUrl = process.env.DATABASE_TEST_URL || "postgres://postgres@127.0.0.1:5432/postgres";
const redisUrl = process.env.REDIS_TEST_URL || "redis://127.0.0.1:6379";
const only = process.argv.slice(2);
const wanted = (name) => only.length === 0 || only.includes(name);
const runStarted = Date.now();

const steps = [];
const outcome = emptyOutcome();
// Children see both names, so the browser tests' own PostgreSQL check follows the same rule.
const requireEnv = requireServices ? { REQUIRE_SERVICES: "1", REQUIRE_POSTGRES: "1" } : {};

const STEP = {
  lint: "lint",
  typecheck: "typecheck",
  structure: "structure",
  services: "services",
  embedded: "unit + API (embedded database)",
  postgres: "API (PostgreSQL)",
  quickstart: "quick start",
  chromium: "browser: ensure Chromium",
  browser: "browser tests",
};

/**
 * Runs a step; its output goes to the terminal, or, with `log`, to that file, printed once the step ends (for steps
 * that run beside another). Resolves with whether it passed.
 */
function run(name, command, args, { env = {}, log } = {}) {
  if (!wanted(name)) return Promise.resolve(undefined);
  const started = Date.now();
  const header = `\n━━ ${name}: ${command} ${args.join(" ")}`;
  if (!log) console.log(header);
  const child = spawn(command, args, {
    cwd: root,
    stdio: log ? ["ignore", "pipe", "pipe"] : "inherit",
    env: { ...process.env, ...requireEnv, ...env },
  });
  if (log) {
    const file = createWriteStream(log);
    child.stdout.pipe(file);
    child.stderr.pipe(file);
  }
  return new Promise((resolve) => {
    child.once("close", (code) => {
      const seconds = (Date.now() - started) / 1000;
      const ok = code === 0;
      if (log) {
        console.log(`${header} (ran alongside; its output follows)`);
        process.stdout.write(readFileSync(log, "utf8"));
      }
      steps.push({ name, status: ok ? "ok" : "FAIL", seconds });
      resolve(ok);
    });
  });
}

/** A step that cannot run because a service is missing: a failure when services are required, else a skip. */
function missing(name, why) {
  if (!wanted(name)) return;
  if (requireServices) {
    console.error(`\n━━ ${name}: FAILED, ${why} (REQUIRE_SERVICES=1)`);
    steps.push({ name, status: "FAIL", seconds: 0, note: why });
  } else {
    console.warn(`\n━━ ${name}: skipped, ${why}`);
    steps.push({ name, status: "skip", seconds: 0, note: why });
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

const vitest = (file) => [
  "vitest",
  "run",
  "--reporter=default",
  "--reporter=json",
  `--outputFile.json=${file}`,
];

await run(STEP.lint, "npm", ["run", "-s", "lint"]);
await run(STEP.typecheck, "npm", ["run", "-s", "typecheck"]);
// No product file over the line limit, no import circle (scripts/check-structure.mjs, CONTRIBUTING.md).
await run(STEP.structure, "node", ["scripts/check-structure.mjs", "--check"]);

const [postgresUp, redisUp] = await Promise.all([reachable(postgresUrl), reachable(redisUrl)]);
const services = [
  `PostgreSQL ${postgresUp ? "answers" : "does not answer"} at ${new URL(postgresUrl).host}`,
  `Redis ${redisUp ? "answers" : "does not answer"} at ${new URL(redisUrl).host}`,
].join("; ");
console.log(`\n━━ services: ${services}`);
steps.push({
  name: STEP.services,
  status: postgresUp && redisUp ? "ok" : requireServices ? "FAIL" : "warn",
  seconds: 0,
  note: postgresUp && redisUp ? services : `${services}${requireServices ? " (REQUIRE_SERVICES=1)" : ""}`,
});
// Without Redis the tests that need it skip, each named in the summary with the reason.
const redisEnv = { REDIS_TEST_URL: redisUp ? redisUrl : "" };

// The playlist PDF tests read the songbooks back with poppler-utils; install it when a vitest step is to run.
if (wanted(STEP.embedded) || wanted(STEP.postgres)) {
  spawnSync("bash", ["scripts/ensure-poppler.sh"], { cwd: root, stdio: "inherit" });
}

// The two Vitest runs go side by side when the machine has cores to spare (each run already keeps one worker per
// core busy): from four cores, or with TEST_SIDE_BY_SIDE=1; TEST_SIDE_BY_SIDE=0 runs them one after the other. Side by
// side, the PostgreSQL run's output is printed when it ends.
const sideBySide =
  process.env.TEST_SIDE_BY_SIDE === "1" ||
  (process.env.TEST_SIDE_BY_SIDE !== "0" && availableParallelism() >= 4);
const embeddedReport = join(results, "vitest-embedded.json");
const postgresReport = join(results, "vitest-postgres.json");
const vitestRuns = [
  run(STEP.embedded, "npx", vitest(embeddedReport), { env: { ...redisEnv, DATABASE_TEST_URL: "" } }),
];
if (!sideBySide) await vitestRuns[0];
if (postgresUp) {
  vitestRuns.push(
    run(STEP.postgres, "npx", [...vitest(postgresReport), "--project", "server"], {
      env: { ...redisEnv, DATABASE_TEST_URL: postgresUrl },
      log: sideBySide && wanted(STEP.embedded) ? join(results, "vitest-postgres.log") : undefined,
    }),
  );
} else {
  missing(STEP.postgres, `PostgreSQL not reachable at ${new URL(postgresUrl).host}`);
  if (wanted(STEP.postgres) && !requireServices) {
    // The files that only the PostgreSQL run has, named so their absence is seen.
    for (const file of readdirSync(join(root, "apps/server/test")).filter((f) => f.endsWith(".pg.test.ts"))) {
      outcome.skips.push({
        name: `apps/server/test/${file} (whole file)`,
        reason: "needs PostgreSQL, which does not answer",
      });
    }
  }
}
await Promise.all(vitestRuns);
const embeddedOutcome = readVitest(embeddedReport, root);
const postgresOutcome = readVitest(postgresReport, root);
addOutcome(outcome, embeddedOutcome);
addOutcome(outcome, postgresOutcome);
// The tests each run found, judged against the recorded floors: only the runs that ran whole.
const found = {};
if (wanted(STEP.embedded)) found["unit + API (embedded database)"] = testsFound(embeddedOutcome);
if (wanted(STEP.postgres) && postgresUp) found["API (PostgreSQL)"] = testsFound(postgresOutcome);

// The quick start's `npm start` builds the web app and the server as production runs them; the browser tests then
// serve that build rather than making it again (a build is about 20 s of two cores on a slow machine). When the quick
// start did not run or failed, the browser tests build for themselves.
const quickstartBuilt = await run(STEP.quickstart, "node", ["scripts/check-quickstart.mjs"]);

if (await run(STEP.chromium, "bash", ["scripts/ensure-chromium.sh"])) {
  // The practice player's browser test makes its rehearsal tracks with SoX.
  spawnSync("bash", ["scripts/ensure-sox.sh"], { cwd: root, stdio: "inherit" });
  const browserReport = join(results, "playwright.json");
  await run(STEP.browser, "npm", ["run", "-s", "test:e2e"], {
    env: {
      PLAYWRIGHT_JSON_OUTPUT_NAME: browserReport,
      DATABASE_URL: "",
      ...(quickstartBuilt ? { CHOIR_E2E_BUILT: "1" } : {}),
    },
  });
  // The Chromium that ran, against the one the compared pictures were taken with.
  const browserStep = steps.find((step) => step.name === STEP.browser);
  if (browserStep) browserStep.note = chromiumNote(installedChromium(), picturesChromium());
  // e2e/run.mjs runs the timed tests apart, with their report beside the first run's.
  const browserOutcome = readPlaywright(browserReport);
  const timedOutcome = readPlaywright(timedReport(browserReport));
  addOutcome(outcome, browserOutcome);
  addOutcome(outcome, timedOutcome);
  for (const [project, count] of Object.entries(timedOutcome.projects)) {
    browserOutcome.projects[project] = (browserOutcome.projects[project] ?? 0) + count;
  }
  // Each project apart: the PostgreSQL project is absent when PostgreSQL is (a skip named above, failed in CI).
  if (wanted(STEP.browser)) {
    for (const project of ["desktop", "phone", "timed", ...(postgresUp ? ["postgres"] : [])]) {
      found[`browser: ${project}`] = browserOutcome.projects[project] ?? 0;
    }
  }
}

// Steps in the order they were planned, whatever order the side-by-side ones finished in.
const order = Object.values(STEP);
steps.sort((a, b) => (order.indexOf(a.name) + 1 || 99) - (order.indexOf(b.name) + 1 || 99));
const wallSeconds = (Date.now() - runStarted) / 1000;
console.log("");
const shortfalls = floorShortfalls(
  found,
  JSON.parse(readFileSync(join(root, "scripts/test-floor.json"), "utf8")),
);
for (const line of formatSummary({ steps, outcome, wallSeconds, shortfalls })) console.log(line);
const failed = runFailed({ steps, outcome, requireServices, shortfalls });
if (requireServices && outcome.skips.length > 0) {
  console.log("FAIL  tests were skipped while REQUIRE_SERVICES=1 (every test must run in CI)");
}
console.log(failed ? `npm test: FAILED after ${formatSeconds(wallSeconds)}` : "npm test: passed");
process.exit(failed ? 1 : 0);
