/**
 * The figures a contractor checks first, on the shipped dataset (no ../shared needed): equipment
 * that wears out with its climate, one system per building, prices at local wages, joins that
 * hold (docs/methodology.md, "Calibration"; national totals: local-market.test.ts).
 */
import {
  computeMarketAnalysis,
  INDUSTRY_PROFILES,
  type MarketAnalysisData,
  US_STATES,
} from "@bis/sdk";
import { beforeAll, describe, expect, it } from "vitest";
import { createEmbeddedProvider, loadEmbeddedCensus } from "../src/providers/places/embedded.js";
import { createPlaceService } from "../src/services/places/place-service.js";

const places = createPlaceService({
  provider: createEmbeddedProvider(),
  census: loadEmbeddedCensus,
});
const HVAC = INDUSTRY_PROFILES.HVAC;

async function analyze(
  city: string,
  state: string,
  primary = 10,
  secondary = 15,
): Promise<MarketAnalysisData> {
  const request = {
    city,
    state,
    industry: "HVAC",
    primaryRadius: primary,
    secondaryRadius: secondary,
  };
  const { target, ...area } = await places.locate(city, state, request);
  const region = US_STATES.find((s) => s.code === target.state)?.region ?? "South";
  return computeMarketAnalysis({
    request,
    target: { ...target, input: city },
    region,
    ...area,
    localZips: places.localZips(target.lat, target.lon, secondary),
    profile: HVAC,
    now: new Date("2026-12-05T00:00:00Z"),
  });
}

const service = (d: MarketAnalysisData, id: string) => {
  const s = d.serviceBreakdown.find((x) => x.serviceId === id);
  if (!s) throw new Error(`no ${id}`);
  return s;
};
const jobs = (d: MarketAnalysisData, ...ids: string[]) =>
  ids.reduce((sum, id) => sum + service(d, id).annualJobs, 0);
const revenue = (d: MarketAnalysisData, ...ids: string[]) =>
  ids.reduce((sum, id) => sum + service(d, id).estimatedRevenue, 0);
const COOLING_REPLACEMENTS = ["ac-replacement", "heat-pump-installation"];

const markets: Record<string, MarketAnalysisData> = {};
beforeAll(async () => {
  markets.phoenix = await analyze("Phoenix", "AZ");
  markets.minneapolis = await analyze("Minneapolis", "MN");
  markets.miami = await analyze("Miami", "FL");
  markets.newYork = await analyze("New York", "NY", 5, 5);
  markets.cleveland = await analyze("Cleveland", "OH");
  markets.laurel = await analyze("Laurel", "MS", 10, 10);
});
const m = (key: string) => markets[key] as MarketAnalysisData;

describe("equipment wears out with its climate", () => {
  it("Phoenix has at least 1.5× the cooling replacement jobs per household of Minneapolis", () => {
    const perHousehold = (d: MarketAnalysisData) =>
      jobs(d, ...COOLING_REPLACEMENTS) / (d.households ?? 1);
    expect(perHousehold(m("phoenix"))).toBeGreaterThanOrEqual(1.5 * perHousehold(m("minneapolis")));
  });

  it("says the local interval in the How line", () => {
    expect(service(m("phoenix"), "ac-replacement").formula).toMatch(
      /replaced every \d+\.\d years here, \d+(\.\d)? in the U\.S\.: [\d,]+ cooling degree days, 2\.\d\d× the U\.S\./,
    );
    expect(service(m("minneapolis"), "furnace-replacement").formula).toMatch(
      /[\d,]+ heating degree days, 1\.9\d× the U\.S\./,
    );
  });

  it("Miami's furnace revenue stays under 5 % of its cooling revenue", () => {
    const cooling = revenue(m("miami"), "ac-replacement", "heat-pump-installation", "ac-repair");
    expect(revenue(m("miami"), "furnace-replacement", "furnace-repair")).toBeLessThan(
      0.05 * cooling,
    );
  });
});

describe("one system per building", () => {
  it("New York 5/5 mi: at most 1.8 heating-equipment replacements per 100 housing units", () => {
    const d = m("newYork");
    const heating = jobs(d, "furnace-replacement", "boiler-replacement");
    expect((100 * heating) / (d.censusData.totalHousingUnits ?? Number.NaN)).toBeLessThanOrEqual(
      1.8,
    );
    const buildings = d.localMarket?.housing.buildings;
    expect(buildings?.units5plus).toBeGreaterThan(0.5);
    expect(buildings?.centralPlantBuildings).toBeGreaterThan(1000);
    expect(service(d, "boiler-replacement").formula).toMatch(
      /systems per home: one per 2–4 unit building/,
    );
  });
});

describe("installed prices at local wages", () => {
  it("an AC replacement costs more in Manhattan than in Phoenix, and more there than in rural Mississippi (Laurel, Jones County)", () => {
    const price = (d: MarketAnalysisData) => service(d, "ac-replacement").averageCost;
    const index = (d: MarketAnalysisData) => d.localMarket?.prices?.wageIndex ?? Number.NaN;
    expect(index(m("newYork"))).toBeGreaterThan(index(m("phoenix")));
    expect(index(m("phoenix"))).toBeGreaterThan(index(m("laurel")));
    expect(price(m("newYork"))).toBeGreaterThan(price(m("phoenix")));
    expect(price(m("phoenix"))).toBeGreaterThan(price(m("laurel")));
    expect(service(m("newYork"), "ac-replacement").formula).toMatch(
      /\$4,575 U\.S\. × \(0\.50 \+ 0\.50 × 1\.\d\d local wages\)/,
    );
    expect(m("newYork").assumptions?.find((a) => a.key === "prices.wageIndex")?.basis).toBe(
      "derived",
    );
  });
});

describe("joins that hold", () => {
  it("Cuyahoga County takes the Cleveland metro profile", () => {
    expect(m("cleveland").localMarket?.housing.metroCoverage).toBeGreaterThanOrEqual(0.9);
  });

  it("each tract's own housing age, not its metro's", () => {
    expect(m("cleveland").localMarket?.housing.tractAgeCoverage).toBeGreaterThan(0.9);
  });
});
