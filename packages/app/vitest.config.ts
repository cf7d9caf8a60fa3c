import { defineProject } from "vitest/config";
import { sdkFromSource } from "./vite.config";

// Unit and component tests next to the code. Browser journeys live in e2e/ and run separately.
export default defineProject({
  // The SDK as the app's build sees it: from its sources, so a response schema the client loads
  // on its first call is a module the test has already loaded.
  resolve: { alias: sdkFromSource },
  test: {
    name: "app",
    include: ["src/**/*.test.{ts,tsx}"],
    environment: "happy-dom",
    setupFiles: ["./src/test/setup.ts"],
  },
});
