/**
 * `bis analyze --monthly`: the market's year as two tables, revenue and jobs by month for each
 * service (the SDK's `monthlyTable`: the same figures as the results page, the PDF and the
 * exports), with where the months come from and their grade. `--json` carries the same months in
 * the record (`marketAnalysisData.seasons`).
 */
import {
  type Analysis,
  formatCompactCurrency,
  formatNumber,
  MONTH_ABBREVIATIONS,
  monthlyTable,
  SEASONS_TITLE,
  type SeasonMetric,
  seasonsHeadline,
  shapeLabel,
} from "@bis/sdk";
import { type Doc, heading, table, text } from "./doc.js";

function monthsTable(
  seasons: NonNullable<Analysis["marketAnalysisData"]>["seasons"],
  metric: SeasonMetric,
) {
  if (!seasons) return [];
  const fmt = (v: number) => (metric === "revenue" ? formatCompactCurrency(v) : formatNumber(v));
  return [
    table(
      [
        metric === "revenue" ? "Revenue" : "Jobs",
        ...MONTH_ABBREVIATIONS.map((m) => ({ header: m, align: "right" as const })),
        { header: "Year", align: "right" },
      ],
      monthlyTable(seasons, metric).map((r) => [r.label, ...r.months.map(fmt), fmt(r.year)]),
    ),
  ];
}

export function marketYearDoc(analysis: Analysis): Doc {
  const seasons = analysis.marketAnalysisData?.seasons;
  if (!seasons) {
    return [
      heading(SEASONS_TITLE),
      text(
        "This analysis has no monthly figures (run before they existed, or without local climate data).",
        "warning",
      ),
    ];
  }
  const p = seasons.provenance;
  return [
    heading(SEASONS_TITLE),
    text(`${seasonsHeadline(seasons)}. Months from the ${shapeLabel(seasons.shape)}.`),
    ...monthsTable(seasons, "revenue"),
    ...monthsTable(seasons, "jobs"),
    text(`${p.grade}: ${p.source} (${p.vintage}). ${p.method}.`, "muted"),
  ];
}
