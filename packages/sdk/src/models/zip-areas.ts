/**
 * The ZIP areas of a service area: every ZIP Code Tabulation Area with households whose
 * internal point lies within the secondary radius, primary within the primary radius, with its
 * own households, owners, housing age, income and stock, the contractors within reach of its
 * homes, estimated revenue and opportunity score (zip-score.ts). The same rows serve the results page, the API, the exports, the PDF
 * report and the CLI; `zipAreasCsv` is their CSV, `sortZipRows` their order.
 */
import { csvCell } from "../format.js";
import type {
  MarketAnalysisData,
  YearBuiltBand,
  ZipAreaRow,
  ZipAreasQuery,
  ZipAreasSummary,
  ZipSortKey,
} from "../schemas/market.js";
import type { AtDistance } from "./geo.js";
import type { ZipArea, ZipStock } from "./places.js";
import {
  ZIP_COMPETITION_RADIUS_MILES,
  type ZipRevenueContext,
  zipReasonGroups,
  zipReasonsLine,
  zipRevenue,
  zipRevenueContext,
  zipScore,
  zipScoreComponents,
} from "./zip-score.js";

export const ZIP_AREAS_PROVENANCE = {
  source:
    "U.S. Census Bureau: ACS 2017–2021 5-year ZCTA population and housing units, ACS 2019–2023 B25003 tenure by ZCTA, 2022 Gazetteer internal points; ACS 2014–2018 per-capita income (B19301), mobile homes and vacancy by ZCTA (via the GeoDa Center's Opioid Environment Policy Scan); year built of the ZIP's own tracts (ACS 2010–2014 B25034, raked to ACS 2019–2023 DP04); county median income (ACS 2017–2021 B19013) where a ZIP has no income figure; ZIP Code Business Patterns 2022 (NAICS 238220)",
  vintage: "ACS 2014–2023",
  grade: "modeled",
  method: `ZIP Code Tabulation Areas with households whose internal point lies within the radius (households capped at the ZIP's homes, owners scaled alike); contractors within ${ZIP_COMPETITION_RADIUS_MILES} miles of each ZIP's internal point per 10,000 households there; revenue = the analysis' dollars per household by service × the ZIP's households (replacements × its owner and age factors); opportunity score 0–100 (docs/methodology.md)`,
} as const;

/** The median year built as a band, from the shares of the three year-built bands. */
export function yearBuiltBand(stock: ZipStock | undefined): YearBuiltBand | null {
  const total = stock ? stock.builtBefore1980 + stock.built1980To1999 + stock.built2000OrLater : 0;
  if (!stock || total <= 0) return null;
  if (stock.builtBefore1980 / total >= 0.5) return "before 1980";
  if ((stock.builtBefore1980 + stock.built1980To1999) / total >= 0.5) return "1980–1999";
  return "2000 or later";
}

const round3 = (n: number | null | undefined) => (n == null ? null : Math.round(n * 1000) / 1000);

const shareOf = (part: number | null | undefined, whole: number | null | undefined) =>
  part != null && whole != null && whole > 0 ? Math.min(1, part / whole) : null;

/** The contractors and households of the ZIP areas within reach of a ZIP's internal point. */
export interface ZipNearby {
  contractors: number;
  households: number;
}

/** What a row reads beside its ZIP area: its tracts' stock, its neighbours, the analysis. */
export interface ZipRowContext {
  revenue: ZipRevenueContext;
  primaryRadius: number;
  /** The analysis area's share built before 1980: a ZIP with no tract of its own takes it. */
  areaBuiltBefore1980?: number | null;
}

/** Households and owners that a ZIP's homes can hold: ACS tenure capped at its housing units. */
export function zipHouseholds(
  item: Pick<ZipArea, "households" | "ownerOccupied" | "housingUnits">,
  stock: ZipStock | undefined,
): { households: number | null; ownerOccupied: number | null } {
  // ACS B25003 by ZCTA where published, else the households of the ZIP's tracts.
  const households = item.households ?? (stock ? Math.round(stock.households) : null);
  const owners = item.ownerOccupied ?? null;
  // ACS 2019–2023 tenure against ACS 2017–2021 homes: never more households than homes.
  if (households != null && item.housingUnits > 0 && households > item.housingUnits) {
    const scale = item.housingUnits / households;
    return {
      households: item.housingUnits,
      ownerOccupied: owners == null ? null : Math.round(owners * scale),
    };
  }
  return { households, ownerOccupied: owners };
}

