import { describe, expect, it } from "vitest";
import { PPC_BUDGET_FACTOR } from "../constants.js";
import { HVAC_AVERAGE_CPC, HVAC_KEYWORD_PROFILE } from "../industries/hvac/keywords.js";
import type { CityBreakdownEntry, MarketAnalysisData } from "../schemas/market.js";
import {
  assembleKeywordResearch,
  classifyKeywordIntent,
  computeKeywordResearch,
  expandKeywordTaxonomy,
  isHeadTerm,
  KEYWORD_INTENTS,
  type KeywordCity,
  type KeywordMetric,
  keywordCities,
  keywordCompetitionLevel,
  keywordText,
  MAX_KEYWORD_CITIES,
  modelKeywords,
  resolveKeywordAssumptions,
  roundSearchVolume,
} from "./keywords.js";
import { AssumptionError } from "./market.js";
import { ppcBudget } from "./ppc-table.js";

function city(
  name: string,
  households: number | null,
  extra: Partial<CityBreakdownEntry> = {},
): CityBreakdownEntry {
  return {
    name,
    state: "TX",
    population: households === null ? null : Math.round(households * 2.5),
    housingUnits: households === null ? null : Math.round(households / 0.888),
    households,
    serviceArea: "primary",
    ...extra,
  };
}

function market(breakdown: CityBreakdownEntry[], households = 400_000): MarketAnalysisData {
  return {
    requestLocation: "Austin, TX",
    requestIndustry: "HVAC",
    requestPrimaryRadius: 10,
    requestSecondaryRadius: 15,
    analysisTimestamp: "2026-01-01T00:00:00.000Z",
    marketSize: households * 2.5,
    households,
    avgRevenue: 1000,
    censusData: {
      totalPopulation: null,
      totalHousingUnits: null,
      singleFamilyUnits: null,
      commercialUnits: null,
    },
    cityAnalysis: { cityBreakdown: breakdown },
    serviceBreakdown: [],
    marketSummary: null,
    target: { name: "Austin", state: "TX", lat: 30.27, lon: -97.74, input: "Austin" },
    region: "South",
    dataSource: { provider: "embedded", label: "GeoNames places (embedded)", vintage: "2021" },
  };
}

const AUSTIN = market([
  city("Austin", 333_354),
  city("Pflugerville", 20_434),
  city("Buda", 4_903),
  city("Manor", 2_714),
  city("Rollingwood", 552),
]);

/** Phrasings of the taxonomy that name a city, and those that don't, as keyword counts. */
function taxonomyCounts() {
  let perCity = 0;
  let area = 0;
  for (const intent of HVAC_KEYWORD_PROFILE.intents) {
    for (const family of intent.families) {
      for (const phrasing of family.phrasings) {
        if (phrasing.template.includes("{city}")) perCity += family.terms.length;
        else area += family.terms.length;
      }
    }
  }
  return { perCity, area };
}

describe("taxonomy", () => {
  it("covers every intent group with service × phrasing × city, without duplicates", () => {
    const model = modelKeywords({ market: AUSTIN });
    const intents = new Set(model.candidates.map((c) => c.intent));
    expect([...intents].sort()).toEqual([...KEYWORD_INTENTS].sort());
    const { perCity, area } = taxonomyCounts();
    expect(model.cities).toHaveLength(5);
    expect(model.candidates).toHaveLength(perCity * 5 + area);
    expect(new Set(model.candidates.map((c) => c.keyword)).size).toBe(model.candidates.length);
    const texts = model.candidates.map((c) => c.keyword);
    for (const example of [
      "ac repair austin",
      "emergency ac repair austin",
      "24 hour hvac austin",
      "furnace replacement cost",
      "heat pump installation near me",
      "hvac maintenance plan austin",
      "ac repair pflugerville tx",
      "hvac near me",
    ]) {
      expect(texts).toContain(example);
    }
  });

  it("grows with the number of cities: the counts are real, not fixed", () => {
    const one = computeKeywordResearch({ market: AUSTIN, maxCities: 1 });
    const five = computeKeywordResearch({ market: AUSTIN, maxCities: 5 });
    const { perCity, area } = taxonomyCounts();
    expect(one.totalKeywords).toBe(perCity + area);
    expect(five.totalKeywords).toBe(perCity * 5 + area);
    for (const r of [one, five]) {
      const listed = [...r.keywordData.primaryKeywords, ...r.keywordData.longTailKeywords];
      expect(r.keywordData.summary.keywordsWithVolume).toBe(listed.length);
      expect(r.citiesAnalyzed?.length).toBeLessThanOrEqual(5);
    }
    expect(five.keywordData.summary.keywordsWithVolume).toBeGreaterThan(
      one.keywordData.summary.keywordsWithVolume,
    );
  });

  it("merges keywords with the same text: two same-named cities add up", () => {
    const twoSpringfields = market([
      city("Springfield", 10_000, { state: "MA" }),
      city("Springfield", 20_000, { state: "CT" }),
    ]);
    twoSpringfields.target = { name: "Springfield", state: "MA", lat: 0, lon: 0, input: "x" };
    const { cities } = keywordCities(twoSpringfields);
    expect(cities.map((c) => `${c.name} ${c.state}`)).toEqual(["Springfield MA", "Springfield CT"]);
    const assumptions = resolveKeywordAssumptions(HVAC_KEYWORD_PROFILE, "Northeast");
    const both = expandKeywordTaxonomy(HVAC_KEYWORD_PROFILE, cities, 50_000, assumptions);
    const single = expandKeywordTaxonomy(
      HVAC_KEYWORD_PROFILE,
      cities.slice(0, 1),
      50_000,
      assumptions,
    );
    const volume = (list: typeof both, kw: string) =>
      list.filter((c) => c.keyword === kw).map((c) => c.modeledVolume);
    expect(volume(both, "ac repair springfield")).toHaveLength(1);
    expect(volume(both, "ac repair springfield")[0]).toBeCloseTo(
      (volume(single, "ac repair springfield")[0] ?? 0) * 3,
      6,
    );
  });

  it("turns place names into the text people search", () => {
    expect(keywordText("  St. Louis ")).toBe("st louis");
    expect(keywordText("Cañon City")).toBe("canon city");
    expect(keywordText("Winston-Salem")).toBe("winston-salem");
  });
});

