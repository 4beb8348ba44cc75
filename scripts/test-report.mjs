// Reading the reports of `npm test` (Vitest's and Playwright's JSON) and writing its summary: one row per step with
// its duration, every failed test, every skipped test with the reason, the slowest files, the counts.
import { existsSync, readFileSync } from "node:fs";
import { basename } from "node:path";
import { stripVTControlCharacters } from "node:util";

/** What a step's tests came to. */
export function emptyOutcome() {
  return { passed: 0, failed: 0, skipped: 0, failures: [], skips: [], files: [] };
}

/** Adds `more` to `total` (both outcomes). */
export function addOutcome(total, more) {
  total.passed += more.passed;
  total.failed += more.failed;
  total.skipped += more.skipped;
  total.failures.push(...more.failures);
  total.skips.push(...more.skips);
  total.files.push(...more.files);
  return total;
}

const firstLine = (text) =>
  stripVTControlCharacters(text ?? "")
    .split("\n")[0]
    .slice(0, 300);

/**
 * A Vitest JSON report: counts, failed and skipped tests by name (a skip's reason is the `skipReason` of its meta,
 * which `describe(…, needsRedis, …)` sets), and each file's duration. `root` is cut from the file names.
 * A missing report (the step did not run, or crashed before writing it) is no tests.
 */
export function readVitest(file, root = "") {
  const outcome = emptyOutcome();
  if (!existsSync(file)) return outcome;
  const report = JSON.parse(readFileSync(file, "utf8"));
  outcome.passed = report.numPassedTests ?? 0;
  outcome.failed = report.numFailedTests ?? 0;
  outcome.skipped = (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0);
  for (const suite of report.testResults ?? []) {
    const name =
      root && suite.name.startsWith(root) ? suite.name.slice(root.length).replace(/^\//, "") : suite.name;
    outcome.files.push({ name, seconds: Math.max(0, (suite.endTime - suite.startTime) / 1000) });
    // A file that failed to load has no tests to name: its error stands for them.
    if (suite.status === "failed" && (suite.assertionResults ?? []).length === 0) {
      outcome.failures.push(`${name}${suite.message ? ` — ${firstLine(suite.message)}` : ""}`);
      outcome.failed += 1;
    }
    for (const test of suite.assertionResults ?? []) {
      if (test.status === "failed") {
        const why = firstLine(test.failureMessages?.[0]);
        outcome.failures.push(`${name} › ${test.fullName}${why ? ` — ${why}` : ""}`);
      } else if (test.status === "pending" || test.status === "skipped" || test.status === "todo") {
        outcome.skips.push({
          name: `${name} › ${test.fullName}`,
          reason:
            test.meta?.skipReason ??
            (test.status === "todo" ? "todo" : "skipped in the test code, no reason given"),
        });
      }
    }
  }
  return outcome;
}

/**
 * "screens changed: a-en-390.png (412 pixels), …" when a test's errors (soft ones included) are picture comparisons
 * only, so the summary says which screens to look at; otherwise nothing, and the first error speaks.
 */
export function changedScreens(errors = []) {
  const screens = [];
  for (const error of errors) {
    const message = stripVTControlCharacters(error?.message ?? "");
    const snapshot = /Snapshot: (\S+)/.exec(message);
    if (!message.includes("toHaveScreenshot") || !snapshot) return undefined;
    const pixels = /(\d+) pixels \(ratio/.exec(message);
    const size = /Expected an image (\d+px by \d+px), received (\d+px by \d+px)/.exec(message);
    const what = pixels ? `${pixels[1]} pixels` : size ? `${size[1]} → ${size[2]}` : "changed";
    screens.push(`${snapshot[1]} (${what})`);
  }
  return screens.length > 0 ? `screens changed: ${screens.join(", ")}` : undefined;
}

/**
 * Where a failure happened and what the assertion saw, to follow its first line: " (at offline.spec.ts:246;
 * received "…")". The line is the spec's own (the first spec frame of the stack) when the assertion failed inside a
 * helper, else the error's location.
 */
export function failureDetail(error) {
  if (!error) return "";
  const parts = [];
  const specFrame = /([^\s()/]+\.spec\.ts):(\d+):\d+/.exec(stripVTControlCharacters(error.stack ?? ""));
  const location = error.location;
  if (specFrame) parts.push(`at ${specFrame[1]}:${specFrame[2]}`);
  else if (location?.file && location.line) parts.push(`at ${basename(location.file)}:${location.line}`);
  const message = stripVTControlCharacters(error.message ?? "");
  const received = /^\s*Received[^:\n]*:\s*(.+)$/m.exec(message);
  if (received) parts.push(`received ${received[1].trim().slice(0, 160)}`);
  return parts.length > 0 ? ` (${parts.join("; ")})` : "";
}

/**
 * A Playwright JSON report: counts, failed and skipped tests by name (a skip's reason is its `skip` annotation), and
 * `projects`: how many tests the report holds for each project (run or not).
 */
export function readPlaywright(file) {
  const outcome = { ...emptyOutcome(), projects: {} };
  if (!existsSync(file)) return outcome;
  const report = JSON.parse(readFileSync(file, "utf8"));
  const { stats } = report;
  outcome.passed = (stats?.expected ?? 0) + (stats?.flaky ?? 0);
  outcome.failed = stats?.unexpected ?? 0;
  outcome.skipped = stats?.skipped ?? 0;
  // Top-level errors (the config threw, a web server did not start) fail the step without any test.
  for (const error of report.errors ?? [])
    outcome.failures.push(`browser tests — ${firstLine(error.message)}`);
  const walk = (suite, path) => {
    const here = suite.title && !suite.title.endsWith(".ts") ? [...path, suite.title] : path;
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) {
        const project = test.projectName || "default";
        outcome.projects[project] = (outcome.projects[project] ?? 0) + 1;
        const name = `${spec.file} › ${[...here, spec.title].join(" › ")}${test.projectName ? ` [${test.projectName}]` : ""}`;
        if (test.status === "unexpected") {
          const last = test.results?.at(-1);
          const error = last?.error ?? last?.errors?.[0];
          const why = changedScreens(last?.errors) ?? `${firstLine(error?.message)}${failureDetail(error)}`;
          outcome.failures.push(`${name}${why ? ` — ${why}` : ""}`);
        } else if (test.status === "skipped") {
          const note = [...(test.annotations ?? []), ...(spec.annotations ?? [])].find(
            (a) => a.type === "skip",
          );
          // A test that never started has no result: Playwright leaves out a project's tests when a project it
          // depends on failed (the timed tests wait for every other one).
          const started = (test.results ?? []).length > 0;
          outcome.skips.push({
            name,
            reason:
              note?.description ||
              (started
                ? "skipped in the test code, no reason given"
                : "not run: a test of a project it waits for failed"),
          });
        }
      }
    }
    for (const child of suite.suites ?? []) walk(child, here);
  };
  for (const suite of report.suites ?? []) walk(suite, []);
  return outcome;
}

