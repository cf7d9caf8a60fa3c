/**
 * Yelp Fusion business search (measured):
 *
 *   GET {base}/v3/businesses/search?term={industry's yelpTerm}&latitude&longitude&radius (m, ≤ 40,000)&limit=50&offset&sort_by=best_match
 *   Authorization: Bearer KEY
 * → {total, businesses:[{id, name, rating, review_count, url, phone, distance, categories,
 *    coordinates, location:{display_address}}]}; up to 3 pages.
 */
import { type CompetitorListing, type CompetitorProfile, competitorProfileFor } from "@bis/sdk";
import { z } from "zod";
import {
  answerOf,
  type CompetitorProvider,
  competitorClient,
  type HttpOptions,
  METERS_PER_MILE,
  measuredResult,
  nullish,
  PROVIDER_LABELS,
  radiusMeters,
} from "./provider.js";

/** The default industry's term; an analysis' own comes from its industry profile. */
export const YELP_TERM = /* @__PURE__ */ competitorProfileFor().yelpTerm;
export const YELP_LIMIT = 50;
export const YELP_MAX_PAGES = 3;
export const YELP_MAX_RADIUS_METERS = 40_000;

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

/** `terms`: the analysis' industry's (its profile), the default industry's when not given. */
export function createYelpProvider({
  terms = competitorProfileFor(),
  ...options
}: HttpOptions & { terms?: Pick<CompetitorProfile, "yelpTerm"> }): CompetitorProvider {
  const label = PROVIDER_LABELS.yelp;
  const client = competitorClient(label, options);
  return {
    source: "yelp",
    label,
    terms: [terms.yelpTerm],
    async search(query) {
      const radius = radiusMeters(query, YELP_MAX_RADIUS_METERS);
      const listings: CompetitorListing[] = [];
      let total: number | null = null;
      let pages = 0;
      let offset = 0;
      let more = true;
      while (more && pages < YELP_MAX_PAGES) {
        const url = new URL(`${options.baseUrl}/v3/businesses/search`);
        url.searchParams.set("term", terms.yelpTerm);
        url.searchParams.set("latitude", String(query.lat));
        url.searchParams.set("longitude", String(query.lon));
        url.searchParams.set("radius", String(radius));
        url.searchParams.set("limit", String(YELP_LIMIT));
        url.searchParams.set("offset", String(offset));
        url.searchParams.set("sort_by", "best_match");
        const response = await client.send({
          url,
          headers: { accept: "application/json", authorization: `Bearer ${options.apiKey}` },
          secrets: [options.apiKey],
        });
        const answer = answerOf(client, response, yelpResponseSchema, "Check YELP_API_KEY.");
        pages += 1;
        total = answer.total ?? total;
        const page = answer.businesses;
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
      return measuredResult("yelp", {
        listings,
        reportedTotal: total,
        pages,
        truncated: total != null ? total > offset : more,
      });
    },
  };
}
