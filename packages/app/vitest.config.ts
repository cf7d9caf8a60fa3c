import { defineProject } from "vitest/config";

// Unit and component tests next to the code. Browser journeys live in e2e/ and run separately.
export default defineProject({
  test: {
    name: "app",
    include: ["src/**/*.test.{ts,tsx}"],
    environment: "happy-dom",
    setupFiles: ["./src/test/setup.ts"],
  },
});