/** `93.4` → "1 min 33 s"; under a minute "12.3 s". */
export function formatSeconds(seconds) {
  if (seconds < 60) return `${seconds.toFixed(1)} s`;
  const minutes = Math.floor(seconds / 60);
  return `${minutes} min ${String(Math.round(seconds - minutes * 60)).padStart(2, "0")} s`;
}

/**
 * The closing summary, as lines. `steps`: `{ name, status: "ok" | "FAIL" | "skip", seconds, note? }` in order;
 * `outcome`: all tests together; `wallSeconds`: the whole run.
 */
export function formatSummary({ steps, outcome, wallSeconds, slowest = 8, shortfalls = [] }) {
  const lines = ["━━ summary", ""];
  const width = Math.max(4, ...steps.map((step) => step.name.length));
  lines.push(`${"result".padEnd(6)}  ${"step".padEnd(width)}  ${"time".padStart(10)}`);
  lines.push(`${"-".repeat(6)}  ${"-".repeat(width)}  ${"-".repeat(10)}`);
  for (const step of steps) {
    const time = step.status === "skip" ? "—" : formatSeconds(step.seconds);
    const note = step.note ? `  ${step.note}` : "";
    lines.push(`${step.status.padEnd(6)}  ${step.name.padEnd(width)}  ${time.padStart(10)}${note}`);
  }
  lines.push(`${"".padEnd(6)}  ${"whole run".padEnd(width)}  ${formatSeconds(wallSeconds).padStart(10)}`);
  const files = [...outcome.files].sort((a, b) => b.seconds - a.seconds).slice(0, slowest);
  if (files.length > 0) {
    lines.push("", "slowest test files:");
    for (const file of files) lines.push(`  ${formatSeconds(file.seconds).padStart(10)}  ${file.name}`);
  }
  if (outcome.skips.length > 0) {
    lines.push("", `skipped (${outcome.skips.length}):`);
    for (const skip of outcome.skips) lines.push(`SKIP  ${skip.name} — ${skip.reason}`);
  }
  if (outcome.failures.length > 0) {
    lines.push("", `failed (${outcome.failures.length}):`);
    for (const failure of outcome.failures) lines.push(`FAIL  ${failure}`);
  }
  if (shortfalls.length > 0) {
    lines.push("", `fewer tests than recorded (${shortfalls.length}):`);
    for (const shortfall of shortfalls) lines.push(`FAIL  ${shortfall}`);
  }
  lines.push("", `tests: ${outcome.passed} passed, ${outcome.failed} failed, ${outcome.skipped} skipped`);
  return lines;
}

/** Whether the run failed: a failed step, a failed test, a run under its floor, or (when services are required) any skip. */
export function runFailed({ steps, outcome, requireServices, shortfalls = [] }) {
  if (steps.some((step) => step.status === "FAIL")) return true;
  if (outcome.failed > 0 || outcome.failures.length > 0) return true;
  if (shortfalls.length > 0) return true;
  return requireServices && (outcome.skipped > 0 || outcome.skips.length > 0);
}

/** The tests a runner found in a run: those that passed, failed or were skipped (a file that failed to load counts once). */
export function testsFound(outcome) {
  return outcome.passed + outcome.failed + outcome.skipped;
}

/**
 * The runs that found fewer tests than their recorded floor (scripts/test-floor.json), as lines for the summary.
 * `counts`: `{ run: found }` for the runs that ran whole; a run that did not run (a step not asked for, a service
 * missing and not required) is absent and not judged. A floor guards against a suite passing by running less: a
 * test file left out by a changed pattern, a project dropped, tests deleted by mistake.
 */
export function floorShortfalls(counts, floors) {
  const lines = [];
  for (const [run, found] of Object.entries(counts)) {
    const floor = floors[run];
    if (typeof floor !== "number") {
      lines.push(`${run}: no floor recorded in scripts/test-floor.json (found ${found} tests)`);
    } else if (found < floor) {
      lines.push(`${run}: found ${found} tests, fewer than its floor of ${floor} (scripts/test-floor.json)`);
    }
  }
  return lines;
}
