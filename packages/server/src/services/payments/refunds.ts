/**
 * Refunds: an administrator's within the guarantee (through Stripe for a card payment), and
 * Stripe's `charge.refunded` (webhook.ts). Either way the analysis loses premium unless another
 * payment still covers it.
 */
import { GUARANTEE_DAYS, type Payment, type User } from "@bis/sdk";
import { and, eq } from "drizzle-orm";
import type { Tx } from "../../db/database.js";
import { AppError } from "../../lib/errors.js";
import { type PaymentContext, type PaymentRow, toPaymentDto } from "./context.js";
import { setPaid } from "./fulfilment.js";
import { fromStripeError } from "./stripe-errors.js";

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Marks a payment refunded, inside the caller's transaction; null when there is no such payment.
 * Only the update that changes a succeeded payment withdraws premium, so a refund delivered
 * twice at once (the administrator's and Stripe's, or two instances) is applied once.
 */
export async function refundIn(
  ctx: PaymentContext,
  tx: Tx,
  providerPaymentId: string,
): Promise<PaymentRow | null> {
  const { payment } = ctx.tables;
  const [updated] = await tx
    .update(payment)
    .set({ status: "refunded", refundedAt: ctx.now() })
    .where(and(eq(payment.providerPaymentId, providerPaymentId), eq(payment.status, "succeeded")))
    .returning();
  if (!updated) {
    const [row] = await tx
      .select()
      .from(payment)
      .where(eq(payment.providerPaymentId, providerPaymentId))
      .limit(1);
    return row ?? null;
  }
  const [stillPaid] = await tx
    .select({ id: payment.id })
    .from(payment)
    .where(and(eq(payment.analysisId, updated.analysisId), eq(payment.status, "succeeded")))
    .limit(1);
  await setPaid(ctx, tx, updated.analysisId, stillPaid !== undefined);
  return updated;
}

/** 409 unless the payment is still within the money-back guarantee. */
function requireWithinGuarantee(ctx: PaymentContext, row: PaymentRow): void {
  const ageMs = ctx.now().getTime() - row.createdAt.getTime();
  if (ageMs > GUARANTEE_DAYS * DAY_MS) {
    throw new AppError(
      "REFUND_WINDOW_PASSED",
      `Refunds are possible within ${GUARANTEE_DAYS} days of payment; this payment was made on ${row.createdAt.toISOString().slice(0, 10)}.`,
    );
  }
}

/** Returns a card payment's money through Stripe (already refunded in its Dashboard: fine). */
async function refundThroughStripe(ctx: PaymentContext, admin: User, row: PaymentRow) {
  if (!ctx.stripe) {
    throw new AppError(
      "UNAVAILABLE",
      "Stripe is not configured on this server; refund this payment in the Stripe Dashboard.",
    );
  }
  try {
    await ctx.stripe.refunds.create(
      {
        payment_intent: row.providerPaymentId,
        metadata: { paymentId: row.id, analysisId: row.analysisId, refundedBy: admin.id },
      },
      { idempotencyKey: `bis-refund-${row.id}` },
    );
  } catch (error) {
    // Refunded in the Stripe Dashboard already: record it here too.
    const code = (error as { code?: string }).code;
    if (code !== "charge_already_refunded") fromStripeError(error, ctx.log, "refund");
  }
}

/** Refunds a payment within the guarantee (administrators); the analysis loses premium. */
export async function refund(
  ctx: PaymentContext,
  admin: User,
  paymentId: string,
): Promise<Payment> {
  const { payment } = ctx.tables;
  const [row] = await ctx.db.select().from(payment).where(eq(payment.id, paymentId)).limit(1);
  if (!row) throw new AppError("PAYMENT_NOT_FOUND");
  if (row.status === "refunded") {
    throw new AppError("PAYMENT_ALREADY_REFUNDED");
  }
  requireWithinGuarantee(ctx, row);
  if (row.provider === "stripe") await refundThroughStripe(ctx, admin, row);
  const refunded = await ctx.db.transaction((tx) => refundIn(ctx, tx, row.providerPaymentId));
  if (!refunded) throw new AppError("PAYMENT_NOT_FOUND");
  ctx.log.info({ paymentId: row.id, analysisId: row.analysisId, by: admin.id }, "payment refunded");
  return toPaymentDto(refunded);
}
