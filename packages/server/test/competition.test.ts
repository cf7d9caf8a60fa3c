/**
 * Competition analysis over HTTP: entitlement (401, 404, 402), the keyword-research gate (400),
 * labelled sample data in demo mode, the 503 without providers or samples (not marked complete,
 * re-runnable once an administrator saves a key), and
 * real providers (local fakes of Google Places and Yelp) merged, deduplicated and ranked,
 * with the opportunity score.
 * Keyword research runs through its real route (`POST /api/keyword-analysis/analyze`).
 */
import { type Analysis, DEFAULT_PREMIUM_PRICES } from "@bis/sdk";
import type { NodeClient } from "@bis/sdk/node";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  KEYWORD_RESEARCH_REQUIRED_MESSAGE,
  NO_COMPETITOR_PROVIDER_MESSAGE,
} from "../src/services/competition.js";
import { PAYMENT_REQUIRED_MESSAGE } from "../src/services/payments/index.js";
import { type FakeGooglePlaces, startFakeGooglePlaces } from "./support/fake-google-places.js";
import { type FakeYelp, startFakeYelp } from "./support/fake-yelp.js";
import {
  analysisFor,
  austinRequest,
  errorOf,
  paidAnalysisFor,
  type ServerWithUsers,
  signedInAdmin,
  signedInUser,
  startTestServer,
  startWithUsers,
  type TestServer,
} from "./support/index.js";

/** Keyword research through its real route (premium: paid or administrator). */
async function completeKeywordResearch(client: NodeClient, id: string) {
  const done = await client.premium.keywords(id);
  expect(done.keywordResearchCompleted).toBe(true);
}

describe("competition analysis: entitlement, gate and sample data (demo mode)", () => {
  // Set in beforeAll.
  let { bis, admin, owner, other, close } = {} as ServerWithUsers;
  beforeAll(async () => {
    ({ bis, admin, owner, other, close } = await startWithUsers("Carla"));
  }, 60_000);
  afterAll(() => close?.());

  it("needs a session, then hides other users' analyses (404) and asks for payment (402)", async () => {
    const id = await analysisFor(owner);
    const anonymous = await fetch(`${bis.url}/api/analyses/${id}/competition-analysis`, {
      method: "POST",
      headers: { origin: bis.url },
    });
    expect(anonymous.status).toBe(401);

    const notYours = await errorOf(other.premium.competition(id));
    expect(notYours.status).toBe(404);
    const missing = await errorOf(owner.premium.competition("no-such-analysis"));
    expect(missing.status).toBe(404);

    const unpaid = await errorOf(owner.premium.competition(id));
    expect(unpaid.status).toBe(402);
    expect(unpaid.code).toBe("PAYMENT_REQUIRED");
    expect(unpaid.serverMessage).toBe(PAYMENT_REQUIRED_MESSAGE);
    expect((await owner.analyses.get(id)).competitionAnalysisCompleted).toBe(false);
  });

  it("answers 400 until keyword research is complete", async () => {
    const id = await paidAnalysisFor(owner);
    const error = await errorOf(owner.premium.competition(id));
    expect(error.status).toBe(400);
    expect(error.code).toBe("KEYWORD_RESEARCH_REQUIRED");
    expect(error.serverMessage).toBe(KEYWORD_RESEARCH_REQUIRED_MESSAGE);
    expect(error.message).toMatch(/^400: /);
    expect(KEYWORD_RESEARCH_REQUIRED_MESSAGE).toBe(
      "Please complete keyword research before starting competition analysis.",
    );
  });

  it("uses labelled sample competitors without a provider, and stores the opportunity score", async () => {
    const id = await paidAnalysisFor(owner);
    await completeKeywordResearch(owner, id);
    const result = await owner.premium.competition(id);
    expect(result.competitionAnalysisCompleted).toBe(true);
    const data = result.competitionAnalysisData;
    if (!data) throw new Error("no competition data");
    expect(data.sampleData).toBe(true);
    expect(data.provenance).toMatchObject({ grade: "sample" });
    expect(data.provenance?.source).toMatch(/Sample data/);
    expect(data.providers).toEqual([
      expect.objectContaining({ source: "sample", grade: "sample", status: "ok" }),
    ]);
    expect(data.totalCompetitors).toBe(data.competitors.length);
    expect(data.totalCompetitors).toBeGreaterThanOrEqual(1);
    for (const c of data.competitors) {
      expect(c.name).toMatch(/^Sample HVAC Co\. \d+$/);
      expect(c.source).toBe("sample");
      expect(c.distanceMiles).toBeLessThanOrEqual(austinRequest.primaryRadius);
    }
    const leader = data.competitors.find((c) => c.position === "Market Leader");
    expect(data.marketLeader).toBe(leader?.name);
    expect(data.competitors[0]).toBe(leader);
    expect(["Low", "Medium", "High"]).toContain(data.marketSaturation);
    expect(data.saturationMetric?.thresholds).toEqual({ low: 3, high: 6 });
    expect(data.avgRating).toEqual(expect.any(Number));
    expect(data.opportunities.length).toBeGreaterThan(0);
    expect(data.recommendations.length).toBeGreaterThan(0);

    const score = result.opportunityScore;
    expect(score?.components.map((c) => c.key)).toEqual(["demand", "supply", "cost"]);
    expect(score?.score).toBeGreaterThanOrEqual(0);
    expect(score?.score).toBeLessThanOrEqual(100);
    expect(score?.grade).toBe("sample");

    // The stored analysis reads back the same, and a re-run gives the same sample.
    const again: Analysis = await owner.analyses.get(id);
    expect(again.opportunityScore).toEqual(score);
    expect(again.competitionAnalysisData?.competitors).toEqual(data.competitors);
    const rerun = await owner.premium.competition(id);
    expect(rerun.competitionAnalysisData?.competitors).toEqual(data.competitors);
  });

  it("lets an administrator run it on anyone's analysis without payment", async () => {
    const id = await analysisFor(owner);
    await completeKeywordResearch(admin, id);
    const result = await admin.premium.competition(id);
    expect(result.competitionAnalysisCompleted).toBe(true);
    expect(result.isPaid).toBe(false);
  });
});

