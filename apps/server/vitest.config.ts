import { configDefaults, defineProject } from "vitest/config";

/**
 * `*.pg.test.ts` files need a PostgreSQL server (several connections, an outage, statement cancellation, several
 * server processes): they belong to the PostgreSQL run only (DATABASE_TEST_URL set), so the embedded run has
 * nothing to skip and any skip it reports stands out.
 */
const onPostgres = Boolean(process.env.DATABASE_TEST_URL);

export default defineProject({
  test: {
    name: "server",
    include: ["src/**/*.test.ts", "test/**/*.test.ts"],
    exclude: onPostgres ? configDefaults.exclude : [...configDefaults.exclude, "**/*.pg.test.ts"],
    globalSetup: ["test/global-setup.ts"],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: "forks",
  },
});
