/**
 * The market analysis, as a pure function: places in range and an industry profile in, the
 * spec's marketAnalysisData out, with each figure's provenance and every assumption used.
 */
import type { CensusRegion } from "../constants.js";
import { formatDecimal } from "../format.js";
import type { Assumption, MarketAnalysisData, ZipAreasSummary } from "../schemas/market.js";
import {
  type AreaTotals,
  type AreaUnitIndex,
  areaTotals,
  type PlaceAtDistance,
} from "./coverage.js";
import {
  type EquipmentStock,
  type HousingContext,
  housingDefaults,
} from "./housing-adjustments.js";
import { COMMERCIAL_UNITS_PER_RESIDENT, type IndustryProfile } from "./industry-profiles.js";
import { type LocalZips, localContext, localMarketProfile } from "./local-market-profile.js";
import { mostPopulous } from "./most-populous.js";
import type { PlacesInRange } from "./place-index.js";
import type { PlaceDataset } from "./places.js";
import { AssumptionError, computeServices } from "./services.js";

export { AssumptionError, assumptionValues, computeServices } from "./services.js";

/** What any model's assumption definition has: one value, or one per census region. */
interface RegionalAssumptionDefinition {
  key: string;
  label: string;
  min: number;
  max: number;
  value: number | Record<CensusRegion, number>;
}

/**
 * Assumption definitions (of any model) for a region, with the user's overrides applied and
 * checked: an unknown key or a value outside [min, max] is an AssumptionError.
 */
export function resolveAssumptionDefinitions<D extends RegionalAssumptionDefinition>(
  definitions: readonly D[],
  region: CensusRegion,
  overrides: Record<string, number> = {},
): (Omit<D, "value" | "fromHousing"> & { value: number; defaultValue: number })[] {
  for (const key of Object.keys(overrides)) {
    if (!definitions.some((a) => a.key === key))
      throw new AssumptionError(key, `Unknown assumption: ${key}`);
  }
  return definitions.map((def) => {
    const defaultValue = typeof def.value === "number" ? def.value : def.value[region];
    const override = overrides[def.key];
    if (
      override !== undefined &&
      (!Number.isFinite(override) || override < def.min || override > def.max)
    ) {
      throw new AssumptionError(def.key, `${def.label} must be between ${def.min} and ${def.max}`);
    }
    return resolvedCopy(def, override ?? defaultValue, defaultValue);
  });
}

/**
 * A definition as an assumption: its fields but the regional `value` and the model's own
 * `fromHousing` rule, with the value in force. Copied key by key: every analysis resolves about
 * sixty, and rest/spread copies were a tenth of a New York analysis' model time.
 */
function resolvedCopy<D extends RegionalAssumptionDefinition>(
  def: D,
  value: number,
  defaultValue: number,
): Omit<D, "value" | "fromHousing"> & { value: number; defaultValue: number } {
  const out: Record<string, unknown> = {};
  for (const key in def) {
    if (key !== "value" && key !== "fromHousing") out[key] = def[key];
  }
  out.value = value;
  out.defaultValue = defaultValue;
  return out as Omit<D, "value" | "fromHousing"> & { value: number; defaultValue: number };
}

/**
 * The profile's assumptions for a region, with the user's overrides applied and checked. With
 * the service area's housing stock (tract-level ACS tables), the assumptions the profile marks
 * `fromHousing` default to the area's values (basis "derived"); an override still wins.
 */
export function resolveAssumptions(
  profile: IndustryProfile,
  region: CensusRegion,
  overrides: Record<string, number> = {},
  housing?: HousingContext,
): Assumption[] {
  return resolveAssumptionsOf(profile, region, overrides, housing).assumptions;
}

/** `resolveAssumptions`, with the keys given an area default (`derived`). */
export function resolveAssumptionsOf(
  profile: IndustryProfile,
  region: CensusRegion,
  overrides: Record<string, number> = {},
  housing?: HousingContext,
): {
  assumptions: Assumption[];
  derived: string[];
  notes: Record<string, string>;
  equipment?: EquipmentStock;
} {
  const plain = !housing && Object.keys(overrides).length === 0;
  const kept = plain ? regionalDefaults.get(profile)?.get(region) : undefined;
  if (kept) return { assumptions: [...kept], derived: [], notes: {} };
  const area = housing
    ? housingDefaults(profile.assumptions, region, housing, profile.equipment)
    : undefined;
  const definitions = area ? area.definitions : profile.assumptions;
  const resolved: Assumption[] = resolveAssumptionDefinitions(definitions, region, overrides);
  if (plain) {
    const byRegion = regionalDefaults.get(profile) ?? new Map<CensusRegion, Assumption[]>();
    byRegion.set(
      region,
      resolved.map((a) => Object.freeze(a)),
    );
    regionalDefaults.set(profile, byRegion);
  }
  return {
    assumptions: resolved,
    derived: area?.derived ?? [],
    notes: area?.notes ?? {},
    ...(area?.equipment ? { equipment: area.equipment } : {}),
  };
}

