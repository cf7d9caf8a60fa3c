import { defineProject } from "vitest/config";
import { reactToPreact } from "./vite.config.js";

// Component tests run the source through the same React → Preact aliases as the bundle.
export default defineProject({
  resolve: { alias: reactToPreact },
  test: {
    name: "widget",
    include: ["src/**/*.test.{ts,tsx}"],
    environment: "happy-dom",
    // r2wc imports react and react-dom/client: transform it so the aliases apply to it too.
    server: { deps: { inline: [/@r2wc/] } },
  },
});
