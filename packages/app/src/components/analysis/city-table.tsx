/**
 * The city-by-city breakdown (section 1 of the results page): city, population, housing units,
 * service-area badge and distance, sortable by any column. It is also the map's text
 * alternative. When the server kept fewer rows than the cities in range it says "N of M cities".
 */
import type { CityBreakdownEntry, FigureProvenance } from "@bis/sdk";
import { cn } from "../../lib/cn";
import { formatMiles, formatNumber } from "../../lib/format";
import { ProvenanceBadge } from "./provenance-badge";
import { byNumber, byText, type SortableColumn, SortableTable } from "./sortable-table";

const COLUMNS: readonly SortableColumn<CityBreakdownEntry>[] = [
  {
    key: "name",
    label: "City",
    rowHeader: true,
    compare: byText(cityName),
    cell: (city) => (
      <>
        {cityName(city)}
        {city.state ? <span className="text-slate-500">, {city.state}</span> : null}
      </>
    ),
  },
  {
    key: "population",
    label: "Population",
    numeric: true,
    compare: byNumber((c) => c.population),
    cell: (city) => formatNumber(city.population),
  },
  {
    key: "housingUnits",
    label: "Housing Units",
    numeric: true,
    compare: byNumber((c) => c.housingUnits),
    cell: (city) => formatNumber(city.housingUnits),
  },
  {
    key: "serviceArea",
    label: "Service Area",
    compare: byText((c) => c.serviceArea),
    cell: (city) => <ServiceAreaBadge area={city.serviceArea} />,
  },
  {
    key: "distanceMiles",
    label: "Distance",
    numeric: true,
    compare: byNumber((c) => c.distanceMiles),
    cell: (city) => formatMiles(city.distanceMiles),
  },
];

export function cityName(city: CityBreakdownEntry): string {
  return city.name || city.cityName || "Unnamed place";
}

/** Places may share a name within a state; their coordinates tell them apart. */
function rowKey(city: CityBreakdownEntry): string {
  return [cityName(city), city.state, city.lat, city.lon, city.distanceMiles].join("|");
}

export function ServiceAreaBadge({ area }: { area: CityBreakdownEntry["serviceArea"] }) {
  return (
    <span
      className={cn(
        "inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold",
        area === "primary" ? "bg-brand-100 text-brand-800" : "bg-emerald-100 text-emerald-800",
      )}
    >
      {area === "primary" ? "Primary" : "Secondary"}
    </span>
  );
}

export function CityTable({
  id,
  cities,
  citiesInRange,
  provenance,
  dataSourceLabel,
}: {
  id?: string;
  cities: readonly CityBreakdownEntry[];
  /** All cities in range (marketSummary.citiesInRange); rows may be capped below it. */
  citiesInRange?: number | null;
  provenance?: { population?: FigureProvenance; housingUnits?: FigureProvenance };
  dataSourceLabel?: string;
}) {
  const total = citiesInRange ?? cities.length;
  const capped = total > cities.length;

  return (
    <div id={id} className="space-y-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 className="text-base font-semibold text-slate-900">City-by-City Breakdown</h3>
        <p className="text-sm text-slate-600">
          {capped
            ? `${formatNumber(cities.length)} of ${formatNumber(total)} cities`
            : `${formatNumber(cities.length)} ${cities.length === 1 ? "city" : "cities"}`}
        </p>
      </div>
      {capped ? (
        <p className="text-xs text-slate-500">
          The most populous {formatNumber(cities.length)} cities are listed; the totals above count
          all {formatNumber(total)} cities in range.
        </p>
      ) : null}
      <div className="flex flex-wrap items-center gap-x-4 gap-y-2 text-xs text-slate-600">
        {dataSourceLabel ? <span>Data: {dataSourceLabel}</span> : null}
        {provenance?.population ? (
          <span className="flex items-start gap-1.5">
            Population
            <ProvenanceBadge provenance={provenance.population} subject="City populations" />
          </span>
        ) : null}
        {provenance?.housingUnits ? (
          <span className="flex items-start gap-1.5">
            Housing units
            <ProvenanceBadge provenance={provenance.housingUnits} subject="City housing units" />
          </span>
        ) : null}
      </div>
      {cities.length === 0 ? (
        <p className="rounded-lg border border-slate-200 bg-slate-50 p-4 text-sm text-slate-600">
          No cities were found within the service area.
        </p>
      ) : (
        <SortableTable
          columns={COLUMNS}
          rows={cities}
          rowKey={rowKey}
          caption="Cities in the service area"
          regionLabel="City-by-City Breakdown table"
        />
      )}
    </div>
  );
}
