/**
 * The totals of a service area. Two rules, by what the dataset has:
 *  - area units (census tracts): the sum of the units whose population centre lies within the
 *    radius (centroid containment; `unitTotals`);
 *  - places only (an operator's import): each place is a disc of radius `footprintMiles` around
 *    its point, counted by the share of the disc inside the circle (circle–circle
 *    intersection), plus the background density of residents outside every listed place
 *    (`areaTotals`).
 */
import { chordSquaredOf, PointIndex } from "./geo.js";
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

const FIGURES = ["population", "households", "housingUnits", "singleFamilyUnits"] as const;
type Figure = (typeof FIGURES)[number];

/** The fields of a housing stock, in one order for every reader. */
export const HOUSING_STOCK_FIELDS = [
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

/** A housing stock from its values in HOUSING_STOCK_FIELDS order. */
function stockOf(values: Float64Array): HousingStock {
  const at = (key: (typeof HOUSING_STOCK_FIELDS)[number]) =>
    values[HOUSING_STOCK_FIELDS.indexOf(key)] as number;
  return {
    occupied: at("occupied"),
    ownerOccupied: at("ownerOccupied"),
    built2000OrLater: at("built2000OrLater"),
    built1980To1999: at("built1980To1999"),
    builtBefore1980: at("builtBefore1980"),
    heatingGas: at("heatingGas"),
    heatingElectricity: at("heatingElectricity"),
    heatingFuelOil: at("heatingFuelOil"),
    heatingOther: at("heatingOther"),
    heatingNone: at("heatingNone"),
  };
}

/**
 * Area units (census tracts) in a spatial index, with their figures in columns so that the
 * totals of a circle are sums over typed arrays: a 100-mile circle around New York holds about
 * 7,700 tracts.
 */
export class AreaUnitIndex extends PointIndex<AreaUnit> {
  private readonly figures: Float64Array;
  /** 1 where the unit has a housing stock. */
  private readonly hasHousing: Uint8Array;
  private readonly housing: Float64Array;

  constructor(units: readonly AreaUnit[]) {
    super(units);
    this.figures = new Float64Array(units.length * FIGURES.length);
    this.hasHousing = new Uint8Array(units.length);
    this.housing = new Float64Array(units.length * HOUSING_STOCK_FIELDS.length);
    const nf = FIGURES.length;
    const nh = HOUSING_STOCK_FIELDS.length;
    for (let i = 0; i < units.length; i++) {
      const unit = units[i] as AreaUnit;
      for (let j = 0; j < nf; j++) this.figures[i * nf + j] = unit[FIGURES[j] as Figure] ?? 0;
      const housing = unit.housing;
      if (housing) {
        this.hasHousing[i] = 1;
        for (let j = 0; j < nh; j++)
          this.housing[i * nh + j] = housing[HOUSING_STOCK_FIELDS[j] as keyof HousingStock];
      }
    }
  }

  /**
   * Totals of the units whose centre lies within each radius around a point (centroid
   * containment: a unit counts whole or not at all), in one pass.
   */
  totalsWithin(lat: number, lon: number, radii: readonly number[]): AreaTotals[] {
    const nf = FIGURES.length;
    const nh = HOUSING_STOCK_FIELDS.length;
    const limits = radii.map(chordSquaredOf);
    const sums = radii.map(() => new Float64Array(nf));
    const stock = radii.map(() => new Float64Array(nh));
    const counts = radii.map(() => ({ units: 0, withHousing: 0 }));
    const { figures, hasHousing, housing } = this;
    this.forEachChordWithin(lat, lon, Math.max(0, ...radii), (id, chordSquared) => {
      for (let k = 0; k < limits.length; k++) {
        if (chordSquared > (limits[k] as number)) continue;
        const sum = sums[k] as Float64Array;
        const count = counts[k] as { units: number; withHousing: number };
        count.units++;
        for (let j = 0; j < nf; j++) sum[j] = (sum[j] as number) + (figures[id * nf + j] as number);
        if (hasHousing[id]) {
          count.withHousing++;
          const s = stock[k] as Float64Array;
          for (let j = 0; j < nh; j++) s[j] = (s[j] as number) + (housing[id * nh + j] as number);
        }
      }
    });
    return radii.map((_, k) => {
      const sum = sums[k] as Float64Array;
      const { units, withHousing } = counts[k] as { units: number; withHousing: number };
      const figure = (f: (typeof FIGURES)[number]) => Math.round(sum[FIGURES.indexOf(f)] as number);
      const s = stock[k] as Float64Array;
      return {
        population: figure("population"),
        households: figure("households"),
        housingUnits: figure("housingUnits"),
        singleFamilyUnits: figure("singleFamilyUnits"),
        listedPlacesPopulation: figure("population"),
        outsidePlacesPopulation: 0,
        units,
        ...(units > 0 && withHousing === units ? { housing: stockOf(s) } : {}),
      };
    });
  }
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
