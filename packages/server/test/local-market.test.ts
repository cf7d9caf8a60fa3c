/**
 * The local market model on the shipped dataset (no ../shared needed): the orderings a local
 * contractor expects, national totals against published ones (docs/methodology.md,
 * "Calibration"), and the national degree-day constants against the data.
 */
import {
  computeKeywordResearch,
  computeMarketAnalysis,
  INDUSTRY_PROFILES,
  type MarketAnalysisData,
  NATIONAL_DEGREE_DAYS,
  opportunityScore,
  US_STATES,
} from "@bis/sdk";
import { beforeAll, describe, expect, it } from "vitest";
import { nationalTotals } from "../src/providers/places/calibration.js";
import {
  createEmbeddedProvider,
  embeddedDataset,
  loadEmbeddedCensus,
} from "../src/providers/places/embedded.js";
import { createPlaceService } from "../src/services/places/place-service.js";

const places = createPlaceService({
  provider: createEmbeddedProvider(),
  census: loadEmbeddedCensus,
});
const HVAC = INDUSTRY_PROFILES.HVAC;

async function analyze(city: string, state: string, radius = 15): Promise<MarketAnalysisData> {
  const request = { city, state, industry: "HVAC", primaryRadius: 10, secondaryRadius: radius };
  const { target, ...area } = await places.locate(city, state, request);
  const region = US_STATES.find((s) => s.code === target.state)?.region ?? "South";
  return computeMarketAnalysis({
    request,
    target: { ...target, input: city },
    region,
    ...area,
    localZips: places.localZips(target.lat, target.lon, radius),
    profile: HVAC,
    now: new Date("2026-11-27T00:00:00Z"),
  });
}

/** $ per household a year of the services matching `ids`. */
function perHousehold(d: MarketAnalysisData, ...ids: string[]): number {
  const sum = d.serviceBreakdown
    .filter((s) => ids.includes(s.serviceId ?? ""))
    .reduce((s, x) => s + x.estimatedRevenue, 0);
  return sum / (d.households ?? 1);
}
const COOLING = ["ac-replacement", "ac-repair"];
const HEATING = ["furnace-replacement", "furnace-repair", "boiler-replacement", "boiler-repair"];

const markets: Record<string, MarketAnalysisData> = {};
beforeAll(async () => {
  const list = [
    ["Phoenix", "AZ"],
    ["Seattle", "WA"],
    ["Miami", "FL"],
    ["Minneapolis", "MN"],
    ["Boston", "MA"],
    ["Houston", "TX"],
    ["San Francisco", "CA"],
    ["Anchorage", "AK"],
  ] as const;
  for (const [city, state] of list) markets[city] = await analyze(city, state);
});
const m = (city: string) => markets[city] as MarketAnalysisData;

