import { fileURLToPath } from "node:url";
import { sql } from "drizzle-orm";
import { buildApp } from "./app.js";
import { ConfigError, loadConfig } from "./config.js";
import { isLoopbackHost } from "./http/loopback.js";
import { seedEmptyDatabase, seedsOnStart } from "./seed/demo-library.js";

let config: ReturnType<typeof loadConfig>;
try {
  config = loadConfig();
} catch (error) {
  if (error instanceof ConfigError) {
    for (const line of error.problems) console.error(line);
    process.exit(1);
  }
  throw error;
}
config.webDist = fileURLToPath(new URL("../../web/dist", import.meta.url));

const app = await buildApp({ config });

if (seedsOnStart(config)) {
  // A first `npm start` shows a library to browse; a failure here must not keep the server from starting.
  try {
    const seeded = await seedEmptyDatabase(app.db, { demoChoir: config.localSignIn });
    if (seeded) app.log.info(`Empty database: loaded the demo library (${seeded.created.length} songs)`);
  } catch (error) {
    app.log.warn({ err: error }, "the demo library could not be loaded");
  }
}

// Graceful shutdown: stop accepting, let in-flight requests finish, close the database.
let closing = false;
for (const signal of ["SIGTERM", "SIGINT"] as const) {
  process.on(signal, () => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, "shutting down");
    const force = setTimeout(() => process.exit(1), 25_000);
    force.unref();
    app.close().then(
      () => process.exit(0),
      (error: unknown) => {
        app.log.error({ err: error }, "shutdown failed");
        process.exit(1);
      },
    );
  });
}

await app.listen({ port: config.port, host: config.host });
if (app.database.kind === "postgres") {
  // Playlist edits renumber entries and leave old row versions behind; without autovacuum they pile up and every read
  // of a busy playlist walks past them.
  const { rows } = (await app.db.execute(
    sql`select current_setting('autovacuum') as autovacuum`,
  )) as unknown as {
    rows: { autovacuum: string }[];
  };
  if (rows[0]?.autovacuum !== "on")
    app.log.warn(
      "PostgreSQL runs with autovacuum off: old row versions left by edits pile up and reads slow down over time. " +
        "Turn it on (autovacuum = on, the default) or vacuum the database regularly.",
    );
}
if (config.localSignIn) app.log.info("No OIDC client configured: local sign-in is on (development only)");
if (!config.isProduction && !isLoopbackHost(config.host)) {
  // Development conveniences (local sign-in, /dev/mail) answer this machine only, but the rest is a development server.
  app.log.warn(
    `WARNING: this development server (NODE_ENV=${config.env}) listens on ${config.host}, reachable from the network. ` +
      "Local sign-in and /dev/mail answer only this machine; for anything others can reach, set NODE_ENV=production " +
      "(with an OIDC client and JWT_SECRET), or keep HOST=127.0.0.1.",
  );
}
