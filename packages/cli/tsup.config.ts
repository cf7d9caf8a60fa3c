import { PAGE_SIZE_DEFAULT, PAGE_SIZE_MAX } from "@bis/sdk";
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
  // The SDK's values cli.ts's help states (the request defaults, the page sizes), written in at
  // build time: loading the SDK for `bis --help` would take longer than all the rest.
  define: {
    BIS_HELP_VALUES: JSON.stringify({
      request: REQUEST_DEFAULTS,
      pageSize: { default: PAGE_SIZE_DEFAULT, max: PAGE_SIZE_MAX },
    }),
  },
});
