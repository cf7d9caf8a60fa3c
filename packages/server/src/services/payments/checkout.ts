/**
 * What the checkout offers and to whom: the price and deliverables it shows, whether the
 * package can be sold right now, and which analysis a buyer may pay for (their own).
 */
import type { PaymentConfig, User } from "@bis/sdk";
import { AppError } from "../../lib/errors.js";
import { isPurchasable } from "../../premium/deliverables.js";
import type { AnalysisRow } from "../analysis-rows.js";
import { visibleAnalysis } from "../analysis-rows.js";
import type { PaymentContext } from "./context.js";
import { NOT_PURCHASABLE_MESSAGE, PREMIUM_PRODUCT_NAME } from "./messages.js";

/** What the checkout needs; never a secret. */
export function checkoutConfig(ctx: PaymentContext): PaymentConfig {
  const { config } = ctx;
  const list = ctx.deliverables?.() ?? [];
  return {
    mode: config.mode,
    publishableKey: config.mode === "stripe" ? config.stripe.publishableKey : null,
    amount: config.amount,
    currency: config.currency,
    productName: PREMIUM_PRODUCT_NAME,
    deliverables: list,
    purchasable: ctx.deliverables ? isPurchasable(list) : true,
  };
}

/** 503 when nothing premium can be delivered: no payment is taken for what cannot be delivered. */
export function requirePurchasable(ctx: PaymentContext): void {
  if (!ctx.deliverables) return;
  const list = ctx.deliverables();
  if (isPurchasable(list)) return;
  const missing = list.filter((d) => !d.deliverable);
  ctx.log.warn(
    { missing: missing.map((d) => d.id) },
    "premium package refused: nothing premium can be delivered",
  );
  throw new AppError("UNAVAILABLE", NOT_PURCHASABLE_MESSAGE, {
    details: { missing: missing.map((d) => ({ id: d.id, reason: d.reason })) },
  });
}

/**
 * The buyer's own analysis. Another user's is 404 (as for any analysis they may not see); an
 * administrator is told why not (403).
 */
export async function ownAnalysis(
  ctx: PaymentContext,
  viewer: User,
  analysisId: string,
): Promise<AnalysisRow> {
  const row = await visibleAnalysis(ctx.db, analysisId, viewer);
  if (row.userId !== viewer.id) {
    throw new AppError(
      "FORBIDDEN",
      "Only the owner of an analysis can buy its premium package (administrators already have premium access).",
    );
  }
  return row;
}
