/**
 * The running header and footer of every report page, and the identity drawn on a cover: BIS's
 * mark and name, or a partner's logo and name with "Data and analysis by BIS" kept in
 * small print. Any report (the analysis report, the comparison report) draws them through
 * `ChromeTarget.finish()` and `drawIdentity`.
 */
import type { BrandPalette } from "@bis/sdk";
import { BIS_CREDIT, type ReportBrand } from "./brand.js";
import { pdfText } from "./format.js";
import { COLORS, type Doc, drawBisMark, FONT, PAGE } from "./theme.js";

/** What the chrome draws on: a report writer (layout.ts), seen from here. */
export interface ChromeTarget {
  readonly doc: Doc;
  readonly brand: ReportBrand | null;
  readonly palette: BrandPalette;
  readonly left: number;
  readonly right: number;
  readonly width: number;
}

/** Draws the brand's logo fitted into the box; false when it has none or it cannot be drawn. */
export function drawBrandLogo(
  w: ChromeTarget,
  brand: ReportBrand,
  x: number,
  y: number,
  box: [number, number],
) {
  if (!brand.logo) return false;
  try {
    w.doc.image(brand.logo.bytes, x, y, { fit: box, valign: "center" });
    return true;
  } catch {
    // A stored logo is checked when saved; should one still fail, the name stands alone.
    return false;
  }
}

/**
 * A brand's logo and display name at (x, y), `size` points high (the name alone without a
 * logo). `onBand`: drawn on the cover's coloured band. Returns the width used.
 */
export function drawBrandIdentity(
  w: ChromeTarget,
  brand: ReportBrand,
  x: number,
  y: number,
  size: number,
  onBand: boolean,
): number {
  const { doc, palette } = w;
  const logoWidth = size * 3.5;
  const hasLogo = drawBrandLogo(w, brand, x, y, [logoWidth, size]);
  const textX = hasLogo ? x + logoWidth + size * 0.3 : x;
  const name = pdfText(brand.displayName);
  doc
    .font(FONT.bold)
    .fontSize(size * 0.55)
    .fillColor(onBand ? palette.onBrand : COLORS.ink);
  doc.text(name, textX, y + size * 0.22, {
    lineBreak: false,
    width: w.right - textX,
    ellipsis: true,
  });
  return textX - x + Math.min(doc.widthOfString(name), w.right - textX);
}

/** The header of every page but the cover. */
export function drawPageHeader(w: ChromeTarget, text: string): void {
  const { doc, brand } = w;
  let textX = w.left + 60;
  if (brand) {
    textX = w.left + Math.max(60, drawBrandIdentity(w, brand, w.left, 30, 16, false) + 12);
  } else {
    drawBisMark(doc, w.left, 30, 16);
    doc.font(FONT.bold).fontSize(10).fillColor(COLORS.ink);
    doc.text("BIS", w.left + 21, 33.5, { lineBreak: false });
  }
  doc.font(FONT.regular).fontSize(8.5).fillColor(COLORS.muted);
  doc.text(pdfText(text), textX, 34.5, {
    width: w.right - textX,
    align: "right",
    lineBreak: false,
    ellipsis: true,
  });
  doc.moveTo(w.left, 52).lineTo(w.right, 52).lineWidth(0.5).strokeColor(COLORS.rule).stroke();
}

/** The footer of every page: what the report is (or the brand's contact line), id and page. */
export function drawPageFooter(w: ChromeTarget, left: string, right: string): void {
  const { doc, brand } = w;
  const footerY = PAGE.height - 42;
  doc
    .moveTo(w.left, footerY - 8)
    .lineTo(w.right, footerY - 8)
    .lineWidth(0.5)
    .strokeColor(brand ? w.palette.brand : COLORS.rule)
    .stroke();
  doc.font(FONT.regular).fontSize(8).fillColor(COLORS.muted);
  const leftText = brand ? (brand.contactLine ?? brand.displayName) : left;
  doc.text(pdfText(leftText), w.left, footerY, {
    width: w.width * 0.45,
    lineBreak: false,
    ellipsis: true,
  });
  doc.text(pdfText(right), w.left + w.width * 0.45, footerY, {
    width: w.width * 0.55,
    align: "right",
    lineBreak: false,
  });
  if (brand) {
    doc.font(FONT.regular).fontSize(6.5).fillColor(COLORS.muted);
    doc.text(BIS_CREDIT, w.left, footerY + 12, { width: w.width, lineBreak: false });
  }
}
