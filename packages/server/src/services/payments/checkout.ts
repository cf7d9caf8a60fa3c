/**
 * What the checkout offers and to whom: the price and deliverables it shows, whether the
 * package can be sold right now, and which analysis a buyer may pay for (their own).
 */
import {
  DELIVERABLE_NAMES,
  isPurchasable,
  itemsNotOffered,
  type PaymentConfig,
  type PremiumDeliverable,
  packageAmount,
  type User,
} from "@bis/sdk";
import { AppError } from "../../lib/errors.js";
import type { AnalysisRow } from "../analysis-rows.js";
import { visibleAnalysis } from "../analysis-rows.js";
import type { PaymentContext } from "./context.js";
import { NOT_PURCHASABLE_MESSAGE, PREMIUM_PRODUCT_NAME } from "./messages.js";
import { readPrices } from "./prices.js";

/**
 * Every paid deliverable with its price now. Without a list (unit tests of payments alone) all
 * three count as deliverable.
 */
export async function pricedDeliverables(ctx: PaymentContext): Promise<PremiumDeliverable[]> {
  const prices = await readPrices(ctx);
  const list = ctx.deliverables?.() ?? allDeliverable();
  return list.map((d) => ({ ...d, price: prices[d.id] }));
}

function allDeliverable(): PremiumDeliverable[] {
  return (["keywordResearch", "competitionAnalysis", "pdfReport"] as const).map((id) => ({
    id,
    label: DELIVERABLE_NAMES[id],
    description: DELIVERABLE_NAMES[id],
    deliverable: true,
    provider: null,
    grade: null,
    reason: null,
    configure: null,
    price: 0,
  }));
}

/** The price of the package as sold now: the sum of the offered items' prices (cents). */
export async function currentAmount(ctx: PaymentContext): Promise<number> {
  return packageAmount(await pricedDeliverables(ctx));
}

/**
 * What the checkout needs; never a secret. How to enable a missing item (`configure`) names
 * settings and keys: only administrators get it.
 */
export async function checkoutConfig(
  ctx: PaymentContext,
  viewer: Pick<User, "isAdmin"> | null = null,
): Promise<PaymentConfig> {
  const { config } = ctx;
  const list = await pricedDeliverables(ctx);
  return {
    mode: config.mode,
    publishableKey: config.mode === "stripe" ? config.stripe.publishableKey : null,
    amount: packageAmount(list),
    currency: config.currency,
    productName: PREMIUM_PRODUCT_NAME,
    deliverables: viewer?.isAdmin ? list : list.map((d) => ({ ...d, configure: null })),
    purchasable: isPurchasable(list),
  };
}

/** 503 when nothing premium can be delivered: no payment is taken for what cannot be delivered. */
export function requirePurchasable(ctx: PaymentContext): void {
  if (!ctx.deliverables) return;
  const list = ctx.deliverables();
  if (isPurchasable(list)) return;
  const missing = itemsNotOffered(list);
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
      "PREMIUM_OWNER_ONLY",
      "Only the owner of an analysis can buy its premium package (administrators already have premium access).",
    );
  }
  return row;
}
