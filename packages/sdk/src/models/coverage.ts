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
import type {
  AreaUnit,
  BackgroundDensity,
  HousingStock,
  LocalStock,
  PlaceRecord,
} from "./places.js";

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
  /** Local market sums over the units, where every counted unit has them. */
  local?: LocalStock;
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

/** The fields of a local stock, in one order for every reader. */
export const LOCAL_STOCK_FIELDS = [
  "households",
  "heatingDegreeDays",
  "coolingDegreeDays",
  "incomeSum",
  "incomeHouseholds",
  "countyContractors",
  "countyEmployment",
  "countyPayroll",
  "heatingPropane",
  "metroHousing",
] as const satisfies readonly (keyof LocalStock)[];

/** An object of `fields` from values in that order. */
function recordOf<K extends string>(fields: readonly K[], values: Float64Array): Record<K, number> {
  const out = {} as Record<K, number>;
  fields.forEach((f, j) => {
    out[f] = values[j] as number;
  });
  return out;
}

/**
 * One group of optional per-unit sums (a housing stock, a local stock) in the kd-tree's order,
 * with running sums: entry p holds the sum over positions before p, so a node's total is two
 * lookups. `total` is given only when every unit counted has the group.
 */
class SummedGroup<K extends string> {
  private readonly values: Float64Array;
  private readonly has: Uint8Array;
  private readonly prefix: Float64Array | null;
  private readonly prefixHas: Float64Array;

  constructor(
    readonly fields: readonly K[],
    units: readonly AreaUnit[],
    order: ArrayLike<number>,
    read: (unit: AreaUnit) => Record<K, number> | undefined,
  ) {
    const n = units.length;
    const nf = fields.length;
    this.values = new Float64Array(n * nf);
    this.has = new Uint8Array(n);
    for (let i = 0; i < n; i++) {
      const record = read(units[i] as AreaUnit);
      if (!record) continue;
      this.has[i] = 1;
      for (let j = 0; j < nf; j++) this.values[i * nf + j] = record[fields[j] as K];
    }
    this.prefixHas = new Float64Array(n + 1);
    this.prefix = this.has.some((h) => h === 1) ? new Float64Array((n + 1) * nf) : null;
    for (let p = 0; p < n; p++) {
      const id = order[p] as number;
      this.prefixHas[p + 1] = (this.prefixHas[p] as number) + (this.has[id] as number);
      if (!this.prefix) continue;
      for (let j = 0; j < nf; j++) {
        this.prefix[(p + 1) * nf + j] =
          (this.prefix[p * nf + j] as number) + (this.values[id * nf + j] as number);
      }
    }
  }

  /** A new accumulator: [units with the group, ...sums]. */
  start(): Float64Array {
    return new Float64Array(this.fields.length + 1);
  }
  /** Adds the units at tree positions from..to. */
  addRange(acc: Float64Array, from: number, to: number): void {
    const nf = this.fields.length;
    acc[0] =
      (acc[0] as number) + (this.prefixHas[to + 1] as number) - (this.prefixHas[from] as number);
    const prefix = this.prefix;
    if (!prefix) return;
    for (let j = 0; j < nf; j++) {
      acc[j + 1] =
        (acc[j + 1] as number) +
        (prefix[(to + 1) * nf + j] as number) -
        (prefix[from * nf + j] as number);
    }
  }
  /** Adds one unit (by its id). */
  addUnit(acc: Float64Array, id: number): void {
    if (!this.has[id]) return;
    const nf = this.fields.length;
    acc[0] = (acc[0] as number) + 1;
    for (let j = 0; j < nf; j++)
      acc[j + 1] = (acc[j + 1] as number) + (this.values[id * nf + j] as number);
  }
  total(acc: Float64Array, units: number): Record<K, number> | undefined {
    return units > 0 && acc[0] === units ? recordOf(this.fields, acc.subarray(1)) : undefined;
  }
}

const EMPTY = new Float64Array(0);

/**
 * Area units (census tracts) in a spatial index, with their figures in columns so that the
 * totals of a circle are sums over typed arrays: a 100-mile circle around New York holds about
 * 7,700 tracts.
 */
export class AreaUnitIndex extends PointIndex<AreaUnit> {
  private readonly figures: Float64Array;
  /** Running sums of the figures in the kd-tree's order (`treeOrder`). */
  private readonly prefixFigures: Float64Array;
  private readonly housing: SummedGroup<keyof HousingStock>;
  private readonly local: SummedGroup<keyof LocalStock>;

  constructor(units: readonly AreaUnit[]) {
    // Small leaves: a circle's edge is tested point by point, its inside summed a node at a time.
    super(units, 16);
    const nf = FIGURES.length;
    this.figures = new Float64Array(units.length * nf);
    for (let i = 0; i < units.length; i++) {
      const unit = units[i] as AreaUnit;
      for (let j = 0; j < nf; j++) this.figures[i * nf + j] = unit[FIGURES[j] as Figure] ?? 0;
    }
    const order = this.treeOrder;
    const n = units.length;
    this.prefixFigures = new Float64Array((n + 1) * nf);
    for (let p = 0; p < n; p++) {
      const id = order[p] as number;
      for (let j = 0; j < nf; j++) {
        this.prefixFigures[(p + 1) * nf + j] =
          (this.prefixFigures[p * nf + j] as number) + (this.figures[id * nf + j] as number);
      }
    }
    this.housing = new SummedGroup(HOUSING_STOCK_FIELDS, units, order, (u) => u.housing);
    this.local = new SummedGroup(LOCAL_STOCK_FIELDS, units, order, (u) => u.local);
  }

  /**
   * Totals of the units whose centre lies within each radius around a point (centroid
   * containment: a unit counts whole or not at all). Kd-tree nodes inside the circle are added
   * from running sums; only the units near its edge are tested one by one. The housing and local
   * stocks are summed for the first `stocksFor` radii only (default: all).
   */
  totalsWithin(
    lat: number,
    lon: number,
    radii: readonly number[],
    stocksFor = radii.length,
  ): AreaTotals[] {
    const nf = FIGURES.length;
    const { figures, prefixFigures } = this;
    return radii.map((radius, r) => {
      const housing = r < stocksFor ? this.housing : null;
      const local = r < stocksFor ? this.local : null;
      const sum = new Float64Array(nf);
      const stock = housing?.start() ?? EMPTY;
      const localSums = local?.start() ?? EMPTY;
      let units = 0;
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
          housing?.addRange(stock, from, to);
          local?.addRange(localSums, from, to);
        },
        (id) => {
          units++;
          for (let j = 0; j < nf; j++)
            sum[j] = (sum[j] as number) + (figures[id * nf + j] as number);
          housing?.addUnit(stock, id);
          local?.addUnit(localSums, id);
        },
      );
      const figure = (f: (typeof FIGURES)[number]) => Math.round(sum[FIGURES.indexOf(f)] as number);
      const housingTotal = housing?.total(stock, units);
      const localTotal = local?.total(localSums, units);
      return {
        population: figure("population"),
        households: figure("households"),
        housingUnits: figure("housingUnits"),
        singleFamilyUnits: figure("singleFamilyUnits"),
        listedPlacesPopulation: figure("population"),
        outsidePlacesPopulation: 0,
        units,
        ...(housingTotal ? { housing: housingTotal } : {}),
        ...(localTotal ? { local: localTotal } : {}),
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
