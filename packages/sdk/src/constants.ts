/**
 * Business constants and limits of the specification (§9), in one place.
 * Every consumer (server, app, widget, CLI) reads them from here.
 */

export const PRODUCT_NAME = "BIS";

/** Password minimum length: 8 at registration, 6 at change and admin setup. */
/**
 * Password minimum lengths. The specification's change minimum of 6 is raised to
 * registration's 8 (issue 12): registration, change and reset share the five rules of
 * `registerPasswordSchema`. First-administrator setup keeps the specification's 6.
 */
export const PASSWORD_MIN_LENGTH = { register: 8, change: 8, adminSetup: 6 } as const;
/** First and last names: at most this many characters, on one line (issue 12). */
export const NAME_MAX_LENGTH = 50;

/** Service radii in miles. */
export const PRIMARY_RADIUS = { min: 1, max: 50, step: 1, default: 10 } as const;
export const SECONDARY_RADIUS = { min: 1, max: 100, step: 1, default: 15 } as const;
/** Circle radii the map falls back to when an analysis lacks its own. */
export const FALLBACK_CIRCLE_RADII_MILES = { primary: 10, secondary: 15 } as const;
export const METERS_PER_MILE = 1609.34;
export const MAP_ZOOM = 10;
export const MAP_HEIGHT_PX = 400;

/** UI text: an analysis may take up to this long. */
export const ANALYSIS_MAX_MINUTES = 5;
/** Redirect from the wizard's results to /analysis/{id}. */
export const RESULTS_REDIRECT_DELAY_MS = 2000;

/** Estimated PPC budget per keyword = search volume × CPC × this factor. */
export const PPC_BUDGET_FACTOR = 0.1;
export const CPC_DECIMALS = 2;

export const PREMIUM_PACKAGE_PRICE_USD = 899;
export const GUARANTEE_DAYS = 30;
/** Figures the marketing copy advertises (shown as copy, never as data). */
export const ADVERTISED = {
  landingKeywords: "134+",
  promoKeywords: "500+",
  promoCompetitors: 20,
} as const;

/** An active user is an account created within this many days. */
export const ACTIVE_USER_DAYS = 30;
export const ADMIN_SUMMARY_REFRESH_MS = 60_000;
export const ADMIN_TAB_COUNT = 7;

/** Redirect delays. */
export const REDIRECT_DELAY_MS = {
  /** Session Expired → /, Access Denied → /, admin setup → /dashboard. */
  default: 1000,
  /** Authentication Required on checkout → sign in. */
  checkoutAuth: 1500,
  /** Admin panel unauthorized → sign in. */
  adminSessionExpired: 500,
} as const;

/** Toasts (§4, §9). */
export const TOAST = {
  limit: 1,
  removeDelayMs: 1_000_000,
  durationMs: 5000,
  keywordCompleteDurationMs: 4000,
  swipeDirection: "right",
  swipeThresholdPx: 50,
  hotkey: ["F8"],
  label: "Notification",
  viewportMaxWidthPx: 420,
} as const;

export const VIDEO_ASPECT_RATIO = 16 / 9;

export type CensusRegion = "Northeast" | "Midwest" | "South" | "West";

export interface UsState {
  code: string;
  name: string;
  fips: string;
  region: CensusRegion;
}

