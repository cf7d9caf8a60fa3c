import { defineConfig } from "drizzle-kit";

// PostgreSQL migrations: the same tables as drizzle.config.ts (src/db/tables.ts), in drizzle-pg/.
export default defineConfig({
  dialect: "postgresql",
  schema: "./src/db/schema-pg.ts",
  out: "./drizzle-pg",
});
