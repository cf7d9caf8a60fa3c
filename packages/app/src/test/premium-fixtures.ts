/**
 * Keyword research, competition analysis and opportunity score results for component tests,
 * shaped like the server's (the specification's data plus the BIS extras), small enough to reason about.
 */
import {
  type Analysis,
  type CompetitionAnalysisData,
  type KeywordResearchData,
  keywordCountModel,
  type OpportunityScore,
  type PremiumDeliverable,
} from "@bis/sdk";
import { analysisFixture } from "./fixtures";

const modeled = (method: string) => ({
  source: "BIS keyword model (HVAC benchmarks)",
  vintage: "2025",
  grade: "modeled" as const,
  method,
});

export function keywordData(patch: Partial<KeywordResearchData> = {}): KeywordResearchData {
  return {
    totalKeywords: 9,
    keywordData: {
      summary: {
        avgSearchVolume: 212.4,
        avgCPC: 9.678,
        competitionLevel: "High",
        keywordsWithVolume: 7,
      },
      // Out of order on purpose; one without volume.
      primaryKeywords: [
        { keyword: "ac repair austin", searchVolume: 320, cpc: 12.5 },
        { keyword: "hvac austin", searchVolume: 880, cpc: 9.1 },
        { keyword: "furnace repair austin", searchVolume: 0, cpc: 8 },
        { keyword: "heat pump installation austin", searchVolume: 140, cpc: 14.257 },
      ],
      // One repeats a primary keyword (other case and spacing), one has no volume.
      longTailKeywords: [
        { keyword: "emergency ac repair near me", searchVolume: 90, cpc: 18.3, intent: "near-me" },
        { keyword: "AC  Repair Austin", searchVolume: 999, cpc: 1 },
        { keyword: "ac tune up cost austin", searchVolume: 210, cpc: 4.05 },
        { keyword: "duct cleaning round rock", searchVolume: 0, cpc: 3 },
        { keyword: "furnace replacement pflugerville", searchVolume: 15, cpc: 6.666 },
      ],
      recommendations: [
        "Bid on emergency repair keywords first: they convert best.",
        "Add city pages for Round Rock and Pflugerville.",
      ],
    },
    provenance: {
      searchVolume: modeled("Households × searches per household per month"),
      cpc: modeled("CPC by intent from published HVAC benchmarks"),
    },
    provider: { id: "embedded", label: "BIS keyword model", grade: "modeled" },
    ...patch,
  };
}

export function competitionData(
  patch: Partial<CompetitionAnalysisData> = {},
): CompetitionAnalysisData {
  return {
    totalCompetitors: 3,
    marketLeader: "Lone Star Air",
    avgRating: 4.43,
    marketSaturation: "High",
    competitors: [
      {
        name: "Lone Star Air",
        rating: 4.8,
        reviews: 1250,
        position: "Market Leader",
        specialization: "AC repair and replacement",
      },
      {
        name: "Hill Country Heating",
        rating: 4.5,
        reviews: 430,
        position: "Top 3",
        specialization: "Furnaces and heat pumps",
      },
      {
        name: "Capital Duct Co.",
        rating: null,
        reviews: null,
        position: "Emerging",
        specialization: "Duct cleaning",
      },
    ],
    opportunities: ["Few competitors offer maintenance plans."],
    recommendations: ["Ask every customer for a review."],
    ...patch,
  };
}

export const opportunityScore: OpportunityScore = {
  score: 72.4,
  components: [
    {
      key: "demand",
      label: "Demand",
      score: 81,
      weight: 0.4,
      detail: "387,000 households and $1.2B of annual HVAC revenue.",
    },
    {
      key: "supply",
      label: "Supply",
      score: 58,
      weight: 0.35,
      detail: "3 competitors; the top three average 573 reviews.",
    },
    {
      key: "cost",
      label: "Cost to Acquire",
      score: 77,
      weight: 0.25,
      detail: "Average CPC $9.68.",
    },
  ],
};

/** A paid analysis with keyword research done. */
export function keywordsDone(patch: Partial<Analysis> = {}): Analysis {
  return analysisFixture({
    isPaid: true,
    keywordResearchCompleted: true,
    keywordResearchData: keywordData(),
    ...patch,
  });
}

/** A paid analysis with both premium steps done and its opportunity score. */
export function allDone(patch: Partial<Analysis> = {}): Analysis {
  return keywordsDone({
    competitionAnalysisCompleted: true,
    competitionAnalysisData: competitionData(),
    opportunityScore,
    ...patch,
  });
}

/** The paid deliverables as GET /api/config/payments lists them; `missing` are not deliverable. */
export function deliverables(
  missing: readonly PremiumDeliverable["id"][] = [],
): PremiumDeliverable[] {
  const all: PremiumDeliverable[] = [
    {
      id: "keywordResearch",
      label: "Keyword research",
      description: "Keyword research with search volume, CPC and a PPC budget",
      deliverable: true,
      provider: "BIS embedded keyword model",
      grade: "modeled",
      reason: null,
      configure: null,
      price: 49_900,
    },
    {
      id: "competitionAnalysis",
      label: "Competition analysis",
      description:
        "Competition analysis with competitors, ratings, reviews, the market leader and opportunities",
      deliverable: true,
      provider: "Google Places API (New)",
      grade: "measured",
      reason: null,
      configure: null,
      price: 30_000,
    },
    {
      id: "pdfReport",
      label: "PDF report",
      description: "A professional PDF report",
      deliverable: true,
      provider: "BIS (drawn on the server)",
      grade: null,
      reason: null,
      configure: null,
      price: 10_000,
    },
  ];
  return all.map((d) =>
    missing.includes(d.id)
      ? {
          ...d,
          deliverable: false,
          provider: null,
          grade: null,
          reason: `${d.label} is not available yet.`,
          // Only an administrator's configuration says how to enable it.
          configure:
            d.id === "competitionAnalysis"
              ? "Add a Google Places or Yelp key in Admin → API Keys (or set GOOGLE_PLACES_API_KEY or YELP_API_KEY)."
              : "BIS_KEYWORD_PROVIDER selects DataForSEO, which needs DATAFORSEO_LOGIN, DATAFORSEO_PASSWORD.",
        }
      : d,
  );
}

/** GET /api/config/payments in demo mode, with these deliverables missing. */
/** The public settings' short list of what is offered (landing cards, dashboard steps). */
export function publicSettings(missing: readonly PremiumDeliverable["id"][] = []) {
  return {
    premiumOffer: deliverables(missing).map(({ id, deliverable }) => ({ id, deliverable })),
    keywordCounts: keywordCountModel(),
  };
}

export function paymentConfig(missing: readonly PremiumDeliverable["id"][] = []) {
  const list = deliverables(missing);
  return {
    mode: "demo" as const,
    publishableKey: null,
    amount: list.reduce((sum, d) => (d.deliverable ? sum + d.price : sum), 0),
    currency: "usd",
    productName: "Premium Market Intelligence",
    deliverables: list,
    purchasable: list.some((d) => d.id !== "pdfReport" && d.deliverable),
  };
}
