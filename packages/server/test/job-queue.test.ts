/**
 * The SQLite job queue (jobs/sqlite-queue.ts): each job runs once even with two workers on one
 * database file, a job whose worker died runs again once its lock runs out, `startAfterMs` is
 * honoured, a singleton key keeps one unfinished job, and `stop()` waits for running handlers.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pino from "pino";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { type Database, openDatabase, tablesFor } from "../src/db/database.js";
import type { JobQueue } from "../src/jobs/queue.js";
import { createSqliteQueue } from "../src/jobs/sqlite-queue.js";
import { eventually } from "./support/webhook-receiver.js";

const { job } = tablesFor("sqlite");

const logger = pino({ level: "silent" });
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

let dir: string;
const opened: Database[] = [];
const queues: JobQueue[] = [];

/** One "process": its own connection to the shared file and its own queue. */
async function worker(options: { lockMs?: number } = {}) {
  const database = await openDatabase({ engine: "sqlite", file: path.join(dir, "bis.db") });
  opened.push(database);
  const queue = createSqliteQueue({ db: database.db, logger, pollMs: 20, ...options });
  queues.push(queue);
  return { queue, db: database.db };
}

beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), "bis-jobs-"));
});

afterEach(async () => {
  for (const queue of queues.splice(0)) await queue.stop({ drain: false });
  for (const database of opened.splice(0)) await database.close();
  rmSync(dir, { recursive: true, force: true });
});

describe("the SQLite job queue", () => {
  it("runs each job exactly once with two workers polling the same database", async () => {
    const runs: string[] = [];
    const handler = async (j: { data: { n: number } }) => {
      runs.push(String(j.data.n));
      await sleep(5);
    };
    const a = await worker();
    const b = await worker();
    await a.queue.work("count", handler);
    await b.queue.work("count", handler);
    for (let n = 0; n < 40; n++) await a.queue.send("count", { n });
    await Promise.all([a.queue.start(), b.queue.start()]);
    await eventually(async () => (await a.db.$count(job)) === 0);
    expect(runs).toHaveLength(40);
    expect(new Set(runs).size).toBe(40);
  });

  it("runs a job again on another worker once the dead worker's lock ran out", async () => {
    const a = await worker({ lockMs: 300 });
    let aStarted = false;
    // Worker A takes the job and never finishes: it "crashed" mid-run.
    await a.queue.work("deliver", () => {
      aStarted = true;
      return new Promise<void>(() => undefined);
    });
    await a.queue.send("deliver", { lead: "L1" });
    await a.queue.start();
    await eventually(() => aStarted);
    await a.queue.stop({ drain: false });

    const b = await worker();
    const done: unknown[] = [];
    await b.queue.work("deliver", async (j) => {
      done.push({ data: j.data, at: Date.now() });
    });
    const startedAt = Date.now();
    await b.queue.start();
    await eventually(() => done.length === 1);
    // Not before A's lock ran out.
    expect((done[0] as { at: number }).at - startedAt).toBeGreaterThanOrEqual(150);
    expect((done[0] as { data: unknown }).data).toEqual({ lead: "L1" });
    await eventually(async () => (await b.db.$count(job)) === 0);
    await sleep(400);
    expect(done).toHaveLength(1);
  });

  it("does not run a job before its startAfterMs", async () => {
    const { queue } = await worker();
    const ranAt: number[] = [];
    await queue.work("later", async () => {
      ranAt.push(Date.now());
    });
    await queue.start();
    const sentAt = Date.now();
    await queue.send("later", {}, { startAfterMs: 500 });
    await queue.send("later", {});
    await eventually(() => ranAt.length === 2);
    const [first = 0, second = 0] = ranAt;
    expect(first - sentAt).toBeLessThan(400);
    expect(second - sentAt).toBeGreaterThanOrEqual(500);
  });

  it("keeps one unfinished job per singleton key", async () => {
    const { queue, db } = await worker();
    expect(await queue.send("once", { v: 1 }, { singletonKey: "lead-1:1" })).toEqual(
      expect.any(String),
    );
    expect(await queue.send("once", { v: 2 }, { singletonKey: "lead-1:1" })).toBeNull();
    expect(await queue.send("once", { v: 3 }, { singletonKey: "lead-1:2" })).toEqual(
      expect.any(String),
    );
    expect(await db.$count(job)).toBe(2);
  });

  it("stop() waits for running handlers and then runs nothing more", async () => {
    const { queue, db } = await worker();
    const events: string[] = [];
    await queue.work("slow", async (j) => {
      events.push(`start ${(j.data as { n: number }).n}`);
      await sleep(300);
      events.push(`end ${(j.data as { n: number }).n}`);
    });
    await queue.send("slow", { n: 1 });
    await queue.start();
    await eventually(() => events.length === 1);
    await queue.send("slow", { n: 2 }, { startAfterMs: 100 });
    await queue.stop();
    expect(events).toEqual(["start 1", "end 1"]);
    await sleep(300);
    expect(events).toEqual(["start 1", "end 1"]);
    // The job not yet run stays stored for the next start.
    expect(await db.$count(job)).toBe(1);
  });
});
