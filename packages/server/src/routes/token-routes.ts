/**
 * Personal API tokens: parse, call the token service, respond.
 *
 * POST /api/tokens creates a token for the caller's session cookie, or — for a terminal that
 * has no session — for the account of `email` + `password`, checked exactly as sign-in checks
 * them and on sign-in's budget. A token cannot create tokens (403): one leaked token must not
 * be able to mint others that outlive its revocation.
 */
import { createTokenRequestSchema, TOKEN_MESSAGES } from "@bis/sdk";
import { type RequestHandler, Router } from "express";
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

  router.post("/tokens", limitPasswordAttempts, async (req, res) => {
    const body = parse(createTokenRequestSchema, req.body);
    let ownerId: string;
    if (body.email !== undefined && body.password !== undefined) {
      const user = await accounts.verifyCredentials(
        { email: body.email, password: body.password },
        requestHeaders(req),
      );
      ownerId = user.id;
    } else {
      const user = await currentUser(req, accounts);
      if (!user)
        throw new AppError(
          "UNAUTHORIZED",
          "Please sign in, or give your email and password, to create an API token",
        );
      if (req.apiTokenId !== undefined)
        throw new AppError("FORBIDDEN", TOKEN_MESSAGES.tokenCannotCreateTokens);
      ownerId = user.id;
    }
    res.status(201).json(await tokens.create(ownerId, body.name));
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
