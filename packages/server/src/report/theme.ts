/**
 * The report's constants: the page (US Letter), fonts, BIS's own colours and the grade colours,
 * and BIS's mark. layout.ts re-exports them; chrome.ts draws the page furniture with them.
 */
import type { DataGrade } from "@bis/sdk";
import type PDFDocument from "pdfkit";

export type Doc = InstanceType<typeof PDFDocument>;

export const COLORS = {
  brand: "#1d4ed8",
  brandDark: "#1e3a8a",
  brandLight: "#eff6ff",
  brandMid: "#bfdbfe",
  ink: "#0f172a",
  text: "#334155",
  muted: "#64748b",
  faint: "#94a3b8",
  rule: "#e2e8f0",
  panel: "#f8fafc",
  highlight: "#fef9c3",
  highlightRule: "#facc15",
  white: "#ffffff",
} as const;

export const GRADE_COLORS: Record<DataGrade, { fg: string; bg: string }> = {
  measured: { fg: "#065f46", bg: "#d1fae5" },
  modeled: { fg: "#1e40af", bg: "#dbeafe" },
  sample: { fg: "#92400e", bg: "#fef3c7" },
};

export const FONT = { regular: "Helvetica", bold: "Helvetica-Bold", italic: "Helvetica-Oblique" };

/** US Letter, in points. */
export const PAGE = {
  size: "LETTER" as const,
  width: 612,
  height: 792,
  margins: { top: 76, bottom: 66, left: 50, right: 50 },
};

/** The BIS mark at (x, y): a rounded square with three rising bars. */
export function drawBisMark(doc: Doc, x: number, y: number, size: number, inverted = false): void {
  doc.roundedRect(x, y, size, size, size * 0.22).fill(inverted ? COLORS.white : COLORS.brand);
  const barColor = inverted ? COLORS.brand : COLORS.white;
  const barWidth = size * 0.13;
  const base = y + size * 0.75;
  const heights = [0.2, 0.38, 0.52];
  heights.forEach((h, i) => {
    const barX = x + size * (0.25 + i * 0.2);
    doc.rect(barX, base - size * h, barWidth, size * h).fill(barColor);
  });
}