/**
 * A profile's assumptions for a region with no override and no housing data: the same every
 * time, so resolved once (frozen: every record shares them).
 */
const regionalDefaults = new WeakMap<IndustryProfile, Map<CensusRegion, Assumption[]>>();

export interface MarketInput {
  request: {
    city: string;
    state: string;
    industry: string;
    primaryRadius: number;
    secondaryRadius: number;
  };
  target: { name: string; state: string; lat: number; lon: number; input: string };
  region: CensusRegion;
  dataset: Omit<PlaceDataset, "places" | "units">;
  /**
   * Every place whose footprint may reach the secondary circle, with its distance to the target
   * (needed without `units`: the area totals are then sums over these places).
   */
  candidates?: readonly PlaceAtDistance[];
  /**
   * The places of the city table (`PlaceIndex.inRange` around the target, radius R2, inner
   * radius R1), when the caller has them; otherwise they are taken from `candidates`.
   */
  places?: PlacesInRange;
  /**
   * The dataset's area units (tracts) in a spatial index; when given, the area totals are the
   * sums of the units whose centre lies within each radius of the target (centroid containment)
   * and no background is added.
   */
  units?: AreaUnitIndex;
  /** The ZIP areas in range, counted (rows are recomputed on request). */
  zipAreas?: ZipAreasSummary;
  /** Contractors and climate zone of the ZIP areas in range (datasets with local data). */
  localZips?: LocalZips;
  profile: IndustryProfile;
  overrides?: Record<string, number>;
  now: Date;
  /** Rows of the city table kept (most populous first); the summary counts them all. */
  maxCityRows?: number;
}

/** What the revenue method says of the housing data used (assumption keys derived from it). */
function housingMethod(
  derived: readonly string[],
  tracts: number,
  region: CensusRegion,
  local: boolean,
  equipmentSource: string | undefined,
): string {
  if (derived.length === 0) {
    return `; equipment shares by census region (${region})`;
  }
  if (local) {
    return `; ${derived.length} assumptions (basis “derived”) from the local market of the ${formatDecimal(tracts)} tracts in range: ${equipmentSource ? `equipment shares from ${equipmentSource}, ` : ""}repairs × climate factors, replacements × housing-age and owner-occupancy factors`;
  }
  return `; ${derived.length} ${derived.length === 1 ? "assumption" : "assumptions"} (basis “derived”) from the ACS housing tables (tenure B25003, year built B25034, heating fuel B25040) of the ${formatDecimal(tracts)} tracts in range; replacements × housing-age and owner-occupancy factors`;
}

/** Rows of the city table an analysis keeps (the most populous places in range). */
export const CITY_TABLE_ROWS = 200;

/**
 * The places of the city table from a list of candidates in any order: those within `radius`,
 * counted (and those within `inner`), and the `limit` most populous, nearest first.
 */
export function placesOfCandidates(
  candidates: readonly PlaceAtDistance[],
  radius: number,
  inner: number,
  limit: number,
): PlacesInRange {
  const inRange = candidates.filter((c) => c.distanceMiles <= radius);
  let innerCount = 0;
  for (const c of inRange) if (c.distanceMiles <= inner) innerCount++;
  return { count: inRange.length, inner: innerCount, rows: mostPopulous(inRange, limit) };
}

