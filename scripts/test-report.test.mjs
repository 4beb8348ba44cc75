import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import {
  addOutcome,
  changedScreens,
  emptyOutcome,
  failureDetail,
  floorShortfalls,
  formatSeconds,
  formatSummary,
  readPlaywright,
  readVitest,
  runFailed,
  testsFound,
} from "./test-report.mjs";

const repoRoot = fileURLToPath(new URL("..", import.meta.url));

const dir = mkdtempSync(join(tmpdir(), "choir-test-report-"));
const write = (name, value) => {
  const file = join(dir, name);
  writeFileSync(file, JSON.stringify(value));
  return file;
};

const vitestReport = {
  numPassedTests: 2,
  numFailedTests: 1,
  numPendingTests: 2,
  numTodoTests: 0,
  testResults: [
    {
      name: "/repo/apps/server/test/rate-limit-redis.test.ts",
      status: "passed",
      message: "",
      startTime: 1_000,
      endTime: 4_500,
      assertionResults: [
        {
          fullName: "rate limits shared through Redis counts across servers",
          status: "skipped",
          meta: { skipReason: "Redis not reachable (REDIS_TEST_URL unset)" },
          failureMessages: [],
        },
        { fullName: "rate limits local", status: "passed", meta: {}, failureMessages: [] },
      ],
    },
    {
      name: "/repo/apps/server/test/choirs.test.ts",
      status: "failed",
      message: "",
      startTime: 1_000,
      endTime: 13_000,
      assertionResults: [
        { fullName: "choirs creates", status: "passed", meta: {}, failureMessages: [] },
        {
          fullName: "choirs deletes",
          status: "failed",
          meta: {},
          failureMessages: [
            "\u001b[31mAssertionError: expected 500 to be 204\u001b[39m\n    at choirs.test.ts:12",
          ],
        },
        { fullName: "choirs later", status: "skipped", meta: {}, failureMessages: [] },
      ],
    },
    {
      name: "/repo/apps/server/test/broken.test.ts",
      status: "failed",
      message: "Cannot find module './gone.js'",
      startTime: 1_000,
      endTime: 1_200,
      assertionResults: [],
    },
  ],
};

describe("reading a Vitest report", () => {
  it("counts, names failures with their first line, names skips with their reason, times files", () => {
    const outcome = readVitest(write("vitest.json", vitestReport), "/repo");
    expect(outcome).toMatchObject({ passed: 2, failed: 2, skipped: 2 });
    expect(outcome.failures).toEqual([
      "apps/server/test/choirs.test.ts › choirs deletes — AssertionError: expected 500 to be 204",
      "apps/server/test/broken.test.ts — Cannot find module './gone.js'",
    ]);
    expect(outcome.skips).toEqual([
      {
        name: "apps/server/test/rate-limit-redis.test.ts › rate limits shared through Redis counts across servers",
        reason: "Redis not reachable (REDIS_TEST_URL unset)",
      },
      {
        name: "apps/server/test/choirs.test.ts › choirs later",
        reason: "skipped in the test code, no reason given",
      },
    ]);
    expect(outcome.files).toEqual([
      { name: "apps/server/test/rate-limit-redis.test.ts", seconds: 3.5 },
      { name: "apps/server/test/choirs.test.ts", seconds: 12 },
      { name: "apps/server/test/broken.test.ts", seconds: 0.2 },
    ]);
  });

  it("reads a missing report as no tests", () => {
    expect(readVitest(join(dir, "absent.json"))).toEqual(emptyOutcome());
  });
});

