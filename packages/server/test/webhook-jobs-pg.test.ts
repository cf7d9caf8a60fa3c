/**
 * Webhook jobs on PostgreSQL (pg-boss): two BIS servers on one database; a lead whose retry is
 * waiting when instance A is killed (its queue stopped without draining, as a crash would) is
 * delivered exactly once, by instance B.
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
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { lead } from "../src/db/schema.js";
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

afterAll(async () => {
  for (const bis of servers) await bis.close().catch(() => undefined);
  await receiver?.close();
  cluster?.stop();
}, 60_000);

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
