/**
 * Jobs on PostgreSQL (pg-boss). The queue: each job runs once with two workers on one
 * database, `startAfterMs` and singleton keys hold, a job whose worker stopped mid-run runs again
 * on the other. Webhooks: two BIS server processes on one database; `kill -9` of the one that took
 * a lead while the lead's retry waits, and the other delivers it — exactly once.
 * Runs in the server-pg project only (vitest.pg.config.ts).
 */
import pino from "pino";
import { afterAll, afterEach, describe, expect, it } from "vitest";
import { type Database, openDatabase } from "../../src/db/database.js";
import { createPgBossQueue } from "../../src/jobs/pg-boss-queue.js";
import type { JobQueue } from "../../src/jobs/queue.js";
import { type InstanceGroup, startInstances } from "../support/instances.js";
import { createTestDatabase, queryDatabase, type TestDatabase } from "../support/postgres.js";
import { signedInAdmin } from "../support/users.js";
import { eventually, startWebhookReceiver } from "../support/webhook-receiver.js";

const SITE = "http://partner-site.test:8080";

describe("the pg-boss job queue", () => {
  let database: TestDatabase | undefined;
  const queues: JobQueue[] = [];
  const opened: Database[] = [];

  /** One "instance" of the queue: its own pool and pg-boss, on the test's database. */
  async function queue(): Promise<JobQueue> {
    database ??= await createTestDatabase();
    const db = await openDatabase({ engine: "postgres", url: database.url, poolSize: 2 });
    opened.push(db);
    const q = createPgBossQueue({ database: db, logger: pino({ level: "silent" }) });
    queues.push(q);
    return q;
  }

  afterEach(async () => {
    for (const q of queues.splice(0)) await q.stop({ drain: false });
    for (const db of opened.splice(0)) await db.close();
    await database?.drop();
    database = undefined;
  });

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
  });

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
  });
});

describe("webhook deliveries with two instances on one PostgreSQL database", () => {
  let group: InstanceGroup | undefined;
  const receiver = startWebhookReceiver();

  afterAll(async () => {
    await group?.close();
    await (await receiver).close();
  });

  it("a retry waiting when its instance is killed (-9) is delivered once by the other", async () => {
    const hooks = await receiver;
    hooks.plan("/two", [500]);
    group = await startInstances(2, {
      BIS_WEBHOOK_RETRY_DELAYS_MS: "4000",
      BIS_WEBHOOK_TIMEOUT_MS: "2000",
      BIS_ALLOW_PRIVATE_WEBHOOKS: "true",
    });
    const [a, b] = group.instances;
    if (!a || !b) throw new Error("two instances expected");
    const admin = await signedInAdmin(group);
    const { partner } = await admin.admin.createPartner({
      name: "Two Instances Co",
      allowedOrigins: [SITE],
      webhookUrl: hooks.url("/two"),
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
    const leadOf = async () =>
      (
        await queryDatabase<{ status: string; attempts: number }>(
          group?.database.url ?? "",
          "select webhook_status as status, webhook_attempts as attempts from lead where id = $1",
          [leadId],
        )
      )[0];

    // The first attempt failed and its retry waits 4 s: instance A dies now, without a goodbye.
    await eventually(async () => (await leadOf())?.attempts === 1, 20_000);
    await a.kill("SIGKILL");
    expect(b.alive()).toBe(true);

    await eventually(async () => (await leadOf())?.status === "delivered", 30_000);
    expect(await leadOf()).toEqual({ status: "delivered", attempts: 2 });
    // Give a duplicate every chance to show up: none does.
    await new Promise((r) => setTimeout(r, 3000));
    const hits = hooks.at("/two");
    expect(hits.map((h) => h.headers["x-bis-delivery-attempt"])).toEqual(["1", "2"]);
    expect(hits.map((h) => h.headers["x-bis-delivery"])).toEqual([leadId, leadId]);
  }, 120_000);
});
