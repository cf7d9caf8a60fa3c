/**
 * Every figure carries its source and grade (DESIGN: "honest labels"). The badge says the grade
 * ("Measured", "Modeled", "Sample"); opening it (a native <details>, so keyboard and screen
 * readers work without extra code) shows the source, vintage and method.
 */
import type { DataGrade, FigureProvenance, Provenance } from "@bis/sdk";
import { Info } from "lucide-react";
import { cn } from "../../lib/cn";

export const GRADE_LABELS: Record<DataGrade, string> = {
  measured: "Measured",
  modeled: "Modeled",
  sample: "Sample",
};

const GRADE_TONES: Record<DataGrade, string> = {
  measured: "bg-emerald-100 text-emerald-800 ring-emerald-200",
  modeled: "bg-brand-100 text-brand-800 ring-brand-200",
  sample: "bg-amber-100 text-amber-900 ring-amber-300",
};

const GRADE_MEANINGS: Record<DataGrade, string> = {
  measured: "from a data source for exactly this area",
  modeled: "computed from measured inputs by a documented formula",
  sample: "demonstration data, not real figures",
};

export function ProvenanceBadge({
  provenance,
  subject,
  className,
}: {
  provenance: FigureProvenance | Provenance | undefined | null;
  /** What the figures are, for screen readers: "Total Population". */
  subject?: string;
  className?: string;
}) {
  if (!provenance) return null;
  const { grade } = provenance;
  const method = "method" in provenance ? provenance.method : undefined;
  return (
    <details className={cn("group text-xs", className)} data-grade={grade}>
      <summary
        className={cn(
          "inline-flex cursor-pointer list-none items-center gap-1 rounded-full px-2 py-0.5 font-semibold ring-1 ring-inset",
          "focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500 [&::-webkit-details-marker]:hidden",
          GRADE_TONES[grade],
        )}
      >
        {subject ? <span className="sr-only">{subject}: </span> : null}
        {GRADE_LABELS[grade]}
        <span className="sr-only">, show sources</span>
        <Info className="size-3" aria-hidden="true" />
      </summary>
      <dl className="mt-2 space-y-1 rounded-md border border-slate-200 bg-white p-2 text-slate-700 shadow-sm">
        <div>
          <dt className="inline font-semibold">Grade: </dt>
          <dd className="inline">
            {GRADE_LABELS[grade]}, {GRADE_MEANINGS[grade]}
          </dd>
        </div>
        <div>
          <dt className="inline font-semibold">Source: </dt>
          <dd className="inline break-words">{provenance.source}</dd>
        </div>
        <div>
          <dt className="inline font-semibold">Vintage: </dt>
          <dd className="inline">{provenance.vintage}</dd>
        </div>
        {method ? (
          <div>
            <dt className="inline font-semibold">Method: </dt>
            <dd className="inline break-words">{method}</dd>
          </div>
        ) : null}
      </dl>
    </details>
  );
}
