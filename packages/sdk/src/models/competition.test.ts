import { describe, expect, it } from "vitest";
import type { KeywordResearchData } from "../schemas/keywords.js";
import type { MarketAnalysisData } from "../schemas/market.js";
import {
  averageRating,
  type CompetitorListing,
  competitionInsights,
  competitorStrength,
  competitorsPer10k,
  computeCompetitionAnalysis,
  costScore,
  dedupeCompetitors,
  demandScore,
  emergencyKeywords,
  normalizeBusinessName,
  normalizePhone,
  OPPORTUNITY_WEIGHTS,
  opportunityScore,
  type ProviderResult,
  rankCompetitors,
  SATURATION_THRESHOLDS,
  sameBusiness,
  saturationLevel,
  specializationOf,
  supplyScore,
  weightPercentText,
} from "./competition.js";

const CENTER = { lat: 30.2672, lon: -97.7431 };

function listing(
  over: Partial<CompetitorListing> & { id: string; name: string },
): CompetitorListing {
  return {
    source: "google-places",
    rating: 4.5,
    reviews: 100,
    lat: CENTER.lat,
    lon: CENTER.lon,
    ...over,
  };
}

function keywords(
  avgCPC: number,
  extra: { keyword: string; cpc: number }[] = [],
): KeywordResearchData {
  return {
    totalKeywords: 2 + extra.length,
    keywordData: {
      summary: { avgSearchVolume: 100, avgCPC, competitionLevel: "Medium", keywordsWithVolume: 2 },
      primaryKeywords: [
        { keyword: "ac repair austin", searchVolume: 500, cpc: avgCPC },
        ...extra.map((k) => ({ ...k, searchVolume: 50 })),
      ],
      longTailKeywords: [{ keyword: "furnace repair cost austin", searchVolume: 40, cpc: avgCPC }],
      recommendations: [],
    },
  };
}

describe("dedupe", () => {
  it("folds case, accents, punctuation, & and legal forms in names, and phones to ten digits", () => {
    expect(normalizeBusinessName("Smith's Heating & A/C, LLC")).toBe("smiths heating ac");
    expect(normalizeBusinessName("SMITHS HEATING AND AC")).toBe("smiths heating ac");
    expect(normalizeBusinessName("Café Cooling Inc.")).toBe("cafe cooling");
    expect(normalizePhone("+1 (512) 555-0100")).toBe("5125550100");
    expect(normalizePhone("(512) 555-0100")).toBe("5125550100");
    expect(normalizePhone("555-0100")).toBeNull();
  });

  it("merges the same business across providers by phone, or by similar name nearby", () => {
    const google = listing({
      id: "g1",
      name: "Smith Heating & Air Conditioning",
      phone: "(512) 555-0100",
      rating: 4.8,
      reviews: 300,
      website: "https://smith.example",
      address: "1 Main St, Austin, TX",
    });
    const yelpByPhone = listing({
      source: "yelp",
      id: "y1",
      name: "Smith HVAC",
      phone: "+15125550100",
      rating: 4.0,
      reviews: 100,
      listingUrl: "https://www.yelp.com/biz/smith-hvac",
      lat: CENTER.lat + 0.05,
      categories: ["Heating & Air Conditioning/HVAC"],
    });
    const yelpByName = listing({
      source: "yelp",
      id: "y2",
      name: "Lone Star Cooling LLC",
      lat: CENTER.lat + 0.001,
    });
    const googleByName = listing({ id: "g2", name: "Lone Star Cooling", lat: CENTER.lat });
    const farBranch = listing({ id: "g3", name: "Lone Star Cooling", lat: CENTER.lat + 0.2 });
    const { competitors, duplicatesMerged } = dedupeCompetitors([
      google,
      yelpByPhone,
      yelpByName,
      googleByName,
      farBranch,
    ]);
    expect(duplicatesMerged).toBe(2);
    expect(competitors).toHaveLength(3);
    const smith = competitors.find((c) => c.name.startsWith("Smith"));
    expect(smith).toMatchObject({
      name: "Smith Heating & Air Conditioning",
      sources: ["google-places", "yelp"],
      reviews: 400,
      // (4.8 × 300 + 4.0 × 100) / 400 = 4.6
      rating: 4.6,
      url: "https://smith.example",
      address: "1 Main St, Austin, TX",
      listings: 2,
    });
    expect(smith?.categories).toEqual(["Heating & Air Conditioning/HVAC"]);
    // A branch 14 miles away with the same name stays separate.
    expect(competitors.filter((c) => c.name.startsWith("Lone Star"))).toHaveLength(2);
  });

  it("does not merge different names at the same address, nor one-word overlaps", () => {
    const a = listing({ id: "a", name: "Austin Air" });
    const b = listing({ id: "b", name: "Austin Plumbing" });
    const c = listing({ id: "c", name: "Air" });
    expect(sameBusiness(a, b)).toBe(false);
    expect(sameBusiness(a, c)).toBe(false);
    expect(sameBusiness(a, { ...a, id: "a2", name: "Austin Air Co." })).toBe(true);
  });

  it("merges listings without a location only on the exact normalized name, and repeats of one id", () => {
    const a = listing({ id: "a", name: "Cool Guys Inc", lat: null, lon: null });
    expect(sameBusiness(a, { ...a, id: "b", name: "Cool Guys" })).toBe(true);
    expect(sameBusiness(a, { ...a, id: "b", name: "Cool Guys Heating" })).toBe(false);
    expect(dedupeCompetitors([a, { ...a }]).competitors).toHaveLength(1);
    // The same provider's duplicate is not counted twice in reviews.
    expect(dedupeCompetitors([a, { ...a }]).competitors[0]?.reviews).toBe(100);
  });
});

