import { configDefaults, defineProject } from "vitest/config";

export default defineProject({
  test: {
    name: "server",
    include: ["src/**/*.test.ts", "test/**/*.test.ts", "scripts/**/*.test.ts"],
    // Several server processes on one PostgreSQL database: the server-pg project runs them.
    exclude: [...configDefaults.exclude, "test/multi-instance/**"],
    environment: "node",
    testTimeout: 20_000,
    hookTimeout: 30_000,
  },
});
