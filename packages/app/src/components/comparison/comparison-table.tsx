/**
 * The comparison table (issue 16): one column per market, best opportunity first; one row per
 * figure (the SDK's COMPARISON_ROWS), each cell with its grade. The best value of a row is
 * marked with a trophy and the word "Best" (not by colour alone). "Premium" marks a figure the
 * analysis has not bought; "Not run yet" a premium step not run.
 */
import { comparisonCellText, type ComparisonTable as Table } from "@bis/sdk";
import { Sparkles, Trophy } from "lucide-react";
import { Link } from "react-router";
import { cn } from "../../lib/cn";
import { GRADE_LABELS } from "../analysis/provenance-badge";
import { Badge } from "../ui/badge";

export function ComparisonTable({ table }: { table: Table }) {
  return (
    <section
      aria-label="Markets side by side (scrolls sideways)"
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard
      tabIndex={0}
      className="overflow-x-auto rounded-lg border border-slate-200 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500"
    >
      <table className="w-full min-w-max border-collapse text-sm">
        <caption className="sr-only">
          {`${table.markets.length} markets ranked by opportunity score; the best value of each row is marked Best.`}
        </caption>
        <thead>
          <tr className="bg-slate-50">
            <th
              scope="col"
              className="sticky left-0 bg-slate-50 p-3 text-left font-semibold text-slate-700"
            >
              Figure
            </th>
            {table.markets.map((m, i) => (
              <th key={m.analysisId} scope="col" className="min-w-40 p-3 text-right align-bottom">
                <span className="block text-xs font-semibold tracking-wide text-slate-500 uppercase">
                  {table.ranks[i] === null ? "Unranked" : `Rank ${table.ranks[i]}`}
                </span>
                {table.rankBasis && table.rankScores[i] != null ? (
                  <span className="block text-xs text-slate-500">
                    {`${table.rankScores[i]} like for like`}
                  </span>
                ) : null}
                <Link
                  to={`/analysis/${encodeURIComponent(m.analysisId)}`}
                  className="font-semibold text-brand-800 underline-offset-2 hover:underline"
                >
                  {m.location}
                </Link>
                <span className="mt-1 flex justify-end">
                  {m.isPaid ? (
                    <Badge tone="premium">
                      <Sparkles className="mr-1 size-3.5" aria-hidden="true" />
                      Premium
                    </Badge>
                  ) : (
                    <Badge tone="neutral">Free</Badge>
                  )}
                </span>
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {table.rows.map(({ row, cells, best }) => (
            <tr key={row.key} className="border-t border-slate-100" data-row={row.key}>
              <th
                scope="row"
                className="sticky left-0 bg-white p-3 text-left font-medium text-slate-800"
              >
                {row.label}
                <span className="block text-xs font-normal text-slate-500">{row.description}</span>
              </th>
              {cells.map((c, i) => (
                <td
                  key={table.markets[i]?.analysisId ?? i}
                  className={cn(
                    "p-3 text-right align-top tabular-nums",
                    best[i] ? "bg-emerald-50 font-semibold text-emerald-900" : "text-slate-800",
                    c.status === "value" ? "" : "text-slate-500",
                  )}
                >
                  <span className="inline-flex items-center gap-1">
                    {best[i] ? <Trophy className="size-3.5" aria-hidden="true" /> : null}
                    {comparisonCellText(row, c)}
                  </span>
                  {best[i] ? (
                    <span className="block text-xs font-semibold text-emerald-800">Best</span>
                  ) : null}
                  {c.grade ? (
                    <span className="block text-xs font-normal text-slate-500">
                      {GRADE_LABELS[c.grade]}
                    </span>
                  ) : null}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
