/**
 * What the database rate-limit store must do on either engine (rate-limit-store*.test.ts): two
 * stores on one database stand for two server instances.
 */
import { setTimeout as sleep } from "node:timers/promises";
import type { Options } from "express-rate-limit";
import { expect } from "vitest";
import type { Database } from "../../src/db/database.js";
import { DatabaseRateLimitStore } from "../../src/db/rate-limit-store.js";
import { rateLimit } from "../../src/db/schema.js";

/** A store as express-rate-limit sets it up (init with the limiter's window). */
export function storeOn(database: Database, prefix: string, windowMs: number) {
  const store = new DatabaseRateLimitStore(database.db, prefix);
  store.init({ windowMs } as Options);
  return store;
}

/** Hits from two instances at once: each counted once, the counts 1…n with none repeated. */
export async function expectConcurrentHitsCountedOnce(a: Database, b: Database) {
  const first = storeOn(a, "test-limit:", 60_000);
  const second = storeOn(b, "test-limit:", 60_000);
  try {
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
    // Another limiter (prefix) and another client count on their own.
    expect((await storeOn(a, "other-limit:", 60_000).increment("203.0.113.7")).totalHits).toBe(1);
    expect((await second.increment("198.51.100.1")).totalHits).toBe(1);
    // A key of any length (an account key is the email a caller typed) counts like any other.
    const long = `account:${"x".repeat(10_000)}@example.com`;
    expect((await first.increment(long)).totalHits).toBe(1);
    expect((await second.increment(long)).totalHits).toBe(2);
    expect((await second.increment(`${long}.org`)).totalHits).toBe(1);
    await first.resetKey("203.0.113.7");
    expect((await second.increment("203.0.113.7")).totalHits).toBe(1);
  } finally {
    first.shutdown();
    second.shutdown();
  }
}

/** After the window the count starts again at 1 with a new reset time; expired rows are pruned. */
export async function expectResetAfterWindow(a: Database, b: Database) {
  const windowMs = 300;
  const first = storeOn(a, "short-limit:", windowMs);
  const second = storeOn(b, "short-limit:", windowMs);
  try {
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
  } finally {
    first.shutdown();
    second.shutdown();
  }
}
