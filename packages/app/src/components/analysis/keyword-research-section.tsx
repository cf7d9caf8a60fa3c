/**
 * Section 2 of the results page, Keyword Research, as the specification draws it: open by default;
 * once run, the education video, the summary, the PPC opportunities table and the strategic
 * recommendations (each keyword's peak month and its searches by month, and the PPC budget by
 * month, when the record has monthly searches); before that, the card with the section's state (the SDK's
 * premiumSectionState, as in the PDF report) that starts it (paid or admin). The counts say what
 * they measure: keywords researched, how many have search volume, and any limit that applied.
 */
import {
  assumptionValueText,
  formatCpc,
  formatWholeDollars,
  type KeywordResearchData,
  keywordCounts,
  MONTH_ABBREVIATIONS,
  MONTH_NAMES,
  type PpcRow,
  peakMonth,
  ppcTable,
} from "@bis/sdk";
import { BarChart3, DollarSign, Gauge, Hash, Search } from "lucide-react";
import { useId, useMemo, useState } from "react";
import { useKeywordResearch, usePremiumSectionState } from "../../hooks/use-premium";
import { formatNumber } from "../../lib/format";
import { DEFAULT_LEVEL, keywordCities, PPC_TABLE_INITIAL_ROWS } from "../../lib/premium";
import { Button } from "../ui/button";
import { Figure } from "./figure";
import { PpcBudgetByMonth } from "./ppc-budget-by-month";
import {
  EducationVideo,
  FigureSummary,
  type PremiumSectionProps,
  PremiumStepSection,
  TextList,
} from "./premium-step";
import { ProvenanceBadge } from "./provenance-badge";
import { PlainTableHead, TableRegion } from "./sortable-table";

/** A keyword's 12 months as a small line, its figures in words for screen readers. */
function MonthsSparkline({ months }: { months: readonly number[] }) {
  const max = Math.max(1, ...months);
  const points = months.map((v, i) => `${(i * 60) / 11},${18 - (v / max) * 16}`).join(" ");
  const words = months.map((v, i) => `${MONTH_ABBREVIATIONS[i]} ${formatNumber(v)}`).join(", ");
  return (
    <svg
      viewBox="0 0 60 20"
      className="h-4 w-14"
      role="img"
      aria-label={`Searches by month: ${words}`}
    >
      <polyline points={points} fill="none" stroke="#0284c7" strokeWidth="1.5" />
    </svg>
  );
}

function PpcTableRows({ rows, months }: { rows: readonly PpcRow[]; months: boolean }) {
  return rows.map((row) => (
    <tr key={`${row.group}:${row.keyword}`} className="bg-white" data-group={row.group}>
      <th scope="row" className="px-3 py-2 font-medium text-slate-900">
        {row.keyword}
        {row.intent ? (
          <span className="ml-2 text-xs font-normal text-slate-500">
            {row.intent.replace(/-/g, " ")}
          </span>
        ) : null}
      </th>
      <td data-label="Search Volume" className="px-3 py-2 text-right tabular-nums">
        {formatNumber(row.searchVolume)}
      </td>
      <td data-label="CPC" className="px-3 py-2 text-right tabular-nums">
        {formatCpc(row.cpc)}
      </td>
      <td data-label="Estimated PPC Budget" className="px-3 py-2 text-right tabular-nums">
        {formatWholeDollars(row.budget)}
      </td>
      {months ? (
        <td data-label="Peak Month" className="px-3 py-2">
          {row.monthlySearches ? (
            <span className="flex items-center justify-end gap-2">
              <MonthsSparkline months={row.monthlySearches} />
              {MONTH_NAMES[peakMonth(row.monthlySearches) ?? 0]}
            </span>
          ) : (
            "—"
          )}
        </td>
      ) : null}
    </tr>
  ));
}

/**
 * The PPC opportunities table: the SDK's ppcTable, the rows the PDF report lists too —
 * volume > 0, by volume, long-tail after the primary ones.
 */
