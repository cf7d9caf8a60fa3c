import { type CompetitionAnalysisData, type Competitor, MAX_KEYWORD_CITIES } from "@bis/sdk";
import { describe, expect, it } from "vitest";
import { analysisFixture, marketData } from "../test/fixtures";
import { competitionData, keywordData } from "../test/premium-fixtures";
import { formatAssumptionValue } from "./format";
import {
  competitorProviderRuns,
  formatCpc,
  formatWholeDollars,
  isEmptyCompetition,
  isLeader,
  isSampleCompetition,
  keywordAssumptions,
  keywordCities,
  pickProvenance,
  ppcBudget,
  ppcRows,
  saturationDetail,
  weightPercent,
} from "./premium";

/** Extras whose shape the SDK may type differently: the helpers must read them defensively. */
const extras = (patch: Record<string, unknown>) => patch as Partial<CompetitionAnalysisData>;

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

describe("PPC opportunities", () => {
  it("lists volume > 0 by volume, long-tail after primary without duplicates", () => {
    const rows = ppcRows(keywordData());
    expect(rows.map((r) => [r.keyword, r.group])).toEqual([
      ["hvac austin", "primary"],
      ["ac repair austin", "primary"],
      ["heat pump installation austin", "primary"],
      ["ac tune up cost austin", "longTail"],
      ["emergency ac repair near me", "longTail"],
      ["furnace replacement pflugerville", "longTail"],
    ]);
  });

  it("budgets volume × CPC × 0.1 in whole dollars", () => {
    expect(ppcBudget(880, 9.1)).toBe(801);
    expect(ppcBudget(140, 14.257)).toBe(200);
    expect(ppcBudget(15, 6.666)).toBe(10);
    expect(ppcBudget(0, 12)).toBe(0);
    expect(ppcRows(keywordData()).map((r) => r.budget)).toEqual([801, 400, 200, 85, 165, 10]);
  });

  it("writes CPC to 2 decimals and budgets in whole dollars", () => {
    expect(formatCpc(14.257)).toBe("$14.26");
    expect(formatCpc(4.5)).toBe("$4.50");
    expect(formatCpc(Number.NaN)).toBe("N/A");
    expect(formatWholeDollars(1234.5)).toBe("$1,235");
    expect(formatWholeDollars(null)).toBe("N/A");
  });

  it("reads the intent of an entry when there is one", () => {
    const data = keywordData();
    data.keywordData.primaryKeywords = [
      { keyword: "ac repair near me", searchVolume: 5, cpc: 1, intent: "near-me" },
    ];
    expect(ppcRows(data)[0]?.intent).toBe("near me");
    expect(ppcRows(null)).toEqual([]);
  });
});

describe("extras", () => {
  it("picks a provenance by key, or the whole extra when it is one", () => {
    const data = keywordData();
    expect(pickProvenance(data.provenance, "cpc")?.source).toContain("keyword model");
    const single = { source: "Google Places", vintage: "2026", grade: "measured" };
    expect(pickProvenance(single, "competitors")).toEqual(single);
    expect(pickProvenance({ other: 1 }, "cpc")).toBeNull();
    expect(pickProvenance(undefined, "cpc")).toBeNull();
  });

  it("lists the keyword model's assumptions, strings or labelled values", () => {
    const data = keywordData({
      assumptions: [
        "Volumes are modeled",
        { label: "Searches per household", value: 0.12, unit: "per month", source: "Benchmarks" },
        { label: "Emergency CPC", value: 18.3, unit: "usd", source: "LocaliQ 2025" },
        { nothing: true },
      ] as never,
    });
    expect(keywordAssumptions(data)).toEqual([
      { label: "Volumes are modeled", value: "", source: null },
      { label: "Searches per household", value: "0.12 per month", source: "Benchmarks" },
      { label: "Emergency CPC", value: formatAssumptionValue("usd", 18.3), source: "LocaliQ 2025" },
    ]);
  });

  it("tells sample competitors by the flag, a competitor's source or the grade", () => {
    expect(isSampleCompetition(competitionData())).toBe(false);
    expect(isSampleCompetition(competitionData({ sampleData: true }))).toBe(true);
    const sample = competitionData();
    (sample.competitors[1] as Competitor & { source: string }).source = "sample";
    expect(isSampleCompetition(sample)).toBe(true);
    expect(
      isSampleCompetition(
        competitionData(extras({ provenance: { source: "Demo", vintage: "—", grade: "sample" } })),
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

  it("finds the leader by name, else by position", () => {
    const data = competitionData();
    expect(data.competitors.map((c) => isLeader(c, data))).toEqual([true, false, false]);
    const unnamed = competitionData({ marketLeader: null });
    expect(unnamed.competitors.map((c) => isLeader(c, unnamed))).toEqual([true, false, false]);
  });

  it("says the saturation metric in words", () => {
    expect(saturationDetail(competitionData())).toBeNull();
    expect(saturationDetail(competitionData(extras({ saturationMetric: 4.25 })))).toBe(
      "4.3 competitors per 10,000 households",
    );
    expect(
      saturationDetail(
        competitionData(
          extras({
            saturationMetric: {
              competitorsPer10kHouseholds: 1.5,
              thresholds: { low: 2, high: 6 },
              lowerBound: true,
            },
          }),
        ),
      ),
    ).toBe("At least 1.5 competitors per 10,000 households (Low below 2, High from 6)");
  });

  it("lists the providers' runs", () => {
    const data = competitionData(
      extras({
        providers: [
          { source: "google-places", label: "Google Places", status: "ok", withinRadius: 12 },
          { source: "yelp", label: "Yelp", status: "failed", message: "Rate limited" },
        ],
      }),
    );
    expect(competitorProviderRuns(data)).toEqual([
      { label: "Google Places", ok: true, withinRadius: 12, message: null },
      { label: "Yelp", ok: false, withinRadius: null, message: "Rate limited" },
    ]);
  });

  it("writes weights as whole percent, fraction or percent", () => {
    expect(weightPercent(0.35)).toBe("35%");
    expect(weightPercent(40)).toBe("40%");
  });
});
