import { defineConfig } from "tsup";

export default defineConfig({
  entry: { cli: "src/cli.ts", server: "src/server.ts", config: "src/config.ts" },
  format: ["esm"],
  target: "node20",
  platform: "node",
  sourcemap: true,
  clean: true,
  dts: false,
});
