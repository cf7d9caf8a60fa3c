/**
 * better-auth (email + password) on the drizzle database. Only the verification link is
 * reachable over HTTP; every other account call goes through BIS's own routes
 * (the specification's /api/auth/* paths) which call `auth.api.*` on the server.
 */
import { API_PREFIX, PASSWORD_MIN_LENGTH } from "@bis/sdk";
import { betterAuth } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import type { Logger } from "pino";
import type { Config } from "../config.js";
import { type Db, tablesOf } from "../db/database.js";
import { dialectOf } from "../db/dialect.js";
import { passwordResetMail } from "../email/account-templates.js";
import type { Mailer } from "../email/mailer.js";
import { existingAccountMail, verificationMail } from "../email/templates.js";
import { revokeAccountLinks } from "./account-links.js";

/** Where the verification link lands: the sign-in page, which forwards a signed-in user on. */
export const VERIFIED_CALLBACK_PATH = "/signin?verified=1";

/** How long a password reset link works. */
export const RESET_PASSWORD_EXPIRES_MINUTES = 30;
/** The app page a reset link opens (`?token=`); it posts the new password to /api/auth/reset-password. */
export const RESET_PASSWORD_PATH = "/reset-password";

export function createAuth({
  config,
  db,
  mailer,
  logger,
}: {
  config: Config;
  db: Db;
  mailer: Mailer;
  logger: Logger;
}) {
  return betterAuth({
    // better-auth's own messages go to the structured log, not the console.
    logger: {
      log: (level, message, ...args) => {
        const fn =
          level === "error"
            ? "error"
            : level === "warn"
              ? "warn"
              : level === "debug"
                ? "debug"
                : "info";
        logger[fn]({ component: "better-auth", args: args.length ? args : undefined }, message);
      },
    },
    appName: "BIS",
    baseURL: config.baseUrl,
    basePath: `${API_PREFIX}/auth`,
    secret: config.secret,
    trustedOrigins: config.trustedOrigins,
    database: drizzleAdapter(db, {
      provider: dialectOf(db).engine === "postgres" ? "pg" : "sqlite",
      schema: tablesOf(db),
    }),
    emailAndPassword: {
      enabled: true,
      requireEmailVerification: true,
      autoSignIn: false,
      // Registration, change and reset enforce the five rules (SDK registerPasswordSchema) first.
      minPasswordLength: PASSWORD_MIN_LENGTH.change,
      maxPasswordLength: 128,
      revokeSessionsOnPasswordReset: true,
      // Forgot password: BIS's /api/auth/forgot-password calls requestPasswordReset;
      // the link opens the app's reset page, which posts to BIS's /api/auth/reset-password.
      resetPasswordTokenExpiresIn: RESET_PASSWORD_EXPIRES_MINUTES * 60,
      sendResetPassword: async ({ user, token }) => {
        // The newest link is the only one: earlier reset links and pending email
        // changes of the account die before the answer (better-auth awaits this and logs errors).
        await revokeAccountLinks(db, user.id, { exceptResetToken: token });
        const url = `${config.baseUrl}${RESET_PASSWORD_PATH}?token=${encodeURIComponent(token)}`;
        // Not awaited: an existing address must answer as fast as an unknown one.
        mailer
          .send(passwordResetMail(user.email, url, RESET_PASSWORD_EXPIRES_MINUTES))
          .catch((error: unknown) =>
            logger.error({ err: error, component: "password-reset" }, "reset mail not sent"),
          );
      },
      onExistingUserSignUp: async ({ user }) => {
        const u = user as { email: string; firstName?: string | null };
        await mailer.send(
          existingAccountMail(u.email, u.firstName ?? null, `${config.baseUrl}/signin`),
        );
      },
    },
    emailVerification: {
      sendOnSignUp: true,
      sendOnSignIn: true,
      autoSignInAfterVerification: true,
      expiresIn: 60 * 60 * 24,
      sendVerificationEmail: async ({ user, url }) => {
        const u = user as { email: string; firstName?: string | null };
        await mailer.send(verificationMail(u.email, u.firstName ?? null, url));
      },
    },
    user: {
      additionalFields: {
        firstName: { type: "string", required: false, input: true },
        lastName: { type: "string", required: false, input: true },
        isAdmin: { type: "boolean", required: false, defaultValue: false, input: false },
      },
    },
    session: {
      expiresIn: 60 * 60 * 24 * 7,
      updateAge: 60 * 60 * 24,
    },
    // BIS rate-limits sign-in itself (express-rate-limit on /api/auth/login).
    rateLimit: { enabled: false },
    advanced: {
      useSecureCookies: config.baseUrl.startsWith("https://"),
      // Keep the origin check on under Vitest too (STACK.md).
      disableOriginCheck: false,
      defaultCookieAttributes: { httpOnly: true, sameSite: "lax" },
    },
    telemetry: { enabled: false },
  });
}

export type Auth = ReturnType<typeof createAuth>;
