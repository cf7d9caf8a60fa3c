/**
 * Accounts: registration, sign-in and -out, profile, password, and the first administrator.
 * Routes call these; this is the only module that talks to better-auth and the user table.
 */
import {
  ACCOUNT_MESSAGES,
  type AdminSetupRequest,
  type LoginRequest,
  type PasswordChangeRequest,
  type ProfileRequest,
  passwordChangedMessage,
  type RegisterResponse,
  type registerRequestSchema,
  type User,
} from "@bis/sdk";
import { APIError } from "better-auth/api";
import { and, eq, gt, lt, sql } from "drizzle-orm";
import type { z } from "zod";
import { revokeAccountLinks } from "../../auth/account-links.js";
import { type Auth, VERIFIED_CALLBACK_PATH } from "../../auth/auth.js";
import { cookieValue, createSessionCache } from "../../auth/session-cache.js";
import type { Db } from "../../db/database.js";
import { type Tables, tablesOf } from "../../db/database.js";
import { dialectOf } from "../../db/dialect.js";
import { AppError } from "../../lib/errors.js";

type UserRow = Tables["user"]["$inferSelect"];
type RegisterInput = z.output<typeof registerRequestSchema>;

export const REGISTRATION_MESSAGE =
  "Registration successful! Please check your email and click the verification link to activate your account.";

