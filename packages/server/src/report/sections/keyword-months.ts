/**
 * Keyword research by month in the PDF: each keyword's peak month (a column of the top keywords
 * table) and the PPC budget by month (the SDK's ppcBudgetByMonth: the yearly budget spread as the
 * keywords' searches × CPC fall, whole dollars summing exactly to it), the same figures as the
 * results page and the CLI. Records without monthly searches draw nothing.
 */
import {
  type KeywordResearchData,
  MONTH_ABBREVIATIONS,
  MONTH_NAMES,
  peakMonth,
  ppcBudgetByMonth,
  ppcTable,
} from "@bis/sdk";
import { formatWholeDollars, gradeLabel } from "../format.js";
import type { ReportWriter } from "../layout.js";

const YEAR_WIDTH = 52;

/** "July", or "—" without months. */
export function peakMonthName(months: readonly number[] | null | undefined): string {
  const peak = peakMonth(months);
  return peak === null ? "—" : (MONTH_NAMES[peak] ?? "—");
}

/** Where the monthly searches come from, with their grade: "modeled from …; measured by …". */
export function seasonalityText(data: KeywordResearchData): string {
  const parts = [data.seasonality?.measured, data.seasonality?.modeled].flatMap((p) =>
    p ? [`${gradeLabel(p.grade).toLowerCase()}: ${p.source}`] : [],
  );
  return parts.join("; ") || "no source recorded";
}

export function drawPpcBudgetByMonth(w: ReportWriter, data: KeywordResearchData): void {
  const byMonth = ppcBudgetByMonth(ppcTable(data));
  if (!byMonth) return;
  const peak = peakMonth(byMonth.months) ?? 0;
  w.space(6);
  w.ensure(90);
  w.subheading("PPC Budget by Month");
  const monthWidth = (w.width - YEAR_WIDTH) / 12;
  w.table(
    [
      ...MONTH_ABBREVIATIONS.map((m) => ({
        header: m,
        width: monthWidth,
        align: "right" as const,
      })),
      { header: "Year", width: YEAR_WIDTH, align: "right" },
    ],
    [[...byMonth.months.map(formatWholeDollars), formatWholeDollars(byMonth.yearly)]],
    {
      fontSize: 6.5,
      padding: 2.5,
      caption: `The yearly PPC budget (12 × the monthly budget) spread over the months as the listed keywords' searches × CPC fall, in whole dollars summing exactly to the year; most in ${MONTH_NAMES[peak]}. Searches by month: ${seasonalityText(data)}.`,
    },
  );
}
