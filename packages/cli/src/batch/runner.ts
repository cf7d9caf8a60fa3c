/**
 * How a batch runs, without any I/O: the command passes the rows, the call that analyzes one
 * request, the clock and the timer, and renders the events; tests pass a fake call and an
 * instant timer.
 *
 * - Rows run `concurrency` at a time, taken in input order; each outcome is an event as it
 *   happens (so results come in the order they finish).
 * - An invalid row, or one the server refuses, fails on its own and the batch goes on.
 * - Rate limits (429), an unavailable server (502–504) and no answer at all are tried again,
 *   `attempts` times in all, after 250 ms, 500 ms, … The server's per-minute analysis cap (a 429
 *   with `windowSeconds`) is waited out instead, up to ten times per row, using up no attempt.
 * - A refused token (401) or a server that still does not answer stops the batch: no new rows,
 *   and the rows in flight give up their retries. `stop()` (Ctrl-C) takes no new rows either and
 *   lets those in flight finish.
 */
import type { MarketAnalysisForm } from "@bis/sdk";
import { type BisApiError, type ErrorCode, hasErrorCode, isBisApiError } from "@bis/sdk/constants";
import { rowFailure } from "../errors.js";
import { type InputRow, rowLabel } from "./rows.js";

export interface BatchPolicy {
  /** Rows in flight at once. */
  concurrency: number;
  /** Calls per row for rate limits, unavailability and no answer (the first one included). */
  attempts: number;
}

export const DEFAULT_ATTEMPTS = 3;
/** Tried again: rate limited, unavailable, gateway, or no answer at all. */
const RETRY_CODES: ErrorCode[] = [
  "NETWORK_ERROR",
  "RATE_LIMITED",
  "UPSTREAM_FAILED",
  "UNAVAILABLE",
  "GATEWAY_TIMEOUT",
];
/** The first back-off; each next one doubles. */
const BACKOFF_MS = 250;
/** How often one row waits out the server's per-minute analysis cap before it fails. */
const MAX_WINDOW_WAITS = 10;
/** The longest such wait. */
const MAX_WINDOW_SECONDS = 120;

export type BatchEvent<R> =
  /** How many rows are being analyzed now (after each row starts or ends). */
  | { type: "inFlight"; count: number }
  | { type: "succeeded"; row: InputRow; form: MarketAnalysisForm; result: R }
  | { type: "failed"; row: InputRow; message: string };

export interface BatchDeps<R> {
  /** One analysis; throws the SDK's `BisApiError` when the server refuses or does not answer. */
  analyze(form: MarketAnalysisForm): Promise<R>;
  sleep(ms: number): Promise<void>;
  now(): number;
  /**
   * Each event as it happens. A success whose handling throws (its result could not be
   * written) counts as a failed row with that error's message.
   */
  onEvent(event: BatchEvent<R>): void;
}

export interface RowFailureEntry {
  line: number;
  row: string;
  message: string;
}

export interface BatchOutcome {
  succeeded: number;
  failed: number;
  /** In input order (by line), whatever order they failed in. */
  failures: RowFailureEntry[];
  /** Stopped by `stop()` (and not by a fatal error). */
  interrupted: boolean;
  /** The error that stopped the batch: a refused token, or no answer after the retries. */
  fatal: BisApiError | null;
  elapsedMs: number;
}

export interface BatchRun {
  /** Takes no new rows; false when the batch was already stopping. */
  stop(): boolean;
  done: Promise<BatchOutcome>;
}

/**
 * Not the row's fault: every later row would fail the same way (the token is refused, or the
 * server is gone). UNAUTHORIZED matches every code of its kind (SESSION_REQUIRED…).
 */
const isFatal = (error: unknown): error is BisApiError =>
  hasErrorCode(error, "UNAUTHORIZED", "ADMIN_TOKEN_MUST_EXPIRE", "NETWORK_ERROR");

/** The seconds the server's per-minute cap asks to wait, or null for any other failure. */
function capWindowSeconds(error: unknown): number | null {
  if (!isBisApiError(error) || error.code !== "RATE_LIMITED") return null;
  const seconds = error.details?.windowSeconds;
  return typeof seconds === "number" ? seconds : null;
}

export function runBatch<R>(
  rows: readonly InputRow[],
  policy: BatchPolicy,
  deps: BatchDeps<R>,
): BatchRun {
  const started = deps.now();
  const failures: RowFailureEntry[] = [];
  let succeeded = 0;
  let stopped = false;
  let fatal: BisApiError | null = null;

  const analyzeWithRetries = async (form: MarketAnalysisForm): Promise<R> => {
    let windowWaits = 0;
    for (let attempt = 1; ; attempt++) {
      try {
        return await deps.analyze(form);
      } catch (error) {
        const window = capWindowSeconds(error);
        if (window !== null && windowWaits < MAX_WINDOW_WAITS && !fatal && !stopped) {
          windowWaits++;
          attempt--;
          await deps.sleep(Math.min(window, MAX_WINDOW_SECONDS) * 1000);
          continue;
        }
        const retry = hasErrorCode(error, ...RETRY_CODES) && attempt < policy.attempts && !fatal;
        if (!retry) throw error;
        await deps.sleep(BACKOFF_MS * 2 ** (attempt - 1));
      }
    }
  };

  const fail = (row: InputRow, message: string) => {
    failures.push({ line: row.line, row: rowLabel(row), message });
    deps.onEvent({ type: "failed", row, message });
  };

  const handle = async (row: InputRow) => {
    if (!row.request.ok) return fail(row, row.request.message);
    const form = row.request.value;
    try {
      const result = await analyzeWithRetries(form);
      deps.onEvent({ type: "succeeded", row, form, result });
      succeeded += 1;
    } catch (error) {
      if (isFatal(error)) {
        fatal ??= error;
        stopped = true;
        return;
      }
      fail(row, rowFailure(error));
    }
  };

  let next = 0;
  let inFlight = 0;
  const lane = async () => {
    while (!stopped && next < rows.length) {
      const row = rows[next++] as InputRow;
      inFlight += 1;
      deps.onEvent({ type: "inFlight", count: inFlight });
      try {
        await handle(row);
      } finally {
        inFlight -= 1;
        deps.onEvent({ type: "inFlight", count: inFlight });
      }
    }
  };

  const lanes = Array.from({ length: Math.min(policy.concurrency, rows.length) }, lane);
  const done = Promise.all(lanes).then(
    (): BatchOutcome => ({
      succeeded,
      failed: failures.length,
      failures: [...failures].sort((a, b) => a.line - b.line),
      interrupted: stopped && !fatal,
      fatal,
      elapsedMs: deps.now() - started,
    }),
  );
  return {
    stop() {
      if (stopped) return false;
      stopped = true;
      return true;
    },
    done,
  };
}
