/**
 * THE rule for what is for sale: every surface that offers, prices or starts a premium
 * deliverable — landing cards, dashboard steps, the results page's promo, section buttons and
 * status cards, the checkout, the PDF report, the widget, the CLI — asks these functions about
 * the server's list (GET /api/config/payments), so none offers what the server cannot deliver.
 *
 * - An item is offered when the server can deliver it now (`deliverable`); while the list is not
 *   known (loading, or the call failed) it is assumed offered, and the server refuses what it
 *   cannot deliver anyway.
 * - The package costs the sum of the prices of the offered items; it is for sale when keyword
 *   research or competition analysis is offered.
 * - What a customer reads about an item not offered is one plain sentence
 *   ("Competition analysis is not available yet"); how to enable it is for administrators only.
 */
import type {
  PremiumDeliverable,
  PremiumDeliverableId,
  PremiumPrices,
} from "../schemas/payments.js";

/** The items' names as a customer reads them. */
export const DELIVERABLE_NAMES: Readonly<Record<PremiumDeliverableId, string>> = {
  keywordResearch: "Keyword research",
  competitionAnalysis: "Competition analysis",
  pdfReport: "PDF report",
};

/** The specification's $899 for the full package, split over its three items. */
export const FULL_PACKAGE_CENTS = 89_900;
export const DEFAULT_PREMIUM_PRICES: Readonly<PremiumPrices> = {
  keywordResearch: 49_900,
  competitionAnalysis: 30_000,
  pdfReport: 10_000,
};

/**
 * The default prices for a full package of `total` cents: the default split scaled to it, the
 * rounding left on keyword research, so the three always sum to `total`.
 */
export function defaultPremiumPrices(total: number = FULL_PACKAGE_CENTS): PremiumPrices {
  const scale = (cents: number) => Math.round((cents * total) / FULL_PACKAGE_CENTS);
  const competitionAnalysis = scale(DEFAULT_PREMIUM_PRICES.competitionAnalysis);
  const pdfReport = scale(DEFAULT_PREMIUM_PRICES.pdfReport);
  return {
    keywordResearch: total - competitionAnalysis - pdfReport,
    competitionAnalysis,
    pdfReport,
  };
}

/** "Competition analysis is not available yet" — all a customer reads about an item not offered. */
export function notAvailableYet(id: PremiumDeliverableId): string {
  return `${DELIVERABLE_NAMES[id]} is not available yet`;
}

type Listed = Pick<PremiumDeliverable, "id" | "deliverable">;

/** Whether the item is offered; unknown list (loading, failed): assumed offered. */
export function isOffered(
  list: readonly Listed[] | null | undefined,
  id: PremiumDeliverableId,
): boolean {
  const found = list?.find((d) => d.id === id);
  return found ? found.deliverable : true;
}

/** The items offered now, in the server's order. */
export function offeredItems<T extends Listed>(list: readonly T[]): T[] {
  return list.filter((d) => d.deliverable);
}

/** The items not offered now (each shown as notAvailableYet, never priced). */
export function itemsNotOffered<T extends Listed>(list: readonly T[]): T[] {
  return list.filter((d) => !d.deliverable);
}

/** The package's price: the sum of the offered items' prices (cents). */
export function packageAmount(
  list: readonly Pick<PremiumDeliverable, "deliverable" | "price">[],
): number {
  return list.reduce((sum, d) => (d.deliverable ? sum + d.price : sum), 0);
}

/** For sale when keyword research or competition analysis is offered (the report alone is not sold). */
export function isPurchasable(list: readonly Listed[]): boolean {
  return list.some((d) => d.id !== "pdfReport" && d.deliverable);
}
