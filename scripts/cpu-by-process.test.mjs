import { spawn } from "node:child_process";
import { describe, expect, it } from "vitest";
import { createSampler, kindOf, parseStat, report } from "./cpu-by-process.mjs";

describe("cpu-by-process", () => {
  it("names the kinds of process a test run has", () => {
    expect(kindOf("/usr/lib/chromium/chromium --type=renderer --lang=en")).toBe("chromium renderer");
    expect(kindOf("/usr/lib/chromium/chromium --type=gpu-process")).toBe("chromium gpu-process");
    expect(kindOf("/usr/lib/chromium/chromium --headless --no-sandbox")).toBe("chromium browser");
    expect(kindOf("postgres: 15/main: postgres choir_e2e 127.0.0.1(5432) idle")).toBe("postgresql");
    expect(kindOf("node apps/server/dist/main.js", "PORT=3300\0DATABASE_URL=postgres://x/y\0")).toBe(
      "app server (PostgreSQL)",
    );
    expect(kindOf("node apps/server/dist/main.js", "PORT=3100\0DATABASE_URL=\0")).toBe(
      "app server (embedded)",
    );
    expect(kindOf("node /work/node_modules/vitest/dist/workers/forks.js")).toBe("vitest");
    expect(kindOf("node /work/node_modules/playwright/lib/worker/workerProcessEntry.js")).toBe("playwright");
    expect(kindOf("node ../node_modules/.bin/tsx fixtures/mail-sink.ts")).toBe("issuer and mail sink");
    expect(kindOf("bash -c sleep 1")).toBe("other");
  });

  it("reads a process's CPU seconds and start from its stat line, whatever its name holds", () => {
    // pid (comm) state ppid … utime(14) stime(15) … starttime(22); the name may hold spaces and parentheses.
    const fields = Array.from({ length: 50 }, (_, index) => String(index));
    fields[11] = "250";
    fields[12] = "50";
    fields[19] = "987654";
    expect(parseStat(`4242 (Web Content (x)) ${fields.join(" ")}`)).toEqual({
      seconds: 3,
      started: "987654",
    });
  });

  it("counts what a busy process spends after sampling began, under its kind", async () => {
    const sampler = createSampler((command) => (command.includes("cpu-by-process-probe") ? "probe" : "rest"));
    sampler.sample();
    // A child that spends 0.4 s of CPU, says so, and waits to be stopped.
    const child = spawn(
      process.execPath,
      [
        "-e",
        "for (let u = process.cpuUsage(); u.user + u.system < 400000; u = process.cpuUsage()); console.log('spun'); setInterval(() => {}, 1000);",
        "cpu-by-process-probe",
      ],
      { stdio: ["ignore", "pipe", "inherit"] },
    );
    await new Promise((resolve) => child.stdout.once("data", resolve));
    sampler.sample();
    child.kill();
    const probe = sampler.totals.get("probe") ?? 0;
    // The kernel counts in ticks of 10 ms: a tick or two may fall either side.
    expect(probe).toBeGreaterThanOrEqual(0.35);
    expect(probe).toBeLessThan(2);
    const text = report(sampler);
    expect(text).toMatch(/CPU by kind of process over \d+ s: \d+ s in all/);
    expect(text).toMatch(/\d+\.\d s +\d+ % {2}probe/);
  });
});
