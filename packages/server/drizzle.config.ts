import { defineConfig } from "drizzle-kit";

// src/db/schema-kit.ts builds the tables for this engine.
process.env.BIS_SCHEMA_ENGINE = "sqlite";

export default defineConfig({
  dialect: "sqlite",
  schema: "./src/db/schema-kit.ts",
  out: "./drizzle",
});
