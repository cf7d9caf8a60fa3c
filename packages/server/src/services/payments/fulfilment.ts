/**
 * THE fulfilment: record the payment and unlock premium, once. Only two callers reach it — a
 * Stripe webhook whose signature verified (webhook.ts), and the demo confirmation in demo mode
 * (below). The browser's return with `payment_success=true` grants nothing.
 */
import { randomUUID } from "node:crypto";
import type { Payment, User } from "@bis/sdk";
import { and, eq, sql } from "drizzle-orm";
import type { Tx } from "../../db/database.js";
import { tablesOf } from "../../db/database.js";
import { AppError } from "../../lib/errors.js";
import { currentAmount, ownAnalysis, requirePurchasable } from "./checkout.js";
import { type PaymentContext, type PaymentRow, toPaymentDto } from "./context.js";
import { ALREADY_PAID_MESSAGE } from "./messages.js";

/** Outcome of a full refund that arrived before its payment: the later success must not grant. */
export const REFUND_BEFORE_PAYMENT = "refund-before-payment";

export interface FulfilInput {
  provider: "stripe" | "demo";
  providerPaymentId: string;
  userId: string;
  analysisId: string;
  amount: number;
  currency: string;
}

export interface Fulfilment {
  payment: PaymentRow;
  /**
   * "granted": premium unlocked now; "already": this payment was recorded before; "refunded":
   * refunded before it succeeded; "duplicate": a second payment for an analysis another payment
   * already unlocked — recorded as refunded (never counted) and to be refunded through Stripe.
   */
  result: "granted" | "already" | "refunded" | "duplicate";
}

export async function setPaid(
  ctx: PaymentContext,
  tx: Tx,
  analysisId: string,
  paid: boolean,
): Promise<void> {
  const { analysis } = ctx.tables;
  await tx
    .update(analysis)
    .set({ isPaid: paid, updatedAt: ctx.now() })
    .where(eq(analysis.id, analysisId));
}

/**
 * The fulfilment, inside the caller's transaction. The payment's unique `providerPaymentId`
 * makes it once: the row is inserted first and only an inserted row grants. Of two deliveries
 * at once (two server instances), the second's insert waits for the first transaction and then
 * inserts nothing, so it answers the recorded payment.
 */
export async function fulfilIn(
  ctx: PaymentContext,
  tx: Tx,
  input: FulfilInput,
): Promise<Fulfilment> {
  const { analysis, stripeEvent } = ctx.tables;
  // One fulfilment per analysis at a time: this update locks the analysis' row (PostgreSQL; SQLite
  // writes one at a time), so of two different intents for it at once the second sees the first.
  await tx
    .update(analysis)
    .set({ updatedAt: sql`${analysis.updatedAt}` })
    .where(eq(analysis.id, input.analysisId));
  const paidBefore = await succeededPayment(tx, input.analysisId);
  if (
    input.provider === "stripe" &&
    paidBefore &&
    paidBefore.providerPaymentId !== input.providerPaymentId
  ) {
    return duplicateIn(ctx, tx, input);
  }
  const [refundFirst] = await tx
    .select()
    .from(stripeEvent)
    .where(
      and(
        eq(stripeEvent.paymentIntentId, input.providerPaymentId),
        eq(stripeEvent.outcome, REFUND_BEFORE_PAYMENT),
      ),
    )
    .limit(1);
  const at = ctx.now();
  const row = await insertPayment(ctx, tx, input, at, refundFirst ? refundFirst.processedAt : null);
  if (!row) return recorded(ctx, tx, input.providerPaymentId);
  if (refundFirst) return { payment: row, result: "refunded" };
  await setPaid(ctx, tx, input.analysisId, true);
  return { payment: row, result: "granted" };
}

/**
 * Records `input` as a payment — succeeded, or refunded at `refundedAt` — unless its provider id
 * is recorded already (undefined then).
 */
async function insertPayment(
  ctx: PaymentContext,
  tx: Tx,
  input: FulfilInput,
  at: Date,
  refundedAt: Date | null,
): Promise<PaymentRow | undefined> {
  const { payment } = ctx.tables;
  const [row] = await tx
    .insert(payment)
    .values({
      id: randomUUID(),
      userId: input.userId,
      analysisId: input.analysisId,
      provider: input.provider,
      providerPaymentId: input.providerPaymentId,
      amount: input.amount,
      currency: input.currency,
      status: refundedAt ? "refunded" : "succeeded",
      createdAt: at,
      refundedAt,
    })
    .onConflictDoNothing({ target: payment.providerPaymentId })
    .returning();
  return row;
}

