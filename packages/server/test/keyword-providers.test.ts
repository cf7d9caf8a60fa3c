/**
 * Keyword providers against local fakes of Google Ads and DataForSEO in their real wire formats:
 * requests (headers, bodies, batching), parsing, and every failure turned into a clear message.
 * Then each measured provider end to end over HTTP, configured by environment variables.
 */
import {
  assembleKeywordResearch,
  BisApiError,
  type CityBreakdownEntry,
  type MarketAnalysisData,
  peakMonth,
} from "@bis/sdk";
import type { NodeClient } from "@bis/sdk/node";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Config } from "../src/config.js";
import { AppError } from "../src/lib/errors.js";
import type { ApiKeyName, KeyStore } from "../src/providers/keys/key-store.js";
import {
  createDataforseoKeywordProvider,
  createEmbeddedKeywordProvider,
  createGoogleAdsKeywordProvider,
  createKeywordProvider,
  GOOGLE_ADS_API_VERSION,
  GOOGLE_ADS_MAX_PAGES,
  GOOGLE_ADS_PAGE_SIZE,
  type KeywordProvider,
  type KeywordProviderOptions,
} from "../src/providers/keywords/index.js";
import { type FakeDataforseo, startFakeDataforseo } from "./support/fake-dataforseo.js";
import { type FakeGoogleAds, startFakeGoogleAds } from "./support/fake-google-ads.js";
import {
  austinRequest,
  rejectionOf,
  signedInAdmin,
  startTestServer,
  type TestServer,
} from "./support/index.js";

/** "ac repair austin" month by month, January first (averaging about 1,900). */
const AUSTIN_MONTHS = [800, 900, 1300, 1800, 2400, 2900, 3200, 3000, 2500, 1600, 1200, 1100];

const DEV_TOKEN = "fake-developer-token";
const ACCESS_TOKEN = "ya29.fake-access-token";
const CUSTOMER_ID = "1234567890";
const DFS_LOGIN = "bis@example.com";
const DFS_PASSWORD = "fake-api-password";

function keyStore(values: Partial<Record<ApiKeyName, string>>): KeyStore {
  return {
    get: (name) => values[name],
    source: (name) => (values[name] ? "environment" : null),
  };
}

function premium(
  urls: Partial<Config["premium"]["urls"]>,
  keywordProvider: Config["premium"]["keywordProvider"] = "embedded",
): Pick<Config, "premium"> {
  return {
    premium: {
      keywordProvider,
      sampleData: false,
      urls: { googleAds: "", dataforseo: "", googlePlaces: "", yelp: "", ...urls },
    },
  };
}

function row(name: string, households: number, state = "TX"): CityBreakdownEntry {
  return {
    name,
    state,
    population: households * 2.5,
    housingUnits: Math.round(households / 0.888),
    households,
    serviceArea: "primary",
  };
}

function market(
  rows: CityBreakdownEntry[],
  target = { name: "Austin", state: "TX" },
): MarketAnalysisData {
  return {
    requestLocation: `${target.name}, ${target.state}`,
    requestIndustry: "HVAC",
    requestPrimaryRadius: 10,
    requestSecondaryRadius: 15,
    analysisTimestamp: "2026-11-01T00:00:00.000Z",
    marketSize: 1_000_000,
    households: 400_000,
    avgRevenue: 1000,
    censusData: {
      totalPopulation: null,
      totalHousingUnits: null,
      singleFamilyUnits: null,
      commercialUnits: null,
    },
    cityAnalysis: { cityBreakdown: rows },
    serviceBreakdown: [],
    marketSummary: null,
    target: { ...target, lat: 30.27, lon: -97.74, input: target.name },
    region: "South",
  };
}

const AUSTIN = market([row("Austin", 333_354), row("Pflugerville", 20_434), row("Buda", 4_903)]);
const NOW = () => new Date("2026-11-20T12:00:00Z");

const failure = (promise: Promise<unknown>) => rejectionOf(promise, AppError);

/* ------------------------------------------------------------------ Google Ads */

