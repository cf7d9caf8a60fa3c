/**
 * The market's year in the PDF: revenue and jobs by month for each service (the SDK's
 * `monthlyTable`, the same figures as the results page, the CLI and the exports), with where the
 * months come from and their grade. Drawn in the market section after the services; older
 * records without months draw nothing. The method is listed in the sources section.
 */
import {
  type MarketSeasons,
  MONTH_ABBREVIATIONS,
  monthlyTable,
  SEASONS_TITLE,
  type SeasonMetric,
  seasonsHeadline,
  shapeLabel,
} from "@bis/sdk";
import { formatCompactCurrency, formatNumber, gradeLabel } from "../format.js";
import type { ReportWriter } from "../layout.js";
import type { SourceRow } from "../sources.js";

const LABEL_WIDTH = 96;
const YEAR_WIDTH = 44;

function drawTable(w: ReportWriter, seasons: MarketSeasons, metric: SeasonMetric, caption: string) {
  const fmt = (v: number) => (metric === "revenue" ? formatCompactCurrency(v) : formatNumber(v));
  const monthWidth = (w.width - LABEL_WIDTH - YEAR_WIDTH) / 12;
  w.table(
    [
      { header: metric === "revenue" ? "Revenue" : "Jobs", width: LABEL_WIDTH },
      ...MONTH_ABBREVIATIONS.map((m) => ({
        header: m,
        width: monthWidth,
        align: "right" as const,
      })),
      { header: "Year", width: YEAR_WIDTH, align: "right" },
    ],
    monthlyTable(seasons, metric).map((r) => [r.label, ...r.months.map(fmt), fmt(r.year)]),
    { fontSize: 6.5, padding: 2.5, caption },
  );
  w.space(4);
}

export function drawMarketYear(w: ReportWriter, seasons: MarketSeasons | undefined): void {
  if (!seasons) return;
  w.ensure(220);
  w.subheading(SEASONS_TITLE);
  drawTable(
    w,
    seasons,
    "revenue",
    `${seasonsHeadline(seasons)}. Months from the ${shapeLabel(seasons.shape)}, scaled to this market's degree days; grade: ${gradeLabel(seasons.provenance.grade)}. Each row's months sum to its yearly figure.`,
  );
  drawTable(
    w,
    seasons,
    "jobs",
    "Jobs by month for each service (whole jobs; the months sum to the year's jobs).",
  );
}

/** The sources-table row of the monthly figures. */
export function marketYearSourceRows(seasons: MarketSeasons | undefined): SourceRow[] {
  if (!seasons) return [];
  const p = seasons.provenance;
  return [
    {
      section: "Market analysis",
      figure: "The market's year: degree days, jobs and revenue by month",
      source: p.source,
      vintage: p.vintage,
      grade: p.grade,
      method: p.method,
    },
  ];
}
