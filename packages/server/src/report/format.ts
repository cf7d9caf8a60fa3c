/**
 * How the PDF report writes figures and text: the same conventions as the results page
 * (whole dollars from $100, CPC to 2 decimals, whole percent, "N/A" for a missing value), and
 * text made safe for the PDF standard fonts (WinAnsi: Latin-1 plus a few typographic marks).
 */
import { CPC_DECIMALS, type DataGrade } from "@bis/sdk";

export const NOT_AVAILABLE = "N/A";

function known(value: number | null | undefined): value is number {
  return typeof value === "number" && Number.isFinite(value);
}

/** 1234567 → "1,234,567". */
export function formatNumber(value: number | null | undefined, maxDigits = 0): string {
  if (!known(value)) return NOT_AVAILABLE;
  return value.toLocaleString("en-US", { maximumFractionDigits: maxDigits });
}

/** Dollars: whole dollars from $100 up, cents below. */
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

/** Whole dollars, always (estimated PPC budgets). */
export function formatWholeDollars(value: number | null | undefined): string {
  if (!known(value)) return NOT_AVAILABLE;
  return Math.round(value).toLocaleString("en-US", {
    style: "currency",
    currency: "USD",
    maximumFractionDigits: 0,
  });
}

/** A cost per click: always two decimals ("$7.50"). */
export function formatCpc(value: number | null | undefined): string {
  if (!known(value)) return NOT_AVAILABLE;
  return value.toLocaleString("en-US", {
    style: "currency",
    currency: "USD",
    minimumFractionDigits: CPC_DECIMALS,
    maximumFractionDigits: CPC_DECIMALS,
  });
}

/** A large dollar figure in short form: $186.2M, $845K. */
export function formatCompactCurrency(value: number | null | undefined): string {
  if (!known(value)) return NOT_AVAILABLE;
  return value.toLocaleString("en-US", {
    style: "currency",
    currency: "USD",
    notation: "compact",
    maximumFractionDigits: 1,
  });
}

/** A fraction as a whole percent: 0.053 → "5%"; above 0 but under 1 %: "<1%". */
export function formatWholePercent(fraction: number | null | undefined): string {
  if (!known(fraction)) return NOT_AVAILABLE;
  const pct = Math.round(fraction * 100);
  if (pct === 0 && fraction > 0) return "<1%";
  return `${pct}%`;
}

/** "10 miles", "1 mile". */
export function formatMiles(miles: number | null | undefined, digits = 1): string {
  if (!known(miles)) return NOT_AVAILABLE;
  const text = miles.toLocaleString("en-US", { maximumFractionDigits: digits });
  return `${text} ${miles === 1 ? "mile" : "miles"}`;
}

/** "March 4, 2025" (UTC, so a report reads the same wherever it is rendered). */
export function formatDate(value: string | Date | null | undefined): string {
  if (!value) return NOT_AVAILABLE;
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return NOT_AVAILABLE;
  return date.toLocaleDateString("en-US", {
    year: "numeric",
    month: "long",
    day: "numeric",
    timeZone: "UTC",
  });
}

/** "March 4, 2025, 14:05 UTC". */
export function formatDateTime(value: Date): string {
  const date = formatDate(value);
  const time = value.toLocaleTimeString("en-GB", {
    hour: "2-digit",
    minute: "2-digit",
    timeZone: "UTC",
  });
  return `${date}, ${time} UTC`;
}

/** The label of a grade as the report prints it; sample data always reads "Sample data". */
export function gradeLabel(grade: DataGrade): string {
  switch (grade) {
    case "measured":
      return "Measured";
    case "modeled":
      return "Modeled";
    case "sample":
      return "Sample data";
  }
}

/** "Austin, TX" → "austin-tx"; never empty. */
export function slugify(text: string): string {
  const slug = text
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 60)
    .replace(/-+$/, "");
  return slug || "analysis";
}

/* ------------------------------------------------------------------ text for standard fonts */

/** Characters outside WinAnsi that BIS texts use, spelled with ones inside it. */
const REPLACEMENTS: Record<string, string> = {
  "≥": ">=",
  "≤": "<=",
  "≈": "~",
  "≠": "!=",
  "−": "-",
  "‐": "-",
  "‑": "-",
  "‒": "-",
  "―": "-",
  "→": "->",
  "←": "<-",
  "↑": "^",
  "↓": "v",
  Σ: "sum of ",
  π: "pi",
  "√": "sqrt",
  "∞": "infinity",
  "★": "*",
  "☆": "*",
  "✓": "v",
  Ł: "L",
  ł: "l",
  Đ: "D",
  đ: "d",
  ı: "i",
  "\u2009": " ",
  "\u202f": " ",
  "\u2007": " ",
  "\u200b": "",
  "\u2060": "",
  "\ufeff": "",
};

/** WinAnsi characters above Latin-1 that the standard fonts draw (pdfkit's WIN_ANSI_MAP). */
const WIN_ANSI_EXTRA = new Set("ƒ–—‘’‚“”„†‡•…€‰‹›ˆ™ŒœŠš˜ŸŽž");

/**
 * Text the PDF standard fonts can draw: known symbols are spelled out ("≥" → ">="), accents are
 * kept where Latin-1 has them and dropped otherwise, anything else becomes "?". Control
 * characters go, except newlines.
 */
export function pdfText(text: string): string {
  let out = "";
  for (const char of text) {
    const code = char.codePointAt(0) ?? 0;
    if (char === "\n") out += char;
    else if (code < 0x20 || (code >= 0x7f && code < 0xa0)) out += code === 0x09 ? " " : "";
    else if (code <= 0xff || WIN_ANSI_EXTRA.has(char)) out += char;
    else if (REPLACEMENTS[char] !== undefined) out += REPLACEMENTS[char];
    else {
      const base = char.normalize("NFKD").replace(/[\u0300-\u036f]/g, "");
      out += base && [...base].every((c) => (c.codePointAt(0) ?? 0x100) <= 0xff) ? base : "?";
    }
  }
  return out;
}
