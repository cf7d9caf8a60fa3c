/**
 * Service Market Analysis (section 1 of the results page): a card per service with its estimated
 * revenue, annual jobs, average cost and market penetration (whole percent), or the yellow
 * "Service breakdown data not available" notice with the counts that explain it.
 */
import type { FigureProvenance, ServiceBreakdownEntry } from "@bis/sdk";
import { TriangleAlert, Wrench } from "lucide-react";
import { formatCurrency, formatNumber, formatWholePercent } from "../../lib/format";
import { ProvenanceBadge } from "./provenance-badge";

function Stat({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <dt className="text-xs text-slate-500">{label}</dt>
      <dd className="font-semibold text-slate-900 tabular-nums">{value}</dd>
    </div>
  );
}

export function ServiceBreakdown({
  services,
  provenance,
  debug,
}: {
  services: readonly ServiceBreakdownEntry[];
  provenance?: FigureProvenance;
  /** Shown in the notice when there are no services. */
  debug: { households: number | null; cities: number; industry: string };
}) {
  return (
    <div className="space-y-3">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <h3 className="text-base font-semibold text-slate-900">Service Market Analysis</h3>
        <ProvenanceBadge provenance={provenance} subject="Service revenue" />
      </div>
      {services.length === 0 ? (
        <div
          role="note"
          className="flex gap-3 rounded-lg border border-yellow-300 bg-yellow-50 p-4 text-sm text-yellow-900"
        >
          <TriangleAlert className="size-5 shrink-0" aria-hidden="true" />
          <div className="space-y-1">
            <p className="font-semibold">Service breakdown data not available</p>
            <p>
              Debug: services {services.length}, cities {formatNumber(debug.cities)}, households{" "}
              {formatNumber(debug.households)}, industry {debug.industry || "N/A"}.
            </p>
          </div>
        </div>
      ) : (
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {services.map((service) => (
            <li
              key={service.serviceId ?? service.serviceName}
              className="flex flex-col gap-3 rounded-lg border border-slate-200 bg-white p-4"
            >
              <h4 className="flex items-center gap-2 font-semibold text-slate-900">
                <Wrench className="size-4 text-brand-700" aria-hidden="true" />
                {service.serviceName}
              </h4>
              <dl className="grid grid-cols-2 gap-3 text-sm">
                <Stat label="Estimated Revenue" value={formatCurrency(service.estimatedRevenue)} />
                <Stat label="Annual Jobs" value={formatNumber(service.annualJobs)} />
                <Stat label="Average Cost" value={formatCurrency(service.averageCost)} />
                <Stat
                  label="Market Penetration"
                  value={formatWholePercent(service.marketPenetration)}
                />
              </dl>
              {service.formula ? (
                <p className="mt-auto text-xs break-words text-slate-500">
                  <span className="font-medium">How: </span>
                  {service.formula}
                </p>
              ) : null}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