export function computeMarketAnalysis(input: MarketInput): MarketAnalysisData {
  const { request, target, dataset, profile } = input;
  const candidates = input.candidates ?? [];
  if (!input.units && !input.candidates) {
    throw new Error("computeMarketAnalysis: without area units, the candidate places are needed");
  }
  const background = dataset.background[target.state];
  // Two radii in, two totals out: the service area (R2) and the primary area (R1).
  const [service, primary] = (
    input.units
      ? // The stocks (housing, local) only for the service area: the primary area needs counts.
        input.units.totalsWithin(
          target.lat,
          target.lon,
          [request.secondaryRadius, request.primaryRadius],
          1,
        )
      : [
          areaTotals(candidates, request.secondaryRadius, background),
          areaTotals(candidates, request.primaryRadius, background),
        ]
  ) as [AreaTotals, AreaTotals];
  // Tract-level housing tables (census-api) give area defaults; else the regional ones stand.
  // The embedded dataset's local data (climate, modeled stock) brings the local rules.
  const local = localContext(service, dataset, target.state);
  const housing: HousingContext | undefined = service.housing
    ? {
        housing: service.housing,
        tracts: service.units ?? 0,
        vintage: dataset.vintage,
        ...(local ? { local } : {}),
        ...(local && dataset.provider === "embedded"
          ? {
              tables: {
                fuel: `House heating fuel: ${local.housingSource}`,
                tenure: `${dataset.localSources?.tenure ?? "ACS B25003 tenure"} over the ${formatDecimal(service.units ?? 0)} tracts in range`,
                built: `Year structure built: ${local.housingSource}`,
              },
            }
          : {}),
      }
    : undefined;
  const {
    assumptions,
    derived: housingDerived,
    notes,
    equipment,
  } = resolveAssumptionsOf(profile, input.region, input.overrides, housing);

  const places =
    input.places ??
    placesOfCandidates(
      candidates,
      request.secondaryRadius,
      request.primaryRadius,
      input.maxCityRows ?? CITY_TABLE_ROWS,
    );
  const rows = places.rows;

  const serviceBreakdown = computeServices(service.households, profile, assumptions, notes);
  const totalMarketRevenue = serviceBreakdown.reduce((s, x) => s + x.estimatedRevenue, 0);
  const avgRevenue =
    service.households > 0
      ? Math.round((totalMarketRevenue / service.households) * 100) / 100
      : null;
  const commercialUnits = Math.round(service.population * COMMERCIAL_UNITS_PER_RESIDENT.value);

  const geometry = input.units
    ? `the ${formatDecimal(service.units ?? 0)} census tracts whose population centre lies within ${request.secondaryRadius} mi of ${target.name}, ${target.state} (a tract counts whole or not at all)`
    : `places within ${request.secondaryRadius} mi of ${target.name}, ${target.state} (a place cut by the circle counts by the share of its area inside)`;
  const withBackground =
    dataset.backgroundMethod && !input.units
      ? `${geometry}, plus ${dataset.backgroundMethod}`
      : geometry;
  const localMarket = localMarketProfile(
    service,
    local,
    dataset.localSources,
    input.localZips,
    profile.equipment,
    input.region,
    equipment,
  );
  const p = dataset.provenance;
  const rowsCarryHouseholds = p.households.grade === "measured";
  const location = `${target.name}, ${target.state}`;

  return {
    requestLocation: location,
    requestIndustry: request.industry,
    requestPrimaryRadius: request.primaryRadius,
    requestSecondaryRadius: request.secondaryRadius,
    analysisTimestamp: input.now.toISOString(),
    marketSize: service.population,
    households: service.households,
    avgRevenue,
    censusData: {
      totalPopulation: service.population,
      totalHousingUnits: service.housingUnits,
      singleFamilyUnits: service.singleFamilyUnits,
      commercialUnits,
    },
    cityAnalysis: {
      cityBreakdown: rows.map(({ place, distanceMiles }) => ({
        name: place.name,
        state: place.state,
        population: place.population,
        housingUnits: place.housingUnits,
        // Measured per-place figures only: a ratio of housing units is not stored twice
        // (readers derive it with HOUSEHOLDS_PER_HOUSING_UNIT / SINGLE_FAMILY_SHARE).
        ...(rowsCarryHouseholds
          ? { households: place.households, singleFamilyUnits: place.singleFamilyUnits }
          : {}),
        serviceArea: distanceMiles <= request.primaryRadius ? "primary" : "secondary",
        distanceMiles: Math.round(distanceMiles * 10) / 10,
        lat: Math.round(place.lat * 1e4) / 1e4,
        lon: Math.round(place.lon * 1e4) / 1e4,
      })),
    },
    serviceBreakdown,
    marketSummary: {
      totalMarketRevenue,
      avgAnnualRevenuePerHousehold: avgRevenue,
      citiesInRange: places.count,
      primaryCities: places.inner,
      secondaryCities: places.count - places.inner,
      primaryPopulation: primary.population,
      primaryHouseholds: primary.households,
      listedPlacesPopulation: service.listedPlacesPopulation,
      outsidePlacesPopulation: service.outsidePlacesPopulation,
      ...(service.units !== undefined ? { tractsInRange: service.units } : {}),
    },
    target,
    region: input.region,
    dataSource: { provider: dataset.provider, label: dataset.label, vintage: dataset.vintage },
    provenance: {
      population: {
        ...p.population,
        method: `${p.population.method}; summed over ${withBackground}`,
      },
      households: {
        ...p.households,
        method: `${p.households.method}; summed over ${withBackground}`,
      },
      housingUnits: {
        ...p.housingUnits,
        method: `${p.housingUnits.method}; summed over ${withBackground}`,
      },
      singleFamilyUnits: {
        ...p.singleFamilyUnits,
        method: `${p.singleFamilyUnits.method}; summed over ${withBackground}`,
      },
      commercialUnits: {
        source: COMMERCIAL_UNITS_PER_RESIDENT.source,
        vintage: "2021",
        grade: "modeled",
        method: "Population × establishments per resident (national ratio)",
      },
      revenue: {
        source: `${profile.label} industry profile: each service's share of homes, yearly frequency and price, from published sources`,
        vintage: input.now.getUTCFullYear().toString(),
        grade: "modeled",
        method: `Σ services: households × equipment share × annual incidence × average ticket${housingMethod(housingDerived, service.units ?? 0, input.region, local !== undefined, profile.equipment?.source)}`,
      },
    },
    assumptions,
    ...(input.zipAreas ? { zipAreas: input.zipAreas } : {}),
    ...(localMarket ? { localMarket } : {}),
  };
}
