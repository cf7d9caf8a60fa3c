/**
 * The sentence that says how the population of a service area was counted, the same on the
 * results page and in the PDF report.
 */
import { formatNumber } from "../format.js";
import type { MarketSummary } from "../schemas/market.js";

export function populationBasisNote(
  summary: Pick<
    MarketSummary,
    "listedPlacesPopulation" | "outsidePlacesPopulation" | "tractsInRange"
  > | null,
): string | null {
  if (!summary) return null;
  if (summary.tractsInRange !== undefined) {
    const tracts = summary.tractsInRange;
    return `Counted from ${formatNumber(tracts)} census ${tracts === 1 ? "tract" : "tracts"} whose population centre lies within the radius (each tract counts whole or not at all).`;
  }
  if (summary.outsidePlacesPopulation > 0) {
    return `The population counts ${formatNumber(summary.listedPlacesPopulation)} residents of listed places and ${formatNumber(summary.outsidePlacesPopulation)} living outside them (modeled).`;
  }
  return null;
}
