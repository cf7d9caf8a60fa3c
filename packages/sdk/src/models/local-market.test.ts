import { describe, expect, it } from "vitest";
import { buildingSplit } from "../industries/hvac/equipment.js";
import { INDUSTRY_PROFILES } from "./industry-profiles.js";
import {
  areaBuildings,
  degreeDayRatio,
  NATIONAL_DEGREE_DAYS,
  priceFactor,
  WEAR_FACTOR_BOUNDS,
  wageIndex,
  wearFactor,
} from "./local-market.js";
import { computeServices, resolveAssumptions } from "./market.js";
import type { GroupEquipment, LocalStock, StateBaseline } from "./places.js";

const HVAC = INDUSTRY_PROFILES.HVAC;

const stock = (over: Partial<LocalStock> = {}): LocalStock => ({
  households: 1000,
  heatingDegreeDays: 1000 * NATIONAL_DEGREE_DAYS.heating,
  coolingDegreeDays: 1000 * NATIONAL_DEGREE_DAYS.cooling,
  incomeSum: 0,
  incomeHouseholds: 0,
  countyContractors: 10,
  countyEmployment: 500,
  countyPayroll: 500 * 67.04,
  heatingPropane: 0,
  metroHousing: 1000,
  units2to4: 0,
  units5plus: 0,
  mobileHomes: 0,
  buildings2to4: 0,
  buildings5plus: 0,
  tractAge: 1000,
  ...over,
});

const group = (share: number, ducted: number, nonDucted: number, cooling: number) =>
  ({
    share,
    equipment: { ductedHeating: ducted, nonDuctedHeating: nonDucted, centralCooling: cooling },
  }) satisfies GroupEquipment;

/** A New York-like state: houses on furnaces, 5+ unit buildings on boilers. */
const groups: StateBaseline["groups"] = {
  singleFamily: group(0.45, 0.6, 0.35, 0.4),
  units2to4: group(0.15, 0.35, 0.6, 0.25),
  units5plus: group(0.37, 0.1, 0.85, 0.2),
  mobile: group(0.03, 0.7, 0.1, 0.4),
};

describe("equipment wears out with its use", () => {
  it("is 1 at the U.S. degree days, more where the equipment runs longer", () => {
    const us = { coolingDegreeDays: 1605, heatingDegreeDays: 3966 };
    expect(wearFactor(0.25, degreeDayRatio(["cooling"], us))).toBe(1);
    expect(wearFactor(0.35, degreeDayRatio(["cooling", "heating"], us))).toBe(1);
    const phoenix = { coolingDegreeDays: 4274, heatingDegreeDays: 1065 };
    const minneapolis = { coolingDegreeDays: 753, heatingDegreeDays: 7604 };
    const ac = (c: typeof us) => wearFactor(0.25, degreeDayRatio(["cooling"], c));
    expect(ac(phoenix)).toBeCloseTo(1 - 0.25 + 0.25 * (4274 / 1605), 6);
    expect(ac(phoenix) / ac(minneapolis)).toBeGreaterThan(1.5);
    // A heat pump runs in both seasons: the mean of the two ratios.
    expect(degreeDayRatio(["cooling", "heating"], phoenix)).toBeCloseTo(
      (4274 / 1605 + 1065 / 3966) / 2,
      6,
    );
    // Within bounds: a cabin at 15,000 heating degree days is not replaced yearly.
    expect(wearFactor(0.3, 15_000 / 3966)).toBe(WEAR_FACTOR_BOUNDS.max);
  });

  it("shows the local interval in the replacement's How line", () => {
    const assumptions = resolveAssumptions(HVAC, "West", {
      "climate.coolingDegreeDays": 4274,
      "climate.heatingDegreeDays": 1065,
    });
    const ac = computeServices(10_000, HVAC, assumptions).find(
      (s) => s.serviceId === "ac-replacement",
    );
    const lifespan = assumptions.find((a) => a.key === "lifespan.centralAc")?.value ?? 0;
    const wear = assumptions.find((a) => a.key === "wear.centralAc")?.value ?? 0;
    const local = lifespan / (1 - wear + (wear * 4274) / 1605);
    expect(ac?.formula).toContain(
      `1/${local.toFixed(1)} yr (replaced every ${local.toFixed(1)} years here`,
    );
    expect(ac?.formula).toContain("4,274 cooling degree days, 2.66× the U.S.");
    // Offline (U.S. degree days) nothing changes.
    const plain = computeServices(10_000, HVAC, resolveAssumptions(HVAC, "West"));
    expect(plain.find((s) => s.serviceId === "ac-replacement")?.formula).not.toContain("here");
  });
});