describe("competition analysis without providers or sample data (production rule)", () => {
  const YELP_KEY = "fake-yelp-key-configured-later-0000";
  let yelp: FakeYelp;
  let bis: TestServer;
  let owner: NodeClient;
  let admin: NodeClient;

  beforeAll(async () => {
    yelp = await startFakeYelp({ apiKey: YELP_KEY });
    bis = await startTestServer({
      BIS_LOGIN_RATE_LIMIT: "1000",
      BIS_SAMPLE_DATA: "false",
      YELP_API_URL: yelp.url,
    });
    owner = await signedInUser(bis, "Nina");
    admin = await signedInAdmin(bis);
  }, 60_000);
  afterAll(async () => {
    await owner?.close();
    await admin?.close();
    await bis?.close();
    await yelp?.close();
  });

  it("does not offer or price competition analysis; only an administrator reads how to enable it", async () => {
    const config = await owner.payments.config();
    const competition = config.deliverables.find((d) => d.id === "competitionAnalysis");
    expect(competition).toMatchObject({
      deliverable: false,
      provider: null,
      reason: "Competition analysis is not available yet.",
      configure: null,
    });
    // The package without competition costs less: keyword research and the report.
    expect(config.amount).toBe(
      DEFAULT_PREMIUM_PRICES.keywordResearch + DEFAULT_PREMIUM_PRICES.pdfReport,
    );
    expect(JSON.stringify(config)).not.toMatch(/BIS_|_API_KEY|on this server|integration/i);
    // The landing page's short list (public settings, signed out) says the same.
    const signedOut = await (await fetch(`${bis.url}/api/public/settings`)).json();
    expect(signedOut.premiumOffer).toEqual([
      { id: "keywordResearch", deliverable: true },
      { id: "competitionAnalysis", deliverable: false },
      { id: "pdfReport", deliverable: true },
    ]);
    const adminView = await admin.payments.config();
    expect(adminView.deliverables.find((d) => d.id === "competitionAnalysis")?.configure).toContain(
      "Admin → API Keys",
    );
    expect(config.deliverables.find((d) => d.id === "keywordResearch")).toMatchObject({
      deliverable: true,
      grade: "modeled",
    });
    expect(config.deliverables.find((d) => d.id === "pdfReport")?.deliverable).toBe(true);
    expect(config.purchasable).toBe(true);
  });

  it("answers 503 and leaves the step not run; once a provider is configured it completes", async () => {
    const id = await paidAnalysisFor(owner);
    await completeKeywordResearch(owner, id);
    const scoreBefore = (await owner.analyses.get(id)).opportunityScore;
    expect(scoreBefore?.components.map((c) => c.key)).toEqual(["demand", "supply", "cost"]);
    const error = await errorOf(owner.premium.competition(id));
    expect(error.status).toBe(503);
    expect(error.code).toBe("UNAVAILABLE");
    expect(error.serverMessage).toBe(NO_COMPETITOR_PROVIDER_MESSAGE);
    expect(error.serverMessage).toBe(
      "Competition analysis is not available yet. Nothing was changed.",
    );
    const stored = await owner.analyses.get(id);
    expect(stored.competitionAnalysisCompleted).toBe(false);
    expect(stored.competitionAnalysisData).toBeNull();
    // The score the analysis and its keyword research gave stays as it was.
    expect(stored.opportunityScore).toEqual(scoreBefore);

    // An administrator saves a Yelp key: the same analysis now runs, without a restart.
    const target = stored.marketAnalysisData?.target;
    if (!target) throw new Error("no target");
    yelp.businesses = [
      {
        id: "y-one",
        name: "Echo Air",
        lat: target.lat + 0.01,
        lon: target.lon,
        rating: 4.7,
        reviewCount: 90,
      },
    ];
    await admin.admin.saveApiKey("yelp", YELP_KEY);
    const config = await owner.payments.config();
    expect(config.deliverables.find((d) => d.id === "competitionAnalysis")).toMatchObject({
      deliverable: true,
      provider: "Yelp Fusion",
      grade: "measured",
    });
    expect(config.amount).toBe(89_900);
    expect((await owner.settings.public()).premiumOffer).toContainEqual({
      id: "competitionAnalysis",
      deliverable: true,
    });
    const result = await owner.premium.competition(id);
    expect(result.competitionAnalysisCompleted).toBe(true);
    expect(result.competitionAnalysisData?.competitors.map((c) => c.name)).toEqual(["Echo Air"]);
    expect(result.opportunityScore).not.toBeNull();
  });
});

