/**
 * The rows of a market comparison and the rule for each, without zod: the page, the
 * PDF report, the CSV and XLSX exports and the CLI print these rows in this order, and
 * `compareMarkets` (comparison.ts) marks the best value of each by its `better` direction.
 */
import { MONTH_NAMES } from "./months.js";

/** How many analyses a comparison holds. */
export const COMPARISON_LIMITS = { min: 2, max: 10 } as const;

export const COMPARISON_MESSAGES = {
  tooFew: `Select at least ${COMPARISON_LIMITS.min} analyses to compare`,
  tooMany: `Select at most ${COMPARISON_LIMITS.max} analyses to compare`,
  duplicate: "Each analysis can be compared only once",
  analysisId: "Each analysis id must be a non-empty text",
  nameTooLong: "Comparison name must be at most 120 characters",
  citiesTooFew: `Enter at least ${COMPARISON_LIMITS.min} cities`,
  citiesTooMany: `Enter at most ${COMPARISON_LIMITS.max} cities`,
  notFound: "Comparison not found",
} as const;

export type ComparisonRowKey =
  | "population"
  | "households"
  | "housingUnits"
  | "singleFamilyUnits"
  | "totalMarketRevenue"
  | "revenuePerHousehold"
  | "peakMonth"
  | "keywordVolume"
  | "averageCpc"
  | "competitorCount"
  | "marketLeader"
  | "marketSaturation"
  | "opportunityScore"
  | "demandScore"
  | "supplyScore"
  | "costScore";

/** How a row's value is written: whole number, dollars, a cost per click, text, a 0–100 score. */
export type ComparisonRowFormat = "number" | "currency" | "cpc" | "text" | "score";

export interface ComparisonRow {
  key: ComparisonRowKey;
  label: string;
  format: ComparisonRowFormat;
  /** Which value is best: the highest, the lowest, or none (text such as the leader's name). */
  better: "higher" | "lower" | null;
  /** Decimals values are compared at (the precision they are shown with): equal as shown is a tie. */
  decimals: number;
  /** Which step the figure comes from: premium rows show only for paid analyses. */
  step: "market" | "keywordResearch" | "competitionAnalysis" | "score";
  /** What the row measures, in a line (the page's row header title, the PDF's notes). */
  description: string;
}

export const COMPARISON_ROWS: readonly ComparisonRow[] = [
  {
    key: "population",
    label: "Population",
    format: "number",
    better: "higher",
    decimals: 0,
    step: "market",
    description: "People within the secondary radius",
  },
  {
    key: "households",
    label: "Households",
    format: "number",
    better: "higher",
    decimals: 0,
    step: "market",
    description: "Households within the secondary radius",
  },
  {
    key: "housingUnits",
    label: "Housing units",
    format: "number",
    better: "higher",
    decimals: 0,
    step: "market",
    description: "Housing units within the secondary radius",
  },
  {
    key: "singleFamilyUnits",
    label: "Single-family homes",
    format: "number",
    better: "higher",
    decimals: 0,
    step: "market",
    description: "Single-family homes within the secondary radius",
  },
  {
    key: "totalMarketRevenue",
    label: "Total market revenue",
    format: "currency",
    better: "higher",
    decimals: 0,
    step: "market",
    description: "Annual revenue of every service in the service area",
  },
  {
    key: "revenuePerHousehold",
    label: "Revenue per household",
    format: "currency",
    better: "higher",
    decimals: 0,
    step: "market",
    description: "Total market revenue ÷ households",
  },
  {
    key: "peakMonth",
    label: "Busiest month",
    format: "text",
    better: null,
    decimals: 0,
    step: "market",
    description: "The month of the most revenue (the market's year, from its monthly degree days)",
  },
  {
    key: "keywordVolume",
    label: "Keyword volume",
    format: "number",
    better: "higher",
    decimals: 0,
    step: "keywordResearch",
    description: "Monthly searches of the listed keywords",
  },
  {
    key: "averageCpc",
    label: "Average CPC",
    format: "cpc",
    better: "lower",
    decimals: 2,
    step: "keywordResearch",
    description: "Average cost per click (lower is cheaper)",
  },
  {
    key: "competitorCount",
    label: "Competitors",
    format: "number",
    better: "lower",
    decimals: 0,
    step: "competitionAnalysis",
    description: "Competitors within the primary radius (fewer is better)",
  },
  {
    key: "marketLeader",
    label: "Market leader",
    format: "text",
    better: null,
    decimals: 0,
    step: "competitionAnalysis",
    description: "The strongest competitor",
  },
  {
    key: "marketSaturation",
    label: "Market saturation",
    format: "text",
    better: "lower",
    decimals: 0,
    step: "competitionAnalysis",
    description: "Low, Medium or High (Low is best)",
  },
  {
    key: "opportunityScore",
    label: "Opportunity score",
    format: "score",
    better: "higher",
    decimals: 0,
    step: "score",
    description: "0–100: demand, competition and cost to acquire, weighted",
  },
  {
    key: "demandScore",
    label: "Demand",
    format: "score",
    better: "higher",
    decimals: 0,
    step: "score",
    description: "Score component: households and market revenue (0–100)",
  },
  {
    key: "supplyScore",
    label: "Competition",
    format: "score",
    better: "higher",
    decimals: 0,
    step: "score",
    description: "Score component: room to compete (0–100)",
  },
  {
    key: "costScore",
    label: "Cost to acquire",
    format: "score",
    better: "higher",
    decimals: 0,
    step: "score",
    description: "Score component: cheaper clicks score higher (0–100)",
  },
];

/** Saturation bands in order, best first (compared as 0, 1, 2; lower is better). */
export const SATURATION_ORDER: readonly string[] = ["Low", "Medium", "High"];

/** The busiest month of a market's year ("July"), or null for a record without months. */
export function peakMonthName(seasons: { peakMonth: number } | undefined | null): string | null {
  if (!seasons) return null;
  return MONTH_NAMES[seasons.peakMonth - 1] ?? null;
}