/** A ZIP area's score, components and reasons: what they were computed from, and them. */
interface Scored {
  stock: ZipStock | undefined;
  nearby: ZipNearby | null | undefined;
  areaAge: number | null;
  components: ZipAreaRow["scoreComponents"];
  score: number;
  reasonGroups: { raises: string[]; lowers: string[] };
  reasons: string;
}
const scoredZips = new WeakMap<ZipArea, Scored>();

/**
 * The score of a ZIP area depends on its own figures only (not on the analysis' revenue): kept
 * per ZIP object and reused while it is computed from the same stock, neighbours and area age —
 * a 100-mile list scores ~1,700 ZIPs on every request.
 */
function scored(
  item: ZipArea,
  stock: ZipStock | undefined,
  nearby: ZipNearby | null | undefined,
  areaAge: number | null,
  compute: () => ZipAreaRow["scoreComponents"],
): Scored {
  const kept = scoredZips.get(item);
  if (kept && kept.stock === stock && kept.nearby === nearby && kept.areaAge === areaAge)
    return kept;
  const components = compute();
  const reasonGroups = zipReasonGroups(components);
  const fresh = {
    stock,
    nearby,
    areaAge,
    components,
    score: zipScore(components),
    reasonGroups,
    reasons: zipReasonsLine(reasonGroups),
  };
  scoredZips.set(item, fresh);
  return fresh;
}

/** One ZIP area as a row: its figures, revenue, score and reasons. */
export function zipAreaRow(
  { item, distanceMiles }: AtDistance<ZipArea>,
  stock: ZipStock | undefined,
  context: ZipRowContext,
  nearby?: ZipNearby | null,
): ZipAreaRow {
  const { households, ownerOccupied } = zipHouseholds(item, stock);
  const ownerOccupiedShare = shareOf(ownerOccupied, households);
  const built = stock ? stock.builtBefore1980 + stock.built1980To1999 + stock.built2000OrLater : 0;
  const ownAge = shareOf(stock?.builtBefore1980, built);
  const areaAge = context.areaBuiltBefore1980 ?? null;
  const builtBefore1980Share = ownAge ?? areaAge;
  const medianIncome =
    stock && stock.incomeHouseholds > 0
      ? Math.round(stock.incomeSum / stock.incomeHouseholds)
      : null;
  const perCapitaIncome = item.perCapitaIncome ?? null;
  const contractors = item.contractors ?? 0;
  const ageKey = ownAge == null ? areaAge : null;
  const { components, score, reasonGroups, reasons } = scored(item, stock, nearby, ageKey, () =>
    zipScoreComponents({
      households,
      ownerOccupiedShare,
      builtBefore1980Share,
      contractors,
      nearby: nearby ?? null,
      perCapitaIncome,
      medianIncome,
    }),
  );
  const revenue = zipRevenue(context.revenue, {
    households,
    ownerOccupiedShare,
    built2000OrLaterShare: shareOf(stock?.built2000OrLater, built),
  });
  const nearbyPer10k =
    nearby && nearby.households > 0
      ? Math.round((nearby.contractors / nearby.households) * 100_000) / 10
      : null;
  return {
    zip: item.zip,
    place: item.place,
    state: item.state,
    population: item.population,
    housingUnits: item.housingUnits,
    distanceMiles: Math.round(distanceMiles * 10) / 10,
    serviceArea: distanceMiles <= context.primaryRadius ? "primary" : "secondary",
    lat: Math.round(item.lat * 1e5) / 1e5,
    lon: Math.round(item.lon * 1e5) / 1e5,
    households,
    ownerOccupied,
    ownerOccupiedShare: round3(ownerOccupiedShare),
    builtBefore1980Share: round3(builtBefore1980Share),
    medianYearBuilt: yearBuiltBand(stock),
    housingAgeSource: ownAge != null ? "zip" : areaAge != null ? "area" : null,
    medianIncome,
    perCapitaIncome,
    mobileHomeShare: round3(item.mobileHomeShare),
    vacantShare: round3(item.vacantShare),
    revenue: revenue.total,
    revenueByService: revenue.byService,
    contractors,
    householdsPerContractor:
      households != null && contractors > 0 ? Math.round(households / contractors) : null,
    contractorsNearby: nearby?.contractors ?? null,
    contractorsNearbyPer10k: nearbyPer10k,
    score,
    scoreComponents: components,
    reasons,
    reasonGroups,
  };
}

