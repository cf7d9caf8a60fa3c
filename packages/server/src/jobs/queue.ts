/**
 * Durable background jobs, one interface for both engines: on PostgreSQL pg-boss (its own
 * schema `pgboss` in the same database), on SQLite the `job` table (sqlite-queue.ts). A job
 * is stored before `send` returns, so a restart or a crash loses none: a job that was waiting
 * runs when its time comes on whichever instance polls first, and a job whose worker died
 * mid-run is run again once its lock (SQLite) or expiration (pg-boss) runs out. Handlers must
 * therefore be idempotent: they may run more than once for one job after a crash.
 * `createJobQueue` (create-queue.ts) picks the implementation.
 */
import type { Logger } from "pino";

export interface SendOptions {
  /** Run no earlier than this many milliseconds from now (default: at once). */
  startAfterMs?: number;
  /**
   * At most one unfinished job per name and key: a second send while one waits (or, on
   * SQLite, runs) is dropped and `send` answers null.
   */
  singletonKey?: string;
}

export interface Job<T> {
  id: string;
  name: string;
  data: T;
}

export type JobHandler<T> = (job: Job<T>) => Promise<void>;

export interface StopOptions {
  /** Wait for running handlers to finish (default). False: stop at once, as a crash would. */
  drain?: boolean;
}

export interface JobQueue {
  /** Stores a job; answers its id, or null when a job with the same singleton key is unfinished. */
  send<T extends object>(name: string, data: T, options?: SendOptions): Promise<string | null>;
  /** Registers the handler of a job name (before or after `start`). */
  work<T extends object>(name: string, handler: JobHandler<T>): Promise<void>;
  /** Starts polling for due jobs. */
  start(): Promise<void>;
  /** Stops polling; by default waits for the handlers still running (graceful shutdown). */
  stop(options?: StopOptions): Promise<void>;
}

export interface JobQueueOptions {
  logger: Logger;
  /**
   * How long a running job stays claimed (SQLite lock, pg-boss expiration): past it, the job is
   * taken as abandoned by a dead worker and run again. Longer than any handler can take.
   */
  lockMs?: number;
  /** SQLite: how often to look for due jobs (pg-boss polls every 0.5 s, its minimum). */
  pollMs?: number;
}

export const DEFAULT_JOB_LOCK_MS = 5 * 60_000;

/** Jobs one process runs at the same time (one slow partner endpoint does not hold up the rest). */
export const JOB_CONCURRENCY = 4;
