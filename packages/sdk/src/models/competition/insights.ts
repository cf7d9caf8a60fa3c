/** The opportunities and recommendations of a competition analysis, one rule each (docs/methodology.md). */

import { defaultIndustry, industryLabel } from "../../industries.js";
import type { MarketSaturation } from "../../schemas/competition.js";
import type { KeywordEntry, KeywordResearchData } from "../../schemas/keywords.js";
import { competitorProfileFor } from "../industry-profiles.js";
import { cpcBenchmark, INSIGHT_THRESHOLDS, SATURATION_THRESHOLDS } from "./constants.js";
import type { RankedCompetitor } from "./ranking.js";
import { int, meanReviews, money } from "./shared.js";

const EMERGENCY_KEYWORD = /emergency|24\s*\/\s*7|24[\s-]*hours?|after[\s-]*hours|same[\s-]*day/i;

/** Emergency keywords (by intent when the keyword data has one, else by wording) and their mean CPC. */
export function emergencyKeywords(keywords: KeywordResearchData | null | undefined): {
  keywords: KeywordEntry[];
  avgCpc: number | null;
} {
  if (!keywords) return { keywords: [], avgCpc: null };
  const seen = new Set<string>();
  const all = [...keywords.keywordData.primaryKeywords, ...keywords.keywordData.longTailKeywords];
  const found = all.filter((k) => {
    const intent = (k as { intent?: unknown }).intent;
    const match = intent === "emergency" || EMERGENCY_KEYWORD.test(k.keyword);
    if (!match || seen.has(k.keyword)) return false;
    seen.add(k.keyword);
    return true;
  });
  const priced = found.filter((k) => k.cpc > 0);
  const avgCpc =
    priced.length > 0
      ? Math.round((priced.reduce((a, k) => a + k.cpc, 0) / priced.length) * 100) / 100
      : null;
  return { keywords: found, avgCpc };
}

export interface InsightInput {
  competitors: readonly RankedCompetitor[];
  avgRating: number | null;
  saturation: MarketSaturation | null;
  per10k: number | null;
  radiusMiles: number;
  keywords: KeywordResearchData | null;
  /** The analysis' industry (its label and CPC benchmark); the default industry when not given. */
  industry?: string;
  /** Specialties worth naming when no competitor claims them (default: the industry's profile). */
  niches?: readonly string[];
}

/** The top three by strength (fewer when fewer are listed). */
export function topThree<T>(competitors: readonly T[]): T[] {
  return competitors.slice(0, 3);
}

/**
 * Opportunities and recommendations, each from a documented rule on the data (methodology:
 * "Competition analysis", rules O1–O8 and R1–R6). Only rules whose condition holds speak.
 */
