/**
 * The totals of a service area. Two rules, by what the dataset has:
 *  - area units (census tracts): the sum of the units whose population centre lies within the
 *    radius (centroid containment; `unitTotals`);
 *  - places only (an operator's import): each place is a disc of radius `footprintMiles` around
 *    its point, counted by the share of the disc inside the circle (circle–circle
 *    intersection), plus the background density of residents outside every listed place
 *    (`areaTotals`).
 */
import { chordSquaredOf, type PointIndex } from "./geo.js";
import type { AreaUnit, BackgroundDensity, HousingStock, PlaceRecord } from "./places.js";

/** Share (0–1) of a disc of radius r, whose centre is d from the target, inside radius R. */
export function discShareInside(R: number, r: number, d: number): number {
  if (r <= 0) return d <= R ? 1 : 0;
  if (d >= R + r) return 0;
  if (d <= Math.abs(R - r)) return r <= R ? 1 : (R * R) / (r * r);
  const clamp = (x: number) => Math.max(-1, Math.min(1, x));
  const a1 = r * r * Math.acos(clamp((d * d + r * r - R * R) / (2 * d * r)));
  const a2 = R * R * Math.acos(clamp((d * d + R * R - r * r) / (2 * d * R)));
  const a3 = 0.5 * Math.sqrt(Math.max(0, (-d + r + R) * (d + r - R) * (d - r + R) * (d + r + R)));
  return Math.min(1, Math.max(0, (a1 + a2 - a3) / (Math.PI * r * r)));
}

export interface AreaTotals {
  population: number;
  households: number;
  housingUnits: number;
  singleFamilyUnits: number;
  /** Residents of listed places inside the radius. */
  listedPlacesPopulation: number;
  /** Residents outside listed places (background), inside the radius. */
  outsidePlacesPopulation: number;
  /** Area units (tracts) counted; absent for place-only datasets. */
  units?: number;
  /** Housing stock summed over the units, where every counted unit has it. */
  housing?: HousingStock;
}

const HOUSING_KEYS = [
  "occupied",
  "ownerOccupied",
  "built2000OrLater",
  "built1980To1999",
  "builtBefore1980",
  "heatingGas",
  "heatingElectricity",
  "heatingFuelOil",
  "heatingOther",
  "heatingNone",
] as const satisfies readonly (keyof HousingStock)[];

/**
 * Totals of the area units whose centre lies within each radius around a point (centroid
 * containment: a tract counts whole or not at all), in one pass over the index and without
 * allocating per unit — a 100-mile circle around New York holds about 7,700 tracts.
 */
export function unitTotalsWithin(
  index: PointIndex<AreaUnit>,
  lat: number,
  lon: number,
  radii: readonly number[],
): AreaTotals[] {
  interface Sums {
    population: number;
    households: number;
    housingUnits: number;
    singleFamilyUnits: number;
    units: number;
    withHousing: number;
    housing: HousingStock;
  }
  const sums: Sums[] = radii.map(() => ({
    population: 0,
    households: 0,
    housingUnits: 0,
    singleFamilyUnits: 0,
    units: 0,
    withHousing: 0,
    housing: {
      occupied: 0,
      ownerOccupied: 0,
      built2000OrLater: 0,
      built1980To1999: 0,
      builtBefore1980: 0,
      heatingGas: 0,
      heatingElectricity: 0,
      heatingFuelOil: 0,
      heatingOther: 0,
      heatingNone: 0,
    },
  }));
  const limits = radii.map(chordSquaredOf);
  index.forEachChordWithin(lat, lon, Math.max(0, ...radii), (unit, chordSquared) => {
    for (let k = 0; k < sums.length; k++) {
      if (chordSquared > (limits[k] as number)) continue;
      const sum = sums[k] as Sums;
      sum.units++;
      sum.population += unit.population;
      sum.households += unit.households ?? 0;
      sum.housingUnits += unit.housingUnits ?? 0;
      sum.singleFamilyUnits += unit.singleFamilyUnits ?? 0;
      if (unit.housing) {
        sum.withHousing++;
        for (const key of HOUSING_KEYS) sum.housing[key] += unit.housing[key];
      }
    }
  });
  return sums.map((sum) => {
    const people = Math.round(sum.population);
    return {
      population: people,
      households: Math.round(sum.households),
      housingUnits: Math.round(sum.housingUnits),
      singleFamilyUnits: Math.round(sum.singleFamilyUnits),
      listedPlacesPopulation: people,
      outsidePlacesPopulation: 0,
      units: sum.units,
      ...(sum.units > 0 && sum.withHousing === sum.units ? { housing: sum.housing } : {}),
    };
  });
}

export interface PlaceAtDistance {
  place: PlaceRecord;
  distanceMiles: number;
}

/**
 * Totals within `radiusMiles`. `candidates` must include every place whose disc may reach the
 * circle (distance ≤ radius + footprint). Missing per-place figures count as 0.
 */
export function areaTotals(
  candidates: readonly PlaceAtDistance[],
  radiusMiles: number,
  background: BackgroundDensity | undefined,
): AreaTotals {
  let population = 0;
  let households = 0;
  let housingUnits = 0;
  let singleFamilyUnits = 0;
  for (const { place, distanceMiles } of candidates) {
    const share = discShareInside(radiusMiles, place.footprintMiles, distanceMiles);
    if (share === 0) continue;
    population += place.population * share;
    households += (place.households ?? 0) * share;
    housingUnits += (place.housingUnits ?? 0) * share;
    singleFamilyUnits += (place.singleFamilyUnits ?? 0) * share;
  }
  const listedPlacesPopulation = population;
  const area = Math.PI * radiusMiles * radiusMiles;
  const outsidePlacesPopulation = background ? background.population * area : 0;
  if (background) {
    population += outsidePlacesPopulation;
    households += background.households * area;
    housingUnits += background.housingUnits * area;
    singleFamilyUnits += background.singleFamilyUnits * area;
  }
  return {
    population: Math.round(population),
    households: Math.round(households),
    housingUnits: Math.round(housingUnits),
    singleFamilyUnits: Math.round(singleFamilyUnits),
    listedPlacesPopulation: Math.round(listedPlacesPopulation),
    outsidePlacesPopulation: Math.round(outsidePlacesPopulation),
  };
}
