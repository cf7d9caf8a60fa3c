/**
 * Background WAL checkpoints (src/db/checkpoints.ts): the serving connection never checkpoints,
 * a worker thread copies the log into the database file, and the serving connection goes back
 * to automatic checkpoints when the worker stops.
 */
import { mkdtempSync, rmSync, statSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { startWalCheckpoints } from "../src/db/checkpoints.js";
import { openDatabase, SQLITE_PAGE_SIZE } from "../src/db/database.js";

type Db = NonNullable<Awaited<ReturnType<typeof openDatabase>>["sqlite"]>;

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** A database file's path in a new directory (removed after the test). */
async function freshFile(): Promise<string> {
  const dir = mkdtempSync(path.join(tmpdir(), "bis-wal-"));
  dirs.push(dir);
  return path.join(dir, "bis.db");
}

/** The serving SQLite connection, as the server opens it. */
async function freshDatabase(): Promise<{ db: Db; file: string }> {
  const file = await freshFile();
  const db = (await openDatabase({ engine: "sqlite", file })).sqlite as Db;
  db.exec("create table filler (body text)");
  return { db, file };
}

/** Writes `rows` rows of 4,000 bytes through the serving connection. */
function write(db: Db, rows: number) {
  const insert = db.prepare("insert into filler (body) values (?)");
  for (let i = 0; i < rows; i++) insert.run("x".repeat(4000));
}

const autocheckpoint = (db: Db) => db.pragma("wal_autocheckpoint", { simple: true });

async function until(condition: () => boolean, timeoutMs = 5000) {
  const end = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > end) throw new Error("timed out");
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe("background WAL checkpoints", () => {
  it("copies the log into the database file from a worker, never on the serving connection", async () => {
    const { db, file } = await freshDatabase();
    const checkpoints = startWalCheckpoints(db, file, { intervalMs: 50 });
    expect(autocheckpoint(db)).toBe(0);
    const before = statSync(file).size;
    write(db, 1500);
    // The serving connection alone would leave all 1,500 pages in the log (autocheckpoint 0).
    await until(() => statSync(file).size > before + 1500 * 4000);
    await checkpoints.stop();
    expect(autocheckpoint(db)).toBe(1000);
    db.close();
  });

  it("starts the log over while writes never pause, so the log file stays bounded", async () => {
    const database = await openDatabase({ engine: "sqlite", file: await freshFile() });
    const sqlite = database.sqlite as Db;
    const file = sqlite.name;
    const { logEntry } = database.tables;
    const checkpoints = startWalCheckpoints(sqlite, file, {
      intervalMs: 20,
      idle: database.idle,
    });
    const row = "x".repeat(8000);
    const rows = 8000;
    let largest = 0;
    // About 130 MB of log pages (a 16 KB page an insert), written through the connection as a
    // busy server writes its analyses — roughly 45 MB/s, the event loop turning between them — so
    // never with a pause long enough for a passive checkpoint to copy the whole log.
    for (let i = 1; i <= rows; i++) {
      await database.db.insert(logEntry).values({
        id: String(i),
        instanceId: "test",
        time: new Date(),
        level: 30,
        msg: row,
        fields: {},
      });
      if (i % 4 === 0) {
        largest = Math.max(largest, statSync(`${file}-wal`).size);
        await new Promise((resolve) => setTimeout(resolve, 1));
      }
    }
    await checkpoints.stop();
    expect(sqlite.prepare("select count(*) from log_entry").pluck().get()).toBe(rows);
    // Without the restart the file held every page written; with it, it is started over and cut
    // back to journal_size_limit (64 MB).
    expect(largest).toBeLessThanOrEqual(64 * 1024 * 1024 + 2 * SQLITE_PAGE_SIZE);
    expect(largest).toBeLessThan((rows * SQLITE_PAGE_SIZE) / 2);
    sqlite.close();
  });

  it("without the worker, the serving connection leaves the log alone (what the worker replaces)", async () => {
    const { db, file } = await freshDatabase();
    db.pragma("wal_autocheckpoint = 0");
    const before = statSync(file).size;
    write(db, 1500);
    await new Promise((r) => setTimeout(r, 200));
    expect(statSync(file).size).toBe(before);
    expect(statSync(`${file}-wal`).size).toBeGreaterThan(1500 * 4000);
    db.close();
  });

  it("goes back to automatic checkpoints when the worker cannot run", async () => {
    const { db, file } = await freshDatabase();
    startWalCheckpoints(db, `${file}.missing`, { intervalMs: 50 });
    expect(autocheckpoint(db)).toBe(0);
    await until(() => autocheckpoint(db) === 1000);
    db.close();
  });
});

describe("the SQLite file's pages", () => {
  const pageSize = (db: Db) => db.pragma("page_size", { simple: true });

  it("creates a new database with 16 KB pages (an analysis record fits on two, not eight)", async () => {
    const { db } = await freshDatabase();
    expect(SQLITE_PAGE_SIZE).toBe(16_384);
    expect(pageSize(db)).toBe(16_384);
    db.close();
  });

  it("opens a database made with 4 KB pages as it is: its page size and rows stay", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "bis-pages-"));
    dirs.push(dir);
    const file = path.join(dir, "bis.db");
    const SQLite = createRequire(import.meta.url)(
      "better-sqlite3",
    ) as typeof import("better-sqlite3");
    const old = new SQLite(file);
    old.pragma("page_size = 4096");
    old.exec("create table kept (body text); insert into kept values ('from before')");
    old.close();
    const db = (await openDatabase({ engine: "sqlite", file })).sqlite as Db;
    expect(pageSize(db)).toBe(4096);
    expect(db.prepare("select body from kept").pluck().get()).toBe("from before");
    // The migrations ran: the product's tables are there too.
    expect(db.prepare("select count(*) from analysis").pluck().get()).toBe(0);
    db.close();
  });
});

describe("holding the SQLite connection (Database.idle)", () => {
  const tick = () => new Promise((resolve) => setTimeout(resolve, 5));

  it("runs no statement while held: they wait their turn, then run in order", async () => {
    const database = await openDatabase({ engine: "sqlite", file: await freshFile() });
    let release = () => {};
    const held = database.idle(() => new Promise<void>((resolve) => (release = resolve)));
    await tick();
    const order: string[] = [];
    const read = database.rows(sql`select 1`).then(() => order.push("statement"));
    await tick();
    expect(order).toEqual([]);
    order.push("released");
    release();
    await Promise.all([held, read]);
    expect(order).toEqual(["released", "statement"]);
    await database.close();
  });

  it("waits for the transaction in progress before holding", async () => {
    const database = await openDatabase({ engine: "sqlite", file: await freshFile() });
    const order: string[] = [];
    let commit = () => {};
    const transaction = database.db.transaction(async (tx) => {
      await tx.select().from(database.tables.logEntry).limit(1);
      await new Promise<void>((resolve) => (commit = resolve));
      order.push("transaction");
    });
    await tick();
    const held = database.idle(async () => {
      order.push("held");
    });
    await tick();
    expect(order).toEqual([]);
    commit();
    await Promise.all([transaction, held]);
    expect(order).toEqual(["transaction", "held"]);
    await database.close();
  });
});
