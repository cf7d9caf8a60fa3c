import { describe, expect, it } from "vitest";
import { AUSTIN, analysisFixture, TYLER } from "./comparison.fixture.js";
import { keywordCount, keywordCountModel, marketKeywordCount } from "./keyword-counts.js";
import { computeKeywordResearch, keywordCities } from "./keywords.js";

describe("keyword counts from the keyword model", () => {
  const model = keywordCountModel();

  it("counts exactly the keywords keyword research delivers for a market", () => {
    for (const fixture of [AUSTIN, TYLER]) {
      const market = analysisFixture(fixture).marketAnalysisData;
      if (!market) throw new Error("no market");
      const delivered = computeKeywordResearch({ market }).totalKeywords;
      expect(marketKeywordCount(model, market)).toBe(delivered);
      expect(delivered).toBeGreaterThan(model.areaKeywords);
    }
  });

  it("grows by one city's keywords per city covered, up to the cap", () => {
    const austin = analysisFixture(AUSTIN).marketAnalysisData;
    if (!austin) throw new Error("no market");
    // Austin and 24 towns around it: more cities than keyword research covers.
    const towns = Array.from({ length: 24 }, (_, i) => ({
      name: `Town ${i + 1}`,
      state: "TX",
      population: 50_000 - i * 1000,
      housingUnits: 8_000,
      households: 7_000,
      serviceArea: "primary" as const,
    }));
    const market = { ...austin, cityAnalysis: { cityBreakdown: towns } };
    const available = keywordCities(market).available;
    expect(available).toBe(25);
    for (const cities of [1, 2, 3, Math.min(available, model.maxCities)]) {
      const delivered = computeKeywordResearch({ market, maxCities: cities }).totalKeywords;
      expect(keywordCount(model, cities)).toBe(delivered);
    }
    expect(keywordCount(model, 1000)).toBe(keywordCount(model, model.maxCities));
    expect(keywordCount(model, 0)).toBe(model.areaKeywords);
  });
});
