/** Market, keyword and competition data in, one 0–100 opportunity score out. */

import { NOT_AVAILABLE } from "../../format.js";
import { defaultIndustry, industryLabel } from "../../industries.js";
import type {
  CompetitionAnalysisData,
  OpportunityComponentKey,
  OpportunityScore,
} from "../../schemas/competition.js";
import type { KeywordResearchData } from "../../schemas/keywords.js";
import type { MarketAnalysisData } from "../../schemas/market.js";
import { competitorProfileFor } from "../industry-profiles.js";
import { cpcBenchmark, OPPORTUNITY_SCALES, OPPORTUNITY_WEIGHTS } from "./constants.js";
import { topThree } from "./insights.js";
import { int, meanReviews, money } from "./shared.js";

const clamp = (n: number, lo = 0, hi = 100) => Math.min(hi, Math.max(lo, n));

/** 0 at `zero`, 100 at `full`, on a log scale, clamped. */
export function logScore(value: number, zero: number, full: number): number {
  if (!(value > 0)) return 0;
  return clamp((100 * Math.log(value / zero)) / Math.log(full / zero));
}

/** Demand: the mean of the households score and the market revenue score (log scales). */
export function demandScore(households: number, revenue: number): number {
  const s = OPPORTUNITY_SCALES;
  return (
    (logScore(households, s.households.zero, s.households.full) +
      logScore(revenue, s.revenue.zero, s.revenue.full)) /
    2
  );
}

/**
 * Supply (high = room to compete): density 100 × (1 − per10k ÷ 10), weighted 0.6, and review
 * depth 100 × (1 − ln(1 + top-three mean reviews) ÷ ln(1 + 1000)), weighted 0.4. Without
 * households, review depth alone.
 */
export function supplyScore(per10k: number | null, topThreeMeanReviews: number): number {
  const s = OPPORTUNITY_SCALES;
  const depth = clamp(
    100 * (1 - Math.log1p(Math.max(0, topThreeMeanReviews)) / Math.log1p(s.reviewsZeroAt)),
  );
  if (per10k == null) return depth;
  const density = clamp(100 * (1 - per10k / s.densityZeroAt));
  return s.densityShare * density + (1 - s.densityShare) * depth;
}

/**
 * Contractors (Business Patterns establishments) per 10,000 households of the service area, from
 * the market analysis' local market profile; null without it.
 */
export function contractorDensity(market: MarketAnalysisData | null | undefined): number | null {
  const contractors = market?.localMarket?.contractors;
  const households = market?.households ?? null;
  if (!contractors || households == null || households <= 0) return null;
  return (contractors.establishments / households) * 10_000;
}

/** Supply from contractor density alone: 100 with none, 0 at `contractorsZeroAt` per 10,000. */
export function contractorScore(per10k: number): number {
  return clamp(100 * (1 - per10k / OPPORTUNITY_SCALES.contractorsZeroAt));
}

/** Cost to acquire (high = cheap): 50 at the benchmark CPC, +50 per halving, −50 per doubling. */
export function costScore(
  avgCpc: number,
  benchmark: number = OPPORTUNITY_SCALES.cpcBenchmark,
): number {
  return clamp(50 - 50 * Math.log2(avgCpc / benchmark));
}

const LABELS: Record<OpportunityComponentKey, string> = {
  demand: "Demand",
  supply: "Competition",
  cost: "Cost to acquire",
};

function compact(n: number): string {
  if (n >= 1e9) return `$${(n / 1e9).toFixed(1)}B`;
  if (n >= 1e6) return `$${(n / 1e6).toFixed(1)}M`;
  if (n >= 1e3) return `$${(n / 1e3).toFixed(0)}K`;
  return `$${n.toFixed(0)}`;
}

/**
 * A component's weight as a whole percent, whether stored as a fraction (0.4) or a percent
 * (40): "40%". One rule for the results page and the PDF report.
 */
