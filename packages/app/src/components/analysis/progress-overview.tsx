/**
 * The progress dashboard at the top of the results page (specification §2): market analysis
 * done (market size, revenue potential), keyword research (real counts once run, else "Pending
 * analysis"), competition analysis ("Coming Soon").
 */
import type { Analysis } from "@bis/sdk";
import { ChartColumn, CircleCheck, Clock, Search, Trophy } from "lucide-react";
import type { ReactNode } from "react";
import { formatCompactCurrency, formatNumber } from "../../lib/format";
import { Badge } from "../ui/badge";
import { Card } from "../ui/card";

function StepCard({
  icon,
  title,
  status,
  children,
}: {
  icon: ReactNode;
  title: string;
  status: ReactNode;
  children: ReactNode;
}) {
  return (
    <Card className="flex flex-col gap-3 p-5">
      <div className="flex items-center justify-between gap-2">
        <h2 className="flex items-center gap-2 font-semibold text-slate-900">
          {icon}
          {title}
        </h2>
        {status}
      </div>
      <div className="text-sm text-slate-700">{children}</div>
    </Card>
  );
}

export function ProgressOverview({
  analysis,
  totalRevenue,
}: {
  analysis: Analysis;
  totalRevenue: number | null;
}) {
  const data = analysis.marketAnalysisData;
  const keywords = analysis.keywordResearchCompleted ? analysis.keywordResearchData : null;
  const ppc = keywords
    ? [...keywords.keywordData.primaryKeywords, ...keywords.keywordData.longTailKeywords].filter(
        (k) => k.searchVolume > 0,
      ).length
    : 0;
  return (
    <section aria-label="Progress" className="grid gap-4 md:grid-cols-3">
      <StepCard
        icon={<ChartColumn className="size-5 text-brand-700" aria-hidden="true" />}
        title="Market Analysis"
        status={
          <Badge tone="success">
            <CircleCheck className="mr-1 size-3.5" aria-hidden="true" />
            Done
          </Badge>
        }
      >
        <dl className="grid grid-cols-2 gap-2">
          <div>
            <dt className="text-xs text-slate-500">Market size</dt>
            <dd className="font-semibold">{formatNumber(data?.marketSize)}</dd>
          </div>
          <div>
            <dt className="text-xs text-slate-500">Revenue potential</dt>
            <dd className="font-semibold">{formatCompactCurrency(totalRevenue)}</dd>
          </div>
        </dl>
      </StepCard>
      <StepCard
        icon={<Search className="size-5 text-brand-700" aria-hidden="true" />}
        title="Keyword Research"
        status={
          keywords ? (
            <Badge tone="success">Done</Badge>
          ) : (
            <Badge tone="neutral">
              <Clock className="mr-1 size-3.5" aria-hidden="true" />
              Pending
            </Badge>
          )
        }
      >
        {keywords ? (
          <p>
            {formatNumber(keywords.totalKeywords)} keywords; {formatNumber(ppc)} PPC keywords
          </p>
        ) : (
          <p>Pending analysis</p>
        )}
      </StepCard>
      <StepCard
        icon={<Trophy className="size-5 text-brand-700" aria-hidden="true" />}
        title="Competition Analysis"
        status={<Badge tone="premium">Coming Soon</Badge>}
      >
        <p>Coming soon</p>
      </StepCard>
    </section>
  );
}
