import { createServer } from "node:net";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../src/app.js";
import { oidcEnv, openTestDatabase, startIssuer, testConfig } from "./helpers.js";

const JWT_PATTERN = /eyJ[\w-]+\.eyJ[\w-]+/;

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

describe("sign-in over real HTTP in production mode", () => {
  let issuer: Awaited<ReturnType<typeof startIssuer>>;
  let app: FastifyInstance;
  let drop: () => Promise<void>;
  let base: string;

  beforeAll(async () => {
    issuer = await startIssuer();
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    const opened = await openTestDatabase();
    drop = opened.drop;
    const config = testConfig({
      ...oidcEnv(issuer.url),
      NODE_ENV: "production",
      PUBLIC_URL: base,
      PORT: String(port),
    });
    app = await buildApp({ config, database: opened.database, logger: false });
    await app.listen({ port, host: "127.0.0.1" });
  });
  afterAll(async () => {
    await app?.close();
    await drop?.();
    await issuer?.stop();
  });

  it("follows the contract's steps 1–3 with a plain HTTP client and no bearer token in any redirect", async () => {
    issuer.nextIdentity({ email: "plain.client@example.com", name: "Plain Client" });
    const locations: string[] = [];
    // The browser's sign-in cookie for this server, sent back to it as a browser would.
    let cookie = "";
    const hop = async (url: string) => {
      const ours = url.startsWith(base);
      const response = await fetch(url, { redirect: "manual", headers: ours && cookie ? { cookie } : {} });
      expect(response.status).toBe(302);
      const set = response.headers.getSetCookie()[0];
      if (ours && set) cookie = set.split(";")[0]!;
      const location = response.headers.get("location")!;
      locations.push(location);
      return new URL(location, url);
    };

    // 1. start: 302 to the issuer
    const toIssuer = await hop(`${base}/api/auth/signin-google`);
    expect(toIssuer.origin).toBe(new URL(issuer.url).origin);
    // the issuer answers with the code (it approves at once)
    const toCallback = await hop(toIssuer.toString());
    expect(toCallback.toString()).toMatch(`${base}/api/auth/google-callback?`);
    // 2. callback: 302 to the web app with a one-time code
    const toWebApp = await hop(toCallback.toString());
    expect(toWebApp.origin + toWebApp.pathname).toBe(`${base}/auth/callback`);
    expect(toWebApp.searchParams.get("isNewUser")).toBe("true");
    const code = toWebApp.searchParams.get("token")!;
    for (const location of locations) expect(location).not.toMatch(JWT_PATTERN);

    // 3. exchange the code for the session token
    const exchanged = await fetch(`${base}/api/auth/token`, {
      method: "POST",
      headers: { "content-type": "application/json", cookie },
      body: JSON.stringify({ code }),
    });
    expect(exchanged.status).toBe(200);
    const { token } = (await exchanged.json()) as { token: string };
    expect(token).toMatch(JWT_PATTERN);

    const me = await fetch(`${base}/api/me`, { headers: { authorization: `Bearer ${token}` } });
    expect(me.status).toBe(200);
    expect(await me.json()).toMatchObject({ email: "plain.client@example.com", isNewUser: true });

    const replay = await fetch(`${base}/api/auth/token`, {
      method: "POST",
      headers: { "content-type": "application/json", cookie },
      body: JSON.stringify({ code }),
    });
    expect(replay.status).toBe(401);
  });

  it("has no local sign-in route", async () => {
    const response = await fetch(`${base}/api/auth/local`);
    expect(response.status).toBe(404);
    expect(await response.json()).toMatchObject({ code: "not_found" });
  });
});
