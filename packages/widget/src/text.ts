/**
 * The spec's messages and constants the widget needs, copied from @bis/sdk.
 *
 * Why a copy: every runtime import from `@bis/sdk` (even a constant) pulls zod into the
 * bundle (+22 KB gzipped), because the SDK's browser entry builds its schemas at load.
 * `text.test.ts` fails as soon as a value here drifts from the SDK's.
 */

/** From the SDK's MESSAGES (spec §5). */
export const MESSAGES = {
  enterCity: "Please enter a city",
  selectState: "Please select a state",
  primaryRadiusRange: "Primary radius must be between 1 and 50 miles",
  secondaryRadiusRange: "Secondary radius must be between 1 and 100 miles",
  radiusWholeMiles: "Radius must be a whole number of miles",
  secondaryBelowPrimary: "Secondary radius must be at least the primary radius",
  validEmail: "Valid email is required",
} as const;

/** From the SDK's WIDGET_MESSAGES. */
export const WIDGET_MESSAGES = {
  consentRequired: "Please agree to be contacted",
  nameRequired: "Please enter your name",
  rateLimited: "Too many requests — please try again in a minute.",
  quotaReduced: "This partner's daily analysis limit is reached; showing headline figures.",
} as const;

/** From the SDK's PRIMARY_RADIUS / SECONDARY_RADIUS (spec §9). */
export const PRIMARY_RADIUS = { min: 1, max: 50, default: 10 } as const;
export const SECONDARY_RADIUS = { min: 1, max: 100, default: 15 } as const;

/** From the SDK's INDUSTRIES: only the first is active. */
export const INDUSTRIES = ["HVAC", "Plumbing", "Electrical", "Roofing"] as const;

/** The SDK's PARTNER_KEY_HEADER. */
export const PARTNER_KEY_HEADER = "X-BIS-Partner-Key";

/** The SDK's US_STATES as "code:name" pairs (one string keeps the bundle small). */
const STATES_TEXT =
  "AL:Alabama,AK:Alaska,AZ:Arizona,AR:Arkansas,CA:California,CO:Colorado,CT:Connecticut," +
  "DE:Delaware,FL:Florida,GA:Georgia,HI:Hawaii,ID:Idaho,IL:Illinois,IN:Indiana,IA:Iowa," +
  "KS:Kansas,KY:Kentucky,LA:Louisiana,ME:Maine,MD:Maryland,MA:Massachusetts,MI:Michigan," +
  "MN:Minnesota,MS:Mississippi,MO:Missouri,MT:Montana,NE:Nebraska,NV:Nevada," +
  "NH:New Hampshire,NJ:New Jersey,NM:New Mexico,NY:New York,NC:North Carolina," +
  "ND:North Dakota,OH:Ohio,OK:Oklahoma,OR:Oregon,PA:Pennsylvania,RI:Rhode Island," +
  "SC:South Carolina,SD:South Dakota,TN:Tennessee,TX:Texas,UT:Utah,VT:Vermont,VA:Virginia," +
  "WA:Washington,WV:West Virginia,WI:Wisconsin,WY:Wyoming";

/** [code, name] of the 50 states, in the SDK's order. */
export const US_STATES = STATES_TEXT.split(",").map((s) => s.split(":") as [string, string]);
