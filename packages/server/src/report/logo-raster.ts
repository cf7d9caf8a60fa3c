/**
 * Draws an SVG logo to PNG off the server's main thread, with a deadline (a slow logo must not stall the server): a child
 * process runs resvg (`logo-raster-worker.js`) and is killed when it has not answered in time.
 * A worker thread would not do: `Worker.terminate()` cannot stop resvg's native rendering, so
 * the thread (and the server's exit) would wait for it — for minutes with a large
 * `feMorphology` radius.
 */
import { fork } from "node:child_process";
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { BRAND_MESSAGES } from "@bis/sdk";
import { AppError } from "../lib/errors.js";

/** How long one logo may take to draw, start of the process included. */
export const SVG_RASTER_TIMEOUT_MS = 5_000;

/**
 * The worker script beside this module: src/report/ when run from the sources, dist/ in the
 * built server (tsup's `logo-raster-worker` entry, next to the chunk holding this code).
 */
export function rasterWorkerPath(): string {
  const file = fileURLToPath(new URL("./logo-raster-worker.js", import.meta.url));
  if (!existsSync(file)) throw new Error(`The logo rasteriser is missing: ${file}`);
  return file;
}

interface WorkerAnswer {
  ok: boolean;
  png?: string;
}

/**
 * The SVG drawn as a PNG whose longer side is `side` pixels. A 400 when it cannot be drawn,
 * or when drawing it takes longer than `timeoutMs` (the process is killed then).
 */
export function rasteriseSvg(
  svg: string,
  options: { side: number; timeoutMs?: number },
): Promise<Buffer> {
  const timeoutMs = options.timeoutMs ?? SVG_RASTER_TIMEOUT_MS;
  return new Promise<Buffer>((resolve, reject) => {
    // No inherited flags (Vitest's, --inspect): a plain node process with only IPC.
    const child = fork(rasterWorkerPath(), [], {
      execArgv: [],
      stdio: ["ignore", "ignore", "ignore", "ipc"],
      serialization: "json",
    });
    let settled = false;
    const finish = (outcome: Buffer | AppError) => {
      if (settled) return;
      settled = true;
      clearTimeout(deadline);
      if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
      if (outcome instanceof AppError) reject(outcome);
      else resolve(outcome);
    };
    const deadline = setTimeout(
      () => finish(new AppError("VALIDATION_FAILED", BRAND_MESSAGES.svgTooComplex)),
      timeoutMs,
    );
    child.once("message", (message) => {
      const answer = message as WorkerAnswer;
      finish(
        answer.ok && answer.png
          ? Buffer.from(answer.png, "base64")
          : new AppError("VALIDATION_FAILED", BRAND_MESSAGES.svgBroken),
      );
    });
    child.once("error", () => finish(new AppError("VALIDATION_FAILED", BRAND_MESSAGES.svgBroken)));
    child.once("exit", () => finish(new AppError("VALIDATION_FAILED", BRAND_MESSAGES.svgBroken)));
    child.send({ svg, side: options.side });
  });
}
