/**
 * How BIS writes figures for people (the results page, the PDF report, the widget): en-US,
 * whole dollars from $100, CPC to 2 decimals, whole percent, and "N/A" for a missing value
 * (null, undefined, not finite), as the specification writes every figure. Browser-safe: Intl only.
 */
import { CPC_DECIMALS } from "./constants.js";

export const NOT_AVAILABLE = "N/A";

function known(value: number | null | undefined): value is number {
  return typeof value === "number" && Number.isFinite(value);
}

// Number formats are built once per set of digits: toLocaleString builds one per call, which
// dominated the models' time.
const decimalFormats = new Map<string, Intl.NumberFormat>();

/**
 * A number with thousands separators and at most `maxDigits` decimals (at least `minDigits`):
 * 1234567 → "1,234,567". No "N/A": for figures known to be numbers (the models' texts).
 */
export function formatDecimal(value: number, maxDigits = 0, minDigits = 0): string {
  const plain =
    maxDigits === 0 && minDigits === 0
      ? groupedWhole(value)
      : groupedDecimal(value, maxDigits, minDigits);
  if (plain !== undefined) return plain;
  const key = `${minDigits}:${maxDigits}`;
  let format = decimalFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat("en-US", {
      minimumFractionDigits: minDigits,
      maximumFractionDigits: maxDigits,
    });
    decimalFormats.set(key, format);
  }
  return format.format(value);
}

/**
 * The common case of formatDecimal without Intl (about 5 µs a call, and the models' texts make
 * hundreds an analysis): a non-negative number below 2^53 rounded half up to a whole number,
 * grouped by threes — what "en-US" gives. Anything else (negative, huge, not finite): undefined.
 */
function groupedWhole(value: number): string | undefined {
  if (!(value >= 0) || Object.is(value, -0) || value >= Number.MAX_SAFE_INTEGER) return undefined;
  const digits = String(Math.round(value));
  if (digits.length <= 3) return digits;
  let out = digits.slice(0, ((digits.length - 1) % 3) + 1);
  for (let i = out.length; i < digits.length; i += 3) out += `,${digits.slice(i, i + 3)}`;
  return out;
}

/**
 * formatDecimal with decimals, without Intl: a non-negative number below 10^15 whose shortest
 * decimal form (String(value), the digits Intl rounds too) has no exponent, rounded half up on
 * those digits to `maxDigits`, trailing zeros dropped down to `minDigits`. Anything else:
 * undefined.
 */
function groupedDecimal(value: number, maxDigits: number, minDigits: number): string | undefined {
  if (!(value >= 0) || Object.is(value, -0) || value >= 1e15 || minDigits > maxDigits)
    return undefined;
  // A whole number shown without forced decimals (most of the models' texts): no digits to round.
  if (minDigits === 0 && Number.isInteger(value)) return groupedWhole(value);
  const text = String(value);
  if (text.includes("e")) return undefined;
  const dot = text.indexOf(".");
  let digits = dot < 0 ? text : text.slice(0, dot) + text.slice(dot + 1);
  let point = dot < 0 ? text.length : dot;
  const kept = point + maxDigits;
  if (digits.length > kept) {
    const up = digits.charCodeAt(kept) >= 53; // "5" or more
    digits = digits.slice(0, kept);
    if (up) {
      // Add one at the last kept digit, carrying through nines.
      let i = kept - 1;
      while (i >= 0 && digits[i] === "9") i--;
      digits =
        i < 0
          ? `1${"0".repeat(kept)}`
          : `${digits.slice(0, i)}${String.fromCharCode(digits.charCodeAt(i) + 1)}${"0".repeat(kept - 1 - i)}`;
      if (i < 0) point++;
    }
  }
  let fraction = digits.slice(point);
  let end = fraction.length;
  while (end > minDigits && fraction[end - 1] === "0") end--;
  fraction = fraction.slice(0, end).padEnd(minDigits, "0");
  const whole = groupedWhole(Number(digits.slice(0, point) || "0"));
  return fraction ? `${whole}.${fraction}` : whole;
}

/** 1234567 → "1,234,567". */
export function formatNumber(value: number | null | undefined, maxDigits = 0): string {
  if (!known(value)) return NOT_AVAILABLE;
  return formatDecimal(value, maxDigits);
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

/** Whole dollars, always (estimated PPC budgets): 1234.6 → "$1,235". */
export function formatWholeDollars(value: number | null | undefined): string {
  if (!known(value)) return NOT_AVAILABLE;
  return Math.round(value).toLocaleString("en-US", {
    style: "currency",
    currency: "USD",
    maximumFractionDigits: 0,
  });
}

/** A cost per click: always two decimals, as the specification writes it: 4.5 → "$4.50". */
export function formatCpc(value: number | null | undefined): string {
  if (!known(value)) return NOT_AVAILABLE;
  return value.toLocaleString("en-US", {
    style: "currency",
    currency: "USD",
    minimumFractionDigits: CPC_DECIMALS,
    maximumFractionDigits: CPC_DECIMALS,
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

/** A fraction as a whole percent, the specification's format: 0.053 → "5%". Under 1 % but above 0: "<1%". */
export function formatWholePercent(fraction: number | null | undefined): string {
  if (!known(fraction)) return NOT_AVAILABLE;
  const pct = Math.round(fraction * 100);
  if (pct === 0 && fraction > 0) return "<1%";
  return `${pct}%`;
}

/** "10 miles", "1 mile". */
export function formatMiles(miles: number | null | undefined, digits = 1): string {
  if (!known(miles)) return NOT_AVAILABLE;
  return `${formatDecimal(miles, digits)} ${miles === 1 ? "mile" : "miles"}`;
}

/**
 * "March 4, 2025", in the viewer's time zone unless one is given (the PDF report uses UTC, so it
 * reads the same wherever it is rendered).
 */
export function formatDate(
  value: string | Date | null | undefined,
  options: { timeZone?: string } = {},
): string {
  if (!value) return NOT_AVAILABLE;
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return NOT_AVAILABLE;
  return date.toLocaleDateString("en-US", {
    year: "numeric",
    month: "long",
    day: "numeric",
    timeZone: options.timeZone,
  });
}

/**
 * One CSV cell (RFC 4180): quoted when it holds a comma, quote or line break. A text cell that
 * a spreadsheet would run as a formula — OWASP's CSV injection list: =, +, -, @, tab or
 * carriage return first — is prefixed with an apostrophe.
 */
export function csvCell(value: unknown): string {
  if (value === null || value === undefined) return "";
  let s = String(value);
  if (typeof value === "string" && /^[=+\-@\t\r]/.test(s)) s = `'${s}`;
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}