describe("installed prices at local wages", () => {
  it("scales the labour share of a ticket by the area's wage index", () => {
    expect(wageIndex(stock())).toBeCloseTo(1, 6);
    expect(wageIndex(stock({ countyPayroll: 500 * 67.04 * 1.37 }))).toBeCloseTo(1.37, 6);
    // Too few employees to say: null (the U.S. price stands).
    expect(wageIndex(stock({ countyEmployment: 40, countyPayroll: 40 * 90 }))).toBeNull();
    expect(priceFactor(0.5, 1.37)).toBeCloseTo(1.185, 6);

    const at = (index: number) =>
      computeServices(
        1000,
        HVAC,
        resolveAssumptions(HVAC, "Northeast", { "prices.wageIndex": index }),
      ).find((s) => s.serviceId === "ac-replacement");
    const manhattan = at(1.37);
    const phoenix = at(1.01);
    const mississippi = at(0.67);
    expect(manhattan?.averageCost).toBe(Math.round(4575 * (0.5 + 0.5 * 1.37)));
    expect(manhattan?.formula).toContain("$5,421 ($4,575 U.S. × (0.50 + 0.50 × 1.37 local wages))");
    expect(manhattan?.averageCost).toBeGreaterThan(phoenix?.averageCost ?? Infinity);
    expect(phoenix?.averageCost).toBeGreaterThan(mississippi?.averageCost ?? Infinity);
    expect(at(1)?.formula).toMatch(/× \$4,575$/);
    // A ticket the user entered is their own price: not scaled by the wage index.
    const entered = computeServices(
      1000,
      HVAC,
      resolveAssumptions(HVAC, "Northeast", {
        "prices.wageIndex": 1.37,
        "ticket.acReplacement": 5000,
      }),
    ).find((s) => s.serviceId === "ac-replacement");
    expect(entered?.averageCost).toBe(5000);
    expect(entered?.formula).toMatch(/× \$5,000$/);
  });
});

describe("systems by building", () => {
  it("counts one boiler per 2–4 unit building and leaves 5+ unit central plants out", () => {
    const city = areaBuildings(
      stock({
        units2to4: 150,
        units5plus: 750,
        mobileHomes: 0,
        buildings2to4: 50,
        buildings5plus: 30,
      }),
      1000,
    );
    if (!city) throw new Error("no buildings");
    expect(city.shares.singleFamily).toBeCloseTo(0.1, 6);
    expect(city.units2to4PerBuilding).toBe(3);
    const split = buildingSplit(city, groups);
    // Fewer furnaces and more non-ducted heat than the state at the state's rates by building.
    expect(split.ductedHeating).toBeLessThan(0.6);
    expect(split.nonDuctedHeating).toBeGreaterThan(1.2);
    // Boiler homes: 10 % houses (1 each), 15 % in 2–4 (1 per 3), 75 % in 5+ (0).
    const w = { sf: 0.1 * 0.35, two: 0.15 * 0.6, five: 0.75 * 0.85 };
    expect(split.boilerSystemsPerHome).toBeCloseTo((w.sf + w.two / 3) / (w.sf + w.two + w.five), 6);
    expect(split.boilerHomesIn5plus).toBeCloseTo(w.five / (w.sf + w.two + w.five), 6);
    // The state's own mix gives factors of 1.
    const state = buildingSplit(
      {
        shares: { singleFamily: 0.45, units2to4: 0.15, units5plus: 0.37, mobile: 0.03 },
        units2to4PerBuilding: 2.7,
        units5plusPerBuilding: 20,
      },
      groups,
    );
    expect(state.ductedHeating).toBeCloseTo(1, 9);
    expect(state.centralCooling).toBeCloseTo(1, 9);
  });

  it("gives no split for a stock without the building fields (older data)", () => {
    const old = stock() as Partial<LocalStock>;
    delete old.units2to4;
    expect(areaBuildings(old as LocalStock, 1000)).toBeNull();
    expect(areaBuildings(stock(), 0)).toBeNull();
  });
});
