import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import {
  benchDatabaseUrl,
  cpuSeconds,
  cpuSpent,
  describeCpu,
  pinningFromEnv,
  postgresConnection,
} from "./common";

describe("benchDatabaseUrl", () => {
  const made: string[] = [];
  afterEach(() => {
    for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
  });
  const socketDir = (withSocket: boolean) => {
    const dir = mkdtempSync(join(tmpdir(), "bench-socket-"));
    made.push(dir);
    if (withSocket) writeFileSync(join(dir, ".s.PGSQL.5432"), "");
    return dir;
  };

  it("goes over PostgreSQL's Unix socket when the machine has one", () => {
    const dir = socketDir(true);
    const url = benchDatabaseUrl("choir_bench_load", { env: {}, socketDir: dir });
    expect(url).toBe(`postgres://postgres@localhost/choir_bench_load?host=${dir}`);
    expect(postgresConnection(url)).toBe(`the Unix socket in ${dir}`);
    expect(new URL(url).pathname).toBe("/choir_bench_load");
  });

  it("goes over TCP on loopback without a socket", () => {
    const url = benchDatabaseUrl("choir_bench_load", { env: {}, socketDir: socketDir(false) });
    expect(url).toBe("postgres://postgres@127.0.0.1:5432/choir_bench_load");
    expect(postgresConnection(url)).toBe("TCP to 127.0.0.1:5432");
  });

  it("takes BENCH_DATABASE_URL as given", () => {
    const url = "postgres://bench@db.example:6543/choir_bench_other";
    expect(
      benchDatabaseUrl("choir_bench_load", { env: { BENCH_DATABASE_URL: url }, socketDir: socketDir(true) }),
    ).toBe(url);
  });
});

describe("where the CPU goes", () => {
  it("reads a process's CPU from /proc, growing as it works", () => {
    const before = cpuSeconds(process.pid);
    const until = performance.now() + 120;
    let spin = 0;
    while (performance.now() < until) spin++;
    expect(spin).toBeGreaterThan(0);
    expect(cpuSeconds(process.pid) - before).toBeGreaterThanOrEqual(0.05);
    expect(cpuSeconds(-1)).toBe(0);
  });

  it("gives each side's share of a core and its time per request", () => {
    const spent = cpuSpent(
      { server: 10, postgres: 4, generator: 1 },
      { server: 19, postgres: 8.5, generator: 1.9 },
      10,
      3_000,
    );
    expect(spent.server).toEqual({ cores: 0.9, msEach: 3 });
    expect(spent.postgres.cores).toBeCloseTo(0.45);
    expect(spent.postgres.msEach).toBeCloseTo(1.5);
    expect(describeCpu(spent.server, "search")).toBe("0.90 of a core (3.00 ms a search)");
  });

  it("pins nothing and says nothing when no cores are asked", () => {
    const pinning = pinningFromEnv({});
    expect(pinning.described).toBe("");
    pinning.restore();
  });
});
