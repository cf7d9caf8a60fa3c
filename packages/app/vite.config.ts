import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";

// The dev server proxies the API to the BIS server so calls stay same-origin (cookies work).
const apiPort = process.env.BIS_API_PORT ?? "3000";

export default defineConfig({
  base: "/",
  plugins: [react(), tailwindcss()],
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
    // The one chunk above Vite's 500 kB default is data, not code: the county boundaries of
    // us-atlas (842 kB, 260 kB gzipped), loaded on demand by the results map only.
    chunkSizeWarningLimit: 900,
  },
});
