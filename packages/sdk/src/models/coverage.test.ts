import { describe, expect, it } from "vitest";
import { AreaUnitIndex } from "./coverage.js";
import { distanceMiles } from "./geo.js";
import type { AreaUnit, HousingStock } from "./places.js";

/** Degrees of latitude for a distance along a meridian (great circle, R = 3,958.8 mi). */
const north = (miles: number) => (miles / 3958.8) * (180 / Math.PI);

const unit = (id: string, population: number, miles: number, housing?: HousingStock): AreaUnit => ({
  id,
  lat: north(miles),
  lon: 0,
  population,
  housingUnits: population / 2,
  households: population / 2.5,
  singleFamilyUnits: population / 4,
  ...(housing ? { housing } : {}),
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
const totals = (units: AreaUnit[], radii: number[]) =>
  new AreaUnitIndex(units).totalsWithin(0, 0, radii);

describe("AreaUnitIndex.totalsWithin: centroid containment", () => {
  it("places the test points where they say (a sanity check of the fixture)", () => {
    expect(distanceMiles(0, 0, north(10), 0)).toBeCloseTo(10, 9);
  });

  it("counts a tract whose centre lies just inside the circle and not one just beyond it", () => {
    const units = [unit("a", 4000, 9.99), unit("b", 3000, 9.999), unit("c", 2000, 10.001)];
    const [ten] = totals(units, [10]);
    expect(ten).toMatchObject({
      population: 7000,
      housingUnits: 3500,
      households: 2800,
      singleFamilyUnits: 1750,
      units: 2,
      outsidePlacesPopulation: 0,
    });
  });

  it("counts a tract whole or not at all: a large tract whose centre is just outside adds nobody", () => {
    const [five] = totals([unit("near", 100, 4.9), unit("big", 9000, 5.2)], [5]);
    expect(five?.population).toBe(100);
  });

  it("sums several radii in one pass, each with its own tracts", () => {
    const units = [unit("a", 1000, 1), unit("b", 2000, 12), unit("c", 4000, 40)];
    const [service, primary, wide] = totals(units, [15, 10, 50]);
    expect(service?.population).toBe(3000);
    expect(primary?.population).toBe(1000);
    expect(wide?.population).toBe(7000);
  });

  it("is zero for an empty circle", () => {
    expect(totals([unit("far", 5000, 30)], [5])[0]).toMatchObject({
      population: 0,
      housingUnits: 0,
      units: 0,
    });
  });

  it("sums the housing stock only when every counted tract has it", () => {
    const [both] = totals([unit("a", 10, 1, stock(4)), unit("b", 10, 2, stock(6))], [5]);
    expect(both?.housing).toMatchObject({ occupied: 10, ownerOccupied: 5, builtBefore1980: 5 });
    const [partial] = totals([unit("a", 10, 1, stock(4)), unit("b", 10, 2)], [5]);
    expect(partial?.housing).toBeUndefined();
    // A tract outside the radius does not count against completeness.
    const [outside] = totals([unit("a", 10, 1, stock(4)), unit("b", 10, 9)], [5]);
    expect(outside?.housing?.occupied).toBe(4);
  });
});
