// @ts-check
/**
 * Does one piece of logo work in its own process, so that no logo can stall or exhaust the
 * server: logo-raster.ts forks this file (under `prlimit --data` where it can, with a small V8
 * heap), sends one job over IPC, watches the process's memory and kills it (SIGKILL) past its
 * budget or its deadline. Two jobs:
 *
 * - `{ kind: "svg", svg, side }`: draws an SVG with resvg to a PNG whose longer side is `side`.
 *   resvg runs native code that a worker_threads `terminate()` cannot interrupt (the thread,
 *   and then the server's exit, would wait for it), while a killed process is gone at once.
 * - `{ kind: "png", png }`: decodes a PNG with pngjs and writes it again as 8-bit RGBA, which
 *   drops every ancillary chunk (a 2000 × 2000 16-bit PNG takes about a second of CPU).
 *
 * Plain JavaScript so that the same file runs from the sources (tests, `tsx watch`) and, as
 * tsup's `logo-raster-worker` entry, from the built server (dist/logo-raster-worker.js).
 * No system fonts: only what the SVG itself draws.
 */
import { Resvg } from "@resvg/resvg-js";
import { PNG } from "pngjs";

/**
 * @typedef {{ kind: "svg", svg: string, side: number } | { kind: "png", png: Uint8Array }} Job
 * @typedef {{ ok: true, png: Uint8Array, width: number, height: number } | { ok: false }} Answer
 */

/** @param {string} svg @param {number} side @returns {Answer} */
function rasterise(svg, side) {
  const options = { logLevel: /** @type {const} */ ("off"), font: { loadSystemFonts: false } };
  const probe = new Resvg(svg, options);
  const { width, height } = probe;
  const fitTo =
    width >= height
      ? { mode: /** @type {const} */ ("width"), value: side }
      : { mode: /** @type {const} */ ("height"), value: side };
  const image = new Resvg(svg, { ...options, fitTo }).render();
  return { ok: true, png: image.asPng(), width: image.width, height: image.height };
}

/** @param {Uint8Array} bytes @returns {Answer} */
function reencode(bytes) {
  const image = PNG.sync.read(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
  const png = PNG.sync.write(image, { colorType: 6 });
  return { ok: true, png, width: image.width, height: image.height };
}

process.once("message", (message) => {
  const job = /** @type {Job} */ (message);
  /** @type {Answer} */
  let answer;
  try {
    answer = job.kind === "png" ? reencode(job.png) : rasterise(job.svg, job.side);
  } catch {
    answer = { ok: false };
  }
  process.send?.(answer, () => process.exit(0));
});