export function PpcTable({ data }: { data: KeywordResearchData }) {
  const headingId = useId();
  const [showAll, setShowAll] = useState(false);
  const table = useMemo(() => ppcTable(data), [data]);
  const { rows, totalBudget } = table;
  const months = rows.some((r) => r.monthlySearches);
  const shown = showAll ? rows : rows.slice(0, PPC_TABLE_INITIAL_ROWS);
  const primary = shown.filter((r) => r.group === "primary");
  const longTail = shown.filter((r) => r.group === "longTail");
  const volumeProvenance = data.provenance?.searchVolume ?? null;
  const cpcProvenance = data.provenance?.cpc ?? null;

  return (
    <div className="space-y-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id={headingId} className="text-base font-semibold text-slate-900">
          PPC Opportunities
        </h3>
        <p className="text-sm text-slate-600">
          {rows.length === 1 ? "1 keyword" : `${formatNumber(rows.length)} keywords`} with search
          volume
        </p>
      </div>
      {rows.length === 0 ? (
        <p className="rounded-lg border border-slate-200 bg-slate-50 p-4 text-sm text-slate-600">
          No keywords with search volume were found.
        </p>
      ) : (
        <>
          <p className="text-xs text-slate-500">
            Estimated PPC budget = monthly search volume × CPC × 0.1. All listed keywords together:{" "}
            <span className="font-semibold text-slate-700">{formatWholeDollars(totalBudget)}</span>{" "}
            per month.
          </p>
          <TableRegion label="PPC Opportunities table">
            <table aria-labelledby={headingId} className="w-full min-w-[32rem] text-left text-sm">
              <PlainTableHead
                columns={[
                  ["Keyword", "left"],
                  ["Search Volume", "right"],
                  ["CPC", "right"],
                  ["Estimated PPC Budget", "right"],
                  ...(months ? [["Peak Month", "right"] as [string, "right"]] : []),
                ]}
              />
              <tbody className="divide-y divide-slate-100">
                <PpcTableRows rows={primary} months={months} />
              </tbody>
              {longTail.length > 0 ? (
                <tbody className="divide-y divide-slate-100 border-t-2 border-slate-200">
                  <tr className="bg-slate-50">
                    <th
                      scope="colgroup"
                      colSpan={months ? 5 : 4}
                      className="px-3 py-2 text-xs font-semibold tracking-wide text-slate-600 uppercase"
                    >
                      Long-tail keywords
                    </th>
                  </tr>
                  <PpcTableRows rows={longTail} months={months} />
                </tbody>
              ) : null}
            </table>
          </TableRegion>
          <div className="flex flex-wrap items-center justify-between gap-3 text-xs text-slate-600">
            <div className="flex flex-wrap items-start gap-x-4 gap-y-2">
              {volumeProvenance ? (
                <span className="flex items-start gap-1.5">
                  Search volume
                  <ProvenanceBadge provenance={volumeProvenance} subject="Search volumes" />
                </span>
              ) : null}
              {cpcProvenance ? (
                <span className="flex items-start gap-1.5">
                  CPC
                  <ProvenanceBadge provenance={cpcProvenance} subject="Costs per click" />
                </span>
              ) : null}
              {months
                ? [data.seasonality?.measured, data.seasonality?.modeled].map((p) =>
                    p ? (
                      <span key={p.grade} className="flex items-start gap-1.5">
                        Peak month
                        <ProvenanceBadge provenance={p} subject="Monthly searches" />
                      </span>
                    ) : null,
                  )
                : null}
            </div>
            {rows.length > PPC_TABLE_INITIAL_ROWS ? (
              <Button variant="outline" size="sm" onClick={() => setShowAll((v) => !v)}>
                {showAll
                  ? `Show top ${formatNumber(PPC_TABLE_INITIAL_ROWS)} keywords`
                  : `Show all ${formatNumber(rows.length)} keywords`}
              </Button>
            ) : null}
          </div>
          <PpcBudgetByMonth data={data} table={table} />
        </>
      )}
    </div>
  );
}

