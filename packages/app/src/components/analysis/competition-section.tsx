/**
 * Section 3 of the results page, Competition Analysis, as the specification draws it: collapsed by default
 * once run; then the education video, the overview, the competitor table with the market
 * leader highlighted, the opportunities and the recommendations. Sample competitors (demo mode)
 * carry a "Sample data" banner. Without results: the card with the section's state (the SDK's
 * premiumSectionState, as in the PDF report) — disabled until keyword research is complete, and
 * "Competition analysis data not available" with the button kept when this server has no
 * competitor provider, so the step can run again once an administrator configures one.
 */
import { type CompetitionAnalysisData, type CompetitorSource, marketLeader } from "@bis/sdk";
import { Building2, Crown, Gauge, Star, TrendingUp, TriangleAlert, Trophy } from "lucide-react";
import { useId } from "react";
import { useCompetitionAnalysis, usePremiumSectionState } from "../../hooks/use-premium";
import { cn } from "../../lib/cn";
import { formatNumber, NOT_AVAILABLE } from "../../lib/format";
import { DEFAULT_LEVEL, isSampleCompetition, saturationDetail } from "../../lib/premium";
import { Figure } from "./figure";
import {
  EducationVideo,
  FigureSummary,
  type PremiumSectionProps,
  PremiumStepSection,
  TextList,
} from "./premium-step";
import { PlainTableHead, TableRegion } from "./sortable-table";

const SOURCE_LABELS: Record<CompetitorSource, string> = {
  "google-places": "Google",
  yelp: "Yelp",
  sample: "Sample",
};

function formatRating(rating: number | null | undefined): string {
  return typeof rating === "number" && Number.isFinite(rating) ? rating.toFixed(1) : NOT_AVAILABLE;
}

function SampleBanner() {
  return (
    <div
      role="note"
      aria-label="Sample data"
      className="flex items-start gap-3 rounded-lg border border-amber-300 bg-amber-50 p-4 text-sm text-amber-900"
    >
      <TriangleAlert className="mt-0.5 size-5 shrink-0 text-amber-600" aria-hidden="true" />
      <div>
        <p className="font-semibold">Sample data</p>
        <p>These competitors are demonstration data, not real businesses of this market.</p>
      </div>
    </div>
  );
}

function PositionBadge({ position, leader }: { position: string; leader: boolean }) {
  return (
    <span
      className={cn(
        "inline-flex items-center gap-1 rounded-full px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap",
        leader
          ? "bg-amber-100 text-amber-900 ring-1 ring-amber-300"
          : "bg-slate-100 text-slate-700",
      )}
    >
      {leader ? <Crown className="size-3.5" aria-hidden="true" /> : null}
      {position || (leader ? "Market Leader" : NOT_AVAILABLE)}
      {leader && position && !/leader/i.test(position) ? (
        <span className="sr-only"> (market leader)</span>
      ) : null}
    </span>
  );
}

