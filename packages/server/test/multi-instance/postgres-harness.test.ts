/**
 * The PostgreSQL harness itself (test/support/postgres.ts): the run's throwaway cluster answers,
 * each test database is new and empty, and `drop()` removes it even with a connection still open.
 */
import pg from "pg";
import { describe, expect, inject, it } from "vitest";
import { createTestDatabase, queryDatabase } from "../support/postgres.js";

describe("PostgreSQL test harness", () => {
  it("runs a loopback cluster where the role bis may create databases", async () => {
    const url = new URL(inject("postgresUrl"));
    expect(url.hostname).toBe("127.0.0.1");
    const [row] = await queryDatabase<{ user: string; createdb: boolean }>(
      url.toString(),
      "select current_user as user, rolcreatedb as createdb from pg_roles where rolname = current_user",
    );
    expect(row).toEqual({ user: "bis", createdb: true });
  });

  it("creates a fresh empty database per call and drops it, open connections included", async () => {
    const [first, second] = await Promise.all([createTestDatabase(), createTestDatabase()]);
    expect(first.name).toMatch(/^bis_[0-9a-f]{16}$/);
    expect(second.name).not.toBe(first.name);

    const held = new pg.Client({ connectionString: first.url });
    await held.connect();
    held.on("error", () => {}); // the forced drop ends this connection
    const [answer] = (
      await held.query<{ one: number; db: string }>("select 1 as one, current_database() as db")
    ).rows;
    expect(answer).toEqual({ one: 1, db: first.name });
    const tables = await queryDatabase(
      first.url,
      "select 1 from pg_tables where schemaname = 'public'",
    );
    expect(tables).toHaveLength(0);

    await first.drop();
    await second.drop();
    const left = await queryDatabase(
      inject("postgresUrl"),
      "select datname from pg_database where datname = any($1)",
      [[first.name, second.name]],
    );
    expect(left).toEqual([]);
    await held.end().catch(() => {});
  });
});
