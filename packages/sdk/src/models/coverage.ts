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
  "units2to4",
  "units5plus",
  "mobileHomes",
  "buildings2to4",
  "buildings5plus",
  "tractAge",
] as const satisfies readonly (keyof LocalStock)[];

/** An object of `fields` from values in that order, starting at `at`. */
function recordOf<K extends string>(
  fields: readonly K[],
  values: Float64Array,
  at: number,
): Record<K, number> {
  const out = {} as Record<K, number>;
  for (let j = 0; j < fields.length; j++) out[fields[j] as K] = values[at + j] as number;
  return out;
}

/**
 * The optional per-unit stocks, each stored as a column "has it" (1 or 0) then its fields: a
 * stock's total is given only when every unit counted has it.
 */
const STOCKS = [
  { key: "housing", fields: HOUSING_STOCK_FIELDS, read: (u: AreaUnit) => u.housing },
  { key: "local", fields: LOCAL_STOCK_FIELDS, read: (u: AreaUnit) => u.local },
] as const;

/**
 * Area units (census tracts) in a spatial index, with their figures and stocks as running sums
 * of rows of numbers in the kd-tree's order, so that the totals of a circle are differences of
 * running sums: a 100-mile circle around New York holds about 7,700 tracts, about 60 kd-tree nodes
 * wholly inside it and about 640 tracts near its edge, tested one by one and added as runs of
 * neighbours in the tree's order.
 */
export class AreaUnitIndex extends PointIndex<AreaUnit> {
  /** Numbers a row: the figures, then each stock's "has it" column and fields. */
  private readonly width: number;
  /**
   * Running sums of the units' rows in the kd-tree's order (`treeOrder`): entry p sums the
   * positions before p, so positions from..to sum to entry to + 1 less entry from.
   */
  private readonly prefix: Float64Array;
  /** Where each stock's "has it" column is in a row. */
  private readonly stockAt: readonly number[];

  constructor(units: readonly AreaUnit[]) {
    // Small leaves: a circle's edge is tested point by point, its inside summed a node at a time.
    super(units, 16);
    const stockAt: number[] = [];
    let width = FIGURES.length;
    for (const stock of STOCKS) {
      stockAt.push(width);
      width += 1 + stock.fields.length;
    }
    this.width = width;
    this.stockAt = stockAt;
    const n = units.length;
    const order = this.treeOrder;
    const prefix = new Float64Array((n + 1) * width);
    for (let p = 0; p < n; p++) {
      const unit = units[order[p] as number] as AreaUnit;
      const from = p * width;
      const to = from + width;
      // Unit p's row into entry p + 1, then the running sum.
      for (let j = 0; j < FIGURES.length; j++) prefix[to + j] = unit[FIGURES[j] as Figure] ?? 0;
      STOCKS.forEach((stock, s) => {
        const record = stock.read(unit) as Record<string, number> | undefined;
        if (!record) return;
        const at = to + (stockAt[s] as number);
        prefix[at] = 1;
        stock.fields.forEach((f, j) => {
          prefix[at + 1 + j] = record[f] as number;
        });
      });
      for (let j = 0; j < width; j++)
        prefix[to + j] = (prefix[from + j] as number) + (prefix[to + j] as number);
    }
    this.prefix = prefix;
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
    const { prefix, width } = this;
    return radii.map((radius, r) => {
      // The columns summed: all, or the figures only.
      const columns = r < stocksFor ? width : FIGURES.length;
      const sum = new Float64Array(columns);
      const add = (from: number, to: number) => {
        const a = from * width;
        const b = (to + 1) * width;
        for (let j = 0; j < columns; j++)
          sum[j] = (sum[j] as number) + (prefix[b + j] as number) - (prefix[a + j] as number);
      };
      let units = 0;
      // Units near the edge come in the tree's order within a leaf: neighbours in range are
      // added as one run.
      let runFrom = -1;
      let runTo = -2;
      this.visitWithin(
        lat,
        lon,
        radius,
        (from, to) => {
          units += to - from + 1;
          add(from, to);
        },
        (_id, position) => {
          units++;
          if (position === runTo + 1) {
            runTo = position;
            return;
          }
          if (runFrom >= 0) add(runFrom, runTo);
          runFrom = position;
          runTo = position;
        },
      );
      if (runFrom >= 0) add(runFrom, runTo);
      const figure = (f: Figure) => Math.round(sum[FIGURES.indexOf(f)] as number);
      const totals: AreaTotals = {
        population: figure("population"),
        households: figure("households"),
        housingUnits: figure("housingUnits"),
        singleFamilyUnits: figure("singleFamilyUnits"),
        listedPlacesPopulation: figure("population"),
        outsidePlacesPopulation: 0,
        units,
      };
      if (columns === width && units > 0) {
        STOCKS.forEach((stock, s) => {
          const at = this.stockAt[s] as number;
          if (Math.round(sum[at] as number) !== units) return;
          const record = recordOf(stock.fields, sum, at + 1);
          if (stock.key === "housing") totals.housing = record as HousingStock;
          else totals.local = record as LocalStock;
        });
      }
      return totals;
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
