/**
 * The competition analysis and the opportunity score, as pure functions: competitor listings
 * from the providers (Google Places, Yelp, or labelled sample data) in, the spec's
 * CompetitionAnalysisData out; market, keyword and competition data in, one 0–100 score out.
 *
 * Every rule, threshold and weight is a named constant here and documented in
 * docs/methodology.md ("Competition analysis", "Opportunity score").
 */
import type {
  CompetitionAnalysisData,
  Competitor,
  CompetitorPosition,
  CompetitorProviderRun,
  CompetitorSource,
  MarketSaturation,
  OpportunityComponentKey,
  OpportunityScore,
  SaturationMetric,
} from "../schemas/competition.js";
import type { KeywordEntry, KeywordResearchData } from "../schemas/keywords.js";
import type { MarketAnalysisData } from "../schemas/market.js";
import type { DataGrade } from "../schemas/provenance.js";
import { distanceMiles } from "./geo.js";

/* ------------------------------------------------------------------ constants */

/**
 * The spec's two lines for a completed step without competition data (§2 section 3): shown on
 * the results page and in the report when `competitionAnalysisData` is null (no competitor
 * provider configured in production).
 */
export const COMPETITION_UNAVAILABLE = {
  title: "Competition analysis data not available",
  detail: "Requires Competition Analyzer BIS integration",
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

/** Average HVAC cost per click (LocaliQ 2025, via perfoads.com; data/benchmarks.md). */
export const HVAC_CPC_BENCHMARK = 9.68;

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
  /** Supply: share of density (the rest: review depth). */
  densityShare: 0.6,
  /** Cost: 50 at the benchmark CPC, ±50 per halving or doubling. */
  cpcBenchmark: HVAC_CPC_BENCHMARK,
} as const;

/* ------------------------------------------------------------------ listings and dedupe */

/** One business as one provider lists it. */
export interface CompetitorListing {
  source: CompetitorSource;
  /** The provider's id (Google place id, Yelp business id, sample number). */
  id: string;
  name: string;
  /** 0–5 stars. */
  rating: number | null;
  reviews: number | null;
  phone?: string | null;
  /** The business's own website (Google `websiteUri`). */
  website?: string | null;
  /** The listing's page at the provider (Yelp `url`). */
  listingUrl?: string | null;
  address?: string | null;
  lat?: number | null;
  lon?: number | null;
  /** Distance from the search centre in miles, when the provider reports one. */
  distanceMiles?: number | null;
  /** Category titles (Yelp `categories[].title`). */
  categories?: string[];
}

/** One business after merging the listings of every provider. */
export interface MergedCompetitor {
  name: string;
  rating: number | null;
  reviews: number | null;
  /** Provider of the name shown (the listing with the most reviews). */
  source: CompetitorSource;
  sources: CompetitorSource[];
  url: string | null;
  website: string | null;
  address: string | null;
  phone: string | null;
  distanceMiles: number | null;
  categories: string[];
  /** Listings merged into this one. */
  listings: number;
}

const LEGAL_WORDS = new Set([
  "llc",
  "inc",
  "incorporated",
  "co",
  "corp",
  "corporation",
  "company",
  "ltd",
  "pllc",
  "lp",
  "llp",
  "the",
  "and",
]);

