import { describe, expect, it } from "vitest";
import {
  DEFAULT_PREMIUM_PRICES,
  defaultPremiumPrices,
  isOffered,
  isPurchasable,
  itemsNotOffered,
  notAvailableYet,
  offeredItems,
  packageAmount,
} from "./premium-offer.js";

const list = (competition: boolean) => [
  { id: "keywordResearch" as const, deliverable: true, price: 49_900 },
  { id: "competitionAnalysis" as const, deliverable: competition, price: 30_000 },
  { id: "pdfReport" as const, deliverable: true, price: 10_000 },
];

describe("the rule for what is for sale", () => {
  it("splits the specification's $899 over the three items, and any full price the same way", () => {
    expect(DEFAULT_PREMIUM_PRICES).toEqual(defaultPremiumPrices());
    const sum = (p: typeof DEFAULT_PREMIUM_PRICES) =>
      p.keywordResearch + p.competitionAnalysis + p.pdfReport;
    expect(sum(DEFAULT_PREMIUM_PRICES)).toBe(89_900);
    for (const total of [49_900, 100_001, 777])
      expect(sum(defaultPremiumPrices(total))).toBe(total);
  });

  it("prices the package as the sum of the offered items: without competition it costs less", () => {
    expect(packageAmount(list(true))).toBe(89_900);
    expect(packageAmount(list(false))).toBe(59_900);
    expect(offeredItems(list(false)).map((d) => d.id)).toEqual(["keywordResearch", "pdfReport"]);
    expect(itemsNotOffered(list(false)).map((d) => d.id)).toEqual(["competitionAnalysis"]);
  });

  it("offers an item the server can deliver; an unknown list offers everything", () => {
    expect(isOffered(list(false), "competitionAnalysis")).toBe(false);
    expect(isOffered(list(true), "competitionAnalysis")).toBe(true);
    expect(isOffered(undefined, "competitionAnalysis")).toBe(true);
  });

  it("sells the package only with keyword research or competition analysis", () => {
    expect(isPurchasable(list(false))).toBe(true);
    const reportOnly = list(false).map((d) => ({ ...d, deliverable: d.id === "pdfReport" }));
    expect(isPurchasable(reportOnly)).toBe(false);
  });

  it("says what is not offered in a customer's words", () => {
    expect(notAvailableYet("competitionAnalysis")).toBe(
      "Competition analysis is not available yet",
    );
    expect(notAvailableYet("keywordResearch")).toBe("Keyword research is not available yet");
  });
});
