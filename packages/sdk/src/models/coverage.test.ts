import { describe, expect, it } from "vitest";
import { unitTotals } from "./coverage.js";
import type { AtDistance } from "./geo.js";
import type { AreaUnit, HousingStock } from "./places.js";

const unit = (id: string, population: number, housing?: HousingStock): AreaUnit => ({
  id,
  lat: 0,
  lon: 0,
  population,
  housingUnits: population / 2,
  households: population / 2.5,
  singleFamilyUnits: population / 4,
  ...(housing ? { housing } : {}),
});
const at = (item: AreaUnit, distanceMiles: number): AtDistance<AreaUnit> => ({
  item,
  distanceMiles,
});
const stock = (n: number): HousingStock => ({
  occupied: n,
  ownerOccupied: n / 2,
  built2000OrLater: n / 4,
  built1980To1999: n / 4,
  builtBefore1980: n / 2,
  heatingGas: n / 2,
  heatingElectricity: n / 2,
  heatingFuelOil: 0,
  heatingOther: 0,
  heatingNone: 0,
});

describe("unitTotals: centroid containment", () => {
  it("counts a tract whose centre lies on the circle and not one just beyond it", () => {
    const units = [at(unit("a", 4000), 9.99), at(unit("b", 3000), 10), at(unit("c", 2000), 10.01)];
    const totals = unitTotals(units, 10);
    expect(totals.population).toBe(7000);
    expect(totals.housingUnits).toBe(3500);
    expect(totals.households).toBe(2800);
    expect(totals.singleFamilyUnits).toBe(1750);
    expect(totals.units).toBe(2);
    expect(totals.outsidePlacesPopulation).toBe(0);
  });

  it("counts a tract whole or not at all: a large tract just outside adds nobody", () => {
    const totals = unitTotals([at(unit("near", 100), 4.9), at(unit("big", 9000), 5.2)], 5);
    expect(totals.population).toBe(100);
  });

  it("is zero for an empty circle", () => {
    expect(unitTotals([], 5)).toMatchObject({ population: 0, housingUnits: 0, units: 0 });
  });

  it("sums the housing stock only when every counted tract has it", () => {
    const both = unitTotals([at(unit("a", 10, stock(4)), 1), at(unit("b", 10, stock(6)), 2)], 5);
    expect(both.housing).toMatchObject({ occupied: 10, ownerOccupied: 5, builtBefore1980: 5 });
    const partial = unitTotals([at(unit("a", 10, stock(4)), 1), at(unit("b", 10), 2)], 5);
    expect(partial.housing).toBeUndefined();
    // A tract outside the radius does not count against completeness.
    const outside = unitTotals([at(unit("a", 10, stock(4)), 1), at(unit("b", 10), 9)], 5);
    expect(outside.housing?.occupied).toBe(4);
  });
});