describe("reading a Playwright report", () => {
  it("names failed and skipped tests with the suite path, the project and the reason", () => {
    const file = write("playwright.json", {
      stats: { expected: 3, flaky: 1, unexpected: 1, skipped: 1 },
      errors: [],
      suites: [
        {
          title: "songs.spec.ts",
          suites: [
            {
              title: "library",
              specs: [
                {
                  file: "songs.spec.ts",
                  title: "filters by tag",
                  tests: [
                    {
                      projectName: "postgres",
                      status: "unexpected",
                      results: [{ error: { message: "Error: timed out\nmore" } }],
                    },
                    { projectName: "desktop", status: "expected", results: [] },
                  ],
                },
                {
                  file: "songs.spec.ts",
                  title: "prints",
                  tests: [
                    {
                      projectName: "desktop",
                      status: "skipped",
                      annotations: [{ type: "skip", description: "no printer" }],
                    },
                  ],
                },
              ],
            },
          ],
        },
      ],
    });
    const outcome = readPlaywright(file);
    expect(outcome).toMatchObject({ passed: 4, failed: 1, skipped: 1 });
    expect(outcome.projects).toEqual({ postgres: 1, desktop: 2 });
    expect(outcome.failures).toEqual([
      "songs.spec.ts › library › filters by tag [postgres] — Error: timed out",
    ]);
    expect(outcome.skips).toEqual([
      { name: "songs.spec.ts › library › prints [desktop]", reason: "no printer" },
    ]);
  });
  it("follows a failure's first line with the test file's line and what the assertion received", () => {
    const message = [
      "Error: expect(locator).toHaveText(expected) failed",
      "",
      'Expected string: "Harbour Festival"',
      'Received string: "Something went wrong"',
      "Timeout: 10000ms",
    ].join("\n");
    const file = write("playwright-detail.json", {
      stats: { expected: 0, flaky: 0, unexpected: 1, skipped: 0 },
      errors: [],
      suites: [
        {
          title: "offline.spec.ts",
          specs: [
            {
              file: "offline.spec.ts",
              title: "keeps a playlist",
              tests: [
                {
                  projectName: "postgres",
                  status: "unexpected",
                  results: [
                    {
                      error: {
                        message,
                        location: { file: "/repo/e2e/tests/offline.spec.ts", line: 246, column: 5 },
                      },
                    },
                  ],
                },
              ],
            },
          ],
        },
      ],
    });
    expect(readPlaywright(file).failures).toEqual([
      'offline.spec.ts › keeps a playlist [postgres] — Error: expect(locator).toHaveText(expected) failed (at offline.spec.ts:246; received "Something went wrong")',
    ]);
    expect(failureDetail({ message: "Error: timed out" })).toBe("");
    // Failed inside a helper: the spec's line that called it.
    const helper = {
      message: "Error: timed out",
      location: { file: "/repo/e2e/fixtures/screens.ts", line: 166 },
      stack:
        "Error: timed out\n    at /repo/e2e/fixtures/screens.ts:166:23\n    at /repo/e2e/tests/share.spec.ts:52:3",
    };
    expect(failureDetail(helper)).toBe(" (at share.spec.ts:52)");
    expect(failureDetail({ ...helper, stack: undefined })).toBe(" (at screens.ts:166)");
    expect(failureDetail(undefined)).toBe("");
  });
  it("tells a test that never started (a project it waits for failed) from one skipped in its code", () => {
    const file = write("playwright-dependency.json", {
      stats: { expected: 0, unexpected: 1, skipped: 2 },
      suites: [
        {
          title: "sing-mode.spec.ts",
          specs: [
            {
              file: "sing-mode.spec.ts",
              title: "a page turn within 100 ms",
              tests: [{ projectName: "timed", status: "skipped", results: [] }],
            },
            {
              file: "sing-mode.spec.ts",
              title: "keeps the screen on",
              tests: [
                {
                  projectName: "desktop",
                  status: "skipped",
                  results: [{ status: "skipped", annotations: [{ type: "skip" }] }],
                  annotations: [{ type: "skip" }],
                },
              ],
            },
          ],
        },
      ],
    });
    expect(readPlaywright(file).skips).toEqual([
      {
        name: "sing-mode.spec.ts › a page turn within 100 ms [timed]",
        reason: "not run: a test of a project it waits for failed",
      },
      {
        name: "sing-mode.spec.ts › keeps the screen on [desktop]",
        reason: "skipped in the test code, no reason given",
      },
    ]);
  });
});

describe("a failed test's changed screens", () => {
  const shot = (file, pixels) => ({
    message: `Error: expect(page).toHaveScreenshot(expected) failed\n\n  ${pixels} pixels (ratio 0.01 of all image pixels) are different.\n\n  Snapshot: ${file}\n\nCall log:\n  - Expect "soft toHaveScreenshot(${file})"`,
  });

  it("are each named with the pixels that differ, soft failures included", () => {
    expect(
      changedScreens([shot("share-modal-private-en-1280.png", 1280), shot("share-sign-in-es-390.png", 96)]),
    ).toBe(
      "screens changed: share-modal-private-en-1280.png (1280 pixels), share-sign-in-es-390.png (96 pixels)",
    );
  });

  it("leave the first error to speak when another kind of error is among them, or there is none", () => {
    expect(changedScreens([shot("landing-en-390.png", 50), { message: "Error: timed out" }])).toBeUndefined();
    expect(changedScreens([])).toBeUndefined();
    expect(changedScreens(undefined)).toBeUndefined();
  });

  it("stand for the test in the Playwright report's failure line", () => {
    const file = write("playwright-screens.json", {
      stats: { expected: 0, unexpected: 1 },
      suites: [
        {
          title: "private-sharing.spec.ts",
          specs: [
            {
              file: "private-sharing.spec.ts",
              title: "a private link",
              tests: [
                {
                  projectName: "desktop",
                  status: "unexpected",
                  results: [{ errors: [shot("share-modal-private-en-1280.png", 3120)] }],
                },
              ],
            },
          ],
        },
      ],
    });
    expect(readPlaywright(file).failures).toEqual([
      "private-sharing.spec.ts › a private link [desktop] — screens changed: share-modal-private-en-1280.png (3120 pixels)",
    ]);
  });
});

