import { describe, expect, it } from "vitest";
import { AreaUnitIndex, areaTotals, discShareInside } from "./coverage.js";
import { type AtDistance, distanceMiles } from "./geo.js";
import { INDUSTRY_PROFILES } from "./industry-profiles.js";
import {
  AssumptionError,
  computeMarketAnalysis,
  computeServices,
  resolveAssumptions,
} from "./market.js";
import { mostPopulous } from "./most-populous.js";
import { PlaceIndex } from "./place-index.js";
import type { AreaUnit, HousingStock, PlaceDataset, PlaceRecord } from "./places.js";

const HVAC = INDUSTRY_PROFILES.HVAC;

function place(
  id: string,
  population: number,
  lat: number,
  lon: number,
  footprintMiles = 0,
): PlaceRecord {
  return {
    id,
    name: id,
    state: "TX",
    lat,
    lon,
    population,
    households: Math.round(population * 0.4),
    housingUnits: Math.round(population * 0.44),
    singleFamilyUnits: Math.round(population * 0.3),
    medianHouseholdIncome: null,
    footprintMiles,
  };
}

describe("assumptions", () => {
  it("picks the census region's value and keeps the default beside an override", () => {
    const south = resolveAssumptions(HVAC, "South", { "ticket.acRepair": 450 });
    expect(south.find((a) => a.key === "share.heatPump")).toMatchObject({
      value: 0.27,
      defaultValue: 0.27,
    });
    expect(south.find((a) => a.key === "ticket.acRepair")).toMatchObject({
      value: 450,
      defaultValue: 408,
    });
    expect(
      resolveAssumptions(HVAC, "Northeast").find((a) => a.key === "share.heatPump")?.value,
    ).toBe(0.05);
  });

  it("refuses unknown keys and values outside the allowed range", () => {
    expect(() => resolveAssumptions(HVAC, "South", { "ticket.unicorn": 1 })).toThrow(
      AssumptionError,
    );
    expect(() => resolveAssumptions(HVAC, "South", { "share.furnace": 1.5 })).toThrow(
      "Households heated mainly by a fuel-fired furnace (gas, propane, oil) must be between 0 and 1",
    );
  });

  it("gives every assumption a source and a basis", () => {
    for (const a of HVAC.assumptions) {
      expect(a.source.length).toBeGreaterThan(10);
      expect(["published", "derived", "estimate"]).toContain(a.basis);
    }
  });
});

describe("services (hand-checked, 10,000 households in the South)", () => {
  const services = computeServices(10_000, HVAC, resolveAssumptions(HVAC, "South"));
  const byId = Object.fromEntries(services.map((s) => [s.serviceId, s]));

  it("sizes AC replacement as households × share × 1/lifespan × ticket", () => {
    // 10,000 × 0.53 / 12 = 441.7 jobs; × $4,575 = $2,020,625
    expect(byId["ac-replacement"]).toMatchObject({
      annualJobs: 442,
      averageCost: 4575,
      estimatedRevenue: 2_020_625,
    });
    expect(byId["ac-replacement"]?.marketPenetration).toBeCloseTo(0.04417, 4);
    expect(byId["ac-replacement"]?.formula).toBe("10,000 households × 53% × 1/12 yr × $4,575");
  });

  it("sizes AC repair over central AC and heat pump households", () => {
    // 10,000 × (0.53 + 0.27) × 0.10 = 800 jobs; × $408 = $326,400
    expect(byId["ac-repair"]).toMatchObject({ annualJobs: 800, estimatedRevenue: 326_400 });
  });

  it("sizes plans over every household", () => {
    // 10,000 × 0.10 × $240 = $240,000; duct cleaning 10,000 × 0.04 × $373 = $149,200
    expect(byId["maintenance-plans"]).toMatchObject({
      annualJobs: 1000,
      estimatedRevenue: 240_000,
    });
    expect(byId["duct-cleaning"]).toMatchObject({ annualJobs: 400, estimatedRevenue: 149_200 });
  });

  it("has the nine HVAC services, boilers apart from furnaces", () => {
    expect(services.map((s) => s.serviceName)).toEqual([
      "AC Replacement",
      "Furnace Replacement",
      "Boiler Replacement",
      "Heat Pump Installation",
      "AC Repair",
      "Furnace Repair",
      "Boiler Repair",
      "Maintenance & Tune-Up Plans",
      "Duct Cleaning",
    ]);
  });

  it("lists the inactive industries as profiles without services", () => {
    for (const id of ["Plumbing", "Electrical", "Roofing"] as const) {
      expect(INDUSTRY_PROFILES[id]).toMatchObject({ active: false, services: [] });
    }
  });
});

