/**
 * The specification's form messages and the widget's, without zod: the form schemas use
 * them, and the widget bundles them through the `@bis/sdk/constants` entry. Messages are
 * grouped by field (names, email, password, service area) and by audience (what the widget
 * shows, why the server refuses it); MESSAGES and WIDGET_MESSAGES hold every group by name.
 * The widget imports the groups it shows, so its bundle (12 KB budget) carries only those.
 */
import { NAME_MAX_LENGTH, PRIMARY_RADIUS, SECONDARY_RADIUS } from "./constants.js";
import { activeIndustryLabels } from "./industries.js";

/** First and last names (registration, profile, first-administrator setup). */
export const NAME_MESSAGES = {
  firstNameRequired: "First name is required",
  lastNameRequired: "Last name is required",
  nameTooLong: `Name must be at most ${NAME_MAX_LENGTH} characters`,
  nameOneLine: "Name must be on one line",
} as const;

/** An email address that is not one (its own constant: the widget's lead form needs only it). */
export const VALID_EMAIL_MESSAGE = "Valid email is required";

/** Email addresses (registration, profile, sign-in, the widget's lead form). */
export const EMAIL_MESSAGES = {
  validEmail: VALID_EMAIL_MESSAGE,
  profileEmail: "Please enter a valid email address",
  usernameMustBeEmail: "Username must be the email address",
} as const;

/** Passwords (registration, change, reset, first-administrator setup). */
export const PASSWORD_MESSAGES = {
  passwordMin8: "Password must be at least 8 characters",
  passwordUppercase: "Password must contain at least one uppercase letter",
  passwordLowercase: "Password must contain at least one lowercase letter",
  passwordNumber: "Password must contain at least one number",
  passwordSpecial: "Password must contain at least one special character",
  passwordsDontMatch: "Passwords don't match",
  passwordRequired: "Password is required",
  currentPasswordRequired: "Current password is required",
  confirmPasswordRequired: "Please confirm your password",
} as const;

/** The service area (the wizard's form and the widget's). */
export const AREA_MESSAGES = {
  selectState: "Please select a state",
  enterCity: "Please enter a city",
  selectIndustry: "Please select an industry",
  industryComingSoon: `This industry is coming soon: only ${/* @__PURE__ */ activeIndustryLabels()} can be analyzed today`,
  primaryRadiusRange: `Primary radius must be between ${PRIMARY_RADIUS.min} and ${PRIMARY_RADIUS.max} miles`,
  secondaryRadiusRange: `Secondary radius must be between ${SECONDARY_RADIUS.min} and ${SECONDARY_RADIUS.max} miles`,
  radiusWholeMiles: "Radius must be a whole number of miles",
  secondaryBelowPrimary: "Secondary radius must be at least the primary radius",
} as const;

/**
 * Every form message of the specification, by name: the groups above in one object. The
 * groups let a bundle that shows a few forms (the widget) carry only their messages; the call
 * is marked pure so that such a bundle drops this object.
 */
export const MESSAGES = /* @__PURE__ */ Object.assign(
  {},
  NAME_MESSAGES,
  EMAIL_MESSAGES,
  PASSWORD_MESSAGES,
  AREA_MESSAGES,
);

/** What the widget itself shows (its lead form, its notices). */
export const WIDGET_UI_MESSAGES = {
  consentRequired: "Please agree to be contacted",
  nameRequired: "Please enter your name",
  rateLimited: "Too many requests — please try again in a minute.",
  quotaReduced: "This partner's daily analysis limit is reached; showing headline figures.",
} as const;

/** Why the server refuses a widget call (partner key and page origin). */
export const PARTNER_ACCESS_MESSAGES = {
  missingKey: "A partner key is required (X-BIS-Partner-Key header).",
  unknownKey: "This partner key is unknown or has been revoked.",
  originNotAllowed: "This website is not on the partner's list of allowed origins.",
  missingOrigin: "The widget can only be used from a web page (Origin header required).",
} as const;

/** Every widget message: the two groups above in one object (pure, as MESSAGES). */
export const WIDGET_MESSAGES = /* @__PURE__ */ Object.assign(
  {},
  WIDGET_UI_MESSAGES,
  PARTNER_ACCESS_MESSAGES,
);