describe("the summary", () => {
  const steps = [
    { name: "lint", status: "ok", seconds: 1.2 },
    { name: "unit + API (embedded database)", status: "ok", seconds: 95 },
    {
      name: "API (PostgreSQL)",
      status: "skip",
      seconds: 0,
      note: "PostgreSQL not reachable at 127.0.0.1:5432",
    },
    { name: "quick start", status: "FAIL", seconds: 11 },
  ];

  it("is a table of steps with their durations, then slow files, skips with reasons, failures and counts", () => {
    const outcome = addOutcome(emptyOutcome(), readVitest(write("v2.json", vitestReport), "/repo"));
    const text = formatSummary({ steps, outcome, wallSeconds: 130, slowest: 2 }).join("\n");
    expect(text.split("\n").slice(0, 9)).toEqual([
      "━━ summary",
      "",
      "result  step                                  time",
      "------  ------------------------------  ----------",
      "ok      lint                                 1.2 s",
      "ok      unit + API (embedded database)  1 min 35 s",
      "skip    API (PostgreSQL)                         —  PostgreSQL not reachable at 127.0.0.1:5432",
      "FAIL    quick start                         11.0 s",
      "        whole run                       2 min 10 s",
    ]);
    expect(text).toContain(
      "slowest test files:\n      12.0 s  apps/server/test/choirs.test.ts\n       3.5 s  apps/",
    );
    expect(text).not.toContain("broken.test.ts\n\nskipped");
    expect(text).toContain(
      "SKIP  apps/server/test/rate-limit-redis.test.ts › rate limits shared through Redis counts across servers — Redis not reachable (REDIS_TEST_URL unset)",
    );
    expect(text).toContain("FAIL  apps/server/test/choirs.test.ts › choirs deletes — AssertionError");
    expect(text.trim().split("\n").at(-1)).toBe("tests: 2 passed, 2 failed, 2 skipped");
  });

  it("formats durations", () => {
    expect([formatSeconds(0.04), formatSeconds(59.94), formatSeconds(60), formatSeconds(668)]).toEqual([
      "0.0 s",
      "59.9 s",
      "1 min 00 s",
      "11 min 08 s",
    ]);
  });

  it("fails the run on a failed step or test, and on any skip when services are required", () => {
    const clean = { passed: 5, failed: 0, skipped: 0, failures: [], skips: [], files: [] };
    const ok = [{ name: "lint", status: "ok", seconds: 1 }];
    const skipped = { ...clean, skipped: 1, skips: [{ name: "a › b", reason: "Redis not reachable" }] };
    expect(runFailed({ steps: ok, outcome: clean, requireServices: true })).toBe(false);
    expect(runFailed({ steps: ok, outcome: skipped, requireServices: false })).toBe(false);
    expect(runFailed({ steps: ok, outcome: skipped, requireServices: true })).toBe(true);
    expect(runFailed({ steps: [{ ...ok[0], status: "FAIL" }], outcome: clean, requireServices: false })).toBe(
      true,
    );
    expect(runFailed({ steps: ok, outcome: { ...clean, failed: 1 }, requireServices: false })).toBe(true);
    // A step skipped for a missing service does not fail the run by itself outside CI.
    expect(runFailed({ steps: [{ ...ok[0], status: "skip" }], outcome: clean, requireServices: false })).toBe(
      false,
    );
  });
});

