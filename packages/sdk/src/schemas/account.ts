/**
 * Account security: changing the sign-in email (confirmed from the new address), recovering a
 * forgotten password, and the signed-in devices. The messages here are the ones the
 * server answers and the app shows.
 */
import { z } from "zod";
import { MESSAGES } from "../messages.js";
import { registerPasswordSchema } from "./forms.js";

export const ACCOUNT_MESSAGES = {
  /** The one answer to a reset request, whether or not the address has an account. */
  resetRequested: "If an account exists for that address, we've sent a link",
  resetInvalidLink: "This password reset link is invalid or has expired. Please ask for a new one.",
  resetDone: "Your password has been reset and you're signed in.",
  emailChangeRequested:
    "Check your inbox: we've sent a confirmation link to the new address. Your email changes when you follow it.",
  emailChangeInvalidLink:
    "This confirmation link is invalid or has expired. Please ask for a new one.",
  emailChanged: "Your email address has been changed.",
  emailUnchanged: "That is already your email address",
  emailChangeNeedsPassword:
    "To change your email address, use Change Email: it needs your current password and a confirmation from the new address.",
  apiTokenNotAllowed:
    "API tokens cannot do this. Sign in to BIS in your browser and try again there.",
  otherSessionsEnded: "Signed out everywhere else",
  newEmailRequired: "Please enter a valid email address",
  tokenRequired: "The link is missing its token",
} as const;

const email = z
  .string({ error: ACCOUNT_MESSAGES.newEmailRequired })
  .trim()
  .toLowerCase()
  .pipe(
    z
      .email({ error: ACCOUNT_MESSAGES.newEmailRequired })
      .max(254, { error: ACCOUNT_MESSAGES.newEmailRequired }),
  );

const currentPassword = z
  .string({ error: MESSAGES.currentPasswordRequired })
  .min(1, { error: MESSAGES.currentPasswordRequired })
  .max(128);

const linkToken = z
  .string({ error: ACCOUNT_MESSAGES.tokenRequired })
  .trim()
  .min(1, { error: ACCOUNT_MESSAGES.tokenRequired })
  .max(200);

/* ------------------------------------------------------------------ email change */

/** POST /api/auth/email-change: the new address and the current password. */
export const emailChangeRequestSchema = z.object({ newEmail: email, currentPassword });
export type EmailChangeRequest = z.input<typeof emailChangeRequestSchema>;
export const emailChangeFormSchema = emailChangeRequestSchema;
export type EmailChangeForm = EmailChangeRequest;

/** POST /api/auth/email-change/confirm: the token of the link mailed to the new address. */
export const emailChangeConfirmSchema = z.object({ token: linkToken });
export type EmailChangeConfirm = z.input<typeof emailChangeConfirmSchema>;

/* ------------------------------------------------------------------ password reset */

/** POST /api/auth/forgot-password. */
export const forgotPasswordRequestSchema = z.object({
  email: z
    .string({ error: MESSAGES.validEmail })
    .trim()
    .toLowerCase()
    .pipe(z.email({ error: MESSAGES.validEmail }).max(254, { error: MESSAGES.validEmail })),
});
export type ForgotPasswordRequest = z.input<typeof forgotPasswordRequestSchema>;

/** POST /api/auth/reset-password: the link's token and a password under registration's rules. */
export const resetPasswordRequestSchema = z.object({
  token: linkToken,
  newPassword: registerPasswordSchema,
});
export type ResetPasswordRequest = z.input<typeof resetPasswordRequestSchema>;

/** The reset form: the new password twice. */
export const resetPasswordFormSchema = z
  .object({
    newPassword: registerPasswordSchema,
    confirmPassword: z
      .string({ error: MESSAGES.confirmPasswordRequired })
      .min(1, { error: MESSAGES.confirmPasswordRequired }),
  })
  .refine((d) => d.newPassword === d.confirmPassword, {
    error: MESSAGES.passwordsDontMatch,
    path: ["confirmPassword"],
    when: (payload) => {
      const v = payload.value as Record<string, unknown> | undefined;
      return typeof v?.newPassword === "string" && typeof v?.confirmPassword === "string";
    },
  });
export type ResetPasswordForm = z.input<typeof resetPasswordFormSchema>;

/* ------------------------------------------------------------------ sessions */

/** One signed-in device, as far as the server knows it (never the session token). */
export const accountSessionSchema = z.object({
  id: z.string(),
  browser: z.string(),
  os: z.string(),
  ipAddress: z.string().nullable(),
  createdAt: z.string(),
  lastActiveAt: z.string(),
  current: z.boolean(),
});
export type AccountSession = z.infer<typeof accountSessionSchema>;

export const accountSessionsResponseSchema = z.object({ sessions: z.array(accountSessionSchema) });

/** POST /api/auth/sessions/revoke-others: how many other sessions ended. */
export const revokeOtherSessionsResponseSchema = z.object({
  message: z.string(),
  revoked: z.number(),
});
