import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import {
  addOutcome,
  changedScreens,
  emptyOutcome,
  failureDetail,
  formatSeconds,
  formatSummary,
  readPlaywright,
  readVitest,
  runFailed,
} from "./test-report.mjs";

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
