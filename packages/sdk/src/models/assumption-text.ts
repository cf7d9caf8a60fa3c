/**
 * An assumption's value in words, for the market model's units and the keyword model's: one
 * rule for the results page's keyword assumptions and the PDF report's assumption tables.
 */
import { formatCurrency, formatNumber } from "../format.js";
import type { KeywordAssumptionUnit } from "../schemas/keywords.js";
import type { AssumptionUnit } from "../schemas/market.js";

/** 4575 usd → "$4,575"; 0.35 share → "35%"; 0.003 searches per household per month → "0.003 searches per household per month". */
export function assumptionValueText(
  unit: AssumptionUnit | KeywordAssumptionUnit,
  value: number,
): string {
  switch (unit) {
    case "usd":
      return formatCurrency(value);
    case "share":
      return `${formatNumber(value * 100, 1)}%`;
    case "years":
      return `${formatNumber(value, 1)} ${value === 1 ? "year" : "years"}`;
    case "rate":
      return `${formatNumber(value, 3)} per year`;
    case "degreeDays":
      return `${formatNumber(value, 0)} degree days`;
    case "index":
      return `${formatNumber(value, 2)}× the U.S.`;
    default:
      return `${formatNumber(value, 4)} ${unit}`;
  }
}
