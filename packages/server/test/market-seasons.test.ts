/**
 * The market's year on the shipped data: each market's months from its nearest first-order
 * station (or its state), the figures a contractor checks first, and months that sum to the year.
 */
import {
  censusRegionOf,
  computeMarketAnalysis,
  INDUSTRY_PROFILES,
  type MarketAnalysisData,
  type MarketSeasons,
} from "@bis/sdk";
import { describe, expect, it } from "vitest";
import {
  climateMonths,
  climateShapeAt,
  STATION_RANGE_MILES,
} from "../src/providers/places/climate-months.js";
import { createEmbeddedProvider, loadEmbeddedCensus } from "../src/providers/places/embedded.js";
import { withRecordSeasons, withSeasons } from "../src/services/analysis-seasons.js";
import { createPlaceService } from "../src/services/places/place-service.js";

const places = createPlaceService({
  provider: createEmbeddedProvider(),
  census: loadEmbeddedCensus,
});
const HVAC = INDUSTRY_PROFILES.HVAC;

async function analyze(city: string, state: string) {
  const request = { city, state, industry: "HVAC", primaryRadius: 10, secondaryRadius: 15 };
  const { target, ...area } = await places.locate(city, state, request);
  const region = censusRegionOf(target.state);
  const data = computeMarketAnalysis({
    request,
    target: { ...target, input: city },
    region,
    ...area,
    localZips: places.localZips(target.lat, target.lon, 15),
    profile: HVAC,
    now: new Date("2026-12-06T00:00:00Z"),
  });
  return withSeasons(data, HVAC);
}

const sum = (xs: readonly number[]) => xs.reduce((a, b) => a + b, 0);
/** Jobs by month of the services whose months follow one season's degree days. */
const following = (s: MarketSeasons, follows: string) =>
  Array.from({ length: 12 }, (_, i) =>
    sum(s.services.filter((x) => x.follows === follows).map((x) => x.jobs[i] ?? 0)),
  );
const winterShare = (xs: readonly number[]) =>
  ((xs[11] ?? 0) + (xs[0] ?? 0) + (xs[1] ?? 0)) / sum(xs);

describe("the shape of the year", () => {
  it("takes the nearest first-order station, else the state's statewide months", () => {
    const phoenix = climateShapeAt(33.45, -112.07, "AZ");
    expect(phoenix?.kind).toBe("station");
    expect(phoenix?.name).toBe("PHOENIX");
    // Terlingua, TX: no first-order station within range.
    const bigBend = climateShapeAt(29.32, -103.61, "TX");
    expect(bigBend?.kind).toBe("state");
    expect(bigBend?.name).toBe("Texas");
  });

  it("keeps Alaska and Hawaii (no statewide series) on their nearest station at any distance", () => {
    const data = climateMonths();
    expect(data.states.has("AK")).toBe(false);
    // Far from every Alaskan first-order station.
    const remote = climateShapeAt(67.0, -141.0, "AK");
    expect(remote?.kind).toBe("station");
    expect(remote?.distanceMiles).toBeGreaterThan(STATION_RANGE_MILES);
  });
});

describe("the market's year of an analysis", () => {
  it("puts Phoenix's cooling jobs in summer: July among the top two months, December–February under 5 %", async () => {
    const d = await analyze("Phoenix", "AZ");
    const cooling = following(d.seasons as MarketSeasons, "cooling degree days");
    const top2 = [...cooling].sort((a, b) => b - a).slice(0, 2);
    expect(top2).toContain(cooling[6]);
    expect(winterShare(cooling)).toBeLessThan(0.05);
  });

  it("puts over 40 % of Minneapolis' heating jobs in December–February", async () => {
    const d = await analyze("Minneapolis", "MN");
    expect(
      winterShare(following(d.seasons as MarketSeasons, "heating degree days")),
    ).toBeGreaterThan(0.4);
  });

  it("keeps Miami's furnace work under 1 % of every month's revenue (a short heating season)", async () => {
    const d = await analyze("Miami", "FL");
    const s = d.seasons as MarketSeasons;
    const furnace = d.serviceBreakdown
      .map((entry, i) => ({ entry, months: s.services[i]?.revenue ?? [] }))
      .filter(({ entry }) => entry.serviceId?.startsWith("furnace-"));
    expect(furnace.map(({ entry }) => entry.serviceId).sort()).toEqual([
      "furnace-repair",
      "furnace-replacement",
    ]);
    for (let month = 0; month < 12; month++) {
      const all = sum(s.services.map((x) => x.revenue[month] ?? 0));
      const furnaceRevenue = sum(furnace.map(({ months }) => months[month] ?? 0));
      expect(furnaceRevenue / all).toBeLessThan(0.01);
    }
    const replacement = furnace.find(({ entry }) => entry.serviceId === "furnace-replacement");
    expect(replacement?.entry.formula).toContain("short heating season");
  });

  it("sums every service's months to its yearly jobs and revenue, and explains itself", async () => {
    for (const [city, state] of [
      ["Miami", "FL"],
      ["Anchorage", "AK"],
      ["Honolulu", "HI"],
      ["Boston", "MA"],
    ] as const) {
      const d = await analyze(city, state);
      const s = d.seasons as MarketSeasons;
      d.serviceBreakdown.forEach((entry, i) => {
        expect(sum(s.services[i]?.jobs ?? [])).toBe(entry.annualJobs);
        expect(sum(s.services[i]?.revenue ?? [])).toBe(entry.estimatedRevenue);
      });
      expect(sum(s.heatingDegreeDays)).toBe(
        Math.round(d.localMarket?.climate.heatingDegreeDays ?? -1),
      );
      expect(s.provenance.grade).toBe("modeled");
      expect(d.assumptions?.some((a) => a.key.startsWith("season."))).toBe(true);
    }
  });
});

describe("a stored record read without months", () => {
  it("is left as it is where its months cannot be made, never an error", async () => {
    expect(withRecordSeasons(null)).toBeNull();
    const { seasons: _months, ...phoenix } = await analyze("Phoenix", "AZ");
    const odd = [
      { ...phoenix, serviceBreakdown: undefined },
      { ...phoenix, assumptions: "none" },
      { ...phoenix, requestIndustry: "Landscaping" },
      { ...phoenix, target: undefined },
      { ...phoenix, localMarket: undefined },
      { ...phoenix, serviceBreakdown: [null] },
      { ...phoenix, assumptions: [null, ...(phoenix.assumptions ?? [])] },
      { ...phoenix, target: { name: "Phoenix", state: "AZ", lat: "33.4" } },
      { ...phoenix, localMarket: { ...phoenix.localMarket, climate: null } },
      { ...phoenix, serviceBreakdown: [{ ...phoenix.serviceBreakdown[0], annualJobs: "many" }] },
    ] as unknown as MarketAnalysisData[];
    for (const record of odd) expect(withRecordSeasons(record)).toBe(record);
    // The same record with what months need gets them.
    expect(withRecordSeasons(phoenix as MarketAnalysisData).seasons?.peakMonth).toBe(7);
  });
});
