/** Drawing helpers every section uses: premium section starts and states, sample labels, the ZIP areas line. */
import { type DataGrade, type PremiumSectionState, zipAreasSummary } from "@bis/sdk";
import { formatNumber } from "../format.js";
import { PAGE, type ReportWriter } from "../layout.js";

import type { ReportZipAreas } from "./context.js";
import { SAMPLE_DATA_LABEL } from "./context.js";

export function withSample(text: string, grades: readonly DataGrade[]): string {
  return grades.includes("sample") ? `${text} (${SAMPLE_DATA_LABEL})` : text;
}

/** "42 ZIP areas in range: 18 primary, 24 secondary". */
export function zipAreasLine(zipAreas: ReportZipAreas): string {
  const { count, primary, secondary } = zipAreasSummary(zipAreas.rows);
  return `${formatNumber(count)} ZIP ${count === 1 ? "area" : "areas"} in range: ${formatNumber(primary)} primary, ${formatNumber(secondary)} secondary`;
}

/** Starts a premium section: a fresh page when it has content, else below what is there. */
export function startSection(
  w: ReportWriter,
  title: string,
  hasData: boolean,
  grades: DataGrade[],
): void {
  if (hasData) w.newPage();
  else {
    w.ensure(130);
    if (w.y > PAGE.margins.top + 1) w.space(14);
  }
  w.sectionTitle(title, grades);
}

/** The state of a premium section without results, as the results page says it. */
export function sectionStateText(state: PremiumSectionState): string {
  return `${state.title}. ${state.detail}`;
}
