/**
 * The server log in the database and the instance list, on the test run's engine
 * (SQLite, or PostgreSQL in the server-pg project): entries are
 * queued by the log call and written in batches, read newest first across instances with the
 * level filter and (time, id) paging, pruned to the retention bound; instances heartbeat, age
 * out and leave on a graceful stop. test/multi-instance/logs.test.ts runs two servers on one
 * PostgreSQL database.
 */
import path from "node:path";
import { describe, expect, it } from "vitest";
import { type Database, type DatabaseTarget, openDatabase, tablesFor } from "../src/db/database.js";
import { createInstanceIdentity } from "../src/lib/instance-identity.js";
import { countLogEntries, createLogStore, readLogEntries } from "../src/logging/log-store.js";
import { createServerLogger } from "../src/logging/logger.js";
import { createInstanceRegistry } from "../src/services/instances.js";
import { testEngine, useScratchDatabase } from "./support/postgres.js";
import { startTestServer } from "./support/server.js";
import { signedInAdmin } from "./support/users.js";

const { instance, logEntry } = tablesFor(testEngine());

/** Recent (the default retention is 7 days). */
const T0 = Date.now() - 60_000;
/** Manual flushes only, unless a test says otherwise. */
const MANUAL = { flushMs: 3_600_000, pruneMs: 3_600_000 };

function line(level: number, msg: string, at: number, extra: Record<string, unknown> = {}) {
  return `${JSON.stringify({ level, time: at, msg, pid: 1, hostname: "h", ...extra })}\n`;
}

let database: Database;
useScratchDatabase((opened) => {
  database = opened;
});

/** One statement outside drizzle (to make the log's table go away and come back). */
async function exec(statement: string) {
  if (database.sqlite) database.sqlite.exec(statement);
  else await database.pool?.query(statement);
}

describe("the log in the database", () => {
  it("writes what log calls queued in one go, and reads every instance's entries newest first", async () => {
    const a = createLogStore();
    const b = createLogStore();
    a.attach(database.db, MANUAL);
    b.attach(database.db, MANUAL);
    // The first write and prune of attach are done.
    await Promise.all([a.prune(), b.prune()]);
    a.write(line(30, "a1", T0) + line(40, "a2", T0 + 2));
    b.write(line(50, "b1", T0 + 1) + line(30, "b2", T0 + 3));
    // The log call only queued them.
    expect(await readLogEntries(database.db, { limit: 10 })).toEqual([]);
    await Promise.all([a.flush(), b.flush()]);

    const all = await readLogEntries(database.db, { limit: 10 });
    expect(all.map((e) => e.message)).toEqual(["b2", "a2", "b1", "a1"]);
    expect(all.map((e) => e.instanceId)).toEqual([
      b.identity.id,
      a.identity.id,
      b.identity.id,
      a.identity.id,
    ]);
    expect(all[2]).toMatchObject({ level: "error", time: new Date(T0 + 1).toISOString() });
    const warnings = await readLogEntries(database.db, { level: "warn", limit: 10 });
    expect(warnings.map((e) => e.message)).toEqual(["a2", "b1"]);
    expect(await countLogEntries(database.db)).toBe(4);
    expect(await countLogEntries(database.db, "error")).toBe(1);
    await Promise.all([a.close(), b.close()]);
  });

  it("keeps one instance's entries of one millisecond in the order they were logged", async () => {
    const store = createLogStore();
    store.attach(database.db, MANUAL);
    for (const msg of ["first", "second", "third"]) store.write(line(30, msg, T0));
    await store.flush();
    const read = await readLogEntries(database.db, { limit: 10 });
    expect(read.map((e) => e.message)).toEqual(["third", "second", "first"]);
    await store.close();
  });

  it("pages by (time, id): entries written between two pages neither shift nor repeat", async () => {
    const a = createLogStore();
    const b = createLogStore();
    a.attach(database.db, MANUAL);
    b.attach(database.db, MANUAL);
    for (let i = 0; i < 6; i++) (i % 2 ? a : b).write(line(30, `old-${i}`, T0 + Math.floor(i / 2)));
    await Promise.all([a.flush(), b.flush()]);
    const first = await readLogEntries(database.db, { limit: 4 });
    const last = first.at(-1);
    if (!last) throw new Error("no page");
    // New lines arrive on both instances, one of them late (older than the page's last entry).
    a.write(line(30, "new", T0 + 10));
    b.write(line(30, "late", T0));
    await Promise.all([a.flush(), b.flush()]);
    const second = await readLogEntries(database.db, {
      limit: 4,
      after: { time: new Date(last.time), id: last.id },
    });
    const seen = [...first, ...second].map((e) => e.message);
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen.filter((m) => m.startsWith("old")).sort()).toEqual(
      ["old-0", "old-1", "old-2", "old-3", "old-4", "old-5"].sort(),
    );
    expect(seen).not.toContain("new");
    await Promise.all([a.close(), b.close()]);
  });

  it("writes a full batch at once, without waiting for the interval", async () => {
    const store = createLogStore();
    store.attach(database.db, { ...MANUAL, batchSize: 3 });
    store.write(line(30, "1", T0) + line(30, "2", T0) + line(30, "3", T0));
    await new Promise((r) => setTimeout(r, 20));
    expect(await countLogEntries(database.db)).toBe(3);
    await store.close();
  });

  it("writes every second on its own", async () => {
    const store = createLogStore();
    store.attach(database.db, { flushMs: 50, pruneMs: 3_600_000 });
    store.write(line(30, "soon", T0));
    await expect.poll(() => countLogEntries(database.db), { timeout: 2000 }).toBe(1);
    await store.close();
  });

  it("keeps the newest entries and none older than the retention days", async () => {
    const store = createLogStore();
    store.attach(database.db, {
      ...MANUAL,
      retention: { entries: 3, days: 7 },
      now: () => new Date(T0),
    });
    store.write(line(30, "too old", T0 - 8 * 86_400_000));
    for (let i = 1; i <= 5; i++) store.write(line(30, `recent-${i}`, T0 - i * 1000));
    await store.prune();
    const kept = await readLogEntries(database.db, { limit: 10 });
    expect(kept.map((e) => e.message)).toEqual(["recent-1", "recent-2", "recent-3"]);
    await store.close();
  });

  it("survives a failing database: the log call never throws, nothing is logged about it, and the entries are written once it answers", async () => {
    const reports: string[] = [];
    const store = createLogStore();
    const logger = createServerLogger("silent", { store });
    store.attach(database.db, { ...MANUAL, report: (m) => void reports.push(m) });
    await store.prune();
    await exec("ALTER TABLE log_entry RENAME TO log_entry_away");
    logger.info("while the database fails");
    await store.flush();
    await store.flush();
    expect(reports).toHaveLength(1);
    expect(reports[0]).toContain("log entries could not be written to the database (1 waiting");
    await exec("ALTER TABLE log_entry_away RENAME TO log_entry");
    await store.flush();
    const rows = await database.db.select().from(logEntry);
    expect(rows.map((r) => r.msg)).toEqual(["while the database fails"]);
    await store.close();
  });

  it("keeps at most maxPending entries while it cannot write, the oldest dropped first", async () => {
    const store = createLogStore();
    store.attach(database.db, { ...MANUAL, maxPending: 2, report: () => undefined });
    await store.prune();
    await exec("ALTER TABLE log_entry RENAME TO log_entry_away");
    store.write(line(30, "1", T0) + line(30, "2", T0 + 1) + line(30, "3", T0 + 2));
    await store.flush();
    await exec("ALTER TABLE log_entry_away RENAME TO log_entry");
    await store.flush();
    const read = await readLogEntries(database.db, { limit: 10 });
    expect(read.map((e) => e.message)).toEqual(["3", "2"]);
    await store.close();
  });
});

