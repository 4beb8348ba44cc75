// Checks the quick start: `npm start` (build included) serves the landing page within 60 s on an empty data
// directory, and the local sign-in hands out a one-time code for a new user. Exits non-zero otherwise.
//
// The server runs on a port chosen here (free before it starts, QUICKSTART_PORT to pick one), and what answers
// must be that server: nothing listens on the port before it starts, the session token it hands out is signed with
// the secret it generated in the empty data directory given to it, and once it is stopped the port is free again.
import { spawn } from "node:child_process";
import { createHmac, timingSafeEqual } from "node:crypto";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createConnection, createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("..", import.meta.url));
const limitMs = 60_000;

/** A port nothing listens on: the system's choice for a socket opened and closed at once. */
function freePort() {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

/** Whether anything accepts a connection on `port`, over IPv4 or IPv6 loopback. */
async function answers(port) {
  const one = (host) =>
    new Promise((resolve) => {
      const socket = createConnection({ host, port });
      socket.setTimeout(1000);
      socket.once("connect", () => resolve(socket.end() && true));
      socket.once("timeout", () => resolve(socket.destroy() && false));
      socket.once("error", () => resolve(false));
    });
  return (await Promise.all([one("127.0.0.1"), one("::1")])).some(Boolean);
}

const port = String(process.env.QUICKSTART_PORT ?? (await freePort()));
const base = `http://localhost:${port}`;
if (await answers(Number(port))) {
  console.error(
    `quick start: FAILED, something already answers on port ${port}; choose another (QUICKSTART_PORT)`,
  );
  process.exit(1);
}
const dataDir = mkdtempSync(join(tmpdir(), "choir-quickstart-"));

const env = { ...process.env, PORT: port, DATA_DIR: dataDir, LOG_LEVEL: "warn" };
for (const name of [
  "NODE_ENV",
  "HOST",
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
const exited = new Promise((resolve) => server.once("exit", resolve));
const stop = async () => {
  try {
    process.kill(-server.pid, "SIGTERM");
  } catch {
    // already gone
  }
  await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 10_000))]);
  rmSync(dataDir, { recursive: true, force: true });
};

async function fail(message) {
  console.error(`quick start: FAILED, ${message}`);
  await stop();
  process.exit(1);
}

let landing;
while (Date.now() - started < limitMs) {
  if (server.exitCode !== null) await fail(`npm start exited with ${server.exitCode}`);
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
if (landing === undefined)
  await fail(`the landing page was not served on ${base} within ${limitMs / 1000} s`);
console.log(`quick start: landing page served on ${base} ${(landing / 1000).toFixed(1)} s after npm start`);

// Local sign-in: start, the form, a new user's one-time code, the exchange.
const begin = await fetch(`${base}/api/auth/signin-google`, { redirect: "manual" });
// The sign-in cookie goes back with the form and the code exchange, as a browser sends it.
const cookie = (begin.headers.getSetCookie()[0] ?? "").split(";")[0];
const formUrl = new URL(begin.headers.get("location") ?? "", base);
if (formUrl.pathname !== "/api/auth/local") await fail(`sign-in did not lead to the local form (${formUrl})`);
const page = await (await fetch(formUrl)).text();
if (!page.includes("ana.director@example.com")) await fail("the local sign-in form offers no demo people");
const email = `quickstart-${Date.now()}@example.com`;
const submitted = await fetch(`${base}/api/auth/local`, {
  method: "POST",
  redirect: "manual",
  headers: { "content-type": "application/x-www-form-urlencoded", cookie },
  body: new URLSearchParams({ state: formUrl.searchParams.get("state") ?? "", name: "Quick Start", email }),
});
const callback = new URL(submitted.headers.get("location") ?? "", base);
if (callback.pathname !== "/auth/callback" || callback.searchParams.get("isNewUser") !== "true") {
  await fail(`local sign-in did not return a new user to /auth/callback (${callback})`);
}
const exchanged = await fetch(`${base}/api/auth/token`, {
  method: "POST",
  headers: { "content-type": "application/json", cookie },
  body: JSON.stringify({ code: callback.searchParams.get("token") }),
});
if (!exchanged.ok) await fail(`code exchange answered ${exchanged.status}`);

// Only the server started here knows the secret it wrote into the empty data directory it was given.
const secretFile = join(dataDir, "jwt-secret");
if (!existsSync(secretFile))
  await fail(`the server wrote no session secret into its data directory ${dataDir}`);
const { token } = await exchanged.json();
const [header, payload, signature] = String(token).split(".");
const expected = createHmac("sha256", readFileSync(secretFile, "utf8").trim())
  .update(`${header}.${payload}`)
  .digest();
const given = Buffer.from(signature ?? "", "base64url");
if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
  await fail(
    `the session on port ${port} was not signed by the server started here: another process answers`,
  );
}
console.log(
  "quick start: local sign-in returns a new user to /auth/callback, whose next stop is /onboarding; the session is signed by the server started here",
);
await stop();
if (await answers(Number(port))) {
  console.error(
    `quick start: FAILED, port ${port} still answers after the server stopped: another process owns it`,
  );
  process.exit(1);
}
console.log(`quick start: port ${port} is free again once the server stopped`);
