/**
 * Opens the database — PostgreSQL when `DATABASE_URL` is set, else the SQLite file under the
 * data directory — and applies the engine's migrations before anything else touches it. What it
 * returns is a value (`Database`: the drizzle database, its tables, its dialect) that the app
 * context owns; nothing about the engine is kept in a module.
 *
 * Both engines are used through one API, drizzle's asynchronous one, typed as PostgreSQL's
 * (`Db`; columns.ts says why SQLite's tables can be): every query is awaited and transactions
 * take an async callback. On PostgreSQL a transaction has a pool connection of its own. On
 * SQLite, where there is one connection, the transaction holds it (`sqliteConnection`): from
 * BEGIN IMMEDIATE to COMMIT or ROLLBACK only the transaction's own statements run on it, so a
 * failure anywhere in the callback rolls back everything the callback wrote and nothing else.
 * A transaction's callback should still await only its queries, never outside I/O (HTTP, mail,
 * Stripe): on SQLite every other statement waits while it runs.
 */
import { AsyncLocalStorage } from "node:async_hooks";
import { chmodSync, closeSync, existsSync, mkdirSync, openSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import SQLite from "better-sqlite3";
import type { SQL } from "drizzle-orm";
import { drizzle as drizzleSqlite } from "drizzle-orm/better-sqlite3";
import { migrate as migrateSqlite } from "drizzle-orm/better-sqlite3/migrator";
import { drizzle as drizzlePg, type NodePgDatabase } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import { SQLiteAsyncDialect } from "drizzle-orm/sqlite-core";
import { type AsyncRemoteCallback, drizzle as drizzleProxy } from "drizzle-orm/sqlite-proxy";
import pg from "pg";
import { pgColumns, sqliteColumns } from "./columns.js";
import { type Dialect, type Engine, pgDialect, sqliteDialect } from "./dialect.js";
import { defineTables, type Tables } from "./tables.js";

export type { Engine } from "./dialect.js";
export type { Tables } from "./tables.js";

/** Each engine's tables: built once from the one definition (tables.ts), never changed. */
const TABLES: Record<Engine, Tables> = {
  sqlite: defineTables(sqliteColumns),
  postgres: defineTables(pgColumns),
};

/** The tables of an engine (what `openDatabase` opens that engine's database with). */
export function tablesFor(engine: Engine): Tables {
  return TABLES[engine];
}

export type Db = NodePgDatabase<Tables>;
/** A transaction of the database: what `db.transaction` hands its callback. */
export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];
/** Either: a function that may run inside a caller's transaction takes `Db | Tx`. */
export type Queryable = Db | Tx;

/** Where the data lives: one SQLite file, or a PostgreSQL server. */
export type DatabaseTarget =
  | { engine: "sqlite"; file: string }
  | { engine: "postgres"; url: string; poolSize: number };

/** An open database: a value the app context owns and hands to the services. */
export interface Database {
  engine: Engine;
  db: Db;
  /** The tables of this engine (`db` was opened with them: `tablesOf(db)` is the same object). */
  tables: Tables;
  /** What SQL this engine writes differently (`dialectOf(db)` is the same object). */
  dialect: Dialect;
  /** A raw statement's rows as objects, for the System tab's checks (queries use the builder). */
  rows<T>(statement: SQL): Promise<T[]>;
  /** The SQLite connection (SQLite only: WAL checkpoints, backups). */
  sqlite: SQLite.Database | null;
  /**
   * Runs `fn` while the SQLite connection runs no statement (others wait their turn); on
   * PostgreSQL, simply runs it.
   */
  idle<T>(fn: () => Promise<T>): Promise<T>;
  /** The PostgreSQL pool (PostgreSQL only). */
  pool: pg.Pool | null;
  /** Migration files of this engine (the System tab compares them with the applied ones). */
  migrationsFolder: string;
  close(): Promise<void>;
}

/**
 * The tables `db` (or a transaction of it) was opened with: drizzle keeps the schema it was
 * given, so the tables travel with the database value and no module holds an engine's tables.
 */
