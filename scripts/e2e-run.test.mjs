import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { timedReport } from "../e2e/run.mjs";

const repoRoot = fileURLToPath(new URL("..", import.meta.url));

describe("npm run test:e2e (e2e/run.mjs)", () => {
  it("puts the timed run's report beside the first run's", () => {
    expect(timedReport("/r/playwright.json")).toBe("/r/playwright.timed.json");
  });

  it("runs the timed tests even when a journey failed, and fails the whole", () => {
    const planted = mkdtempSync(join(tmpdir(), "choir-e2e-run-"));
    const marker = join(planted, "timed-ran");
    writeFileSync(join(planted, "package.json"), JSON.stringify({ type: "module" }));
    writeFileSync(
      join(planted, "planted.spec.ts"),
      [
        `import { writeFileSync } from "node:fs";`,
        `import { expect, test } from ${JSON.stringify(join(repoRoot, "node_modules/@playwright/test/index.mjs"))};`,
        `test("a journey whose picture changed", () => { expect(1).toBe(2); });`,
        `test("a page turn in time", { tag: "@timed" }, () => { writeFileSync(${JSON.stringify(marker)}, "yes"); });`,
      ].join("\n"),
    );
    // The shape of the project's configuration: the timed project waits for the others.
    writeFileSync(
      join(planted, "playwright.config.ts"),
      [
        `export default {`,
        `  testDir: ${JSON.stringify(planted)},`,
        `  outputDir: ${JSON.stringify(join(planted, "results"))},`,
        `  reporter: [["json"]],`,
        `  projects: [`,
        `    { name: "desktop", grepInvert: /@timed/ },`,
        `    { name: "timed", grep: /@timed/, dependencies: ["desktop"] },`,
        `  ],`,
        `};`,
      ].join("\n"),
    );
    const report = join(planted, "playwright.json");
    const run = spawnSync(
      process.execPath,
      [join(repoRoot, "e2e/run.mjs"), "--config", join(planted, "playwright.config.ts")],
      {
        cwd: planted,
        encoding: "utf8",
        env: { ...process.env, PLAYWRIGHT_JSON_OUTPUT_NAME: report },
      },
    );
    expect(run.status).not.toBe(0);
    expect(existsSync(marker)).toBe(true);
    expect(JSON.parse(readFileSync(report, "utf8")).stats.unexpected).toBe(1);
    expect(JSON.parse(readFileSync(timedReport(report), "utf8")).stats.expected).toBe(1);
  }, 60_000);
});
