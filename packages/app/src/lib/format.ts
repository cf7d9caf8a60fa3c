/**
 * How figures are written on screen: the SDK's formats (shared with the PDF report; missing
 * values — null, undefined, not finite — read "N/A", as the specification's wizard results card has it),
 * dates in the viewer's time zone, prices as charged and assumption values as edited.
 */
import { type AssumptionUnit, NOT_AVAILABLE } from "@bis/sdk";

export {
  formatCompactCurrency,
  formatCurrency,
  formatDate,
  formatDecimal,
  formatMiles,
  formatNumber,
  formatWholePercent,
  NOT_AVAILABLE,
} from "@bis/sdk";

/**
 * A price in the smallest unit of its currency, as charged: 89900 "usd" → "$899.00".
 * Zero-decimal currencies (JPY) are written without cents.
 */
export function formatPrice(amountMinor: number, currency: string): string {
  const format = new Intl.NumberFormat("en-US", {
    style: "currency",
    currency: currency.toUpperCase(),
  });
  const digits = format.resolvedOptions().maximumFractionDigits ?? 2;
  return format.format(amountMinor / 10 ** digits);
}

/** "March 4, 2025, 2:05 PM". */
export function formatDateTime(iso: string | null | undefined): string {
  if (!iso) return NOT_AVAILABLE;
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return NOT_AVAILABLE;
  return date.toLocaleString("en-US", { dateStyle: "long", timeStyle: "short" });
}

/* ------------------------------------------------------------------ assumptions */

/**
 * Assumption values as people edit them: shares as percent (0.62 ↔ 62), everything else as
 * stored. `toDisplay` and `fromDisplay` are inverse up to floating-point noise.
 */
export function assumptionToDisplay(unit: AssumptionUnit, value: number): number {
  return unit === "share" ? roundNoise(value * 100) : value;
}

export function assumptionFromDisplay(unit: AssumptionUnit, value: number): number {
  return unit === "share" ? roundNoise(value / 100) : value;
}

function roundNoise(value: number): number {
  return Number.parseFloat(value.toPrecision(12));
}

/** The unit as written after an input: "%", "years", "per year"; dollars go before. */
export function assumptionUnitSuffix(unit: AssumptionUnit): string {
  switch (unit) {
    case "share":
      return "%";
    case "years":
      return "years";
    case "rate":
      return "per year";
    case "degreeDays":
      return "degree days";
    case "index":
      return "× the U.S.";
    case "usd":
      return "";
  }
}

/** The step of an assumption's input, in display units. */
export function assumptionStep(unit: AssumptionUnit): number {
  switch (unit) {
    case "usd":
    case "degreeDays":
      return 1;
    case "years":
      return 0.5;
    case "share":
      return 0.1;
    case "rate":
    case "index":
      return 0.001;
  }
}