describe("the local market model: what a local contractor expects", () => {
  it("Phoenix: AC replacement well above furnace replacement (desert homes are cooled)", () => {
    expect(perHousehold(m("Phoenix"), "ac-replacement")).toBeGreaterThan(
      2 * perHousehold(m("Phoenix"), "furnace-replacement"),
    );
    expect(m("Phoenix").localMarket?.climate.coolingDegreeDays).toBeGreaterThan(3500);
  });

  it("Miami: furnace revenue near zero; no boilers", () => {
    expect(perHousehold(m("Miami"), "furnace-replacement", "furnace-repair")).toBeLessThan(15);
    expect(m("Miami").localMarket?.equipment?.kinds.furnace?.share).toBeLessThan(0.05);
    expect(perHousehold(m("Miami"), "boiler-replacement")).toBe(0);
  });

  it("Minneapolis heats more than Houston; Houston cools more than Minneapolis", () => {
    expect(perHousehold(m("Minneapolis"), ...HEATING)).toBeGreaterThan(
      2 * perHousehold(m("Houston"), ...HEATING),
    );
    expect(perHousehold(m("Houston"), "ac-repair")).toBeGreaterThan(
      perHousehold(m("Minneapolis"), "ac-repair"),
    );
  });

  it("Seattle and San Francisco cool far less than Phoenix", () => {
    for (const city of ["Seattle", "San Francisco"]) {
      expect(perHousehold(m(city), ...COOLING)).toBeLessThan(
        0.6 * perHousehold(m("Phoenix"), ...COOLING),
      );
      expect(m(city).localMarket?.equipment?.kinds.centralAc?.share).toBeLessThan(0.3);
    }
  });

  it("Boston: a boiler is not a furnace, and boilers are a large share", () => {
    expect(m("Boston").localMarket?.equipment?.kinds.boiler?.share).toBeGreaterThan(0.2);
    expect(perHousehold(m("Boston"), "boiler-replacement")).toBeGreaterThan(
      perHousehold(m("Phoenix"), "boiler-replacement") + 50,
    );
  });

  it("no two climates get the same dollars per household any more", () => {
    const values = Object.values(markets).map((d) => d.avgRevenue);
    expect(new Set(values).size).toBe(values.length);
  });

  it("carries a sourced, graded local market profile", () => {
    const profile = m("Phoenix").localMarket;
    expect(profile?.climate.provenance.source).toMatch(/NOAA/);
    expect(profile?.housing.provenance.source).toMatch(/DP04/);
    expect(profile?.contractors.provenance.grade).toBe("measured");
    expect(profile?.contractors.establishments).toBeGreaterThan(100);
    expect(profile?.income?.medianHouseholdIncome).toBeGreaterThan(30_000);
    expect(m("Phoenix").assumptions?.find((a) => a.key === "share.centralAc")?.basis).toBe(
      "derived",
    );
  });

  it("keyword research follows the market's jobs: Phoenix searches cooling, Minneapolis heating", () => {
    const volume = (d: MarketAnalysisData, word: RegExp) => {
      const { keywordData } = computeKeywordResearch({ market: d });
      return [...keywordData.primaryKeywords, ...keywordData.longTailKeywords]
        .filter((k) => word.test(k.keyword))
        .reduce((s, k) => s + k.searchVolume, 0);
    };
    expect(volume(m("Phoenix"), /^ac repair/)).toBeGreaterThan(
      3 * volume(m("Phoenix"), /^furnace repair/),
    );
    expect(volume(m("Minneapolis"), /^furnace repair/)).toBeGreaterThan(
      volume(m("Minneapolis"), /^ac repair/) * 0.8,
    );
  });

  it("scores competition from Business Patterns contractors for a free analysis", () => {
    const score = opportunityScore(m("Phoenix"), null, null);
    expect(score?.components.map((c) => c.key)).toEqual(["demand", "supply"]);
    expect(score?.components[1]?.detail).toMatch(/Business Patterns/);
  });
});

describe("calibration against national totals", () => {
  const dataset = embeddedDataset();
  const national = nationalTotals(dataset, HVAC);

  it("households: within 3 % of the ACS 2019–2023 U.S. total (127.5 million occupied homes)", () => {
    expect(Math.abs(national.households / 127_482_865 - 1)).toBeLessThan(0.03);
  });

  it("AC and heat pump replacements: within ±10 % of AHRI shipments net of new construction (7.26 M)", () => {
    // AHRI, 12 months to May 2024: AC 5.0 M + heat pumps 3.54 M; 15 % to new construction.
    const replacements = 8_540_000 * (1 - 0.15);
    const jobs =
      (national.jobs["ac-replacement"] ?? 0) + (national.jobs["heat-pump-installation"] ?? 0);
    expect(Math.abs(jobs / replacements - 1)).toBeLessThanOrEqual(0.1);
  });

  it("furnace replacements: within ±10 % of AHRI gas furnace shipments net of new construction (2.56 M)", () => {
    // AHRI 2023: 2,989,516 gas furnaces (+ 22,619 oil); 15 % to new construction.
    const replacements = (2_989_516 + 22_619) * (1 - 0.15);
    expect(
      Math.abs((national.jobs["furnace-replacement"] ?? 0) / replacements - 1),
    ).toBeLessThanOrEqual(0.1);
  });

  it("the national degree-day constants are the data's household-weighted means (±1 %)", () => {
    let households = 0;
    let hdd = 0;
    let cdd = 0;
    for (const unit of dataset.units ?? []) {
      households += unit.local?.households ?? 0;
      hdd += unit.local?.heatingDegreeDays ?? 0;
      cdd += unit.local?.coolingDegreeDays ?? 0;
    }
    expect(Math.abs(hdd / households / NATIONAL_DEGREE_DAYS.heating - 1)).toBeLessThan(0.01);
    expect(Math.abs(cdd / households / NATIONAL_DEGREE_DAYS.cooling - 1)).toBeLessThan(0.01);
  });
});

