// `npm run seed`: loads the demo library into the configured database (DATABASE_URL, else the embedded one in
// DATA_DIR), after the migrations. Safe to run again: songs the library already has are skipped.
import { join } from "node:path";
import { ConfigError, loadConfig } from "../config.js";
import { openDatabase } from "../db/client.js";
import { DEMO_CHOIR, seedDemoLibrary } from "./demo-library.js";

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

const database = await openDatabase(
  config.databaseUrl ? { url: config.databaseUrl } : { dir: join(config.dataDir, "db") },
);
try {
  // Ana and Ben only make sense where the local sign-in offers them.
  const summary = await seedDemoLibrary(database.db, { demoChoir: config.localSignIn });
  const where = config.databaseUrl ? "PostgreSQL" : `the embedded database in ${config.dataDir}`;
  console.log(
    `Demo library in ${where}: ${summary.created.length} songs added, ${summary.skipped.length} already there.`,
  );
  if (summary.demoChoir === "created") console.log(`Demo choir created: ${DEMO_CHOIR.name} (Ana, Ben).`);
} finally {
  await database.close();
}
