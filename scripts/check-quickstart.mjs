// Checks the quick start: `npm start` (build included) serves the landing page within 60 s on an empty data
// directory, and the local sign-in hands out a one-time code for a new user. Exits non-zero otherwise.
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("..", import.meta.url));
const port = process.env.QUICKSTART_PORT ?? "3000";
const base = `http://localhost:${port}`;
const limitMs = 60_000;
const dataDir = mkdtempSync(join(tmpdir(), "choir-quickstart-"));

const env = { ...process.env, PORT: port, DATA_DIR: dataDir, LOG_LEVEL: "warn" };
for (const name of [
  "NODE_ENV",
  "DATABASE_URL",
  "OIDC_CLIENT_ID",
  "OIDC_CLIENT_SECRET",
  "PUBLIC_URL",
  "JWT_SECRET",
]) {
  delete env[name];
}

const started = Date.now();
const server = spawn("npm", ["start"], {
  cwd: root,
  env,
  stdio: ["ignore", "inherit", "inherit"],
  detached: true,
});
const stop = () => {
  try {
    process.kill(-server.pid, "SIGTERM");
  } catch {
    // already gone
  }
  rmSync(dataDir, { recursive: true, force: true });
};

function fail(message) {
  console.error(`quick start: FAILED, ${message}`);
  stop();
  process.exit(1);
}

let landing;
while (Date.now() - started < limitMs) {
  if (server.exitCode !== null) fail(`npm start exited with ${server.exitCode}`);
  try {
    const response = await fetch(`${base}/`);
    const html = await response.text();
    if (response.ok && html.includes('id="root"')) {
      landing = Date.now() - started;
      break;
    }
  } catch {
    // not listening yet
  }
  await new Promise((r) => setTimeout(r, 250));
}
if (landing === undefined) fail(`the landing page was not served on ${base} within ${limitMs / 1000} s`);
console.log(`quick start: landing page served on ${base} ${(landing / 1000).toFixed(1)} s after npm start`);

// Local sign-in: start, the form, a new user's one-time code, the exchange.
const begin = await fetch(`${base}/api/auth/signin-google`, { redirect: "manual" });
// The sign-in cookie goes back with the form and the code exchange, as a browser sends it.
const cookie = (begin.headers.getSetCookie()[0] ?? "").split(";")[0];
const formUrl = new URL(begin.headers.get("location") ?? "", base);
if (formUrl.pathname !== "/api/auth/local") fail(`sign-in did not lead to the local form (${formUrl})`);
const page = await (await fetch(formUrl)).text();
if (!page.includes("ana.director@example.com")) fail("the local sign-in form offers no demo people");
const email = `quickstart-${Date.now()}@example.com`;
const submitted = await fetch(`${base}/api/auth/local`, {
  method: "POST",
  redirect: "manual",
  headers: { "content-type": "application/x-www-form-urlencoded", cookie },
  body: new URLSearchParams({ state: formUrl.searchParams.get("state") ?? "", name: "Quick Start", email }),
});
const callback = new URL(submitted.headers.get("location") ?? "", base);
if (callback.pathname !== "/auth/callback" || callback.searchParams.get("isNewUser") !== "true") {
  fail(`local sign-in did not return a new user to /auth/callback (${callback})`);
}
const exchanged = await fetch(`${base}/api/auth/token`, {
  method: "POST",
  headers: { "content-type": "application/json", cookie },
  body: JSON.stringify({ code: callback.searchParams.get("token") }),
});
if (!exchanged.ok) fail(`code exchange answered ${exchanged.status}`);
console.log(
  "quick start: local sign-in returns a new user to /auth/callback, whose next stop is /onboarding",
);
stop();