describe("ranking", () => {
  it("ranks by rating × ln(reviews + 1) and assigns positions by the documented rules", () => {
    expect(competitorStrength(5, 0)).toBe(0);
    expect(competitorStrength(null, 100)).toBe(0);
    const merged = dedupeCompetitors([
      listing({ id: "1", name: "Few Perfect", rating: 5, reviews: 3, lat: 30.3 }),
      listing({ id: "2", name: "Big Good", rating: 4.5, reviews: 900, lat: 30.31 }),
      listing({ id: "3", name: "Mid Fine", rating: 4.2, reviews: 120, lat: 30.32 }),
      listing({ id: "4", name: "Solid Shop", rating: 4.0, reviews: 60, lat: 30.33 }),
      listing({ id: "5", name: "Old Shop", rating: 3.1, reviews: 55, lat: 30.34 }),
      listing({ id: "6", name: "New Shop", rating: 4.9, reviews: 8, lat: 30.35 }),
    ]).competitors;
    const ranked = rankCompetitors(merged);
    expect(ranked.map((c) => [c.name, c.position])).toEqual([
      ["Big Good", "Market Leader"],
      ["Mid Fine", "Top 3"],
      ["Solid Shop", "Top 3"],
      ["Old Shop", "Established"],
      ["New Shop", "Emerging"],
      ["Few Perfect", "Emerging"],
    ]);
    expect(averageRating(ranked)).toBe(4.3);
  });

  it("names no leader when nobody has a rating and reviews", () => {
    const ranked = rankCompetitors(
      dedupeCompetitors([listing({ id: "1", name: "Unrated", rating: null, reviews: null })])
        .competitors,
    );
    expect(ranked[0]?.position).toBe("Emerging");
    expect(averageRating(ranked)).toBeNull();
  });

  it("finds specializations in names and categories", () => {
    expect(specializationOf("24/7 Emergency AC Repair")).toBe(
      "Emergency Service, Air Conditioning",
    );
    expect(specializationOf("Smith Heating & Air")).toBe("Heating & Cooling");
    expect(specializationOf("Acme", ["Heating & Air Conditioning/HVAC"])).toBe("Heating & Cooling");
    expect(specializationOf("Pure Air Duct Cleaning")).toBe("Ducts & Indoor Air Quality");
    expect(specializationOf("Ductless Mini Split Pros")).toBe("Heat Pumps");
    expect(specializationOf("Bob's Furnace Service")).toBe("Heating");
    expect(specializationOf("Johnson Brothers")).toBe("General HVAC");
  });
});

describe("saturation", () => {
  it("uses competitors per 10,000 households with the documented thresholds", () => {
    expect(SATURATION_THRESHOLDS).toEqual({ low: 3, high: 6 });
    expect(saturationLevel(0)).toBe("Low");
    expect(saturationLevel(2.9)).toBe("Low");
    expect(saturationLevel(3)).toBe("Medium");
    expect(saturationLevel(5.9)).toBe("Medium");
    expect(saturationLevel(6)).toBe("High");
    expect(saturationLevel(20)).toBe("High");
    expect(competitorsPer10k(45, 100_000)).toBe(4.5);
    expect(competitorsPer10k(45, 0)).toBeNull();
    expect(competitorsPer10k(45, null)).toBeNull();
  });
});