describe("the tests a run found, against the recorded floors", () => {
  const floors = { "unit + API (embedded database)": 100, "browser: desktop": 40 };

  it("count every test the runner found: passed, failed and skipped", () => {
    expect(testsFound({ ...emptyOutcome(), passed: 90, failed: 3, skipped: 7 })).toBe(100);
  });

  it("pass a run at or over its floor and fail one under it, naming both figures", () => {
    expect(
      floorShortfalls({ "unit + API (embedded database)": 100, "browser: desktop": 41 }, floors),
    ).toEqual([]);
    expect(floorShortfalls({ "unit + API (embedded database)": 99 }, floors)).toEqual([
      "unit + API (embedded database): found 99 tests, fewer than its floor of 100 (scripts/test-floor.json)",
    ]);
  });

  it("fail a run that has no floor recorded, so a new run is not judged by nothing", () => {
    expect(floorShortfalls({ "browser: timed": 9 }, floors)).toEqual([
      "browser: timed: no floor recorded in scripts/test-floor.json (found 9 tests)",
    ]);
  });

  it("fail the whole run and are listed in the summary", () => {
    const clean = { ...emptyOutcome(), passed: 5 };
    const steps = [{ name: "lint", status: "ok", seconds: 1 }];
    const shortfalls = floorShortfalls({ "browser: desktop": 12 }, floors);
    expect(runFailed({ steps, outcome: clean, requireServices: false, shortfalls })).toBe(true);
    expect(runFailed({ steps, outcome: clean, requireServices: false, shortfalls: [] })).toBe(false);
    const text = formatSummary({ steps, outcome: clean, wallSeconds: 3, shortfalls }).join("\n");
    expect(text).toContain(
      "FAIL  browser: desktop: found 12 tests, fewer than its floor of 40 (scripts/test-floor.json)",
    );
  });

  it("are recorded for every run the full suite judges", () => {
    const recorded = JSON.parse(readFileSync(join(repoRoot, "scripts/test-floor.json"), "utf8"));
    expect(Object.keys(recorded).sort()).toEqual(
      [
        "API (PostgreSQL)",
        "browser: desktop",
        "browser: phone",
        "browser: postgres",
        "browser: timed",
        "unit + API (embedded database)",
      ].sort(),
    );
    for (const floor of Object.values(recorded)) expect(floor).toBeGreaterThan(0);
  });
});

describe("a focused test", () => {
  const focused = 'import { test } from "vitest";\ntest.only("one", () => {});\n';

  it("is an error in lint", () => {
    // The project's own Biome settings, over a planted file alone.
    const planted = mkdtempSync(join(tmpdir(), "choir-focused-"));
    writeFileSync(join(planted, "planted.test.ts"), focused);
    writeFileSync(
      join(planted, "biome.json"),
      JSON.stringify({
        extends: [join(repoRoot, "biome.json")],
        vcs: { enabled: false },
        files: { includes: ["**"] },
      }),
    );
    const lint = spawnSync(join(repoRoot, "node_modules/.bin/biome"), ["lint", "planted.test.ts"], {
      cwd: planted,
      encoding: "utf8",
    });
    expect(lint.status).not.toBe(0);
    expect(`${lint.stdout}${lint.stderr}`).toContain("noFocusedTests");
  });

  it("fails a Vitest run", () => {
    const planted = mkdtempSync(join(tmpdir(), "choir-focused-"));
    writeFileSync(join(planted, "planted.test.mjs"), focused);
    writeFileSync(
      join(planted, "second.test.mjs"),
      'import { test } from "vitest";\ntest("two", () => {});\n',
    );
    // The project's own Vitest settings, over the planted files alone.
    writeFileSync(
      join(planted, "vitest.config.mjs"),
      [
        `import base from ${JSON.stringify(join(repoRoot, "vitest.config.ts"))};`,
        "const { projects, ...test } = base.test;",
        `export default { ...base, test: { ...test, root: ${JSON.stringify(planted)}, include: ["*.test.mjs"] } };`,
      ].join("\n"),
    );
    const run = spawnSync(
      join(repoRoot, "node_modules/.bin/vitest"),
      ["run", "--config", join(planted, "vitest.config.mjs")],
      { cwd: planted, encoding: "utf8", env: { ...process.env, CI: "" } },
    );
    expect(run.status).not.toBe(0);
    expect(`${run.stdout}${run.stderr}`).toMatch(/\.only/);
  }, 60_000);

  it("fails a Playwright run of the project's browser configuration", () => {
    const planted = mkdtempSync(join(tmpdir(), "choir-focused-"));
    writeFileSync(join(planted, "package.json"), JSON.stringify({ type: "module" }));
    writeFileSync(
      join(planted, "planted.spec.ts"),
      [
        `import { test } from ${JSON.stringify(join(repoRoot, "node_modules/@playwright/test/index.mjs"))};`,
        'test.only("one", () => {});',
        'test("two", () => {});',
      ].join("\n"),
    );
    writeFileSync(
      join(planted, "playwright.config.ts"),
      [
        `import base from ${JSON.stringify(join(repoRoot, "e2e/playwright.config.ts"))};`,
        `export default { ...base, testDir: ${JSON.stringify(planted)}, webServer: [], projects: [{ name: "planted" }] };`,
      ].join("\n"),
    );
    const run = spawnSync(
      join(repoRoot, "node_modules/.bin/playwright"),
      ["test", "--list", "--config", join(planted, "playwright.config.ts")],
      {
        cwd: join(repoRoot, "e2e"),
        encoding: "utf8",
        env: { ...process.env, CI: "", CHOIR_E2E_POSTGRES: "0" },
      },
    );
    expect(run.status).not.toBe(0);
    expect(`${run.stdout}${run.stderr}`).toMatch(/forbidOnly/);
  }, 60_000);
});
