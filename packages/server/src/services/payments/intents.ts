/**
 * Stripe PaymentIntents for the premium package of the buyer's analysis. Creating one grants
 * nothing: premium comes only with the verified webhook of its success (webhook.ts).
 */
import { createHash } from "node:crypto";
import type { User } from "@bis/sdk";
import { and, eq } from "drizzle-orm";
import type Stripe from "stripe";
import { AppError } from "../../lib/errors.js";
import type { AnalysisRow } from "../analysis-rows.js";
import { currentAmount, ownAnalysis, requirePurchasable } from "./checkout.js";
import { type PaymentContext, stripeRequired } from "./context.js";
import { ALREADY_PAID_MESSAGE, PREMIUM_PRODUCT_NAME, PROVIDER_FAILED_MESSAGE } from "./messages.js";
import { fromStripeError } from "./stripe-errors.js";

/**
 * Derived from what is bought (and how many refunds came before), so a double click, a reload
 * or two tabs within Stripe's 24 hours get the same intent, and a purchase after a refund a new one.
 */
async function idempotencyKey(
  ctx: PaymentContext,
  row: AnalysisRow,
  buyer: User,
  amount: number,
): Promise<string> {
  const { payment } = ctx.tables;
  const refunds = await ctx.db.$count(
    payment,
    and(eq(payment.analysisId, row.id), eq(payment.status, "refunded")),
  );
  const digest = createHash("sha256")
    .update(JSON.stringify([row.id, buyer.id, amount, ctx.config.currency, refunds]))
    .digest("hex")
    .slice(0, 40);
  return `bis-premium-${digest}`;
}

/** A PaymentIntent for the premium package of the viewer's analysis: its client secret. */
export async function createIntent(
  ctx: PaymentContext,
  viewer: User,
  analysisId: string,
): Promise<{ clientSecret: string }> {
  const { config, log } = ctx;
  const client = stripeRequired(ctx);
  const row = await ownAnalysis(ctx, viewer, analysisId);
  if (row.isPaid) throw new AppError("ANALYSIS_ALREADY_PAID", ALREADY_PAID_MESSAGE);
  requirePurchasable(ctx);
  // The package as sold now: the offered items' prices (a package without competition costs less).
  const amount = await currentAmount(ctx);
  const key = await idempotencyKey(ctx, row, viewer, amount);
  let intent: Stripe.PaymentIntent;
  try {
    intent = await client.paymentIntents.create(
      {
        amount,
        currency: config.currency,
        automatic_payment_methods: { enabled: true },
        description: `${PREMIUM_PRODUCT_NAME}: ${row.industry}, ${row.location}`,
        metadata: { analysisId: row.id, userId: viewer.id, amount: String(amount) },
      },
      { idempotencyKey: key },
    );
  } catch (error) {
    fromStripeError(error, log, "create payment intent");
  }
  if (!intent.client_secret) {
    log.error({ paymentIntent: intent.id }, "Stripe returned an intent without client secret");
    throw new AppError("UPSTREAM_FAILED", PROVIDER_FAILED_MESSAGE);
  }
  log.info({ paymentIntent: intent.id, analysisId: row.id }, "payment intent ready");
  return { clientSecret: intent.client_secret };
}
