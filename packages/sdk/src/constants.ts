/**
 * Business constants and limits of the specification, in one place.
 * Every consumer (server, app, widget, CLI) reads them from here.
 */

export const PRODUCT_NAME = "BIS";

/**
 * Password minimum lengths. The specification's change minimum of 6 is raised to
 * registration's 8: registration, change and reset share the five rules of
 * `registerPasswordSchema`, one password policy. So does first-administrator setup (the
 * specification's 6 is raised likewise: the most powerful account is not the weakest).
 */
export const PASSWORD_MIN_LENGTH = { register: 8, change: 8, adminSetup: 8 } as const;
/** First and last names: at most this many characters, on one line (they go into mails). */
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

/** Toasts: how many at once, how long they stay, how they are dismissed (the specification's settings). */
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

/**
 * The 50 U.S. states and the District of Columbia by code, in the dropdowns' order (the
 * wizard's, the widget's): alphabetical by name.
 */
export const US_STATE_NAMES = {
  AL: "Alabama",
  AK: "Alaska",
  AZ: "Arizona",
  AR: "Arkansas",
  CA: "California",
  CO: "Colorado",
  CT: "Connecticut",
  DE: "Delaware",
  DC: "District of Columbia",
  FL: "Florida",
  GA: "Georgia",
  HI: "Hawaii",
  ID: "Idaho",
  IL: "Illinois",
  IN: "Indiana",
  IA: "Iowa",
  KS: "Kansas",
  KY: "Kentucky",
  LA: "Louisiana",
  ME: "Maine",
  MD: "Maryland",
  MA: "Massachusetts",
  MI: "Michigan",
  MN: "Minnesota",
  MS: "Mississippi",
  MO: "Missouri",
  MT: "Montana",
  NE: "Nebraska",
  NV: "Nevada",
  NH: "New Hampshire",
  NJ: "New Jersey",
  NM: "New Mexico",
  NY: "New York",
  NC: "North Carolina",
  ND: "North Dakota",
  OH: "Ohio",
  OK: "Oklahoma",
  OR: "Oregon",
  PA: "Pennsylvania",
  RI: "Rhode Island",
  SC: "South Carolina",
  SD: "South Dakota",
  TN: "Tennessee",
  TX: "Texas",
  UT: "Utah",
  VT: "Vermont",
  VA: "Virginia",
  WA: "Washington",
  WV: "West Virginia",
  WI: "Wisconsin",
  WY: "Wyoming",
} as const;

export type UsStateCode = keyof typeof US_STATE_NAMES;

/** Each state's (and DC's) FIPS code and census region (place data, keyword regions). */
const STATE_CENSUS_CODES: Record<UsStateCode, readonly [fips: string, region: CensusRegion]> = {
  AL: ["01", "South"],
  AK: ["02", "West"],
  AZ: ["04", "West"],
  AR: ["05", "South"],
  CA: ["06", "West"],
  CO: ["08", "West"],
  CT: ["09", "Northeast"],
  DE: ["10", "South"],
  DC: ["11", "South"],
  FL: ["12", "South"],
  GA: ["13", "South"],
  HI: ["15", "West"],
  ID: ["16", "West"],
  IL: ["17", "Midwest"],
  IN: ["18", "Midwest"],
  IA: ["19", "Midwest"],
  KS: ["20", "Midwest"],
  KY: ["21", "South"],
  LA: ["22", "South"],
  ME: ["23", "Northeast"],
  MD: ["24", "South"],
  MA: ["25", "Northeast"],
  MI: ["26", "Midwest"],
  MN: ["27", "Midwest"],
  MS: ["28", "South"],
  MO: ["29", "Midwest"],
  MT: ["30", "West"],
  NE: ["31", "Midwest"],
  NV: ["32", "West"],
  NH: ["33", "Northeast"],
  NJ: ["34", "Northeast"],
  NM: ["35", "West"],
  NY: ["36", "Northeast"],
  NC: ["37", "South"],
  ND: ["38", "Midwest"],
  OH: ["39", "Midwest"],
  OK: ["40", "South"],
  OR: ["41", "West"],
  PA: ["42", "Northeast"],
  RI: ["44", "Northeast"],
  SC: ["45", "South"],
  SD: ["46", "Midwest"],
  TN: ["47", "South"],
  TX: ["48", "South"],
  UT: ["49", "West"],
  VT: ["50", "Northeast"],
  VA: ["51", "South"],
  WA: ["53", "West"],
  WV: ["54", "South"],
  WI: ["55", "Midwest"],
  WY: ["56", "West"],
};

/**
 * The 50 U.S. states and DC with FIPS code and census region, in the order of US_STATE_NAMES.
 * Built from the two tables above (marked pure): a bundle that needs only the names (the widget,
 * 12 KB budget) leaves the census codes out.
 */
export const US_STATES: readonly UsState[] = /* @__PURE__ */ withCensusCodes(US_STATE_NAMES);

/** The census region of a state by its two-letter code; the South (the largest) when unknown. */
export function censusRegionOf(code: string | undefined): CensusRegion {
  return US_STATES.find((s) => s.code === code)?.region ?? "South";
}

function withCensusCodes(names: typeof US_STATE_NAMES): UsState[] {
  return Object.entries(names).map(([code, name]) => {
    const [fips, region] = STATE_CENSUS_CODES[code as UsStateCode];
    return { code, name, fips, region };
  });
}

export {
  ACTIVE_INDUSTRIES,
  activeIndustryLabels,
  defaultIndustry,
  INDUSTRIES,
  type IndustryHead,
  type IndustryId,
  industryLabel,
  industryOptions,
} from "./industries.js";

/** The header that carries a partner's public key on the widget calls. */
export const PARTNER_KEY_HEADER = "X-BIS-Partner-Key";
/** The header that carries the webhook signature: `t=<unix seconds>,v1=<hex HMAC-SHA256>`. */
export const WEBHOOK_SIGNATURE_HEADER = "X-BIS-Signature";
