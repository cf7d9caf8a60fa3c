/**
 * Delivery of captured leads to a partner's webhook: a JSON POST signed with
 * `X-BIS-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>">` (the partner's
 * webhook secret), the first attempt at once and retries after the configured waits. Runs on
 * in-process timers, never inside the visitor's request; each attempt is recorded on the lead
 * (status, attempts, last error, delivery time) for administrators.
 */
import { createHmac } from "node:crypto";
import { type LeadWebhookPayload, WEBHOOK_SIGNATURE_HEADER } from "@bis/sdk";
import { eq, sql } from "drizzle-orm";
import type { Logger } from "pino";
import type { Db } from "../db/database.js";
import { lead, partner } from "../db/schema.js";
import type { WebhookUrlPolicy } from "./webhook-url.js";

type PartnerRow = typeof partner.$inferSelect;

/** `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>">`. */
export function signWebhook(secret: string, body: string, unixSeconds: number): string {
  const v1 = createHmac("sha256", secret).update(`${unixSeconds}.${body}`).digest("hex");
  return `t=${unixSeconds},v1=${v1}`;
}

export interface WebhookOptions {
  db: Db;
  logger: Logger;
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
  const { db, logger, retryDelaysMs, timeoutMs, secretOf } = options;
  const now = options.now ?? (() => new Date());
  const doFetch = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
  const timers = new Set<NodeJS.Timeout>();
  let stopped = false;
  const maxAttempts = retryDelaysMs.length + 1;

  function schedule(leadId: string, delayMs: number) {
    if (stopped) return;
    const timer = setTimeout(() => {
      timers.delete(timer);
      attempt(leadId).catch((error: unknown) =>
        logger.error({ err: error, leadId }, "webhook delivery crashed"),
      );
    }, delayMs);
    timer.unref();
    timers.add(timer);
  }

  async function record(leadId: string, values: Partial<typeof lead.$inferInsert>) {
    await db
      .update(lead)
      .set({ ...values, webhookAttempts: sql`${lead.webhookAttempts} + 1` })
      .where(eq(lead.id, leadId));
  }

  async function attempt(leadId: string): Promise<void> {
    if (stopped) return;
    const [row] = await db
      .select({ lead, partner })
      .from(lead)
      .innerJoin(partner, eq(lead.partnerId, partner.id))
      .where(eq(lead.id, leadId));
    if (row?.lead.webhookStatus !== "pending") return;
    const attemptNo = row.lead.webhookAttempts + 1;
    const fail = async (message: string) => {
      const final = attemptNo >= maxAttempts;
      await record(leadId, {
        webhookStatus: final ? "failed" : "pending",
        webhookLastError: message,
      });
      logger.warn(
        { leadId, partnerId: row.partner.id, attempt: attemptNo, final },
        `lead webhook failed: ${message}`,
      );
      if (!final) schedule(leadId, retryDelaysMs[attemptNo - 1] ?? 0);
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
          "X-BIS-Delivery": row.lead.id,
        },
        body,
        redirect: "manual",
        signal: AbortSignal.timeout(timeoutMs),
      });
      await response.body?.cancel().catch(() => undefined);
      if (response.status >= 200 && response.status < 300) {
        await record(leadId, {
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
    /** Starts delivering a lead whose status is "pending"; returns at once. */
    deliver(leadId: string): void {
      schedule(leadId, 0);
    },

    /** After a restart: continues the deliveries that were still pending. */
    async resumePending(): Promise<number> {
      const pending = await db
        .select({ id: lead.id })
        .from(lead)
        .where(eq(lead.webhookStatus, "pending"));
      for (const { id } of pending) schedule(id, 0);
      return pending.length;
    },

    /** Cancels the timers (server shutdown); pending leads resume at the next start. */
    stop(): void {
      stopped = true;
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
    },
  };
}

export type WebhookService = ReturnType<typeof createWebhookService>;
