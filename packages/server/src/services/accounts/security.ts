/**
 * Account security: changing the sign-in email, recovering a forgotten password,
 * and the signed-in devices.
 *
 * - Email change needs the current password in a signed-in session (never an API token). It
 *   mails a single-use, expiring link to the new address and a notice to the current one; the
 *   email changes only when the link is followed. Whether the new address already has an
 *   account never shows in the answer: then nothing changes and that address' owner is told.
 * - Password reset is better-auth's (requestPasswordReset / resetPassword, single-use expiring
 *   token), under registration's password rules; a reset ends every session, revokes every API
 *   token, counts as proof of the address, and signs the user in on the device that reset.
 * - Every link dies with the state it was issued for (auth/account-links.ts): a new
 *   reset link, a completed reset, a password change or an email change revokes the account's
 *   other reset and email-change links, and a confirmation re-checks the password it was
 *   requested under.
 */
import { randomBytes } from "node:crypto";
import {
  ACCOUNT_MESSAGES,
  type AccountSession,
  type EmailChangeConfirm,
  type EmailChangeRequest,
  type MessageResponse,
  type ResetPasswordRequest,
  type User,
} from "@bis/sdk";
import { APIError } from "better-auth/api";
import { and, eq, ne } from "drizzle-orm";
import {
  EMAIL_CHANGE_LINK_PREFIX,
  type EmailChangeLink,
  parseEmailChangeLink,
  passwordFingerprint,
  RESET_LINK_PREFIX,
  revokeAccountLinks,
} from "../../auth/account-links.js";
import type { Auth } from "../../auth/auth.js";
import type { Config } from "../../config.js";
import type { Db } from "../../db/database.js";
import { tablesOf } from "../../db/database.js";
import {
  emailChangeConfirmMail,
  emailChangeNoticeMail,
  emailTakenNoticeMail,
} from "../../email/account-templates.js";
import type { Mailer } from "../../email/mailer.js";
import { AppError } from "../../lib/errors.js";
import type { AccountService } from "./index.js";
import { parseUserAgent } from "./user-agent.js";

/** How long an email-change confirmation link works. */
export const EMAIL_CHANGE_EXPIRES_HOURS = 24;
/** The app page a confirmation link opens (`?token=`). */
export const CONFIRM_EMAIL_PATH = "/confirm-email";

interface Deps {
  config: Config;
  db: Db;
  auth: Auth;
  mailer: Mailer;
  accounts: AccountService;
  tokens: { revokeAllTokens(userId: string): Promise<number> };
}

