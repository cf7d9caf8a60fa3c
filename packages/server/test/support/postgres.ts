/**
 * PostgreSQL for tests. One throwaway cluster per Vitest run (`setup`, the server-pg project's
 * globalSetup: scripts/lib/postgres.mjs starts it in a temporary directory on a loopback port and
 * removes it afterwards), and one fresh database per test server (`createTestDatabase`).
 *
 * `BIS_TEST_POSTGRES_URL=postgres://user@host:port/postgres` uses a server you run instead (a CI
 * service container, say): the role must be allowed to create and drop databases.
 */
import { randomBytes } from "node:crypto";
import { mkdirSync } from "node:fs";
import path from "node:path";
import pg from "pg";
import { afterEach, beforeEach, inject } from "vitest";
import type { TestProject } from "vitest/node";
import { startPostgresCluster } from "../../../../scripts/lib/postgres.mjs";
import type { Database } from "../../src/db/database.js";

declare module "vitest" {
  export interface ProvidedContext {
    /** The maintenance database (`postgres`) of the run's cluster. */
    postgresUrl: string;
  }
}

/** Which database the test servers of this run use: `BIS_TEST_ENGINE=postgres` (server-pg) or SQLite. */
export function testEngine(): "postgres" | "sqlite" {
  return process.env.BIS_TEST_ENGINE === "postgres" ? "postgres" : "sqlite";
}

/** globalSetup: starts the run's cluster (unless BIS_TEST_POSTGRES_URL names one); returns its teardown. */
export async function setup(project: TestProject): Promise<() => Promise<void>> {
  const given = process.env.BIS_TEST_POSTGRES_URL;
  if (given) {
    project.provide("postgresUrl", given);
    return async () => {};
  }
  const started = Date.now();
  const cluster = await startPostgresCluster();
  process.stdout.write(
    `PostgreSQL test cluster on port ${cluster.port} (started in ${((Date.now() - started) / 1000).toFixed(1)} s)\n`,
  );
  project.provide("postgresUrl", cluster.url);
  return () => cluster.stop();
}

export interface TestDatabase {
  /** `postgres://…/bis_<random>`: what `DATABASE_URL` is set to. */
  url: string;
  name: string;
  /** Drops the database, ending any connection still open to it. */
  drop(): Promise<void>;
}

function maintenanceUrl(): string {
  return process.env.BIS_TEST_POSTGRES_URL ?? inject("postgresUrl");
}

/** Runs one statement on the database at `url` with a connection of its own; the rows. */
export async function queryDatabase<T extends pg.QueryResultRow>(
  url: string,
  sql: string,
  values: unknown[] = [],
): Promise<T[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<T>(sql, values)).rows;
  } finally {
    await client.end();
  }
}

/** A new, empty database on the run's cluster (`CREATE DATABASE bis_<random>`). */
export async function createTestDatabase(): Promise<TestDatabase> {
  const name = `bis_${randomBytes(8).toString("hex")}`;
  await queryDatabase(maintenanceUrl(), `CREATE DATABASE ${name}`);
  const url = new URL(maintenanceUrl());
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    name,
    async drop() {
      await queryDatabase(maintenanceUrl(), `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    },
  };
}

/**
 * For tests that run `bis-server` commands (a child process) on the same database as a test
 * server: under the server-pg project a new database and `{ DATABASE_URL }` for both, else
 * nothing (both use the SQLite file in the BIS_DATA_DIR they share). `drop()` removes it.
 */
export async function commandDatabase(): Promise<{
  env: Record<string, string>;
  drop(): Promise<void>;
}> {
  if (testEngine() !== "postgres") return { env: {}, drop: async () => {} };
  const database = await createTestDatabase();
  return { env: { DATABASE_URL: database.url }, drop: database.drop };
}

/** A database for tests of the data layer without a server, and the environment of commands on it. */
export interface TestDataLayer {
  database: Database;
  /** `BIS_DATA_DIR` (and on PostgreSQL `DATABASE_URL`) for a `bis-server` command on the same data. */
  env: Record<string, string>;
  /** Closes the database (and drops it, on PostgreSQL). */
  close(): Promise<void>;
}

/**
 * Opens a database of the run's engine: the SQLite file `bis.db` in `dataDir`, or under the
 * server-pg project a new PostgreSQL database, migrated either way.
 */
export async function openTestDatabase(dataDir: string): Promise<TestDataLayer> {
  // Imported here, not above: the globalSetup (this module, in Vitest's main process) needs none of it.
  const { openDatabase } = await import("../../src/db/database.js");
  if (testEngine() !== "postgres") {
    mkdirSync(dataDir, { recursive: true });
    const database = await openDatabase({ engine: "sqlite", file: path.join(dataDir, "bis.db") });
    return { database, env: { BIS_DATA_DIR: dataDir }, close: () => database.close() };
  }
  const created = await createTestDatabase();
  const database = await openDatabase({ engine: "postgres", url: created.url, poolSize: 4 });
  return {
    database,
    env: { BIS_DATA_DIR: dataDir, DATABASE_URL: created.url },
    async close() {
      await database.close();
      await created.drop();
    },
  };
}

/**
 * A throwaway database of the run's engine for one test: SQLite in memory, or under the
 * server-pg project a new PostgreSQL database; migrated either way, dropped by `close`.
 */
export async function openScratchDatabase(): Promise<Pick<TestDataLayer, "database" | "close">> {
  const { openDatabase } = await import("../../src/db/database.js");
  if (testEngine() !== "postgres") {
    const database = await openDatabase({ engine: "sqlite", file: ":memory:" });
    return { database, close: () => database.close() };
  }
  const created = await createTestDatabase();
  const database = await openDatabase({ engine: "postgres", url: created.url, poolSize: 3 });
  return {
    database,
    async close() {
      await database.close();
      await created.drop();
    },
  };
}

/**
 * A scratch database (`openScratchDatabase`) for each test of the calling file: opened before
 * each test and handed to `use`, closed after it.
 */
export function useScratchDatabase(use: (database: TestDataLayer["database"]) => void): void {
  let scratch: Awaited<ReturnType<typeof openScratchDatabase>> | undefined;
  beforeEach(async () => {
    scratch = await openScratchDatabase();
    use(scratch.database);
  });
  afterEach(() => scratch?.close());
}
