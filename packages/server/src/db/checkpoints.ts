/**
 * WAL checkpoints off the request thread. SQLite in WAL mode copies the log back into the
 * database file every 1,000 pages by default — on the connection that happens to commit then,
 * with two fsyncs. On the server that connection is the one serving requests: every ~140 new
 * analyses, one request stalled for 20–40 ms while the event loop waited (measured: insert p99
 * 20 ms, max 43 ms with automatic checkpoints; p99 0.6 ms without).
 *
 * Here the serving connection never checkpoints (`wal_autocheckpoint = 0`); a worker thread
 * with its own connection runs a PASSIVE checkpoint every `intervalMs`, which never blocks the
 * writer and does its fsyncs on the worker.
 *
 * Under steady writes that is not enough: SQLite starts the log over only when a write begins
 * after a checkpoint has copied all of it, and with an analysis stored every few milliseconds
 * some are always written while a passive checkpoint runs (its two fsyncs alone take about
 * 3 ms). The log grew without bound — 1.8 GB after 40 s of New York analyses — and each insert
 * got slower as it grew (server CPU 2.2 → 2.7 ms an analysis). So once the log holds
 * `RESTART_PAGES`, the worker copies what came in meanwhile until little is left, then asks for
 * the connection: the serving side holds its statements back (`Database.idle`: they wait their
 * turn, the event loop runs on) while the worker runs a RESTART checkpoint — the last pages and
 * the fsyncs, 4–23 ms under load — and the next write starts the log over; `journal_size_limit`
 * trims the file. (A RESTART without the hold lost the race for the write lock to a busy server;
 * run on the serving connection, it stalled the event loop 4–44 ms.)
 *
 * If the worker fails, the serving connection goes back to automatic checkpoints, so the log
 * cannot grow without bound either. SQLite checkpoints once more when the last connection closes.
 */
import { createRequire } from "node:module";
import { Worker } from "node:worker_threads";
import type SQLite from "better-sqlite3";
import type { Logger } from "pino";

/** SQLite's default: checkpoint when the log reaches 1,000 pages. */
const AUTOMATIC_PAGES = 1000;

/** Pages in the log from which it is started over (16 MB at 16 KB pages). */
export const RESTART_PAGES = 1000;

/** The worker's passes go on while more pages than this came in during the last one. */
const LEFT_PAGES = 32;

/** The longest the serving connection is held for a restart, whatever the worker does. */
const HOLD_LIMIT_MS = 2000;

/**
 * The worker (CommonJS, evaluated): opens the file and checkpoints on a timer until told to
 * stop. Messages: "restart" (to the server: hold the connection; from it: held, go), "restarted".
 */
const WORKER_SOURCE = `
const { parentPort, workerData } = require("node:worker_threads");
const Database = require(workerData.driver);
const db = new Database(workerData.file, { fileMustExist: true });
db.pragma("busy_timeout = 1000");
// { busy, log, checkpointed }[]: log is the pages in the log when the checkpoint began.
const checkpoint = (mode) => db.pragma("wal_checkpoint(" + mode + ")")[0].log;
let waiting = false;
const timer = setInterval(() => {
  if (waiting) return;
  let log = checkpoint("PASSIVE");
  if (log < workerData.restartPages) return;
  // Each pass copies what came in during the one before, and is shorter than it.
  for (let pass = 0; pass < 8; pass++) {
    const before = log;
    log = checkpoint("PASSIVE");
    if (log - before <= workerData.leftPages) break;
  }
  waiting = true;
  parentPort.postMessage("restart");
}, workerData.intervalMs);
parentPort.on("message", (message) => {
  if (message === "restart") {
    try {
      checkpoint("RESTART");
    } finally {
      waiting = false;
      parentPort.postMessage("restarted");
    }
    return;
  }
  if (message !== "stop") return;
  clearInterval(timer);
  db.close();
  parentPort.close();
});
`;

export interface WalCheckpoints {
  /** Stops the worker; the serving connection checkpoints automatically again. */
  stop(): Promise<void>;
}

export function startWalCheckpoints(
  sqlite: SQLite.Database,
  file: string,
  {
    intervalMs = 1000,
    logger,
    idle = (fn) => fn(),
  }: {
    intervalMs?: number;
    logger?: Logger;
    /** Runs `fn` while the serving connection runs no statement (`Database.idle`). */
    idle?: (fn: () => Promise<void>) => Promise<void>;
  } = {},
): WalCheckpoints {
  const automatic = () => {
    if (sqlite.open) sqlite.pragma(`wal_autocheckpoint = ${AUTOMATIC_PAGES}`);
  };
  const worker = new Worker(WORKER_SOURCE, {
    eval: true,
    workerData: {
      file,
      intervalMs,
      restartPages: RESTART_PAGES,
      leftPages: LEFT_PAGES,
      driver: createRequire(import.meta.url).resolve("better-sqlite3"),
    },
  });
  worker.unref();
  sqlite.pragma("wal_autocheckpoint = 0");
  let running = true;
  /** Ends the hold of a restart in progress. */
  let restarted: (() => void) | null = null;
  const endHold = () => {
    restarted?.();
    restarted = null;
  };
  worker.on("error", (error) => {
    running = false;
    endHold();
    logger?.warn(
      { err: error },
      "background WAL checkpoints failed: back to automatic checkpoints",
    );
    automatic();
  });
  worker.on("exit", () => {
    running = false;
    endHold();
  });
  worker.on("message", (message) => {
    if (message === "restarted") endHold();
    if (message !== "restart") return;
    void idle(
      () =>
        new Promise<void>((resolve) => {
          if (!running) return resolve();
          const limit = setTimeout(endHold, HOLD_LIMIT_MS);
          restarted = () => {
            clearTimeout(limit);
            resolve();
          };
          worker.postMessage("restart");
        }),
    );
  });
  return {
    async stop() {
      if (!running) return;
      running = false;
      const exited = new Promise((resolve) => worker.once("exit", resolve));
      worker.postMessage("stop");
      await exited;
      automatic();
    },
  };
}
