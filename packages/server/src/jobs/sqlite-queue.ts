/**
 * The job queue on SQLite: the `job` table. A worker claims a due job with one atomic
 * UPDATE … WHERE id = (SELECT … ORDER BY run_at LIMIT 1) RETURNING, which sets its lock; the
 * row is deleted when the handler finishes. A job whose lock ran out (its worker died) is due
 * again. A handler that throws is retried with a growing wait, at most `MAX_ATTEMPTS` runs.
 */
import { randomUUID } from "node:crypto";
import { and, asc, eq, inArray, isNull, lt, lte, or, sql } from "drizzle-orm";
import type { Db } from "../db/database.js";
import { type Tables, tablesOf } from "../db/database.js";
import {
  DEFAULT_JOB_LOCK_MS,
  JOB_CONCURRENCY,
  type JobHandler,
  type JobQueue,
  type JobQueueOptions,
  type SendOptions,
  type StopOptions,
} from "./queue.js";

/** Runs of a job whose handler keeps throwing before it is dropped (logged as an error). */
export const MAX_ATTEMPTS = 10;
/** Wait before running a job again after its handler threw: 1 s, 2 s, 4 s… at most 10 min. */
function backoffMs(attempts: number): number {
  return Math.min(1000 * 2 ** (attempts - 1), 10 * 60_000);
}

export function createSqliteQueue({ db, ...options }: JobQueueOptions & { db: Db }): JobQueue {
  const { logger } = options;
  const { job } = tablesOf(db);
  const lockMs = options.lockMs ?? DEFAULT_JOB_LOCK_MS;
  const pollMs = options.pollMs ?? 250;
  const workerId = randomUUID();
  const handlers = new Map<string, JobHandler<object>>();
  const running = new Set<Promise<void>>();
  let timer: NodeJS.Timeout | null = null;
  let polling = false;
  let stopped = true;

  async function claim(): Promise<Tables["job"]["$inferSelect"] | undefined> {
    const now = new Date();
    const due = db
      .select({ id: job.id })
      .from(job)
      .where(
        and(
          inArray(job.name, [...handlers.keys()]),
          lte(job.runAt, now),
          or(isNull(job.lockedUntil), lt(job.lockedUntil, now)),
        ),
      )
      .orderBy(asc(job.runAt))
      .limit(1);
    const [claimed] = await db
      .update(job)
      .set({
        lockedUntil: new Date(now.getTime() + lockMs),
        lockedBy: workerId,
        attempts: sql`${job.attempts} + 1`,
      })
      .where(eq(job.id, sql`(${due})`))
      .returning();
    return claimed;
  }

  async function run(row: Tables["job"]["$inferSelect"]): Promise<void> {
    const mine = and(eq(job.id, row.id), eq(job.lockedBy, workerId));
    try {
      const handler = handlers.get(row.name);
      if (!handler) throw new Error(`No handler for job ${row.name}`);
      await handler({ id: row.id, name: row.name, data: row.data as object });
      await db.delete(job).where(mine);
    } catch (error) {
      const final = row.attempts >= MAX_ATTEMPTS;
      logger.error(
        { err: error, job: row.id, name: row.name, attempts: row.attempts, final },
        "job failed",
      );
      if (final) await db.delete(job).where(mine);
      else
        await db
          .update(job)
          .set({
            runAt: new Date(Date.now() + backoffMs(row.attempts)),
            lockedUntil: null,
            lockedBy: null,
          })
          .where(mine);
    }
  }

  async function poll(): Promise<void> {
    if (polling || stopped || handlers.size === 0) return;
    polling = true;
    try {
      while (!stopped && running.size < JOB_CONCURRENCY) {
        const row = await claim();
        if (!row) break;
        const task = run(row).catch((error: unknown) =>
          logger.error({ err: error, job: row.id }, "job bookkeeping failed"),
        );
        running.add(task);
        void task.finally(() => {
          running.delete(task);
          // A slot is free: look again at once rather than at the next tick.
          void poll();
        });
      }
    } catch (error) {
      logger.error({ err: error }, "polling for jobs failed");
    } finally {
      polling = false;
    }
  }

  return {
    async send(name, data, sendOptions: SendOptions = {}) {
      const id = randomUUID();
      const inserted = await db
        .insert(job)
        .values({
          id,
          name,
          data,
          runAt: new Date(Date.now() + (sendOptions.startAfterMs ?? 0)),
          singletonKey: sendOptions.singletonKey ?? null,
        })
        .onConflictDoNothing()
        .returning({ id: job.id });
      if (inserted.length > 0 && !stopped) setImmediate(() => void poll());
      return inserted[0]?.id ?? null;
    },

    async work(name, handler) {
      handlers.set(name, handler as JobHandler<object>);
    },

    async start() {
      if (!stopped) return;
      stopped = false;
      timer = setInterval(() => void poll(), pollMs);
      timer.unref();
      await poll();
    },

    async stop(stopOptions: StopOptions = {}) {
      stopped = true;
      if (timer) clearInterval(timer);
      timer = null;
      if (stopOptions.drain === false) return;
      while (running.size > 0) await Promise.allSettled([...running]);
    },
  };
}
