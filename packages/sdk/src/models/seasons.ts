/**
 * The market's year: each month's share of the heating and cooling degree days (the nearest
 * first-order station's shape of the year, or its state's, scaled to the market's own annual
 * degree days), and each service's jobs and revenue by month. A service declares what its
 * weather-driven part follows (cooling, heating, both, or named months such as tune-up seasons)
 * and an assumption gives that part's share; the rest is spread evenly over the year (by days).
 * The twelve months of every figure sum exactly to its yearly value (largest remainder).
 * Pure; no I/O.
 */
import type {
  Assumption,
  MarketSeasons,
  SeasonService,
  ServiceBreakdownEntry,
} from "../schemas/market.js";
import type { IndustryProfile, SeasonDefinition } from "./industry-types.js";
import { DAYS_IN_MONTH, MONTH_NAMES, MONTHS } from "./months.js";
import { AssumptionError } from "./services.js";

export { DAYS_IN_MONTH, MONTH_ABBREVIATIONS, MONTH_NAMES, MONTHS } from "./months.js";

/** Each month's share of a year spread evenly over its days. */
export const EVEN_MONTH_SHARES: readonly number[] = DAYS_IN_MONTH.map((d) => d / 365);

/**
 * The shape of the year of a market: each month's share of the annual heating and cooling degree
 * days (12 fractions each summing to 1, or all 0 where the annual is 0), and where it comes from.
 */
export interface ClimateShape {
  kind: "station" | "state";
  /** The station's city ("PHOENIX") or the state's name. */
  name: string;
  state: string;
  /** Miles from the market's centre to the station; null for a state's shape. */
  distanceMiles: number | null;
  heating: readonly number[];
  cooling: readonly number[];
  source: string;
  vintage: string;
}

/**
 * A whole total split over shares (any non-negative weights) into integers that sum to it
 * exactly: each part rounded down, the rest handed one by one to the largest remainders (ties
 * to the earlier month). Weights all 0: the total is spread evenly over the year by days.
 */
export function splitByShares(total: number, shares: readonly number[]): number[] {
  const whole = Math.round(total);
  const n = shares.length;
  let sum = 0;
  for (let i = 0; i < n; i++) {
    const v = shares[i] as number;
    if (v > 0) sum += v;
  }
  const weights = sum > 0 ? shares : EVEN_MONTH_SHARES;
  const scale = sum > 0 ? whole / sum : whole;
  const out = new Array<number>(weights.length);
  const rest = new Array<number>(weights.length);
  let left = whole;
  for (let i = 0; i < weights.length; i++) {
    const w = weights[i] as number;
    const exact = w > 0 ? w * scale : 0;
    const floor = Math.floor(exact);
    out[i] = floor;
    rest[i] = exact - floor;
    left -= floor;
  }
  // At most one extra unit per part: hand them to the largest remainders (earlier part on a tie).
  while (left > 0) {
    let best = 0;
    for (let i = 1; i < rest.length; i++)
      if ((rest[i] as number) > (rest[best] as number)) best = i;
    out[best] = (out[best] as number) + 1;
    rest[best] = -1;
    left--;
  }
  return out;
}

/** The 1-based month of the largest value (the earlier month on a tie). */
export function busiestMonth(values: readonly number[]): number {
  let best = 0;
  for (let i = 1; i < values.length; i++) {
    if ((values[i] as number) > (values[best] as number)) best = i;
  }
  return best + 1;
}

/** Shares normalised to sum to 1; all 0 (or none) gives the even spread. */
function normalised(values: readonly number[]): number[] {
  const sum = values.reduce((a, b) => a + Math.max(b, 0), 0);
  return sum > 0 ? values.map((v) => (v > 0 ? v / sum : 0)) : [...EVEN_MONTH_SHARES];
}

/** What a service's weather-driven part follows, in words. */
export function followsLabel(follows: SeasonDefinition["follows"] | undefined): string {
  if (follows === undefined) return "spread evenly over the year";
  if (follows === "cooling") return "cooling degree days";
  if (follows === "heating") return "heating degree days";
  if (follows === "both") return "heating and cooling degree days";
  return follows.label;
}

