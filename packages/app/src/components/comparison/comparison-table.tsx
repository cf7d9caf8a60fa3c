/**
 * The comparison table: one column per market, best opportunity first; one row per
 * figure (the SDK's COMPARISON_ROWS), each cell with its grade. The best value of a row is
 * marked with a trophy and the word "Best" (not by colour alone). "Premium" marks a figure the
 * analysis has not bought; "Not run yet" a premium step not run.
 *
 * Below 640 px the same figures come as one card per market, stacked: a table whose
 * pinned first column fills a phone's width shows no market at all.
 */
import { comparisonCellText, type ComparisonTable as Table } from "@bis/sdk";
import { Sparkles, Trophy } from "lucide-react";
import { Link } from "react-router";
import { cn } from "../../lib/cn";
import { GRADE_LABELS } from "../analysis/provenance-badge";
import { Badge } from "../ui/badge";

export function ComparisonTable({ table }: { table: Table }) {
  return (
    <>
      <ComparisonCards table={table} />
      <SideBySide table={table} />
    </>
  );
}

function RankLine({ table, index }: { table: Table; index: number }) {
  return (
    <span className="block text-xs font-semibold tracking-wide text-slate-500 uppercase">
      {table.ranks[index] === null ? "Unranked" : `Rank ${table.ranks[index]}`}
    </span>
  );
}

function PaidBadge({ paid }: { paid: boolean }) {
  return paid ? (
    <Badge tone="premium">
      <Sparkles className="mr-1 size-3.5" aria-hidden="true" />
      Premium
    </Badge>
  ) : (
    <Badge tone="neutral">Free</Badge>
  );
}

/** A cell's value, "Best" and grade (the table's cell and the card's line alike). */
function CellValue({ table, rowIndex, index }: { table: Table; rowIndex: number; index: number }) {
  const line = table.rows[rowIndex];
  const cell = line?.cells[index];
  if (!line || !cell) return null;
  const best = line.best[index];
  return (
    <>
      <span className="inline-flex items-center gap-1">
        {best ? <Trophy className="size-3.5" aria-hidden="true" /> : null}
        {comparisonCellText(line.row, cell)}
      </span>
      {best ? <span className="block text-xs font-semibold text-emerald-800">Best</span> : null}
      {cell.grade ? (
        <span className="block text-xs font-normal text-slate-500">{GRADE_LABELS[cell.grade]}</span>
      ) : null}
    </>
  );
}

/** Phones: one card per market, every figure on its own line. */
function ComparisonCards({ table }: { table: Table }) {
  return (
    <ol aria-label="Markets, best opportunity first" className="space-y-4 sm:hidden">
      {table.markets.map((m, i) => (
        <li key={m.analysisId}>
          <article
            aria-label={m.location}
            data-market={m.analysisId}
            className="rounded-lg border border-slate-200 bg-white"
          >
            <header className="flex items-start justify-between gap-2 border-b border-slate-100 bg-slate-50 p-3">
              <div>
                <RankLine table={table} index={i} />
                <Link
                  to={`/analysis/${encodeURIComponent(m.analysisId)}`}
                  className="font-semibold text-brand-800 underline-offset-2 hover:underline"
                >
                  {m.location}
                </Link>
              </div>
              <PaidBadge paid={m.isPaid} />
            </header>
            <dl className="divide-y divide-slate-100 text-sm">
              {table.rows.map(({ row, best }, r) => (
                <div
                  key={row.key}
                  data-row={row.key}
                  className={cn(
                    "flex items-start justify-between gap-3 p-3",
                    best[i] ? "bg-emerald-50" : "",
                  )}
                >
                  <dt className="font-medium text-slate-800">{row.label}</dt>
                  <dd
                    className={cn(
                      "text-right tabular-nums",
                      best[i] ? "font-semibold text-emerald-900" : "text-slate-800",
                    )}
                  >
                    <CellValue table={table} rowIndex={r} index={i} />
                  </dd>
                </div>
              ))}
            </dl>
          </article>
        </li>
      ))}
    </ol>
  );
}

function SideBySide({ table }: { table: Table }) {
  return (
    <section
      aria-label="Markets side by side (scrolls sideways)"
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard
      tabIndex={0}
      className="hidden overflow-x-auto rounded-lg border border-slate-200 focus-visible:outline-none sm:block focus-visible:ring-2 focus-visible:ring-brand-500"
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
                <RankLine table={table} index={i} />
                <Link
                  to={`/analysis/${encodeURIComponent(m.analysisId)}`}
                  className="font-semibold text-brand-800 underline-offset-2 hover:underline"
                >
                  {m.location}
                </Link>
                <span className="mt-1 flex justify-end">
                  <PaidBadge paid={m.isPaid} />
                </span>
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {table.rows.map(({ row, cells, best }, r) => (
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
                  <CellValue table={table} rowIndex={r} index={i} />
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