describe("coverage geometry", () => {
  it("counts a point in or out", () => {
    expect(discShareInside(10, 0, 9.9)).toBe(1);
    expect(discShareInside(10, 0, 10.1)).toBe(0);
  });

  it("counts a disc wholly inside, wholly outside, and the circle inside a big disc", () => {
    expect(discShareInside(10, 2, 5)).toBe(1);
    expect(discShareInside(10, 2, 12.5)).toBe(0);
    expect(discShareInside(5, 10, 0)).toBeCloseTo(0.25, 6);
  });

  it("counts about half of a small disc centred on the circle's edge", () => {
    expect(discShareInside(100, 1, 100)).toBeCloseTo(0.5, 2);
  });

  it("adds the background over the circle's area", () => {
    const totals = areaTotals([{ place: place("A", 1000, 0, 0), distanceMiles: 0 }], 10, {
      population: 10,
      households: 4,
      housingUnits: 5,
      singleFamilyUnits: 3,
    });
    // 1,000 + 10 × π × 100 = 4,141.6
    expect(totals).toEqual({
      population: 4142,
      households: 400 + 1257,
      housingUnits: 440 + 1571,
      singleFamilyUnits: 300 + 942,
      listedPlacesPopulation: 1000,
      outsidePlacesPopulation: 3142,
    });
  });
});

describe("place index", () => {
  it("finds the places within a radius, nearest first, with great-circle distances", () => {
    const austin = place("Austin", 950_000, 30.2672, -97.7431);
    const roundRock = place("Round Rock", 120_000, 30.5083, -97.6789);
    const sanAntonio = place("San Antonio", 1_400_000, 29.4241, -98.4936);
    const index = new PlaceIndex([sanAntonio, roundRock, austin]);
    const found = index.within(30.2672, -97.7431, 25);
    expect(found.map((f) => f.place.id)).toEqual(["Austin", "Round Rock"]);
    expect(found[1]?.distanceMiles).toBeCloseTo(
      distanceMiles(30.2672, -97.7431, 30.5083, -97.6789),
      6,
    );
    expect(found[1]?.distanceMiles).toBeCloseTo(17.1, 0);
    expect(index.within(30.2672, -97.7431, 80).map((f) => f.place.id)).toContain("San Antonio");
  });
});

describe("market analysis", () => {
  const dataset: Omit<PlaceDataset, "places"> = {
    provider: "embedded",
    label: "Test places",
    vintage: "2024",
    provenance: {
      population: { source: "Test", vintage: "2024", grade: "measured", method: "Counted" },
      households: { source: "Test", vintage: "2024", grade: "modeled", method: "Population × 0.4" },
      housingUnits: {
        source: "Test",
        vintage: "2024",
        grade: "modeled",
        method: "Population × 0.44",
      },
      singleFamilyUnits: {
        source: "Test",
        vintage: "2024",
        grade: "modeled",
        method: "Population × 0.3",
      },
    },
    background: { TX: { population: 10, households: 4, housingUnits: 4.4, singleFamilyUnits: 3 } },
    backgroundMethod: "residents outside places at 10 per sq mi",
  };
  const candidates = [
    { place: place("A", 100_000, 0, 0), distanceMiles: 0 },
    { place: place("B", 50_000, 0, 0), distanceMiles: 8 },
    { place: place("C", 20_000, 0, 0), distanceMiles: 12 },
    { place: place("D", 99_000, 0, 0), distanceMiles: 40 },
  ];
  const data = computeMarketAnalysis({
    request: { city: "a", state: "TX", industry: "HVAC", primaryRadius: 10, secondaryRadius: 15 },
    target: { name: "A", state: "TX", lat: 0, lon: 0, input: "a" },
    region: "South",
    dataset,
    candidates,
    profile: HVAC,
    now: new Date("2026-11-20T12:00:00Z"),
  });

  it("totals the places in range plus the background over the secondary circle", () => {
    // 170,000 + 10 × π × 225 = 177,068.6
    expect(data.marketSize).toBe(177_069);
    expect(data.censusData.totalPopulation).toBe(177_069);
    // households 68,000 + 4 × π × 225 = 70,827.4
    expect(data.households).toBe(70_827);
    expect(data.marketSummary).toMatchObject({
      citiesInRange: 3,
      primaryCities: 2,
      secondaryCities: 1,
      primaryPopulation: 150_000 + 3142,
      listedPlacesPopulation: 170_000,
      outsidePlacesPopulation: 7069,
    });
  });

  it("labels each city primary or secondary by distance, nearest first", () => {
    expect(data.cityAnalysis.cityBreakdown.map((c) => [c.name, c.serviceArea])).toEqual([
      ["A", "primary"],
      ["B", "primary"],
      ["C", "secondary"],
    ]);
  });

  it("makes revenue the sum of the services and the average per household", () => {
    const total = data.serviceBreakdown.reduce((s, x) => s + x.estimatedRevenue, 0);
    expect(data.marketSummary?.totalMarketRevenue).toBe(total);
    expect(data.avgRevenue).toBeCloseTo(total / 70_827, 2);
  });

  it("carries provenance for every figure and the assumptions used", () => {
    expect(Object.keys(data.provenance ?? {}).sort()).toEqual(
      [
        "commercialUnits",
        "households",
        "housingUnits",
        "population",
        "revenue",
        "singleFamilyUnits",
      ].sort(),
    );
    expect(data.provenance?.households?.grade).toBe("modeled");
    expect(data.provenance?.revenue?.grade).toBe("modeled");
    expect(data.assumptions?.length).toBe(HVAC.assumptions.length);
    expect(data.requestLocation).toBe("A, TX");
    expect(data.analysisTimestamp).toBe("2026-11-20T12:00:00.000Z");
  });
});

