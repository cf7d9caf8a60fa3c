/**
 * Personal API tokens (issue "The `bis` command line"): created for a signed-in user, or with
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
  tokenCannotCreateTokens:
    "An API token cannot create API tokens. Sign in, or give your email and password, to create one.",
} as const;

/** Every token starts with this, so a secret scanner (and a person) can recognise it. */
export const API_TOKEN_PREFIX = "bis_";

/** POST /api/tokens: signed in (cookie or token), or with email + password. */
export const createTokenRequestSchema = z
  .object({
    name: z
      .string({ error: TOKEN_MESSAGES.nameRequired })
      .trim()
      .min(1, { error: TOKEN_MESSAGES.nameRequired })
      .max(100, { error: TOKEN_MESSAGES.nameTooLong }),
    email: z.string().trim().toLowerCase().max(254).optional(),
    password: z.string().max(128).optional(),
  })
  .refine((d) => (d.email === undefined) === (d.password === undefined), {
    error: TOKEN_MESSAGES.credentialsTogether,
    path: ["password"],
  });
export type CreateTokenRequest = z.input<typeof createTokenRequestSchema>;

/** A token as listed: never the secret itself. */
export const apiTokenSchema = z.object({
  id: z.string(),
  name: z.string(),
  /** The first characters of the token, to recognise it. */
  prefix: z.string(),
  createdAt: isoDate,
  lastUsedAt: isoDate.nullable(),
  revokedAt: isoDate.nullable(),
  /** True for the token that authenticated this very request. */
  current: z.boolean().optional(),
});
export type ApiToken = z.infer<typeof apiTokenSchema>;

/** The answer to POST /api/tokens: the only time the secret is shown. */
export const createdTokenSchema = apiTokenSchema
  .pick({ id: true, name: true, prefix: true, createdAt: true })
  .extend({ token: z.string() });
export type CreatedToken = z.infer<typeof createdTokenSchema>;
