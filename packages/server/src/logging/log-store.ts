/**
 * The server log in the database, for the admin Logs tab across every instance. The
 * store is one of the pino logger's destinations: a log call only parses its line and queues
 * it (never awaits the database); every `flushMs` (1 s), or as soon as `batchSize` entries
 * wait, one multi-row insert writes the queue. A database that fails keeps the entries queued
 * (at most `maxPending`, the oldest dropped first) and is reported on stderr at most once a
 * minute — never through the logger, so a failing write cannot log itself into a loop.
 *
 * Retention: every `pruneMs` (1 min) each instance deletes the entries older than
 * `retention.days` and all but the newest `retention.entries` (BIS_LOG_RETENTION_DAYS,
 * BIS_LOG_RETENTION_ENTRIES).
 *
 * Entries logged before the database opens (start-up) wait in the queue until `attach`.
 */
import type { LogEntry, LogLevel } from "@bis/sdk";
import { and, count, desc, eq, gte, lt, lte, or, type SQL } from "drizzle-orm";
import type { Db } from "../db/database.js";
import { type Tables, tablesOf } from "../db/database.js";
import { createInstanceIdentity, type InstanceIdentity } from "../lib/instance-identity.js";
import { LEVEL_NAMES, LEVEL_VALUES, parseLogChunk } from "./log-entries.js";

export interface LogRetention {
  /** Entries kept at most, all instances together. */
  entries: number;
  /** Days an entry is kept at most. */
  days: number;
}

export const DEFAULT_LOG_RETENTION: LogRetention = { entries: 10_000, days: 7 };

export interface LogStoreOptions {
  retention?: LogRetention;
  flushMs?: number;
  batchSize?: number;
  maxPending?: number;
  pruneMs?: number;
  now?: () => Date;
  /** Where a failing write is reported (stderr). */
  report?: (message: string) => void;
}

/** Where a page of the log starts: after the entry with this time and id. */
export interface LogPosition {
  time: Date;
  id: string;
}

type Row = Tables["logEntry"]["$inferInsert"];

const REPORT_EVERY_MS = 60_000;

export function createLogStore(identity: InstanceIdentity = createInstanceIdentity()) {
  let pending: Row[] = [];
  let seq = 0;
  let dropped = 0;
  let db: Db | null = null;
  let options: Required<Omit<LogStoreOptions, "report">> & Pick<LogStoreOptions, "report"> = {
    retention: DEFAULT_LOG_RETENTION,
    flushMs: 1000,
    batchSize: 200,
    maxPending: 10_000,
    pruneMs: 60_000,
    now: () => new Date(),
  };
  const timers: NodeJS.Timeout[] = [];
  let chain: Promise<void> = Promise.resolve();
  let lastReport = 0;

  function report(error: unknown) {
    const at = Date.now();
    if (at - lastReport < REPORT_EVERY_MS) return;
    lastReport = at;
    const message = `log entries could not be written to the database (${pending.length} waiting, ${dropped} dropped): ${error instanceof Error ? error.message : String(error)}`;
    try {
      (options.report ?? ((m: string) => process.stderr.write(`${m}\n`)))(message);
    } catch {}
  }

  function keepBounded() {
    const over = pending.length - options.maxPending;
    if (over > 0) {
      pending = pending.slice(over);
      dropped += over;
    }
  }

  async function writeQueued(): Promise<void> {
    while (db && pending.length > 0) {
      const batch = pending.splice(0, options.batchSize);
      try {
        await db.insert(tablesOf(db).logEntry).values(batch);
      } catch (error) {
        pending = batch.concat(pending);
        keepBounded();
        report(error);
        return;
      }
    }
  }

  /** Writes what is queued (after any write under way); never rejects. */
  function flush(): Promise<void> {
    chain = chain.then(writeQueued, writeQueued);
    return chain;
  }

  async function prune(): Promise<void> {
    if (!db) return;
    const { logEntry } = tablesOf(db);
    const { entries, days } = options.retention;
    try {
      await db
        .delete(logEntry)
        .where(lt(logEntry.time, new Date(options.now().getTime() - days * 86_400_000)));
      const [edge] = await db
        .select({ time: logEntry.time, id: logEntry.id })
        .from(logEntry)
        .orderBy(desc(logEntry.time), desc(logEntry.id))
        .limit(1)
        .offset(entries);
      if (edge) await db.delete(logEntry).where(atOrBefore(logEntry, edge));
    } catch (error) {
      report(error);
    }
  }

  return {
    identity,

    /** pino destination: one JSON line per call. Queues; never waits for the database. */
    write(chunk: string) {
      for (const line of parseLogChunk(chunk)) {
        seq += 1;
        pending.push({
          id: `${identity.id}-${String(seq).padStart(12, "0")}`,
          instanceId: identity.id,
          time: line.time,
          level: line.level,
          msg: line.message,
          requestId: line.requestId,
          fields: line.fields,
        });
      }
      keepBounded();
      if (db && pending.length >= options.batchSize) void flush();
    },

    /** Starts writing to `db`: the queue now, then in batches; prunes now and periodically. */
    attach(database: Db, settings: LogStoreOptions = {}) {
      db = database;
      options = { ...options, ...settings };
      timers.push(setInterval(() => void flush(), options.flushMs).unref());
      timers.push(setInterval(() => void chain.then(prune), options.pruneMs).unref());
      void flush().then(prune);
    },

    flush,
    prune: () => flush().then(prune),

    /** Graceful shutdown: the last entries are written, then the store lets go of the database. */
    async close() {
      for (const timer of timers.splice(0)) clearInterval(timer);
      await flush();
      db = null;
    },
  };
}

