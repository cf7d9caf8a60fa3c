import { describe, expect, it } from "vitest";
import { ELECTRIC_HEAT_SHARE } from "../industries/hvac/equipment.js";
import {
  HOUSING_REFERENCE,
  type HousingContext,
  housingAgeFactor,
  housingDefaults,
  housingMix,
  ownerOccupancyFactor,
  replacementFactor,
} from "./housing-adjustments.js";
import { INDUSTRY_PROFILES } from "./industry-profiles.js";
import type { HousingStock } from "./places.js";

const HVAC = INDUSTRY_PROFILES.HVAC;

/** 1,000 occupied homes heated as given (shares of 1,000), 60 % owners, a 2000s-light mix. */
function stock(heating: Partial<Record<"gas" | "electricity" | "oil" | "other" | "none", number>>) {
  return {
    occupied: 1000,
    ownerOccupied: 600,
    built2000OrLater: 230,
    built1980To1999: 270,
    builtBefore1980: 500,
    heatingGas: (heating.gas ?? 0) * 1000,
    heatingElectricity: (heating.electricity ?? 0) * 1000,
    heatingFuelOil: (heating.oil ?? 0) * 1000,
    heatingOther: (heating.other ?? 0) * 1000,
    heatingNone: (heating.none ?? 0) * 1000,
  } satisfies HousingStock;
}

const context = (housing: HousingStock, tracts = 1234): HousingContext => ({
  housing,
  tracts,
  vintage: "2022 ACS 5-year",
});

/** The area defaults of the HVAC profile, by key. */
function derive(housing: HousingStock, region: "South" | "Northeast" | "Midwest" | "West") {
  const { definitions, derived } = housingDefaults(
    HVAC.assumptions,
    region,
    context(housing),
    HVAC.equipment,
  );
  const byKey = Object.fromEntries(definitions.map((d) => [d.key, d]));
  return { byKey, derived, value: (key: string) => byKey[key]?.value as number };
}

describe("replacement factors", () => {
  it("are exactly 1 at the national mix the offline defaults stand for", () => {
    expect(housingAgeFactor(HOUSING_REFERENCE.built2000OrLater.value)).toBe(1);
    expect(ownerOccupancyFactor(HOUSING_REFERENCE.ownerOccupied.value)).toBe(1);
  });

  it("raise replacements for older stock and lower them for newer (hand-checked)", () => {
    // (1 − 0.4 × n) ÷ (1 − 0.4 × 0.23): all before 2000 → 1 ÷ 0.908, all since → 0.6 ÷ 0.908
    expect(housingAgeFactor(0)).toBeCloseTo(1.1013, 4);
    expect(housingAgeFactor(1)).toBeCloseTo(0.6608, 4);
    expect(housingAgeFactor(0.1)).toBeGreaterThan(housingAgeFactor(0.4));
  });

  it("lower replacements where fewer homes are owner-occupied (hand-checked)", () => {
    // (o + 0.5 × (1 − o)) ÷ (0.65 + 0.5 × 0.35)
    expect(ownerOccupancyFactor(1)).toBeCloseTo(1 / 0.825, 6);
    expect(ownerOccupancyFactor(0)).toBeCloseTo(0.5 / 0.825, 6);
    expect(ownerOccupancyFactor(0.3)).toBeLessThan(ownerOccupancyFactor(0.8));
    expect(replacementFactor("ownerOccupancy", 0.3)).toBe(ownerOccupancyFactor(0.3));
    expect(replacementFactor("housingAge", 0.3)).toBe(housingAgeFactor(0.3));
  });
});

describe("housing mix", () => {
  it("gives the shares of each table, null where its total is 0", () => {
    const mix = housingMix(
      stock({ gas: 0.5, electricity: 0.4, oil: 0.02, other: 0.03, none: 0.05 }),
    );
    expect(mix.heating).toEqual({
      gas: 0.5,
      electricity: 0.4,
      fuelOil: 0.02,
      other: 0.03,
      none: 0.05,
    });
    expect(mix.ownerOccupied).toBe(0.6);
    expect(mix.built).toEqual({ since2000: 0.23, from1980To1999: 0.27, before1980: 0.5 });
    const empty = housingMix({
      ...stock({}),
      occupied: 0,
      built2000OrLater: 0,
      built1980To1999: 0,
      builtBefore1980: 0,
    });
    expect(empty).toEqual({ heating: null, ownerOccupied: null, built: null });
  });
});

