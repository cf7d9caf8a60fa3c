/**
 * Competitor providers: where the businesses of a competition analysis come from.
 *
 * - Google Places API (New) Text Search (measured):
 *     POST {base}/v1/places:searchText
 *     X-Goog-Api-Key: KEY, X-Goog-FieldMask: GOOGLE_PLACES_FIELD_MASK (required by the API)
 *     {textQuery, locationBias:{circle:{center:{latitude,longitude},radius (m, ≤ 50,000)}}, pageSize ≤ 20, pageToken}
 *   → {places:[{id, displayName:{text}, formattedAddress, location:{latitude,longitude}, rating,
 *      userRatingCount, websiteUri, nationalPhoneNumber}], nextPageToken}; up to 3 pages.
 * - Yelp Fusion business search (measured):
 *     GET {base}/v3/businesses/search?term=hvac&latitude&longitude&radius (m, ≤ 40,000)&limit=50&offset&sort_by=best_match
 *     Authorization: Bearer KEY
 *   → {total, businesses:[{id, name, rating, review_count, url, phone, distance, categories,
 *      coordinates, location:{display_address}}]}; up to 3 pages.
 * - Sample (demo mode only): "Sample HVAC Co. 1", … — never names that pass for real businesses.
 *
 * Both searches are centred on the target city with the primary radius; a location bias is not
 * a restriction, so the model drops listings outside the radius. Failures become AppErrors
 * with a clear message naming the provider (never the key): 429 → RATE_LIMITED, anything else
 * → UPSTREAM_FAILED.
 */
import type { CompetitorListing, CompetitorSource, ProviderResult } from "@bis/sdk";
import { type Dispatcher, request } from "undici";
import { z } from "zod";
import type { Config } from "../config.js";
import type { KeyStore } from "../keys/key-store.js";
import { AppError } from "../lib/errors.js";
import { parseJson, snippet, timeoutMessage } from "./upstream.js";

export const METERS_PER_MILE = 1609.34;
/** Every request (connect, headers, body) must finish within this many milliseconds. */
export const COMPETITOR_TIMEOUT_MS = 15_000;

export const GOOGLE_PLACES_FIELD_MASK =
  "places.id,places.displayName,places.formattedAddress,places.location,places.rating,places.userRatingCount,places.websiteUri,places.nationalPhoneNumber,nextPageToken";
export const GOOGLE_PLACES_QUERY = "HVAC contractor";
export const GOOGLE_PLACES_PAGE_SIZE = 20;
export const GOOGLE_PLACES_MAX_PAGES = 3;
export const GOOGLE_PLACES_MAX_RADIUS_METERS = 50_000;

export const YELP_TERM = "hvac";
export const YELP_LIMIT = 50;
export const YELP_MAX_PAGES = 3;
export const YELP_MAX_RADIUS_METERS = 40_000;

export const PROVIDER_LABELS: Record<CompetitorSource, string> = {
  "google-places": "Google Places API (New)",
  yelp: "Yelp Fusion",
  sample: "Sample data (demo mode, not real businesses)",
};

export interface CompetitorSearch {
  /** "Austin, TX" */
  location: string;
  lat: number;
  lon: number;
  radiusMiles: number;
  /** Households within the radius (the sample provider sizes its market with it). */
  households: number | null;
  /** Makes sample data repeatable per analysis. */
  seed: string;
}

export interface CompetitorProvider {
  source: CompetitorSource;
  label: string;
  /** The query terms, for the record. */
  terms: string[];
  search(query: CompetitorSearch): Promise<ProviderResult>;
}

interface HttpOptions {
  baseUrl: string;
  apiKey: string;
  timeoutMs?: number;
  dispatcher?: Dispatcher;
}

/* ------------------------------------------------------------------ HTTP */

