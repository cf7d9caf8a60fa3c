/**
 * The market's year of an analysis: its services by month from the shape of the year at its
 * centre (providers/places/climate-months.ts) and its own annual degree days. Only for records
 * with a local market profile (the embedded dataset); others stay without.
 */
import {
  type Assumption,
  type CensusRegion,
  type ClimateShape,
  censusRegionOf,
  computeSeasons,
  INDUSTRY_PROFILES,
  type IndustryId,
  type IndustryProfile,
  isFiniteNumber,
  isRecord,
  type MarketAnalysisData,
  type MarketSeasons,
  resolveAssumptions,
} from "@bis/sdk";
import { climateShapeAt } from "../providers/places/climate-months.js";

/** Shapes by market centre: the same city is analysed again and again (a bounded cache). */
const shapes = new Map<string, ClimateShape | null>();
const SHAPE_CACHE_SIZE = 4096;

function shapeAt(lat: number, lon: number, state: string): ClimateShape | null {
  const key = `${lat},${lon},${state}`;
  let shape = shapes.get(key);
  if (shape === undefined) {
    shape = climateShapeAt(lat, lon, state);
    if (shapes.size >= SHAPE_CACHE_SIZE) shapes.clear();
    shapes.set(key, shape);
  }
  return shape;
}

/** The months of a record from its climate, centre and services; null where they are unknown. */
function seasonsFor(
  data: MarketAnalysisData,
  profile: IndustryProfile,
  assumptions: readonly Assumption[],
): MarketSeasons | null {
  const climate = data.localMarket?.climate;
  const target = data.target;
  if (!climate || !target) return null;
  const shape = shapeAt(target.lat, target.lon, target.state);
  if (!shape) return null;
  return computeSeasons({
    serviceBreakdown: data.serviceBreakdown,
    profile,
    assumptions,
    climate,
    shape,
  });
}

/** The record with `seasons` added where its climate is known. */
export function withSeasons(
  data: MarketAnalysisData,
  profile: IndustryProfile,
): MarketAnalysisData {
  if (!data.assumptions) return data;
  const seasons = seasonsFor(data, profile, data.assumptions);
  if (seasons) data.seasons = seasons;
  return data;
}

/**
 * Whether a stored record has what its months are made from (a stored record is not
 * re-validated, and reading it must not fail): a centre, annual degree days, services with ids
 * and yearly figures, and assumptions.
 */
function monthsCanBeMade(data: MarketAnalysisData): boolean {
  const { target, localMarket, serviceBreakdown, assumptions } = data as unknown as Record<
    string,
    unknown
  >;
  const climate = isRecord(localMarket) ? localMarket.climate : undefined;
  return (
    isRecord(target) &&
    isFiniteNumber(target.lat) &&
    isFiniteNumber(target.lon) &&
    typeof target.state === "string" &&
    isRecord(climate) &&
    isFiniteNumber(climate.heatingDegreeDays) &&
    isFiniteNumber(climate.coolingDegreeDays) &&
    Array.isArray(serviceBreakdown) &&
    serviceBreakdown.every(
      (entry) =>
        isRecord(entry) &&
        typeof entry.serviceId === "string" &&
        isFiniteNumber(entry.annualJobs) &&
        isFiniteNumber(entry.estimatedRevenue),
    ) &&
    Array.isArray(assumptions) &&
    assumptions.every((a) => isRecord(a) && typeof a.key === "string" && isFiniteNumber(a.value))
  );
}

/** What the months of a record stored before them say of how they were made. */
export const READ_TIME_SEASONS_NOTE =
  "computed when the analysis was read: it was stored before the market's year, so each service's weather-driven share is the profile's default";

/**
 * A stored record with its months: its own, else — a record stored before the market's year,
 * with its local market profile and service ids — computed now from its climate, centre and
 * services, with the profile's default weather shares (such a record has none of its own) and a
 * method that says so. Other records come back as they are.
 */
export function withRecordSeasons<T extends MarketAnalysisData | null>(data: T): T {
  if (!data || data.seasons || !monthsCanBeMade(data)) return data;
  const profile = (INDUSTRY_PROFILES as Partial<Record<string, IndustryProfile>>)[
    data.requestIndustry as IndustryId
  ];
  if (!profile) return data;
  const stored = data.assumptions ?? [];
  const present = new Set(stored.map((a) => a.key));
  const region = (data.region as CensusRegion | undefined) ?? censusRegionOf(data.target?.state);
  const missing = resolveAssumptions(profile, region).filter((a) => !present.has(a.key));
  const seasons = seasonsFor(data, profile, [...stored, ...missing]);
  if (!seasons) return data;
  return {
    ...data,
    seasons: {
      ...seasons,
      provenance: {
        ...seasons.provenance,
        method: `${seasons.provenance.method}; ${READ_TIME_SEASONS_NOTE}`,
      },
    },
  };
}
