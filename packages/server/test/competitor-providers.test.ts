/**
 * The competitor providers against local fakes of Google Places API (New) Text Search and Yelp
 * Fusion business search, in their real wire formats: requests, paging, parsing, errors and
 * rate limits; and the labelled sample data.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { AppError } from "../src/lib/errors.js";
import {
  type CompetitorSearch,
  configuredCompetitorProviders,
  createGooglePlacesProvider,
  createYelpProvider,
  GOOGLE_PLACES_FIELD_MASK,
  sampleCompetitors,
} from "../src/providers/competitors/index.js";
import { rejectionOf } from "./support/errors.js";
import {
  type FakeGooglePlace,
  type FakeGooglePlaces,
  startFakeGooglePlaces,
} from "./support/fake-google-places.js";
import { type FakeYelp, type FakeYelpBusiness, startFakeYelp } from "./support/fake-yelp.js";

const GOOGLE_KEY = "AIzaFakeGooglePlacesKey000000000000000";
const YELP_KEY = "fake-yelp-key-0000000000000000";
const AUSTIN: CompetitorSearch = {
  location: "Austin, TX",
  lat: 30.2672,
  lon: -97.7431,
  radiusMiles: 10,
  households: 150_000,
  seed: "analysis-1",
};

const failureOf = (promise: Promise<unknown>) => rejectionOf(promise, AppError);

function googlePlaces(n: number): FakeGooglePlace[] {
  return Array.from({ length: n }, (_, i) => ({
    id: `ChIJ${String(i).padStart(4, "0")}`,
    name: `Test Heating ${i}`,
    lat: AUSTIN.lat + i * 0.001,
    lon: AUSTIN.lon,
    rating: 4.5,
    userRatingCount: 10 + i,
    formattedAddress: `${100 + i} Congress Ave, Austin, TX 78701, USA`,
    websiteUri: i % 2 === 0 ? `https://heating${i}.example` : undefined,
    nationalPhoneNumber: `(512) 555-${String(1000 + i)}`,
  }));
}

describe("Google Places API (New) Text Search", () => {
  let fake: FakeGooglePlaces;
  beforeAll(async () => {
    fake = await startFakeGooglePlaces({ apiKey: GOOGLE_KEY, slowMs: 2000 });
  });
  afterAll(() => fake?.close());
  beforeEach(() => {
    fake.requests.length = 0;
    fake.fail(null);
    fake.places = googlePlaces(5);
  });
  const provider = () => createGooglePlacesProvider({ baseUrl: fake.url, apiKey: GOOGLE_KEY });

  it("posts the text query around the target with the required field mask, and parses places", async () => {
    const result = await provider().search(AUSTIN);
    expect(fake.requests).toHaveLength(1);
    const [sent] = fake.requests;
    expect(sent?.method).toBe("POST");
    expect(sent?.path).toBe("/v1/places:searchText");
    expect(sent?.apiKey).toBe(GOOGLE_KEY);
    expect(sent?.fieldMask).toBe(GOOGLE_PLACES_FIELD_MASK);
    expect(sent?.fieldMask).toBe(
      "places.id,places.displayName,places.formattedAddress,places.location,places.rating,places.userRatingCount,places.websiteUri,places.nationalPhoneNumber,nextPageToken",
    );
    expect(sent?.headers["content-type"]).toMatch(/application\/json/);
    expect(sent?.body).toEqual({
      textQuery: "HVAC contractor",
      locationBias: {
        circle: { center: { latitude: AUSTIN.lat, longitude: AUSTIN.lon }, radius: 16093 },
      },
      pageSize: 20,
    });
    expect(result).toMatchObject({
      source: "google-places",
      grade: "measured",
      status: "ok",
      pages: 1,
      truncated: false,
    });
    expect(result.listings).toHaveLength(5);
    expect(result.listings[0]).toEqual({
      source: "google-places",
      id: "ChIJ0000",
      name: "Test Heating 0",
      rating: 4.5,
      reviews: 10,
      phone: "(512) 555-1000",
      website: "https://heating0.example",
      address: "100 Congress Ave, Austin, TX 78701, USA",
      lat: AUSTIN.lat,
      lon: AUSTIN.lon,
    });
    expect(result.listings[1]?.website).toBeNull();
  });

  it("follows nextPageToken for at most three pages and says when more exist", async () => {
    fake.places = googlePlaces(70);
    const result = await provider().search(AUSTIN);
    expect(fake.requests).toHaveLength(3);
    expect(fake.requests[0]?.body.pageToken).toBeUndefined();
    expect(fake.requests[1]?.body.pageToken).toEqual(expect.any(String));
    // Every page repeats the same search.
    expect(fake.requests[2]?.body.textQuery).toBe("HVAC contractor");
    expect(result.listings).toHaveLength(60);
    expect(new Set(result.listings.map((l) => l.id)).size).toBe(60);
    expect(result).toMatchObject({ pages: 3, truncated: true });

    fake.requests.length = 0;
    fake.places = googlePlaces(25);
    const two = await provider().search(AUSTIN);
    expect(fake.requests).toHaveLength(2);
    expect(two).toMatchObject({ pages: 2, truncated: false });
    expect(two.listings).toHaveLength(25);
  });

  it("caps the bias radius at 50,000 m and answers an empty search with no places", async () => {
    fake.places = [];
    const result = await provider().search({ ...AUSTIN, radiusMiles: 50 });
    expect(fake.requests[0]?.body.locationBias?.circle?.radius).toBe(50_000);
    expect(result.listings).toEqual([]);
  });

  it("turns a bad key into a clear upstream error that never shows the key", async () => {
    const error = await failureOf(
      createGooglePlacesProvider({ baseUrl: fake.url, apiKey: "wrong-key" }).search(AUSTIN),
    );
    expect(error.code).toBe("UPSTREAM_FAILED");
    expect(error.message).toMatch(/Google Places API \(New\) refused the request \(HTTP 400/);
    expect(error.message).toMatch(/API key not valid/);
    expect(error.message).not.toContain("wrong-key");
  });

  it("turns 429 into RATE_LIMITED and other failures into UPSTREAM_FAILED", async () => {
    fake.fail("rate-limit");
    const limited = await failureOf(provider().search(AUSTIN));
    expect(limited.code).toBe("RATE_LIMITED");
    expect(limited.status).toBe(429);
    expect(limited.message).toMatch(/Google Places API \(New\) rate limit or quota reached/);
    expect(limited.message).toMatch(/RESOURCE_EXHAUSTED/);

    fake.fail("permission-denied");
    const denied = await failureOf(provider().search(AUSTIN));
    expect(denied.code).toBe("UPSTREAM_FAILED");
    expect(denied.message).toMatch(/HTTP 403: PERMISSION_DENIED/);
    expect(denied.message).toMatch(/Check GOOGLE_PLACES_API_KEY/);

    fake.fail("server-error");
    expect((await failureOf(provider().search(AUSTIN))).message).toMatch(
      /Google Places API \(New\) failed \(HTTP 500: INTERNAL/,
    );

    fake.fail("malformed-json");
    expect((await failureOf(provider().search(AUSTIN))).message).toMatch(/not JSON/);
  });

  it("gives up after its timeout", async () => {
    fake.fail("slow");
    const error = await failureOf(
      createGooglePlacesProvider({ baseUrl: fake.url, apiKey: GOOGLE_KEY, timeoutMs: 200 }).search(
        AUSTIN,
      ),
    );
    expect(error.code).toBe("UPSTREAM_FAILED");
    expect(error.message).toMatch(/did not answer within 0.2 s/);
  });

  it("reports an unreachable server", async () => {
    const error = await failureOf(
      createGooglePlacesProvider({ baseUrl: "http://127.0.0.1:9", apiKey: GOOGLE_KEY }).search(
        AUSTIN,
      ),
    );
    expect(error.code).toBe("UPSTREAM_FAILED");
    expect(error.message).toMatch(
      /^Google Places API \(New\) could not be reached \(http:\/\/127\.0\.0\.1:9\): ECONNREFUSED/,
    );
  });
});

function yelpBusinesses(n: number): FakeYelpBusiness[] {
  return Array.from({ length: n }, (_, i) => ({
    id: `yelp-${i}`,
    name: `Yelp Cooling ${i}`,
    lat: AUSTIN.lat - i * 0.001,
    lon: AUSTIN.lon,
    rating: 4,
    reviewCount: 5 + i,
    phone: `+1512555${String(2000 + i)}`,
    address1: `${200 + i} Lamar Blvd`,
    city: "Austin",
    state: "TX",
    categories: [
      { alias: "hvac", title: "Heating & Air Conditioning/HVAC" },
      { alias: "airductcleaning", title: "Air Duct Cleaning" },
    ],
  }));
}

describe("Yelp Fusion business search", () => {
  let fake: FakeYelp;
  beforeAll(async () => {
    fake = await startFakeYelp({ apiKey: YELP_KEY, slowMs: 2000 });
  });
  afterAll(() => fake?.close());
  beforeEach(() => {
    fake.requests.length = 0;
    fake.fail(null);
    fake.total = null;
    fake.businesses = yelpBusinesses(3);
  });
  const provider = () => createYelpProvider({ baseUrl: fake.url, apiKey: YELP_KEY });

  it("searches around the target with a bearer token and parses businesses", async () => {
    const result = await provider().search(AUSTIN);
    expect(fake.requests).toHaveLength(1);
    const [sent] = fake.requests;
    expect(sent?.authorization).toBe(`Bearer ${YELP_KEY}`);
    expect(sent?.path).toBe("/v3/businesses/search");
    expect(sent?.query).toEqual({
      term: "hvac",
      latitude: String(AUSTIN.lat),
      longitude: String(AUSTIN.lon),
      radius: "16093",
      limit: "50",
      offset: "0",
      sort_by: "best_match",
    });
    expect(result).toMatchObject({
      source: "yelp",
      grade: "measured",
      status: "ok",
      reportedTotal: 3,
      pages: 1,
      truncated: false,
    });
    expect(result.listings[1]).toMatchObject({
      source: "yelp",
      id: "yelp-1",
      name: "Yelp Cooling 1",
      rating: 4,
      reviews: 6,
      phone: "+15125552001",
      listingUrl: "https://www.yelp.com/biz/yelp-1",
      address: "201 Lamar Blvd, Austin, TX",
      lat: AUSTIN.lat - 0.001,
      lon: AUSTIN.lon,
      categories: ["Heating & Air Conditioning/HVAC", "Air Duct Cleaning"],
    });
    expect(result.listings[1]?.distanceMiles).toBeCloseTo(0.069, 2);
  });

  it("pages by offset for at most three pages, caps the radius at 40,000 m and keeps the total", async () => {
    fake.businesses = yelpBusinesses(120);
    fake.total = 180;
    const result = await provider().search({ ...AUSTIN, radiusMiles: 30 });
    expect(fake.requests.map((r) => r.query.offset)).toEqual(["0", "50", "100"]);
    expect(fake.requests.every((r) => r.query.radius === "40000")).toBe(true);
    expect(result.listings).toHaveLength(120);
    expect(result).toMatchObject({ pages: 3, reportedTotal: 180, truncated: true });

    fake.requests.length = 0;
    fake.businesses = yelpBusinesses(60);
    fake.total = null;
    const two = await provider().search(AUSTIN);
    expect(fake.requests.map((r) => r.query.offset)).toEqual(["0", "50"]);
    expect(two).toMatchObject({ pages: 2, reportedTotal: 60, truncated: false });
  });

  it("turns a bad token into a clear upstream error that never shows the token", async () => {
    const error = await failureOf(
      createYelpProvider({ baseUrl: fake.url, apiKey: "wrong-token" }).search(AUSTIN),
    );
    expect(error.code).toBe("UPSTREAM_FAILED");
    expect(error.message).toMatch(/Yelp Fusion refused the request \(HTTP 401: TOKEN_INVALID/);
    expect(error.message).toMatch(/Check YELP_API_KEY/);
    expect(error.message).not.toContain("wrong-token");
  });

  it("turns 429 (per second or daily) into RATE_LIMITED and other failures into UPSTREAM_FAILED", async () => {
    fake.fail("rate-limit");
    const perSecond = await failureOf(provider().search(AUSTIN));
    expect(perSecond.code).toBe("RATE_LIMITED");
    expect(perSecond.message).toMatch(/Yelp Fusion rate limit or quota reached/);
    expect(perSecond.message).toMatch(/TOO_MANY_REQUESTS_PER_SECOND/);

    fake.fail("daily-limit");
    expect((await failureOf(provider().search(AUSTIN))).message).toMatch(/ACCESS_LIMIT_REACHED/);

    fake.fail("server-error");
    const failed = await failureOf(provider().search(AUSTIN));
    expect(failed.code).toBe("UPSTREAM_FAILED");
    expect(failed.message).toMatch(/Yelp Fusion failed \(HTTP 500: INTERNAL_ERROR/);

    fake.fail("malformed-json");
    expect((await failureOf(provider().search(AUSTIN))).message).toMatch(/not JSON/);

    fake.fail("slow");
    const slow = await failureOf(
      createYelpProvider({ baseUrl: fake.url, apiKey: YELP_KEY, timeoutMs: 200 }).search(AUSTIN),
    );
    expect(slow.message).toMatch(/Yelp Fusion did not answer within 0.2 s/);
  });
});

describe("sample competitors", () => {
  it("are labelled sample, named as samples, repeatable per analysis and within the radius", () => {
    const a = sampleCompetitors(AUSTIN);
    const b = sampleCompetitors(AUSTIN);
    expect(a).toEqual(b);
    expect(a).toMatchObject({ source: "sample", grade: "sample", status: "ok" });
    expect(a.label).toMatch(/Sample data/);
    expect(a.listings.length).toBeGreaterThanOrEqual(6);
    expect(a.listings.length).toBeLessThanOrEqual(40);
    a.listings.forEach((l, i) => {
      expect(l.name).toBe(`Sample HVAC Co. ${i + 1}`);
      expect(l.source).toBe("sample");
      expect(l.phone ?? null).toBeNull();
      expect(l.website ?? null).toBeNull();
    });
    const other = sampleCompetitors({ ...AUSTIN, seed: "analysis-2" });
    expect(other.listings.map((l) => l.reviews)).not.toEqual(a.listings.map((l) => l.reviews));
    expect(sampleCompetitors({ ...AUSTIN, households: null }).listings).toHaveLength(15);
  });
});

describe("configured providers", () => {
  const config = {
    premium: {
      keywordProvider: "embedded" as const,
      sampleData: true,
      urls: {
        googleAds: "http://ads",
        dataforseo: "http://d4s",
        googlePlaces: "http://places",
        yelp: "http://yelp",
      },
    },
  };
  const keys = (values: Record<string, string>) => ({
    get: (name: string) => values[name],
    source: (name: string) => (values[name] ? ("environment" as const) : null),
  });

  it("are those with a key, read at call time", () => {
    expect(configuredCompetitorProviders({ config, keys: keys({}) })).toEqual([]);
    expect(
      configuredCompetitorProviders({ config, keys: keys({ yelp: "y" }) }).map((p) => p.source),
    ).toEqual(["yelp"]);
    expect(
      configuredCompetitorProviders({ config, keys: keys({ yelp: "y", googlePlaces: "g" }) }).map(
        (p) => p.source,
      ),
    ).toEqual(["google-places", "yelp"]);
  });
});