/** The 50 U.S. states of the wizard's dropdown, with FIPS code and census region. */
export const US_STATES: readonly UsState[] = [
  { code: "AL", name: "Alabama", fips: "01", region: "South" },
  { code: "AK", name: "Alaska", fips: "02", region: "West" },
  { code: "AZ", name: "Arizona", fips: "04", region: "West" },
  { code: "AR", name: "Arkansas", fips: "05", region: "South" },
  { code: "CA", name: "California", fips: "06", region: "West" },
  { code: "CO", name: "Colorado", fips: "08", region: "West" },
  { code: "CT", name: "Connecticut", fips: "09", region: "Northeast" },
  { code: "DE", name: "Delaware", fips: "10", region: "South" },
  { code: "FL", name: "Florida", fips: "12", region: "South" },
  { code: "GA", name: "Georgia", fips: "13", region: "South" },
  { code: "HI", name: "Hawaii", fips: "15", region: "West" },
  { code: "ID", name: "Idaho", fips: "16", region: "West" },
  { code: "IL", name: "Illinois", fips: "17", region: "Midwest" },
  { code: "IN", name: "Indiana", fips: "18", region: "Midwest" },
  { code: "IA", name: "Iowa", fips: "19", region: "Midwest" },
  { code: "KS", name: "Kansas", fips: "20", region: "Midwest" },
  { code: "KY", name: "Kentucky", fips: "21", region: "South" },
  { code: "LA", name: "Louisiana", fips: "22", region: "South" },
  { code: "ME", name: "Maine", fips: "23", region: "Northeast" },
  { code: "MD", name: "Maryland", fips: "24", region: "South" },
  { code: "MA", name: "Massachusetts", fips: "25", region: "Northeast" },
  { code: "MI", name: "Michigan", fips: "26", region: "Midwest" },
  { code: "MN", name: "Minnesota", fips: "27", region: "Midwest" },
  { code: "MS", name: "Mississippi", fips: "28", region: "South" },
  { code: "MO", name: "Missouri", fips: "29", region: "Midwest" },
  { code: "MT", name: "Montana", fips: "30", region: "West" },
  { code: "NE", name: "Nebraska", fips: "31", region: "Midwest" },
  { code: "NV", name: "Nevada", fips: "32", region: "West" },
  { code: "NH", name: "New Hampshire", fips: "33", region: "Northeast" },
  { code: "NJ", name: "New Jersey", fips: "34", region: "Northeast" },
  { code: "NM", name: "New Mexico", fips: "35", region: "West" },
  { code: "NY", name: "New York", fips: "36", region: "Northeast" },
  { code: "NC", name: "North Carolina", fips: "37", region: "South" },
  { code: "ND", name: "North Dakota", fips: "38", region: "Midwest" },
  { code: "OH", name: "Ohio", fips: "39", region: "Midwest" },
  { code: "OK", name: "Oklahoma", fips: "40", region: "South" },
  { code: "OR", name: "Oregon", fips: "41", region: "West" },
  { code: "PA", name: "Pennsylvania", fips: "42", region: "Northeast" },
  { code: "RI", name: "Rhode Island", fips: "44", region: "Northeast" },
  { code: "SC", name: "South Carolina", fips: "45", region: "South" },
  { code: "SD", name: "South Dakota", fips: "46", region: "Midwest" },
  { code: "TN", name: "Tennessee", fips: "47", region: "South" },
  { code: "TX", name: "Texas", fips: "48", region: "South" },
  { code: "UT", name: "Utah", fips: "49", region: "West" },
  { code: "VT", name: "Vermont", fips: "50", region: "Northeast" },
  { code: "VA", name: "Virginia", fips: "51", region: "South" },
  { code: "WA", name: "Washington", fips: "53", region: "West" },
  { code: "WV", name: "West Virginia", fips: "54", region: "South" },
  { code: "WI", name: "Wisconsin", fips: "55", region: "Midwest" },
  { code: "WY", name: "Wyoming", fips: "56", region: "West" },
];

/** Industry options (§3): only HVAC is active; the rest show "Coming Soon". */
export const INDUSTRIES = [
  { id: "HVAC", label: "HVAC", active: true },
  { id: "Plumbing", label: "Plumbing", active: false },
  { id: "Electrical", label: "Electrical", active: false },
  { id: "Roofing", label: "Roofing", active: false },
] as const;

export type IndustryId = (typeof INDUSTRIES)[number]["id"];
export const ACTIVE_INDUSTRIES: readonly IndustryId[] = INDUSTRIES.filter((i) => i.active).map(
  (i) => i.id,
);

/** The header that carries a partner's public key on the widget calls. */
export const PARTNER_KEY_HEADER = "X-BIS-Partner-Key";
/** The header that carries the webhook signature: `t=<unix seconds>,v1=<hex HMAC-SHA256>`. */
export const WEBHOOK_SIGNATURE_HEADER = "X-BIS-Signature";