function Assumptions({ data }: { data: KeywordResearchData }) {
  const assumptions = data.assumptions ?? [];
  if (assumptions.length === 0) return null;
  return (
    <details className="rounded-lg border border-slate-200 p-4 text-sm">
      <summary className="cursor-pointer font-semibold text-slate-900">
        How these keywords were estimated ({assumptions.length} assumptions)
      </summary>
      <dl className="mt-3 space-y-2 text-slate-700">
        {assumptions.map((a) => (
          <div key={a.key}>
            <dt className="inline font-medium">{a.label}</dt>
            <dd className="inline">: {assumptionValueText(a.unit, a.value)}</dd>
            {a.source ? <dd className="text-xs text-slate-500">Source: {a.source}</dd> : null}
          </div>
        ))}
      </dl>
    </details>
  );
}

function KeywordResults({
  data,
  videoUrl,
}: {
  data: KeywordResearchData;
  videoUrl: string | null | undefined;
}) {
  const { summary } = data.keywordData;
  const volumeProvenance = data.provenance?.searchVolume ?? null;
  const cpcProvenance = data.provenance?.cpc ?? null;
  const provider = data.provider?.label ?? null;
  const cities = data.citiesAnalyzed?.length ?? null;
  const counts = keywordCounts(data);
  return (
    <>
      <EducationVideo url={videoUrl} title="Keyword research education video" />
      <FigureSummary
        title="Keyword Summary"
        after={
          counts.limits.length > 0 ? (
            <ul className="space-y-1 text-sm text-slate-700" aria-label="Limits of this research">
              {counts.limits.map((line) => (
                <li key={line}>{line}</li>
              ))}
            </ul>
          ) : null
        }
        intro={
          provider || cities ? (
            <p className="text-sm text-slate-600">
              {[
                provider ? `Data: ${provider}` : null,
                cities
                  ? `${formatNumber(cities)} ${cities === 1 ? "city" : "cities"} analyzed`
                  : null,
              ]
                .filter(Boolean)
                .join(" · ")}
            </p>
          ) : null
        }
      >
        <Figure
          label="Total Keywords"
          value={formatNumber(counts.researched)}
          icon={<Hash className="size-4" aria-hidden="true" />}
          note={counts.withVolumeText}
        />
        <Figure
          label="Avg. Search Volume"
          value={formatNumber(summary.avgSearchVolume)}
          icon={<BarChart3 className="size-4" aria-hidden="true" />}
          note="searches per month"
          provenance={volumeProvenance}
        />
        <Figure
          label="Avg. CPC"
          value={formatCpc(summary.avgCPC)}
          icon={<DollarSign className="size-4" aria-hidden="true" />}
          provenance={cpcProvenance}
        />
        <Figure
          label="Competition Level"
          value={summary.competitionLevel || DEFAULT_LEVEL}
          icon={<Gauge className="size-4" aria-hidden="true" />}
        />
      </FigureSummary>
      <PpcTable data={data} />
      <TextList title="Strategic Recommendations" items={data.keywordData.recommendations} />
      <Assumptions data={data} />
    </>
  );
}

export function KeywordResearchSection({ analysis, canRun, videoUrl }: PremiumSectionProps) {
  const step = useKeywordResearch(analysis);
  const state = usePremiumSectionState(analysis, "keywordResearch", canRun, step.isPending);
  const data = state.status === "complete" ? analysis.keywordResearchData : null;
  const cities = keywordCities(analysis).length;
  return (
    <PremiumStepSection
      number={2}
      title="Keyword Research"
      subtitle={
        data
          ? `${formatNumber(data.totalKeywords)} ${data.totalKeywords === 1 ? "keyword" : "keywords"} researched`
          : "Search volumes and cost-per-click data for your service area"
      }
      state={state}
      results={() => (data ? <KeywordResults data={data} videoUrl={videoUrl} /> : null)}
      start={{
        icon: <Search className="size-6" aria-hidden="true" />,
        pendingLabel: "Researching keywords...",
        step,
        readyNote: `Researches ${formatNumber(cities)} ${cities === 1 ? "city" : "cities"} of your service area.`,
      }}
    />
  );
}