describe("market analysis with the housing stock of the tracts", () => {
  const dataset: Omit<PlaceDataset, "places"> = {
    provider: "census-api",
    label: "Test tracts",
    vintage: "2022 ACS 5-year",
    provenance: {
      population: { source: "Test", vintage: "2022", grade: "measured", method: "Counted" },
      households: { source: "Test", vintage: "2022", grade: "measured", method: "Counted" },
      housingUnits: { source: "Test", vintage: "2022", grade: "measured", method: "Counted" },
      singleFamilyUnits: { source: "Test", vintage: "2022", grade: "measured", method: "Counted" },
    },
    background: {},
    backgroundMethod: null,
  };

  /** 10 tracts of 1,000 households each, 5 mi from the target, with `housing` per tract. */
  function analyze(housing: Partial<HousingStock> | null, overrides?: Record<string, number>) {
    const perTract: HousingStock = {
      occupied: 1000,
      ownerOccupied: 650,
      built2000OrLater: 253,
      built1980To1999: 297,
      builtBefore1980: 550,
      heatingGas: 400,
      heatingElectricity: 550,
      heatingFuelOil: 0,
      heatingOther: 20,
      heatingNone: 30,
      ...housing,
    };
    const units: AtDistance<AreaUnit>[] = Array.from({ length: 10 }, (_, i) => ({
      item: {
        id: `4845300000${i}`,
        lat: 0,
        lon: 0,
        population: 2500,
        households: 1000,
        housingUnits: 1100,
        singleFamilyUnits: 700,
        ...(housing ? { housing: perTract } : {}),
      },
      distanceMiles: 5,
    }));
    return computeMarketAnalysis({
      request: { city: "a", state: "TX", industry: "HVAC", primaryRadius: 10, secondaryRadius: 15 },
      target: { name: "A", state: "TX", lat: 0, lon: 0, input: "a" },
      region: "South",
      dataset,
      candidates: [],
      units: new AreaUnitIndex(units.map((u) => u.item)),
      profile: HVAC,
      ...(overrides ? { overrides } : {}),
      now: new Date("2026-11-20T12:00:00Z"),
    });
  }
  const jobs = (data: ReturnType<typeof analyze>, id: string) =>
    data.serviceBreakdown.find((s) => s.serviceId === id)?.annualJobs ?? Number.NaN;
  const assumption = (data: ReturnType<typeof analyze>, key: string) =>
    data.assumptions?.find((a) => a.key === key);

  it("without housing tables keeps the regional assumptions and today's numbers exactly", () => {
    const data = analyze(null);
    expect(data.households).toBe(10_000);
    expect(data.assumptions).toEqual(resolveAssumptions(HVAC, "South"));
    expect(data.serviceBreakdown).toEqual(
      computeServices(10_000, HVAC, resolveAssumptions(HVAC, "South")),
    );
    // 10,000 × 0.53 / 12 = 442 AC replacements, as in the hand-checked South example above.
    expect(jobs(data, "ac-replacement")).toBe(442);
    expect(assumption(data, "share.furnace")).toMatchObject({ value: 0.5, basis: "estimate" });
    expect(data.provenance?.revenue?.method).toMatch(/equipment shares by census region \(South\)/);
  });

  it("with housing tables derives the shares from the fuel mix, with basis and source", () => {
    const data = analyze({});
    // 55 % electric × 0.491 heat pumps per electric home = 0.27; furnaces 0.685 × (0.40 + 0.28)
    expect(assumption(data, "share.heatPump")).toMatchObject({ value: 0.27, basis: "derived" });
    expect(assumption(data, "share.furnace")).toMatchObject({ value: 0.466, basis: "derived" });
    expect(assumption(data, "share.centralAc")?.value).toBe(0.53);
    expect(assumption(data, "share.furnace")?.source).toContain(
      "ACS B25040 house heating fuel (2022 ACS 5-year) over the 10 census tracts in range",
    );
    expect(assumption(data, "housing.ownerOccupied")).toMatchObject({
      value: 0.65,
      defaultValue: 0.65,
      basis: "derived",
    });
    expect(assumption(data, "lifespan.furnace")?.basis).toBe("derived");
    expect(assumption(data, "lifespan.furnace")?.defaultValue).toBe(21);
    expect(data.provenance?.revenue?.method).toContain(
      "5 assumptions (basis “derived”) from the ACS housing tables",
    );
    expect(data.provenance?.revenue?.method).toContain("of the 10 tracts in range");
    // At the national age and tenure mix the factors are 1: AC replacement as offline.
    expect(jobs(data, "ac-replacement")).toBe(442);
    expect(data.serviceBreakdown[0]?.formula).toBe("10,000 households × 53% × 1/12 yr × $4,575");
  });

  it("gives an all-gas area more furnace work and an all-electric one more heat pumps", () => {
    const gas = analyze({
      heatingGas: 1000,
      heatingElectricity: 0,
      heatingOther: 0,
      heatingNone: 0,
    });
    const electric = analyze({
      heatingGas: 0,
      heatingElectricity: 1000,
      heatingOther: 0,
      heatingNone: 0,
    });
    expect(jobs(gas, "furnace-replacement")).toBeGreaterThan(jobs(electric, "furnace-replacement"));
    expect(jobs(gas, "furnace-repair")).toBeGreaterThan(jobs(electric, "furnace-repair"));
    expect(jobs(electric, "heat-pump-installation")).toBeGreaterThan(
      jobs(gas, "heat-pump-installation"),
    );
    // Central cooling stays at the region's 80 %: AC repair is the same in both.
    expect(jobs(gas, "ac-repair")).toBe(jobs(electric, "ac-repair"));
  });

  it("raises replacement jobs for older stock, not repairs", () => {
    const older = analyze({ built2000OrLater: 0, built1980To1999: 300, builtBefore1980: 800 });
    const newer = analyze({ built2000OrLater: 800, built1980To1999: 200, builtBefore1980: 100 });
    for (const id of ["ac-replacement", "furnace-replacement", "heat-pump-installation"]) {
      expect(jobs(older, id)).toBeGreaterThan(jobs(newer, id));
    }
    expect(jobs(older, "ac-repair")).toBe(jobs(newer, "ac-repair"));
    // 0 % built since 2000: × 1 ÷ (1 − 0.4 × 0.23) = 1.10 → 10,000 × 0.53 / 12 × 1.1013 = 486
    expect(jobs(older, "ac-replacement")).toBe(486);
    expect(older.serviceBreakdown[0]?.formula).toBe(
      "10,000 households × 53% × 1/12 yr × 1.10 housing age × $4,575",
    );
  });

  it("lowers replacement jobs where fewer homes are owner-occupied", () => {
    const owners = analyze({ ownerOccupied: 900 });
    const renters = analyze({ ownerOccupied: 300 });
    for (const id of ["ac-replacement", "furnace-replacement", "heat-pump-installation"]) {
      expect(jobs(renters, id)).toBeLessThan(jobs(owners, id));
    }
    expect(jobs(renters, "maintenance-plans")).toBe(jobs(owners, "maintenance-plans"));
    // 30 % owners: (0.3 + 0.5 × 0.7) ÷ 0.825 = 0.788 → 10,000 × 0.53 / 12 × 0.7879 = 348
    expect(jobs(renters, "ac-replacement")).toBe(348);
  });

  it("lets an override win over a derived default, which stays the default", () => {
    const data = analyze(
      { heatingGas: 1000, heatingElectricity: 0, heatingOther: 0, heatingNone: 0 },
      { "share.furnace": 0.4, "housing.ownerOccupied": 0.65 },
    );
    expect(assumption(data, "share.furnace")).toMatchObject({
      value: 0.4,
      defaultValue: 0.685,
      basis: "derived",
    });
    // 10,000 × 0.40 / 21 = 190 furnace replacements (age and tenure at the national mix)
    expect(jobs(data, "furnace-replacement")).toBe(190);
    expect(() => analyze({}, { "share.furnace": 1.5 })).toThrow(AssumptionError);
  });

  it("uses the housing stock only when every tract in range has it", () => {
    const tract = (id: string, housing?: HousingStock): AtDistance<AreaUnit> => ({
      item: {
        id,
        lat: 0,
        lon: 0,
        population: 10,
        households: 4,
        housingUnits: 5,
        singleFamilyUnits: 3,
        ...(housing ? { housing } : {}),
      },
      distanceMiles: 1,
    });
    const allGas: HousingStock = {
      occupied: 4,
      ownerOccupied: 2,
      built2000OrLater: 1,
      built1980To1999: 2,
      builtBefore1980: 2,
      heatingGas: 4,
      heatingElectricity: 0,
      heatingFuelOil: 0,
      heatingOther: 0,
      heatingNone: 0,
    };
    const data = computeMarketAnalysis({
      request: { city: "a", state: "TX", industry: "HVAC", primaryRadius: 10, secondaryRadius: 15 },
      target: { name: "A", state: "TX", lat: 0, lon: 0, input: "a" },
      region: "South",
      dataset,
      candidates: [],
      units: new AreaUnitIndex([tract("1"), tract("2", allGas)].map((u) => u.item)),
      profile: HVAC,
      now: new Date("2026-11-20T12:00:00Z"),
    });
    expect(data.assumptions).toEqual(resolveAssumptions(HVAC, "South"));
  });

  it("resolves a region's defaults once: equal every time, never changed by an override", () => {
    const first = resolveAssumptions(HVAC, "Midwest");
    const again = resolveAssumptions(HVAC, "Midwest");
    expect(again).toEqual(first);
    expect(Object.isFrozen(again[0])).toBe(true);
    const key = (first[0] as { key: string }).key;
    const changed = resolveAssumptions(HVAC, "Midwest", { [key]: (first[0]?.min ?? 0) as number });
    expect(changed[0]?.value).toBe(first[0]?.min);
    expect(resolveAssumptions(HVAC, "Midwest")).toEqual(first);
    expect(resolveAssumptions(HVAC, "West")).not.toEqual(first);
  });

  it("lets an override of the housing mix change replacements offline too", () => {
    const data = analyze(null, { "housing.built2000OrLater": 0 });
    expect(jobs(data, "ac-replacement")).toBe(486);
  });
});

