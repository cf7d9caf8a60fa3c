/**
 * Opens the database — PostgreSQL when `DATABASE_URL` is set, else the SQLite file under the
 * data directory — and applies the engine's migrations before anything else touches it.
 *
 * Both engines are used through one API, drizzle's asynchronous one, typed as PostgreSQL's
 * (`Db`): every query is awaited (on SQLite it still runs synchronously, inside the await) and
 * transactions take an async callback. better-sqlite3 cannot run an async callback in its own
 * transactions, so on SQLite `db.transaction` is BEGIN IMMEDIATE … COMMIT on the one connection,
 * one transaction at a time. The rule that keeps that all-or-nothing: a transaction's callback
 * awaits only its queries, never outside I/O (HTTP, mail, Stripe) — so on SQLite no other
 * request's statement can run in between.
 */
import { chmodSync, closeSync, existsSync, mkdirSync, openSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import SQLite from "better-sqlite3";
import { drizzle as drizzleSqlite } from "drizzle-orm/better-sqlite3";
import { migrate as migrateSqlite } from "drizzle-orm/better-sqlite3/migrator";
import { drizzle as drizzlePg, type NodePgDatabase } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import pg from "pg";
import { currentTables, type Engine, useEngine } from "./schema.js";
import type { Tables } from "./tables.js";

export type { Engine } from "./schema.js";

export type Db = NodePgDatabase<Tables>;
/** A transaction of the database: what `db.transaction` hands its callback. */
export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];
/** Either: a function that may run inside a caller's transaction takes `Db | Tx`. */
export type Queryable = Db | Tx;

/** Where the data lives: one SQLite file, or a PostgreSQL server. */
export type DatabaseTarget =
  | { engine: "sqlite"; file: string }
  | { engine: "postgres"; url: string; poolSize: number };

export interface Database {
  engine: Engine;
  db: Db;
  /** The SQLite connection (SQLite only: WAL checkpoints, backups). */
  sqlite: SQLite.Database | null;
  /** The PostgreSQL pool (PostgreSQL only). */
  pool: pg.Pool | null;
  /** Migration files of this engine (the System tab compares them with the applied ones). */
  migrationsFolder: string;
  close(): Promise<void>;
}

/** `drizzle/` (SQLite) or `drizzle-pg/` of this package, found from src/db/ or from dist/. */
function findMigrationsFolder(name: string): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 4; i++) {
    const candidate = path.join(dir, name);
    if (existsSync(path.join(candidate, "meta", "_journal.json"))) return candidate;
    dir = path.dirname(dir);
  }
  throw new Error(`The database migrations (packages/server/${name}) are missing`);
}

/** Owner-only permissions for the data directory (when created here) and the database files. */
const DIRECTORY_MODE = 0o700;
const FILE_MODE = 0o600;

/**
 * The database file, created owner-only (0600) before SQLite opens it: SQLite gives the WAL and
 * shared-memory files the mode of the database file, and an existing file is tightened too.
 */
function prepareDatabaseFile(file: string) {
  const dir = path.dirname(file);
  if (!existsSync(dir)) {
    mkdirSync(dir, { recursive: true, mode: DIRECTORY_MODE });
    chmodSync(dir, DIRECTORY_MODE);
  }
  closeSync(openSync(file, "a", FILE_MODE));
  chmodSync(file, FILE_MODE);
}

function tightenSidecars(file: string) {
  for (const suffix of ["-wal", "-shm", "-journal"]) {
    if (existsSync(file + suffix)) chmodSync(file + suffix, FILE_MODE);
  }
}

/** Whether `file` names a database file (not SQLite's in-memory database). */
export function isFileDatabase(file: string): boolean {
  return file !== ":memory:" && file !== "";
}

/** Runs async transactions one at a time on SQLite's single connection. */
function sqliteTransactions(sqlite: SQLite.Database, db: Db): Db["transaction"] {
  let queue: Promise<unknown> = Promise.resolve();
  const run = async <T>(fn: (tx: Tx) => Promise<T>): Promise<T> => {
    sqlite.exec("BEGIN IMMEDIATE");
    try {
      const result = await fn(db as unknown as Tx);
      sqlite.exec("COMMIT");
      return result;
    } catch (error) {
      if (sqlite.inTransaction) sqlite.exec("ROLLBACK");
      throw error;
    }
  };
  return (<T>(fn: (tx: Tx) => Promise<T>) => {
    const result = queue.then(() => run(fn));
    queue = result.catch(() => undefined);
    return result;
  }) as Db["transaction"];
}

function openSqlite(file: string): Database {
  const inMemory = !isFileDatabase(file);
  if (!inMemory) prepareDatabaseFile(file);
  const sqlite = new SQLite(file);
  sqlite.pragma("journal_mode = WAL");
  sqlite.pragma("busy_timeout = 5000");
  sqlite.pragma("foreign_keys = ON");
  sqlite.pragma("synchronous = NORMAL");
  // After a checkpoint, a log that grew past 64 MB is cut back to that size.
  sqlite.pragma("journal_size_limit = 67108864");
  useEngine("sqlite");
  const native = drizzleSqlite(sqlite, { schema: currentTables() });
  const migrationsFolder = findMigrationsFolder("drizzle");
  migrateSqlite(native, { migrationsFolder });
  if (!inMemory) tightenSidecars(file);
  const db = native as unknown as Db;
  db.transaction = sqliteTransactions(sqlite, db);
  return {
    engine: "sqlite",
    db,
    sqlite,
    pool: null,
    migrationsFolder,
    async close() {
      sqlite.close();
    },
  };
}

/** The advisory lock instances take while migrating, so N starting at once do not race. */
const MIGRATION_LOCK = 0x42_49_53_01;

async function openPostgres(url: string, poolSize: number): Promise<Database> {
  useEngine("postgres");
  const pool = new pg.Pool({ connectionString: url, max: poolSize });
  // An idle client that loses its connection must not take the process down.
  pool.on("error", () => undefined);
  const db = drizzlePg(pool, { schema: currentTables() });
  const migrationsFolder = findMigrationsFolder("drizzle-pg");
  // The lock is held on a connection of its own, so the migration may use the whole pool
  // (a pool of one included); it goes when that connection closes, whatever happens.
  const lock = new pg.Client({ connectionString: url });
  await lock.connect();
  try {
    await lock.query("select pg_advisory_lock($1)", [MIGRATION_LOCK]);
    await migratePg(db, { migrationsFolder });
  } finally {
    await lock.end();
  }
  return {
    engine: "postgres",
    db,
    sqlite: null,
    pool,
    migrationsFolder,
    async close() {
      await pool.end();
    },
  };
}

export async function openDatabase(target: DatabaseTarget): Promise<Database> {
  if (target.engine === "postgres") return openPostgres(target.url, target.poolSize);
  return openSqlite(target.file);
}
