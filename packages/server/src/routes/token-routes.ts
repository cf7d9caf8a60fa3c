/**
 * Personal API tokens: parse, call the token service, respond.
 *
 * POST /api/tokens creates a token for the caller's session cookie, or — for a terminal that
 * has no session — for the account of `email` + `password`, checked exactly as sign-in checks
 * them and on sign-in's budget. A token cannot create tokens (403): one leaked token must not
 * be able to mint others that outlive its revocation. POST /api/tokens/{id}/renew moves a
 * token's expiry, with the same credentials.
 */
import {
  createTokenRequestSchema,
  renewTokenRequestSchema,
  TOKEN_MESSAGES,
  type User,
} from "@bis/sdk";
import { type Request, type RequestHandler, Router } from "express";
import type { AppContext } from "../context.js";
import { loginRateLimit } from "../http/security.js";
import { currentUser, requestHeaders, requireUser, userOf } from "../http/session.js";
import { AppError, parse } from "../lib/errors.js";
import { pageBody, pageRequest } from "../lib/pagination.js";

export function tokenRoutes({ config, db, services: { accounts, tokens } }: AppContext): Router {
  const router = Router();
  const signedIn = requireUser(accounts);
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
    if (req.apiTokenId !== undefined) throw new AppError("FORBIDDEN", refused);
    return user;
  }

  router.post("/tokens", limitPasswordAttempts, async (req, res) => {
    const body = parse(createTokenRequestSchema, req.body);
    const owner = await credentialOwner(req, body, TOKEN_MESSAGES.tokenCannotCreateTokens);
    res.status(201).json(
      await tokens.create(owner.id, body.name, {
        isAdmin: owner.isAdmin,
        expiresInDays: body.expiresInDays,
      }),
    );
  });

  router.post("/tokens/:id/renew", limitPasswordAttempts, async (req, res) => {
    const body = parse(renewTokenRequestSchema, req.body ?? {});
    const owner = await credentialOwner(req, body, TOKEN_MESSAGES.tokenCannotRenewTokens);
    res.json(await tokens.renew(owner, req.params.id as string, body.expiresInDays));
  });

  router.get("/tokens", signedIn, async (req, res) => {
    const page = pageRequest(req.query);
    res.json(pageBody("tokens", page, await tokens.list(userOf(req).id, req.apiTokenId, page)));
  });

  router.delete("/tokens/:id", signedIn, async (req, res) => {
    res.json(await tokens.revoke(userOf(req), req.params.id as string));
  });

  return router;
}
