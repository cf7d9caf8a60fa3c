/**
 * Personal API tokens (for the `bis` command line and scripts): created for a signed-in user, or with
 * email + password; shown once; sent as `Authorization: Bearer bis_…` with the owner's rights.
 *
 * This file stands alone (no import from entities.ts, which re-exports it).
 */
import { z } from "zod";

const isoDate = z.string().describe("ISO 8601 timestamp");

export const TOKEN_MESSAGES = {
  nameRequired: "Token name is required",
  nameTooLong: "Token name must be at most 100 characters",
  credentialsTogether: "Give both email and password, or neither",
  invalidToken: "Invalid or revoked API token",
  expiresInDays: "Token expiry must be a whole number of days from 1 to 365",
  adminTokenMustExpire: "An administrator's API token must expire (at most 365 days)",
  revokedCannotRenew: "A revoked API token cannot be renewed: create a new one",
  tokenCannotCreateTokens:
    "An API token cannot create API tokens. Sign in, or give your email and password, to create one.",
  tokenCannotRenewTokens:
    "An API token cannot renew API tokens. Sign in, or give your email and password, to renew one.",
} as const;

/** Days until a token expires: administrators' by default; at most a year for anyone. */
export const API_TOKEN_EXPIRY = { adminDefaultDays: 90, maxDays: 365 } as const;

/**
 * The 403 of an administrator's token without an expiry (made before its owner became one), or
 * with one further off than an administrator may have: what is wrong and how to fix it.
 */
export function adminTokenWithoutExpiryMessage(id: string, prefix: string): string {
  return `This API token (${prefix}…) does not expire within ${API_TOKEN_EXPIRY.maxDays} days, and an administrator's API token must: renew it with an expiry (bis tokens renew ${id}, or Renew under API Tokens in your profile) or create a new one`;
}

/** The 401 of an expired token: what happened, when, and what to do. */
export function tokenExpiredMessage(expiresAt: string): string {
  return `This API token expired on ${expiresAt.slice(0, 10)}: renew it (bis tokens renew) or sign in again (bis login)`;
}

/**
 * Days until the token expires: 1–365; null never expires (not for administrators). Absent:
 * 90 days for an administrator, never for anyone else.
 */
const expiresInDays = z
  .number({ error: TOKEN_MESSAGES.expiresInDays })
  .int({ error: TOKEN_MESSAGES.expiresInDays })
  .min(1, { error: TOKEN_MESSAGES.expiresInDays })
  .max(API_TOKEN_EXPIRY.maxDays, { error: TOKEN_MESSAGES.expiresInDays })
  .nullable()
  .optional();

/** Every token starts with this, so a secret scanner (and a person) can recognise it. */
export const API_TOKEN_PREFIX = "bis_";

/** Email + password for a terminal without a session: both or neither. */
const credentials = {
  email: z.string().trim().toLowerCase().max(254).optional(),
  password: z.string().max(128).optional(),
};
const bothOrNeither: [
  (d: { email?: string; password?: string }) => boolean,
  { error: string; path: string[] },
] = [
  (d) => (d.email === undefined) === (d.password === undefined),
  { error: TOKEN_MESSAGES.credentialsTogether, path: ["password"] },
];

/** POST /api/tokens: signed in (cookie or token), or with email + password. */
export const createTokenRequestSchema = z
  .object({
    name: z
      .string({ error: TOKEN_MESSAGES.nameRequired })
      .trim()
      .min(1, { error: TOKEN_MESSAGES.nameRequired })
      .max(100, { error: TOKEN_MESSAGES.nameTooLong }),
    ...credentials,
    expiresInDays,
  })
  .refine(...bothOrNeither);
export type CreateTokenRequest = z.input<typeof createTokenRequestSchema>;

/**
 * POST /api/tokens/{id}/renew: the token's expiry moves to `expiresInDays` from now (the same
 * default as at creation). Like creation, it needs a session or email + password, not a token.
 */
export const renewTokenRequestSchema = z
  .object({ ...credentials, expiresInDays })
  .refine(...bothOrNeither);
export type RenewTokenRequest = z.input<typeof renewTokenRequestSchema>;

/** A token as listed: never the secret itself. */
export const apiTokenSchema = z.object({
  id: z.string(),
  name: z.string(),
  /** The first characters of the token, to recognise it. */
  prefix: z.string(),
  createdAt: isoDate,
  lastUsedAt: isoDate.nullable(),
  revokedAt: isoDate.nullable(),
  /** After this the token is refused (401 saying it expired); null: never. */
  expiresAt: isoDate.nullable(),
  /** True for the token that authenticated this very request. */
  current: z.boolean().optional(),
});
export type ApiToken = z.infer<typeof apiTokenSchema>;

/** The answer to POST /api/tokens: the only time the secret is shown. */
export const createdTokenSchema = apiTokenSchema
  .pick({ id: true, name: true, prefix: true, createdAt: true, expiresAt: true })
  .extend({ token: z.string() });
export type CreatedToken = z.infer<typeof createdTokenSchema>;
