/**
 * Jobs on PostgreSQL (pg-boss). The queue: each job runs once with two workers on one database,
 * `startAfterMs` and singleton keys hold, a job whose worker stopped mid-run runs again on the
 * other. Webhooks: two BIS servers on one database; a lead whose retry is waiting when instance A
 * is killed (its queue stopped without draining) is delivered exactly once, by instance B.
 *
 * A minimal throwaway cluster of its own (Debian's PostgreSQL 15 under /usr/lib/postgresql/15,
 * in a temporary directory on a loopback port, removed afterwards): the shared harness
 * (test/support/postgres.ts, branch pg-harness) had not landed when this was written.
 * `BIS_TEST_POSTGRES_URL` uses a server you run instead.
 */
import { execFileSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { chmodSync, existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Database, openDatabase } from "../src/db/database.js";
import { lead } from "../src/db/schema.js";
import { createPgBossQueue } from "../src/jobs/pg-boss-queue.js";
import type { JobQueue } from "../src/jobs/queue.js";
import { freePort, signedInAdmin, startTestServer, type TestServer } from "./support/index.js";
import {
  eventually,
  startWebhookReceiver,
  type WebhookReceiver,
} from "./support/webhook-receiver.js";

const BIN = "/usr/lib/postgresql/15/bin";
const SITE = "http://partner-site.test:8080";
const available = Boolean(process.env.BIS_TEST_POSTGRES_URL) || existsSync(`${BIN}/initdb`);

/** Runs a PostgreSQL binary, as the `postgres` user when this process is root (initdb refuses root). */
function pgBin(command: string, args: string[]) {
  const asRoot = process.getuid?.() === 0;
  const file = asRoot ? "runuser" : `${BIN}/${command}`;
  const argv = asRoot ? ["-u", "postgres", "--", `${BIN}/${command}`, ...args] : args;
  execFileSync(file, argv, { stdio: "pipe" });
}

async function startCluster(): Promise<{ url: string; stop(): void }> {
  const given = process.env.BIS_TEST_POSTGRES_URL;
  if (given) return { url: given, stop: () => undefined };
  const dir = mkdtempSync(path.join(tmpdir(), "bis-pg-"));
  chmodSync(dir, 0o777);
  if (process.getuid?.() === 0) execFileSync("chown", ["postgres", dir]);
  const data = path.join(dir, "data");
  const port = await freePort();
  pgBin("initdb", ["-D", data, "-U", "bis", "--auth=trust", "--no-sync"]);
  pgBin("pg_ctl", [
    "-D",
    data,
    "-l",
    path.join(dir, "log"),
    "-o",
    `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off`,
    "-w",
    "start",
  ]);
  return {
    url: `postgres://bis@127.0.0.1:${port}/postgres`,
    stop() {
      try {
        pgBin("pg_ctl", ["-D", data, "-m", "immediate", "-w", "stop"]);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}

let cluster: Awaited<ReturnType<typeof startCluster>> | undefined;
let receiver: WebhookReceiver;
const servers: TestServer[] = [];
// One secret for every instance (the partners' webhook secrets are sealed with it).
const BIS_SECRET = randomBytes(32).toString("hex");

async function instance(): Promise<TestServer> {
  if (!cluster) throw new Error("no cluster");
  const bis = await startTestServer({
    DATABASE_URL: cluster.url,
    BIS_SECRET,
    BIS_WEBHOOK_RETRY_DELAYS_MS: "3000",
    BIS_WEBHOOK_TIMEOUT_MS: "2000",
    BIS_ALLOW_PRIVATE_WEBHOOKS: "true",
  });
  servers.push(bis);
  return bis;
}

async function leadRow(bis: TestServer, id: string) {
  const [row] = await bis.server.context.db.select().from(lead).where(eq(lead.id, id));
  return row;
}

beforeAll(async () => {
  if (!available) return;
  cluster = await startCluster();
  receiver = await startWebhookReceiver();
}, 60_000);

const queues: JobQueue[] = [];
const databases: Database[] = [];

/** One "instance" of the queue: its own pool and pg-boss. */
async function queue(lockMs?: number): Promise<JobQueue> {
  if (!cluster) throw new Error("no cluster");
  const database = await openDatabase({ engine: "postgres", url: cluster.url, poolSize: 2 });
  databases.push(database);
  const q = createPgBossQueue(database, { logger: pino({ level: "silent" }), lockMs });
  queues.push(q);
  return q;
}

afterAll(async () => {
  for (const q of queues) await q.stop({ drain: false }).catch(() => undefined);
  for (const database of databases) await database.close();
  for (const bis of servers) await bis.close().catch(() => undefined);
  await receiver?.close();
  cluster?.stop();
}, 60_000);

describe.runIf(available)("the pg-boss job queue", () => {
  it("runs each job once with two workers, honours startAfterMs and singleton keys", async () => {
    const [a, b] = [await queue(), await queue()];
    await Promise.all([a.start(), b.start()]);
    const runs: Array<{ n: number; at: number }> = [];
    const handler = async (job: { data: { n: number } }) => {
      runs.push({ n: job.data.n, at: Date.now() });
    };
    await a.work("count", handler);
    await b.work("count", handler);
    const sentAt = Date.now();
    for (let n = 0; n < 20; n++) await a.send("count", { n });
    await b.send("count", { n: 99 }, { startAfterMs: 2500 });
    expect(await a.send("count", { n: 100 }, { singletonKey: "k" })).toEqual(expect.any(String));
    expect(await b.send("count", { n: 101 }, { singletonKey: "k" })).toBeNull();
    await eventually(() => runs.length === 22, 15_000);
    expect(new Set(runs.map((r) => r.n)).size).toBe(22);
    expect(runs.map((r) => r.n)).not.toContain(101);
    const later = runs.find((r) => r.n === 99);
    expect((later?.at ?? 0) - sentAt).toBeGreaterThanOrEqual(2500);
  }, 30_000);

  it("runs a job again on another worker when its worker stopped mid-run", async () => {
    const a = await queue();
    await a.start();
    let aStarted = false;
    await a.work("hang", () => {
      aStarted = true;
      return new Promise<void>(() => undefined);
    });
    await a.send("hang", { lead: "L1" });
    await eventually(() => aStarted, 10_000);
    await a.stop({ drain: false });
    const b = await queue();
    await b.start();
    const done: unknown[] = [];
    await b.work("hang", async (job) => {
      done.push(job.data);
    });
    await eventually(() => done.length === 1, 15_000);
    expect(done).toEqual([{ lead: "L1" }]);
  }, 30_000);
});

describe.runIf(available)("webhook jobs on PostgreSQL, two instances", () => {
  it("a retry waiting on a killed instance is delivered exactly once by the other", async () => {
    receiver.plan("/pg", [500]);
    const a = await instance();
    const admin = await signedInAdmin(a);
    const { partner } = await admin.admin.createPartner({
      name: "Two Instances Co",
      allowedOrigins: [SITE],
      webhookUrl: receiver.url("/pg"),
    });
    await admin.close();
    const response = await fetch(`${a.url}/api/widget/leads`, {
      method: "POST",
      headers: {
        "Content-Type": "application/json",
        "X-BIS-Partner-Key": partner.publicKey,
        Origin: SITE,
      },
      body: JSON.stringify({ name: "Pia", email: "pia@example.com", consent: true }),
    });
    expect(response.status).toBe(201);
    const { leadId } = (await response.json()) as { leadId: string };
    await eventually(async () => (await leadRow(a, leadId))?.webhookAttempts === 1);
    expect(await leadRow(a, leadId)).toMatchObject({ webhookStatus: "pending" });

    // B starts on the same database; A dies while the retry waits (no draining, no goodbye).
    const b = await instance();
    await a.server.context.jobs.stop({ drain: false });
    a.server.server.closeAllConnections();

    const delivered = await eventually(async () => {
      const row = await leadRow(b, leadId);
      return row?.webhookStatus === "delivered" ? row : undefined;
    }, 20_000);
    expect(delivered).toMatchObject({ webhookAttempts: 2, webhookLastError: null });
    // Give a duplicate every chance to show up: none does.
    await new Promise((r) => setTimeout(r, 2000));
    const hits = receiver.at("/pg");
    expect(hits.map((h) => h.headers["x-bis-delivery-attempt"])).toEqual(["1", "2"]);
    expect(hits.map((h) => h.headers["x-bis-delivery"])).toEqual([leadId, leadId]);
  }, 60_000);
});
