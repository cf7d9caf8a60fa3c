import { type Competitor, MAX_KEYWORD_CITIES } from "@bis/sdk";
import { describe, expect, it } from "vitest";
import { analysisFixture, marketData } from "../test/fixtures";
import { competitionData } from "../test/premium-fixtures";
import {
  isEmptyCompetition,
  isSampleCompetition,
  keywordCities,
  saturationDetail,
} from "./premium";

describe("keyword cities", () => {
  it("takes the target city, then each city-breakdown name once", () => {
    const data = marketData();
    const cities = keywordCities(analysisFixture());
    expect(cities[0]).toBe("Austin");
    // Austin is also in the breakdown: counted once.
    expect(cities).toHaveLength(data.cityAnalysis.cityBreakdown.length);
    expect(new Set(cities.map((c) => c.toLowerCase())).size).toBe(cities.length);
  });

  it("uses the requested location without a geocoded target, and cityName", () => {
    const analysis = analysisFixture({
      marketAnalysisData: {
        ...marketData(),
        target: undefined,
        requestLocation: "Waco, TX",
        cityAnalysis: {
          cityBreakdown: [
            {
              name: "",
              cityName: "Hewitt",
              population: 1,
              housingUnits: 1,
              serviceArea: "primary",
            },
          ],
        },
      },
    });
    expect(keywordCities(analysis)).toEqual(["Waco", "Hewitt"]);
  });

  it(`stops at ${MAX_KEYWORD_CITIES} cities, as the server does`, () => {
    const analysis = analysisFixture({
      marketAnalysisData: {
        ...marketData(),
        cityAnalysis: {
          cityBreakdown: Array.from({ length: 40 }, (_, i) => ({
            name: `Town ${i}`,
            population: 1000 + i,
            housingUnits: 400,
            serviceArea: "secondary" as const,
          })),
        },
      },
    });
    expect(keywordCities(analysis)).toHaveLength(MAX_KEYWORD_CITIES);
  });

  it("finds none without a location or city names", () => {
    const analysis = analysisFixture({
      location: "",
      marketAnalysisData: {
        ...marketData(),
        target: undefined,
        requestLocation: "",
        cityAnalysis: { cityBreakdown: [] },
      },
    });
    expect(keywordCities(analysis)).toEqual([]);
    expect(keywordCities(analysisFixture({ marketAnalysisData: null }))).toEqual([]);
  });
});

describe("extras", () => {
  it("tells sample competitors by the flag, a competitor's source or the grade", () => {
    expect(isSampleCompetition(competitionData())).toBe(false);
    expect(isSampleCompetition(competitionData({ sampleData: true }))).toBe(true);
    const sample = competitionData();
    sample.competitors[1] = { ...(sample.competitors[1] as Competitor), source: "sample" };
    expect(isSampleCompetition(sample)).toBe(true);
    expect(
      isSampleCompetition(
        competitionData({ provenance: { source: "Demo", vintage: "—", grade: "sample" } }),
      ),
    ).toBe(true);
  });

  it("treats missing or empty competition data as not available", () => {
    expect(isEmptyCompetition(null)).toBe(true);
    expect(isEmptyCompetition(competitionData({ competitors: [], totalCompetitors: 0 }))).toBe(
      true,
    );
    expect(isEmptyCompetition(competitionData())).toBe(false);
  });

  it("says the saturation metric in words, a floor as such", () => {
    expect(saturationDetail(competitionData())).toBeNull();
    const metric = { competitorsPer10kHouseholds: 4.25, thresholds: { low: 2, high: 6 } };
    expect(saturationDetail(competitionData({ saturationMetric: metric }))).toBe(
      "4.3 competitors per 10,000 households (Low below 2, High from 6)",
    );
    expect(
      saturationDetail(
        competitionData({
          saturationMetric: { ...metric, competitorsPer10kHouseholds: 1.5, lowerBound: true },
        }),
      ),
    ).toBe("At least 1.5 competitors per 10,000 households (Low below 2, High from 6)");
    expect(
      saturationDetail(
        competitionData({ saturationMetric: { ...metric, competitorsPer10kHouseholds: null } }),
      ),
    ).toBeNull();
  });
});
