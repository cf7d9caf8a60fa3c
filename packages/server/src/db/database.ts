/**
 * Opens the SQLite database file under the data directory (WAL, busy timeout, foreign keys)
 * and applies the migrations in `drizzle/` before anything else touches it.
 */
import { chmodSync, closeSync, existsSync, mkdirSync, openSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import Database from "better-sqlite3";
import { type BetterSQLite3Database, drizzle } from "drizzle-orm/better-sqlite3";
import { migrate } from "drizzle-orm/better-sqlite3/migrator";
import * as schema from "./schema.js";

export type Db = BetterSQLite3Database<typeof schema> & { $client: Database.Database };
/** A transaction of the database: what `db.transaction` hands its callback. */
export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

/** `drizzle/` of this package, found from src/db/ (tsx, tests) or from dist/ (built). */
function findMigrationsFolder(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 4; i++) {
    const candidate = path.join(dir, "drizzle");
    if (existsSync(path.join(candidate, "meta", "_journal.json"))) return candidate;
    dir = path.dirname(dir);
  }
  throw new Error("The database migrations (packages/server/drizzle) are missing");
}

export const migrationsFolder = findMigrationsFolder();

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

export function openDatabase(file: string): Db {
  const inMemory = !isFileDatabase(file);
  if (!inMemory) prepareDatabaseFile(file);
  const sqlite = new Database(file);
  sqlite.pragma("journal_mode = WAL");
  sqlite.pragma("busy_timeout = 5000");
  sqlite.pragma("foreign_keys = ON");
  sqlite.pragma("synchronous = NORMAL");
  // After a checkpoint, a log that grew past 64 MB is cut back to that size.
  sqlite.pragma("journal_size_limit = 67108864");
  const db = drizzle(sqlite, { schema });
  migrate(db, { migrationsFolder });
  if (!inMemory) tightenSidecars(file);
  return db;
}