export function CompetitorTable({ data }: { data: CompetitionAnalysisData }) {
  const headingId = useId();
  const leaderIndex = marketLeader(data)?.index ?? -1;
  return (
    <div className="space-y-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id={headingId} className="text-base font-semibold text-slate-900">
          Competitors
        </h3>
        <p className="text-sm text-slate-600">
          {data.competitors.length === 1
            ? "1 competitor listed"
            : `${formatNumber(data.competitors.length)} competitors listed`}
        </p>
      </div>
      <TableRegion label="Competitors table">
        <table aria-labelledby={headingId} className="w-full min-w-[40rem] text-left text-sm">
          <PlainTableHead
            columns={[
              ["Company", "left"],
              ["Rating", "right"],
              ["Reviews", "right"],
              ["Position", "left"],
              ["Specialization", "left"],
            ]}
          />
          <tbody className="divide-y divide-slate-100">
            {data.competitors.map((competitor, index) => {
              const leader = index === leaderIndex;
              const { source } = competitor;
              return (
                <tr
                  // Names may repeat across providers' listings; the position keeps keys unique.
                  // biome-ignore lint/suspicious/noArrayIndexKey: the list comes ranked, never reordered
                  key={`${index}:${competitor.name}`}
                  className={leader ? "bg-amber-50" : "bg-white"}
                  data-leader={leader || undefined}
                >
                  <th scope="row" className="px-3 py-2 font-medium text-slate-900">
                    {competitor.name}
                    {source ? (
                      <span className="ml-2 text-xs font-normal text-slate-500">
                        {SOURCE_LABELS[source]}
                      </span>
                    ) : null}
                  </th>
                  <td data-label="Rating" className="px-3 py-2 text-right tabular-nums">
                    {competitor.rating === null ? (
                      NOT_AVAILABLE
                    ) : (
                      <span className="inline-flex items-center gap-1">
                        {formatRating(competitor.rating)}
                        <Star
                          className="size-3.5 fill-amber-400 text-amber-400"
                          aria-hidden="true"
                        />
                      </span>
                    )}
                  </td>
                  <td data-label="Reviews" className="px-3 py-2 text-right tabular-nums">
                    {formatNumber(competitor.reviews)}
                  </td>
                  <td data-label="Position" className="px-3 py-2">
                    <PositionBadge position={competitor.position} leader={leader} />
                  </td>
                  <td data-label="Specialization" className="px-3 py-2 text-slate-700">
                    {competitor.specialization}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </TableRegion>
    </div>
  );
}

function ProviderRuns({ data }: { data: CompetitionAnalysisData }) {
  const runs = data.providers ?? [];
  if (runs.length === 0) return null;
  return (
    <ul className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-slate-600">
      {runs.map((run) => (
        <li key={run.label}>
          {run.label}:{" "}
          {run.status === "failed"
            ? `failed${run.message ? ` (${run.message})` : ""}`
            : `${formatNumber(run.withinRadius)} within the radius`}
        </li>
      ))}
    </ul>
  );
}

function CompetitionResults({
  data,
  videoUrl,
}: {
  data: CompetitionAnalysisData;
  videoUrl: string | null | undefined;
}) {
  const provenance = data.provenance ?? null;
  return (
    <>
      <EducationVideo url={videoUrl} title="Competition analysis education video" />
      {isSampleCompetition(data) ? <SampleBanner /> : null}
      <FigureSummary title="Competitive Overview" after={<ProviderRuns data={data} />}>
        <Figure
          label="Total Competitors"
          value={formatNumber(data.totalCompetitors)}
          icon={<Building2 className="size-4" aria-hidden="true" />}
          provenance={provenance}
        />
        <Figure
          label="Market Leader"
          value={marketLeader(data)?.name ?? NOT_AVAILABLE}
          icon={<Crown className="size-4" aria-hidden="true" />}
        />
        <Figure
          label="Average Rating"
          value={formatRating(data.avgRating)}
          icon={<Star className="size-4" aria-hidden="true" />}
          note={data.avgRating === null ? undefined : "out of 5 stars"}
        />
        <Figure
          label="Market Saturation"
          value={data.marketSaturation || DEFAULT_LEVEL}
          icon={<Gauge className="size-4" aria-hidden="true" />}
          note={saturationDetail(data) ?? undefined}
          provenance={provenance}
        />
      </FigureSummary>
      {data.competitors.length > 0 ? (
        <CompetitorTable data={data} />
      ) : (
        <p className="rounded-lg border border-slate-200 bg-slate-50 p-4 text-sm text-slate-700">
          No competitors found within the primary radius.
        </p>
      )}
      <TextList
        title="Opportunities"
        items={data.opportunities}
        icon={<TrendingUp className="mt-0.5 size-4 shrink-0 text-emerald-600" aria-hidden="true" />}
      />
      <TextList title="Recommendations" items={data.recommendations} />
    </>
  );
}

export function CompetitionAnalysisSection({ analysis, canRun, videoUrl }: PremiumSectionProps) {
  const step = useCompetitionAnalysis(analysis);
  const state = usePremiumSectionState(analysis, "competitionAnalysis", canRun, step.isPending);
  const data = state.status === "complete" ? analysis.competitionAnalysisData : null;
  return (
    <PremiumStepSection
      number={3}
      title="Competition Analysis"
      subtitle={
        data
          ? `${formatNumber(data.totalCompetitors)} ${data.totalCompetitors === 1 ? "competitor" : "competitors"}`
          : "The businesses you compete with and where they leave room"
      }
      defaultOpen={state.status !== "complete"}
      state={state}
      results={() => (data ? <CompetitionResults data={data} videoUrl={videoUrl} /> : null)}
      start={{
        icon: <Trophy className="size-6" aria-hidden="true" />,
        pendingLabel: "Analyzing competitors...",
        step,
        readyNote: `Searches for competitors within ${formatNumber(analysis.primaryRadius)} miles of ${analysis.location}.`,
      }}
    />
  );
}
