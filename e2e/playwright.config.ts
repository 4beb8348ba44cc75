import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { defineConfig } from "@playwright/test";
import {
  APP_URL,
  ISSUER_CONTROL_URL,
  ISSUER_URL,
  LOCAL_APP_URL,
  MAIL_CONTROL_URL,
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

export default defineConfig({
  testDir: "tests",
  outputDir: "test-results",
  fullyParallel: false,
  workers: 1,
  retries: 0,
  // `npm test` asks for a JSON report through the environment to count results; list output stays for people.
  reporter:
    process.env.PLAYWRIGHT_JSON_OUTPUT_NAME || process.env.PLAYWRIGHT_JSON_OUTPUT_FILE
      ? [["list"], ["json"]]
      : "list",
  timeout: 60_000,
  expect: { timeout: 10_000 },
  use: {
    baseURL: APP_URL,
    trace: "retain-on-failure",
    screenshot: "only-on-failure",
    launchOptions: {
      executablePath: "/usr/bin/chromium",
      args: CHROMIUM_ARGS,
    },
  },
  projects: [
    {
      name: "desktop",
      use: { browserName: "chromium", viewport: { width: 1280, height: 800 } },
    },
  ],
  webServer: [
    {
      name: "issuer",
      command: "../node_modules/.bin/tsx fixtures/issuer.ts",
      cwd: e2eDir,
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
      url: `${MAIL_CONTROL_URL}/health`,
      timeout: 30_000,
      reuseExistingServer: false,
      stdout: "pipe",
      gracefulShutdown: { signal: "SIGTERM", timeout: 2_000 },
    },
    {
      name: "app",
      // The browser tests run on the embedded database with nothing shared: drop any server URLs from the caller.
      command:
        "unset DATABASE_URL REDIS_URL; npm run build --silent -w @choir/web >/dev/null && exec node_modules/.bin/tsx apps/server/src/main.ts",
      cwd: repoRoot,
      url: `${APP_URL}/api/health`,
      timeout: 180_000,
      reuseExistingServer: false,
      stdout: "pipe",
      gracefulShutdown: { signal: "SIGTERM", timeout: 5_000 },
      env: {
        NODE_ENV: "production",
        PORT: "3100",
        HOST: "127.0.0.1",
        PUBLIC_URL: APP_URL,
        DATA_DIR: dataDir,
        JWT_SECRET: jwtSecret,
        OIDC_ISSUER: ISSUER_URL,
        OIDC_CLIENT_ID: "choir-e2e",
        OIDC_CLIENT_SECRET: "choir-e2e-secret",
        SMTP_URL,
        RATE_LIMIT_PER_MINUTE: "0",
        LOG_LEVEL: "warn",
      },
    },
    {
      name: "local",
      // Development mode without an identity provider, as after `npm install && npm start`; the web app was
      // built by the server above (web servers start one after another).
      command:
        "unset DATABASE_URL REDIS_URL SMTP_URL NODE_ENV; exec node_modules/.bin/tsx apps/server/src/main.ts",
      cwd: repoRoot,
      url: `${LOCAL_APP_URL}/api/health`,
      timeout: 60_000,
      reuseExistingServer: false,
      stdout: "pipe",
      gracefulShutdown: { signal: "SIGTERM", timeout: 5_000 },
      env: {
        PORT: "3200",
        HOST: "127.0.0.1",
        PUBLIC_URL: LOCAL_APP_URL,
        DATA_DIR: join(dataDir, "local"),
        RATE_LIMIT_PER_MINUTE: "0",
        LOG_LEVEL: "warn",
      },
    },
  ],
});