function provider(
  source: ProviderResult["source"],
  listings: CompetitorListing[],
  extra: Partial<ProviderResult> = {},
): ProviderResult {
  return {
    source,
    label: source === "yelp" ? "Yelp Fusion" : "Google Places API (New)",
    grade: "measured",
    status: "ok",
    listings,
    ...extra,
  };
}

const search = { location: "Austin, TX", ...CENTER, radiusMiles: 10, terms: ["HVAC contractor"] };

describe("computeCompetitionAnalysis", () => {
  it("filters to the radius, dedupes across providers and derives the figures", () => {
    const google = [
      listing({
        id: "g1",
        name: "Alpha Heating & Cooling",
        phone: "512-555-0001",
        rating: 4.8,
        reviews: 500,
        website: "https://alpha.example",
      }),
      listing({ id: "g2", name: "Beta Air", rating: 4.0, reviews: 40, lat: CENTER.lat + 0.05 }),
      listing({ id: "g3", name: "Far Away HVAC", rating: 5, reviews: 999, lat: CENTER.lat + 1 }),
    ];
    const yelp = [
      listing({
        source: "yelp",
        id: "y1",
        name: "Alpha Heating and Cooling",
        phone: "+15125550001",
        rating: 4.5,
        reviews: 100,
        lat: CENTER.lat + 0.001,
      }),
      listing({
        source: "yelp",
        id: "y2",
        name: "Gamma Emergency HVAC",
        rating: 3.5,
        reviews: 20,
        lat: CENTER.lat - 0.05,
      }),
    ];
    const data = computeCompetitionAnalysis({
      providers: [provider("google-places", google), provider("yelp", yelp, { reportedTotal: 2 })],
      households: 10_000,
      keywords: keywords(9),
      search,
      sourceLabel: "Google Places API (New) and Yelp Fusion",
      now: new Date("2025-01-02T03:04:05Z"),
    });
    expect(data.totalCompetitors).toBe(3);
    expect(data.competitors.map((c) => c.name)).toEqual([
      "Alpha Heating & Cooling",
      "Beta Air",
      "Gamma Emergency HVAC",
    ]);
    expect(data.marketLeader).toBe("Alpha Heating & Cooling");
    expect(data.competitors[0]).toMatchObject({
      reviews: 600,
      rating: 4.8,
      sources: ["google-places", "yelp"],
      position: "Market Leader",
    });
    expect(data.avgRating).toBe(4.1);
    expect(data.saturationMetric).toMatchObject({
      competitorsPer10kHouseholds: 3,
      countBasis: "listed",
      lowerBound: false,
    });
    expect(data.marketSaturation).toBe("Medium");
    expect(data.duplicatesMerged).toBe(1);
    expect(data.providers).toEqual([
      expect.objectContaining({ source: "google-places", returned: 3, withinRadius: 2 }),
      expect.objectContaining({ source: "yelp", returned: 2, withinRadius: 2, reportedTotal: 2 }),
    ]);
    expect(data.provenance).toMatchObject({ grade: "measured", vintage: "2025-01-02" });
    expect(data.sampleData).toBe(false);
    expect(data.opportunities.length).toBeGreaterThan(0);
    expect(data.recommendations.length).toBeGreaterThan(0);
    // Stored competitors carry no model-only fields.
    expect(data.competitors[0]).not.toHaveProperty("categories");
  });

  it("estimates the count from a provider's larger total, and flags page-limited counts", () => {
    const yelp = Array.from({ length: 10 }, (_, i) =>
      listing({
        source: "yelp",
        id: `y${i}`,
        name: `Shop Number ${i}`,
        lat: CENTER.lat + i * 0.01,
      }),
    );
    const estimated = computeCompetitionAnalysis({
      providers: [provider("yelp", yelp, { reportedTotal: 100, truncated: true })],
      households: 100_000,
      keywords: null,
      search,
      sourceLabel: "Yelp Fusion",
      now: new Date(),
    });
    expect(estimated.totalCompetitors).toBe(10);
    expect(estimated.saturationMetric).toMatchObject({
      competitors: 100,
      competitorsPer10kHouseholds: 10,
      countBasis: "provider-total",
      lowerBound: false,
    });
    expect(estimated.marketSaturation).toBe("High");

    const floor = computeCompetitionAnalysis({
      providers: [
        provider(
          "google-places",
          yelp.map((l) => ({ ...l, source: "google-places" as const })),
          { truncated: true },
        ),
      ],
      households: 100_000,
      keywords: null,
      search,
      sourceLabel: "Google Places API (New)",
      now: new Date(),
    });
    expect(floor.saturationMetric).toMatchObject({
      competitors: 10,
      countBasis: "listed",
      lowerBound: true,
    });
    expect(floor.marketSaturation).toBe("Low");
  });

  it("says Unknown saturation without households, and labels sample data", () => {
    const data = computeCompetitionAnalysis({
      providers: [
        {
          ...provider("sample", [
            listing({ source: "sample", id: "1", name: "Sample HVAC Co. 1" }),
          ]),
          grade: "sample",
          label: "Sample data",
        },
      ],
      households: null,
      keywords: null,
      search,
      sourceLabel: "Sample data",
      now: new Date(),
    });
    expect(data.marketSaturation).toBe("Unknown");
    expect(data.sampleData).toBe(true);
    expect(data.provenance?.grade).toBe("sample");
  });
});

