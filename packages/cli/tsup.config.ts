import { defineConfig } from "tsup";
import { REQUEST_DEFAULTS } from "./src/analysis-request.js";

// One executable entry; each command is its own chunk, loaded when that command runs, so
// `bis --help` loads commander and nothing else. Dependencies stay in node_modules.
export default defineConfig({
  entry: { cli: "src/cli.ts" },
  format: ["esm"],
  target: "node20",
  platform: "node",
  splitting: true,
  sourcemap: true,
  clean: true,
  dts: false,
  banner: { js: "#!/usr/bin/env node" },
  // The request defaults (the SDK's radii, the default industry) written into cli.ts's help
  // at build time: loading the SDK for `bis --help` would take longer than the rest of it.
  define: { BIS_REQUEST_DEFAULTS: JSON.stringify(REQUEST_DEFAULTS) },
});
