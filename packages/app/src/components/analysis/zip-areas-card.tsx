/**
 * The ZIP areas of the service area, below the city table in section 1: every
 * populated ZIP Code Tabulation Area in range with its opportunity score and reasons, households,
 * owners, housing age, county income, estimated revenue, contractors, distance and service area,
 * best score first and sortable by any column; a map of the ZIPs by score (the ZIP layer); the
 * source and grade; the server's CSV and XLSX of the same rows. The record keeps only the counts; the rows load from
 * GET /api/analyses/{id}/zip-areas.
 */
import {
  errorMessage,
  type MarketAnalysisData,
  NOT_AVAILABLE,
  ZIP_COMPETITION_RADIUS_MILES,
  type ZipAreaRow,
  type ZipAreasSummary,
  zipAreasSummary,
} from "@bis/sdk";
import { Download } from "lucide-react";
import { lazy, Suspense, useId } from "react";
import { useZipAreas } from "../../hooks/use-analyses";
import { api } from "../../lib/api";
import {
  formatCurrency,
  formatDecimal,
  formatMiles,
  formatNumber,
  formatWholePercent,
} from "../../lib/format";
import { buttonClasses } from "../ui/button";
import { RetryButton } from "../ui/retry-button";
import { Spinner } from "../ui/spinner";
import { ServiceAreaBadge } from "./city-table";
import { ProvenanceBadge } from "./provenance-badge";
import {
  byNumber,
  byText,
  type SortableColumn,
  SortableTable,
  type SortState,
} from "./sortable-table";

type ZipColumn =
  | "zip"
  | "place"
  | "score"
  | "households"
  | "ownerOccupied"
  | "builtBefore1980Share"
  | "income"
  | "revenue"
  | "contractors"
  | "contractorsNearby"
  | "distanceMiles"
  | "serviceArea";

const share = (n: number | null) => (n == null ? NOT_AVAILABLE : formatWholePercent(n));

const COLUMNS: readonly SortableColumn<ZipAreaRow, ZipColumn>[] = [
  {
    key: "zip",
    label: "ZIP",
    rowHeader: true,
    compare: byText((z) => z.zip),
    cell: (z) => <span className="tabular-nums">{z.zip}</span>,
  },
  {
    key: "score",
    label: "Score",
    numeric: true,
    compare: byNumber((z) => z.score),
    cell: (z) => (
      <span className="block min-w-[12rem] text-right">
        <span className="font-semibold tabular-nums text-slate-900">{z.score}</span>
        <ZipReasons row={z} />
      </span>
    ),
  },
  {
    key: "place",
    label: "Place",
    compare: byText((z) => `${z.place}, ${z.state}`),
    cell: (z) => (
      <>
        {z.place}
        {z.state ? <span className="text-slate-500">, {z.state}</span> : null}
      </>
    ),
  },
  {
    key: "households",
    label: "Households",
    numeric: true,
    compare: byNumber((z) => z.households),
    cell: (z) => formatNumber(z.households),
  },
  {
    key: "ownerOccupied",
    label: "Owner-occupied",
    numeric: true,
    compare: byNumber((z) => z.ownerOccupied),
    cell: (z) => (
      <>
        {formatNumber(z.ownerOccupied)}
        <span className="block text-xs text-slate-500">{share(z.ownerOccupiedShare)}</span>
      </>
    ),
  },
  {
    key: "builtBefore1980Share",
    label: "Built before 1980",
    numeric: true,
    compare: byNumber((z) => z.builtBefore1980Share),
    cell: (z) => (
      <>
        {share(z.builtBefore1980Share)}
        {z.housingAgeSource === "area" ? (
          <span className="block text-xs text-slate-500">the area's: no tract of its own</span>
        ) : z.medianYearBuilt ? (
          <span className="block text-xs text-slate-500">median {z.medianYearBuilt}</span>
        ) : null}
      </>
    ),
  },
  {
    key: "income",
    label: "Income",
    numeric: true,
    // Per-capita incomes first; the ZIPs read on their county's median after them.
    compare: byNumber((z) => z.perCapitaIncome ?? null),
    cell: (z) =>
      z.perCapitaIncome != null ? (
        <>
          {formatCurrency(z.perCapitaIncome)}
          <span className="block text-xs text-slate-500">per capita</span>
        </>
      ) : z.medianIncome != null ? (
        <>
          {formatCurrency(z.medianIncome)}
          <span className="block text-xs text-slate-500">county median (no ZIP figure)</span>
        </>
      ) : (
        NOT_AVAILABLE
      ),
  },
  {
    key: "revenue",
    label: "Est. revenue / yr",
    numeric: true,
    compare: byNumber((z) => z.revenue),
    cell: (z) => formatCurrency(z.revenue),
  },
  {
    key: "contractors",
    label: "Contractors in ZIP",
    numeric: true,
    compare: byNumber((z) => z.contractors),
    cell: (z) => formatNumber(z.contractors),
  },
  {
    key: "contractorsNearby",
    label: `Contractors within ${ZIP_COMPETITION_RADIUS_MILES} mi`,
    numeric: true,
    compare: byNumber((z) => z.contractorsNearbyPer10k ?? null),
    cell: (z) =>
      z.contractorsNearby == null ? (
        NOT_AVAILABLE
      ) : (
        <>
          {formatNumber(z.contractorsNearby)}
          {z.contractorsNearbyPer10k != null ? (
            <span className="block text-xs text-slate-500">
              {formatDecimal(z.contractorsNearbyPer10k, 1, 1)} per 10,000 households
            </span>
          ) : null}
        </>
      ),
  },
  {
    key: "distanceMiles",
    label: "Distance",
    numeric: true,
    compare: byNumber((z) => z.distanceMiles),
    cell: (z) => formatMiles(z.distanceMiles),
  },
  {
    key: "serviceArea",
    label: "Service Area",
    compare: byText((z) => z.serviceArea),
    cell: (z) => <ServiceAreaBadge area={z.serviceArea} />,
  },
];

