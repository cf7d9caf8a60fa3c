/**
 * The job queue on PostgreSQL: pg-boss 10 (pinned: 11+ needs Node 22), in its own schema
 * `pgboss` of the BIS database, on a small pool of its own. Queues use pg-boss's "stately"
 * policy, so a singleton key allows one waiting and one running job at a time; a job sent
 * without a key gets a key of its own (stately counts jobs without a key as one key). A job whose
 * worker died stays "active" until its expiration (`lockMs`), then pg-boss's maintenance puts it
 * back to be run again; a handler that throws is retried with exponential backoff.
 */
import { randomUUID } from "node:crypto";
import PgBoss from "pg-boss";
import type { Database } from "../db/database.js";
import {
  DEFAULT_JOB_LOCK_MS,
  JOB_CONCURRENCY,
  type JobHandler,
  type JobQueue,
  type JobQueueOptions,
  type StopOptions,
} from "./queue.js";

const SCHEMA = "pgboss";
const RETRY = { retryLimit: 10, retryDelay: 1, retryBackoff: true } as const;
/** The advisory lock under which an instance creates a queue (one at a time, any instance). */
const QUEUE_LOCK = 0x42_49_53_02;

export function createPgBossQueue({
  database,
  ...options
}: JobQueueOptions & { database: Database }): JobQueue {
  const { logger } = options;
  if (!database.pool) throw new Error("The PostgreSQL job queue needs DATABASE_URL");
  const pool = database.pool;
  const { connectionString } = pool.options;
  if (!connectionString) throw new Error("The PostgreSQL job queue needs DATABASE_URL");
  const expireInSeconds = Math.ceil((options.lockMs ?? DEFAULT_JOB_LOCK_MS) / 1000);
  const boss = new PgBoss({
    connectionString,
    schema: SCHEMA,
    max: 3,
    application_name: "bis-jobs",
    // Expired jobs (dead workers) are put back at each maintenance run.
    maintenanceIntervalSeconds: Math.min(60, expireInSeconds),
    schedule: false,
  });
  boss.on("error", (error) => logger.error({ err: error }, "job queue error"));
  const created = new Map<string, Promise<void>>();
  const workers: Array<() => Promise<void>> = [];
  let started: Promise<unknown> | null = null;

  /**
   * Creates the queue unless it exists, holding an advisory lock of BIS's own pool: instances
   * starting at once would otherwise create its tables together, and PostgreSQL answers one of
   * them "deadlock detected".
   */
  async function createQueueOnce(name: string): Promise<void> {
    const client = await pool.connect();
    try {
      await client.query("select pg_advisory_lock($1)", [QUEUE_LOCK]);
      try {
        if (!(await boss.getQueue(name))) {
          await boss.createQueue(name, { name, policy: "stately", expireInSeconds, ...RETRY });
        }
      } finally {
        await client.query("select pg_advisory_unlock($1)", [QUEUE_LOCK]);
      }
    } finally {
      client.release();
    }
  }

  /** pg-boss 10 needs each queue created once (idempotent; done lazily, per process). */
  function ensureQueue(name: string): Promise<void> {
    let done = created.get(name);
    if (!done) {
      done = (async () => {
        await started;
        await createQueueOnce(name);
      })().catch(async (error: unknown) => {
        created.delete(name);
        // Another instance created it at the same moment.
        if (await boss.getQueue(name)) return;
        throw error;
      });
      created.set(name, done);
    }
    return done;
  }

  async function startWorker(name: string, handler: JobHandler<object>) {
    await ensureQueue(name);
    // pg-boss 10 runs one batch at a time per worker: several workers of one job each.
    for (let i = 0; i < JOB_CONCURRENCY; i++) {
      await boss.work<object>(name, { pollingIntervalSeconds: 0.5, batchSize: 1 }, async (jobs) => {
        for (const job of jobs) await handler({ id: job.id, name: job.name, data: job.data });
      });
    }
  }

  return {
    async send(name, data, sendOptions = {}) {
      await ensureQueue(name);
      return boss.send(name, data, {
        ...RETRY,
        expireInSeconds,
        ...(sendOptions.startAfterMs
          ? { startAfter: new Date(Date.now() + sendOptions.startAfterMs) }
          : {}),
        singletonKey: sendOptions.singletonKey ?? `job:${randomUUID()}`,
      });
    },

    async work(name, handler) {
      const begin = () => startWorker(name, handler as JobHandler<object>);
      workers.push(begin);
      if (started) await begin();
    },

    async start() {
      if (started) return;
      started = boss.start();
      await started;
      for (const begin of workers) await begin();
    },

    async stop(stopOptions: StopOptions = {}) {
      if (!started) return;
      const drain = stopOptions.drain !== false;
      await boss.stop({ graceful: drain, wait: drain, timeout: drain ? 30_000 : 0, close: true });
    },
  };
}