export function createAccountSecurityService({ config, db, auth, mailer, accounts, tokens }: Deps) {
  const { user: userTable } = tablesOf(db);
  const signInUrl = `${config.baseUrl}/signin`;

  /** The stored hash of the user's password, or null (no password account). */
  async function passwordHash(userId: string): Promise<string | null> {
    const ctx = await auth.$context;
    const account = await ctx.internalAdapter.findCredentialAccount(userId);
    return account?.password ?? null;
  }

  async function passwordMatches(userId: string, password: string): Promise<boolean> {
    const hash = await passwordHash(userId);
    if (!hash) return false;
    const ctx = await auth.$context;
    return ctx.password.verify({ hash, password });
  }

  async function emailTaken(email: string, exceptUserId: string): Promise<boolean> {
    const [other] = await db
      .select({ id: userTable.id })
      .from(userTable)
      .where(and(eq(userTable.email, email), ne(userTable.id, exceptUserId)));
    return other !== undefined;
  }

  /** The better-auth session behind these headers (not the API token, not a cache). */
  async function sessionOf(headers: Headers) {
    const result = await auth.api.getSession({ headers, query: { disableCookieCache: true } });
    if (!result) throw new AppError("SESSION_REQUIRED");
    return result;
  }

  return {
    /**
     * Starts an email change: checks the current password, mails the link to the new address
     * and a notice to the current one. The same answer whether or not the address is taken.
     */
    async requestEmailChange(
      actor: User,
      input: EmailChangeRequest,
      viaApiToken: boolean,
    ): Promise<MessageResponse> {
      if (viaApiToken)
        throw new AppError("API_TOKEN_NOT_ALLOWED", ACCOUNT_MESSAGES.apiTokenNotAllowed);
      const newEmail = input.newEmail.trim().toLowerCase();
      if (!(await passwordMatches(actor.id, input.currentPassword)))
        throw new AppError("PASSWORD_INCORRECT");
      if (newEmail === actor.email.toLowerCase())
        throw new AppError("VALIDATION_FAILED", ACCOUNT_MESSAGES.emailUnchanged);

      if (await emailTaken(newEmail, actor.id)) {
        await mailer.send(emailTakenNoticeMail(newEmail, signInUrl));
      } else {
        const ctx = await auth.$context;
        const token = randomBytes(24).toString("base64url");
        // One pending email change at a time: a new request replaces the earlier link.
        await revokeAccountLinks(db, actor.id, { reset: false });
        const link: EmailChangeLink = {
          userId: actor.id,
          from: actor.email,
          to: newEmail,
          password: passwordFingerprint(await passwordHash(actor.id)),
        };
        await ctx.internalAdapter.createVerificationValue({
          identifier: `${EMAIL_CHANGE_LINK_PREFIX}${token}`,
          value: JSON.stringify(link),
          expiresAt: new Date(Date.now() + EMAIL_CHANGE_EXPIRES_HOURS * 3_600_000),
        });
        const url = `${config.baseUrl}${CONFIRM_EMAIL_PATH}?token=${encodeURIComponent(token)}`;
        await mailer.send(emailChangeConfirmMail(newEmail, url, EMAIL_CHANGE_EXPIRES_HOURS));
      }
      await mailer.send(emailChangeNoticeMail(actor.email, newEmail, signInUrl));
      return { message: ACCOUNT_MESSAGES.emailChangeRequested };
    },

    /**
     * Follows a confirmation link: once, before it expires, only while the password is the one
     * it was requested under, and only if the address is still free. The change revokes every
     * other reset and email-change link of the account.
     */
    async confirmEmailChange(input: EmailChangeConfirm): Promise<MessageResponse> {
      const ctx = await auth.$context;
      const found = await ctx.internalAdapter.consumeVerificationValue(
        `${EMAIL_CHANGE_LINK_PREFIX}${input.token.trim()}`,
      );
      const invalid = new AppError(
        "EMAIL_CHANGE_LINK_INVALID",
        ACCOUNT_MESSAGES.emailChangeInvalidLink,
      );
      const change = found ? parseEmailChangeLink(found.value) : null;
      if (!change) throw invalid;
      const row = await accounts.findById(change.userId);
      // The account changed its address or its password since (or is gone), or the new address
      // was taken meanwhile.
      if (
        !row ||
        row.email !== change.from ||
        passwordFingerprint(await passwordHash(change.userId)) !== change.password ||
        (await emailTaken(change.to, change.userId))
      )
        throw invalid;
      try {
        await db
          .update(userTable)
          .set({ email: change.to, emailVerified: true, updatedAt: new Date() })
          .where(and(eq(userTable.id, change.userId), eq(userTable.email, change.from)));
      } catch (error) {
        // The unique index on email: someone registered the address a moment ago.
        throw new AppError("EMAIL_CHANGE_LINK_INVALID", ACCOUNT_MESSAGES.emailChangeInvalidLink, {
          cause: error,
        });
      }
      // Links mailed to the former address, and other pending changes, die with it.
      await revokeAccountLinks(db, change.userId);
      accounts.userChanged(change.userId);
      return { message: ACCOUNT_MESSAGES.emailChanged };
    },

    /** Mails a reset link if the address has an account; the answer never says which. */
    async forgotPassword(email: string, headers: Headers): Promise<MessageResponse> {
      await auth.api.requestPasswordReset({ body: { email }, headers });
      return { message: ACCOUNT_MESSAGES.resetRequested };
    },

    /**
     * Sets a new password from a reset link, ends every session, API token and other account
     * link of the user,
     * marks the address verified (the link proved it), and signs in on this device.
     */
    async resetPassword(
      input: ResetPasswordRequest,
      headers: Headers,
    ): Promise<{ user: User; cookies: string[] }> {
      const ctx = await auth.$context;
      const token = input.token.trim();
      const pending = await ctx.internalAdapter.findVerificationValue(
        `${RESET_LINK_PREFIX}${token}`,
      );
      const invalid = new AppError("RESET_LINK_INVALID", ACCOUNT_MESSAGES.resetInvalidLink);
      if (!pending || pending.expiresAt < new Date()) throw invalid;
      try {
        await auth.api.resetPassword({ body: { token, newPassword: input.newPassword } });
      } catch (error) {
        if (error instanceof APIError && error.statusCode === 400) throw invalid;
        throw error;
      }
      const userId = pending.value;
      // Every other reset link and pending email change dies with the old password.
      await revokeAccountLinks(db, userId);
      await tokens.revokeAllTokens(userId);
      await db
        .update(userTable)
        .set({ emailVerified: true, updatedAt: new Date() })
        .where(eq(userTable.id, userId));
      accounts.userChanged(userId);
      const row = await accounts.findById(userId);
      if (!row) throw invalid;
      return accounts.login({ email: row.email, password: input.newPassword }, headers);
    },

    /** The caller's signed-in devices, newest activity first; `current` is this one. */
    async listSessions(headers: Headers): Promise<AccountSession[]> {
      const { session } = await sessionOf(headers);
      const ctx = await auth.$context;
      const now = new Date();
      const rows = await ctx.internalAdapter.listSessions(session.userId);
      return rows
        .filter((s) => s.expiresAt > now)
        .sort((a, b) => b.updatedAt.getTime() - a.updatedAt.getTime())
        .map((s) => ({
          id: s.id,
          ...parseUserAgent(s.userAgent),
          ipAddress: s.ipAddress || null,
          createdAt: s.createdAt.toISOString(),
          lastActiveAt: s.updatedAt.toISOString(),
          current: s.id === session.id,
        }));
    },

    /** Signs out every other device of the caller; answers how many were signed out. */
    async revokeOtherSessions(headers: Headers): Promise<{ message: string; revoked: number }> {
      const before = await this.listSessions(headers);
      const { session } = await sessionOf(headers);
      await auth.api.revokeOtherSessions({ headers });
      accounts.userChanged(session.userId);
      return {
        message: ACCOUNT_MESSAGES.otherSessionsEnded,
        revoked: before.filter((s) => !s.current).length,
      };
    },
  };
}

export type AccountSecurityService = ReturnType<typeof createAccountSecurityService>;
