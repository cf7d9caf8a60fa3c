/**
 * A partner's brand as the report layer takes it: a small value any report (the
 * analysis report, the comparison report) passes to its chrome — cover, running header and
 * footer, colours. Without one, a report is BIS's own. The logo is bytes the server stored;
 * nothing is fetched while a report is drawn.
 */
import { type BrandPalette, brandPalette } from "@bis/sdk";

export interface ReportBrand {
  /** The partner's name as its customers know it, e.g. "Acme Growth Partners". */
  displayName: string;
  /** The logo the server stored (SVG uploads are rasterised when saved); null without one. */
  logo: { bytes: Buffer; type: "image/png" } | null;
  /** "#rrggbb", checked for legible text when saved. */
  primaryColor: string;
  /** e.g. "Call Acme at (555) 010-2000 · acme.example"; null without one. */
  contactLine: string | null;
}

/** The small print every branded page keeps. */
export const BIS_CREDIT = "Data and analysis by BIS";

/** BIS's own palette (layout.ts COLORS), as a brand palette. */
export const BIS_PALETTE: BrandPalette = {
  brand: "#1d4ed8",
  brandDark: "#1e3a8a",
  brandLight: "#eff6ff",
  brandMid: "#bfdbfe",
  onBrand: "#ffffff",
  onBrandMuted: "#bfdbfe",
};

/** The colours a report draws with: the brand's, or BIS's own. */
export function paletteOf(brand: ReportBrand | null | undefined): BrandPalette {
  return brand ? brandPalette(brand.primaryColor) : BIS_PALETTE;
}