describe("cities", () => {
  it("takes the target first, then the most populous, at most 15", () => {
    const many = market([
      ...Array.from({ length: 30 }, (_, i) => city(`Town ${i}`, 1_000 + i * 100)),
      city("Austin", 333_354),
    ]);
    const { cities, available } = keywordCities(many);
    expect(available).toBe(31);
    expect(cities).toHaveLength(MAX_KEYWORD_CITIES);
    expect(cities[0]).toMatchObject({ name: "Austin", target: true, households: 333_354 });
    expect(cities[1]?.name).toBe("Town 29");
    expect(cities[14]?.name).toBe("Town 16");
  });

  it("sizes a target missing from the table by the smallest listed place (an upper bound)", () => {
    const m = market([city("Big", 50_000), city("Small", 2_000)]);
    const { cities } = keywordCities(m);
    expect(cities[0]).toMatchObject({ name: "Austin", target: true, households: 2_000 });
  });

  it("falls back from households to housing units and population", () => {
    const m = market([
      city("Austin", null, { housingUnits: 1000, population: null }),
      city("Other", null, { housingUnits: null, population: 500 }),
    ]);
    const { cities } = keywordCities(m);
    expect(cities.map((c) => c.households)).toEqual([888, 200]);
  });

  it("finds no city without a location or a table", () => {
    const m = market([]);
    m.target = undefined;
    m.requestLocation = "";
    expect(keywordCities(m).cities).toEqual([]);
  });
});

