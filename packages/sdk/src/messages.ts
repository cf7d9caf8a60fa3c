/**
 * The specification's form messages (§5) and the widget's, without zod: the form schemas use
 * them, and the widget bundles them through the `@bis/sdk/constants` entry.
 */
import { NAME_MAX_LENGTH, PRIMARY_RADIUS, SECONDARY_RADIUS } from "./constants.js";

export const MESSAGES = {
  firstNameRequired: "First name is required",
  lastNameRequired: "Last name is required",
  nameTooLong: `Name must be at most ${NAME_MAX_LENGTH} characters`,
  nameOneLine: "Name must be on one line",
  validEmail: "Valid email is required",
  profileEmail: "Please enter a valid email address",
  passwordMin8: "Password must be at least 8 characters",
  passwordUppercase: "Password must contain at least one uppercase letter",
  passwordLowercase: "Password must contain at least one lowercase letter",
  passwordNumber: "Password must contain at least one number",
  passwordSpecial: "Password must contain at least one special character",
  passwordsDontMatch: "Passwords don't match",
  passwordRequired: "Password is required",
  currentPasswordRequired: "Current password is required",
  passwordMin6: "Password must be at least 6 characters",
  confirmPasswordRequired: "Please confirm your password",
  usernameMustBeEmail: "Username must be the email address",
  selectState: "Please select a state",
  enterCity: "Please enter a city",
  selectIndustry: "Please select an industry",
  industryComingSoon: "This industry is coming soon: only HVAC can be analyzed today",
  primaryRadiusRange: `Primary radius must be between ${PRIMARY_RADIUS.min} and ${PRIMARY_RADIUS.max} miles`,
  secondaryRadiusRange: `Secondary radius must be between ${SECONDARY_RADIUS.min} and ${SECONDARY_RADIUS.max} miles`,
  radiusWholeMiles: "Radius must be a whole number of miles",
  secondaryBelowPrimary: "Secondary radius must be at least the primary radius",
} as const;

export const WIDGET_MESSAGES = {
  consentRequired: "Please agree to be contacted",
  nameRequired: "Please enter your name",
  rateLimited: "Too many requests — please try again in a minute.",
  quotaReduced: "This partner's daily analysis limit is reached; showing headline figures.",
  missingKey: "A partner key is required (X-BIS-Partner-Key header).",
  unknownKey: "This partner key is unknown or has been revoked.",
  originNotAllowed: "This website is not on the partner's list of allowed origins.",
  missingOrigin: "The widget can only be used from a web page (Origin header required).",
} as const;
