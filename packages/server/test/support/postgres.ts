/**
 * PostgreSQL for tests. One throwaway cluster per Vitest run (`setup`, the server-pg project's
 * globalSetup: scripts/lib/postgres.mjs starts it in a temporary directory on a loopback port and
 * removes it afterwards), and one fresh database per test server (`createTestDatabase`).
 *
 * `BIS_TEST_POSTGRES_URL=postgres://user@host:port/postgres` uses a server you run instead (a CI
 * service container, say): the role must be allowed to create and drop databases.
 */
import { randomBytes } from "node:crypto";
import pg from "pg";
import { inject } from "vitest";
import type { TestProject } from "vitest/node";
import { startPostgresCluster } from "../../../../scripts/lib/postgres.mjs";

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
