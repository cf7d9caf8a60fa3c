/** The signed-in user of a request, looked up once and kept on the request. */
import { TOKEN_MESSAGES, tokenExpiredMessage, type User } from "@bis/sdk";
import { fromNodeHeaders } from "better-auth/node";
import type { Request, RequestHandler } from "express";
import { AppError } from "../lib/errors.js";
import type { AccountService } from "../services/accounts/index.js";

declare global {
  namespace Express {
    interface Request {
      /** undefined: not looked up yet; null: signed out. */
      currentUser?: User | null;
      /** The personal API token that authenticated this request, if one did. */
      apiTokenId?: string;
    }
  }
}

export function requestHeaders(req: Request): Headers {
  return fromNodeHeaders(req.headers);
}

const BEARER = /^Bearer\s+(\S+)\s*$/i;

/** The bearer token of `Authorization: Bearer …`, or null when the header is absent or another scheme. */
export function bearerToken(req: Request): string | null {
  const header = req.headers.authorization;
  return header ? (BEARER.exec(header)?.[1] ?? null) : null;
}

/**
 * The caller: the owner of a personal API token when the request carries
 * `Authorization: Bearer` (an unknown, revoked or expired token is a 401, never "signed out";
 * an expired one says so; an administrator's token without the administrators' expiry is a 403
 * that says how to fix it), else the
 * session cookie's user.
 */
export async function currentUser(req: Request, accounts: AccountService): Promise<User | null> {
  if (req.currentUser === undefined) {
    const bearer = bearerToken(req);
    if (bearer !== null) {
      const found = await accounts.userForToken(bearer);
      if (!found) throw new AppError("UNAUTHORIZED", TOKEN_MESSAGES.invalidToken);
      if ("expiredAt" in found)
        throw new AppError("UNAUTHORIZED", tokenExpiredMessage(found.expiredAt.toISOString()));
      if ("forbidden" in found) throw new AppError("ADMIN_TOKEN_MUST_EXPIRE", found.forbidden);
      req.apiTokenId = found.tokenId;
      req.currentUser = found.user;
    } else {
      req.currentUser = await accounts.currentUser(requestHeaders(req));
    }
  }
  return req.currentUser;
}

/** 401 unless signed in; the user is then `req.currentUser`. */
export function requireUser(accounts: AccountService): RequestHandler {
  return async (req, _res, next) => {
    if (!(await currentUser(req, accounts))) throw new AppError("SESSION_REQUIRED");
    next();
  };
}

/** 401 unless signed in, 403 unless an administrator. */
export function requireAdmin(accounts: AccountService): RequestHandler {
  return async (req, _res, next) => {
    const user = await currentUser(req, accounts);
    if (!user) throw new AppError("SESSION_REQUIRED");
    if (!user.isAdmin) throw new AppError("ADMIN_REQUIRED");
    next();
  };
}
