import { describe, expect, it } from "vitest";
import {
  BRAND_TEXT_COLORS,
  brandContrastMessage,
  brandPalette,
  contrastRatio,
  legibleTextColor,
  MIN_TEXT_CONTRAST,
  normalizeHexColor,
} from "./brand-colors.js";

describe("brand colours", () => {
  it("reads hex colours in either case and the short form, and nothing else", () => {
    expect(normalizeHexColor(" #1D4ED8 ")).toBe("#1d4ed8");
    expect(normalizeHexColor("#14d")).toBe("#1144dd");
    for (const bad of ["blue", "#12345", "1d4ed8", "#ggg", "rgb(0,0,0)"])
      expect(normalizeHexColor(bad)).toBeNull();
  });

  it("computes WCAG 2 contrast ratios", () => {
    expect(contrastRatio("#000000", "#ffffff")).toBeCloseTo(21, 5);
    expect(contrastRatio("#ffffff", "#ffffff")).toBeCloseTo(1, 5);
    // WebAIM's checker: #1d4ed8 on white is 6.7:1, #777777 on white 4.48:1.
    expect(contrastRatio("#1d4ed8", "#ffffff")).toBeCloseTo(6.7, 1);
    expect(contrastRatio("#777777", "#ffffff")).toBeCloseTo(4.48, 2);
  });

  it("picks the more legible text colour and says whether it reaches 4.5:1", () => {
    expect(legibleTextColor("#1d4ed8")).toMatchObject({ textColor: "#ffffff", legible: true });
    expect(legibleTextColor("#facc15")).toMatchObject({
      textColor: BRAND_TEXT_COLORS.dark,
      legible: true,
    });
    expect(legibleTextColor("#777777").legible).toBe(false);
    expect(brandContrastMessage("#1d4ed8")).toBe("White text on #1d4ed8 (contrast 6.70:1)");
    expect(brandContrastMessage("#777777")).toContain("keeps no text legible");
  });

  it("darkens headings until they are legible on white, whatever the primary colour", () => {
    for (const primary of ["#facc15", "#22c55e", "#0e7490", "#ffffff", "#1d4ed8"]) {
      const palette = brandPalette(primary);
      expect(contrastRatio(palette.brandDark, "#ffffff")).toBeGreaterThanOrEqual(MIN_TEXT_CONTRAST);
      expect(palette.brand).toBe(primary);
    }
    expect(brandPalette("#1d4ed8").brandDark).toBe("#1d4ed8");
  });
});
