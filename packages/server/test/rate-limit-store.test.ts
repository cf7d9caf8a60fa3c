/**
 * Issue 14: rate limits count in the database, shared by every server instance on it. On
 * SQLite, two connections to one file (rate-limit-store.pg.test.ts runs the same on PostgreSQL).
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, it } from "vitest";
import { type Database, openDatabase } from "../src/db/database.js";
import {
  expectConcurrentHitsCountedOnce,
  expectResetAfterWindow,
} from "./support/rate-limit-store.js";

let dir: string;
let a: Database;
let b: Database;
beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), "bis-limits-"));
  const file = path.join(dir, "bis.db");
  a = await openDatabase({ engine: "sqlite", file });
  b = await openDatabase({ engine: "sqlite", file });
});
afterAll(async () => {
  await a?.close();
  await b?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe("the database rate-limit store on SQLite", () => {
  it("counts concurrent hits from two connections once each", async () => {
    await expectConcurrentHitsCountedOnce(a, b);
  });

  it("starts a new window once the last one is over, and prunes expired rows", async () => {
    await expectResetAfterWindow(a, b);
  });
});