/** Whether a ZIP area has households to count (zero: bases, campuses, business-only ZIPs). */
export function zipHasHouseholds(item: ZipArea, stock: ZipStock | undefined): boolean {
  const { households } = zipHouseholds(item, stock);
  return households != null && households > 0;
}

/**
 * Rows for the ZCTAs with households within `secondaryRadius` (zero-population ZIPs — P.O.
 * boxes, business-only ZIPs — and ZIPs without households left out: `withoutHouseholds` counts
 * the populated ones), nearest first (ZIP breaks ties). `stock` gives each ZIP's tract sums,
 * `nearby` the contractors and households within reach of it, `analysis` the dollars per
 * household its revenue is computed from.
 */
export function zipAreaList(
  near: readonly AtDistance<ZipArea>[],
  primaryRadius: number,
  secondaryRadius: number,
  options: {
    stock?: (zip: string) => ZipStock | undefined;
    nearby?: (zip: ZipArea) => ZipNearby | null;
    analysis?: MarketAnalysisData | null;
  } = {},
): { rows: ZipAreaRow[]; withoutHouseholds: number } {
  const context: ZipRowContext = {
    revenue: zipRevenueContext(options.analysis),
    primaryRadius,
    areaBuiltBefore1980: options.analysis?.localMarket?.housing.builtBefore1980 ?? null,
  };
  let withoutHouseholds = 0;
  const rows = near
    .filter((z) => z.distanceMiles <= secondaryRadius && z.item.population > 0)
    .filter((z) => {
      const keep = zipHasHouseholds(z.item, options.stock?.(z.item.zip));
      if (!keep) withoutHouseholds++;
      return keep;
    })
    .sort((a, b) => a.distanceMiles - b.distanceMiles || a.item.zip.localeCompare(b.item.zip))
    .map((z) =>
      zipAreaRow(z, options.stock?.(z.item.zip), context, options.nearby?.(z.item) ?? null),
    );
  return { rows, withoutHouseholds };
}

/** The rows of `zipAreaList`. */
export function zipAreaRows(...args: Parameters<typeof zipAreaList>): ZipAreaRow[] {
  return zipAreaList(...args).rows;
}

export function zipAreasSummary(
  rows: readonly ZipAreaRow[],
  withoutHouseholds?: number,
): ZipAreasSummary {
  const primary = rows.filter((r) => r.serviceArea === "primary").length;
  return {
    count: rows.length,
    primary,
    secondary: rows.length - primary,
    ...(withoutHouseholds ? { withoutHouseholds } : {}),
  };
}

/** Each sort key's natural direction: best first for the score and the stock, nearest first. */
export const ZIP_SORT_DIRECTIONS: Record<ZipSortKey, "asc" | "desc"> = {
  score: "desc",
  zip: "asc",
  place: "asc",
  population: "desc",
  housingUnits: "desc",
  households: "desc",
  ownerOccupied: "desc",
  builtBefore1980Share: "desc",
  medianIncome: "desc",
  perCapitaIncome: "desc",
  revenue: "desc",
  contractors: "asc",
  householdsPerContractor: "desc",
  contractorsNearbyPer10k: "asc",
  distanceMiles: "asc",
};

/**
 * The rows in the order `sort` asks (its natural direction unless `order` says otherwise;
 * unknown values last; distance, then ZIP, break ties), the first `limit` of them.
 */
export function sortZipRows(rows: readonly ZipAreaRow[], query: ZipAreasQuery = {}): ZipAreaRow[] {
  const key = query.sort ?? "distanceMiles";
  const sign = (query.order ?? ZIP_SORT_DIRECTIONS[key]) === "asc" ? 1 : -1;
  const sorted = [...rows].sort((a, b) => {
    const x = a[key];
    const y = b[key];
    if (x !== y) {
      if (x == null) return 1;
      if (y == null) return -1;
      const c = typeof x === "string" ? x.localeCompare(String(y)) : (x as number) - (y as number);
      if (c !== 0) return sign * c;
    }
    return a.distanceMiles - b.distanceMiles || a.zip.localeCompare(b.zip);
  });
  return query.limit ? sorted.slice(0, query.limit) : sorted;
}