describe("competition analysis with Google Places and Yelp (local fakes)", () => {
  const GOOGLE_KEY = "AIzaFakeKeyForCompetitionTests00000000";
  const YELP_KEY = "fake-yelp-key-for-competition-tests";
  let google: FakeGooglePlaces;
  let yelp: FakeYelp;
  let bis: TestServer;
  let owner: NodeClient;
  let id: string;
  let target: { lat: number; lon: number };

  beforeAll(async () => {
    google = await startFakeGooglePlaces({ apiKey: GOOGLE_KEY });
    yelp = await startFakeYelp({ apiKey: YELP_KEY });
    bis = await startTestServer({
      BIS_LOGIN_RATE_LIMIT: "1000",
      GOOGLE_PLACES_API_KEY: GOOGLE_KEY,
      GOOGLE_PLACES_API_URL: google.url,
      YELP_API_KEY: YELP_KEY,
      YELP_API_URL: yelp.url,
    });
    owner = await signedInUser(bis, "Gus");
    id = await paidAnalysisFor(owner);
    await completeKeywordResearch(owner, id);
    const t = (await owner.analyses.get(id)).marketAnalysisData?.target;
    if (!t) throw new Error("no target");
    target = t;
    const at = (dLat: number) => ({ lat: target.lat + dLat, lon: target.lon });
    google.places = [
      {
        id: "g-alpha",
        name: "Alpha Heating & Air Conditioning",
        ...at(0.01),
        rating: 4.8,
        userRatingCount: 640,
        nationalPhoneNumber: "(512) 555-0101",
        websiteUri: "https://alpha.example",
        formattedAddress: "1 Alpha Rd, Austin, TX 78701, USA",
      },
      { id: "g-beta", name: "Beta Cooling LLC", ...at(0.02), rating: 4.1, userRatingCount: 35 },
      {
        id: "g-gamma",
        name: "Gamma 24/7 Emergency HVAC",
        ...at(-0.03),
        rating: 4.6,
        userRatingCount: 210,
        websiteUri: "https://gamma.example",
      },
      // Outside the 10-mile primary radius (about 35 miles north): a bias is not a restriction.
      { id: "g-far", name: "Faraway Furnace Co", ...at(0.5), rating: 5, userRatingCount: 999 },
    ];
    yelp.businesses = [
      // Alpha again, matched by phone.
      {
        id: "y-alpha",
        name: "Alpha Heating and AC",
        ...at(0.0102),
        rating: 4.5,
        reviewCount: 160,
        phone: "+15125550101",
      },
      // Beta again, matched by name and place.
      { id: "y-beta", name: "Beta Cooling", ...at(0.0201), rating: 3.5, reviewCount: 12 },
      {
        id: "y-delta",
        name: "Delta Duct Cleaning",
        ...at(0.04),
        rating: 3.9,
        reviewCount: 8,
        categories: [{ alias: "airductcleaning", title: "Air Duct Cleaning" }],
      },
    ];
  }, 60_000);
  afterAll(async () => {
    await owner?.close();
    await bis?.close();
    await google?.close();
    await yelp?.close();
  });

  it("merges and dedupes both providers, ranks the leader and derives saturation and the score", async () => {
    const result = await owner.premium.competition(id);
    const data = result.competitionAnalysisData;
    if (!data) throw new Error("no competition data");

    // Both providers were asked around the target within the primary radius (10 mi = 16,093 m).
    expect(google.requests).toHaveLength(1);
    expect(google.requests[0]?.fieldMask).toBe(
      "places.id,places.displayName,places.formattedAddress,places.location,places.rating,places.userRatingCount,places.websiteUri,places.nationalPhoneNumber,nextPageToken",
    );
    expect(google.requests[0]?.body.locationBias?.circle).toEqual({
      center: { latitude: target.lat, longitude: target.lon },
      radius: 16093,
    });
    expect(yelp.requests[0]?.query).toMatchObject({ term: "hvac", radius: "16093", limit: "50" });

    expect(data.sampleData).toBe(false);
    expect(data.provenance).toMatchObject({ grade: "measured" });
    expect(data.provenance?.source).toBe("Google Places API (New) and Yelp Fusion");
    expect(data.totalCompetitors).toBe(4);
    expect(data.duplicatesMerged).toBe(2);
    expect(data.competitors.map((c) => [c.name, c.position])).toEqual([
      ["Alpha Heating & Air Conditioning", "Market Leader"],
      ["Gamma 24/7 Emergency HVAC", "Top 3"],
      ["Beta Cooling LLC", "Top 3"],
      ["Delta Duct Cleaning", "Emerging"],
    ]);
    expect(data.marketLeader).toBe("Alpha Heating & Air Conditioning");
    expect(data.competitors[0]).toMatchObject({
      reviews: 800,
      // (4.8 × 640 + 4.5 × 160) / 800 = 4.74
      rating: 4.7,
      sources: ["google-places", "yelp"],
      url: "https://alpha.example",
      specialization: "Heating & Cooling",
    });
    expect(data.competitors[1]?.specialization).toMatch(/^Emergency Service/);
    expect(data.competitors[3]?.specialization).toBe("Ducts & Indoor Air Quality");
    expect(data.competitors.some((c) => c.name.startsWith("Faraway"))).toBe(false);
    // Beta merges to (4.1 × 35 + 3.5 × 12) / 47 = 3.9; (4.7 + 4.6 + 3.9 + 3.9) / 4 = 4.3
    expect(data.avgRating).toBe(4.3);
    expect(data.providers).toEqual([
      expect.objectContaining({
        source: "google-places",
        status: "ok",
        returned: 4,
        withinRadius: 3,
      }),
      expect.objectContaining({
        source: "yelp",
        status: "ok",
        returned: 3,
        withinRadius: 3,
        reportedTotal: 3,
      }),
    ]);

    const households = result.marketAnalysisData?.marketSummary?.primaryHouseholds ?? 0;
    expect(households).toBeGreaterThan(0);
    const per10k = Math.round((4 / households) * 100_000) / 10;
    expect(data.saturationMetric).toMatchObject({
      competitorsPer10kHouseholds: per10k,
      households,
      thresholds: { low: 3, high: 6 },
      countBasis: "listed",
    });
    expect(data.marketSaturation).toBe(per10k < 3 ? "Low" : per10k >= 6 ? "High" : "Medium");

    const score = result.opportunityScore;
    expect(score?.components.map((c) => c.key)).toEqual(["demand", "supply", "cost"]);
    expect(score?.grade).toBe("modeled");
    for (const c of score?.components ?? []) {
      expect(c.score).toBeGreaterThanOrEqual(0);
      expect(c.score).toBeLessThanOrEqual(100);
    }
    expect(score?.score).toBeGreaterThanOrEqual(0);
    expect(score?.score).toBeLessThanOrEqual(100);
  });

  it("goes on with one provider when the other is rate limited, and says so", async () => {
    yelp.fail("rate-limit");
    try {
      const data = (await owner.premium.competition(id)).competitionAnalysisData;
      expect(data?.totalCompetitors).toBe(3);
      expect(data?.providers?.[1]).toMatchObject({ source: "yelp", status: "failed" });
      expect(data?.providers?.[1]?.message).toMatch(/Yelp Fusion rate limit/);
      expect(data?.provenance?.source).toBe("Google Places API (New)");
    } finally {
      yelp.fail(null);
    }
  });

  it("answers 429 when every provider is rate limited and 502 when every provider fails", async () => {
    yelp.fail("rate-limit");
    google.fail("server-error");
    try {
      const limited = await errorOf(owner.premium.competition(id));
      expect(limited.status).toBe(429);
      expect(limited.code).toBe("RATE_LIMITED");
      expect(limited.serverMessage).toMatch(/Yelp Fusion rate limit or quota reached/);

      yelp.fail("server-error");
      const failed = await errorOf(owner.premium.competition(id));
      expect(failed.status).toBe(502);
      expect(failed.code).toBe("UPSTREAM_FAILED");
      expect(failed.serverMessage).toMatch(/failed \(HTTP 500/);
      expect(failed.message).not.toContain(GOOGLE_KEY);
      expect(failed.message).not.toContain(YELP_KEY);
    } finally {
      yelp.fail(null);
      google.fail(null);
    }
  });
});