/**
 * A service's twelve month shares: `weatherShare` × the months it follows + the rest spread
 * evenly by days. Degree days given as the market's months (any scale); a driver without degree
 * days (no heating in Honolulu) spreads evenly.
 */
export function serviceMonthShares(
  follows: SeasonDefinition["follows"] | undefined,
  weatherShare: number,
  heating: readonly number[],
  cooling: readonly number[],
): number[] {
  if (follows === undefined) return [...EVEN_MONTH_SHARES];
  const driver =
    follows === "cooling"
      ? normalised(cooling)
      : follows === "heating"
        ? normalised(heating)
        : follows === "both"
          ? normalised(heating.map((h, i) => h + (cooling[i] ?? 0)))
          : normalised(
              Array.from({ length: MONTHS }, (_, i) =>
                follows.months.includes(i + 1) ? (DAYS_IN_MONTH[i] as number) : 0,
              ),
            );
  const w = Math.min(1, Math.max(0, weatherShare));
  return driver.map((d, i) => w * d + (1 - w) * (EVEN_MONTH_SHARES[i] as number));
}

/**
 * A lookup of the profile's weather-share assumptions (a missing key is an AssumptionError); one
 * pass over the assumptions for the few keys the seasons read.
 */
function weatherShares(
  profile: Pick<IndustryProfile, "services">,
  assumptions: readonly Pick<Assumption, "key" | "value">[],
): (key: string) => number {
  const needed = new Set<string>();
  for (const s of profile.services) if (s.season) needed.add(s.season.weatherShareKey);
  const found = new Map<string, number>();
  for (const a of assumptions) if (needed.has(a.key)) found.set(a.key, a.value);
  return (key) => {
    const v = found.get(key);
    if (v === undefined) throw new AssumptionError(key, `Missing assumption: ${key}`);
    return v;
  };
}

export interface SeasonsInput {
  serviceBreakdown: readonly ServiceBreakdownEntry[];
  profile: Pick<IndustryProfile, "services">;
  assumptions: readonly Pick<Assumption, "key" | "value">[];
  /** The market's annual degree days (the local market profile's climate). */
  climate: { heatingDegreeDays: number; coolingDegreeDays: number };
  shape: ClimateShape;
}

const round4 = (x: number) => Math.round(x * 10_000) / 10_000;

/** Where the shape of the year comes from, in words. */
export function shapeDescription(shape: ClimateShape): string {
  return shape.kind === "station"
    ? `the monthly normals of ${shape.name}, ${shape.state} (first-order station${shape.distanceMiles === null ? "" : `, ${Math.round(shape.distanceMiles)} mi from the market's centre`})`
    : `the monthly means of ${shape.name} as a whole (statewide series; no first-order station near)`;
}

/**
 * Each month's degree days and each service's jobs and revenue by month. A service the profile
 * gives no season is spread evenly over the year.
 */