type Cell = string | number | null;
/** One column of the CSV and the XLSX: header, value, and how the XLSX formats it. */
export interface ZipColumn {
  header: string;
  value: (row: ZipAreaRow) => Cell;
  format?: "text" | "number" | "currency" | "percent" | "decimal";
}

const ZIP_BASE_COLUMNS: readonly ZipColumn[] = [
  { header: "zip", value: (r) => r.zip, format: "text" },
  { header: "place", value: (r) => r.place, format: "text" },
  { header: "state", value: (r) => r.state, format: "text" },
  { header: "opportunity_score", value: (r) => r.score, format: "number" },
  { header: "reasons", value: (r) => r.reasons, format: "text" },
  { header: "population", value: (r) => r.population, format: "number" },
  { header: "housing_units", value: (r) => r.housingUnits, format: "number" },
  { header: "households", value: (r) => r.households, format: "number" },
  { header: "owner_occupied_homes", value: (r) => r.ownerOccupied, format: "number" },
  { header: "owner_occupied_share", value: (r) => r.ownerOccupiedShare, format: "percent" },
  { header: "built_before_1980_share", value: (r) => r.builtBefore1980Share, format: "percent" },
  { header: "median_year_built", value: (r) => r.medianYearBuilt, format: "text" },
  { header: "housing_age_source", value: (r) => r.housingAgeSource ?? null, format: "text" },
  { header: "per_capita_income", value: (r) => r.perCapitaIncome ?? null, format: "currency" },
  { header: "county_median_income", value: (r) => r.medianIncome, format: "currency" },
  { header: "mobile_home_share", value: (r) => r.mobileHomeShare ?? null, format: "percent" },
  { header: "vacant_share", value: (r) => r.vacantShare ?? null, format: "percent" },
  { header: "annual_revenue", value: (r) => r.revenue, format: "currency" },
  { header: "contractors", value: (r) => r.contractors, format: "number" },
  {
    header: "households_per_contractor",
    value: (r) => r.householdsPerContractor,
    format: "number",
  },
  {
    header: `contractors_within_${ZIP_COMPETITION_RADIUS_MILES}_miles`,
    value: (r) => r.contractorsNearby ?? null,
    format: "number",
  },
  {
    header: "contractors_nearby_per_10k_households",
    value: (r) => r.contractorsNearbyPer10k ?? null,
    format: "decimal",
  },
  { header: "distance_miles", value: (r) => r.distanceMiles, format: "decimal" },
  { header: "service_area", value: (r) => r.serviceArea, format: "text" },
];

/**
 * Every column of the exports: the base columns, a revenue column per service (in the rows'
 * order of services), and each score component's 0–100 score.
 */
export function zipColumns(rows: readonly ZipAreaRow[]): ZipColumn[] {
  const services = [...new Set(rows.flatMap((r) => Object.keys(r.revenueByService)))];
  const components = [...new Set(rows.flatMap((r) => r.scoreComponents.map((c) => c.key)))];
  return [
    ...ZIP_BASE_COLUMNS,
    ...services.map(
      (id): ZipColumn => ({
        header: `revenue_${id.replace(/-/g, "_")}`,
        value: (r) => r.revenueByService[id] ?? null,
        format: "currency",
      }),
    ),
    ...components.map(
      (key): ZipColumn => ({
        header: `score_${key.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`)}`,
        value: (r) => r.scoreComponents.find((c) => c.key === key)?.score ?? null,
        format: "number",
      }),
    ),
  ];
}

/** The rows as CSV (header line first, LF line ends, one line per ZIP; ZIPs as text). */
export function zipAreasCsv(rows: readonly ZipAreaRow[]): string {
  const columns = zipColumns(rows);
  const header = columns.map((c) => c.header).join(",");
  const lines = rows.map((row) => columns.map((c) => csvCell(c.value(row))).join(","));
  return `${[header, ...lines].join("\n")}\n`;
}
