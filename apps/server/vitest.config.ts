import { configDefaults, defineProject } from "vitest/config";

/**
 * `*.pg.test.ts` files need a PostgreSQL server (several connections, an outage, statement cancellation, several
 * server processes): they belong to the PostgreSQL run only (DATABASE_TEST_URL set), so the embedded run has
 * nothing to skip and any skip it reports stands out. The PostgreSQL run leaves out what would only repeat the
 * embedded run: the unit tests beside the code (`src/`, which open no database) and `*.embedded.test.ts` files,
 * which use the embedded database whatever the run (its statement cancelling, the test databases' pool).
 */
const onPostgres = Boolean(process.env.DATABASE_TEST_URL);

export default defineProject({
  test: {
    name: "server",
    include: onPostgres ? ["test/**/*.test.ts"] : ["src/**/*.test.ts", "test/**/*.test.ts"],
    exclude: onPostgres
      ? [...configDefaults.exclude, "**/*.embedded.test.ts"]
      : [...configDefaults.exclude, "**/*.pg.test.ts"],
    globalSetup: ["test/global-setup.ts"],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: "forks",
    // The files of one worker share its loaded modules: each file still opens its own database and app, and no
    // server test mocks a module, changes the environment or the clock. Importing the server afresh for each file
    // was a third of the project's time (197 s → 139 s on two cores).
    isolate: false,
  },
});
