/**
 * The progress dashboard at the top of the results page, as the specification draws it: market analysis
 * done (market size, revenue potential); keyword research (the real keyword and PPC-keyword
 * counts once run, never the spec's fixed "22 keywords") and competition analysis (the real
 * competitor count and the market leader once run), each "Pending analysis" before.
 */
import { type Analysis, marketLeader, notAvailableYet, ppcTable } from "@bis/sdk";
import { ChartColumn, CircleCheck, Clock, Search, Trophy } from "lucide-react";
import type { ReactNode } from "react";
import { useOffered } from "../../hooks/use-offer";
import { formatCompactCurrency, formatNumber, NOT_AVAILABLE } from "../../lib/format";
import { isEmptyCompetition } from "../../lib/premium";
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

function DoneBadge() {
  return (
    <Badge tone="success">
      <CircleCheck className="mr-1 size-3.5" aria-hidden="true" />
      Done
    </Badge>
  );
}

function PendingBadge() {
  return (
    <Badge tone="neutral">
      <Clock className="mr-1 size-3.5" aria-hidden="true" />
      Pending
    </Badge>
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
  const ppc = ppcTable(keywords).rows.length;
  const competition =
    analysis.competitionAnalysisCompleted && !isEmptyCompetition(analysis.competitionAnalysisData)
      ? analysis.competitionAnalysisData
      : null;
  const leader = marketLeader(competition)?.name ?? null;
  const competitionOffered = useOffered("competitionAnalysis");
  return (
    <section aria-label="Progress" className="grid gap-4 md:grid-cols-3">
      <StepCard
        icon={<ChartColumn className="size-5 text-brand-700" aria-hidden="true" />}
        title="Market Analysis"
        status={<DoneBadge />}
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
        status={analysis.keywordResearchCompleted ? <DoneBadge /> : <PendingBadge />}
      >
        {keywords ? (
          <dl className="grid grid-cols-2 gap-2">
            <div>
              <dt className="text-xs text-slate-500">Total keywords</dt>
              <dd className="font-semibold">{formatNumber(keywords.totalKeywords)}</dd>
            </div>
            <div>
              <dt className="text-xs text-slate-500">PPC keywords</dt>
              <dd className="font-semibold">{formatNumber(ppc)}</dd>
            </div>
          </dl>
        ) : (
          <p>{analysis.keywordResearchCompleted ? "No data available" : "Pending analysis"}</p>
        )}
      </StepCard>
      <StepCard
        icon={<Trophy className="size-5 text-brand-700" aria-hidden="true" />}
        title="Competition Analysis"
        status={
          analysis.competitionAnalysisCompleted ? (
            <DoneBadge />
          ) : competitionOffered ? (
            <PendingBadge />
          ) : (
            <Badge tone="neutral">Not available yet</Badge>
          )
        }
      >
        {!competition && !competitionOffered ? (
          <p>{notAvailableYet("competitionAnalysis")}.</p>
        ) : competition ? (
          <dl className="grid grid-cols-2 gap-2">
            <div>
              <dt className="text-xs text-slate-500">Competitors</dt>
              <dd className="font-semibold">{formatNumber(competition.totalCompetitors)}</dd>
            </div>
            <div className="min-w-0">
              <dt className="text-xs text-slate-500">Market leader</dt>
              <dd className="truncate font-semibold" title={leader ?? undefined}>
                {leader ?? NOT_AVAILABLE}
              </dd>
            </div>
          </dl>
        ) : (
          <p>{analysis.competitionAnalysisCompleted ? "No data available" : "Pending analysis"}</p>
        )}
      </StepCard>
    </section>
  );
}
