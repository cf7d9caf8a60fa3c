/**
 * The totals of a service area. Two rules, by what the dataset has:
 *  - area units (census tracts): the sum of the units whose population centre lies within the
 *    radius (centroid containment; `unitTotals`);
 *  - places only (an operator's import): each place is a disc of radius `footprintMiles` around
 *    its point, counted by the share of the disc inside the circle (circle–circle
 *    intersection), plus the background density of residents outside every listed place
 *    (`areaTotals`).
 */
import { PointIndex } from "./geo.js";
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
  /**
   * Running sums in the kd-tree's order (`treeOrder`): entry p holds the sum over positions
   * before p, so a node's total is two lookups. Figures, units with a housing stock, and the
   * housing-stock fields (only when some unit has one).
   */
  private readonly prefixFigures: Float64Array;
  private readonly prefixWithHousing: Float64Array;
  private readonly prefixHousing: Float64Array | null;

  constructor(units: readonly AreaUnit[]) {
    // Small leaves: a circle's edge is tested point by point, its inside summed a node at a time.
    super(units, 16);
    const nf = FIGURES.length;
    const nh = HOUSING_STOCK_FIELDS.length;
    this.figures = new Float64Array(units.length * nf);
    this.hasHousing = new Uint8Array(units.length);
    this.housing = new Float64Array(units.length * nh);
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
    const order = this.treeOrder;
    const n = units.length;
    this.prefixFigures = new Float64Array((n + 1) * nf);
    this.prefixWithHousing = new Float64Array(n + 1);
    const anyHousing = this.hasHousing.some((h) => h === 1);
    this.prefixHousing = anyHousing ? new Float64Array((n + 1) * nh) : null;
    for (let p = 0; p < n; p++) {
      const id = order[p] as number;
      for (let j = 0; j < nf; j++) {
        this.prefixFigures[(p + 1) * nf + j] =
          (this.prefixFigures[p * nf + j] as number) + (this.figures[id * nf + j] as number);
      }
      this.prefixWithHousing[p + 1] =
        (this.prefixWithHousing[p] as number) + (this.hasHousing[id] as number);
      if (this.prefixHousing) {
        for (let j = 0; j < nh; j++) {
          this.prefixHousing[(p + 1) * nh + j] =
            (this.prefixHousing[p * nh + j] as number) + (this.housing[id * nh + j] as number);
        }
      }
    }
  }

  /**
   * Totals of the units whose centre lies within each radius around a point (centroid
   * containment: a unit counts whole or not at all). Kd-tree nodes inside the circle are added
   * from running sums; only the units near its edge are tested one by one.
   */
  totalsWithin(lat: number, lon: number, radii: readonly number[]): AreaTotals[] {
    const nf = FIGURES.length;
    const nh = HOUSING_STOCK_FIELDS.length;
    const { figures, hasHousing, housing, prefixFigures, prefixWithHousing, prefixHousing } = this;
    return radii.map((radius) => {
      const sum = new Float64Array(nf);
      const stock = new Float64Array(nh);
      let units = 0;
      let withHousing = 0;
      this.visitWithin(
        lat,
        lon,
        radius,
        (from, to) => {
          units += to - from + 1;
          for (let j = 0; j < nf; j++) {
            sum[j] =
              (sum[j] as number) +
              (prefixFigures[(to + 1) * nf + j] as number) -
              (prefixFigures[from * nf + j] as number);
          }
          withHousing +=
            (prefixWithHousing[to + 1] as number) - (prefixWithHousing[from] as number);
          if (prefixHousing) {
            for (let j = 0; j < nh; j++) {
              stock[j] =
                (stock[j] as number) +
                (prefixHousing[(to + 1) * nh + j] as number) -
                (prefixHousing[from * nh + j] as number);
            }
          }
        },
        (id) => {
          units++;
          for (let j = 0; j < nf; j++)
            sum[j] = (sum[j] as number) + (figures[id * nf + j] as number);
          if (hasHousing[id]) {
            withHousing++;
            for (let j = 0; j < nh; j++)
              stock[j] = (stock[j] as number) + (housing[id * nh + j] as number);
          }
        },
      );
      const figure = (f: (typeof FIGURES)[number]) => Math.round(sum[FIGURES.indexOf(f)] as number);
      return {
        population: figure("population"),
        households: figure("households"),
        housingUnits: figure("housingUnits"),
        singleFamilyUnits: figure("singleFamilyUnits"),
        listedPlacesPopulation: figure("population"),
        outsidePlacesPopulation: 0,
        units,
        ...(units > 0 && withHousing === units ? { housing: stockOf(stock) } : {}),
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