/** Best opportunity first; every column sorts. */
const BEST_FIRST: SortState<ZipColumn> = { key: "score", direction: "descending" };

const ZipScoreMap = lazy(() => import("./zip-score-map"));

/**
 * "42 ZIP areas in range: 18 primary, 24 secondary", and how many populated ZIP areas without
 * households were left out.
 */
export function zipAreasHeadline({
  count,
  primary,
  secondary,
  withoutHouseholds,
}: ZipAreasSummary): string {
  const left = withoutHouseholds
    ? ` (${formatNumber(withoutHouseholds)} without households left out)`
    : "";
  return `${formatNumber(count)} ZIP ${count === 1 ? "area" : "areas"} in range: ${formatNumber(primary)} primary, ${formatNumber(secondary)} secondary${left}`;
}

/**
 * A score's reasons: what raises it (+) and what lowers it (−), each with its figure; the
 * one-line `reasons` for rows without the groups (older servers).
 */
function ZipReasons({ row }: { row: ZipAreaRow }) {
  const groups = row.reasonGroups;
  if (!groups || groups.raises.length + groups.lowers.length === 0)
    return <span className="block text-xs font-normal text-slate-500">{row.reasons}</span>;
  return (
    <span className="block text-xs font-normal">
      {groups.raises.map((r) => (
        <span key={`+${r}`} className="block text-emerald-700">
          <span aria-hidden="true">+ </span>
          <span className="sr-only">Raises the score: </span>
          {r}
        </span>
      ))}
      {groups.lowers.map((r) => (
        <span key={`-${r}`} className="block text-red-700">
          <span aria-hidden="true">− </span>
          <span className="sr-only">Lowers the score: </span>
          {r}
        </span>
      ))}
    </span>
  );
}

/**
 * The server's files of the same rows, best score first: no `limit`, so each holds every ZIP area
 * the table lists (the caption says how many).
 */
const DOWNLOADS = [
  { format: "csv", label: "Download CSV", path: api.analyses.zipAreasCsvPath },
  { format: "xlsx", label: "Download XLSX", path: api.analyses.zipAreasXlsxPath },
] as const;

