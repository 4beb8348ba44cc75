import { defineConfig } from "drizzle-kit";

// Migrations are generated from the schema and applied on start by src/db/client.ts,
// on PostgreSQL and on the embedded PGlite alike.
export default defineConfig({
  dialect: "postgresql",
  schema: "./src/db/schema/index.ts",
  out: "./src/db/migrations",
});