describe("volumes, CPC and budget", () => {
  it("rounds like Keyword Planner: nearest 10", () => {
    expect(roundSearchVolume(0)).toBe(0);
    expect(roundSearchVolume(4.9)).toBe(0);
    expect(roundSearchVolume(5)).toBe(10);
    expect(roundSearchVolume(14)).toBe(10);
    expect(roundSearchVolume(15)).toBe(20);
    expect(roundSearchVolume(1234)).toBe(1230);
    expect(roundSearchVolume(-3)).toBe(0);
    expect(roundSearchVolume(Number.NaN)).toBe(0);
  });

  it("lists only volumes of at least 10, in multiples of 10, sorted by volume", () => {
    const r = computeKeywordResearch({ market: AUSTIN });
    const { primaryKeywords, longTailKeywords } = r.keywordData;
    for (const list of [primaryKeywords, longTailKeywords]) {
      for (const k of list) {
        expect(k.searchVolume).toBeGreaterThanOrEqual(10);
        expect(k.searchVolume % 10).toBe(0);
        expect(Math.round(k.cpc * 100) / 100).toBe(k.cpc);
      }
      const volumes = list.map((k) => k.searchVolume);
      expect(volumes).toEqual([...volumes].sort((a, b) => b - a));
    }
    // Rollingwood's 552 households give no city-named keyword 10 searches a month.
    expect(
      [...primaryKeywords, ...longTailKeywords].some((k) => k.keyword.includes("rollingwood")),
    ).toBe(false);
    expect(r.totalKeywords).toBeGreaterThan(r.keywordData.summary.keywordsWithVolume);
  });

  it("computes one keyword's volume as households × rate × shares", () => {
    const model = modelKeywords({ market: AUSTIN });
    const a = Object.fromEntries(model.assumptions.map((x) => [x.key, x.value]));
    const repair = HVAC_KEYWORD_PROFILE.intents.find((i) => i.id === "repair");
    const family = repair?.families[0];
    const phrasing = family?.phrasings.find((x) => x.template === "{service} repair {city}");
    // "ac": cooling group; group share (1 − general) × cooling; term weight among cooling terms.
    const coolingWeights = (family?.terms ?? [])
      .filter((x) => x.group === "cooling")
      .reduce((s, x) => s + x.weight, 0);
    const expected =
      333_354 *
      (a["keywords.rate.repair"] ?? 0) *
      (1 - (family?.generalShare ?? 0)) *
      (a["keywords.share.cooling"] ?? 0) *
      (0.6 / coolingWeights) *
      (phrasing?.share ?? 0);
    const candidate = model.candidates.find((c) => c.keyword === "ac repair austin");
    expect(candidate?.modeledVolume).toBeCloseTo(expected, 6);
    expect(candidate?.modeledVolume).toBeGreaterThan(100);
  });

  it("prices clicks from the published HVAC average × the intent multiplier", () => {
    const model = modelKeywords({ market: AUSTIN });
    const a = Object.fromEntries(model.assumptions.map((x) => [x.key, x.value]));
    expect(a["keywords.cpc.average"]).toBe(HVAC_AVERAGE_CPC.value);
    const emergency = model.metrics.find((m) => m.keyword === "emergency ac repair austin");
    expect(emergency?.cpc).toBe(
      Math.round(9.68 * (a["keywords.cpcMultiplier.emergency"] ?? 0) * 100) / 100,
    );
    const average = model.assumptions.find((x) => x.key === "keywords.cpc.average");
    expect(average).toMatchObject({
      basis: "published",
      sourceUrl: expect.stringContaining("perfoads"),
    });
    // Units say what the numbers are (the market model's "rate" reads "per year").
    expect(model.assumptions.find((x) => x.key === "keywords.rate.repair")?.unit).toBe(
      "searches per household per month",
    );
    for (const x of model.assumptions) {
      expect(x.unit).not.toBe("rate");
      expect(x.source.length).toBeGreaterThan(20);
      if (x.key.startsWith("keywords.rate.")) expect(x.basis).toBe("estimate");
    }
  });

  it("estimates the PPC budget as volume × CPC × 0.1", () => {
    expect(PPC_BUDGET_FACTOR).toBe(0.1);
    expect(ppcBudget(1000, 9.68)).toBeCloseTo(968, 9);
    const r = computeKeywordResearch({ market: AUSTIN });
    const listed = [...r.keywordData.primaryKeywords, ...r.keywordData.longTailKeywords];
    const sum = listed.reduce((s, k) => s + k.searchVolume * k.cpc * 0.1, 0);
    expect(r.estimatedMonthlyBudget).toBe(Math.round(sum));
    expect(r.keywordData.recommendations.join(" ")).toContain(
      `$${Math.round(sum).toLocaleString("en-US")} a month`,
    );
  });

  it("applies overrides and refuses unknown or out-of-range ones", () => {
    const base = modelKeywords({ market: AUSTIN });
    const doubled = modelKeywords({ market: AUSTIN, overrides: { "keywords.rate.repair": 0.06 } });
    const v = (m: typeof base) => m.candidates.find((c) => c.keyword === "ac repair austin");
    expect(v(doubled)?.modeledVolume).toBeCloseTo((v(base)?.modeledVolume ?? 0) * 2, 6);
    expect(() => modelKeywords({ market: AUSTIN, overrides: { "keywords.rate.x": 1 } })).toThrow(
      AssumptionError,
    );
    expect(() =>
      modelKeywords({ market: AUSTIN, overrides: { "keywords.share.cooling": 2 } }),
    ).toThrow(AssumptionError);
  });
});

