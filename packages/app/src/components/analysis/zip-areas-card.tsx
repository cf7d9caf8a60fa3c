/**
 * The ZIP areas of the service area (issue 11), below the city table in section 1: every ZIP
 * Code Tabulation Area in range with its main place, population, housing units, distance and
 * service area, sortable by any column, with its source and grade, and the server's CSV of the
 * same rows. The record keeps only the counts; the rows load from
 * GET /api/analyses/{id}/zip-areas.
 */
import { errorMessage, type ZipAreaRow, type ZipAreasSummary, zipAreasSummary } from "@bis/sdk";
import { Download } from "lucide-react";
import { useId } from "react";
import { useZipAreas } from "../../hooks/use-analyses";
import { api } from "../../lib/api";
import { formatMiles, formatNumber } from "../../lib/format";
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

type ZipColumn = "zip" | "place" | "population" | "housingUnits" | "distanceMiles" | "serviceArea";

const COLUMNS: readonly SortableColumn<ZipAreaRow, ZipColumn>[] = [
  {
    key: "zip",
    label: "ZIP",
    rowHeader: true,
    compare: byText((z) => z.zip),
    cell: (z) => <span className="tabular-nums">{z.zip}</span>,
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
    key: "population",
    label: "Population",
    numeric: true,
    compare: byNumber((z) => z.population),
    cell: (z) => formatNumber(z.population),
  },
  {
    key: "housingUnits",
    label: "Housing Units",
    numeric: true,
    compare: byNumber((z) => z.housingUnits),
    cell: (z) => formatNumber(z.housingUnits),
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

/** The server sends the rows nearest first. */
const NEAREST_FIRST: SortState<ZipColumn> = { key: "distanceMiles", direction: "ascending" };

/** "42 ZIP areas in range: 18 primary, 24 secondary". */
export function zipAreasHeadline({ count, primary, secondary }: ZipAreasSummary): string {
  return `${formatNumber(count)} ZIP ${count === 1 ? "area" : "areas"} in range: ${formatNumber(primary)} primary, ${formatNumber(secondary)} secondary`;
}

const boxClasses = "rounded-lg border border-slate-200 bg-slate-50 p-4 text-sm text-slate-600";

export function ZipAreasCard({
  analysisId,
  summary,
}: {
  analysisId: string;
  /** The counts the analysis record keeps (absent on older records), shown while rows load. */
  summary?: ZipAreasSummary;
}) {
  const headingId = useId();
  const query = useZipAreas(analysisId);
  const rows = query.data?.rows;
  const counts = rows ? zipAreasSummary(rows) : summary;

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
          <a
            href={api.analyses.zipAreasCsvPath(analysisId)}
            download
            className={buttonClasses({ variant: "outline", size: "sm" })}
          >
            <Download className="size-4" aria-hidden="true" />
            Download CSV
          </a>
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
        <SortableTable
          columns={COLUMNS}
          rows={rows}
          rowKey={(z) => z.zip}
          caption="ZIP areas in the service area"
          regionLabel="ZIP Areas table"
          initialSort={NEAREST_FIRST}
          minWidthClass="min-w-[40rem]"
        />
      ) : (
        <p className={boxClasses}>No ZIP area lies within the service area.</p>
      )}
    </section>
  );
}
