/**
 * The market's year (section 1 of the results page): revenue by month as stacked bars, one
 * colour per kind of season the services follow (cooling months, heating months, tune-up
 * seasons, the even rest), and the same figures as a table (jobs or revenue per service and
 * month) for screen readers and for reading exact values. Hand-drawn SVG, no chart library.
 * The figures are the SDK's `monthlyTable`, the same the PDF, the CLI and the exports print.
 * Older records carry no months: nothing is shown.
 */
import {
  type MarketSeasons,
  MONTH_ABBREVIATIONS,
  MONTH_NAMES,
  monthlyTable,
  SEASONS_TITLE,
  type SeasonMetric,
  seasonsHeadline,
  shapeLabel,
} from "@bis/sdk";
import { useId, useState } from "react";
import { cn } from "../../lib/cn";
import { formatCompactCurrency, formatCurrency, formatNumber } from "../../lib/format";
import { MonthHeaderCells } from "./month-header-cells";
import { ProvenanceBadge } from "./provenance-badge";

/** Bar colours by group, in the order the groups first appear. */
const PALETTE = ["#0ea5e9", "#f97316", "#8b5cf6", "#10b981", "#94a3b8", "#eab308"];

const WIDTH = 600;
const HEIGHT = 200;
const PAD = { top: 10, right: 8, bottom: 22, left: 52 };

/** Revenue by month summed per group of services following the same season. */
function groups(seasons: MarketSeasons): { label: string; color: string; months: number[] }[] {
  const out: { label: string; color: string; months: number[] }[] = [];
  for (const s of seasons.services) {
    let g = out.find((x) => x.label === s.follows);
    if (!g) {
      g = {
        label: s.follows,
        color: PALETTE[out.length % PALETTE.length] as string,
        months: new Array(12).fill(0),
      };
      out.push(g);
    }
    for (let i = 0; i < 12; i++) g.months[i] = (g.months[i] as number) + (s.revenue[i] ?? 0);
  }
  return out.filter((g) => g.months.some((v) => v > 0));
}

function Bars({ seasons, title }: { seasons: MarketSeasons; title: string }) {
  const stacks = groups(seasons);
  const max = Math.max(1, ...seasons.revenue);
  const plotW = WIDTH - PAD.left - PAD.right;
  const plotH = HEIGHT - PAD.top - PAD.bottom;
  const slot = plotW / 12;
  const barW = slot * 0.7;
  const y = (v: number) => (v / max) * plotH;
  return (
    <figure className="space-y-2">
      <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} className="h-auto w-full" role="img">
        <title>{title}</title>
        {[0, 0.5, 1].map((f) => (
          <g key={f}>
            <line
              x1={PAD.left}
              x2={WIDTH - PAD.right}
              y1={PAD.top + plotH - f * plotH}
              y2={PAD.top + plotH - f * plotH}
              stroke="#e2e8f0"
            />
            <text
              x={PAD.left - 6}
              y={PAD.top + plotH - f * plotH + 4}
              textAnchor="end"
              fontSize="11"
              fill="#64748b"
            >
              {formatCompactCurrency(max * f)}
            </text>
          </g>
        ))}
        {MONTH_ABBREVIATIONS.map((m, i) => {
          let base = PAD.top + plotH;
          const x = PAD.left + i * slot + (slot - barW) / 2;
          return (
            <g key={m}>
              {stacks.map((g) => {
                const h = y(g.months[i] ?? 0);
                base -= h;
                return <rect key={g.label} x={x} y={base} width={barW} height={h} fill={g.color} />;
              })}
              <text
                x={x + barW / 2}
                y={HEIGHT - 6}
                textAnchor="middle"
                fontSize="11"
                fill="#475569"
              >
                {m}
              </text>
            </g>
          );
        })}
      </svg>
      <figcaption className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-slate-600">
        {stacks.map((g) => (
          <span key={g.label} className="inline-flex items-center gap-1.5">
            <span
              aria-hidden="true"
              className="inline-block size-3 rounded-sm"
              style={{ background: g.color }}
            />
            {g.label === "spread evenly over the year" ? "spread evenly" : `follows ${g.label}`}
          </span>
        ))}
      </figcaption>
    </figure>
  );
}

function MonthlyTable({ seasons, metric }: { seasons: MarketSeasons; metric: SeasonMetric }) {
  const rows = monthlyTable(seasons, metric);
  const fmt = metric === "revenue" ? formatCurrency : (v: number) => formatNumber(v);
  return (
    <div className="overflow-x-auto rounded-lg border border-slate-200">
      <table className="min-w-full text-xs tabular-nums">
        <caption className="sr-only">
          {metric === "revenue" ? "Revenue" : "Jobs"} by month and service (January to December,
          then the year)
        </caption>
        <thead className="bg-slate-50 text-slate-600">
          <tr>
            <th scope="col" className="px-2 py-1.5 text-left font-medium">
              Service
            </th>
            <MonthHeaderCells />
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {rows.map((r) => (
            <tr key={r.serviceId ?? "all"} className={cn(r.serviceId === null && "font-semibold")}>
              <th
                scope="row"
                className="px-2 py-1 text-left font-medium whitespace-nowrap text-slate-800"
              >
                {r.label}
              </th>
              {r.months.map((v, i) => (
                <td
                  // biome-ignore lint/suspicious/noArrayIndexKey: the twelve months are fixed
                  key={i}
                  className={cn(
                    "px-2 py-1 text-right",
                    i === r.peakMonth - 1 && "bg-brand-50 text-brand-900",
                  )}
                >
                  {fmt(v)}
                </td>
              ))}
              <td className="px-2 py-1 text-right">{fmt(r.year)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

export function MarketYearChart({ seasons }: { seasons: MarketSeasons | undefined }) {
  const headingId = useId();
  const [view, setView] = useState<"chart" | SeasonMetric>("chart");
  if (!seasons) return null;
  const headline = seasonsHeadline(seasons);
  const views: { key: "chart" | SeasonMetric; label: string }[] = [
    { key: "chart", label: "Chart" },
    { key: "revenue", label: "Revenue table" },
    { key: "jobs", label: "Jobs table" },
  ];
  return (
    <section aria-labelledby={headingId} className="space-y-3" data-testid="market-year">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <h3 id={headingId} className="text-base font-semibold text-slate-900">
            {SEASONS_TITLE}
          </h3>
          <p className="text-sm text-slate-600">
            Revenue by month: {headline}. Months from the {shapeLabel(seasons.shape)}.
          </p>
        </div>
        <ProvenanceBadge provenance={seasons.provenance} subject="Monthly figures" />
      </div>
      <fieldset className="inline-flex rounded-md border border-slate-200 text-xs">
        <legend className="sr-only">Show the months as</legend>
        {views.map((v) => (
          <button
            key={v.key}
            type="button"
            aria-pressed={view === v.key}
            onClick={() => setView(v.key)}
            className={cn(
              "px-3 py-1.5 first:rounded-l-md last:rounded-r-md focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500",
              view === v.key
                ? "bg-brand-700 text-white"
                : "bg-white text-slate-700 hover:bg-slate-50",
            )}
          >
            {v.label}
          </button>
        ))}
      </fieldset>
      {view === "chart" ? (
        <Bars
          seasons={seasons}
          title={`Revenue by month, January to December: ${seasons.revenue.map((v, i) => `${MONTH_NAMES[i]} ${formatCurrency(v)}`).join(", ")}`}
        />
      ) : (
        <MonthlyTable seasons={seasons} metric={view} />
      )}
    </section>
  );
}
