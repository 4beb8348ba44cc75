import { availableParallelism } from "node:os";
import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    projects: [
      "packages/contract",
      "packages/songsheet",
      "apps/web/vitest.config.ts",
      "apps/web/vitest.apart.config.ts",
      "apps/server",
      // The test runner's own report reading and summary (scripts/test-report.mjs).
      { test: { name: "scripts", include: ["scripts/**/*.test.mjs"] } },
      // The benchmarks' own promises (a run's queries never repeat).
      { test: { name: "bench", include: ["bench/**/*.test.ts"] } },
    ],
    // A test file spends much of its time waiting on a database, a child process or a PDF worker: one worker per
    // core, at least two (Vitest's default leaves one core idle, which on two cores halves the pace).
    maxWorkers: Math.max(2, availableParallelism()),
    // A focused test (`.only`) fails the run wherever it runs, so a suite never passes by running less.
    allowOnly: false,
  },
});