async function exchange(
  label: string,
  url: URL,
  init: { method: "GET" | "POST"; headers: Record<string, string>; body?: string },
  options: HttpOptions,
): Promise<{ status: number; text: string }> {
  const timeoutMs = options.timeoutMs ?? COMPETITOR_TIMEOUT_MS;
  const signal = AbortSignal.timeout(timeoutMs);
  try {
    const response = await request(url, {
      method: init.method,
      headers: init.headers,
      body: init.body,
      headersTimeout: timeoutMs,
      bodyTimeout: timeoutMs,
      signal,
      ...(options.dispatcher ? { dispatcher: options.dispatcher } : {}),
    });
    const text = await response.body.text();
    return { status: response.statusCode, text };
  } catch (error) {
    const timedOut =
      signal.aborted ||
      (error instanceof Error &&
        /timeout/i.test(`${error.name} ${(error as { code?: string }).code ?? ""}`));
    throw new AppError(
      "UPSTREAM_FAILED",
      timedOut
        ? timeoutMessage(label, timeoutMs)
        : `Could not reach ${label} (${url.origin}): ${(error as Error).message}`,
      { cause: error },
    );
  }
}

/** The provider's error message from its JSON error body, or a snippet of the body. */
function errorDetail(text: string): string {
  try {
    const body = JSON.parse(text) as {
      error?: { message?: string; status?: string; code?: string; description?: string };
    };
    const e = body.error;
    if (e) {
      const code = e.status ?? e.code;
      const message = e.message ?? e.description;
      return [code, message].filter(Boolean).join(": ");
    }
  } catch {
    // not JSON
  }
  return snippet(text);
}

function failure(label: string, status: number, text: string, keyHint: string): AppError {
  const detail = errorDetail(text);
  if (status === 429) {
    return new AppError(
      "RATE_LIMITED",
      `${label} rate limit or quota reached (HTTP 429${detail ? `: ${detail}` : ""}). Please try again later.`,
    );
  }
  const hint = status === 401 || status === 403 ? ` ${keyHint}` : "";
  return new AppError(
    "UPSTREAM_FAILED",
    `${label} ${status >= 500 ? "failed" : "refused the request"} (HTTP ${status}${detail ? `: ${detail}` : ""}).${hint}`,
  );
}

function unexpected(label: string, error: z.ZodError): AppError {
  const first = error.issues[0];
  return new AppError(
    "UPSTREAM_FAILED",
    `${label} returned an unexpected answer${first ? ` (${first.path.join(".") || "body"}: ${first.message})` : ""}.`,
  );
}

const nullish = <T extends z.ZodType>(schema: T) => schema.nullish();

/* ------------------------------------------------------------------ Google Places (New) */

const googlePlaceSchema = z.looseObject({
  id: z.string(),
  displayName: nullish(z.looseObject({ text: z.string() })),
  formattedAddress: nullish(z.string()),
  location: nullish(z.looseObject({ latitude: z.number(), longitude: z.number() })),
  rating: nullish(z.number()),
  userRatingCount: nullish(z.number()),
  websiteUri: nullish(z.string()),
  nationalPhoneNumber: nullish(z.string()),
});
const googleResponseSchema = z.looseObject({
  places: nullish(z.array(googlePlaceSchema)),
  nextPageToken: nullish(z.string()),
});

export function createGooglePlacesProvider(options: HttpOptions): CompetitorProvider {
  const label = PROVIDER_LABELS["google-places"];
  return {
    source: "google-places",
    label,
    terms: [GOOGLE_PLACES_QUERY],
    async search(query) {
      const url = new URL(`${options.baseUrl}/v1/places:searchText`);
      const radius = Math.min(
        Math.round(query.radiusMiles * METERS_PER_MILE),
        GOOGLE_PLACES_MAX_RADIUS_METERS,
      );
      const listings: CompetitorListing[] = [];
      let pageToken: string | undefined;
      let pages = 0;
      do {
        const body = {
          textQuery: GOOGLE_PLACES_QUERY,
          locationBias: {
            circle: { center: { latitude: query.lat, longitude: query.lon }, radius },
          },
          pageSize: GOOGLE_PLACES_PAGE_SIZE,
          ...(pageToken ? { pageToken } : {}),
        };
        const { status, text } = await exchange(
          label,
          url,
          {
            method: "POST",
            headers: {
              "content-type": "application/json",
              accept: "application/json",
              "X-Goog-Api-Key": options.apiKey,
              "X-Goog-FieldMask": GOOGLE_PLACES_FIELD_MASK,
            },
            body: JSON.stringify(body),
          },
          options,
        );
        if (status !== 200) {
          throw failure(
            label,
            status,
            text,
            "Check GOOGLE_PLACES_API_KEY and that the Places API (New) is enabled for it.",
          );
        }
        const parsed = googleResponseSchema.safeParse(parseJson(label, text));
        if (!parsed.success) throw unexpected(label, parsed.error);
        pages += 1;
        for (const p of parsed.data.places ?? []) {
          const name = p.displayName?.text?.trim();
          if (!name) continue;
          listings.push({
            source: "google-places",
            id: p.id,
            name,
            rating: p.rating ?? null,
            reviews: p.userRatingCount ?? null,
            phone: p.nationalPhoneNumber ?? null,
            website: p.websiteUri ?? null,
            address: p.formattedAddress ?? null,
            lat: p.location?.latitude ?? null,
            lon: p.location?.longitude ?? null,
          });
        }
        pageToken = parsed.data.nextPageToken || undefined;
      } while (pageToken && pages < GOOGLE_PLACES_MAX_PAGES);
      return {
        source: "google-places",
        label,
        grade: "measured",
        status: "ok",
        listings,
        reportedTotal: null,
        pages,
        truncated: Boolean(pageToken),
      };
    },
  };
}

