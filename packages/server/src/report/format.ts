/**
 * How the PDF report writes figures and text: the figures with the SDK's formats, the ones the
 * results page uses (whole dollars from $100, CPC to 2 decimals, whole percent, "N/A" for a
 * missing value), dates in UTC, and text made safe for the PDF standard fonts (WinAnsi: Latin-1
 * plus a few typographic marks).
 */
import { type DataGrade, formatDate as formatDateIn } from "@bis/sdk";

export {
  formatCompactCurrency,
  formatCpc,
  formatCurrency,
  formatDecimal,
  formatMiles,
  formatNumber,
  formatWholeDollars,
  formatWholePercent,
  NOT_AVAILABLE,
} from "@bis/sdk";

/** "March 4, 2025" (UTC, so a report reads the same wherever it is rendered). */
export function formatDate(value: string | Date | null | undefined): string {
  return formatDateIn(value, { timeZone: "UTC" });
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
