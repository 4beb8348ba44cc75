import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { benchDatabaseUrl, postgresConnection } from "./common";

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
