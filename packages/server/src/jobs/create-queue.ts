/** The job queue of the engine the database runs on (queue.ts describes the interface). */
import type { Database } from "../db/database.js";
import { createPgBossQueue } from "./pg-boss-queue.js";
import type { JobQueue, JobQueueOptions } from "./queue.js";
import { createSqliteQueue } from "./sqlite-queue.js";

export function createJobQueue(database: Database, options: JobQueueOptions): JobQueue {
  return database.engine === "postgres"
    ? createPgBossQueue(database, options)
    : createSqliteQueue(database.db, options);
}
