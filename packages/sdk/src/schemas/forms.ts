/**
 * Validation of every form of the specification with its exact messages, and the
 * request payloads the server validates with the same rules (a request is a form minus
 * its client-only fields).
 */
import { z } from "zod";
import {
  ACTIVE_INDUSTRIES,
  INDUSTRIES,
  NAME_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  PRIMARY_RADIUS,
  SECONDARY_RADIUS,
} from "../constants.js";
import { MESSAGES } from "../messages.js";

/** Line breaks, tabs and other control or invisible format characters, line and paragraph separators. */
const NOT_ONE_LINE = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/u;

/**
 * A first or last name: one line, at most NAME_MAX_LENGTH characters. Names go into mail
 * greetings and page headers; a line break there would let anyone write text of their own
 * into a mail BIS sends.
 */
const personName = (message: string) =>
  z
    .string({ error: message })
    .trim()
    .min(1, { error: message })
    .refine((v) => !NOT_ONE_LINE.test(v), { error: MESSAGES.nameOneLine })
    .max(NAME_MAX_LENGTH, { error: MESSAGES.nameTooLong });

const email = (message: string) =>
  z
    .string({ error: message })
    .trim()
    .toLowerCase()
    .pipe(z.email({ error: message }).max(254, { error: message }));

/**
 * The five password rules of registration, each with its own message, in the spec's order:
 * BIS's one password policy, for registration, password change and reset.
 */
export const registerPasswordSchema = z
  .string({ error: MESSAGES.passwordMin8 })
  .min(PASSWORD_MIN_LENGTH.register, { error: MESSAGES.passwordMin8 })
  .max(128, { error: "Password must be at most 128 characters" })
  .regex(/[A-Z]/, { error: MESSAGES.passwordUppercase })
  .regex(/[a-z]/, { error: MESSAGES.passwordLowercase })
  .regex(/[0-9]/, { error: MESSAGES.passwordNumber })
  .regex(/[^A-Za-z0-9]/, { error: MESSAGES.passwordSpecial });

/** The five rules in one sentence, shown under every new-password field. */
export const PASSWORD_RULES_HINT =
  "At least 8 characters, with an uppercase and a lowercase letter, a number and a special character.";

/**
 * Runs a match check as soon as both fields are strings, even while other fields fail
 * (zod skips object refinements after field errors otherwise). With `filled`, an empty
 * confirmation is left to its own "required" message.
 */
function bothStrings(a: string, b: string, filled = false) {
  return (payload: { value: unknown }) => {
    const v = payload.value as Record<string, unknown> | undefined;
    const x = v?.[a];
    const y = v?.[b];
    return typeof x === "string" && typeof y === "string" && (!filled || y.length > 0);
  };
}

/* ------------------------------------------------------------------ register */

export const registerFormSchema = z
  .object({
    firstName: personName(MESSAGES.firstNameRequired),
    lastName: personName(MESSAGES.lastNameRequired),
    email: email(MESSAGES.validEmail),
    password: registerPasswordSchema,
    confirmPassword: z.string({ error: MESSAGES.passwordsDontMatch }),
  })
  .refine((d) => d.password === d.confirmPassword, {
    error: MESSAGES.passwordsDontMatch,
    path: ["confirmPassword"],
    when: bothStrings("password", "confirmPassword"),
  });
export type RegisterForm = z.input<typeof registerFormSchema>;

/** POST /api/auth/register: the form without confirmPassword, plus `username` = email. */
export const registerRequestSchema = z
  .object({
    firstName: personName(MESSAGES.firstNameRequired),
    lastName: personName(MESSAGES.lastNameRequired),
    email: email(MESSAGES.validEmail),
    password: registerPasswordSchema,
    username: z.string().trim().toLowerCase().optional(),
    /**
     * The partner key (pk_…) of the widget the user came from (`/register?ref=`): the user then
     * reports under that partner's brand. Unknown or malformed keys are ignored, never an error.
     */
    ref: z.string().trim().max(100).optional().catch(undefined),
  })
  .refine((d) => d.username === undefined || d.username === d.email, {
    error: MESSAGES.usernameMustBeEmail,
    path: ["username"],
  });
export type RegisterRequest = z.input<typeof registerRequestSchema>;

/** Builds the registration payload from the form: drops confirmPassword, adds username. */
export function toRegisterRequest(form: RegisterForm): RegisterRequest {
  const { confirmPassword: _dropped, ...rest } = form;
  return {
    ...rest,
    email: rest.email.trim().toLowerCase(),
    username: rest.email.trim().toLowerCase(),
  };
}

/* ------------------------------------------------------------------ sign in */

export const signInFormSchema = z.object({
  email: email(MESSAGES.validEmail),
  password: z
    .string({ error: MESSAGES.passwordRequired })
    .min(1, { error: MESSAGES.passwordRequired })
    .max(128),
});
export type SignInForm = z.input<typeof signInFormSchema>;
export const loginRequestSchema = signInFormSchema;
export type LoginRequest = SignInForm;

/* ------------------------------------------------------------------ profile */

export const profileFormSchema = z.object({
  firstName: personName(MESSAGES.firstNameRequired),
  lastName: personName(MESSAGES.lastNameRequired),
  email: email(MESSAGES.profileEmail),
});
export type ProfileForm = z.input<typeof profileFormSchema>;
export const profileRequestSchema = profileFormSchema;
export type ProfileRequest = ProfileForm;

