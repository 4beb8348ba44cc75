import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "../src/config.js";

const tmp = "/tmp/choir-config-test";

function problems(env: Record<string, string>): string[] {
  try {
    loadConfig({ DATA_DIR: tmp, ...env });
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  return [];
}

describe("configuration from the environment", () => {
  it("uses the contract's defaults", () => {
    const config = loadConfig({ DATA_DIR: tmp });
    expect(config).toMatchObject({
      port: 3000,
      host: "127.0.0.1",
      publicUrl: "http://localhost:3000",
      databaseUrl: undefined,
      oidc: undefined,
      localSignIn: true,
      mailFrom: "Choir App <no-reply@localhost>",
      rateLimitPerMinute: 60,
      trustProxy: "loopback,linklocal,uniquelocal",
      searchCacheBytes: 32 * 1024 * 1024,
      logLevel: "info",
    });
    expect(config.jwtSecret.length).toBeGreaterThanOrEqual(32);
    // Generated once and kept: a second load reads the same secret.
    expect(loadConfig({ DATA_DIR: tmp }).jwtSecret).toBe(config.jwtSecret);
  });

  it("reads the search cache's size in MB; 0 keeps none", () => {
    expect(loadConfig({ DATA_DIR: tmp, SEARCH_CACHE_MB: "0" }).searchCacheBytes).toBe(0);
    expect(loadConfig({ DATA_DIR: tmp, SEARCH_CACHE_MB: "8" }).searchCacheBytes).toBe(8 * 1024 * 1024);
    expect(problems({ SEARCH_CACHE_MB: "-1" }).join("\n")).toContain("SEARCH_CACHE_MB");
  });

  it("trusts X-Forwarded-For from the proxies named in TRUST_PROXY: private networks by default", () => {
    const trust = (value: string) => loadConfig({ DATA_DIR: tmp, TRUST_PROXY: value }).trustProxy;
    expect(trust("")).toBe("loopback,linklocal,uniquelocal");
    expect(trust("true")).toBe(true);
    expect(trust("false")).toBe(false);
    expect(trust(" 10.0.0.0/8, 192.168.1.7 ,loopback, fd00::/8")).toBe(
      "10.0.0.0/8,192.168.1.7,loopback,fd00::/8",
    );
    for (const bad of ["yes", "10.0.0.0/33", "proxy.example.org", "10.0.0.1/8/2", "::1/129"]) {
      expect(problems({ TRUST_PROXY: bad }).join("\n"), bad).toContain("TRUST_PROXY");
    }
  });

  it("reads DATABASE_POOL_SIZE; unset or blank leaves the pool sized to the cores", () => {
    expect(loadConfig({ DATA_DIR: tmp }).poolSize).toBeUndefined();
    expect(loadConfig({ DATA_DIR: tmp, DATABASE_POOL_SIZE: " " }).poolSize).toBeUndefined();
    expect(loadConfig({ DATA_DIR: tmp, DATABASE_POOL_SIZE: "6" }).poolSize).toBe(6);
    for (const bad of ["0", "-2", "2.5", "many", "101"]) {
      expect(problems({ DATABASE_POOL_SIZE: bad }).join("\n"), bad).toContain("DATABASE_POOL_SIZE");
    }
  });

  it("derives PUBLIC_URL from PORT", () => {
    expect(loadConfig({ DATA_DIR: tmp, PORT: "8080" }).publicUrl).toBe("http://localhost:8080");
  });

  it("names each bad variable on its own line", () => {
    const lines = problems({ PORT: "eighty", DATABASE_URL: "mysql://x", LOG_LEVEL: "loud" });
    expect(lines).toHaveLength(3);
    expect(lines.find((l) => l.startsWith("Invalid PORT"))).toBeDefined();
    expect(lines.find((l) => l.startsWith("Invalid DATABASE_URL"))).toContain("postgres://");
    expect(lines.find((l) => l.startsWith("Invalid LOG_LEVEL"))).toBeDefined();
  });

  it("accepts http:// issuers only on a loopback host", () => {
    expect(problems({ OIDC_ISSUER: "http://127.0.0.1:8080", OIDC_CLIENT_ID: "x" })).toEqual([]);
    expect(problems({ OIDC_ISSUER: "http://localhost:8080", OIDC_CLIENT_ID: "x" })).toEqual([]);
    expect(problems({ OIDC_ISSUER: "http://idp.example.com", OIDC_CLIENT_ID: "x" })[0]).toMatch(
      /^Invalid OIDC_ISSUER.*https:\/\//,
    );
  });

  it("reads a blank variable as unset and names a malformed issuer instead of failing", () => {
    expect(problems({ OIDC_ISSUER: "", DATABASE_URL: " ", REDIS_URL: "", SMTP_URL: "" })).toEqual([]);
    expect(problems({ OIDC_ISSUER: "not a url" })[0]).toMatch(/^Invalid OIDC_ISSUER/);
  });

  it("refuses production without JWT_SECRET or an OIDC client", () => {
    const lines = problems({ NODE_ENV: "production" });
    expect(lines).toEqual([
      expect.stringMatching(/^Missing JWT_SECRET/),
      expect.stringMatching(/^Missing OIDC_CLIENT_ID/),
    ]);
  });

  it("turns local sign-in off when an OIDC client is configured", () => {
    const config = loadConfig({ DATA_DIR: tmp, OIDC_CLIENT_ID: "id", OIDC_CLIENT_SECRET: "secret" });
    expect(config.localSignIn).toBe(false);
    expect(config.oidc).toEqual({
      issuer: "https://accounts.google.com",
      clientId: "id",
      clientSecret: "secret",
    });
  });

  it("accepts 0 to turn rate limiting off", () => {
    expect(loadConfig({ DATA_DIR: tmp, RATE_LIMIT_PER_MINUTE: "0" }).rateLimitPerMinute).toBe(0);
  });
});