const GEO = {
  austin: {
    searchTerm: "Austin, Texas",
    id: "1026201",
    name: "Austin",
    canonicalName: "Austin,Texas,United States",
  },
  pflugerville: {
    searchTerm: "Pflugerville, Texas",
    id: "1026650",
    name: "Pflugerville",
    canonicalName: "Pflugerville,Texas,United States",
  },
};

describe("Google Ads keyword ideas", () => {
  let fake: FakeGoogleAds;
  const options = (extra: Partial<KeywordProviderOptions> = {}): KeywordProviderOptions => ({
    config: premium({ googleAds: fake.url }),
    keys: () =>
      keyStore({
        googleAdsDeveloperToken: DEV_TOKEN,
        googleAdsAccessToken: ACCESS_TOKEN,
        googleAdsCustomerId: "123-456-7890",
      }),
    now: NOW,
    timeoutMs: 2000,
    ...extra,
  });

  beforeAll(async () => {
    fake = await startFakeGoogleAds({
      customerId: CUSTOMER_ID,
      developerToken: DEV_TOKEN,
      accessToken: ACCESS_TOKEN,
      geoTargets: [GEO.austin, GEO.pflugerville],
      ideas: {
        [GEO.austin.id]: [
          {
            text: "ac repair austin",
            avgMonthlySearches: 1900,
            monthlySearches: AUSTIN_MONTHS,
            competition: "HIGH",
            competitionIndex: 87,
            lowTopOfPageBidMicros: 8_120_000,
            highTopOfPageBidMicros: 31_400_000,
          },
          {
            text: "ac repair near me",
            avgMonthlySearches: 2400,
            competition: "HIGH",
            competitionIndex: 92,
            lowTopOfPageBidMicros: 9_000_000,
            highTopOfPageBidMicros: 30_000_000,
          },
          {
            text: "hvac tune up cost",
            avgMonthlySearches: 40,
            competition: "LOW",
            competitionIndex: 12,
          },
          {
            text: "car ac repair",
            avgMonthlySearches: 880,
            competitionIndex: 50,
            lowTopOfPageBidMicros: 1e6,
            highTopOfPageBidMicros: 3e6,
          },
          { text: "hvac jobs austin", avgMonthlySearches: 320 },
        ],
        [GEO.pflugerville.id]: [
          {
            text: "ac repair near me",
            avgMonthlySearches: 110,
            competitionIndex: 80,
            lowTopOfPageBidMicros: 9_000_000,
            highTopOfPageBidMicros: 30_000_000,
          },
          {
            text: "ac repair pflugerville",
            avgMonthlySearches: 90,
            competitionIndex: 75,
            lowTopOfPageBidMicros: 6e6,
            highTopOfPageBidMicros: 20e6,
          },
        ],
      },
      slowMs: 1500,
    });
  });
  afterAll(async () => {
    await fake?.close();
  });

  it("resolves the cities' locations, asks for ideas in the real format and prices the bid midpoint", async () => {
    fake.requests.length = 0;
    const provider = createGoogleAdsKeywordProvider(
      options({ googleAdsLoginCustomerId: "111-222-3333" }),
    );
    expect(provider).toMatchObject({ id: "google-ads", grade: "measured" });
    const result = await provider.research({ market: AUSTIN, industry: "HVAC" });

    expect(fake.requests).toHaveLength(2);
    const [suggest, ideas] = fake.requests;
    expect(suggest?.path).toBe(`/${GOOGLE_ADS_API_VERSION}/geoTargetConstants:suggest`);
    expect(suggest?.body).toEqual({
      locale: "en",
      countryCode: "US",
      locationNames: { names: ["Austin, Texas", "Pflugerville, Texas", "Buda, Texas"] },
    });
    expect(ideas?.path).toBe(
      `/${GOOGLE_ADS_API_VERSION}/customers/${CUSTOMER_ID}:generateKeywordIdeas`,
    );
    expect(ideas?.headers).toMatchObject({
      authorization: `Bearer ${ACCESS_TOKEN}`,
      "developer-token": DEV_TOKEN,
      "login-customer-id": "1112223333",
      "content-type": "application/json",
    });
    const body = ideas?.body as Record<string, unknown>;
    expect(body).toMatchObject({
      language: "languageConstants/1000",
      geoTargetConstants: [
        `geoTargetConstants/${GEO.austin.id}`,
        `geoTargetConstants/${GEO.pflugerville.id}`,
      ],
      keywordPlanNetwork: "GOOGLE_SEARCH",
      includeAdultKeywords: false,
    });
    const seeds = (body.keywordSeed as { keywords: string[] }).keywords;
    expect(seeds.length).toBeGreaterThan(0);
    expect(seeds.length).toBeLessThanOrEqual(20);

    // Buda has no Google Ads location in the fake: left out and said so.
    expect(result.cities.map((c) => c.name)).toEqual(["Austin", "Pflugerville"]);
    expect(result.provenance.searchVolume).toMatchObject({
      grade: "measured",
      vintage: "12 months to 2026-11",
    });
    expect(result.provenance.searchVolume.method).toContain(
      "1 without a Google Ads location left out",
    );
    expect(result.provenance.searchVolume.method).toContain("2 ideas not about the trade dropped");

    const byText = new Map(result.metrics.map((m) => [m.keyword, m]));
    expect(byText.get("ac repair austin")).toEqual({
      keyword: "ac repair austin",
      intent: "repair",
      searchVolume: 1900,
      cpc: (8_120_000 + 31_400_000) / 2 / 1e6,
      competition: 87,
      // monthlySearchVolumes from November 2025 to October 2026, in calendar order.
      monthlySearches: AUSTIN_MONTHS,
    });
    // Google sums the two locations: 2,400 + 110.
    expect(byText.get("ac repair near me")?.searchVolume).toBe(2510);
    expect(byText.has("car ac repair")).toBe(false);
    expect(byText.has("hvac jobs austin")).toBe(false);
    // No bids: the modeled CPC of its intent (cost: $9.68 × 0.6).
    expect(byText.get("hvac tune up cost")).toMatchObject({
      intent: "cost",
      cpc: 5.81,
      competition: 12,
    });
    expect(result.provenance.cpc.method).toContain("1 ideas without bids use the modeled CPC");

    const data = assembleKeywordResearch({
      metrics: result.metrics,
      cities: result.cities,
      provider: { id: provider.id, label: provider.label, grade: provider.grade },
      provenance: result.provenance,
    });
    expect(data.totalKeywords).toBe(4);
    expect(data.keywordData.summary.keywordsWithVolume).toBe(4);
    expect(data.keywordData.primaryKeywords[0]).toMatchObject({
      keyword: "ac repair near me",
      searchVolume: 2510,
      cpc: 19.5,
      monthlyGrade: "measured",
    });
    const austin = [...data.keywordData.primaryKeywords, ...data.keywordData.longTailKeywords].find(
      (k) => k.keyword === "ac repair austin",
    );
    expect(peakMonth(austin?.monthlySearches)).toBe(6);
    expect(austin?.monthlySearches?.reduce((a, b) => a + b, 0)).toBe(1900 * 12);
  });

  it("asks for at most 10 locations at a time and adds up the batches", async () => {
    const towns = Array.from({ length: 12 }, (_, i) => `Town ${i + 1}`);
    const geoTargets = towns.map((name, i) => ({
      searchTerm: `${name}, Texas`,
      id: String(2000 + i),
      name,
      canonicalName: `${name},Texas,United States`,
    }));
    const many = await startFakeGoogleAds({
      customerId: CUSTOMER_ID,
      developerToken: DEV_TOKEN,
      accessToken: ACCESS_TOKEN,
      geoTargets,
      ideas: Object.fromEntries(
        geoTargets.map((g) => [
          g.id,
          [
            {
              text: "hvac repair near me",
              avgMonthlySearches: 100,
              competitionIndex: 70,
              lowTopOfPageBidMicros: 5e6,
              highTopOfPageBidMicros: 15e6,
            },
          ],
        ]),
      ),
    });
    try {
      const provider = createGoogleAdsKeywordProvider({
        ...options(),
        config: premium({ googleAds: many.url }),
      });
      const m = market(
        towns.map((t, i) => row(t, 10_000 - i)),
        { name: "Town 1", state: "TX" },
      );
      const result = await provider.research({ market: m, industry: "HVAC" });
      const ideaCalls = many.requests.filter((r) => r.path.endsWith(":generateKeywordIdeas"));
      expect(
        ideaCalls.map(
          (r) => (r.body as { geoTargetConstants: string[] }).geoTargetConstants.length,
        ),
      ).toEqual([10, 2]);
      const data = assembleKeywordResearch({
        metrics: result.metrics,
        cities: result.cities,
        provider: { id: "google-ads", label: "x", grade: "measured" },
        provenance: result.provenance,
      });
      // The two batches' months add up too (the fake gives the average every month).
      expect(data.keywordData.primaryKeywords).toEqual([
        {
          keyword: "hvac repair near me",
          searchVolume: 1200,
          cpc: 10,
          intent: "repair",
          competition: 70,
          monthlySearches: Array(12).fill(1200),
          monthlyGrade: "measured",
        },
      ]);
      expect(result.provenance.searchVolume.method).toContain("2 requests of at most 10 locations");
    } finally {
      await many.close();
    }
  });

  it("records the page limit when Google offers more ideas than BIS reads", async () => {
    const offered = GOOGLE_ADS_MAX_PAGES * GOOGLE_ADS_PAGE_SIZE + 250;
    const lots = await startFakeGoogleAds({
      customerId: CUSTOMER_ID,
      developerToken: DEV_TOKEN,
      accessToken: ACCESS_TOKEN,
      geoTargets: [GEO.austin],
      ideas: {
        [GEO.austin.id]: Array.from({ length: offered }, (_, n) => ({
          text: `ac repair austin ${n}`,
          avgMonthlySearches: 20,
          competitionIndex: 50,
        })),
      },
    });
    try {
      const provider = createGoogleAdsKeywordProvider({
        ...options(),
        config: premium({ googleAds: lots.url }),
      });
      const result = await provider.research({
        market: market([row("Austin", 900_000)], { name: "Austin", state: "TX" }),
        industry: "HVAC",
      });
      const read = GOOGLE_ADS_MAX_PAGES * GOOGLE_ADS_PAGE_SIZE;
      expect(result.metrics).toHaveLength(read);
      expect(result.limits).toEqual([
        {
          subject: "keywords",
          kept: read,
          available: offered,
          by: "BIS's Google Ads request limit (3 pages of 1,000 ideas per 10 locations)",
        },
      ]);
    } finally {
      await lots.close();
    }
  });

  it("turns every failure into a clear message", async () => {
    const provider = createGoogleAdsKeywordProvider(options({ timeoutMs: 300 }));
    const run = () => provider.research({ market: AUSTIN, industry: "HVAC" });
    try {
      fake.fail("rate-limit");
      let e = await failure(run());
      expect(e.code).toBe("RATE_LIMITED");
      expect(e.status).toBe(429);
      expect(e.message).toMatch(
        /Google Ads API \(Keyword Planner\) rate limit or quota reached \(HTTP 429: RESOURCE_EXHAUSTED/,
      );
      expect(e.message).toContain("Try again in 30 s.");

      fake.fail("unauthenticated");
      e = await failure(run());
      expect(e.code).toBe("UPSTREAM_FAILED");
      expect(e.message).toContain("HTTP 401: UNAUTHENTICATED");
      expect(e.message).toContain("authenticationError.OAUTH_TOKEN_INVALID");
      expect(e.message).toContain("Check GOOGLE_ADS_ACCESS_TOKEN");

      fake.fail("permission-denied");
      e = await failure(run());
      expect(e.message).toContain("DEVELOPER_TOKEN_NOT_APPROVED");
      expect(e.message).toContain("Check GOOGLE_ADS_DEVELOPER_TOKEN");

      fake.fail("invalid-argument");
      e = await failure(run());
      expect(e.message).toContain("refused the request (HTTP 400: INVALID_ARGUMENT");

      fake.fail("server-error");
      e = await failure(run());
      expect(e).toMatchObject({ code: "UPSTREAM_FAILED", status: 502 });
      expect(e.message).toContain("failed (HTTP 500: INTERNAL");

      fake.fail("malformed");
      e = await failure(run());
      expect(e.message).toContain("returned an answer that is not JSON");

      fake.fail("slow");
      e = await failure(run());
      expect(e.message).toMatch(
        /^Google Ads API \(Keyword Planner\) did not answer within 0\.3 s \(http:\/\/127\.0\.0\.1:\d+\)\. Please try again\.$/,
      );
    } finally {
      fake.fail(null);
    }
  });

  it("never puts a key in a message; a wrong token is refused by the fake", async () => {
    const provider = createGoogleAdsKeywordProvider({
      ...options(),
      keys: () =>
        keyStore({
          googleAdsDeveloperToken: DEV_TOKEN,
          googleAdsAccessToken: "ya29.expired",
          googleAdsCustomerId: CUSTOMER_ID,
        }),
    });
    const e = await failure(provider.research({ market: AUSTIN, industry: "HVAC" }));
    expect(e.message).toContain("HTTP 401");
    expect(e.message).not.toContain("ya29.expired");
    expect(e.message).not.toContain(DEV_TOKEN);
  });

  it("is unavailable without its keys, and checks the customer id", async () => {
    const none = createGoogleAdsKeywordProvider({ ...options(), keys: () => keyStore({}) });
    const e = await failure(none.research({ market: AUSTIN, industry: "HVAC" }));
    expect(e).toMatchObject({ code: "UNAVAILABLE", status: 503 });
    expect(e.message).toBe("Keyword research is not available yet. Nothing was changed.");
    expect(e.details).toMatchObject({
      missing: ["googleAdsDeveloperToken", "googleAdsCustomerId", "googleAdsAccessToken"],
    });
    const badId = createGoogleAdsKeywordProvider({
      ...options(),
      keys: () =>
        keyStore({
          googleAdsDeveloperToken: "d",
          googleAdsAccessToken: "a",
          googleAdsCustomerId: "12",
        }),
    });
    expect((await failure(badId.research({ market: AUSTIN, industry: "HVAC" }))).message).toContain(
      "GOOGLE_ADS_CUSTOMER_ID must be a 10-digit customer id",
    );
  });

  it("says so when the API cannot be reached", async () => {
    const provider = createGoogleAdsKeywordProvider({
      ...options(),
      config: premium({ googleAds: "http://127.0.0.1:9" }),
    });
    const e = await failure(provider.research({ market: AUSTIN, industry: "HVAC" }));
    expect(e.code).toBe("UPSTREAM_FAILED");
    expect(e.message).toContain(
      "Google Ads API (Keyword Planner) could not be reached (http://127.0.0.1:9): ECONNREFUSED",
    );
  });
});

/* ------------------------------------------------------------------ DataForSEO */

describe("DataForSEO search volume", () => {
  let fake: FakeDataforseo;
  const options = (extra: Partial<KeywordProviderOptions> = {}): KeywordProviderOptions => ({
    config: premium({ dataforseo: fake.url }),
    keys: () => keyStore({ dataforseoLogin: DFS_LOGIN, dataforseoPassword: DFS_PASSWORD }),
    now: NOW,
    timeoutMs: 2000,
    ...extra,
  });

  beforeAll(async () => {
    fake = await startFakeDataforseo({
      login: DFS_LOGIN,
      password: DFS_PASSWORD,
      locations: [
        "Austin,Texas,United States",
        "Texas,United States",
        "New Jersey,United States",
        "New York,United States",
        "New York,New York,United States",
      ],
      volume: (keyword, location) => {
        if (keyword === "ac repair austin")
          return { search_volume: 1900, cpc: 21.5, competition_index: 88, monthly: AUSTIN_MONTHS };
        if (keyword === "ac repair near me")
          return {
            search_volume: location.startsWith("Austin") ? 2400 : 0,
            cpc: 19.1,
            competition_index: 95,
          };
        if (keyword === "hvac austin")
          return { search_volume: 880, cpc: null, competition_index: null };
        if (keyword.includes("buda")) return null;
        return { search_volume: 20, cpc: 7.25, competition_index: 40 };
      },
      slowMs: 1500,
    });
  });
  afterAll(async () => {
    await fake?.close();
  });

  it("sends the taxonomy in tasks of the real format: city-named keywords in their state, the others in the target", async () => {
    fake.requests.length = 0;
    const provider = createDataforseoKeywordProvider(options());
    expect(provider).toMatchObject({ id: "dataforseo", grade: "measured" });
    const result = await provider.research({ market: AUSTIN, industry: "HVAC" });

    expect(fake.requests.length).toBeGreaterThanOrEqual(2);
    const auth = `Basic ${Buffer.from(`${DFS_LOGIN}:${DFS_PASSWORD}`).toString("base64")}`;
    for (const r of fake.requests) {
      expect(r.path).toBe("/v3/keywords_data/google_ads/search_volume/live");
      expect(r.authorization).toBe(auth);
      const tasks = r.body as {
        keywords: string[];
        location_name: string;
        language_name: string;
      }[];
      expect(tasks).toHaveLength(1);
      expect(tasks[0]?.language_name).toBe("English");
      expect(tasks[0]?.keywords.length).toBeLessThanOrEqual(1000);
    }
    const byLocation = new Map(
      fake.requests.map((r) => {
        const [task] = r.body as { keywords: string[]; location_name: string }[];
        return [task?.location_name, task?.keywords ?? []];
      }),
    );
    expect([...byLocation.keys()].sort()).toEqual([
      "Austin,Texas,United States",
      "Texas,United States",
    ]);
    expect(byLocation.get("Texas,United States")).toContain("ac repair austin");
    expect(byLocation.get("Texas,United States")).toContain("ac repair buda");
    expect(byLocation.get("Austin,Texas,United States")).toContain("ac repair near me");
    expect(byLocation.get("Austin,Texas,United States")).not.toContain("ac repair austin");

    const byText = new Map(result.metrics.map((m) => [m.keyword, m]));
    // DataForSEO lists October 2026 back to November 2025: put in calendar order.
    expect(byText.get("ac repair austin")).toEqual({
      keyword: "ac repair austin",
      intent: "repair",
      searchVolume: 1900,
      cpc: 21.5,
      competition: 88,
      monthlySearches: AUSTIN_MONTHS,
    });
    // No CPC from Google: the modeled CPC of its intent (near me: $9.68 × 1.0).
    expect(byText.get("hvac austin")).toMatchObject({
      intent: "near-me",
      cpc: 9.68,
      competition: null,
    });
    // No data at all: volume 0 (researched, not listed).
    expect(byText.get("ac repair buda")).toMatchObject({ searchVolume: 0 });
    expect(result.provenance.searchVolume).toMatchObject({
      grade: "measured",
      vintage: "12 months to 2026-11",
    });
    expect(result.provenance.searchVolume.method).toContain(
      "city-named keywords measured in their state (Texas)",
    );

    const data = assembleKeywordResearch({
      metrics: result.metrics,
      cities: result.cities,
      provider: { id: provider.id, label: provider.label, grade: provider.grade },
      provenance: result.provenance,
    });
    const listed = [...data.keywordData.primaryKeywords, ...data.keywordData.longTailKeywords];
    expect(data.totalKeywords).toBe(result.metrics.length);
    expect(listed.some((k) => k.keyword.includes("buda"))).toBe(false);
    expect(data.keywordData.primaryKeywords[0]).toMatchObject({
      keyword: "ac repair near me",
      searchVolume: 2400,
      monthlyGrade: "measured",
    });
    // Measured months, scaled so the 12 average to the listed volume: July 4 × January.
    const austin = listed.find((k) => k.keyword === "ac repair austin");
    expect(austin?.monthlyGrade).toBe("measured");
    expect(austin?.monthlySearches?.reduce((a, b) => a + b, 0)).toBe(1900 * 12);
    expect(austin?.monthlySearches?.[6]).toBeGreaterThan(3.9 * (austin?.monthlySearches?.[0] ?? 0));
    expect(data.seasonality?.measured).toMatchObject({ grade: "measured" });
  });

  it("groups the cities of several states", async () => {
    fake.requests.length = 0;
    const nyc = market([row("New York City", 3_000_000, "NY"), row("Newark", 100_000, "NJ")], {
      name: "New York",
      state: "NY",
    });
    await createDataforseoKeywordProvider(options()).research({ market: nyc, industry: "HVAC" });
    const locations = fake.requests
      .map((r) => (r.body as { location_name: string }[])[0]?.location_name)
      .sort();
    expect(locations).toEqual([
      "New Jersey,United States",
      "New York,New York,United States",
      "New York,United States",
    ]);
  });

  it("turns every failure into a clear message", async () => {
    const provider = createDataforseoKeywordProvider(options({ timeoutMs: 300 }));
    const run = () => provider.research({ market: AUSTIN, industry: "HVAC" });
    const label = "DataForSEO (Google Ads search volume)";
    try {
      fake.fail("rate-limit");
      let e = await failure(run());
      expect(e).toMatchObject({ code: "RATE_LIMITED", status: 429 });
      expect(e.message).toBe(
        `${label} rate limit reached (40202 Rate-limit exceeded. Please contact support.); its Google Ads live endpoints allow 12 requests a minute. Please try again in a minute.`,
      );

      fake.fail("http-429");
      expect((await failure(run())).code).toBe("RATE_LIMITED");

      fake.fail("unauthorized");
      e = await failure(run());
      expect(e.code).toBe("UPSTREAM_FAILED");
      expect(e.message).toContain("refused the credentials (40100");
      expect(e.message).toContain("Check DATAFORSEO_LOGIN and DATAFORSEO_PASSWORD");

      fake.fail("balance");
      expect((await failure(run())).message).toContain("top up the DataForSEO account balance");

      fake.fail("task-error");
      e = await failure(run());
      expect(e.message).toBe(
        `${label} refused the request (40501 Invalid Field: 'location_name'.).`,
      );

      fake.fail("server-error");
      e = await failure(run());
      expect(e.message).toBe(`${label} failed (50000 Internal Error.).`);

      fake.fail("malformed");
      expect((await failure(run())).message).toContain("returned an answer that is not JSON");

      fake.fail("slow");
      expect((await failure(run())).message).toBe(
        `${label} did not answer within 0.3 s (${fake.url}). Please try again.`,
      );
    } finally {
      fake.fail(null);
    }
  });

  it("is unavailable without its keys; a wrong password is refused", async () => {
    const none = createDataforseoKeywordProvider({
      ...options(),
      keys: () => keyStore({ dataforseoLogin: DFS_LOGIN }),
    });
    const e = await failure(none.research({ market: AUSTIN, industry: "HVAC" }));
    expect(e.message).toBe("Keyword research is not available yet. Nothing was changed.");
    expect(e.details).toMatchObject({ missing: ["dataforseoPassword"] });

    const wrong = createDataforseoKeywordProvider({
      ...options(),
      keys: () => keyStore({ dataforseoLogin: DFS_LOGIN, dataforseoPassword: "nope" }),
    });
    const refused = await failure(wrong.research({ market: AUSTIN, industry: "HVAC" }));
    expect(refused.message).toContain("40100");
    expect(refused.message).not.toContain("nope");
  });
});

/* ------------------------------------------------------------------ registry */

describe("provider choice", () => {
  it("follows BIS_KEYWORD_PROVIDER; embedded is the offline default, graded modeled", async () => {
    const keys = () => keyStore({});
    const pick = (id: Config["premium"]["keywordProvider"]): KeywordProvider =>
      createKeywordProvider({ config: premium({}, id), keys });
    expect(pick("embedded").id).toBe("embedded");
    expect(pick("google-ads").id).toBe("google-ads");
    expect(pick("dataforseo").id).toBe("dataforseo");
    const embedded = await createEmbeddedKeywordProvider().research({
      market: AUSTIN,
      industry: "HVAC",
    });
    expect(embedded.provenance.searchVolume.grade).toBe("modeled");
    expect(embedded.assumptions?.length).toBeGreaterThan(10);
  });
});

/* ------------------------------------------------------------------ over HTTP */

describe("measured providers over HTTP", () => {
  let ads: FakeGoogleAds;
  let dfs: FakeDataforseo;
  let withAds: TestServer;
  let withDfs: TestServer;
  let withoutKeys: TestServer;
  const clients: NodeClient[] = [];

  beforeAll(async () => {
    ads = await startFakeGoogleAds({
      customerId: CUSTOMER_ID,
      developerToken: DEV_TOKEN,
      accessToken: ACCESS_TOKEN,
      geoTargets: [GEO.austin, GEO.pflugerville],
      ideas: {
        [GEO.austin.id]: [
          {
            text: "ac repair austin",
            avgMonthlySearches: 1900,
            competitionIndex: 87,
            lowTopOfPageBidMicros: 8e6,
            highTopOfPageBidMicros: 30e6,
          },
          {
            text: "hvac near me",
            avgMonthlySearches: 1300,
            competitionIndex: 70,
            lowTopOfPageBidMicros: 6e6,
            highTopOfPageBidMicros: 18e6,
          },
        ],
      },
    });
    dfs = await startFakeDataforseo({
      login: DFS_LOGIN,
      password: DFS_PASSWORD,
      locations: ["Austin,Texas,United States", "Texas,United States"],
      volume: (keyword) =>
        keyword.startsWith("ac repair")
          ? { search_volume: 390, cpc: 18.2, competition_index: 90 }
          : null,
    });
    withAds = await startTestServer({
      BIS_KEYWORD_PROVIDER: "google-ads",
      GOOGLE_ADS_API_URL: ads.url,
      GOOGLE_ADS_DEVELOPER_TOKEN: DEV_TOKEN,
      GOOGLE_ADS_ACCESS_TOKEN: ACCESS_TOKEN,
      GOOGLE_ADS_CUSTOMER_ID: "123-456-7890",
    });
    withDfs = await startTestServer({
      BIS_KEYWORD_PROVIDER: "dataforseo",
      DATAFORSEO_API_URL: dfs.url,
      DATAFORSEO_LOGIN: DFS_LOGIN,
      DATAFORSEO_PASSWORD: DFS_PASSWORD,
    });
    withoutKeys = await startTestServer({
      BIS_KEYWORD_PROVIDER: "dataforseo",
      DATAFORSEO_API_URL: dfs.url,
    });
  }, 60_000);
  afterAll(async () => {
    for (const c of clients) await c.close();
    for (const s of [withAds, withDfs, withoutKeys]) await s?.close();
    await ads?.close();
    await dfs?.close();
  });

  async function run(server: TestServer) {
    const admin = await signedInAdmin(server);
    clients.push(admin);
    const { analysis } = await admin.analyses.analyze(austinRequest);
    return { admin, id: analysis.id };
  }

  it("Google Ads: stores measured figures", async () => {
    const { admin, id } = await run(withAds);
    const result = await admin.premium.keywords(id);
    const data = result.keywordResearchData;
    expect(result.keywordResearchCompleted).toBe(true);
    expect(data?.provider).toMatchObject({ id: "google-ads", grade: "measured" });
    expect(data?.provenance?.cpc.grade).toBe("measured");
    expect(data?.keywordData.primaryKeywords).toMatchObject([
      {
        keyword: "ac repair austin",
        searchVolume: 1900,
        cpc: 19,
        intent: "repair",
        competition: 87,
      },
      { keyword: "hvac near me", searchVolume: 1300, cpc: 12, intent: "near-me", competition: 70 },
    ]);
    expect(data?.keywordData.recommendations.join(" ")).not.toContain("modeled from households");
    expect(ads.requests.at(-1)?.headers["developer-token"]).toBe(DEV_TOKEN);
  });

  it("DataForSEO: stores measured figures", async () => {
    const { admin, id } = await run(withDfs);
    const data = (await admin.premium.keywords(id)).keywordResearchData;
    expect(data?.provider).toMatchObject({ id: "dataforseo", grade: "measured" });
    const listed = [
      ...(data?.keywordData.primaryKeywords ?? []),
      ...(data?.keywordData.longTailKeywords ?? []),
    ];
    expect(listed.length).toBeGreaterThan(0);
    for (const k of listed) expect(k).toMatchObject({ searchVolume: 390, cpc: 18.2 });
    expect(data?.totalKeywords).toBeGreaterThan(listed.length);
  });

  it("a measured provider without its keys answers 503 with a clear message", async () => {
    const { admin, id } = await run(withoutKeys);
    const error = await admin.premium.keywords(id).then(
      () => null,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(BisApiError);
    expect((error as BisApiError).status).toBe(503);
    expect((error as BisApiError).serverMessage).toBe(
      "Keyword research is not available yet. Nothing was changed.",
    );
    expect((await admin.analyses.get(id)).keywordResearchCompleted).toBe(false);
  });
});
