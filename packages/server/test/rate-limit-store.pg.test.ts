/**
 * Issue 14: rate limits count across instances on one PostgreSQL database — the store with two
 * pools (two instances), and two BIS servers sharing one sign-in budget.
 *
 * `BIS_TEST_DATABASE_URL` names an empty database to use; without it this file starts a
 * throwaway cluster (PostgreSQL 15 binaries, as Debian installs them) in a temporary directory
 * on a loopback port and removes it afterwards. (A minimal stand-in until the shared PostgreSQL
 * test harness, test/support/postgres.ts, lands.)
 */
import { execFileSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { chownSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Database, openDatabase } from "../src/db/database.js";
import { freePort, startTestServer, type TestServer } from "./support/index.js";
import {
  expectConcurrentHitsCountedOnce,
  expectResetAfterWindow,
} from "./support/rate-limit-store.js";

const BIN = "/usr/lib/postgresql/15/bin";

/** A throwaway cluster run by the `postgres` user (initdb and pg_ctl refuse root). */
async function startCluster(): Promise<{ url: string; stop(): void }> {
  const dir = mkdtempSync(path.join(tmpdir(), "bis-pg-"));
  const asPostgres = process.getuid?.() === 0 ? ["runuser", "-u", "postgres", "--"] : [];
  if (asPostgres.length) {
    const uid = Number(execFileSync("id", ["-u", "postgres"]).toString());
    const gid = Number(execFileSync("id", ["-g", "postgres"]).toString());
    chownSync(dir, uid, gid);
  }
  const run = (command: string, args: string[]) => {
    const [file, ...rest] = [...asPostgres, path.join(BIN, command), ...args];
    execFileSync(file as string, rest, { stdio: "pipe" });
  };
  const data = path.join(dir, "data");
  run("initdb", ["-D", data, "-U", "bis", "--auth=trust"]);
  const port = await freePort();
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off`;
  run("pg_ctl", ["-D", data, "-o", options, "-l", path.join(dir, "log"), "-w", "start"]);
  return {
    url: `postgres://bis@127.0.0.1:${port}/postgres`,
    stop() {
      run("pg_ctl", ["-D", data, "-m", "immediate", "-w", "stop"]);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

let cluster: { url: string; stop(): void } | null = null;
let url: string;
let a: Database;
let b: Database;
beforeAll(async () => {
  const given = process.env.BIS_TEST_DATABASE_URL;
  if (given) url = given;
  else {
    cluster = await startCluster();
    url = cluster.url;
  }
  a = await openDatabase({ engine: "postgres", url, poolSize: 5 });
  b = await openDatabase({ engine: "postgres", url, poolSize: 5 });
}, 60_000);
afterAll(async () => {
  await a?.close();
  await b?.close();
  cluster?.stop();
});

describe("the database rate-limit store on PostgreSQL", () => {
  it("counts concurrent hits from two pools (two instances) once each", async () => {
    await expectConcurrentHitsCountedOnce(a, b);
  });

  it("starts a new window once the last one is over, and prunes expired rows", async () => {
    await expectResetAfterWindow(a, b);
  });
});

describe("two BIS servers on one PostgreSQL database", () => {
  const LIMIT = 5;
  let servers: TestServer[] = [];
  beforeAll(async () => {
    const env = {
      DATABASE_URL: url,
      BIS_LOG_LEVEL: "silent",
      BIS_LOGIN_RATE_LIMIT: String(LIMIT),
      BIS_LOGIN_RATE_WINDOW_MINUTES: "15",
      BIS_TRUST_PROXY: "true",
    };
    servers = [await startTestServer(env), await startTestServer(env)];
  }, 60_000);
  afterAll(async () => {
    for (const server of servers) await server.close();
  });

  /** A wrong-password sign-in on server `i`, from `ip`. */
  function attempt(i: number, ip: string, email: string) {
    return fetch(`${servers[i % 2]?.url}/api/auth/login`, {
      method: "POST",
      headers: { "Content-Type": "application/json", "X-Forwarded-For": ip },
      body: JSON.stringify({ email, password: "guess-1234" }),
    });
  }

  it("refuses wrong passwords spread over both at exactly the sign-in limit in total", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < LIMIT + 2; i++) {
      statuses.push((await attempt(i, "203.0.113.20", `someone${i}@example.com`)).status);
    }
    expect(statuses).toEqual([...Array(LIMIT).fill(401), 429, 429]);
    const limited = await attempt(0, "203.0.113.20", "someone@example.com");
    expect(await limited.json()).toEqual({
      code: "RATE_LIMITED",
      message: "Too many sign-in attempts. Please wait 15 minutes and try again.",
    });
  });

  it("counts guesses at one account from many addresses on both servers together", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < LIMIT + 1; i++) {
      statuses.push((await attempt(i, `198.51.100.${i + 1}`, "target@example.com")).status);
    }
    expect(statuses).toEqual([...Array(LIMIT).fill(401), 429]);
  });

  it("answers an over-long email with a validation error, not a server error", async () => {
    // Its account key is longer than an index entry may be: the store keeps a hash of it.
    const response = await attempt(
      0,
      "192.0.2.99",
      `${randomBytes(10_000).toString("hex")}@example.com`,
    );
    expect(response.status).toBe(400);
    expect((await response.json()).code).toBe("VALIDATION_FAILED");
  });

  it("counts concurrent guesses on both servers exactly", async () => {
    const responses = await Promise.all(
      Array.from({ length: 2 * LIMIT }, (_, i) => attempt(i, "192.0.2.50", `c${i}@example.com`)),
    );
    const statuses = responses.map((r) => r.status);
    expect(statuses.filter((s) => s === 401)).toHaveLength(LIMIT);
    expect(statuses.filter((s) => s === 429)).toHaveLength(LIMIT);
  });
});