export function weightPercentText(weight: number): string {
  if (!Number.isFinite(weight)) return NOT_AVAILABLE;
  const pct = weight <= 1 ? weight * 100 : weight;
  return `${Math.round(pct)}%`;
}

/**
 * One 0–100 score: demand (households, market revenue of the service area), supply (competitors
 * per 10,000 households, review depth of the top three) and cost to acquire (average CPC),
 * weighted OPPORTUNITY_WEIGHTS. A component without its inputs is left out (listed in
 * `missing`) and the others' weights are scaled up; null when no component has inputs.
 */
export function opportunityScore(
  market: MarketAnalysisData | null | undefined,
  keywords: KeywordResearchData | null | undefined,
  competition: CompetitionAnalysisData | null | undefined,
): OpportunityScore | null {
  const components: OpportunityScore["components"] = [];
  const industry = market?.requestIndustry || defaultIndustry();
  const missing: OpportunityComponentKey[] = [];

  const households = market?.households ?? null;
  const revenue =
    market?.marketSummary?.totalMarketRevenue ??
    (households != null && market?.avgRevenue != null ? households * market.avgRevenue : null);
  if (households != null && households > 0 && revenue != null) {
    components.push({
      key: "demand",
      label: LABELS.demand,
      score: Math.round(demandScore(households, revenue)),
      weight: OPPORTUNITY_WEIGHTS.demand,
      detail: `${int.format(households)} households and ${compact(revenue)} annual market revenue in the service area`,
    });
  } else missing.push("demand");

  if (competition) {
    const per10k = competition.saturationMetric?.competitorsPer10kHouseholds ?? null;
    const top = topThree(competition.competitors);
    const mean = meanReviews(top);
    const density =
      per10k == null
        ? "competitors per household unknown"
        : `${per10k.toFixed(1)} competitors per 10,000 households`;
    components.push({
      key: "supply",
      label: LABELS.supply,
      score: Math.round(supplyScore(per10k, mean)),
      weight: OPPORTUNITY_WEIGHTS.supply,
      detail:
        top.length > 0
          ? `${density}; the top ${top.length} average ${int.format(Math.round(mean))} reviews`
          : `${density}; no competitor listed`,
    });
  } else if (contractorDensity(market) !== null) {
    const per10k = contractorDensity(market) as number;
    components.push({
      key: "supply",
      label: LABELS.supply,
      score: Math.round(contractorScore(per10k)),
      weight: OPPORTUNITY_WEIGHTS.supply,
      detail: `${per10k.toFixed(1)} ${competitorProfileFor(industry).contractorsLabel} per 10,000 households (ZIP Code Business Patterns 2022, measured)`,
    });
  } else missing.push("supply");

  const avgCpc = keywords?.keywordData.summary.avgCPC ?? null;
  if (avgCpc != null && avgCpc > 0) {
    components.push({
      key: "cost",
      label: LABELS.cost,
      score: Math.round(costScore(avgCpc, cpcBenchmark(industry))),
      weight: OPPORTUNITY_WEIGHTS.cost,
      detail: `Average cost per click ${money(avgCpc)} (${industryLabel(industry)} benchmark ${money(cpcBenchmark(industry))})`,
    });
  } else missing.push("cost");

  if (components.length === 0) return null;
  const weights = components.reduce((a, c) => a + c.weight, 0);
  const score = Math.round(components.reduce((a, c) => a + c.score * c.weight, 0) / weights);
  const sample =
    competition?.sampleData === true ||
    competition?.provenance?.grade === "sample" ||
    (keywords as { provenance?: { grade?: string } } | null | undefined)?.provenance?.grade ===
      "sample";
  return {
    score,
    components,
    grade: sample ? "sample" : "modeled",
    ...(missing.length > 0 ? { missing } : {}),
    method:
      "Weighted mean of demand (0.40), competition (0.35) and cost to acquire (0.25), each 0–100; see the methodology page.",
  };
}
