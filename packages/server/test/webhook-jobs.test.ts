/**
 * Webhook deliveries are durable jobs: a server stopped while a lead's retry waits delivers it
 * after it starts again on the same data, once, with the delivery headers partners de-duplicate
 * by. On SQLite (the job table) and, in the server-pg project, on PostgreSQL (pg-boss): both
 * servers use one data directory and, there, one database.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { tablesFor } from "../src/db/database.js";
import { signedInAdmin, startTestServer, type TestServer } from "./support/index.js";
import { commandDatabase, testEngine } from "./support/postgres.js";
import {
  eventually,
  startWebhookReceiver,
  type WebhookReceiver,
} from "./support/webhook-receiver.js";

const { job, lead } = tablesFor(testEngine());

const SITE = "http://partner-site.test:8080";

let receiver: WebhookReceiver;
let dataDir: string;
let shared: Awaited<ReturnType<typeof commandDatabase>>;
const servers: TestServer[] = [];

/** A BIS server on the shared data directory (same database file, same generated secret). */
async function start(): Promise<TestServer> {
  const bis = await startTestServer({
    BIS_DATA_DIR: dataDir,
    BIS_WEBHOOK_RETRY_DELAYS_MS: "1500",
    BIS_WEBHOOK_TIMEOUT_MS: "2000",
    BIS_ALLOW_PRIVATE_WEBHOOKS: "true",
    ...shared.env,
  });
  servers.push(bis);
  return bis;
}

/** Jobs stored and not finished: SQLite's job table, or pg-boss's jobs not yet completed. */
async function owedJobs(bis: TestServer): Promise<number> {
  const { database } = bis.server.context;
  if (!database.pool) return database.db.$count(job);
  const { rows } = await database.pool.query<{ n: number }>(
    "select count(*)::int as n from pgboss.job where state < 'completed'",
  );
  return rows[0]?.n ?? 0;
}

async function leadRow(bis: TestServer, id: string) {
  const [row] = await bis.server.context.db.select().from(lead).where(eq(lead.id, id));
  return row;
}

beforeAll(async () => {
  receiver = await startWebhookReceiver();
  dataDir = mkdtempSync(path.join(tmpdir(), "bis-webhook-jobs-"));
  shared = await commandDatabase();
});

afterAll(async () => {
  for (const bis of servers) await bis.close();
  await receiver?.close();
  await shared?.drop();
  rmSync(dataDir, { recursive: true, force: true });
});

describe("webhook deliveries across a restart", () => {
  it("a retry pending when the server stops is delivered once after it starts again", async () => {
    receiver.plan("/restart", [500]);
    const first = await start();
    const admin = await signedInAdmin(first);
    const { partner } = await admin.admin.createPartner({
      name: "Restart Co",
      allowedOrigins: [SITE],
      webhookUrl: receiver.url("/restart"),
    });
    await admin.close();
    const response = await fetch(`${first.url}/api/widget/leads`, {
      method: "POST",
      headers: {
        "Content-Type": "application/json",
        "X-BIS-Partner-Key": partner.publicKey,
        Origin: SITE,
      },
      body: JSON.stringify({ name: "Rhea", email: "rhea@example.com", consent: true }),
    });
    expect(response.status).toBe(201);
    const { leadId } = (await response.json()) as { leadId: string };

    // The first attempt fails; the retry waits 1.5 s — and the server stops meanwhile.
    await eventually(async () => (await leadRow(first, leadId))?.webhookAttempts === 1);
    expect(await leadRow(first, leadId)).toMatchObject({
      webhookStatus: "pending",
      webhookLastError: "HTTP 500 Internal Server Error",
    });
    // Only the retry's job is left (the first attempt's job finished).
    await eventually(async () => (await owedJobs(first)) === 1);
    await first.close();
    servers.splice(servers.indexOf(first), 1);
    expect(receiver.at("/restart")).toHaveLength(1);

    const second = await start();
    const delivered = await eventually(async () => {
      const row = await leadRow(second, leadId);
      return row?.webhookStatus === "delivered" ? row : undefined;
    });
    expect(delivered).toMatchObject({ webhookAttempts: 2, webhookLastError: null });
    const hits = receiver.at("/restart");
    expect(hits).toHaveLength(2);
    expect(hits.map((h) => h.headers["x-bis-delivery"])).toEqual([leadId, leadId]);
    expect(hits.map((h) => h.headers["idempotency-key"])).toEqual([leadId, leadId]);
    expect(hits.map((h) => h.headers["x-bis-delivery-attempt"])).toEqual(["1", "2"]);
    // The restart did not cut the configured wait short.
    const [failed, retried] = hits;
    expect((retried?.at ?? 0) - (failed?.at ?? 0)).toBeGreaterThanOrEqual(1500);
    // Nothing more is owed or sent.
    await eventually(async () => (await owedJobs(second)) === 0);
    await new Promise((r) => setTimeout(r, 600));
    expect(receiver.at("/restart")).toHaveLength(2);
  });
});
