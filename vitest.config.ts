import { defineConfig } from "vitest/config";

// One root config, one project per package (see ../shared/STACK.md: run Vitest from the root).
export default defineConfig({
  test: {
    projects: [
      "packages/*/vitest.config.ts",
      "packages/*/vitest.e2e.config.ts",
      // The server's integration tests on PostgreSQL (packages/server/vitest.pg.config.ts).
      "packages/server/vitest.pg.config.ts",
    ],
  },
});
