import { readdirSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { defineConfig, type Plugin } from "vite";
import { compression } from "vite-plugin-compression2";

// The dev server proxies the API to the BIS server so calls stay same-origin (cookies work).
const apiPort = process.env.BIS_API_PORT ?? "3000";

/**
 * The SDK from its sources, module by module: the bundle can then leave in the screens' chunks
 * what only they use (the models, the form schemas, the client's response schemas) instead of
 * one shared SDK chunk. The component tests use the same (vitest.config.ts).
 */
export const sdkFromSource = [
  {
    find: /^@bis\/sdk$/,
    replacement: fileURLToPath(new URL("../sdk/src/index.ts", import.meta.url)),
  },
];

/**
 * The basemap's state outlines (src/assets/outlines/<FIPS>.json) go into the build as they are,
 * as dist/outlines/: the server answers GET /api/outlines?states=… from them, the states in view
 * in one request (src/lib/basemap.ts).
 */
function outlineFiles(): Plugin {
  const dir = fileURLToPath(new URL("./src/assets/outlines/", import.meta.url));
  return {
    name: "bis-outline-files",
    apply: "build",
    generateBundle() {
      // Each state's outlines, and its ZIP outlines, Interstates and water (zips/NN.json).
      for (const sub of ["", "zips/"])
        for (const name of readdirSync(`${dir}${sub}`).filter((n) => /^\d{2}\.json$/.test(n))) {
          this.emitFile({
            type: "asset",
            fileName: `outlines/${sub}${name}`,
            source: readFileSync(`${dir}${sub}${name}`),
          });
        }
    },
  };
}

export default defineConfig({
  base: "/",
  resolve: { alias: sdkFromSource },
  plugins: [
    react(),
    outlineFiles(),
    tailwindcss(),
    // Each text file of the build gets a brotli (.br) and a gzip (.gz) copy at maximum
    // compression, served by the BIS server to browsers that accept them (server/src/http/app-files.ts).
    // Files under 1 kB are not worth it; source maps are not compressed (never fetched by users).
    compression({
      algorithms: ["brotliCompress", "gzip"],
      include: /\.(html|css|js|json|svg|txt)$/,
      exclude: /(^|\/)\.vite\//,
      threshold: 1024,
      logLevel: "silent",
    }),
  ],
  server: {
    port: 5173,
    strictPort: true,
    proxy: {
      "/api": { target: `http://localhost:${apiPort}`, changeOrigin: false },
    },
  },
  build: {
    outDir: "dist",
    emptyOutDir: true,
    sourcemap: true,
    // dist/.vite/manifest.json: which chunks each entry and lazy screen loads, to read the
    // first load's chunk graph (docs/performance.md); the server never serves hidden files.
    manifest: true,
  },
});
