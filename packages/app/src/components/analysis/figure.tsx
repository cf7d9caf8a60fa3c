import type { FigureProvenance, Provenance } from "@bis/sdk";
import type { ReactNode } from "react";
import { ProvenanceBadge } from "./provenance-badge";

/** One headline figure: label, value and the badge with its source and grade. */
export function Figure({
  label,
  value,
  icon,
  provenance,
  note,
}: {
  label: string;
  value: string;
  icon?: ReactNode;
  provenance?: FigureProvenance | Provenance | null;
  note?: ReactNode;
}) {
  return (
    <div className="flex min-w-0 flex-col gap-1 rounded-lg border border-slate-200 bg-slate-50 p-4">
      <dt className="flex items-center gap-2 text-sm font-medium text-slate-600">
        {icon}
        {label}
      </dt>
      <dd className="text-2xl font-bold tracking-tight break-words text-slate-900">{value}</dd>
      {note ? <dd className="text-xs text-slate-500">{note}</dd> : null}
      {provenance ? (
        <dd>
          <ProvenanceBadge provenance={provenance} subject={label} />
        </dd>
      ) : null}
    </div>
  );
}
