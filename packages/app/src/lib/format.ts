/**
 * How figures are written on screen. Missing values (null, undefined, not finite) read "N/A"
 * (specification §2, wizard results card).
 */
import type { AssumptionUnit } from "@bis/sdk";

export const NOT_AVAILABLE = "N/A";

function known(value: number | null | undefined): value is number {
  return typeof value === "number" && Number.isFinite(value);
}

/** 1234567 → "1,234,567". */
export function formatNumber(value: number | null | undefined, maxDigits = 0): string {
  if (!known(value)) return NOT_AVAILABLE;
  return value.toLocaleString("en-US", { maximumFractionDigits: maxDigits });
}

/** Dollars: whole dollars from $100 up, cents below (an average revenue of $84.50). */
export function formatCurrency(value: number | null | undefined): string {
  if (!known(value)) return NOT_AVAILABLE;
  const digits = Math.abs(value) >= 100 || Number.isInteger(value) ? 0 : 2;
  return value.toLocaleString("en-US", {
    style: "currency",
    currency: "USD",
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  });
}

/** A large dollar figure in short form: $12.3M, $845K. */
export function formatCompactCurrency(value: number | null | undefined): string {
  if (!known(value)) return NOT_AVAILABLE;
  return value.toLocaleString("en-US", {
    style: "currency",
    currency: "USD",
    notation: "compact",
    maximumFractionDigits: 1,
  });
}

/** A fraction as a whole percent (specification §9): 0.053 → "5%". Under 1 % but above 0: "<1%". */
export function formatWholePercent(fraction: number | null | undefined): string {
  if (!known(fraction)) return NOT_AVAILABLE;
  const pct = Math.round(fraction * 100);
  if (pct === 0 && fraction > 0) return "<1%";
  return `${pct}%`;
}

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

/** "10 miles", "1 mile". */
export function formatMiles(miles: number | null | undefined, digits = 1): string {
  if (!known(miles)) return NOT_AVAILABLE;
  const text = miles.toLocaleString("en-US", { maximumFractionDigits: digits });
  return `${text} ${miles === 1 ? "mile" : "miles"}`;
}

/** "March 4, 2025". */
export function formatDate(iso: string | null | undefined): string {
  if (!iso) return NOT_AVAILABLE;
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return NOT_AVAILABLE;
  return date.toLocaleDateString("en-US", { year: "numeric", month: "long", day: "numeric" });
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
    case "usd":
      return "";
  }
}

/** An assumption value with its unit: "$6,500", "62%", "15 years", "0.15 per year". */
export function formatAssumptionValue(unit: AssumptionUnit, value: number): string {
  switch (unit) {
    case "usd":
      return formatCurrency(value);
    case "share":
      return `${formatNumber(assumptionToDisplay(unit, value), 1)}%`;
    case "years":
      return `${formatNumber(value, 1)} ${value === 1 ? "year" : "years"}`;
    case "rate":
      return `${formatNumber(value, 3)} per year`;
  }
}

/** The step of an assumption's input, in display units. */
export function assumptionStep(unit: AssumptionUnit): number {
  switch (unit) {
    case "usd":
      return 1;
    case "years":
      return 0.5;
    case "share":
      return 0.1;
    case "rate":
      return 0.001;
  }
}