/* ------------------------------------------------------------------ Yelp Fusion */

const yelpBusinessSchema = z.looseObject({
  id: z.string(),
  name: z.string(),
  rating: nullish(z.number()),
  review_count: nullish(z.number()),
  url: nullish(z.string()),
  phone: nullish(z.string()),
  distance: nullish(z.number()),
  categories: nullish(z.array(z.looseObject({ alias: z.string(), title: z.string() }))),
  coordinates: nullish(
    z.looseObject({ latitude: nullish(z.number()), longitude: nullish(z.number()) }),
  ),
  location: nullish(z.looseObject({ display_address: nullish(z.array(z.string())) })),
});
const yelpResponseSchema = z.looseObject({
  total: nullish(z.number()),
  businesses: z.array(yelpBusinessSchema),
});

export function createYelpProvider(options: HttpOptions): CompetitorProvider {
  const label = PROVIDER_LABELS.yelp;
  return {
    source: "yelp",
    label,
    terms: [YELP_TERM],
    async search(query) {
      const radius = Math.min(
        Math.round(query.radiusMiles * METERS_PER_MILE),
        YELP_MAX_RADIUS_METERS,
      );
      const listings: CompetitorListing[] = [];
      let total: number | null = null;
      let pages = 0;
      let offset = 0;
      let more = true;
      while (more && pages < YELP_MAX_PAGES) {
        const url = new URL(`${options.baseUrl}/v3/businesses/search`);
        url.searchParams.set("term", YELP_TERM);
        url.searchParams.set("latitude", String(query.lat));
        url.searchParams.set("longitude", String(query.lon));
        url.searchParams.set("radius", String(radius));
        url.searchParams.set("limit", String(YELP_LIMIT));
        url.searchParams.set("offset", String(offset));
        url.searchParams.set("sort_by", "best_match");
        const { status, text } = await exchange(
          label,
          url,
          {
            method: "GET",
            headers: { accept: "application/json", authorization: `Bearer ${options.apiKey}` },
          },
          options,
        );
        if (status !== 200) {
          throw failure(label, status, text, "Check YELP_API_KEY.");
        }
        const parsed = yelpResponseSchema.safeParse(parseJson(label, text));
        if (!parsed.success) throw unexpected(label, parsed.error);
        pages += 1;
        total = parsed.data.total ?? total;
        const page = parsed.data.businesses;
        for (const b of page) {
          const address = b.location?.display_address?.filter(Boolean).join(", ");
          listings.push({
            source: "yelp",
            id: b.id,
            name: b.name.trim(),
            rating: b.rating ?? null,
            reviews: b.review_count ?? null,
            phone: b.phone || null,
            listingUrl: b.url ?? null,
            address: address || null,
            lat: b.coordinates?.latitude ?? null,
            lon: b.coordinates?.longitude ?? null,
            distanceMiles: b.distance != null ? b.distance / METERS_PER_MILE : null,
            categories: (b.categories ?? []).map((c) => c.title),
          });
        }
        offset += page.length;
        more = page.length === YELP_LIMIT && (total == null || offset < total);
      }
      return {
        source: "yelp",
        label,
        grade: "measured",
        status: "ok",
        listings,
        reportedTotal: total,
        pages,
        truncated: total != null ? total > offset : more,
      };
    },
  };
}

