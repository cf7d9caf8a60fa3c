/**
 * What the report says about where its figures come from: every figure's source, vintage and
 * grade (the market analysis' `provenance`, and the keyword and competition results' when they
 * carry one), the assumptions with their sources, and which sections hold sample data. The
 * results are the SDK's typed KeywordResearchData and CompetitionAnalysisData, read as typed.
 */
import {
  type Analysis,
  type Assumption,
  assumptionValueText,
  type CompetitionAnalysisData,
  type DataGrade,
  type KeywordAssumption,
  type KeywordResearchData,
  type MarketFigure,
  type Provenance,
} from "@bis/sdk";
import { BASEMAP_SOURCE } from "./basemap.js";
import { formatDate, formatNumber } from "./format.js";

export interface SourceRow {
  section: string;
  figure: string;
  source: string;
  vintage: string;
  grade: DataGrade | null;
  method?: string;
}

export interface AssumptionRow {
  section: string;
  label: string;
  value: string;
  basis: string;
  source: string;
}

export const MARKET_FIGURE_LABELS: Record<MarketFigure, string> = {
  population: "Total population (market size)",
  households: "Target households",
  housingUnits: "Total housing units",
  singleFamilyUnits: "Single-family homes",
  commercialUnits: "Commercial units",
  revenue: "Market revenue and service estimates",
};

/** "searchVolume" → "Search volume", "cpc" → "CPC". */
export function humanize(key: string): string {
  const special: Record<string, string> = {
    cpc: "CPC",
    avgCPC: "Average CPC",
    ppc: "PPC",
    ppcBudget: "PPC budget",
  };
  if (special[key]) return special[key];
  const words = key
    .replace(/[._-]+/g, " ")
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .trim()
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

function provenanceRow(
  p: Provenance & { method?: string | undefined },
  section: string,
  figure: string,
): SourceRow {
  return {
    section,
    figure,
    source: p.source,
    vintage: p.vintage,
    grade: p.grade,
    ...(p.method ? { method: p.method } : {}),
  };
}

/** The keyword figures' provenance, by figure ("Keywords: Search volume", "Keywords: CPC"). */
function keywordProvenanceRows(data: KeywordResearchData): SourceRow[] {
  const months = [data.seasonality?.measured, data.seasonality?.modeled].flatMap((p) =>
    p ? [provenanceRow(p, "Keyword research", `Keywords: Searches by month (${p.grade})`)] : [],
  );
  return [
    ...Object.entries(data.provenance ?? {}).map(([key, p]) =>
      provenanceRow(p, "Keyword research", `Keywords: ${humanize(key)}`),
    ),
    ...months,
  ];
}

/** The grades of a keyword result: its figures' provenance and its provider. */
export function keywordGrades(data: KeywordResearchData): DataGrade[] {
  const grades = keywordProvenanceRows(data).map((row) => row.grade);
  if (data.provider) grades.push(data.provider.grade);
  return [...new Set(grades.filter((g): g is DataGrade => g !== null))];
}

/** The grades of a competition result: its provenance, the providers that answered, sample data. */
export function competitionGrades(data: CompetitionAnalysisData): DataGrade[] {
  const grades: DataGrade[] = [];
  if (data.provenance) grades.push(data.provenance.grade);
  for (const run of data.providers ?? []) if (run.status !== "failed") grades.push(run.grade);
  if (data.sampleData === true) grades.push("sample");
  return [...new Set(grades)];
}

export function gradesOfMarket(analysis: Analysis): DataGrade[] {
  const provenance = analysis.marketAnalysisData?.provenance ?? {};
  return [...new Set(Object.values(provenance).map((p) => p.grade))];
}

/** The grade of one market figure, if the analysis recorded it. */
export function marketGrade(analysis: Analysis, figure: MarketFigure): DataGrade | null {
  return analysis.marketAnalysisData?.provenance?.[figure]?.grade ?? null;
}

/** Every figure's source row: the market figures, then keyword and competition figures. */
export function sourceRows(analysis: Analysis): SourceRow[] {
  const rows: SourceRow[] = [];
  const market = analysis.marketAnalysisData;
  const provenance = market?.provenance ?? {};
  for (const figure of Object.keys(MARKET_FIGURE_LABELS) as MarketFigure[]) {
    const p = provenance[figure];
    if (!p) continue;
    rows.push({
      section: "Market analysis",
      figure: MARKET_FIGURE_LABELS[figure],
      source: p.source,
      vintage: p.vintage,
      grade: p.grade,
      method: p.method,
    });
  }
  if (market?.dataSource) {
    rows.push({
      section: "Market analysis",
      figure: "Places in range (city table)",
      source: market.dataSource.label,
      vintage: market.dataSource.vintage,
      grade: provenance.population?.grade ?? null,
      method: `Place data provider: ${market.dataSource.provider}`,
    });
  }
  rows.push({
    section: "Market analysis",
    figure: "Service area map (boundaries)",
    source: BASEMAP_SOURCE,
    vintage: "2017 edition",
    grade: null,
    method: "Drawn offline: equirectangular projection around the target, cos(latitude) scaled",
  });
  const keywords = analysis.keywordResearchData;
  if (keywords) {
    const found = keywordProvenanceRows(keywords);
    if (found.length === 0 && keywords.provider) {
      found.push({
        section: "Keyword research",
        figure: "Keywords",
        source: keywords.provider.label,
        vintage: "Not stated",
        grade: keywords.provider.grade,
      });
    }
    rows.push(...found);
  }
  const competition = analysis.competitionAnalysisData;
  if (competition) {
    if (competition.provenance)
      rows.push(provenanceRow(competition.provenance, "Competition analysis", "Competitors"));
    const when = competition.analysisTimestamp
      ? formatDate(competition.analysisTimestamp)
      : "Not stated";
    for (const run of competition.providers ?? []) {
      const counts =
        run.status === "failed"
          ? `failed${run.message ? `: ${run.message}` : ""}`
          : `${formatNumber(run.returned)} businesses returned, ${formatNumber(run.withinRadius)} within the primary radius${run.reportedTotal ? ` (the provider reports ${formatNumber(run.reportedTotal)} in all)` : ""}`;
      rows.push({
        section: "Competition analysis",
        figure: `Competitor search: ${run.label}`,
        source: `${run.label}: ${counts}`,
        vintage: when,
        grade: run.status === "failed" ? null : run.grade,
      });
    }
  }
  const score = analysis.opportunityScore;
  if (score?.method) {
    rows.push({
      section: "Opportunity score",
      figure: "Opportunity score",
      source: "Computed by BIS from the figures above",
      vintage: "As of the latest step",
      grade: score.grade ?? null,
      method: score.method,
    });
  }
  return rows;
}

function assumptionRow(section: string, a: Assumption | KeywordAssumption): AssumptionRow {
  let value = assumptionValueText(a.unit, a.value);
  if (a.defaultValue !== a.value)
    value += ` (default ${assumptionValueText(a.unit, a.defaultValue)})`;
  return {
    section,
    label: a.label,
    value,
    basis: humanize(a.basis),
    source: [a.source, a.sourceUrl].filter(Boolean).join(" ") || "Not stated",
  };
}

/** The assumptions of the market model and, when it lists any, of keyword research. */
export function assumptionRows(analysis: Analysis): AssumptionRow[] {
  return [
    ...(analysis.marketAnalysisData?.assumptions ?? []).map((a) =>
      assumptionRow("Market model", a),
    ),
    ...(analysis.keywordResearchData?.assumptions ?? []).map((a) =>
      assumptionRow("Keyword research", a),
    ),
  ];
}