export function computeSeasons(input: SeasonsInput): MarketSeasons {
  const { shape, climate } = input;
  const value = weatherShares(input.profile, input.assumptions);
  const heating = splitByShares(Math.round(climate.heatingDegreeDays), shape.heating);
  const cooling = splitByShares(Math.round(climate.coolingDegreeDays), shape.cooling);
  const definitions = new Map(input.profile.services.map((s) => [s.id, s.season]));
  const jobs = new Array<number>(MONTHS).fill(0);
  const revenue = new Array<number>(MONTHS).fill(0);
  const services: SeasonService[] = input.serviceBreakdown.map((entry) => {
    const season = entry.serviceId ? definitions.get(entry.serviceId) : undefined;
    const weatherShare = season ? value(season.weatherShareKey) : 0;
    const shares = serviceMonthShares(season?.follows, weatherShare, heating, cooling);
    const serviceJobs = splitByShares(entry.annualJobs, shares);
    const serviceRevenue = splitByShares(entry.estimatedRevenue, shares);
    for (let i = 0; i < MONTHS; i++) {
      jobs[i] = (jobs[i] as number) + (serviceJobs[i] as number);
      revenue[i] = (revenue[i] as number) + (serviceRevenue[i] as number);
    }
    return {
      serviceId: entry.serviceId ?? entry.serviceName,
      serviceName: entry.serviceName,
      follows: followsLabel(season?.follows),
      weatherShare,
      shares: shares.map(round4),
      jobs: serviceJobs,
      revenue: serviceRevenue,
      peakMonth: busiestMonth(shares),
    };
  });
  const from = shapeDescription(shape);
  return {
    heatingDegreeDays: heating,
    coolingDegreeDays: cooling,
    shape: {
      kind: shape.kind,
      name: shape.name,
      state: shape.state,
      distanceMiles: shape.distanceMiles === null ? null : Math.round(shape.distanceMiles),
    },
    services,
    jobs,
    revenue,
    peakMonth: busiestMonth(revenue),
    provenance: {
      source: shape.source,
      vintage: shape.vintage,
      grade: "modeled",
      method: `Each month's share of the annual degree days from ${from}, × the market's own annual ${Math.round(climate.heatingDegreeDays)} heating and ${Math.round(climate.coolingDegreeDays)} cooling degree days (1991–2020 normals); each service's yearly jobs and revenue split over the months: its weather-driven share (an assumption) by the months it follows, the rest evenly by days; rounded by largest remainder so the twelve months sum to the year`,
    },
  };
}

/** A service's twelve month shares in a record (summing to about 1), if it has them. */
export function monthSharesOf(
  seasons: MarketSeasons | undefined,
  serviceId: string,
): readonly number[] | undefined {
  return seasons?.services.find((s) => s.serviceId === serviceId)?.shares;
}

/** The title every surface gives the monthly figures. */
export const SEASONS_TITLE = "The market's year";

export type SeasonMetric = "jobs" | "revenue";

/** One row of the monthly table: a service (or all services) with its twelve months and year. */
export interface MonthlyTableRow {
  /** Null for the all-services row. */
  serviceId: string | null;
  label: string;
  months: readonly number[];
  year: number;
  /** 1 = January. */
  peakMonth: number;
}

/**
 * The monthly table the results page, PDF, CLI and exports print: each service with jobs (or
 * revenue) in the year, then all services (revenue only: jobs of different services do not add).
 */
export function monthlyTable(seasons: MarketSeasons, metric: SeasonMetric): MonthlyTableRow[] {
  const rows: MonthlyTableRow[] = seasons.services
    .filter((s) => sum(s[metric]) > 0)
    .map((s) => ({
      serviceId: s.serviceId,
      label: s.serviceName,
      months: s[metric],
      year: sum(s[metric]),
      peakMonth: s.peakMonth,
    }));
  if (metric === "revenue") {
    rows.push({
      serviceId: null,
      label: "All services",
      months: seasons.revenue,
      year: sum(seasons.revenue),
      peakMonth: seasons.peakMonth,
    });
  }
  return rows;
}

function sum(values: readonly number[]): number {
  let s = 0;
  for (const v of values) s += v;
  return s;
}

/** One line: the busiest and the quietest month by revenue, with their shares of the year. */
export function seasonsHeadline(seasons: MarketSeasons): string {
  const year = sum(seasons.revenue);
  if (year <= 0) return "No revenue in any month";
  let low = 0;
  seasons.revenue.forEach((v, i) => {
    if (v < (seasons.revenue[low] as number)) low = i;
  });
  const share = (i: number) => Math.round(((seasons.revenue[i] as number) / year) * 100);
  const peak = seasons.peakMonth - 1;
  return `Busiest month ${MONTH_NAMES[peak]} (${share(peak)} % of the year's revenue), quietest ${MONTH_NAMES[low]} (${share(low)} %)`;
}

/** Where the months come from, in a short phrase ("PHOENIX, AZ station, 9 mi"). */
export function shapeLabel(shape: MarketSeasons["shape"]): string {
  return shape.kind === "station"
    ? `${shape.name}, ${shape.state} first-order station${shape.distanceMiles === null ? "" : `, ${shape.distanceMiles} mi`}`
    : `${shape.name} statewide months`;
}
