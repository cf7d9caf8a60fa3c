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

/** The premium steps (not the report) in the order a customer reads them. */
const PREMIUM_STEPS = ["keywordResearch", "competitionAnalysis"] as const;

/**
 * The premium steps this server offers, as a customer reads them in a sentence: "keyword
 * research and competition analysis", "keyword research" (or with a capital first letter);
 * null when it offers none. An unknown list (loading, failed) counts as offered.
 */
export function offeredPremiumPhrase(
  list: readonly Listed[] | null | undefined,
  { capital = false }: { capital?: boolean } = {},
): string | null {
  const names = PREMIUM_STEPS.filter((id) => isOffered(list, id)).map((id) =>
    DELIVERABLE_NAMES[id].toLowerCase(),
  );
  if (names.length === 0) return null;
  const phrase = names.join(" and ");
  return capital ? `${phrase.charAt(0).toUpperCase()}${phrase.slice(1)}` : phrase;
}

/** How many premium steps this server offers (for "completes" / "complete"). */
export function offeredPremiumCount(list: readonly Listed[] | null | undefined): number {
  return PREMIUM_STEPS.filter((id) => isOffered(list, id)).length;
}

/** What the seasonal keyword view is called where it is offered. */
export const SEASONAL_KEYWORDS_NAME = "Seasonal trends";

/**
 * Whether the seasonal keyword view (each keyword's searches by month, its peak month and the PPC
 * budget by month) is offered: it is part of keyword research, so exactly when keyword research is.
 */
export function seasonalKeywordsOffered(list: readonly Listed[] | null | undefined): boolean {
  return isOffered(list, "keywordResearch");
}