/**
 * A second successful payment for an analysis that another payment already unlocked (a second
 * intent, a second tab, a replayed checkout): recorded as refunded — it grants nothing and never
 * counts as revenue — and the webhook then refunds it through Stripe (`refundDuplicate`).
 */
async function duplicateIn(ctx: PaymentContext, tx: Tx, input: FulfilInput): Promise<Fulfilment> {
  const at = ctx.now();
  const row = await insertPayment(ctx, tx, input, at, at);
  if (!row) return recorded(ctx, tx, input.providerPaymentId);
  return { payment: row, result: "duplicate" };
}

/** A payment recorded before: it grants nothing new (a succeeded one keeps its analysis paid). */
async function recorded(
  ctx: PaymentContext,
  tx: Tx,
  providerPaymentId: string,
): Promise<Fulfilment> {
  const { payment } = ctx.tables;
  const [existing] = await tx
    .select()
    .from(payment)
    .where(eq(payment.providerPaymentId, providerPaymentId))
    .limit(1);
  // Inserted by another transaction and deleted since (its user or analysis): fail, and the
  // caller's transaction rolls back (Stripe delivers the event again).
  if (!existing) throw new Error(`Payment ${providerPaymentId} vanished while being fulfilled`);
  if (existing.status === "succeeded") await setPaid(ctx, tx, existing.analysisId, true);
  return { payment: existing, result: existing.status === "refunded" ? "refunded" : "already" };
}

/** The fulfilment in a transaction of its own. */
export function fulfil(ctx: PaymentContext, input: FulfilInput): Promise<Fulfilment> {
  return ctx.db.transaction((tx) => fulfilIn(ctx, tx, input));
}

/** The analysis' succeeded payment, if any. */
async function succeededPayment(tx: Tx, analysisId: string): Promise<PaymentRow | undefined> {
  const { payment } = tablesOf(tx);
  const [paid] = await tx
    .select()
    .from(payment)
    .where(and(eq(payment.analysisId, analysisId), eq(payment.status, "succeeded")))
    .limit(1);
  return paid;
}

/**
 * Demo mode only: the same fulfilment as the webhook, without a card. The analysis is claimed
 * first (paid only when it was not), so of two clicks at once one pays and the other is
 * answered the payment that already unlocked it.
 */
export async function confirmDemo(
  ctx: PaymentContext,
  viewer: User,
  analysisId: string,
): Promise<Payment> {
  const { config, db } = ctx;
  const { analysis } = ctx.tables;
  if (config.mode !== "demo") {
    throw new AppError(
      "DEMO_PAYMENTS_DISABLED",
      "Demo payments are not available: this server takes payments with Stripe.",
    );
  }
  const row = await ownAnalysis(ctx, viewer, analysisId);
  if (!row.isPaid) requirePurchasable(ctx);
  const amount = await currentAmount(ctx);
  const { payment: paid, result } = await db.transaction(async (tx) => {
    const claimed = await tx
      .update(analysis)
      .set({ isPaid: true, updatedAt: ctx.now() })
      .where(and(eq(analysis.id, row.id), eq(analysis.isPaid, false)))
      .returning({ id: analysis.id });
    if (claimed.length === 0) {
      // A second click returns the payment that already unlocked it.
      const existing = await succeededPayment(tx, row.id);
      if (!existing) throw new AppError("ANALYSIS_ALREADY_PAID", ALREADY_PAID_MESSAGE);
      return { payment: existing, result: "already" as const };
    }
    return fulfilIn(ctx, tx, {
      provider: "demo",
      providerPaymentId: `demo_${randomUUID()}`,
      userId: viewer.id,
      analysisId: row.id,
      amount,
      currency: config.currency,
    });
  });
  if (result === "granted") {
    ctx.log.info({ analysisId: row.id, paymentId: paid.id }, "demo payment confirmed");
  }
  return toPaymentDto(paid);
}
