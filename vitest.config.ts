import { defineConfig } from "vitest/config";

// One root config, one project per package (see ../shared/STACK.md: run Vitest from the root).
export default defineConfig({
  test: {
    projects: ["packages/*/vitest.config.ts", "packages/*/vitest.e2e.config.ts"],
  },
});
