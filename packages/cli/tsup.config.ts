import { defineConfig } from "tsup";

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
});
