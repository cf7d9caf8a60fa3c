import { fileURLToPath } from "node:url";
import { defineConfig } from "vite";

const shim = fileURLToPath(new URL("src/react-shim.ts", import.meta.url));

/**
 * The widget is a React component rendered by Preact (STACK.md: react-dom alone would be
 * ~69 KB gzipped). `react`, `react-dom` and `react-dom/client` resolve to src/react-shim.ts
 * (why not the whole of preact/compat: see there), the JSX runtime to Preact's.
 */
export const reactToPreact = [
  { find: /^react(-dom)?(\/client)?$/, replacement: shim },
  { find: /^react\/jsx(-dev)?-runtime$/, replacement: "preact/jsx-runtime" },
];

/** One IIFE file for `<script src>` embeds (served at /widget.js), one ESM file for bundlers. */
export default defineConfig({
  resolve: { alias: reactToPreact },
  build: {
    outDir: "dist",
    emptyOutDir: true,
    target: "es2022",
    minify: true,
    lib: {
      entry: "src/index.ts",
      name: "BisWidget",
      formats: ["iife", "es"],
      fileName: (format) => (format === "iife" ? "bis-widget.iife.js" : "bis-widget.js"),
    },
  },
});
