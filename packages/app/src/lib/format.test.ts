import { describe, expect, it } from "vitest";
import {
  assumptionFromDisplay,
  assumptionToDisplay,
  formatCurrency,
  formatMiles,
  formatNumber,
  formatPrice,
  formatWholePercent,
} from "./format";

describe("format", () => {
  it('writes missing figures as "N/A"', () => {
    for (const value of [null, undefined, Number.NaN, Number.POSITIVE_INFINITY]) {
      expect(formatNumber(value)).toBe("N/A");
      expect(formatCurrency(value)).toBe("N/A");
      expect(formatWholePercent(value)).toBe("N/A");
    }
  });

  it("writes numbers, dollars, miles and whole percents", () => {
    expect(formatNumber(1234567)).toBe("1,234,567");
    expect(formatCurrency(196571768)).toBe("$196,571,768");
    expect(formatCurrency(84.5)).toBe("$84.50");
    expect(formatCurrency(467.2)).toBe("$467");
    expect(formatMiles(10, 0)).toBe("10 miles");
    expect(formatMiles(1, 0)).toBe("1 mile");
    expect(formatWholePercent(0.053)).toBe("5%");
    expect(formatWholePercent(0.004)).toBe("<1%");
    expect(formatWholePercent(0)).toBe("0%");
  });

  it("edits shares as percent and converts back exactly", () => {
    expect(assumptionToDisplay("share", 0.62)).toBe(62);
    expect(assumptionFromDisplay("share", 62)).toBe(0.62);
    expect(assumptionFromDisplay("share", assumptionToDisplay("share", 0.07))).toBe(0.07);
    expect(assumptionToDisplay("usd", 4575)).toBe(4575);
  });

  it("writes a price from the smallest currency unit", () => {
    expect(formatPrice(89900, "usd")).toBe("$899.00");
    expect(formatPrice(123456, "USD")).toBe("$1,234.56");
    expect(formatPrice(5000, "jpy")).toBe("¥5,000");
  });
});
