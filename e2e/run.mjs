// `npm run test:e2e`: the browser tests in two runs, so that a failed journey or a changed picture never hides a
// timing check. First every journey side by side (the projects "desktop", "phone" and, when PostgreSQL answers,
// "postgres"; the tests marked TIMED left out), then the timed tests alone on the machine (project "timed", whatever
// the first run found). Arguments go to both runs (a spec file, `--workers`…); a run given `--project` is run once,
// as asked. With PLAYWRIGHT_JSON_OUTPUT_NAME set (npm test), the first run's report goes there and the second's
// beside it (`timedReport`), and scripts/test.mjs reads both. The app is built once, by the first run.
import { spawnSync } from "node:child_process";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const e2eDir = dirname(fileURLToPath(import.meta.url));
const playwright = join(e2eDir, "..", "node_modules", ".bin", "playwright");
const args = process.argv.slice(2);

/** Where the timed run's JSON report goes, beside the first run's. */
export function timedReport(report) {
  return report.replace(/(\.json)?$/, ".timed.json");
}

function playwrightTest(extra, env = {}) {
  const run = spawnSync(playwright, ["test", ...extra, ...args], {
    cwd: e2eDir,
    stdio: "inherit",
    env: { ...process.env, ...env },
  });
  return run.status ?? 1;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  if (args.some((arg) => arg.startsWith("--project"))) {
    process.exit(playwrightTest([]));
  }
  const report = process.env.PLAYWRIGHT_JSON_OUTPUT_NAME;
  const journeys = playwrightTest(["--grep-invert", "@timed", "--pass-with-no-tests"]);
  // The first run built the app; the second serves the same build rather than making it again.
  const timed = playwrightTest(["--project=timed", "--no-deps", "--pass-with-no-tests"], {
    CHOIR_E2E_BUILT: "1",
    ...(report ? { PLAYWRIGHT_JSON_OUTPUT_NAME: timedReport(report) } : {}),
  });
  process.exit(journeys !== 0 ? journeys : timed);
}