export function toUserDto(row: UserRow): User {
  return {
    id: row.id,
    email: row.email,
    firstName: row.firstName ?? null,
    lastName: row.lastName ?? null,
    isAdmin: row.isAdmin,
    profileImageUrl: row.image ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

/** A better-auth failure in BIS's vocabulary. Unexpected ones are rethrown (→ 500). */
function fromAuthError(error: unknown): never {
  if (!(error instanceof APIError)) throw error;
  const body = (error.body ?? {}) as { code?: string; message?: string };
  const message = body.message ?? error.message;
  switch (body.code) {
    case "INVALID_EMAIL_OR_PASSWORD":
      throw new AppError("INVALID_CREDENTIALS", "Invalid email or password", { cause: error });
    case "EMAIL_NOT_VERIFIED":
      throw new AppError(
        "EMAIL_NOT_VERIFIED",
        "Please verify your email address before signing in. We have sent you a new verification link.",
        { cause: error },
      );
    case "INVALID_PASSWORD":
      throw new AppError("PASSWORD_INCORRECT", undefined, { cause: error });
    case "PASSWORD_TOO_SHORT":
    case "PASSWORD_TOO_LONG":
    case "INVALID_EMAIL":
      throw new AppError("VALIDATION_FAILED", message, { cause: error });
  }
  const status = error.statusCode;
  if (status === 401) throw new AppError("SESSION_REQUIRED", undefined, { cause: error });
  if (status === 403) throw new AppError("FORBIDDEN", message, { cause: error });
  if (status === 429) throw new AppError("RATE_LIMITED", message, { cause: error });
  if (status >= 400 && status < 500) throw new AppError("BAD_REQUEST", message, { cause: error });
  throw error;
}

/**
 * better-auth's email sign-in, as sign-in and the credential check of token creation both ask
 * it: the callback is the link an unverified user gets afresh.
 */
function signInRequest(input: LoginRequest, headers: Headers) {
  return {
    body: { email: input.email, password: input.password, callbackURL: VERIFIED_CALLBACK_PATH },
    headers,
  };
}

function setCookies(headers: Headers | undefined): string[] {
  return headers?.getSetCookie() ?? [];
}

/**
 * Resolves and revokes personal API tokens (services/accounts/tokens.ts); kept apart so accounts need
 * no token table.
 */
export interface TokenResolver {
  /**
   * The token's owner; `expiredAt` for a token past its expiry; `forbidden` (the 403's message)
   * for an administrator's token that breaks the administrators' expiry rule; null when unknown
   * or revoked.
   */
  resolve(bearer: string): Promise<TokenResolution | null>;
  /** Revokes every live token of the user; answers how many. */
  revokeAllTokens(userId: string): Promise<number>;
}

export type TokenResolution =
  | { user: User; tokenId: string }
  | { expiredAt: Date }
  | { forbidden: string };

/** The key of the row that lets one first-administrator setup run at a time (any instance). */
const ADMIN_SETUP_CLAIM = "bis:first-admin-setup";
/** A setup claim older than this was left by a setup that crashed: it may be taken over. */
const ADMIN_SETUP_CLAIM_MS = 2 * 60_000;

export interface AccountHooks {
  /**
   * After a registration call, with the request and the moment it started (the widget's `ref`
   * links the new account to its partner's brand). An existing address runs it too: the hook
   * decides from `since` whether an account was created.
   */
  onRegistered?: (input: RegisterInput, since: Date) => Promise<void>;
}

export function createAccountService({
  db,
  auth,
  tokens,
  hooks = {},
}: {
  db: Db;
  auth: Auth;
  tokens?: TokenResolver;
  hooks?: AccountHooks;
}) {
  const { appSetting, session: sessionTable, user: userTable } = tablesOf(db);
  const { timestampParam } = dialectOf(db);
  async function findById(id: string): Promise<UserRow | undefined> {
    const [row] = await db.select().from(userTable).where(eq(userTable.id, id));
    return row;
  }

  async function requireUserRow(id: string): Promise<UserRow> {
    const row = await findById(id);
    if (!row) throw new AppError("SESSION_REQUIRED");
    return row;
  }

  // Every signed-in request runs this: prepared once.
  const liveSessionUser = db
    .select({ user: userTable })
    .from(sessionTable)
    .innerJoin(userTable, eq(sessionTable.userId, userTable.id))
    .where(
      and(
        eq(sessionTable.token, sql.placeholder("token")),
        gt(sessionTable.expiresAt, sql.placeholder("now")),
      ),
    )
    .prepare("live_session_user");
  /** Session cookie values better-auth verified lately (never a value it did not check). */
  const verifiedCookies = createSessionCache();

  /**
   * First-administrator setup runs once across every instance: it claims a row keyed
   * ADMIN_SETUP_CLAIM (primary key, so one insert wins) before it checks and creates. A claim
   * left by a setup that crashed is taken over after ADMIN_SETUP_CLAIM_MS.
   */
  async function claimAdminSetup(): Promise<boolean> {
    const at = new Date();
    const claim = () =>
      db
        .insert(appSetting)
        .values({ key: ADMIN_SETUP_CLAIM, value: at.toISOString(), updatedAt: at })
        .onConflictDoNothing()
        .returning({ key: appSetting.key });
    if ((await claim()).length > 0) return true;
    const stale = new Date(at.getTime() - ADMIN_SETUP_CLAIM_MS);
    await db
      .delete(appSetting)
      .where(and(eq(appSetting.key, ADMIN_SETUP_CLAIM), lt(appSetting.updatedAt, stale)));
    return (await claim()).length > 0;
  }

  async function releaseAdminSetup(): Promise<void> {
    await db.delete(appSetting).where(eq(appSetting.key, ADMIN_SETUP_CLAIM));
  }

  return {
    findById,

    /**
     * The signed-in user for these request headers, or null. better-auth verifies the session
     * cookie of its configured name; a cookie value it verified lately (the exact signed value
     * of that session, see auth/session-cache.ts) is looked up directly: its session row must
     * still exist and be unexpired, and the user is read afresh, so sign-out, a password change,
     * a role change or a deletion takes effect at once, on every instance.
     */
    async currentUser(headers: Headers): Promise<User | null> {
      const ctx = await auth.$context;
      const value = cookieValue(headers.get("cookie"), ctx.authCookies.sessionToken.name);
      if (value !== null) {
        const token = verifiedCookies.get(value);
        if (token !== null) {
          const [found] = await liveSessionUser.execute({ token, now: timestampParam(new Date()) });
          if (found) return toUserDto(found.user);
          verifiedCookies.forget(value);
        }
      }
      const result = await auth.api.getSession({ headers });
      if (!result) return null;
      if (value !== null) verifiedCookies.remember(value, result.session.token, ctx.secret);
      const row = await findById(result.user.id);
      return row ? toUserDto(row) : null;
    },

    /** The owner of a personal API token (`Authorization: Bearer bis_…`), or null. */
    async userForToken(bearer: string): Promise<TokenResolution | null> {
      return (await tokens?.resolve(bearer)) ?? null;
    },

    /**
     * Call after changing a user (profile, role) or revoking their sessions (deletion). Every
     * request reads its session row and the user afresh, so nothing needs dropping today; this
     * stays the one place a cache of users would hear about changes.
     */
    userChanged(_userId: string): void {},

    /**
     * Registers an account and mails the verification link. An email that already has an
     * account gets a "you already have an account" mail instead, and the answer is the same.
     */
    async register(input: RegisterInput, headers: Headers): Promise<RegisterResponse> {
      const since = new Date();
      try {
        await auth.api.signUpEmail({
          body: {
            email: input.email,
            password: input.password,
            name: `${input.firstName} ${input.lastName}`,
            firstName: input.firstName,
            lastName: input.lastName,
            callbackURL: VERIFIED_CALLBACK_PATH,
          },
          headers,
        });
      } catch (error) {
        fromAuthError(error);
      }
      await hooks.onRegistered?.(input, since);
      return {
        message: REGISTRATION_MESSAGE,
        user: { firstName: input.firstName, email: input.email },
      };
    },

    async login(input: LoginRequest, headers: Headers): Promise<{ user: User; cookies: string[] }> {
      try {
        const result = await auth.api.signInEmail({
          ...signInRequest(input, headers),
          returnHeaders: true,
        });
        return {
          user: toUserDto(await requireUserRow(result.response.user.id)),
          cookies: setCookies(result.headers),
        };
      } catch (error) {
        fromAuthError(error);
      }
    },

    /**
     * Checks an email and password exactly as sign-in does (unverified → EMAIL_NOT_VERIFIED
     * with a fresh link), without leaving a session behind: for creating an API token.
     */
    async verifyCredentials(input: LoginRequest, headers: Headers): Promise<User> {
      try {
        const result = await auth.api.signInEmail(signInRequest(input, headers));
        const ctx = await auth.$context;
        await ctx.internalAdapter.deleteSession(result.token);
        return toUserDto(await requireUserRow(result.user.id));
      } catch (error) {
        fromAuthError(error);
      }
    },

    async logout(headers: Headers): Promise<string[]> {
      try {
        const result = await auth.api.signOut({ headers, returnHeaders: true });
        return setCookies(result.headers);
      } catch (error) {
        fromAuthError(error);
      }
    },

    /**
     * Updates the names. The email is part of the specification's profile form but changes only through
     * the confirmed email change (security.ts): a different one is refused here, the
     * same way whether or not another account has it.
     */
    async updateProfile(userId: string, input: ProfileRequest): Promise<User> {
      const current = await requireUserRow(userId);
      if (input.email.trim().toLowerCase() !== current.email.toLowerCase())
        throw new AppError("VALIDATION_FAILED", ACCOUNT_MESSAGES.emailChangeNeedsPassword);
      const [row] = await db
        .update(userTable)
        .set({
          firstName: input.firstName.trim(),
          lastName: input.lastName.trim(),
          name: `${input.firstName.trim()} ${input.lastName.trim()}`,
          updatedAt: new Date(),
        })
        .where(eq(userTable.id, userId))
        .returning();
      if (!row) throw new AppError("SESSION_REQUIRED");
      return toUserDto(row);
    },

    /**
     * Changes the password, signs out every other session and revokes every API token (a
     * token must not outlive the password that let someone create it) and every reset and
     * email-change link; returns the renewed
     * cookie and the message that says so.
     */
    async changePassword(
      input: PasswordChangeRequest,
      headers: Headers,
    ): Promise<{ cookies: string[]; message: string }> {
      try {
        const result = await auth.api.changePassword({
          body: {
            currentPassword: input.currentPassword,
            newPassword: input.newPassword,
            revokeOtherSessions: true,
          },
          headers,
          returnHeaders: true,
        });
        const userId = result.response.user.id;
        // Reset links and pending email changes die with the password they were issued under.
        await revokeAccountLinks(db, userId);
        const revoked = (await tokens?.revokeAllTokens(userId)) ?? 0;
        return { cookies: setCookies(result.headers), message: passwordChangedMessage(revoked) };
      } catch (error) {
        fromAuthError(error);
      }
    },

    async adminExists(): Promise<boolean> {
      const [admin] = await db
        .select({ id: userTable.id })
        .from(userTable)
        .where(eq(userTable.isAdmin, true))
        .limit(1);
      return admin !== undefined;
    },

    /**
     * Creates the first administrator (verified), only while none exists. With request
     * headers it also signs them in and returns the session cookie.
     */
    async createFirstAdmin(
      input: AdminSetupRequest,
      headers?: Headers,
    ): Promise<{ user: User; cookies: string[] }> {
      const alreadyExists = new AppError(
        "ADMIN_ALREADY_EXISTS",
        "An administrator already exists. Please sign in instead.",
      );
      if (await this.adminExists()) throw alreadyExists;
      // Another setup (on this or another instance) is running: it creates the administrator.
      if (!(await claimAdminSetup())) throw alreadyExists;
      let user: User;
      try {
        if (await this.adminExists()) throw alreadyExists;
        const email = input.email.trim().toLowerCase();
        const [taken] = await db
          .select({ id: userTable.id })
          .from(userTable)
          .where(eq(userTable.email, email));
        if (taken) {
          throw new AppError("EMAIL_IN_USE", "That email address already has an account");
        }
        const ctx = await auth.$context;
        const hash = await ctx.password.hash(input.password);
        const created = await ctx.internalAdapter.createUser(
          {
            email,
            name: `${input.firstName} ${input.lastName}`,
            firstName: input.firstName,
            lastName: input.lastName,
            emailVerified: true,
            isAdmin: true,
          },
          { method: "email-password" },
        );
        await ctx.internalAdapter.linkAccount({
          userId: created.id,
          providerId: "credential",
          accountId: created.id,
          password: hash,
        });
        user = toUserDto(await requireUserRow(created.id));
      } catch (error) {
        await releaseAdminSetup();
        throw error;
      }
      if (!headers) return { user, cookies: [] };
      const signedIn = await this.login(
        { email: input.email.trim().toLowerCase(), password: input.password },
        headers,
      );
      return { user: signedIn.user, cookies: signedIn.cookies };
    },
  };
}

export type AccountService = ReturnType<typeof createAccountService>;
