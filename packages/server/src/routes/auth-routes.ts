/** The account calls of the specification (/api/auth/*): parse, call the account service, respond. */
import {
  ACCOUNT_MESSAGES,
  emailChangeConfirmSchema,
  emailChangeRequestSchema,
  forgotPasswordRequestSchema,
  loginRequestSchema,
  passwordChangeRequestSchema,
  profileRequestSchema,
  registerRequestSchema,
  resetPasswordRequestSchema,
} from "@bis/sdk";
import { type Request, Router } from "express";
import type { AppContext } from "../context.js";
import {
  accountCreationRateLimit,
  accountRecoveryRateLimit,
  loginRateLimit,
} from "../http/security.js";
import { currentUser, requestHeaders, requireUser, userOf } from "../http/session.js";
import { AppError, parse } from "../lib/errors.js";

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

export function authRoutes(ctx: AppContext): Router {
  const {
    config,
    db,
    services: { accounts, accountSecurity: security },
  } = ctx;
  const router = Router();
  /** Each route that sends account emails has its own budget. */
  const recovery = (route: string) => accountRecoveryRateLimit(db, route);
  const signedIn = requireUser(accounts);
  /** Sessions and the email change need the signed-in browser session, not an API token. */
  const sessionOnly: typeof signedIn = (req, _res, next) => {
    if (req.apiTokenId) throw new AppError("FORBIDDEN", ACCOUNT_MESSAGES.apiTokenNotAllowed);
    next();
  };

  router.get("/user", async (req, res) => {
    const user = await currentUser(req, accounts);
    if (!user) {
      res.status(401).json({ code: "UNAUTHORIZED", message: "Not signed in" });
      return;
    }
    res.json(user);
  });

  router.post("/login", loginRateLimit(config, db), async (req, res) => {
    const body = parse(loginRequestSchema, req.body);
    const { user, cookies } = await accounts.login(body, headersWithClientIp(req));
    res.setHeader("Set-Cookie", cookies).json(user);
  });

  router.post("/register", accountCreationRateLimit(db, "register"), async (req, res) => {
    const body = parse(registerRequestSchema, req.body);
    res.status(201).json(await accounts.register(body, requestHeaders(req)));
  });

  router.post("/logout", async (req, res) => {
    const cookies = await accounts.logout(requestHeaders(req));
    res.setHeader("Set-Cookie", cookies).status(204).end();
  });

  router.put("/profile", signedIn, async (req, res) => {
    const body = parse(profileRequestSchema, req.body);
    res.json(await accounts.updateProfile(userOf(req).id, body));
  });

  router.put("/password", signedIn, async (req, res) => {
    const body = parse(passwordChangeRequestSchema, req.body);
    const { cookies, message } = await accounts.changePassword(body, requestHeaders(req));
    res.setHeader("Set-Cookie", cookies).json({ message });
  });

  router.post("/email-change", recovery("email-change"), signedIn, async (req, res) => {
    const body = parse(emailChangeRequestSchema, req.body);
    res
      .status(202)
      .json(await security.requestEmailChange(userOf(req), body, req.apiTokenId !== undefined));
  });

  router.post("/email-change/confirm", recovery("email-change-confirm"), async (req, res) => {
    const body = parse(emailChangeConfirmSchema, req.body);
    res.json(await security.confirmEmailChange(body));
  });

  router.post("/forgot-password", recovery("forgot-password"), async (req, res) => {
    const body = parse(forgotPasswordRequestSchema, req.body);
    res.json(await security.forgotPassword(body.email, requestHeaders(req)));
  });

  router.post("/reset-password", recovery("reset-password"), async (req, res) => {
    const body = parse(resetPasswordRequestSchema, req.body);
    const { user, cookies } = await security.resetPassword(body, headersWithClientIp(req));
    res.setHeader("Set-Cookie", cookies).json(user);
  });

  router.get("/sessions", signedIn, sessionOnly, async (req, res) => {
    res.json({ sessions: await security.listSessions(requestHeaders(req)) });
  });

  router.post("/sessions/revoke-others", signedIn, sessionOnly, async (req, res) => {
    res.json(await security.revokeOtherSessions(requestHeaders(req)));
  });

  return router;
}
