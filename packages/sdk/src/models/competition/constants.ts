/** The competition analysis' and the opportunity score's rules, thresholds and weights (docs/methodology.md). */

import { KEYWORD_PROFILES } from "../../industries/keywords.js";
import { defaultIndustry } from "../../industries.js";
import type { OpportunityComponentKey } from "../../schemas/competition.js";

/**
 * The spec's line for a completed step without competition data (results page, section 3). Its second line,
 * "Requires Competition Analyzer BIS integration", names an integration and is for
 * administrators only (a customer reads no setting or integration names): customers read premium-offer.ts's "not available yet".
 */
export const COMPETITION_UNAVAILABLE = {
  title: "Competition analysis data not available",
} as const;

/** Two listings with similar names this close (miles) are one business. */
export const DEDUPE_PROXIMITY_MILES = 0.25;

/**
 * Market saturation from competitors per 10,000 households within the primary radius:
 * below `low` is Low, `high` or more is High, Medium between.
 *
 * Basis (estimate): about 122,600 establishments of plumbing, heating and air-conditioning
 * contractors (NAICS 23822, BLS QCEW 2024) for about 124.0 million households (ACS 2017–2021)
 * is 9.9 per 10,000 households; taking about half of them as serving heating and cooling gives a
 * national average near 5. Medium brackets that average (0.6× to 1.2×).
 */
export const SATURATION_THRESHOLDS = { low: 3, high: 6 } as const;

/** A competitor with at least this many reviews (all providers) and not in the top three is "Established". */
export const ESTABLISHED_MIN_REVIEWS = 50;

/** Thresholds of the opportunity and recommendation rules. */
export const INSIGHT_THRESHOLDS = {
  /** Average rating below this: customers are underserved on quality. */
  qualityGapRating: 4.3,
  /** A rating below this counts as low. */
  lowRating: 4.0,
  /** Share of rated competitors below `lowRating` that makes an opportunity. */
  lowRatedShare: 0.25,
  /** Average reviews of the top three below this: reviews are a fast lever. */
  reviewLever: 100,
  /** Market leader with fewer reviews than this: leadership is within reach. */
  weakLeaderReviews: 250,
  /** Share of Google-listed competitors without a website that makes an opportunity. */
  websiteGapShare: 0.25,
  /** Share of competitors positioned on emergency service below which 24/7 is a gap. */
  emergencyGapShare: 0.15,
  /** Emergency keywords costing this many times the average CPC are "expensive". */
  emergencyCpcFactor: 1.25,
} as const;

/**
 * The benchmark cost per click of an industry: the published average of its keyword profile
 * (data/benchmarks.md); the default industry's for an industry without one.
 */
export function cpcBenchmark(industry?: string): number {
  const profile = KEYWORD_PROFILES[industry ?? ""] ?? KEYWORD_PROFILES[defaultIndustry()];
  if (!profile) throw new Error(`No cost-per-click benchmark for ${industry}`);
  return profile.averageCpc.value;
}

/** Weights of the opportunity score's components (they sum to 1). */
export const OPPORTUNITY_WEIGHTS: Readonly<Record<OpportunityComponentKey, number>> = {
  demand: 0.4,
  supply: 0.35,
  cost: 0.25,
};

/** Scales of the opportunity score (see docs/methodology.md "Opportunity score"). */
export const OPPORTUNITY_SCALES = {
  /** Demand: log scale, 0 at `zero`, 100 at `full`. */
  households: { zero: 2_000, full: 1_000_000 },
  revenue: { zero: 2_000_000, full: 2_000_000_000 },
  /** Supply: density scores 100 with no competitor, 0 at this many per 10,000 households. */
  densityZeroAt: 10,
  /** Supply: review depth scores 100 with no reviews, 0 at this many (log scale). */
  reviewsZeroAt: 1_000,
  /**
   * Supply without a competitor search: NAICS 238220 establishments (ZIP Code Business Patterns
   * 2022) per 10,000 households score 0 at this many — twice the U.S. figure (98,732 establishments
   * in published ZIP codes for 125.5 million households: 7.9 per 10,000).
   */
  contractorsZeroAt: 16,
  /** Supply: share of density (the rest: review depth). */
  densityShare: 0.6,
  /** Cost: 50 at the benchmark CPC (the default industry's), ±50 per halving or doubling. */
  cpcBenchmark: /* @__PURE__ */ cpcBenchmark(),
} as const;