describe("mostPopulous", () => {
  const c = (name: string, population: number, distanceMiles: number) => ({
    place: { name, population },
    distanceMiles,
  });
  it("keeps the most populous, nearest first, the nearer among ties at the cut", () => {
    const list = [
      c("f", 10, 6),
      c("a", 5, 1),
      c("b", 50, 2),
      c("d", 10, 4),
      c("c", 10, 3),
      c("e", 40, 5),
    ];
    expect(mostPopulous(list, 3).map((x) => x.place.name)).toEqual(["b", "c", "e"]);
    expect(mostPopulous(list, 4).map((x) => x.place.name)).toEqual(["b", "c", "d", "e"]);
    expect(mostPopulous(list, 10).map((x) => x.place.name)).toEqual(["a", "b", "c", "d", "e", "f"]);
    expect(mostPopulous(list, 0)).toEqual([]);
  });

  it("agrees with sorting by population for lists with many ties, sorted and reversed input", () => {
    let seed = 7;
    const next = () => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed / 2147483648;
    };
    for (let round = 0; round < 200; round++) {
      const n = 1 + Math.floor(next() * 400);
      // Few distinct populations (many ties), distinct distances.
      let list = Array.from({ length: n }, (_, i) =>
        c(String(i), Math.floor(next() * (round % 2 ? 8 : 5000)), i + next() / 2),
      );
      if (round % 5 === 0) list.sort((a, b) => a.place.population - b.place.population);
      if (round % 5 === 1) list = list.reverse();
      const limit = Math.floor(next() * n * 1.2);
      const expected = [...list]
        .sort(
          (a, b) => b.place.population - a.place.population || a.distanceMiles - b.distanceMiles,
        )
        .slice(0, limit)
        .sort((a, b) => a.distanceMiles - b.distanceMiles)
        .map((x) => x.place.name);
      expect(mostPopulous(list, limit).map((x) => x.place.name)).toEqual(expected);
    }
  });
});