export function competitionInsights(input: InsightInput): {
  opportunities: string[];
  recommendations: string[];
} {
  const t = INSIGHT_THRESHOLDS;
  const { competitors, avgRating, saturation, per10k, radiusMiles, keywords } = input;
  const opportunities: string[] = [];
  const recommendations: string[] = [];
  const n = competitors.length;
  const emergency = emergencyKeywords(keywords);
  const avgCpc = keywords?.keywordData.summary.avgCPC ?? null;
  const industry = input.industry || defaultIndustry();
  const label = industryLabel(industry);
  const benchmark = cpcBenchmark(industry);

  if (n === 0) {
    // O0 / R0: nobody listed.
    opportunities.push(
      `No ${label} competitors are listed within ${radiusMiles} miles: the first well-reviewed business can own local search.`,
    );
    recommendations.push(
      "Claim your Google Business Profile and Yelp listing now and collect reviews from every job: there is no one to outrank yet.",
    );
    return { opportunities, recommendations };
  }

  const top = topThree(competitors);
  const topReviews = Math.round(meanReviews(top));
  const leader = competitors.find((c) => c.position === "Market Leader");
  const rated = competitors.filter((c) => c.rating != null);

  // O1: low average rating.
  if (avgRating != null && avgRating < t.qualityGapRating) {
    opportunities.push(
      `Competitors average ${avgRating.toFixed(1)} stars (below ${t.qualityGapRating}): customers are underserved on quality, so consistently excellent service stands out.`,
    );
  }
  // O2: many low-rated competitors.
  const lowRated = rated.filter((c) => (c.rating as number) < t.lowRating).length;
  if (rated.length > 0 && lowRated / rated.length >= t.lowRatedShare) {
    opportunities.push(
      `${lowRated} of ${rated.length} rated competitors are below ${t.lowRating.toFixed(1)} stars: their unhappy customers are looking for an alternative.`,
    );
  }
  // O3: thin reviews among the top three.
  if (topReviews < t.reviewLever) {
    opportunities.push(
      `The top ${top.length === 1 ? "competitor has" : `${top.length} competitors average`} only ${int.format(topReviews)} reviews: reviews are a fast lever to reach the top of local results.`,
    );
  } else if (leader && (leader.reviews ?? 0) < t.weakLeaderReviews) {
    // O4: a leader within reach.
    opportunities.push(
      `The market leader, ${leader.name}, has ${int.format(leader.reviews ?? 0)} reviews: leadership is within reach of a steady review program.`,
    );
  }
  // O5: low saturation.
  if (saturation === "Low" && per10k != null) {
    opportunities.push(
      `Only ${per10k.toFixed(1)} competitors per 10,000 households (Low saturation, below ${SATURATION_THRESHOLDS.low}): room for a new or expanding business.`,
    );
  }
  // O6: emergency service gap.
  const emergencyPros = competitors.filter((c) =>
    c.specialization.includes("Emergency Service"),
  ).length;
  if (emergencyPros / n < t.emergencyGapShare) {
    const cost =
      emergency.avgCpc != null
        ? ` Emergency searches cost about ${money(emergency.avgCpc)} per click, a sign of urgent demand.`
        : "";
    opportunities.push(
      `Only ${emergencyPros} of ${n} competitors present themselves as emergency or 24/7 service: a fast-response promise is a differentiator.${cost}`,
    );
  }
  // O7: niches nobody claims.
  const niches = (input.niches ?? competitorProfileFor(industry).niches ?? []).filter(
    (label) => !competitors.some((c) => c.specialization.includes(label)),
  );
  if (niches.length > 0) {
    opportunities.push(
      `No competitor in range positions itself on ${niches.map((x) => x.toLowerCase()).join(" or ")}: a specialist niche is open.`,
    );
  }
  // O8: weak websites (only Google reports websites).
  const googleListed = competitors.filter((c) => c.sources?.includes("google-places"));
  const withoutSite = googleListed.filter((c) => !c.website).length;
  if (googleListed.length > 0 && withoutSite / googleListed.length >= t.websiteGapShare) {
    opportunities.push(
      `${withoutSite} of ${googleListed.length} competitors listed on Google show no website: a strong site with online booking wins the comparison shoppers.`,
    );
  }

  // R1: the review target.
  if (leader) {
    const target = Math.max(topReviews, 10);
    recommendations.push(
      `Build toward ${int.format(target)} reviews at ${Math.max(leader.rating ?? 0, 4.5).toFixed(1)}+ stars: the top three average ${int.format(topReviews)} reviews and the leader, ${leader.name}, has ${leader.rating?.toFixed(1) ?? "no"} stars from ${int.format(leader.reviews ?? 0)} reviews.`,
    );
  }
  // R2: by saturation.
  if (saturation === "High") {
    recommendations.push(
      `Saturation is High (${per10k?.toFixed(1)} competitors per 10,000 households): differentiate by specialty, guarantees or response time, and target the suburbs of the secondary radius where fewer competitors are listed.`,
    );
  } else if (saturation === "Low") {
    recommendations.push(
      "Saturation is Low: expand coverage quickly — list every city of the primary radius on your site and profiles before competitors arrive.",
    );
  } else if (saturation === "Medium") {
    recommendations.push(
      "Saturation is Medium: win on visibility — complete profiles, photos and fast replies to reviews on Google and Yelp.",
    );
  }
  // R3: paid search cost against the benchmark.
  if (avgCpc != null && avgCpc > 0) {
    recommendations.push(
      avgCpc > benchmark
        ? `Clicks average ${money(avgCpc)} (above the ${money(benchmark)} ${label} benchmark): lean on reviews, local SEO and Local Services Ads, and keep paid search to high-intent keywords.`
        : `Clicks average ${money(avgCpc)} (at or below the ${money(benchmark)} ${label} benchmark): paid search is an efficient way to win share now.`,
    );
  }
  // R4: expensive emergency keywords.
  if (
    emergency.avgCpc != null &&
    avgCpc != null &&
    avgCpc > 0 &&
    emergency.avgCpc >= t.emergencyCpcFactor * avgCpc
  ) {
    recommendations.push(
      `Emergency keywords cost ${money(emergency.avgCpc)} per click (${(emergency.avgCpc / avgCpc).toFixed(1)}× the average): run them only during hours you answer the phone live, so the priciest clicks are never missed.`,
    );
  }
  // R5: quality process.
  if (avgRating != null && avgRating < t.qualityGapRating) {
    recommendations.push(
      "Ask for a review after every job and answer every negative one within a day: in a market rated this low, visible care is the advantage.",
    );
  }
  // R6: consistent listings when the providers disagree.
  const listedOnBoth = competitors.filter((c) => (c.sources?.length ?? 0) > 1).length;
  if (listedOnBoth > 0) {
    recommendations.push(
      `Keep your name, phone and website identical on Google and Yelp: ${listedOnBoth} of ${n} competitors are listed on both and customers compare them.`,
    );
  }
  return { opportunities, recommendations };
}