/** Name tokens compared for duplicates: case, accents, punctuation, "&", legal forms folded. */
export function businessNameTokens(name: string): string[] {
  return name
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/\ba\s*\/\s*c\b/g, "ac")
    .replace(/['’]/g, "")
    .replace(/[&+]/g, " and ")
    .replace(/[^a-z0-9]+/g, " ")
    .split(" ")
    .filter((t) => t.length > 0 && !LEGAL_WORDS.has(t));
}

export function normalizeBusinessName(name: string): string {
  return businessNameTokens(name).join(" ");
}

/** The last ten digits of a phone number (U.S. numbers without the country code), or null. */
export function normalizePhone(phone: string | null | undefined): string | null {
  const digits = (phone ?? "").replace(/\D/g, "");
  return digits.length >= 10 ? digits.slice(-10) : null;
}

/** Equal token sets, or the smaller set (of at least two tokens) inside the larger. */
function similarNames(a: string[], b: string[]): boolean {
  if (a.length === 0 || b.length === 0) return false;
  const [small, large] = a.length <= b.length ? [a, b] : [b, a];
  const set = new Set(large);
  if (small.length === large.length) return small.every((t) => set.has(t));
  return small.length >= 2 && small.every((t) => set.has(t));
}

/**
 * Whether two listings are the same business:
 * 1. the same provider id; or
 * 2. the same phone number (last ten digits); or
 * 3. similar names (equal tokens, or one name's tokens — at least two — inside the other's) and
 *    locations within DEDUPE_PROXIMITY_MILES; or
 * 4. equal names when either listing has no location.
 */
export function sameBusiness(
  a: CompetitorListing,
  b: CompetitorListing,
  proximityMiles = DEDUPE_PROXIMITY_MILES,
): boolean {
  if (a.source === b.source && a.id === b.id) return true;
  const pa = normalizePhone(a.phone);
  if (pa && pa === normalizePhone(b.phone)) return true;
  const ta = businessNameTokens(a.name);
  const tb = businessNameTokens(b.name);
  const located = a.lat != null && a.lon != null && b.lat != null && b.lon != null;
  if (located) {
    const d = distanceMiles(a.lat as number, a.lon as number, b.lat as number, b.lon as number);
    return d <= proximityMiles && similarNames(ta, tb);
  }
  return ta.length > 0 && ta.join(" ") === tb.join(" ");
}

const round1 = (n: number) => Math.round(n * 10) / 10;
const SOURCE_ORDER: CompetitorSource[] = ["google-places", "yelp", "sample"];

function merge(group: CompetitorListing[]): MergedCompetitor {
  const byReviews = [...group].sort(
    (x, y) =>
      (y.reviews ?? -1) - (x.reviews ?? -1) ||
      SOURCE_ORDER.indexOf(x.source) - SOURCE_ORDER.indexOf(y.source),
  );
  const primary = byReviews[0] as CompetitorListing;
  const sources = SOURCE_ORDER.filter((s) => group.some((l) => l.source === s));
  // Per provider, its best-reviewed listing (a provider's own duplicates are not counted twice).
  const perSource = sources.map((s) => byReviews.find((l) => l.source === s) as CompetitorListing);
  const reviewCounts = perSource.map((l) => l.reviews).filter((r): r is number => r != null);
  const reviews = reviewCounts.length > 0 ? reviewCounts.reduce((a, b) => a + b, 0) : null;
  const weighted = perSource.filter((l) => l.rating != null && (l.reviews ?? 0) > 0);
  let rating: number | null = null;
  if (weighted.length > 0) {
    const total = weighted.reduce((a, l) => a + (l.reviews as number), 0);
    rating = round1(
      weighted.reduce((a, l) => a + (l.rating as number) * (l.reviews as number), 0) / total,
    );
  } else {
    const rated = perSource.filter((l) => l.rating != null);
    if (rated.length > 0)
      rating = round1(rated.reduce((a, l) => a + (l.rating as number), 0) / rated.length);
  }
  const first = <T>(pick: (l: CompetitorListing) => T | null | undefined): T | null => {
    for (const s of SOURCE_ORDER) {
      for (const l of byReviews) {
        if (l.source !== s) continue;
        const v = pick(l);
        if (v != null && v !== "") return v;
      }
    }
    return null;
  };
  const website = first((l) => l.website);
  const distances = group.map((l) => l.distanceMiles).filter((d): d is number => d != null);
  return {
    name: primary.name.trim(),
    rating,
    reviews,
    source: primary.source,
    sources,
    url: website ?? first((l) => l.listingUrl),
    website,
    address: first((l) => l.address),
    phone: first((l) => l.phone),
    distanceMiles: distances.length > 0 ? round1(Math.min(...distances)) : null,
    categories: [...new Set(group.flatMap((l) => l.categories ?? []))],
    listings: group.length,
  };
}

/** Merges listings of the same business (rules: `sameBusiness`), across and within providers. */
export function dedupeCompetitors(
  listings: readonly CompetitorListing[],
  proximityMiles = DEDUPE_PROXIMITY_MILES,
): { competitors: MergedCompetitor[]; duplicatesMerged: number } {
  const parent = listings.map((_, i) => i);
  const find = (i: number): number => {
    let r = i;
    while (parent[r] !== r) r = parent[r] as number;
    while (parent[i] !== r) {
      const next = parent[i] as number;
      parent[i] = r;
      i = next;
    }
    return r;
  };
  for (let i = 0; i < listings.length; i++) {
    for (let j = i + 1; j < listings.length; j++) {
      if (find(i) === find(j)) continue;
      if (
        sameBusiness(
          listings[i] as CompetitorListing,
          listings[j] as CompetitorListing,
          proximityMiles,
        )
      )
        parent[find(j)] = find(i);
    }
  }
  const groups = new Map<number, CompetitorListing[]>();
  listings.forEach((l, i) => {
    const root = find(i);
    const group = groups.get(root);
    if (group) group.push(l);
    else groups.set(root, [l]);
  });
  const competitors = [...groups.values()].map(merge);
  return { competitors, duplicatesMerged: listings.length - competitors.length };
}

/* ------------------------------------------------------------------ ranking */

/** The ranking key: rating × ln(reviews + 1); a business without rating or reviews scores 0. */
export function competitorStrength(rating: number | null, reviews: number | null): number {
  return (rating ?? 0) * Math.log((reviews ?? 0) + 1);
}

/**
 * Specialties recognised in a competitor's name and categories, in this order; the first two
 * found are shown, "General HVAC" when none is.
 */
export const SPECIALTY_RULES: readonly { label: string; pattern: RegExp }[] = [
  { label: "Emergency Service", pattern: /emergency|24\s*\/\s*7|24[\s-]*hours?|after[\s-]*hours/ },
  { label: "Heat Pumps", pattern: /heat\s*pumps?|mini[\s-]*splits?|ductless/ },
  { label: "Geothermal", pattern: /geothermal/ },
  {
    label: "Ducts & Indoor Air Quality",
    pattern: /\bducts?\b|duct\s*cleaning|air\s*quality|\biaq\b|ventilation|air\s*purif/,
  },
  { label: "Commercial & Refrigeration", pattern: /commercial|refrigeration|mechanical/ },
  {
    label: "Heating & Cooling",
    pattern:
      /(heating|furnace|boiler|heat\b).*(cooling|air\s*conditioning|\bair\b|\bac\b)|(cooling|air\s*conditioning|\bac\b).*(heating|furnace|heat\b)|\bhvac\b/,
  },
  { label: "Heating", pattern: /heating|furnace|boiler/ },
  { label: "Air Conditioning", pattern: /air\s*condition|cooling|\bac\b|a\s*\/\s*c/ },
  { label: "Plumbing", pattern: /plumb|water\s*heater/ },
  { label: "Electrical", pattern: /electric/ },
];

export const GENERAL_SPECIALIZATION = "General HVAC";

export function specializationOf(name: string, categories: readonly string[] = []): string {
  const text = [name, ...categories].join(" | ").toLowerCase();
  const found: string[] = [];
  for (const rule of SPECIALTY_RULES) {
    if (!rule.pattern.test(text)) continue;
    // "Heating & Cooling" already says "Heating" and "Air Conditioning".
    if (
      found.includes("Heating & Cooling") &&
      (rule.label === "Heating" || rule.label === "Air Conditioning")
    )
      continue;
    if (rule.label === "Air Conditioning" && found.includes("Heating")) {
      found[found.indexOf("Heating")] = "Heating & Cooling";
      continue;
    }
    found.push(rule.label);
    if (found.length === 2) break;
  }
  return found.length > 0 ? found.join(", ") : GENERAL_SPECIALIZATION;
}

/** A ranked competitor, with the fields the model uses beside the stored ones. */
export interface RankedCompetitor extends Competitor {
  position: CompetitorPosition;
  strength: number;
  website?: string;
  categories: string[];
}

/**
 * Ranks by strength (ties: more reviews, higher rating, name) and assigns positions:
 * 1st "Market Leader", 2nd–3rd "Top 3" (both need a strength above 0), then "Established" with
 * at least ESTABLISHED_MIN_REVIEWS reviews, else "Emerging".
 */
export function rankCompetitors(merged: readonly MergedCompetitor[]): RankedCompetitor[] {
  const scored = merged.map((c) => ({ c, strength: competitorStrength(c.rating, c.reviews) }));
  scored.sort(
    (x, y) =>
      y.strength - x.strength ||
      (y.c.reviews ?? 0) - (x.c.reviews ?? 0) ||
      (y.c.rating ?? 0) - (x.c.rating ?? 0) ||
      x.c.name.localeCompare(y.c.name),
  );
  return scored.map(({ c, strength }, index) => {
    const position: CompetitorPosition =
      strength > 0 && index === 0
        ? "Market Leader"
        : strength > 0 && index < 3
          ? "Top 3"
          : (c.reviews ?? 0) >= ESTABLISHED_MIN_REVIEWS
            ? "Established"
            : "Emerging";
    const ranked: RankedCompetitor = {
      name: c.name,
      rating: c.rating,
      reviews: c.reviews,
      position,
      specialization: specializationOf(c.name, c.categories),
      source: c.source,
      sources: c.sources,
      strength: Math.round(strength * 100) / 100,
      categories: c.categories,
    };
    if (c.url) ranked.url = c.url;
    if (c.website) ranked.website = c.website;
    if (c.address) ranked.address = c.address;
    if (c.phone) ranked.phone = c.phone;
    if (c.distanceMiles != null) ranked.distanceMiles = c.distanceMiles;
    return ranked;
  });
}

/** The mean of the ratings given, to one decimal; null when none is rated. */
export function averageRating(competitors: readonly { rating: number | null }[]): number | null {
  const rated = competitors.map((c) => c.rating).filter((r): r is number => r != null);
  if (rated.length === 0) return null;
  return round1(rated.reduce((a, b) => a + b, 0) / rated.length);
}

/* ------------------------------------------------------------------ saturation */

export function saturationLevel(
  competitorsPer10kHouseholds: number,
  thresholds: { low: number; high: number } = SATURATION_THRESHOLDS,
): MarketSaturation {
  if (competitorsPer10kHouseholds < thresholds.low) return "Low";
  if (competitorsPer10kHouseholds >= thresholds.high) return "High";
  return "Medium";
}

/** Competitors per 10,000 households (one decimal), or null without households. */
export function competitorsPer10k(competitors: number, households: number | null): number | null {
  if (households == null || !(households > 0)) return null;
  return round1((competitors / households) * 10_000);
}

/* ------------------------------------------------------------------ insights */

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

const int = new Intl.NumberFormat("en-US", { maximumFractionDigits: 0 });
const money = (n: number) => `$${n.toFixed(2)}`;

export interface InsightInput {
  competitors: readonly RankedCompetitor[];
  avgRating: number | null;
  saturation: MarketSaturation | null;
  per10k: number | null;
  radiusMiles: number;
  keywords: KeywordResearchData | null;
}

/** The top three by strength (fewer when fewer are listed). */
export function topThree<T>(competitors: readonly T[]): T[] {
  return competitors.slice(0, 3);
}

function meanReviews(list: readonly { reviews: number | null }[]): number {
  if (list.length === 0) return 0;
  return list.reduce((a, c) => a + (c.reviews ?? 0), 0) / list.length;
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

  if (n === 0) {
    // O0 / R0: nobody listed.
    opportunities.push(
      `No HVAC competitors are listed within ${radiusMiles} miles: the first well-reviewed business can own local search.`,
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
  const niches = ["Heat Pumps", "Ducts & Indoor Air Quality"].filter(
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
      avgCpc > HVAC_CPC_BENCHMARK
        ? `Clicks average ${money(avgCpc)} (above the ${money(HVAC_CPC_BENCHMARK)} HVAC benchmark): lean on reviews, local SEO and Local Services Ads, and keep paid search to high-intent keywords.`
        : `Clicks average ${money(avgCpc)} (at or below the ${money(HVAC_CPC_BENCHMARK)} HVAC benchmark): paid search is an efficient way to win share now.`,
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

/* ------------------------------------------------------------------ the analysis */

/** A provider's part of one run, before the radius filter (the model fills `withinRadius`). */
export interface ProviderResult {
  source: CompetitorSource;
  label: string;
  grade: DataGrade;
  status: "ok" | "failed";
  listings: CompetitorListing[];
  reportedTotal?: number | null;
  pages?: number;
  /** More results existed than were fetched (page limits). */
  truncated?: boolean;
  message?: string;
}

export interface CompetitionInput {
  providers: readonly ProviderResult[];
  /** Households within the primary radius (the competitors' search area). */
  households: number | null;
  keywords: KeywordResearchData | null;
  search: { location: string; lat: number; lon: number; radiusMiles: number; terms: string[] };
  /** "Google Places API (New) + Yelp Fusion", "Sample data", … */
  sourceLabel: string;
  now: Date;
}

/** Listings within the radius, with their distance (computed when the provider gave a location). */
function withinRadius(
  listings: readonly CompetitorListing[],
  search: CompetitionInput["search"],
): CompetitorListing[] {
  const out: CompetitorListing[] = [];
  for (const l of listings) {
    const d =
      l.lat != null && l.lon != null
        ? distanceMiles(search.lat, search.lon, l.lat, l.lon)
        : (l.distanceMiles ?? null);
    if (d != null && d > search.radiusMiles) continue;
    out.push(d == null ? l : { ...l, distanceMiles: d });
  }
  return out;
}

/** The spec's CompetitionAnalysisData, with provenance, saturation metric and provider runs. */
export function computeCompetitionAnalysis(input: CompetitionInput): CompetitionAnalysisData {
  const { search } = input;
  const kept = input.providers.map((p) => ({ p, listings: withinRadius(p.listings, search) }));
  const { competitors: merged, duplicatesMerged } = dedupeCompetitors(
    kept.flatMap((k) => k.listings),
  );
  const ranked = rankCompetitors(merged);
  const total = ranked.length;

  // Saturation: the listed count, or a provider's total scaled to the radius when larger.
  let count = total;
  let countBasis: "listed" | "provider-total" = "listed";
  for (const { p, listings } of kept) {
    if (p.status !== "ok" || p.reportedTotal == null || p.listings.length === 0) continue;
    if (p.reportedTotal <= p.listings.length) continue;
    const estimate = Math.round(p.reportedTotal * (listings.length / p.listings.length));
    if (estimate > count) {
      count = estimate;
      countBasis = "provider-total";
    }
  }
  const lowerBound =
    countBasis === "listed" && input.providers.some((p) => p.status === "ok" && p.truncated);
  const per10k = competitorsPer10k(count, input.households);
  const saturation = per10k == null ? null : saturationLevel(per10k);
  const avgRating = averageRating(ranked);
  const leader = ranked.find((c) => c.position === "Market Leader") ?? null;
  const { opportunities, recommendations } = competitionInsights({
    competitors: ranked,
    avgRating,
    saturation,
    per10k,
    radiusMiles: search.radiusMiles,
    keywords: input.keywords,
  });

  const ok = input.providers.filter((p) => p.status === "ok");
  const sample = ok.some((p) => p.grade === "sample");
  const saturationMetric: SaturationMetric = {
    competitorsPer10kHouseholds: per10k,
    competitors: count,
    households: input.households,
    thresholds: { ...SATURATION_THRESHOLDS },
    countBasis,
    lowerBound,
  };
  const providers: CompetitorProviderRun[] = kept.map(({ p, listings }) => ({
    source: p.source,
    label: p.label,
    grade: p.grade,
    status: p.status,
    returned: p.listings.length,
    withinRadius: listings.length,
    reportedTotal: p.reportedTotal ?? null,
    ...(p.pages !== undefined ? { pages: p.pages } : {}),
    ...(p.message ? { message: p.message } : {}),
  }));

  return {
    totalCompetitors: total,
    marketLeader: leader?.name ?? null,
    avgRating,
    // The screen's default is "Medium"; without households the level is unknown and says so.
    marketSaturation: saturation ?? "Unknown",
    competitors: ranked.map(({ categories: _c, website: _w, ...c }) => c),
    opportunities,
    recommendations,
    provenance: {
      source: input.sourceLabel,
      vintage: input.now.toISOString().slice(0, 10),
      grade: sample ? "sample" : "measured",
      method: `Businesses found by ${ok.map((p) => p.label).join(" and ") || "no provider"} within ${search.radiusMiles} miles of ${search.location} ("${search.terms.join('", "')}"), merged by phone or by similar name within ${DEDUPE_PROXIMITY_MILES} miles, ranked by rating × ln(reviews + 1).`,
    },
    sampleData: sample,
    saturationMetric,
    providers,
    search,
    duplicatesMerged,
    analysisTimestamp: input.now.toISOString(),
  };
}

/* ------------------------------------------------------------------ opportunity score */

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

/** Cost to acquire (high = cheap): 50 at the benchmark CPC, +50 per halving, −50 per doubling. */
export function costScore(avgCpc: number): number {
  return clamp(50 - 50 * Math.log2(avgCpc / OPPORTUNITY_SCALES.cpcBenchmark));
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
  } else missing.push("supply");

  const avgCpc = keywords?.keywordData.summary.avgCPC ?? null;
  if (avgCpc != null && avgCpc > 0) {
    components.push({
      key: "cost",
      label: LABELS.cost,
      score: Math.round(costScore(avgCpc)),
      weight: OPPORTUNITY_WEIGHTS.cost,
      detail: `Average cost per click ${money(avgCpc)} (HVAC benchmark ${money(HVAC_CPC_BENCHMARK)})`,
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
