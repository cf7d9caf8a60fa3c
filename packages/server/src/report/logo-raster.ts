/**
 * The one place where logo work runs away from the server's main thread, bounded:
 * drawing an SVG (resvg) and decoding and writing again a PNG (pngjs) each run in a child
 * process (`logo-raster-worker.js`) that
 *
 * - has a deadline, after which it is killed (SIGKILL);
 * - has a memory budget (`BIS_LOGO_WORKER_MEMORY_MB`, 384 MB): the kernel refuses it more
 *   (`prlimit --data`, where util-linux's prlimit is installed), its V8 heap is small, and the
 *   server reads its resident size from /proc every 25 ms and kills it past the budget;
 * - waits its turn: at most `BIS_LOGO_WORKERS` (2) children at once per server process, at most
 *   `BIS_LOGO_QUEUE` (4) jobs waiting; past that the upload is a 503 UNAVAILABLE with
 *   `Retry-After`, so a burst of uploads can neither fork a process each nor queue without end.
 *
 * A worker thread would not do: `Worker.terminate()` cannot stop resvg's native rendering, so
 * the thread (and the server's exit) would wait for it — for minutes with a large
 * `feMorphology` radius — and a thread's native memory cannot be capped apart from the server's.
 */
import { type ChildProcess, fork } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { BRAND_MESSAGES } from "@bis/sdk";
import { AppError } from "../lib/errors.js";

/** How long one logo may take to draw, start of the process included. */
export const SVG_RASTER_TIMEOUT_MS = 5_000;
/**
 * How long one PNG may take to decode and write again. A PNG within the caps needs about a
 * second; one that takes longer means a busy server, not a bad logo (so a 503, not a 400).
 */
export const PNG_REENCODE_TIMEOUT_MS = 15_000;
/** How long a client is asked to wait when the queue is full. */
export const LOGO_RETRY_AFTER_SECONDS = 5;

/** The SVG needed more memory than a logo may: a 400 (the SDK has no message of its own for it). */
export const SVG_TOO_MUCH_MEMORY =
  "The SVG logo is too complex: drawing it needs more memory than a logo may use. Simplify it or upload a PNG";
export const LOGO_QUEUE_FULL =
  "Too many logos are being processed right now. Try again in a few seconds";

export interface LogoWorkLimits {
  /** Children at once (BIS_LOGO_WORKERS). */
  concurrency: number;
  /** Jobs waiting for a child beyond those (BIS_LOGO_QUEUE); past it, a 503. */
  queue: number;
  /** Each child's memory budget in MB (BIS_LOGO_WORKER_MEMORY_MB). */
  memoryMb: number;
}

const LIMIT_VARIABLES = [
  ["concurrency", "BIS_LOGO_WORKERS", 2, 1],
  ["queue", "BIS_LOGO_QUEUE", 4, 0],
  ["memoryMb", "BIS_LOGO_WORKER_MEMORY_MB", 384, 256],
] as const;

/** The limits from the environment; an Error naming the variable when one is not a whole number in range. */
export function logoWorkLimits(
  env: Record<string, string | undefined> = process.env,
): LogoWorkLimits {
  const limits = {} as Record<keyof LogoWorkLimits, number>;
  for (const [key, name, fallback, min] of LIMIT_VARIABLES) {
    const raw = env[name]?.trim();
    const value = raw ? Number(raw) : fallback;
    if (!Number.isInteger(value) || value < min)
      throw new Error(
        `Invalid configuration:\n  ${name}: must be a whole number of at least ${min}`,
      );
    limits[key] = value;
  }
  return limits;
}
// A misconfiguration stops the server at start, not at the first upload.
logoWorkLimits();

/**
 * The worker script beside this module: src/report/ when run from the sources, dist/ in the
 * built server (tsup's `logo-raster-worker` entry, next to the chunk holding this code).
 */
export function rasterWorkerPath(): string {
  const file = fileURLToPath(new URL("./logo-raster-worker.js", import.meta.url));
  if (!existsSync(file)) throw new Error(`The logo rasteriser is missing: ${file}`);
  return file;
}

/** util-linux's prlimit, which sets the child's data limit before it runs node (Linux only). */
const PRLIMIT =
  process.platform === "linux"
    ? ["/usr/bin/prlimit", "/bin/prlimit"].find((file) => existsSync(file))
    : undefined;

/** Resident memory of a process in MB, from /proc; undefined where there is no /proc (or it ended). */
export function residentMb(pid: number): number | undefined {
  try {
    const pages = Number(readFileSync(`/proc/${pid}/statm`, "utf8").split(" ")[1]);
    return (pages * 4096) / 2 ** 20;
  } catch {
    return undefined;
  }
}

type Job = { kind: "svg"; svg: string; side: number } | { kind: "png"; png: Uint8Array };
type Answer = { ok: true; png: Uint8Array; width: number; height: number } | { ok: false };
type Outcome = Answer | { ok: false; reason: "deadline" | "memory" | "died" };

