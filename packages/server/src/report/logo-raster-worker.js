// @ts-check
/**
 * Rasterises one SVG logo in its own process, so that no SVG can stall the server:
 * brand-logo.ts forks this file, sends `{ svg, side }` over IPC, and kills the process
 * (SIGKILL) when it has not answered by the deadline. resvg runs native code that a
 * worker_threads `terminate()` cannot interrupt (the thread, and then the server's exit, would
 * wait for it), while a killed process is gone at once.
 *
 * Plain JavaScript so that the same file runs from the sources (tests, `tsx watch`) and, as
 * tsup's `logo-raster-worker` entry, from the built server (dist/logo-raster-worker.js).
 * No system fonts: only what the SVG itself draws.
 */
import { Resvg } from "@resvg/resvg-js";

/** @param {{ svg: string, side: number }} job */
function rasterise({ svg, side }) {
  try {
    const options = { logLevel: /** @type {const} */ ("off"), font: { loadSystemFonts: false } };
    const probe = new Resvg(svg, options);
    const { width, height } = probe;
    const fitTo =
      width >= height
        ? { mode: /** @type {const} */ ("width"), value: side }
        : { mode: /** @type {const} */ ("height"), value: side };
    const png = new Resvg(svg, { ...options, fitTo }).render().asPng();
    return { ok: true, png: png.toString("base64") };
  } catch {
    return { ok: false };
  }
}

process.once("message", (job) => {
  const answer = rasterise(/** @type {{ svg: string, side: number }} */ (job));
  process.send?.(answer, () => process.exit(0));
});
