import { defineConfig } from "tsup";

export default defineConfig({
  entry: {
    cli: "src/cli.ts",
    server: "src/server.ts",
    config: "src/config.ts",
    // Forked by report/logo-raster.ts, found beside the chunk that holds it (dist/).
    "logo-raster-worker": "src/report/logo-raster-worker.js",
  },
  format: ["esm"],
  target: "node20",
  platform: "node",
  sourcemap: true,
  clean: true,
  dts: false,
});
