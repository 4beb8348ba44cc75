import { spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { availableParallelism, tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { defineConfig } from "@playwright/test";
import { TIMED_TAG } from "./fixtures/timed";
import {
  APP_URL,
  ISSUER_CONTROL_URL,
  ISSUER_URL,
  LOCAL_APP_URL,
  MAIL_CONTROL_URL,
  PORTS,
  POSTGRES_APP_URL,
  SMTP_URL,
} from "./fixtures/urls";

const e2eDir = dirname(fileURLToPath(import.meta.url));
const repoRoot = resolve(e2eDir, "..");

/** Flags Debian's Chromium needs here: run as root, no GPU, and no calls home on a closed network. */
const CHROMIUM_ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

// The config is loaded by the runner and again by each worker; the workers inherit the runner's values.
// Each run gets a fresh embedded database, removed when the runner exits (CHOIR_E2E_KEEP_DATA=1 keeps it).
if (!process.env.CHOIR_E2E_DATA_DIR) {
  const created = mkdtempSync(join(tmpdir(), "choir-e2e-"));
  process.env.CHOIR_E2E_DATA_DIR = created;
  if (!process.env.CHOIR_E2E_KEEP_DATA) {
    process.on("exit", () => rmSync(created, { recursive: true, force: true }));
  }
}
process.env.CHOIR_E2E_JWT_SECRET ??= randomBytes(48).toString("hex");
const dataDir = process.env.CHOIR_E2E_DATA_DIR;
const jwtSecret = process.env.CHOIR_E2E_JWT_SECRET;

// The journeys that write (choirs, songs, playlists, offline…) run against PostgreSQL, in a database created for the
// run and dropped when the runner exits, and only there: the API tests run whole on both databases, so a journey's
// second walk on the embedded one found nothing they do not, for a fifth of the browser tests' time (decision 0132).
// PostgreSQL is found at DATABASE_TEST_URL (as for the API tests), else on the local default. Unreachable: those
// journeys run on the embedded database instead, with a warning, or, with REQUIRE_POSTGRES=1, the run fails.
// CHOIR_E2E_POSTGRES=0 leaves PostgreSQL out on purpose (every journey then runs on the embedded database).
const postgresAdminUrl = process.env.DATABASE_TEST_URL || "postgres://postgres@127.0.0.1:5432/postgres";
const databaseScript = join(e2eDir, "fixtures", "postgres-database.mjs");
if (process.env.CHOIR_E2E_POSTGRES_DB === undefined) {
  let database = "";
  if (process.env.CHOIR_E2E_POSTGRES === "0") {
    console.warn(
      "browser tests on PostgreSQL: left out (CHOIR_E2E_POSTGRES=0); every journey on the embedded database",
    );
  } else if (spawnSync(process.execPath, [databaseScript, "check", postgresAdminUrl]).status === 0) {
    database = `choir_e2e_${process.pid}_${randomBytes(4).toString("hex")}`;
    process.on("exit", () => {
      spawnSync(process.execPath, [databaseScript, "drop", postgresAdminUrl, database], { stdio: "inherit" });
    });
  } else if (process.env.REQUIRE_POSTGRES === "1") {
    throw new Error(
      `browser tests on PostgreSQL: ${new URL(postgresAdminUrl).host} is not reachable (REQUIRE_POSTGRES=1)`,
    );
  } else {
    console.warn(
      `browser tests on PostgreSQL: skipped, PostgreSQL is not reachable at ${new URL(postgresAdminUrl).host}; every journey on the embedded database`,
    );
  }
  process.env.CHOIR_E2E_POSTGRES_DB = database;
}
const postgresDatabase = process.env.CHOIR_E2E_POSTGRES_DB;
const postgresAppUrl = (() => {
  const url = new URL(postgresAdminUrl);
  url.pathname = `/${postgresDatabase}`;
  return url.toString();
})();

/** Environment of an app server under test with the issuer and the mail sink (NODE_ENV=production). */
function appEnv(port: number, publicUrl: string, data: string): Record<string, string> {
  return {
    NODE_ENV: "production",
    PORT: String(port),
    HOST: "127.0.0.1",
    PUBLIC_URL: publicUrl,
    DATA_DIR: data,
    JWT_SECRET: jwtSecret,
    OIDC_ISSUER: ISSUER_URL,
    OIDC_CLIENT_ID: "choir-e2e",
    OIDC_CLIENT_SECRET: "choir-e2e-secret",
    SMTP_URL,
    RATE_LIMIT_PER_MINUTE: "0",
    LOG_LEVEL: "warn",
  };
}

/** The browser of every project: Chromium in a laptop's window. */
const DESKTOP = { browserName: "chromium" as const, viewport: { width: 1280, height: 800 } };

/**
 * A phone in the hand: 390 × 844 CSS pixels, a touch screen (its pointer coarse, as the app's touch-target rules read
 * it). The specs of the phone project walk the app's screens there.
 */
const PHONE = { ...DESKTOP, viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };

/** The specs walked on a phone: every control at least 44 px, nothing cut off, toasts and tooltips out of the way. */
const PHONE_SPECS = ["phone-screens.spec.ts"];

/** The specs whose journeys write: run on PostgreSQL when it answers, else on the embedded database. */
const POSTGRES_SPECS = [
  "choirs.spec.ts",
  "songs.spec.ts",
  "playlists.spec.ts",
  "offline.spec.ts",
  "playlist-editor.spec.ts",
  "playlist-screen.spec.ts",
  "import-progress.spec.ts",
  "services-list.spec.ts",
  "chord-placing.spec.ts",
  "choir-import.spec.ts",
  "choir-tracks.spec.ts",
  "director-week.spec.ts",
  "import-migration.spec.ts",
  "import-formats.spec.ts",
  "live-playlist.spec.ts",
  "live-editor.spec.ts",
  "sing-lead.spec.ts",
  "templates.spec.ts",
  "private-sharing.spec.ts",
];

export default defineConfig({
  testDir: "tests",
  outputDir: "test-results",
  // Spec files run side by side, each on its own users and choirs; the tests of one file run in order.
  fullyParallel: false,
  // A focused test (`.only`) fails the run wherever it runs, so a suite never passes by running less.
  forbidOnly: true,
  // One worker a core: a browser test waits much of its time (the network going quiet, a debounce, a server), and
  // one worker on two cores left the machine 40 % idle. Two a core were faster still (11 min 50 s against
  // 13 min 27 s), but the journeys' ten-second waits then failed now and then (a service worker installing, a drag's
  // save). The tests that measure the product's own timing run alone at the end (the "timed" project), so the
  // side-by-side ones cannot bend what they measure.
  workers: Number(process.env.CHOIR_E2E_WORKERS ?? Math.min(8, availableParallelism())),
  retries: 0,
  // Screens are compared with the committed pictures in e2e/screenshots/, named {screen}-{language}-{width}.png.
  // A run never writes them: a missing or different picture fails with the actual image and a diff in
  // test-results/. `npm run test:update-screens` rewrites the pictures that changed.
  snapshotPathTemplate: "{testDir}/../screenshots/{arg}{ext}",
  updateSnapshots: "none",
  // `npm test` asks for a JSON report through the environment to count results; list output stays for people.
  reporter:
    process.env.PLAYWRIGHT_JSON_OUTPUT_NAME || process.env.PLAYWRIGHT_JSON_OUTPUT_FILE
      ? [["list"], ["json"]]
      : "list",
  // Two spec files share two cores with three servers: a journey with pictures needs the room.
  timeout: 120_000,
  expect: {
    timeout: 10_000,
    toHaveScreenshot: {
      animations: "disabled",
      caret: "hide",
      scale: "css",
      // Per-pixel colour tolerance (pixelmatch's YIQ distance; 0.2, its default, let a primary colour one shade
      // lighter pass) and a few pixels beyond anti-aliasing: one shade's change of a one-pixel line fails
      // (screenshots.spec.ts), as does a changed text or layout. The same Chromium renders the same pixels.
      threshold: 0.03,
      maxDiffPixels: 40,
    },
  },
  use: {
    baseURL: APP_URL,
    // A trace snapshots the whole page at every step, which on a long sheet held the page for seconds and cost the
    // whole suite time; a run that needs one asks for it (CHOIR_E2E_TRACE=1). Failures keep their screenshot.
    trace: process.env.CHOIR_E2E_TRACE === "1" ? "retain-on-failure" : "off",
    screenshot: "only-on-failure",
    // No service worker, hence no app shell kept in each new browser context (a fifth to a third of the CPU of a
    // journey), in every project: the specs about offline use allow it again (`test.use({ serviceWorkers:
    // "allow" })`), and their pictures show a playlist kept offline. Decisions 0126 and 0129.
    serviceWorkers: "block",
    // A click or a fill waits for its control at most a minute: one that never comes fails naming its step, where
    // without a bound it waited out the whole test ("Test timeout of 120000ms exceeded", no step named).
    actionTimeout: 60_000,
    launchOptions: {
      executablePath: "/usr/bin/chromium",
      args: CHROMIUM_ARGS,
    },
  },
  projects: [
    {
      name: "desktop",
      grepInvert: TIMED_TAG,
      testIgnore: postgresDatabase ? [...PHONE_SPECS, ...POSTGRES_SPECS] : PHONE_SPECS,
      use: DESKTOP,
    },
    {
      name: "phone",
      testMatch: PHONE_SPECS,
      grepInvert: TIMED_TAG,
      use: PHONE,
    },
    ...(postgresDatabase
      ? [
          {
            name: "postgres",
            testMatch: POSTGRES_SPECS,
            grepInvert: TIMED_TAG,
            use: { ...DESKTOP, baseURL: POSTGRES_APP_URL },
          },
        ]
      : []),
    {
      // The tests that measure the product's timing (marked TIMED), one at a time once every other test has run:
      // no other browser shares the machine while they measure. `npm run test:e2e` (e2e/run.mjs) runs them in a run
      // of their own after the others, so they run whether or not a journey or a picture failed; in a plain
      // `playwright test` they wait for the projects below, and a failure there leaves them out.
      name: "timed",
      grep: TIMED_TAG,
      workers: 1,
      dependencies: postgresDatabase ? ["desktop", "postgres"] : ["desktop"],
      use: DESKTOP,
    },
  ],
  webServer: [
    {
      name: "issuer",
      command: "../node_modules/.bin/tsx fixtures/issuer.ts",
      cwd: e2eDir,
      env: { E2E_ISSUER_PORT: String(PORTS.issuer), E2E_ISSUER_CONTROL_PORT: String(PORTS.issuerControl) },
      url: `${ISSUER_CONTROL_URL}/health`,
      timeout: 30_000,
      reuseExistingServer: false,
      stdout: "pipe",
      gracefulShutdown: { signal: "SIGTERM", timeout: 2_000 },
    },
    {
      name: "mail",
      command: "../node_modules/.bin/tsx fixtures/mail-sink.ts",
      cwd: e2eDir,
      env: { E2E_SMTP_PORT: String(PORTS.smtp), E2E_SMTP_CONTROL_PORT: String(PORTS.mailControl) },
      url: `${MAIL_CONTROL_URL}/health`,
      timeout: 30_000,
      reuseExistingServer: false,
      stdout: "pipe",
      gracefulShutdown: { signal: "SIGTERM", timeout: 2_000 },
    },
    {
      name: "app",
      // The browser tests run on the embedded database with nothing shared: drop any server URLs from the caller.
      // One build a run: e2e/run.mjs's second run (the timed tests) serves what its first run built
      // (CHOIR_E2E_BUILT=1).
      command: `unset DATABASE_URL REDIS_URL; ${process.env.CHOIR_E2E_BUILT === "1" ? "" : "npm run build --silent >/dev/null && "}exec node apps/server/dist/main.js`,
      cwd: repoRoot,
      url: `${APP_URL}/api/health`,
      timeout: 180_000,
      reuseExistingServer: false,
      stdout: "pipe",
      gracefulShutdown: { signal: "SIGTERM", timeout: 5_000 },
      env: appEnv(PORTS.app, APP_URL, dataDir),
    },
    {
      name: "local",
      // Development mode without an identity provider, as after `npm install && npm start`; the web app and server were
      // built by the server above (web servers start one after another).
      command: "unset DATABASE_URL REDIS_URL SMTP_URL NODE_ENV; exec node apps/server/dist/main.js",
      cwd: repoRoot,
      url: `${LOCAL_APP_URL}/api/health`,
      timeout: 60_000,
      reuseExistingServer: false,
      stdout: "pipe",
      gracefulShutdown: { signal: "SIGTERM", timeout: 5_000 },
      env: {
        PORT: String(PORTS.localApp),
        HOST: "127.0.0.1",
        PUBLIC_URL: LOCAL_APP_URL,
        DATA_DIR: join(dataDir, "local"),
        RATE_LIMIT_PER_MINUTE: "0",
        LOG_LEVEL: "warn",
      },
    },
    ...(postgresDatabase
      ? [
          {
            name: "app-postgres",
            // The same production server on PostgreSQL, serving the web app built above; the database is created
            // here and dropped when the runner exits.
            command: `node e2e/fixtures/postgres-database.mjs create "$CHOIR_E2E_POSTGRES_ADMIN" ${postgresDatabase} && unset REDIS_URL && exec node apps/server/dist/main.js`,
            cwd: repoRoot,
            url: `${POSTGRES_APP_URL}/api/health`,
            timeout: 60_000,
            reuseExistingServer: false,
            stdout: "pipe" as const,
            gracefulShutdown: { signal: "SIGTERM" as const, timeout: 5_000 },
            env: {
              ...appEnv(PORTS.postgresApp, POSTGRES_APP_URL, join(dataDir, "postgres")),
              DATABASE_URL: postgresAppUrl,
              CHOIR_E2E_POSTGRES_ADMIN: postgresAdminUrl,
            },
          },
        ]
      : []),
  ],
});
