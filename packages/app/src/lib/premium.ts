/**
 * Helpers of the premium sections (sections 2 and 3 of the results page): the cities keyword
 * research runs for, and what the results page says about a competition result. The data is
 * the SDK's typed KeywordResearchData and CompetitionAnalysisData, trusted as parsed; the views
 * every consumer shares (the PPC table, the market leader, assumption values) are the SDK's
 * (ppcTable, marketLeader, assumptionValueText).
 */
import {
  type Analysis,
  type CompetitionAnalysisData,
  keywordCities as modelKeywordCities,
} from "@bis/sdk";

/** What competition level and market saturation read when the data has none (the specification's words). */
export const DEFAULT_LEVEL = "Medium";

/** Rows the PPC table shows before "Show all". */
export const PPC_TABLE_INITIAL_ROWS = 50;

/**
 * The cities keyword research processes: the target city plus the city-breakdown names,
 * each once, as the SDK's keyword model picks them (the server runs the same function, so the
 * "Processing {n} cities" toast says what the server does, capped at MAX_KEYWORD_CITIES).
 */
export function keywordCities(analysis: Analysis): string[] {
  const market = analysis.marketAnalysisData;
  return market ? modelKeywordCities(market).cities.map((c) => c.name) : [];
}

/**
 * Whether the competitors are sample data (demo mode): the result says so, a competitor's
 * source is "sample", or its provenance is graded sample.
 */
export function isSampleCompetition(data: CompetitionAnalysisData): boolean {
  return (
    data.sampleData === true ||
    data.competitors.some((c) => c.source === "sample") ||
    data.provenance?.grade === "sample"
  );
}

/** Whether a finished competition analysis has nothing to show (the specification's "not available"). */
export function isEmptyCompetition(data: CompetitionAnalysisData | null | undefined): boolean {
  return !data || (data.competitors.length === 0 && !(data.totalCompetitors > 0));
}

/** The saturation metric as words: "At least 4.2 competitors per 10,000 households (Low below 2, High from 6)". */
export function saturationDetail(data: CompetitionAnalysisData): string | null {
  const metric = data.saturationMetric;
  if (!metric || metric.competitorsPer10kHouseholds === null) return null;
  const per10k = metric.competitorsPer10kHouseholds.toLocaleString("en-US", {
    maximumFractionDigits: 1,
  });
  const { low, high } = metric.thresholds;
  return `${metric.lowerBound ? "At least " : ""}${per10k} competitors per 10,000 households (Low below ${low.toLocaleString("en-US")}, High from ${high.toLocaleString("en-US")})`;
}
