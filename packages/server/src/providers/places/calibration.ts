/**
 * The market model checked against the world (docs/methodology.md, "Calibration"): the model
 * summed over every U.S. tract, state by state, for national totals to set beside published
 * ones. Used by `scripts/calibrate-market.ts` (the docs' table) and by the calibration tests.
 */
import {
  type AreaTotals,
  type AreaUnit,
  censusRegionOf,
  computeServices,
  HOUSING_STOCK_FIELDS,
  type HousingContext,
  type IndustryProfile,
  LOCAL_STOCK_FIELDS,
  localContext,
  type PlaceDataset,
  resolveAssumptions,
  type ServiceBreakdownEntry,
  US_STATES,
} from "@bis/sdk";

/** The totals of a list of units, as the market model sums them for a circle. */
export function unitTotals(units: readonly AreaUnit[]): AreaTotals {
  const sum = (f: (u: AreaUnit) => number | null | undefined) =>
    units.reduce((s, u) => s + (f(u) ?? 0), 0);
  const group = <K extends string>(
    fields: readonly K[],
    read: (u: AreaUnit) => Record<K, number> | undefined,
  ): Record<K, number> | undefined => {
    if (!units.every((u) => read(u))) return undefined;
    const out = {} as Record<K, number>;
    for (const f of fields) out[f] = sum((u) => read(u)?.[f]);
    return out;
  };
  const population = Math.round(sum((u) => u.population));
  const housing = group(HOUSING_STOCK_FIELDS, (u) => u.housing);
  const local = group(LOCAL_STOCK_FIELDS, (u) => u.local);
  return {
    population,
    households: Math.round(sum((u) => u.households)),
    housingUnits: Math.round(sum((u) => u.housingUnits)),
    singleFamilyUnits: Math.round(sum((u) => u.singleFamilyUnits)),
    listedPlacesPopulation: population,
    outsidePlacesPopulation: 0,
    units: units.length,
    ...(housing ? { housing } : {}),
    ...(local ? { local } : {}),
  };
}

/** The services of an area (a state, a county, a metro) as an analysis of it would give them. */
export function areaServices(
  units: readonly AreaUnit[],
  state: string,
  dataset: PlaceDataset,
  profile: IndustryProfile,
): { totals: AreaTotals; services: ServiceBreakdownEntry[] } {
  const totals = unitTotals(units);
  const region = censusRegionOf(state);
  const local = localContext(totals, dataset, state);
  const housing: HousingContext | undefined = totals.housing
    ? {
        housing: totals.housing,
        tracts: units.length,
        vintage: dataset.vintage,
        ...(local ? { local } : {}),
      }
    : undefined;
  const assumptions = resolveAssumptions(profile, region, {}, housing);
  return { totals, services: computeServices(totals.households, profile, assumptions) };
}

export interface NationalTotals {
  households: number;
  /** By service id: annual jobs and revenue, summed over the states. */
  jobs: Record<string, number>;
  revenue: Record<string, number>;
  totalRevenue: number;
}

/** The model summed state by state over every tract of the dataset. */
export function nationalTotals(dataset: PlaceDataset, profile: IndustryProfile): NationalTotals {
  const byState = new Map<string, AreaUnit[]>();
  const codeOf = new Map(US_STATES.map((s) => [s.fips, s.code]));
  for (const unit of dataset.units ?? []) {
    const code = codeOf.get(unit.id.slice(0, 2));
    if (!code) continue;
    const list = byState.get(code) ?? [];
    list.push(unit);
    byState.set(code, list);
  }
  const jobs: Record<string, number> = {};
  const revenue: Record<string, number> = {};
  let households = 0;
  for (const [state, units] of byState) {
    const { totals, services } = areaServices(units, state, dataset, profile);
    households += totals.households;
    for (const s of services) {
      const id = s.serviceId ?? s.serviceName;
      jobs[id] = (jobs[id] ?? 0) + s.annualJobs;
      revenue[id] = (revenue[id] ?? 0) + s.estimatedRevenue;
    }
  }
  const totalRevenue = Object.values(revenue).reduce((s, n) => s + n, 0);
  return { households, jobs, revenue, totalRevenue };
}
