/**
 * Issue 14: rate limits count in the database, shared by every server instance on it. Two
 * stores on one database stand for two instances: on SQLite two connections to one file (the
 * server project), on PostgreSQL two pools on one database of the run's cluster (server-pg).
 * test/multi-instance/rate-limits.test.ts checks the same through three server processes.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import type { Options } from "express-rate-limit";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Database, openDatabase, tablesFor } from "../src/db/database.js";
import { DatabaseRateLimitStore, stopRateLimitStores } from "../src/db/rate-limit-store.js";
import { createTestDatabase, type TestDatabase, testEngine } from "./support/postgres.js";

const { rateLimit } = tablesFor(testEngine());

let dir: string | null = null;
let pgDatabase: TestDatabase | null = null;
let a: Database;
let b: Database;
beforeAll(async () => {
  if (testEngine() === "postgres") {
    pgDatabase = await createTestDatabase();
    a = await openDatabase({ engine: "postgres", url: pgDatabase.url, poolSize: 5 });
    b = await openDatabase({ engine: "postgres", url: pgDatabase.url, poolSize: 5 });
  } else {
    dir = mkdtempSync(path.join(tmpdir(), "bis-limits-"));
    const file = path.join(dir, "bis.db");
    a = await openDatabase({ engine: "sqlite", file });
    b = await openDatabase({ engine: "sqlite", file });
  }
});
afterAll(async () => {
  await a?.close();
  await b?.close();
  await pgDatabase?.drop();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

const stores: DatabaseRateLimitStore[] = [];
afterAll(() => {
  for (const store of stores) store.shutdown();
});

/** A store as express-rate-limit sets one up (init with the limiter's window). */
function storeOn(database: Database, prefix: string, windowMs: number) {
  const store = new DatabaseRateLimitStore(database.db, prefix);
  store.init({ windowMs } as Options);
  stores.push(store);
  return store;
}

describe(`the database rate-limit store (${testEngine()})`, () => {
  it("counts concurrent hits from two instances once each, in one window", async () => {
    const first = storeOn(a, "test-limit:", 60_000);
    const second = storeOn(b, "test-limit:", 60_000);
    const hits = 40;
    const results = await Promise.all(
      Array.from({ length: hits }, (_, i) => (i % 2 ? first : second).increment("203.0.113.7")),
    );
    const counts = results.map((r) => r.totalHits).sort((x, y) => x - y);
    expect(counts).toEqual(Array.from({ length: hits }, (_, i) => i + 1));
    // One window for all of them, started by the first hit.
    expect(new Set(results.map((r) => r.resetTime?.getTime())).size).toBe(1);
    expect((await first.get("203.0.113.7"))?.totalHits).toBe(hits);
    expect((await second.get("203.0.113.7"))?.totalHits).toBe(hits);
    // A request taken back on one instance is taken back on the other.
    await second.decrement("203.0.113.7");
    expect((await first.increment("203.0.113.7")).totalHits).toBe(hits);
    // Resetting the key on one instance resets it on the other.
    await first.resetKey("203.0.113.7");
    expect((await second.increment("203.0.113.7")).totalHits).toBe(1);
  });

  it("keeps each limiter and each client on its own count, keys of any length included", async () => {
    const first = storeOn(a, "one-limit:", 60_000);
    const second = storeOn(b, "one-limit:", 60_000);
    const other = storeOn(a, "other-limit:", 60_000);
    expect((await first.increment("198.51.100.1")).totalHits).toBe(1);
    expect((await other.increment("198.51.100.1")).totalHits).toBe(1);
    expect((await second.increment("198.51.100.2")).totalHits).toBe(1);
    // An account key is the email a caller typed: longer than an index entry may be.
    const long = `account:${"x1y2z3".repeat(2_000)}@example.com`;
    expect((await first.increment(long)).totalHits).toBe(1);
    expect((await second.increment(long)).totalHits).toBe(2);
    expect((await second.increment(`${long}.org`)).totalHits).toBe(1);
  });

  it("starts a new window once the last one is over, and prunes expired rows", async () => {
    const windowMs = 300;
    const first = storeOn(a, "short-limit:", windowMs);
    const second = storeOn(b, "short-limit:", windowMs);
    const opened = await first.increment("client");
    expect((await second.increment("client")).totalHits).toBe(2);
    expect(opened.resetTime?.getTime()).toBeGreaterThan(Date.now());
    await sleep(windowMs + 50);
    expect(await first.get("client")).toBeUndefined();
    const reopened = await second.increment("client");
    expect(reopened.totalHits).toBe(1);
    expect(reopened.resetTime?.getTime()).toBeGreaterThan(opened.resetTime?.getTime() ?? 0);
    await sleep(windowMs + 50);
    await first.prune();
    const left = await a.db.select().from(rateLimit);
    expect(left.filter((row) => row.key.startsWith("short-limit:"))).toEqual([]);
  });

  it("stops the pruning timers of a database's stores when the server closes it", () => {
    const onA = [storeOn(a, "close-a1:", 60_000), storeOn(a, "close-a2:", 900_000)];
    const onB = storeOn(b, "close-b:", 60_000);
    expect(onA.every((s) => s.pruning)).toBe(true);
    stopRateLimitStores(a.db);
    expect(onA.some((s) => s.pruning)).toBe(false);
    expect(onB.pruning).toBe(true);
  });
});
