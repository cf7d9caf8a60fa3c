/** Competition analysis: overview, competitors with the market leader (the SDK's marketLeader), opportunities, recommendations. */
import { type CompetitionAnalysisData, marketLeader } from "@bis/sdk";
import { formatNumber, NOT_AVAILABLE } from "../format.js";
import type { ReportWriter } from "../layout.js";

import { type ReportContext, SAMPLE_DATA_LABEL, SECTION_TITLES } from "./context.js";
import { sectionStateText, startSection } from "./shared.js";

export function drawCompetition(w: ReportWriter, ctx: ReportContext): void {
  const state = ctx.competitionState;
  const data = state.status === "complete" ? ctx.analysis.competitionAnalysisData : null;
  startSection(w, SECTION_TITLES.competition, Boolean(data), ctx.competitionGrades);
  if (!data) {
    w.banner(sectionStateText(state), "muted");
    return;
  }
  const sample = ctx.competitionGrades.includes("sample");
  if (sample)
    w.banner(
      `${SAMPLE_DATA_LABEL}: these competitors are demo businesses, not real companies in this market.`,
      "sample",
    );
  const leader = marketLeader(data);
  const leaderRow = leader?.index ?? -1;
  w.subheading("Overview");
  w.figureCards(
    [
      { label: "Total competitors", value: formatNumber(data.totalCompetitors) },
      { label: "Market leader", value: leader?.name ?? NOT_AVAILABLE },
      {
        label: "Average rating",
        value: data.avgRating === null ? NOT_AVAILABLE : `${formatNumber(data.avgRating, 1)} / 5`,
      },
      {
        label: "Market saturation",
        value: data.marketSaturation || "Medium",
        detail: saturationDetail(data),
      },
    ],
    4,
  );
  w.space(4);

  w.subheading(sample ? `Competitors (${SAMPLE_DATA_LABEL})` : "Competitors");
  if (data.competitors.length === 0) {
    w.banner("No competitors found within the primary radius.", "muted");
  } else {
    w.table(
      [
        { header: "Company" },
        { header: "Rating", width: 50, align: "right" },
        { header: "Reviews", width: 60, align: "right" },
        { header: "Position", width: 95 },
        { header: "Specialization", width: 140 },
      ],
      data.competitors.map((c, i) => [
        i === leaderRow ? `${c.name}  (market leader)` : c.name,
        c.rating === null ? NOT_AVAILABLE : formatNumber(c.rating, 1),
        formatNumber(c.reviews),
        c.position,
        c.specialization,
      ]),
      {
        highlight: (i) => i === leaderRow,
        fontSize: 8.5,
        caption: leaderRow >= 0 ? "The market leader is highlighted." : undefined,
      },
    );
  }
  w.space(4);
  w.subheading("Opportunities");
  w.bullets(data.opportunities, "No opportunities identified.");
  w.subheading("Recommendations");
  w.bullets(data.recommendations, "No recommendations.");
}

/** "2.4 per 10,000 households" when the analysis recorded its saturation metric. */
function saturationDetail(data: CompetitionAnalysisData): string | undefined {
  const metric = data.saturationMetric;
  if (!metric || metric.competitorsPer10kHouseholds === null) return undefined;
  return `${formatNumber(metric.competitorsPer10kHouseholds, 1)} per 10,000 households`;
}
