/**
 * Personal API tokens: call the token service, answer.
 *
 * POST /api/tokens creates a token for the caller's session cookie, or — for a terminal that
 * has no session — for the account of `email` + `password`, checked exactly as sign-in checks
 * them and on sign-in's budget. A token cannot create tokens (403): one leaked token must not
 * be able to mint others that outlive its revocation. POST /api/tokens/{id}/renew moves a
 * token's expiry, with the same credentials.
 */
import { endpoints, TOKEN_MESSAGES, type User } from "@bis/sdk";
import type { Request, RequestHandler } from "express";
import type { AppContext } from "../context.js";
import type { EndpointRoutes } from "../http/endpoints.js";
import { loginRateLimit } from "../http/security.js";
import { currentUser, requestHeaders } from "../http/session.js";
import { AppError } from "../lib/errors.js";
import { pageBody, pageRequest } from "../lib/pagination.js";

export function tokenRoutes(
  { config, db, services: { accounts, tokens } }: AppContext,
  routes: EndpointRoutes,
): void {
  const calls = endpoints.tokens;
  const loginLimit = loginRateLimit(config, db);
  /** Only attempts with a password count against the sign-in limit. */
  const limitPasswordAttempts: RequestHandler = (req, res, next) => {
    const body = req.body as { email?: unknown; password?: unknown } | undefined;
    if (body?.email !== undefined || body?.password !== undefined) loginLimit(req, res, next);
    else next();
  };

  /**
   * The account a token is made or renewed for: the one of `email` + `password`, or the
   * session's. A token may do neither (403 `refused`): one leaked token must not be able to
   * mint others, nor keep itself alive, beyond its revocation or expiry.
   */
  async function credentialOwner(
    req: Request,
    body: { email?: string; password?: string },
    refused: string,
  ): Promise<User> {
    if (body.email !== undefined && body.password !== undefined)
      return accounts.verifyCredentials(
        { email: body.email, password: body.password },
        requestHeaders(req),
      );
    const user = await currentUser(req, accounts);
    if (!user)
      throw new AppError(
        "UNAUTHORIZED",
        "Please sign in, or give your email and password, to create or renew an API token",
      );
    if (req.apiTokenId !== undefined) throw new AppError("API_TOKEN_NOT_ALLOWED", refused);
    return user;
  }

  routes.on(calls.create, limitPasswordAttempts, async ({ req, body }) => {
    const owner = await credentialOwner(req, body, TOKEN_MESSAGES.tokenCannotCreateTokens);
    return tokens.create(owner.id, body.name, {
      isAdmin: owner.isAdmin,
      expiresInDays: body.expiresInDays,
    });
  });

  /** The body is optional here (a renewal by session needs none). */
  const emptyBody: RequestHandler = (req, _res, next) => {
    req.body ??= {};
    next();
  };

  routes.on(calls.renew, limitPasswordAttempts, emptyBody, async ({ req, params, body }) => {
    const owner = await credentialOwner(req, body, TOKEN_MESSAGES.tokenCannotRenewTokens);
    return tokens.renew(owner, params.id, body.expiresInDays);
  });

  routes.on(calls.list, async ({ user, query, req }) => {
    const page = pageRequest(query);
    return pageBody("tokens", page, await tokens.list(user.id, req.apiTokenId, page));
  });

  routes.on(calls.revoke, ({ user, params }) => tokens.revoke(user, params.id));
}
