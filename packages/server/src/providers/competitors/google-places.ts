/**
 * Google Places API (New) Text Search (measured):
 *
 *   POST {base}/v1/places:searchText
 *   X-Goog-Api-Key: KEY, X-Goog-FieldMask: GOOGLE_PLACES_FIELD_MASK (required by the API)
 *   {textQuery, locationBias:{circle:{center:{latitude,longitude},radius (m, ≤ 50,000)}}, pageSize ≤ 20, pageToken}
 * → {places:[{id, displayName:{text}, formattedAddress, location:{latitude,longitude}, rating,
 *    userRatingCount, websiteUri, nationalPhoneNumber}], nextPageToken}; up to 3 pages.
 */
import { type CompetitorListing, type CompetitorProfile, competitorProfileFor } from "@bis/sdk";
import { z } from "zod";
import {
  answerOf,
  type CompetitorProvider,
  competitorClient,
  type HttpOptions,
  measuredResult,
  nullish,
  PROVIDER_LABELS,
  radiusMeters,
} from "./provider.js";

export const GOOGLE_PLACES_FIELD_MASK =
  "places.id,places.displayName,places.formattedAddress,places.location,places.rating,places.userRatingCount,places.websiteUri,places.nationalPhoneNumber,nextPageToken";
/** The default industry's query; an analysis' own comes from its industry profile. */
export const GOOGLE_PLACES_QUERY = /* @__PURE__ */ competitorProfileFor().placesQuery;
export const GOOGLE_PLACES_PAGE_SIZE = 20;
export const GOOGLE_PLACES_MAX_PAGES = 3;
export const GOOGLE_PLACES_MAX_RADIUS_METERS = 50_000;

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

/** `terms`: the analysis' industry's (its profile), the default industry's when not given. */
export function createGooglePlacesProvider({
  terms = competitorProfileFor(),
  ...options
}: HttpOptions & { terms?: Pick<CompetitorProfile, "placesQuery"> }): CompetitorProvider {
  const label = PROVIDER_LABELS["google-places"];
  const client = competitorClient(label, options);
  return {
    source: "google-places",
    label,
    terms: [terms.placesQuery],
    async search(query) {
      const url = new URL(`${options.baseUrl}/v1/places:searchText`);
      const radius = radiusMeters(query, GOOGLE_PLACES_MAX_RADIUS_METERS);
      const listings: CompetitorListing[] = [];
      let pageToken: string | undefined;
      let pages = 0;
      do {
        const body = {
          textQuery: terms.placesQuery,
          locationBias: {
            circle: { center: { latitude: query.lat, longitude: query.lon }, radius },
          },
          pageSize: GOOGLE_PLACES_PAGE_SIZE,
          ...(pageToken ? { pageToken } : {}),
        };
        const response = await client.send({
          method: "POST",
          url,
          headers: {
            "X-Goog-Api-Key": options.apiKey,
            "X-Goog-FieldMask": GOOGLE_PLACES_FIELD_MASK,
          },
          json: body,
          secrets: [options.apiKey],
        });
        const answer = answerOf(
          client,
          response,
          googleResponseSchema,
          "Check GOOGLE_PLACES_API_KEY and that the Places API (New) is enabled for it.",
        );
        pages += 1;
        for (const p of answer.places ?? []) {
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
        pageToken = answer.nextPageToken || undefined;
      } while (pageToken && pages < GOOGLE_PLACES_MAX_PAGES);
      return measuredResult("google-places", {
        listings,
        reportedTotal: null,
        pages,
        truncated: Boolean(pageToken),
      });
    },
  };
}
