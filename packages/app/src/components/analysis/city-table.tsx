/**
 * The city-by-city breakdown (specification §2, section 1): city, population, housing units,
 * service-area badge and distance, sortable by any column. It is also the map's text
 * alternative. When the server kept fewer rows than the cities in range it says "N of M cities".
 */
import type { CityBreakdownEntry, FigureProvenance } from "@bis/sdk";
import { ArrowDown, ArrowUp, ArrowUpDown } from "lucide-react";
import { useMemo, useState } from "react";
import { cn } from "../../lib/cn";
import { formatMiles, formatNumber } from "../../lib/format";
import { ProvenanceBadge } from "./provenance-badge";

type SortKey = "name" | "population" | "housingUnits" | "serviceArea" | "distanceMiles";
type Direction = "ascending" | "descending";

const COLUMNS: { key: SortKey; label: string; numeric: boolean }[] = [
  { key: "name", label: "City", numeric: false },
  { key: "population", label: "Population", numeric: true },
  { key: "housingUnits", label: "Housing Units", numeric: true },
  { key: "serviceArea", label: "Service Area", numeric: false },
  { key: "distanceMiles", label: "Distance", numeric: true },
];

export function cityName(city: CityBreakdownEntry): string {
  return city.name || city.cityName || "Unnamed place";
}

function compare(a: CityBreakdownEntry, b: CityBreakdownEntry, key: SortKey): number {
  if (key === "name") return cityName(a).localeCompare(cityName(b));
  if (key === "serviceArea") return a.serviceArea.localeCompare(b.serviceArea);
  const x = a[key] ?? Number.NEGATIVE_INFINITY;
  const y = b[key] ?? Number.NEGATIVE_INFINITY;
  return x - y;
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
  const [sort, setSort] = useState<{ key: SortKey; direction: Direction } | null>(null);

  const rows = useMemo(() => {
    if (!sort) return cities;
    const sign = sort.direction === "ascending" ? 1 : -1;
    return [...cities].sort((a, b) => sign * compare(a, b, sort.key));
  }, [cities, sort]);

  const total = citiesInRange ?? cities.length;
  const capped = total > cities.length;

  const toggle = (key: SortKey, numeric: boolean) =>
    setSort((current) => {
      if (current?.key === key) {
        return {
          key,
          direction: current.direction === "ascending" ? "descending" : "ascending",
        };
      }
      return { key, direction: numeric ? "descending" : "ascending" };
    });

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
        <div className="max-h-[32rem] overflow-auto rounded-lg border border-slate-200">
          <table className="w-full min-w-[36rem] text-left text-sm">
            <caption className="sr-only">
              Cities in the service area
              {sort
                ? `, sorted by ${COLUMNS.find((c) => c.key === sort.key)?.label} ${sort.direction}`
                : ""}
            </caption>
            <thead className="sticky top-0 bg-slate-100 text-slate-700">
              <tr>
                {COLUMNS.map((col) => {
                  const active = sort?.key === col.key;
                  const Icon = !active
                    ? ArrowUpDown
                    : sort.direction === "ascending"
                      ? ArrowUp
                      : ArrowDown;
                  return (
                    <th
                      key={col.key}
                      scope="col"
                      aria-sort={active ? sort.direction : undefined}
                      className={cn(
                        "px-3 py-2 font-semibold whitespace-nowrap",
                        col.numeric && "text-right",
                      )}
                    >
                      <button
                        type="button"
                        onClick={() => toggle(col.key, col.numeric)}
                        className={cn(
                          "inline-flex items-center gap-1 rounded hover:text-slate-900 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500",
                          col.numeric && "flex-row-reverse",
                        )}
                      >
                        {col.label}
                        <Icon className="size-3.5" aria-hidden="true" />
                      </button>
                    </th>
                  );
                })}
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {rows.map((city) => (
                <tr key={rowKey(city)} className="bg-white">
                  <th scope="row" className="px-3 py-2 font-medium text-slate-900">
                    {cityName(city)}
                    {city.state ? <span className="text-slate-500">, {city.state}</span> : null}
                  </th>
                  <td className="px-3 py-2 text-right tabular-nums">
                    {formatNumber(city.population)}
                  </td>
                  <td className="px-3 py-2 text-right tabular-nums">
                    {formatNumber(city.housingUnits)}
                  </td>
                  <td className="px-3 py-2">
                    <ServiceAreaBadge area={city.serviceArea} />
                  </td>
                  <td className="px-3 py-2 text-right tabular-nums">
                    {formatMiles(city.distanceMiles)}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}