describe("assembly", () => {
  const cities: KeywordCity[] = [
    { name: "Austin", state: "TX", keywordName: "austin", households: 1000, target: true },
    { name: "Buda", state: "TX", keywordName: "buda", households: 100, target: false },
  ];
  const metric = (
    keyword: string,
    searchVolume: number,
    cpc: number,
    intent: KeywordMetric["intent"] = "repair",
    competition: number | null = 50,
  ): KeywordMetric => ({ keyword, intent, searchVolume, cpc, competition });
  const provider = { id: "test", label: "Test", grade: "measured" as const };
  const provenance = {
    searchVolume: { source: "s", vintage: "2026", grade: "measured" as const, method: "m" },
    cpc: { source: "s", vintage: "2026", grade: "measured" as const, method: "m" },
  };

  it("summarizes with real counts, splits head terms from the long tail", () => {
    const r = assembleKeywordResearch({
      metrics: [
        metric("ac repair austin", 1234, 10, "repair", 80),
        metric("AC Repair Austin", 6, 12, "repair", 20),
        metric("emergency ac repair near me", 96, 15.555, "emergency", 90),
        metric("ac repair buda tx", 40, 8, "repair", 10),
        metric("hvac tune up cost", 4, 5, "cost", 10),
      ],
      cities,
      provider,
      provenance,
    });
    expect(r.totalKeywords).toBe(4);
    expect(r.keywordData.summary.keywordsWithVolume).toBe(3);
    expect(r.keywordData.primaryKeywords.map((k) => k.keyword)).toEqual([
      "ac repair austin",
      "ac repair buda tx",
    ]);
    expect(r.keywordData.longTailKeywords).toEqual([
      {
        keyword: "emergency ac repair near me",
        searchVolume: 100,
        cpc: 15.56,
        intent: "emergency",
        competition: 90,
      },
    ]);
    // 1234 + 6 merged: 1240; CPC volume-weighted.
    expect(r.keywordData.primaryKeywords[0]).toMatchObject({ searchVolume: 1240, cpc: 10.01 });
    expect(r.keywordData.summary.avgSearchVolume).toBe(Math.round((1240 + 100 + 40) / 3));
    expect(r.keywordData.summary.avgCPC).toBe(Math.round(((10.01 + 15.56 + 8) / 3) * 100) / 100);
    // Volume-weighted index ≈ 80 → High.
    expect(r.keywordData.summary.competitionLevel).toBe("High");
    expect(r.provider).toEqual(provider);
  });

  it("says so when nothing reaches 10 searches", () => {
    const r = assembleKeywordResearch({
      metrics: [metric("ac repair buda", 3, 10, "repair", null)],
      cities,
      provider,
      provenance,
    });
    expect(r.totalKeywords).toBe(1);
    expect(r.keywordData.summary).toEqual({
      avgSearchVolume: 0,
      avgCPC: 0,
      competitionLevel: "Unknown",
      keywordsWithVolume: 0,
    });
    expect(r.keywordData.recommendations).toHaveLength(1);
  });

  it("is deterministic, whatever the order of the city table", () => {
    const a = computeKeywordResearch({ market: AUSTIN });
    const shuffled = market([...(AUSTIN.cityAnalysis.cityBreakdown ?? [])].reverse());
    const b = computeKeywordResearch({ market: shuffled });
    expect(b).toEqual(a);
    expect(computeKeywordResearch({ market: AUSTIN })).toEqual(a);
  });

  it("writes recommendations from the data", () => {
    const r = computeKeywordResearch({ market: AUSTIN });
    const text = r.keywordData.recommendations;
    const top = r.keywordData.primaryKeywords[0];
    expect(text[0]).toContain(`"${top?.keyword}"`);
    expect(text.some((x) => x.startsWith("Emergency terms cost"))).toBe(true);
    expect(text.some((x) => x.includes("Pflugerville"))).toBe(true);
    expect(text.at(-1)).toMatch(/modeled from households/);
  });
});

describe("rules", () => {
  it("uses Google's competition bands", () => {
    expect(keywordCompetitionLevel(0)).toBe("Low");
    expect(keywordCompetitionLevel(33)).toBe("Low");
    expect(keywordCompetitionLevel(34)).toBe("Medium");
    expect(keywordCompetitionLevel(66.9)).toBe("Medium");
    expect(keywordCompetitionLevel(67)).toBe("High");
  });

  it("tells head terms from the long tail", () => {
    const cities: KeywordCity[] = [
      { name: "Round Rock", state: "TX", keywordName: "round rock", households: 1, target: true },
    ];
    expect(isHeadTerm("ac repair round rock", cities)).toBe(true);
    expect(isHeadTerm("ac repair round rock tx", cities)).toBe(true);
    expect(isHeadTerm("hvac near me", cities)).toBe(true);
    expect(isHeadTerm("emergency ac repair round rock", cities)).toBe(false);
    expect(isHeadTerm("heat pump installation near me", cities)).toBe(false);
  });

  it("classifies suggested keywords by intent and drops other trades", () => {
    expect(classifyKeywordIntent("24 hour ac repair")).toBe("emergency");
    expect(classifyKeywordIntent("how much is a new furnace")).toBe("cost");
    expect(classifyKeywordIntent("ac tune up austin")).toBe("maintenance");
    expect(classifyKeywordIntent("furnace replacement")).toBe("replacement");
    expect(classifyKeywordIntent("heat pump installers")).toBe("installation");
    expect(classifyKeywordIntent("air conditioner repair")).toBe("repair");
    expect(classifyKeywordIntent("hvac companies near me")).toBe("near-me");
    expect(classifyKeywordIntent("car ac repair")).toBeNull();
    expect(classifyKeywordIntent("hvac jobs")).toBeNull();
    expect(classifyKeywordIntent("plumber near me")).toBeNull();
  });
});
