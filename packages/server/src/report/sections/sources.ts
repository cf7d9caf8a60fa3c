/** Sources and methodology: every figure's source, vintage and grade, the assumptions, the methods. */
import { PPC_BUDGET_FACTOR } from "@bis/sdk";
import { formatDate, formatMiles, formatNumber, gradeLabel } from "../format.js";
import type { ReportWriter } from "../layout.js";
import { assumptionRows, type SourceRow, sourceRows } from "../sources.js";

import { type ReportContext, SAMPLE_DATA_LABEL, SECTION_TITLES } from "./context.js";
import { localMarketSourceRows } from "./local-market.js";
import { marketYearSourceRows } from "./market-year.js";

function figureCell(row: SourceRow): string {
  return row.method ? `${row.source}\nMethod: ${row.method}` : row.source;
}

export function drawSources(w: ReportWriter, ctx: ReportContext): void {
  const { analysis } = ctx;
  w.newPage();
  w.sectionTitle(SECTION_TITLES.sources);
  w.paragraph(
    `Every figure in this report carries its source, vintage and grade. Measured: taken from a real data source for exactly that place. Modeled: computed from measured inputs by a documented formula. ${SAMPLE_DATA_LABEL}: demo data, never a measurement.`,
    { size: 9.5 },
  );

  w.subheading("Figures");
  const rows = sourceRows(analysis);
  rows.push(...localMarketSourceRows(analysis.marketAnalysisData?.localMarket));
  rows.push(...marketYearSourceRows(analysis.marketAnalysisData?.seasons));
  if (ctx.zipAreas) {
    const p = ctx.zipAreas.provenance;
    rows.push({
      section: "Market analysis",
      figure: "ZIP areas (households, owners, revenue, contractors, opportunity score)",
      source: p.source,
      vintage: p.vintage,
      grade: p.grade,
      method: p.method,
    });
  }
  w.table(
    [
      { header: "Figure", width: 110 },
      { header: "Source and method" },
      { header: "Vintage", width: 95 },
      { header: "Grade", width: 62 },
    ],
    rows.map((r) => [
      r.section === "Market analysis" ? r.figure : `${r.section}: ${r.figure}`,
      figureCell(r),
      r.vintage,
      r.grade ? gradeLabel(r.grade) : "-",
    ]),
    { fontSize: 7.5 },
  );
  const unsourced: string[] = [];
  if (analysis.keywordResearchData && !rows.some((r) => r.section === "Keyword research"))
    unsourced.push(SECTION_TITLES.keywords);
  if (analysis.competitionAnalysisData && !rows.some((r) => r.section === "Competition analysis"))
    unsourced.push(SECTION_TITLES.competition);
  for (const title of unsourced) {
    const grades = title === SECTION_TITLES.keywords ? ctx.keywordGrades : ctx.competitionGrades;
    w.note(
      `${title}: the result records no per-figure provenance${grades.length ? `; graded ${grades.map(gradeLabel).join(", ")}` : ""}.`,
    );
  }

  const assumptions = assumptionRows(analysis);
  const sections = [...new Set(assumptions.map((a) => a.section))];
  for (const section of sections) {
    w.space(4);
    w.subheading(`Assumptions: ${section}`);
    w.table(
      [
        { header: "Assumption", width: 130 },
        { header: "Value", width: 80 },
        { header: "Basis", width: 55 },
        { header: "Source" },
      ],
      assumptions
        .filter((a) => a.section === section)
        .map((a) => [a.label, a.value, a.basis, a.source]),
      { fontSize: 7.5 },
    );
  }
  if (assumptions.length > 0)
    w.note(
      "Basis: Published (as the source states it), Derived (computed from published figures), Estimate (a BIS estimate where no published figure was found; change it for your market on the results page and re-run).",
    );

  w.space(4);
  w.subheading("Methodology");
  const market = analysis.marketAnalysisData;
  const thresholds = analysis.competitionAnalysisData?.saturationMetric?.thresholds;
  w.bullets([
    `Service area: places whose point lies within the secondary radius (${formatMiles(analysis.secondaryRadius)}, great-circle distance) of the geocoded target; within the primary radius (${formatMiles(analysis.primaryRadius)}) a place is primary, otherwise secondary. A place the circle cuts counts by the share of its area inside; residents outside listed places are added at the state's background density.`,
    "Per service: annual jobs = households × equipment share × annual incidence (1 ÷ lifespan for replacements, a repair or plan rate otherwise); estimated revenue = annual jobs × average ticket; market penetration = annual jobs ÷ households. Total market revenue = the sum over services; average annual revenue = total ÷ households.",
    `Keyword research: estimated PPC budget = search volume × CPC × ${PPC_BUDGET_FACTOR}; only keywords with search volume above 0 are listed: primary keywords by volume, highest first, then long-tail keywords likewise, each keyword once.`,
    // Not described where it is not available (a report never explains what is not sold).
    ...(ctx.competitionState.status === "unavailable"
      ? []
      : [
          `Competition analysis: competitors found within the primary radius, de-duplicated across providers; market saturation from competitors per 10,000 households${thresholds ? ` (Low below ${formatNumber(thresholds.low, 1)}, High at ${formatNumber(thresholds.high, 1)} or more)` : ", with the thresholds documented in the methodology"}.`,
        ]),
    "Opportunity score: demand (households, market revenue), supply (competitors, review depth of the top three) and cost to acquire (average CPC), each scored 0–100 and weighted.",
    `The full methodology, with every formula and threshold, is docs/methodology.md in BIS; the data behind this report is the analysis ${analysis.id}${market?.analysisTimestamp ? `, computed ${formatDate(market.analysisTimestamp)}` : ""}.`,
  ]);
}