describe("instances", () => {
  const silent = createServerLogger("silent");

  it("lists the instances seen within 30 s, and not one that stopped or went quiet", async () => {
    let clock = T0;
    const now = () => new Date(clock);
    const a = createInstanceRegistry({
      db: database.db,
      identity: createInstanceIdentity(new Date(T0)),
      logger: silent,
      now,
    });
    const b = createInstanceRegistry({
      db: database.db,
      identity: createInstanceIdentity(new Date(T0 + 1)),
      logger: silent,
      now,
    });
    await a.start();
    await b.start();
    const live = await a.live();
    expect(live.map((i) => i.id)).toEqual([a.identity.id, b.identity.id]);
    expect(live[0]).toMatchObject({
      hostname: a.identity.hostname,
      pid: process.pid,
      version: a.identity.version,
      startedAt: new Date(T0).toISOString(),
      lastSeenAt: new Date(T0).toISOString(),
    });

    // 31 s without a heartbeat from b (a beats through its timer in production; here by hand).
    clock = T0 + 31_000;
    await a.close();
    await a.start();
    expect((await a.live()).map((i) => i.id)).toEqual([a.identity.id]);

    await a.close();
    expect((await database.db.select().from(instance)).map((r) => r.id)).toEqual([b.identity.id]);
    await b.close();
    expect(await database.db.select().from(instance)).toEqual([]);
  });
});

describe("a server", () => {
  it("reports its instance and, stopping gracefully, writes its last log lines and removes its row", async () => {
    const bis = await startTestServer();
    const admin = await signedInAdmin(bis);
    try {
      const system = await admin.admin.system();
      expect(system.instances).toHaveLength(1);
      expect(system.instances[0]?.id).toBe(system.instanceId);
      expect(system.instances[0]?.id).toBe(bis.server.context.logs.identity.id);
      const logs = await admin.admin.logs();
      expect(logs.length).toBeGreaterThan(0);
      expect(logs.every((e) => e.instanceId === system.instanceId)).toBe(true);

      bis.server.context.logger.warn("the last words");
      await bis.server.close();
      const target: DatabaseTarget = bis.database
        ? { engine: "postgres", url: bis.database.url, poolSize: 2 }
        : { engine: "sqlite", file: path.join(bis.dataDir, "bis.db") };
      const after = await openDatabase(target);
      try {
        expect(await after.db.select().from(instance)).toEqual([]);
        const rows = await readLogEntries(after.db, { limit: 5 });
        expect(rows[0]).toMatchObject({ message: "the last words", level: "warn" });
      } finally {
        await after.close();
      }
    } finally {
      await admin.close();
      await bis.close();
    }
  });
});
