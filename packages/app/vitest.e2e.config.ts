import { defineProject } from "vitest/config";

// Browser tests: real Chromium against the built server and app (see e2e/harness.ts).
export default defineProject({
  test: {
    name: "e2e",
    include: ["e2e/**/*.e2e.test.ts"],
    setupFiles: ["e2e/setup.ts"],
    environment: "node",
    testTimeout: 60_000,
    hookTimeout: 60_000,
    // One file at a time: each starts its own server and Chromium, and the machine has 2 cores.
    fileParallelism: false,
  },
});
