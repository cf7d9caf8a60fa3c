/**
 * Delivery of captured leads to a partner's webhook: a JSON POST signed with
 * `X-BIS-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>">` (the partner's
 * webhook secret), the first attempt at once and retries after the configured waits. Each
 * attempt is a durable job (jobs/queue.ts: pg-boss on PostgreSQL, the `job` table on SQLite),
 * never run inside the visitor's request, so a restart or a crash loses no delivery and any
 * instance may run it; each attempt is recorded on the lead (status, attempts, last error,
 * delivery time) for administrators.
 *
 * Exactly-once, as far as it goes: a job carries the attempt it is for and does nothing when
 * the lead is no longer pending or that attempt is already recorded (a job run again after a
 * crash), and success is recorded in the same UPDATE that marks the lead delivered. The one
 * window left is a crash after the partner answered 2xx and before that UPDATE: the attempt is
 * then sent again, with the same `X-BIS-Delivery` (the lead id) for the partner to drop it.
 */
import { createHmac } from "node:crypto";
import { type LeadWebhookPayload, WEBHOOK_SIGNATURE_HEADER } from "@bis/sdk";
import { and, eq, sql } from "drizzle-orm";
import type { Logger } from "pino";
import type { Db } from "../../db/database.js";
import { type Tables, tablesOf } from "../../db/database.js";
import type { JobQueue } from "../../jobs/queue.js";
import type { WebhookUrlPolicy } from "./webhook-url.js";

type PartnerRow = Tables["partner"]["$inferSelect"];
type LeadRow = Tables["lead"]["$inferSelect"];

/** The job name of one delivery attempt. */
export const WEBHOOK_JOB = "lead-webhook";

/** A delivery attempt's job: the lead and the attempt number (1 = the first). */
export interface WebhookJob {
  leadId: string;
  attempt: number;
}

/** `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>">`. */
export function signWebhook(secret: string, body: string, unixSeconds: number): string {
  const v1 = createHmac("sha256", secret).update(`${unixSeconds}.${body}`).digest("hex");
  return `t=${unixSeconds},v1=${v1}`;
}

export interface WebhookOptions {
  db: Db;
  logger: Logger;
  /** Where delivery attempts wait and run (durable across restarts and instances). */
  jobs: JobQueue;
  /** Waits before each retry (ms); the first attempt is immediate. */
  retryDelaysMs: number[];
  timeoutMs: number;
  /** The partner's webhook secret in clear, or null when it cannot be read. */
  secretOf(row: PartnerRow): string | null;
  now?: () => Date;
  fetch?: typeof globalThis.fetch;
  /** Refuses internal addresses (checked again here: a host name can be re-pointed). */
  webhookUrls?: WebhookUrlPolicy;
}