export type LogStore = ReturnType<typeof createLogStore>;

/** Entries at or before `position` in newest-first order (the position and all older). */
function atOrBefore(logEntry: Tables["logEntry"], position: LogPosition): SQL {
  return or(
    lt(logEntry.time, position.time),
    and(eq(logEntry.time, position.time), lte(logEntry.id, position.id)),
  ) as SQL;
}

function levelAtLeast(logEntry: Tables["logEntry"], level: LogLevel | undefined): SQL | undefined {
  return level ? gte(logEntry.level, LEVEL_VALUES[level]) : undefined;
}

/**
 * Newest first, every instance: `level` and above, strictly after `after` (the last entry of
 * the previous page).
 */
export async function readLogEntries(
  db: Db,
  query: { level?: LogLevel; limit: number; after?: LogPosition },
): Promise<LogEntry[]> {
  const { logEntry } = tablesOf(db);
  const { after } = query;
  const older = after
    ? (or(
        lt(logEntry.time, after.time),
        and(eq(logEntry.time, after.time), lt(logEntry.id, after.id)),
      ) as SQL)
    : undefined;
  const rows = await db
    .select()
    .from(logEntry)
    .where(and(levelAtLeast(logEntry, query.level), older))
    .orderBy(desc(logEntry.time), desc(logEntry.id))
    .limit(query.limit);
  return rows.map((row) => ({
    id: row.id,
    instanceId: row.instanceId,
    level: LEVEL_NAMES[row.level] ?? "info",
    time: row.time.toISOString(),
    message: row.msg,
    requestId: row.requestId,
    context: row.fields ?? {},
  }));
}

/** How many entries the database keeps at `level` and above. */
export async function countLogEntries(db: Db, level?: LogLevel): Promise<number> {
  const { logEntry } = tablesOf(db);
  const [row] = await db.select({ n: count() }).from(logEntry).where(levelAtLeast(logEntry, level));
  return Number(row?.n ?? 0);
}

/** The store a logger made by `createServerLogger` writes to (an idle one for other loggers). */
const stores = new WeakMap<object, LogStore>();

export function registerLogStore(logger: object, store: LogStore): void {
  stores.set(logger, store);
}

export function logStoreOf(logger: object): LogStore {
  let store = stores.get(logger);
  if (!store) {
    store = createLogStore();
    stores.set(logger, store);
  }
  return store;
}