export function tablesOf(db: Queryable): Tables {
  return db._.fullSchema;
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

/**
 * SQLite's one connection as drizzle's asynchronous SQLite driver (`sqlite-proxy`), held by one
 * transaction at a time. A transaction takes the connection from BEGIN IMMEDIATE to COMMIT or
 * ROLLBACK: its own statements (those of its callback, found by an AsyncLocalStorage token) run,
 * every other statement on the connection — another request's, a timer's — waits until it ends,
 * so none can slip into it (and be rolled back with it) or see its uncommitted rows; transactions
 * queue. That is what PostgreSQL's pool gives by a connection per transaction.
 */
function sqliteConnection(sqlite: SQLite.Database, tables: Tables) {
  const holder = new AsyncLocalStorage<object>();
  /** The transaction holding the connection, and when it lets go. */
  let held: { token: object; released: Promise<void> } | null = null;
  let queue: Promise<unknown> = Promise.resolve();

  /** Resolves when the connection is free for the caller (or is its own transaction's). */
  async function turn(): Promise<void> {
    while (held && holder.getStore() !== held.token) await held.released;
  }

  const statements = new Map<string, SQLite.Statement>();
  function statement(text: string): SQLite.Statement {
    let stmt = statements.get(text);
    if (!stmt) {
      stmt = sqlite.prepare(text);
      // Most statements are the builder's, the same few texts again and again.
      if (statements.size >= 500) statements.clear();
      statements.set(text, stmt);
    }
    return stmt;
  }

  const run: AsyncRemoteCallback = async (text, params, method) => {
    await turn();
    // A failed statement may have ended the transaction already (SQLite rolls back on some
    // errors): the ROLLBACK that follows is then a no-op rather than a second error.
    if (text === "rollback" && !sqlite.inTransaction) return { rows: [] };
    const stmt = statement(text);
    if (method === "get")
      return { rows: stmt.reader ? stmt.raw(true).get(...params) : [] } as never;
    if (method === "run" && !stmt.reader) return stmt.run(...params) as never;
    return { rows: stmt.raw(true).all(...params) };
  };

  const proxy = drizzleProxy(run, { schema: tables });
  const begin = proxy.transaction.bind(proxy);

  /**
   * Runs `fn` holding the connection for `token` (only statements run under that token, see
   * `turn`), after whatever held it before: transactions and `idle` queue on one line.
   */
  function inTurn<T>(token: object, fn: () => Promise<T>): Promise<T> {
    const result = queue.then(async () => {
      let release = () => {};
      held = { token, released: new Promise<void>((resolve) => (release = resolve)) };
      try {
        return await fn();
      } finally {
        held = null;
        release();
      }
    });
    queue = result.catch(() => undefined);
    return result;
  }

  proxy.transaction = (<T>(fn: (tx: Tx) => Promise<T>) => {
    const token = {};
    return inTurn(token, () =>
      holder.run(token, () => begin((tx) => fn(tx as unknown as Tx), { behavior: "immediate" })),
    );
  }) as never;

  /**
   * Runs `fn` while no statement of this connection runs: after the transaction in progress, if
   * any; statements asked for meanwhile wait their turn (the event loop does not). For work
   * beside the connection that must not race it: the log restart of `checkpoints.ts`.
   */
  const idle = <T>(fn: () => Promise<T>): Promise<T> => inTurn({}, fn);

  /** A raw statement's rows as objects, in its turn (the System tab's checks). */
  const dialect = new SQLiteAsyncDialect();
  async function rows<T>(statement: SQL): Promise<T[]> {
    const query = dialect.sqlToQuery(statement);
    await turn();
    return sqlite.prepare(query.sql).all(...query.params) as T[];
  }

  return { db: proxy as unknown as Db, rows, idle };
}

/** The page size of a new SQLite database, in bytes. */
export const SQLITE_PAGE_SIZE = 16_384;

function openSqlite(file: string): Database {
  const inMemory = !isFileDatabase(file);
  if (!inMemory) prepareDatabaseFile(file);
  const sqlite = new SQLite(file);
  // 16 KB pages for a new database (an existing one keeps its size: SQLite fixes it at the first
  // table): every analysis writes its record, about 30 KB, which on 4 KB pages spans eight
  // overflow pages; on 16 KB pages an insert costs about a quarter less CPU (docs/performance.md).
  sqlite.pragma(`page_size = ${SQLITE_PAGE_SIZE}`);
  sqlite.pragma("journal_mode = WAL");
  sqlite.pragma("busy_timeout = 5000");
  sqlite.pragma("foreign_keys = ON");
  sqlite.pragma("synchronous = NORMAL");
  // After a checkpoint, a log that grew past 64 MB is cut back to that size.
  sqlite.pragma("journal_size_limit = 67108864");
  const tables = TABLES.sqlite;
  const migrationsFolder = findMigrationsFolder("drizzle");
  // Migrations run before anything else can touch the connection, through the synchronous driver.
  migrateSqlite(drizzleSqlite(sqlite), { migrationsFolder });
  if (!inMemory) tightenSidecars(file);
  const { db, rows, idle } = sqliteConnection(sqlite, tables);
  return {
    engine: "sqlite",
    db,
    tables,
    dialect: sqliteDialect,
    rows,
    idle,
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
  const tables = TABLES.postgres;
  const pool = new pg.Pool({ connectionString: url, max: poolSize });
  // An idle client that loses its connection must not take the process down.
  pool.on("error", () => undefined);
  const db = drizzlePg(pool, { schema: tables });
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
    tables,
    dialect: pgDialect,
    async rows<T>(statement: SQL) {
      return (await db.execute(statement)).rows as T[];
    },
    sqlite: null,
    idle: (fn) => fn(),
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