/* ------------------------------------------------------------------ password change */

export const passwordChangeFormSchema = z
  .object({
    currentPassword: z
      .string({ error: MESSAGES.currentPasswordRequired })
      .min(1, { error: MESSAGES.currentPasswordRequired }),
    newPassword: registerPasswordSchema,
    confirmPassword: z
      .string({ error: MESSAGES.confirmPasswordRequired })
      .min(1, { error: MESSAGES.confirmPasswordRequired }),
  })
  .refine((d) => d.newPassword === d.confirmPassword, {
    error: MESSAGES.passwordsDontMatch,
    path: ["confirmPassword"],
    when: bothStrings("newPassword", "confirmPassword", true),
  });
export type PasswordChangeForm = z.input<typeof passwordChangeFormSchema>;

/**
 * The answer to a password change (`message`), shown under the "Password changed" toast:
 * the other sessions end, and so do the personal API tokens.
 */
export function passwordChangedMessage(revokedTokens: number): string {
  if (revokedTokens === 0)
    return "Your password has been updated and you were signed out on your other devices.";
  const tokens =
    revokedTokens === 1
      ? "your API token was revoked"
      : `your ${revokedTokens} API tokens were revoked`;
  return `Your password has been updated, you were signed out on your other devices, and ${tokens}: create new ones where you need them.`;
}

/** PUT /api/auth/password: the new password under registration's rules. */
export const passwordChangeRequestSchema = z.object({
  currentPassword: z
    .string({ error: MESSAGES.currentPasswordRequired })
    .min(1, { error: MESSAGES.currentPasswordRequired }),
  newPassword: registerPasswordSchema,
});
export type PasswordChangeRequest = z.input<typeof passwordChangeRequestSchema>;

/* ------------------------------------------------------------------ admin setup */

/**
 * The first administrator's password follows registration's rules, not the
 * specification's 6 characters: the most powerful account is not the weakest.
 */
export const adminSetupFormSchema = z.object({
  email: email(MESSAGES.validEmail),
  password: registerPasswordSchema,
  firstName: personName(MESSAGES.firstNameRequired),
  lastName: personName(MESSAGES.lastNameRequired),
});
export type AdminSetupForm = z.input<typeof adminSetupFormSchema>;
export const adminSetupRequestSchema = adminSetupFormSchema;
export type AdminSetupRequest = AdminSetupForm;

/* ------------------------------------------------------------------ market analysis */

const radius = (range: { min: number; max: number }, message: string) =>
  z.coerce
    .number({ error: message })
    .int({ error: MESSAGES.radiusWholeMiles })
    .min(range.min, { error: message })
    .max(range.max, { error: message });

const industryIds = INDUSTRIES.map((i) => i.id) as [string, ...string[]];

export const marketAnalysisFormSchema = z
  .object({
    state: z.string({ error: MESSAGES.selectState }).trim().min(1, { error: MESSAGES.selectState }),
    city: z
      .string({ error: MESSAGES.enterCity })
      .trim()
      .min(1, { error: MESSAGES.enterCity })
      .max(100, { error: "City name must be at most 100 characters" }),
    industry: z
      .string({ error: MESSAGES.selectIndustry })
      .min(1, { error: MESSAGES.selectIndustry })
      .refine((v) => industryIds.includes(v), { error: MESSAGES.selectIndustry })
      .refine((v) => (ACTIVE_INDUSTRIES as readonly string[]).includes(v), {
        error: MESSAGES.industryComingSoon,
      }),
    primaryRadius: radius(PRIMARY_RADIUS, MESSAGES.primaryRadiusRange),
    secondaryRadius: radius(SECONDARY_RADIUS, MESSAGES.secondaryRadiusRange),
  })
  .refine((d) => d.secondaryRadius >= d.primaryRadius, {
    error: MESSAGES.secondaryBelowPrimary,
    path: ["secondaryRadius"],
  });
export type MarketAnalysisForm = z.input<typeof marketAnalysisFormSchema>;
/** Overrides of the market model's assumptions, by key (see the result's `assumptions`). */
export const assumptionOverridesSchema = z.record(
  z.string().max(80),
  z.number({ error: "Assumption values must be numbers" }).finite(),
);

/** POST /api/market-analysis/analyze: the form, plus optional assumption overrides. */
export const analyzeRequestSchema = marketAnalysisFormSchema.and(
  z.object({ assumptions: assumptionOverridesSchema.optional() }),
);
export type AnalyzeRequest = z.input<typeof analyzeRequestSchema>;
export type AnalyzeInput = z.output<typeof analyzeRequestSchema>;

/**
 * DELETE /api/analyses/{id}?ifUnpaid=true: delete only while the analysis is unpaid (a paid one
 * answers 409 and stays) — how the wizard replaces the draft it just made.
 */
export const deleteAnalysisQuerySchema = z.object({
  ifUnpaid: z.enum(["true", "false"]).optional(),
});
export type DeleteAnalysisQuery = z.input<typeof deleteAnalysisQuerySchema>;

/** The 409 message when `ifUnpaid` meets a paid analysis. */
export const PAID_ANALYSIS_KEPT_MESSAGE = "This analysis is paid for, so it was not deleted";

/** PUT /api/analyses/{id}/assumptions: re-run the market analysis with these overrides. */
export const rerunRequestSchema = z.object({ assumptions: assumptionOverridesSchema });
export type RerunRequest = z.input<typeof rerunRequestSchema>;
