/** The job queue of the engine the database runs on (queue.ts describes the interface). */
import type { Database } from "../db/database.js";
import type { JobQueue, JobQueueOptions } from "./queue.js";
import { createSqliteQueue } from "./sqlite-queue.js";

export async function createJobQueue({
  database,
  ...options
}: JobQueueOptions & { database: Database }): Promise<JobQueue> {
  if (database.engine !== "postgres") return createSqliteQueue({ db: database.db, ...options });
  // pg-boss is loaded only where it runs (a SQLite process, or a CLI command, never needs it).
  const { createPgBossQueue } = await import("./pg-boss-queue.js");
  return createPgBossQueue({ database, ...options });
}
