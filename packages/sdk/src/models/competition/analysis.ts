/** Competitor listings in, the spec's CompetitionAnalysisData out. */
import type {
  CompetitionAnalysisData,
  CompetitorProviderRun,
  CompetitorSource,
  SaturationMetric,
} from "../../schemas/competition.js";
import type { KeywordResearchData } from "../../schemas/keywords.js";
import type { DataGrade } from "../../schemas/provenance.js";
import { distanceMiles } from "../geo.js";
import { type CompetitorProfile, competitorProfileFor } from "../industry-profiles.js";
import { DEDUPE_PROXIMITY_MILES, SATURATION_THRESHOLDS } from "./constants.js";
import { competitionInsights } from "./insights.js";
import { type CompetitorListing, dedupeCompetitors } from "./listings.js";
import { averageRating, competitorsPer10k, rankCompetitors, saturationLevel } from "./ranking.js";

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
  /** The analysis' industry (how specializations are read, its CPC benchmark); default when not given. */
  industry?: string;
  /** How competitors are read (default: the industry's profile). */
  profile?: CompetitorProfile;
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
  const profile = input.profile ?? competitorProfileFor(input.industry || undefined);
  const ranked = rankCompetitors(merged, profile);
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
    ...(input.industry ? { industry: input.industry } : {}),
    ...(profile.niches ? { niches: profile.niches } : {}),
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
