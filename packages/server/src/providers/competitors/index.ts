/**
 * Competitor providers: where the businesses of a competition analysis come from. One interface
 * (`competitors/provider.ts`), three implementations:
 *
 * - Google Places API (New) Text Search (measured, `competitors/google-places.ts`);
 * - Yelp Fusion business search (measured, `competitors/yelp.ts`);
 * - sample data (demo mode only, `competitors/sample.ts`): "Sample <industry> Co. 1", … — never
 *   names that pass for real businesses.
 *
 * What they search for is the analysis' industry's, from its profile (`competitors` terms).
 *
 * Both searches are centred on the target city with the primary radius; a location bias is not
 * a restriction, so the model drops listings outside the radius. They send through the one
 * upstream client (`../upstream/client.ts`): failures become AppErrors with a clear message
 * naming the provider (never the key): 429 → RATE_LIMITED, anything else → UPSTREAM_FAILED.
 */
import { type CompetitorProfile, competitorProfileFor } from "@bis/sdk";
import type { Dispatcher } from "undici";
import type { Config } from "../../config.js";
import type { ApiKeyName, KeyStore } from "../keys/key-store.js";
import { createGooglePlacesProvider } from "./google-places.js";
import type { CompetitorProvider, HttpOptions } from "./provider.js";
import { createYelpProvider } from "./yelp.js";

export * from "./google-places.js";
export * from "./provider.js";
export * from "./sample.js";
export * from "./yelp.js";

/** The measured providers in the order they are asked: each with its key and its base URL. */
const MEASURED: {
  key: ApiKeyName;
  url: keyof Config["premium"]["urls"];
  create: (options: HttpOptions & { terms: CompetitorProfile }) => CompetitorProvider;
}[] = [
  { key: "googlePlaces", url: "googlePlaces", create: createGooglePlacesProvider },
  { key: "yelp", url: "yelp", create: createYelpProvider },
];

/**
 * The providers that have a key now (keys are read at call time, so a key saved in the admin
 * panel takes effect at once): Google Places and/or Yelp. Empty when neither has a key. They
 * search for `industry`'s terms (the default industry's when not given).
 */
export function configuredCompetitorProviders({
  config,
  keys,
  dispatcher,
  industry,
}: {
  config: Pick<Config, "premium">;
  keys: KeyStore;
  dispatcher?: Dispatcher;
  industry?: string;
}): CompetitorProvider[] {
  const terms = competitorProfileFor(industry);
  return MEASURED.flatMap(({ key, url, create }) => {
    const apiKey = keys.get(key);
    if (!apiKey) return [];
    return [
      create({
        baseUrl: config.premium.urls[url],
        apiKey,
        ...(dispatcher ? { dispatcher } : {}),
        terms,
      }),
    ];
  });
}