describe("the shipped tracts' housing: 2023 metro join, own year built, building groups", () => {
  const census = loadEmbeddedCensus();
  const tractsOf = (county: string) =>
    census.tracts.filter((t) => t.id.startsWith(county) && (t.housingUnits ?? 0) > 0);
  const share = (units: number | undefined, of: number | null | undefined) =>
    (units ?? 0) / (of ?? 1);

  it("Cuyahoga County takes the Cleveland metro's DP04 (17410 in 2023; 17460 in counties.csv)", () => {
    const tracts = tractsOf("39035");
    expect(tracts.length).toBeGreaterThan(400);
    for (const t of tracts) {
      expect(t.local?.metroHousing).toBe(t.households);
      // Cleveland, OH Metro Area, DP04 2019–2023: utility 77.5 % + bottled gas 2.3 %.
      expect(share(t.housing?.heatingGas, t.households)).toBeCloseTo(0.798, 3);
    }
  });

  it("the tracts of one metro differ in age: Bexar County's (San Antonio: 34 % before 1980)", () => {
    const before1980 = tractsOf("48029")
      .map((t) => share(t.housing?.builtBefore1980, t.housingUnits))
      .sort((a, b) => a - b);
    const at = (q: number) => before1980[Math.floor(q * (before1980.length - 1))] ?? 0;
    // About 3 % at the 10th percentile (the 2010s exurbs), 86 % at the 90th (the 1950s ring).
    expect(at(0.1)).toBeLessThan(0.1);
    expect(at(0.9)).toBeGreaterThan(0.75);
    const own = tractsOf("48029").reduce((s, t) => s + (t.local?.tractAge ?? 0), 0);
    const all = tractsOf("48029").reduce((s, t) => s + (t.housingUnits ?? 0), 0);
    expect(own / all).toBeGreaterThan(0.95);
  });

  it("DC: mostly homes in buildings of 5+ units, and the state's equipment by building group", () => {
    const tracts = tractsOf("11001");
    const sum = (f: (t: (typeof tracts)[number]) => number | undefined) =>
      tracts.reduce((s, t) => s + (f(t) ?? 0), 0);
    const units = sum((t) => t.housingUnits ?? 0);
    expect(sum((t) => t.local?.units5plus) / units).toBeGreaterThan(0.45);
    expect(sum((t) => t.local?.units5plus)).toBeGreaterThan(
      sum((t) => (t.local?.units2to4 ?? 0) + (t.local?.mobileHomes ?? 0)),
    );
    expect(sum((t) => t.local?.buildings5plus)).toBeLessThan(sum((t) => t.local?.units5plus) / 5);
    const groups = census.baselines.DC?.groups;
    expect(groups?.units5plus.share).toBeGreaterThan(0.5);
    expect(groups?.mobile.share).toBeLessThan(0.01);
    const total = Object.values(groups ?? {}).reduce((s, g) => s + g.share, 0);
    expect(total).toBeCloseTo(1, 3);
  });
});
