import { defineConfig } from "drizzle-kit";

// src/db/schema-kit.ts builds the tables for this engine.
process.env.BIS_SCHEMA_ENGINE = "postgres";

// PostgreSQL migrations: the same tables as drizzle.config.ts (src/db/tables.ts), in drizzle-pg/.
export default defineConfig({
  dialect: "postgresql",
  schema: "./src/db/schema-kit.ts",
  out: "./drizzle-pg",
});