/** "Each file holds all 107 ZIP areas, best score first." */
export function zipDownloadsCaption(count: number): string {
  return count === 1
    ? "Each file holds the 1 ZIP area in range."
    : `Each file holds all ${formatNumber(count)} ZIP areas, best score first.`;
}

const boxClasses = "rounded-lg border border-slate-200 bg-slate-50 p-4 text-sm text-slate-600";

export function ZipAreasCard({
  analysisId,
  summary,
  target,
  primaryRadius,
  secondaryRadius,
}: {
  analysisId: string;
  /** The counts the analysis record keeps (absent on older records), shown while rows load. */
  summary?: ZipAreasSummary;
  /** The geocoded target: with it, the map of the ZIPs by score. */
  target?: MarketAnalysisData["target"];
  primaryRadius?: number;
  secondaryRadius?: number;
}) {
  const headingId = useId();
  const downloadsId = useId();
  const query = useZipAreas(analysisId);
  const rows = query.data?.rows;
  const counts = rows ? zipAreasSummary(rows, query.data?.withoutHouseholds) : summary;

  return (
    <section aria-labelledby={headingId} className="space-y-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div className="min-w-0">
          <h3 id={headingId} className="text-base font-semibold text-slate-900">
            ZIP Areas
          </h3>
          {counts ? <p className="text-sm text-slate-600">{zipAreasHeadline(counts)}</p> : null}
        </div>
        {rows && rows.length > 0 ? (
          <div className="flex flex-col items-start gap-1 sm:items-end">
            <div className="flex flex-wrap gap-2">
              {DOWNLOADS.map(({ format, label, path }) => (
                <a
                  key={format}
                  href={path(analysisId, { sort: "score" })}
                  download
                  aria-describedby={downloadsId}
                  className={buttonClasses({ variant: "outline", size: "sm" })}
                >
                  <Download className="size-4" aria-hidden="true" />
                  {label}
                </a>
              ))}
            </div>
            <p id={downloadsId} className="text-xs text-slate-600">
              {zipDownloadsCaption(rows.length)}
            </p>
          </div>
        ) : null}
      </div>
      {query.data ? (
        <div className="flex flex-wrap items-center gap-x-4 gap-y-2 text-xs text-slate-600">
          <span className="flex items-start gap-1.5">
            ZIP Code Tabulation Areas, U.S. Census Bureau ({query.data.provenance.vintage})
            <ProvenanceBadge provenance={query.data.provenance} subject="ZIP area figures" />
          </span>
        </div>
      ) : null}
      {query.isPending ? (
        <div className={`${boxClasses} flex items-center gap-3 text-brand-700`}>
          <Spinner size="sm" label="Loading ZIP areas" />
          <span className="text-slate-600">Loading ZIP areas...</span>
        </div>
      ) : query.isError ? (
        <div
          role="alert"
          className="flex flex-wrap items-center justify-between gap-3 rounded-lg border border-red-200 bg-red-50 p-4 text-sm text-red-800"
        >
          <span>
            Failed to load the ZIP areas: {errorMessage(query.error, "ZIP areas not available")}
          </span>
          <RetryButton queries={[query]} size="sm" />
        </div>
      ) : rows && rows.length > 0 ? (
        <>
          {target && primaryRadius && secondaryRadius ? (
            <Suspense
              fallback={<div className="h-80 rounded-lg border border-slate-200 bg-slate-100" />}
            >
              <ZipScoreMap
                target={target}
                primaryRadiusMiles={primaryRadius}
                secondaryRadiusMiles={secondaryRadius}
                rows={rows}
              />
            </Suspense>
          ) : null}
          <SortableTable
            columns={COLUMNS}
            rows={rows}
            rowKey={(z) => z.zip}
            caption="ZIP areas in the service area"
            regionLabel="ZIP Areas table"
            initialSort={BEST_FIRST}
            minWidthClass="min-w-[72rem]"
          />
        </>
      ) : (
        <p className={boxClasses}>No ZIP area lies within the service area.</p>
      )}
    </section>
  );
}
