/** Keyword research: summary, the PPC table (the SDK's ppcTable, as on the results page), recommendations. */
import { keywordCounts, PPC_BUDGET_FACTOR, ppcTable } from "@bis/sdk";
import { formatCpc, formatNumber, formatWholeDollars } from "../format.js";
import type { ReportWriter } from "../layout.js";
import { type ReportContext, SAMPLE_DATA_LABEL, SECTION_TITLES, TOP_KEYWORDS } from "./context.js";
import { drawPpcBudgetByMonth, peakMonthName, seasonalityText } from "./keyword-months.js";
import { sectionStateText, startSection } from "./shared.js";

export function drawKeywords(w: ReportWriter, ctx: ReportContext): void {
  const state = ctx.keywordState;
  const data = state.status === "complete" ? ctx.analysis.keywordResearchData : null;
  startSection(w, SECTION_TITLES.keywords, Boolean(data), ctx.keywordGrades);
  if (!data) {
    w.banner(sectionStateText(state), "muted");
    return;
  }
  if (ctx.keywordGrades.includes("sample"))
    w.banner(
      `${SAMPLE_DATA_LABEL}: these keywords, volumes and costs per click are demo data, not measured searches.`,
      "sample",
    );
  const { summary } = data.keywordData;
  const counts = keywordCounts(data);
  w.subheading("Summary");
  w.figureCards(
    [
      { label: "Total keywords", value: formatNumber(counts.researched) },
      { label: "With search volume", value: formatNumber(counts.withVolume) },
      { label: "Avg. monthly searches", value: formatNumber(summary.avgSearchVolume) },
      { label: "Avg. CPC", value: formatCpc(summary.avgCPC) },
      { label: "Competition level", value: summary.competitionLevel || "Medium" },
    ],
    5,
  );
  const extra: string[] = [
    `${formatNumber(counts.researched)} keywords researched, ${counts.withVolumeText}.`,
    ...counts.limits,
  ];
  // The rows of the results page's PPC table, in its order (the SDK's ppcTable).
  const { rows, totalBudget } = ppcTable(data);
  if (rows.length > 0)
    extra.push(
      `Estimated monthly PPC budget for every listed keyword: ${formatWholeDollars(totalBudget)}.`,
    );
  if (data.citiesAnalyzed && data.citiesAnalyzed.length > 0)
    extra.push(
      `Cities analyzed (${formatNumber(data.citiesAnalyzed.length)}): ${data.citiesAnalyzed
        .slice(0, 25)
        .map((c) => c.name)
        .join(", ")}${data.citiesAnalyzed.length > 25 ? ", …" : ""}.`,
    );
  if (data.provider) extra.push(`Keyword data: ${data.provider.label}.`);
  if (extra.length > 0) w.note(extra.join(" "));
  w.space(4);

  const shown = rows.slice(0, TOP_KEYWORDS);
  const months = rows.some((r) => r.monthlySearches);
  w.subheading("Top Keywords by Search Volume");
  if (shown.length === 0) {
    w.banner("No keyword has search volume above 0.", "muted");
  } else {
    w.table(
      [
        { header: "#", width: 26, align: "right" },
        { header: "Keyword" },
        { header: "Monthly searches", width: 80, align: "right" },
        { header: "CPC", width: 60, align: "right" },
        { header: "Est. PPC budget", width: 90, align: "right" },
        ...(months ? [{ header: "Peak month", width: 62, align: "right" as const }] : []),
      ],
      shown.map((k, i) => [
        String(i + 1),
        k.keyword,
        formatNumber(k.searchVolume),
        formatCpc(k.cpc),
        formatWholeDollars(k.budget),
        ...(months ? [peakMonthName(k.monthlySearches)] : []),
      ]),
      {
        fontSize: 8.5,
        caption: `${shown.length < rows.length ? `The top ${formatNumber(shown.length)} of ${formatNumber(rows.length)}` : `All ${formatNumber(rows.length)}`} keywords with search volume: primary keywords by volume, highest first, then long-tail keywords likewise, each keyword once. Estimated PPC budget = search volume × CPC × ${PPC_BUDGET_FACTOR}, in whole dollars; CPC to 2 decimals.${months ? ` Peak month: the month with the most searches (${seasonalityText(data)}).` : ""}`,
      },
    );
  }
  drawPpcBudgetByMonth(w, data);
  w.space(6);
  w.subheading("Recommendations");
  w.bullets(data.keywordData.recommendations, "No recommendations.");
}