describe("area defaults from the housing stock", () => {
  it("gives an all-gas area more furnaces and no heat pumps, an all-electric one heat pumps", () => {
    const gas = derive(stock({ gas: 1 }), "South");
    const electric = derive(stock({ electricity: 1 }), "South");
    // South: 0.27 heat pumps ÷ 0.55 electric = 0.491 per electric home; furnaces per home not on
    // a heat pump 0.50 ÷ 0.73 = 0.685.
    expect(gas.value("share.heatPump")).toBe(0);
    expect(gas.value("share.furnace")).toBe(0.685);
    expect(electric.value("share.heatPump")).toBe(0.491);
    expect(electric.value("share.furnace")).toBe(0.349); // 0.685 × (1 − 0.491) resistance
    expect(gas.value("share.furnace")).toBeGreaterThan(electric.value("share.furnace"));
    expect(electric.value("share.heatPump")).toBeGreaterThan(gas.value("share.heatPump"));
  });

  it("keeps central cooling at the region's, heat pumps taking their part (hand-checked mix)", () => {
    const area = derive(
      stock({ gas: 0.5, electricity: 0.4, oil: 0.02, other: 0.03, none: 0.05 }),
      "South",
    );
    // heat pumps 0.4 × 0.4909 = 0.196; furnaces 0.6849 × (0.5 + 0.02 + 0.4 × 0.5091) = 0.496;
    // central AC 0.53 + 0.27 − 0.196 = 0.604
    expect(area.value("share.heatPump")).toBe(0.196);
    expect(area.value("share.furnace")).toBe(0.496);
    expect(area.value("share.centralAc")).toBe(0.604);
    expect(area.value("housing.ownerOccupied")).toBe(0.6);
    expect(area.value("housing.built2000OrLater")).toBe(0.23);
  });

  it("gives an area with its region's electric heat share the regional heat-pump share", () => {
    for (const region of ["Northeast", "Midwest", "South", "West"] as const) {
      const e = ELECTRIC_HEAT_SHARE.value[region];
      const area = derive(stock({ gas: 1 - e, electricity: e }), region);
      const regional = HVAC.assumptions.find((a) => a.key === "share.heatPump")?.value as Record<
        string,
        number
      >;
      expect(area.value("share.heatPump")).toBeCloseTo(regional[region] as number, 3);
    }
  });

  it("marks area defaults derived, naming the ACS table and the tracts", () => {
    const area = derive(stock({ gas: 0.6, electricity: 0.4 }), "Midwest");
    expect(area.derived.sort()).toEqual(
      [
        "housing.built2000OrLater",
        "housing.ownerOccupied",
        "share.centralAc",
        "share.furnace",
        "share.heatPump",
      ].sort(),
    );
    expect(area.byKey["share.furnace"]).toMatchObject({ basis: "derived" });
    expect(area.byKey["share.furnace"]?.source).toContain(
      "ACS B25040 house heating fuel (2022 ACS 5-year) over the 1,234 census tracts in range",
    );
    expect(area.byKey["housing.ownerOccupied"]?.source).toContain("ACS B25003");
    expect(area.byKey["housing.built2000OrLater"]?.source).toContain("ACS B25034");
    // Untouched: lifespans, rates, tickets keep their published or estimated basis.
    expect(area.byKey["lifespan.furnace"]).toBe(
      HVAC.assumptions.find((a) => a.key === "lifespan.furnace"),
    );
  });

  it("leaves the regional default where a table is empty", () => {
    const noFuel = { ...stock({}), occupied: 0 };
    const area = derive(noFuel, "West");
    expect(area.derived).toEqual(["housing.built2000OrLater"]);
    expect(area.byKey["share.furnace"]?.basis).toBe("estimate");
    expect(area.byKey["share.furnace"]?.value).toEqual(
      HVAC.assumptions.find((a) => a.key === "share.furnace")?.value,
    );
  });
});