describe("insights", () => {
  const ranked = (list: CompetitorListing[]) =>
    rankCompetitors(dedupeCompetitors(list).competitors);

  it("speaks only when its rule holds", () => {
    const weak = ranked([
      listing({ id: "1", name: "One Air", rating: 3.9, reviews: 30, lat: 30.1 }),
      listing({ id: "2", name: "Two Heat", rating: 3.8, reviews: 20, lat: 30.2 }),
      listing({ id: "3", name: "Three Cool", rating: 4.4, reviews: 12, lat: 30.3 }),
    ]);
    const w = competitionInsights({
      competitors: weak,
      avgRating: averageRating(weak),
      saturation: "Low",
      per10k: 1.2,
      radiusMiles: 10,
      keywords: keywords(12, [{ keyword: "emergency ac repair austin", cpc: 20 }]),
    });
    const text = w.opportunities.join("\n");
    expect(text).toMatch(/underserved on quality/);
    expect(text).toMatch(/reviews are a fast lever/);
    expect(text).toMatch(/Low saturation/);
    expect(text).toMatch(/emergency or 24\/7/);
    expect(text).toMatch(/\$20\.00 per click/);
    expect(text).toMatch(/heat pumps or ducts & indoor air quality/);
    expect(text).toMatch(/3 of 3 competitors listed on Google show no website/);
    const recs = w.recommendations.join("\n");
    expect(recs).toMatch(/above the \$9\.68 HVAC benchmark/);
    expect(recs).toMatch(/Emergency keywords cost \$20\.00/);
    expect(recs).toMatch(/Saturation is Low/);

    const strong = ranked([
      listing({
        id: "1",
        name: "24/7 Emergency Heat Pump Pros",
        rating: 4.9,
        reviews: 900,
        website: "https://a.example",
        lat: 30.1,
      }),
      listing({
        id: "2",
        name: "Air Duct Cleaning Experts",
        rating: 4.8,
        reviews: 700,
        website: "https://b.example",
        lat: 30.2,
      }),
      listing({
        id: "3",
        name: "Emergency Heating Team",
        rating: 4.7,
        reviews: 500,
        website: "https://c.example",
        lat: 30.3,
      }),
    ]);
    const s = competitionInsights({
      competitors: strong,
      avgRating: averageRating(strong),
      saturation: "High",
      per10k: 8,
      radiusMiles: 10,
      keywords: keywords(5),
    });
    const strongText = s.opportunities.join("\n");
    expect(strongText).not.toMatch(/underserved|fast lever|Low saturation|24\/7|niche|no website/);
    expect(s.recommendations.join("\n")).toMatch(/at or below the \$9\.68/);
    expect(s.recommendations.join("\n")).toMatch(/Saturation is High/);
  });

  it("handles an empty market", () => {
    const r = competitionInsights({
      competitors: [],
      avgRating: null,
      saturation: "Low",
      per10k: 0,
      radiusMiles: 5,
      keywords: null,
    });
    expect(r.opportunities[0]).toMatch(/No HVAC competitors are listed within 5 miles/);
    expect(r.recommendations).toHaveLength(1);
  });

  it("finds emergency keywords by intent or wording", () => {
    const data = keywords(10, [
      { keyword: "24 hour hvac austin", cpc: 14 },
      { keyword: "emergency furnace repair", cpc: 16 },
    ]);
    expect(emergencyKeywords(data)).toMatchObject({ avgCpc: 15 });
    expect(emergencyKeywords(null)).toEqual({ keywords: [], avgCpc: null });
  });
});