export function createWebhookService(options: WebhookOptions) {
  const { db, logger, jobs, retryDelaysMs, timeoutMs, secretOf } = options;
  const { lead, partner } = tablesOf(db);
  const now = options.now ?? (() => new Date());
  const doFetch = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
  const maxAttempts = retryDelaysMs.length + 1;

  /** Queues attempt `attempt` (one unfinished job per lead and attempt). */
  async function enqueue(leadId: string, attempt: number, delayMs: number): Promise<void> {
    await jobs.send<WebhookJob>(
      WEBHOOK_JOB,
      { leadId, attempt },
      { startAfterMs: delayMs, singletonKey: `${leadId}:${attempt}` },
    );
  }

  /** The retry after attempt `done` failed, unless that was the last. */
  async function enqueueNext(leadId: string, done: number): Promise<void> {
    if (done < maxAttempts) await enqueue(leadId, done + 1, retryDelaysMs[done - 1] ?? 0);
  }

  /**
   * Records attempt `attemptNo` on the lead, only if no one recorded it yet (a job run twice);
   * answers whether this call did.
   */
  async function record(
    row: LeadRow,
    attemptNo: number,
    values: Partial<Tables["lead"]["$inferInsert"]>,
  ): Promise<boolean> {
    const updated = await db
      .update(lead)
      .set({ ...values, webhookAttempts: sql`${lead.webhookAttempts} + 1` })
      .where(
        and(
          eq(lead.id, row.id),
          eq(lead.webhookStatus, "pending"),
          eq(lead.webhookAttempts, attemptNo - 1),
        ),
      )
      .returning({ id: lead.id });
    return updated.length > 0;
  }

  async function attempt({ leadId, attempt: wanted }: WebhookJob): Promise<void> {
    const [row] = await db
      .select({ lead, partner })
      .from(lead)
      .innerJoin(partner, eq(lead.partnerId, partner.id))
      .where(eq(lead.id, leadId));
    if (row?.lead.webhookStatus !== "pending") return;
    const recorded = row.lead.webhookAttempts;
    // Run again after a crash that followed the recording: only make sure the retry is queued.
    if (recorded >= wanted) return enqueueNext(leadId, recorded);
    const attemptNo = recorded + 1;
    const fail = async (message: string) => {
      const final = attemptNo >= maxAttempts;
      const mine = await record(row.lead, attemptNo, {
        webhookStatus: final ? "failed" : "pending",
        webhookLastError: message,
      });
      if (!mine) return;
      logger.warn(
        { leadId, partnerId: row.partner.id, attempt: attemptNo, final },
        `lead webhook failed: ${message}`,
      );
      await enqueueNext(leadId, attemptNo);
    };

    const url = row.partner.webhookUrl;
    const secret = secretOf(row.partner);
    if (!url) return fail("The partner has no webhook URL any more");
    if (!secret)
      return fail("The webhook secret cannot be read (was BIS_SECRET changed?); rotate it");
    const refusal = await options.webhookUrls?.refusal(url);
    if (refusal) return fail(`Not delivered: ${refusal}`);

    const payload: LeadWebhookPayload = {
      type: "lead.created",
      lead: {
        id: row.lead.id,
        name: row.lead.name,
        email: row.lead.email,
        consent: row.lead.consent,
        analysisId: row.lead.analysisId,
        createdAt: row.lead.createdAt.toISOString(),
      },
      partner: { id: row.partner.id, name: row.partner.name },
    };
    const body = JSON.stringify(payload);
    const signature = signWebhook(secret, body, Math.floor(now().getTime() / 1000));
    try {
      const response = await doFetch(url, {
        method: "POST",
        headers: {
          "Content-Type": "application/json",
          "User-Agent": "BIS-Webhook/1",
          [WEBHOOK_SIGNATURE_HEADER]: signature,
          "X-BIS-Event": "lead.created",
          // The same on every attempt: partners drop a lead they already have by it.
          "X-BIS-Delivery": row.lead.id,
          "Idempotency-Key": row.lead.id,
          "X-BIS-Delivery-Attempt": String(attemptNo),
        },
        body,
        redirect: "manual",
        signal: AbortSignal.timeout(timeoutMs),
      });
      await response.body?.cancel().catch(() => undefined);
      if (response.status >= 200 && response.status < 300) {
        await record(row.lead, attemptNo, {
          webhookStatus: "delivered",
          webhookLastError: null,
          deliveredAt: now(),
        });
        return;
      }
      await fail(`HTTP ${response.status}${response.statusText ? ` ${response.statusText}` : ""}`);
    } catch (error) {
      const e = error as Error & { cause?: { code?: string; message?: string } };
      const reason =
        e.name === "TimeoutError"
          ? `No answer within ${timeoutMs} ms`
          : (e.cause?.code ?? e.cause?.message ?? e.message);
      await fail(`Request failed: ${reason}`);
    }
  }

  return {
    /**
     * Queues the first attempt for a lead whose status is "pending"; resolves once the job is
     * stored (the attempt itself runs in the background).
     */
    async deliver(leadId: string): Promise<void> {
      await enqueue(leadId, 1, 0);
    },

    /**
     * At start: runs attempts on this instance, and queues the next attempt of any pending lead
     * that has no job (a crash between storing the lead and its job). Jobs that exist are left
     * alone (one unfinished job per lead and attempt), so N instances starting at once add none.
     */
    async start(): Promise<number> {
      await jobs.work<WebhookJob>(WEBHOOK_JOB, (job) => attempt(job.data));
      const pending = await db
        .select({ id: lead.id, attempts: lead.webhookAttempts })
        .from(lead)
        .where(eq(lead.webhookStatus, "pending"));
      for (const { id, attempts } of pending) await enqueue(id, attempts + 1, 0);
      return pending.length;
    },
  };
}

export type WebhookService = ReturnType<typeof createWebhookService>;
