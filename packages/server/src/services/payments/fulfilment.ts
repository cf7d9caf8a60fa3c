/**
 * THE fulfilment: record the payment and unlock premium, once. Only two callers reach it — a
 * Stripe webhook whose signature verified (webhook.ts), and the demo confirmation in demo mode
 * (below). The browser's return with `payment_success=true` grants nothing.
 */
import { randomUUID } from "node:crypto";
import type { Payment, User } from "@bis/sdk";
import { and, eq } from "drizzle-orm";
import type { Tx } from "../../db/database.js";
import { analysis, payment, stripeEvent } from "../../db/schema.js";
import { AppError } from "../../lib/errors.js";
import { ownAnalysis, requirePurchasable } from "./checkout.js";
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
  /** "granted": premium unlocked now; "already": this payment was recorded before; "refunded": refunded before it succeeded. */
  result: "granted" | "already" | "refunded";
}

export function setPaid(ctx: PaymentContext, tx: Tx, analysisId: string, paid: boolean): void {
  tx.update(analysis)
    .set({ isPaid: paid, updatedAt: ctx.now() })
    .where(eq(analysis.id, analysisId))
    .run();
}

/** The fulfilment, inside the caller's transaction. */
export function fulfilIn(ctx: PaymentContext, tx: Tx, input: FulfilInput): Fulfilment {
  const existing = tx
    .select()
    .from(payment)
    .where(eq(payment.providerPaymentId, input.providerPaymentId))
    .get();
  if (existing) {
    if (existing.status === "succeeded") setPaid(ctx, tx, existing.analysisId, true);
    return { payment: existing, result: existing.status === "refunded" ? "refunded" : "already" };
  }
  const refundFirst = tx
    .select()
    .from(stripeEvent)
    .where(
      and(
        eq(stripeEvent.paymentIntentId, input.providerPaymentId),
        eq(stripeEvent.outcome, REFUND_BEFORE_PAYMENT),
      ),
    )
    .get();
  const row = tx
    .insert(payment)
    .values({
      id: randomUUID(),
      userId: input.userId,
      analysisId: input.analysisId,
      provider: input.provider,
      providerPaymentId: input.providerPaymentId,
      amount: input.amount,
      currency: input.currency,
      status: refundFirst ? "refunded" : "succeeded",
      createdAt: ctx.now(),
      refundedAt: refundFirst ? refundFirst.processedAt : null,
    })
    .returning()
    .get();
  if (refundFirst) return { payment: row, result: "refunded" };
  setPaid(ctx, tx, input.analysisId, true);
  return { payment: row, result: "granted" };
}

/** The fulfilment in a transaction of its own. */
export function fulfil(ctx: PaymentContext, input: FulfilInput): Fulfilment {
  return ctx.db.transaction((tx) => fulfilIn(ctx, tx, input));
}

/** Demo mode only: the same fulfilment as the webhook, without a card. */
export function confirmDemo(ctx: PaymentContext, viewer: User, analysisId: string): Payment {
  const { config, db } = ctx;
  if (config.mode !== "demo") {
    throw new AppError(
      "NOT_FOUND",
      "Demo payments are not available: this server takes payments with Stripe.",
    );
  }
  const row = ownAnalysis(ctx, viewer, analysisId);
  if (row.isPaid) {
    // A second click returns the payment that already unlocked it.
    const paid = db
      .select()
      .from(payment)
      .where(and(eq(payment.analysisId, row.id), eq(payment.status, "succeeded")))
      .get();
    if (paid) return toPaymentDto(paid);
    throw new AppError("CONFLICT", ALREADY_PAID_MESSAGE);
  }
  requirePurchasable(ctx);
  const { payment: paid } = fulfil(ctx, {
    provider: "demo",
    providerPaymentId: `demo_${randomUUID()}`,
    userId: viewer.id,
    analysisId: row.id,
    amount: config.amount,
    currency: config.currency,
  });
  ctx.log.info({ analysisId: row.id, paymentId: paid.id }, "demo payment confirmed");
  return toPaymentDto(paid);
}
