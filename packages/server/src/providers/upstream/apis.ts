/** Versions of the outside APIs BIS speaks, for every caller (providers and key tests). */

/** Google Ads API version in every request path: {base}/{version}/… */
export const GOOGLE_ADS_API_VERSION = "v24";
