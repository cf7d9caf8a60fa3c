/**
 * Keys of the outside services, by name. An environment variable always wins; otherwise the
 * value an administrator saved (encrypted at rest; see the admin API-keys service). Providers
 * read keys through `get()` at call time, so a key saved in the admin panel takes effect at once.
 */
export const API_KEYS = {
  googleMaps: "GOOGLE_MAPS_API_KEY",
  census: "CENSUS_API_KEY",
  googlePlaces: "GOOGLE_PLACES_API_KEY",
  yelp: "YELP_API_KEY",
  googleAdsDeveloperToken: "GOOGLE_ADS_DEVELOPER_TOKEN",
  googleAdsCustomerId: "GOOGLE_ADS_CUSTOMER_ID",
  googleAdsAccessToken: "GOOGLE_ADS_ACCESS_TOKEN",
  dataforseoLogin: "DATAFORSEO_LOGIN",
  dataforseoPassword: "DATAFORSEO_PASSWORD",
} as const;

export type ApiKeyName = keyof typeof API_KEYS;
export const API_KEY_NAMES = Object.keys(API_KEYS) as ApiKeyName[];

export interface KeyStore {
  /** The key's value, or undefined when it is configured nowhere. */
  get(name: ApiKeyName): string | undefined;
  /** Where the value comes from. */
  source(name: ApiKeyName): "environment" | "stored" | null;
}

/** Keys from the environment only (the stored layer is added by the API-keys service). */
export function environmentKeys(env: Record<string, string | undefined> = process.env): KeyStore {
  const value = (name: ApiKeyName) => {
    const v = env[API_KEYS[name]];
    return v && v.length > 0 ? v : undefined;
  };
  return {
    get: value,
    source: (name) => (value(name) ? "environment" : null),
  };
}
