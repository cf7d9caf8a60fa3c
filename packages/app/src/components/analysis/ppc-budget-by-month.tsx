/**
 * The PPC budget by month (keyword research, results page section 2): the yearly budget — 12 ×
 * the monthly one — spread over the months as the keywords' searches × CPC fall, in whole dollars
 * summing exactly to it (the SDK's ppcBudgetByMonth, the figures the PDF and the CLI print too).
 * Bars, and the same figures as a table for screen readers and exact values. Records without
 * monthly searches (older ones) show nothing.
 */
import {
  formatWholeDollars,
  type KeywordResearchData,
  MONTH_ABBREVIATIONS,
  MONTH_NAMES,
  type PpcTable,
  peakMonth,
  ppcBudgetByMonth,
} from "@bis/sdk";
import { useId, useState } from "react";
import { cn } from "../../lib/cn";
import { MonthHeaderCells } from "./month-header-cells";
import { ProvenanceBadge } from "./provenance-badge";

const WIDTH = 600;
const HEIGHT = 160;
const PAD = { top: 8, right: 8, bottom: 22, left: 8 };

function Bars({ months, peak }: { months: number[]; peak: number }) {
  const max = Math.max(1, ...months);
  const plotH = HEIGHT - PAD.top - PAD.bottom;
  const slot = (WIDTH - PAD.left - PAD.right) / 12;
  const barW = slot * 0.7;
  return (
    <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} className="h-auto w-full" role="img">
      <title>{`PPC budget by month, January to December: ${months.map((v, i) => `${MONTH_NAMES[i]} ${formatWholeDollars(v)}`).join(", ")}`}</title>
      {MONTH_ABBREVIATIONS.map((m, i) => {
        const h = ((months[i] ?? 0) / max) * plotH;
        const x = PAD.left + i * slot + (slot - barW) / 2;
        return (
          <g key={m}>
            <rect
              x={x}
              y={PAD.top + plotH - h}
              width={barW}
              height={h}
              fill={i === peak ? "#0369a1" : "#7dd3fc"}
            />
            <text x={x + barW / 2} y={HEIGHT - 6} textAnchor="middle" fontSize="11" fill="#475569">
              {m}
            </text>
          </g>
        );
      })}
    </svg>
  );
}

export function PpcBudgetByMonth({ data, table }: { data: KeywordResearchData; table: PpcTable }) {
  const headingId = useId();
  const [view, setView] = useState<"chart" | "table">("chart");
  const byMonth = ppcBudgetByMonth(table);
  if (!byMonth) return null;
  const peak = peakMonth(byMonth.months) ?? 0;
  const sources = [data.seasonality?.measured, data.seasonality?.modeled].filter(
    (p): p is NonNullable<typeof p> => Boolean(p),
  );
  return (
    <section aria-labelledby={headingId} className="space-y-2" data-testid="ppc-budget-by-month">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <h3 id={headingId} className="text-base font-semibold text-slate-900">
            PPC Budget by Month
          </h3>
          <p className="text-sm text-slate-600">
            {formatWholeDollars(byMonth.yearly)} a year (12 × the monthly budget), spread as the
            keywords' searches fall: most in {MONTH_NAMES[peak]} (
            {formatWholeDollars(byMonth.months[peak] ?? 0)}), least in{" "}
            {MONTH_NAMES[byMonth.months.indexOf(Math.min(...byMonth.months))]} (
            {formatWholeDollars(Math.min(...byMonth.months))}).
          </p>
        </div>
        <fieldset className="inline-flex rounded-md border border-slate-200 text-xs">
          <legend className="sr-only">Show the budget by month as</legend>
          {(["chart", "table"] as const).map((v) => (
            <button
              key={v}
              type="button"
              aria-pressed={view === v}
              onClick={() => setView(v)}
              className={cn(
                "px-3 py-1.5 first:rounded-l-md last:rounded-r-md focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500",
                view === v
                  ? "bg-brand-700 text-white"
                  : "bg-white text-slate-700 hover:bg-slate-50",
              )}
            >
              {v === "chart" ? "Chart" : "Table"}
            </button>
          ))}
        </fieldset>
      </div>
      {view === "chart" ? (
        <Bars months={byMonth.months} peak={peak} />
      ) : (
        <div className="overflow-x-auto rounded-lg border border-slate-200">
          <table className="min-w-full text-xs tabular-nums">
            <caption className="sr-only">
              PPC budget by month, January to December, then the year
            </caption>
            <thead className="bg-slate-50 text-slate-600">
              <tr>
                <MonthHeaderCells />
              </tr>
            </thead>
            <tbody>
              <tr>
                {byMonth.months.map((v, i) => (
                  <td
                    key={MONTH_NAMES[i]}
                    className={cn(
                      "px-2 py-1 text-right",
                      i === peak && "bg-brand-50 text-brand-900",
                    )}
                  >
                    {formatWholeDollars(v)}
                  </td>
                ))}
                <td className="px-2 py-1 text-right font-semibold">
                  {formatWholeDollars(byMonth.yearly)}
                </td>
              </tr>
            </tbody>
          </table>
        </div>
      )}
      {sources.length > 0 ? (
        <p className="flex flex-wrap items-start gap-x-4 gap-y-1 text-xs text-slate-600">
          {sources.map((p) => (
            <span key={p.grade} className="flex items-start gap-1.5">
              Monthly searches
              <ProvenanceBadge provenance={p} subject="Monthly searches" />
            </span>
          ))}
        </p>
      ) : null}
    </section>
  );
}