describe("opportunity score", () => {
  const market = {
    households: 200_000,
    avgRevenue: 1_000,
    marketSummary: { totalMarketRevenue: 200_000_000 },
  } as unknown as MarketAnalysisData;

  function competition(per10k: number | null, reviews: number[]) {
    return {
      totalCompetitors: reviews.length,
      marketLeader: null,
      avgRating: 4.5,
      marketSaturation: "Medium",
      competitors: reviews.map((r, i) => ({
        name: `C${i}`,
        rating: 4.5,
        reviews: r,
        position: "Top 3",
        specialization: "General HVAC",
      })),
      opportunities: [],
      recommendations: [],
      saturationMetric: { competitorsPer10kHouseholds: per10k, thresholds: { low: 3, high: 6 } },
    };
  }

  it("scores each component on its documented scale", () => {
    expect(demandScore(2_000, 2_000_000)).toBe(0);
    expect(demandScore(1_000_000, 2_000_000_000)).toBe(100);
    expect(demandScore(50_000_000, 9e12)).toBe(100);
    expect(supplyScore(0, 0)).toBe(100);
    expect(supplyScore(10, 1_000)).toBe(0);
    expect(supplyScore(5, 0)).toBeCloseTo(0.6 * 50 + 0.4 * 100);
    expect(supplyScore(null, 0)).toBe(100);
    expect(costScore(9.68)).toBe(50);
    expect(costScore(4.84)).toBe(100);
    expect(costScore(19.36)).toBe(0);
    expect(costScore(1)).toBe(100);
    expect(costScore(100)).toBe(0);
  });

  it("combines the components with their weights into 0–100", () => {
    const score = opportunityScore(market, keywords(9.68), competition(5, [0, 0, 0]));
    expect(score?.components.map((c) => c.key)).toEqual(["demand", "supply", "cost"]);
    expect(score?.components.map((c) => c.weight)).toEqual([
      OPPORTUNITY_WEIGHTS.demand,
      OPPORTUNITY_WEIGHTS.supply,
      OPPORTUNITY_WEIGHTS.cost,
    ]);
    const [demand, supply, cost] = score?.components ?? [];
    expect(supply?.score).toBe(70);
    expect(cost?.score).toBe(50);
    const expected = Math.round(0.4 * (demand?.score ?? 0) + 0.35 * 70 + 0.25 * 50);
    expect(score?.score).toBe(expected);
    expect(score?.grade).toBe("modeled");
    expect(score?.missing).toBeUndefined();
    expect(supply?.detail).toMatch(
      /5\.0 competitors per 10,000 households; the top 3 average 0 reviews/,
    );
    expect(cost?.detail).toMatch(/\$9\.68/);
  });

  it("stays within 0–100 at the extremes", () => {
    const best = opportunityScore(
      {
        households: 5e6,
        avgRevenue: 5_000,
        marketSummary: { totalMarketRevenue: 2.5e10 },
      } as unknown as MarketAnalysisData,
      keywords(0.5),
      competition(0, []),
    );
    const worst = opportunityScore(
      {
        households: 10,
        avgRevenue: 1,
        marketSummary: { totalMarketRevenue: 10 },
      } as unknown as MarketAnalysisData,
      keywords(500),
      competition(50, [100_000, 100_000, 100_000]),
    );
    expect(best?.score).toBe(100);
    expect(worst?.score).toBe(0);
  });

  it("leaves out a component without inputs and scales the others' weights", () => {
    const noCompetition = opportunityScore(market, keywords(9.68), null);
    expect(noCompetition?.missing).toEqual(["supply"]);
    const [demand, cost] = noCompetition?.components ?? [];
    expect(noCompetition?.score).toBe(
      Math.round(((demand?.score ?? 0) * 0.4 + (cost?.score ?? 0) * 0.25) / 0.65),
    );
    expect(opportunityScore(null, null, null)).toBeNull();
    const sample = opportunityScore(market, null, { ...competition(1, [1]), sampleData: true });
    expect(sample?.grade).toBe("sample");
  });
});

describe("weightPercentText: one rule for the page's and the PDF's score weights", () => {
  it("writes a weight as a whole percent, stored as a fraction or as a percent", () => {
    expect(weightPercentText(0.35)).toBe("35%");
    expect(weightPercentText(40)).toBe("40%");
    expect(weightPercentText(Number.NaN)).toBe("N/A");
  });
});