let running = 0;
const waiting: Array<() => void> = [];

/** Runs `task` when a child may start: now, after the jobs ahead of it, or never (a 503). */
async function inTurn<T>(task: () => Promise<T>): Promise<T> {
  const limits = logoWorkLimits();
  if (running >= limits.concurrency) {
    if (waiting.length >= limits.queue)
      throw new AppError("UNAVAILABLE", LOGO_QUEUE_FULL, {
        details: { retryAfterSeconds: LOGO_RETRY_AFTER_SECONDS },
      });
    await new Promise<void>((resolve) => waiting.push(resolve));
  } else running++;
  try {
    return await task();
  } finally {
    // The slot passes to the next job waiting, if any.
    const next = waiting.shift();
    if (next) next();
    else running--;
  }
}

function spawnWorker(memoryMb: number): ChildProcess {
  const node = [`--max-old-space-size=${Math.min(128, Math.floor(memoryMb / 4))}`];
  // No inherited flags (Vitest's, --inspect): a plain node process with only IPC. With prlimit,
  // fork runs `prlimit --data=… -- node <flags> worker.js`: prlimit sets the limit and execs node.
  return fork(rasterWorkerPath(), [], {
    ...(PRLIMIT
      ? {
          execPath: PRLIMIT,
          execArgv: [`--data=${memoryMb * 2 ** 20}`, "--", process.execPath, ...node],
        }
      : { execArgv: node }),
    env: { PATH: process.env.PATH ?? "", MALLOC_ARENA_MAX: "2" },
    stdio: ["ignore", "ignore", "ignore", "ipc"],
    serialization: "advanced",
  });
}

/** One job in its own child, within the limits; what came of it. */
function runJob(job: Job, timeoutMs: number): Promise<Outcome> {
  return inTurn(
    () =>
      new Promise<Outcome>((resolve) => {
        const { memoryMb } = logoWorkLimits();
        const child = spawnWorker(memoryMb);
        let settled = false;
        const finish = (outcome: Outcome) => {
          if (settled) return;
          settled = true;
          clearTimeout(deadline);
          clearInterval(watch);
          if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
          resolve(outcome);
        };
        const deadline = setTimeout(() => finish({ ok: false, reason: "deadline" }), timeoutMs);
        const watch = setInterval(() => {
          const rss = child.pid ? residentMb(child.pid) : undefined;
          if (rss !== undefined && rss > memoryMb) finish({ ok: false, reason: "memory" });
        }, 25);
        child.once("message", (message) => finish(message as Answer));
        child.once("error", () => finish({ ok: false, reason: "died" }));
        child.once("exit", (code, signal) =>
          // Refused memory (prlimit) ends node with an abort (SIGABRT), or a V8 OOM exit code.
          finish({ ok: false, reason: signal || (code ?? 0) > 1 ? "memory" : "died" }),
        );
        child.send(job);
      }),
  );
}

/**
 * The SVG drawn as a PNG whose longer side is `side` pixels. A 400 when it cannot be drawn,
 * when drawing it takes longer than `timeoutMs` or more memory than the budget (the process is
 * killed then); a 503 when too many logos wait already.
 */
export async function rasteriseSvg(
  svg: string,
  options: { side: number; timeoutMs?: number },
): Promise<Buffer> {
  const outcome = await runJob(
    { kind: "svg", svg, side: options.side },
    options.timeoutMs ?? SVG_RASTER_TIMEOUT_MS,
  );
  if (outcome.ok) return Buffer.from(outcome.png);
  const reason = "reason" in outcome ? outcome.reason : "broken";
  throw new AppError(
    "VALIDATION_FAILED",
    reason === "deadline"
      ? BRAND_MESSAGES.svgTooComplex
      : reason === "memory"
        ? SVG_TOO_MUCH_MEMORY
        : BRAND_MESSAGES.svgBroken,
  );
}

/**
 * A PNG decoded and written again as 8-bit RGBA (every ancillary chunk dropped), with its
 * size. A 400 when it cannot be read (or needs more memory than the budget); a 503 when too
 * many logos wait already or the server is too busy to finish it in time.
 */
export async function reencodePng(
  png: Buffer,
  options: { timeoutMs?: number } = {},
): Promise<{ png: Buffer; width: number; height: number }> {
  const outcome = await runJob({ kind: "png", png }, options.timeoutMs ?? PNG_REENCODE_TIMEOUT_MS);
  if (outcome.ok)
    return { png: Buffer.from(outcome.png), width: outcome.width, height: outcome.height };
  if ("reason" in outcome && outcome.reason === "deadline")
    throw new AppError("UNAVAILABLE", LOGO_QUEUE_FULL, {
      details: { retryAfterSeconds: LOGO_RETRY_AFTER_SECONDS },
    });
  throw new AppError("VALIDATION_FAILED", BRAND_MESSAGES.logoBroken);
}