/* ------------------------------------------------------------------ sample data */

/** A small seeded generator (mulberry32) so an analysis' sample data is the same every run. */
function seeded(seed: string): () => number {
  let h = 2166136261;
  for (let i = 0; i < seed.length; i++) h = Math.imul(h ^ seed.charCodeAt(i), 16777619);
  let a = h >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Category titles given to sample businesses, so the specializations vary. */
const SAMPLE_CATEGORIES = [
  ["Heating & Air Conditioning/HVAC"],
  ["Emergency HVAC Service"],
  ["Heat Pumps", "Heating & Air Conditioning/HVAC"],
  ["Air Duct Cleaning"],
  ["Furnace Repair"],
  ["Air Conditioning"],
  ["Commercial Refrigeration"],
  ["Plumbing", "Heating & Air Conditioning/HVAC"],
];

/**
 * Sample competitors for demo mode: 6–40 businesses named "Sample HVAC Co. N", at a seeded
 * density of 1.5–8 per 10,000 households, with seeded ratings (3.4–5.0) and review counts
 * (0–800), placed at random within the radius. Graded `sample`; never real names.
 */
export function sampleCompetitors(query: CompetitorSearch): ProviderResult {
  const random = seeded(query.seed);
  const density = 1.5 + random() * 6.5;
  const count =
    query.households != null && query.households > 0
      ? Math.min(40, Math.max(6, Math.round((query.households * density) / 10_000)))
      : 15;
  const listings: CompetitorListing[] = [];
  const milesPerDegreeLat = 69.05;
  const milesPerDegreeLon = milesPerDegreeLat * Math.cos((query.lat * Math.PI) / 180);
  for (let i = 1; i <= count; i++) {
    const bearing = random() * 2 * Math.PI;
    const distance = query.radiusMiles * 0.95 * Math.sqrt(random());
    const rated = random() > 0.05;
    listings.push({
      source: "sample",
      id: `sample-${i}`,
      name: `Sample HVAC Co. ${i}`,
      rating: rated ? Math.round((3.4 + random() * 1.6) * 10) / 10 : null,
      reviews: rated ? Math.floor(Math.exp(random() * Math.log(801)) - 1) : 0,
      lat: query.lat + (distance * Math.cos(bearing)) / milesPerDegreeLat,
      lon: query.lon + (distance * Math.sin(bearing)) / milesPerDegreeLon,
      categories: SAMPLE_CATEGORIES[Math.floor(random() * SAMPLE_CATEGORIES.length)] ?? [],
    });
  }
  return {
    source: "sample",
    label: PROVIDER_LABELS.sample,
    grade: "sample",
    status: "ok",
    listings,
    reportedTotal: null,
    pages: 1,
    truncated: false,
  };
}

export function createSampleProvider(): CompetitorProvider {
  return {
    source: "sample",
    label: PROVIDER_LABELS.sample,
    terms: ["sample"],
    search: async (query) => sampleCompetitors(query),
  };
}

/* ------------------------------------------------------------------ registry */

/**
 * The providers that have a key now (keys are read at call time, so a key saved in the admin
 * panel takes effect at once): Google Places and/or Yelp. Empty when neither has a key.
 */
export function configuredCompetitorProviders(
  config: Pick<Config, "premium">,
  keys: KeyStore,
  dispatcher?: Dispatcher,
): CompetitorProvider[] {
  const providers: CompetitorProvider[] = [];
  const google = keys.get("googlePlaces");
  if (google) {
    providers.push(
      createGooglePlacesProvider({
        baseUrl: config.premium.urls.googlePlaces,
        apiKey: google,
        ...(dispatcher ? { dispatcher } : {}),
      }),
    );
  }
  const yelp = keys.get("yelp");
  if (yelp) {
    providers.push(
      createYelpProvider({
        baseUrl: config.premium.urls.yelp,
        apiKey: yelp,
        ...(dispatcher ? { dispatcher } : {}),
      }),
    );
  }
  return providers;
}
