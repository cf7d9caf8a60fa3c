/** The account calls of the specification (/api/auth/*): call the account service, answer. */
import { ACCOUNT_MESSAGES, endpoints } from "@bis/sdk";
import { toNodeHandler } from "better-auth/node";
import type { Request, RequestHandler } from "express";
import type { AppContext } from "../context.js";
import { beforeAccess, type EndpointRoutes } from "../http/endpoints.js";
import {
  accountCreationRateLimit,
  accountRecoveryRateLimit,
  loginRateLimit,
} from "../http/security.js";
import { currentUser, requestHeaders } from "../http/session.js";
import { AppError } from "../lib/errors.js";

/**
 * The request headers with `X-Forwarded-For` set to the client address Express trusts
 * (`trust proxy`), so the session better-auth creates records where it was signed in from
 * and a client cannot claim another address.
 */
function headersWithClientIp(req: Request): Headers {
  const headers = requestHeaders(req);
  if (req.ip) headers.set("x-forwarded-for", req.ip);
  else headers.delete("x-forwarded-for");
  return headers;
}

/** Sessions and the email change need the signed-in browser session, not an API token. */
const sessionOnly: RequestHandler = (req, _res, next) => {
  if (req.apiTokenId)
    throw new AppError("API_TOKEN_NOT_ALLOWED", ACCOUNT_MESSAGES.apiTokenNotAllowed);
  next();
};

/** better-auth serves the verification link; it reads its own body (before express.json()). */
export function verifyEmailRoute(ctx: AppContext, routes: EndpointRoutes): void {
  const handle = toNodeHandler(ctx.auth);
  routes.on(endpoints.auth.verifyEmail, async ({ req, res }) => {
    await handle(req, res);
  });
}

export function authRoutes(ctx: AppContext, routes: EndpointRoutes): void {
  const {
    config,
    db,
    services: { accounts, accountSecurity: security },
  } = ctx;
  const { auth, account } = endpoints;
  /** Each route that sends account emails has its own budget. */
  const recovery = (route: string) => accountRecoveryRateLimit(db, route);

  routes.on(auth.user, async ({ req, res }) => {
    const user = await currentUser(req, accounts);
    if (!user) {
      res.status(401).json({ code: "UNAUTHORIZED", message: "Not signed in" });
      return;
    }
    return user;
  });

  // The app's "who am I": 200 with no user when signed out, so a signed-out page logs no error.
  routes.on(auth.session, async ({ req }) => ({ user: await currentUser(req, accounts) }));

  routes.on(auth.login, loginRateLimit(config, db), async ({ req, res, body }) => {
    const { user, cookies } = await accounts.login(body, headersWithClientIp(req));
    res.setHeader("Set-Cookie", cookies);
    return user;
  });

  routes.on(auth.register, accountCreationRateLimit(db, "register"), async ({ req, body }) =>
    accounts.register(body, requestHeaders(req)),
  );

  routes.on(auth.logout, async ({ req, res }) => {
    res.setHeader("Set-Cookie", await accounts.logout(requestHeaders(req)));
  });

  routes.on(auth.updateProfile, ({ user, body }) => accounts.updateProfile(user.id, body));

  routes.on(auth.changePassword, async ({ req, res, body }) => {
    const { cookies, message } = await accounts.changePassword(body, requestHeaders(req));
    res.setHeader("Set-Cookie", cookies);
    return { message };
  });

  // The budget counts signed-out attempts too: it comes before the sign-in check.
  routes.on(
    account.requestEmailChange,
    beforeAccess(recovery("email-change")),
    ({ req, user, body }) => security.requestEmailChange(user, body, req.apiTokenId !== undefined),
  );

  routes.on(account.confirmEmailChange, recovery("email-change-confirm"), ({ body }) =>
    security.confirmEmailChange(body),
  );

  routes.on(account.forgotPassword, recovery("forgot-password"), ({ req, body }) =>
    security.forgotPassword(body.email, requestHeaders(req)),
  );

  routes.on(account.resetPassword, recovery("reset-password"), async ({ req, res, body }) => {
    const { user, cookies } = await security.resetPassword(body, headersWithClientIp(req));
    res.setHeader("Set-Cookie", cookies);
    return user;
  });

  routes.on(account.sessions, sessionOnly, async ({ req }) => ({
    sessions: await security.listSessions(requestHeaders(req)),
  }));

  routes.on(account.revokeOtherSessions, sessionOnly, ({ req }) =>
    security.revokeOtherSessions(requestHeaders(req)),
  );
}
