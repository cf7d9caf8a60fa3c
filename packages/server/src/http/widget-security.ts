/**
 * The security model of the widget calls (/api/widget/*): anonymous, authorized by a partner's
 * public key plus an `Origin` on that partner's allowlist; CORS headers only for allowed
 * origins; no cookies read or set; rate limited per IP address and per partner.
 */
import { PARTNER_KEY_HEADER, WIDGET_MESSAGES } from "@bis/sdk";
import type { Request, RequestHandler, Response } from "express";
import { ipKeyGenerator, rateLimit } from "express-rate-limit";
import type { Config } from "../config.js";
import type { Db } from "../db/database.js";
import { DatabaseRateLimitStore } from "../db/rate-limit-store.js";
import { AppError } from "../lib/errors.js";
import type { PartnerRow, PartnerService } from "../services/partners/index.js";

export const WIDGET_CORS_MAX_AGE_SECONDS = 600;

declare global {
  namespace Express {
    interface Locals {
      /** The partner of a widget call, once its key and origin are checked. */
      partner?: PartnerRow;
    }
  }
}

/**
 * Widget calls neither read nor set cookies: the Cookie header is dropped before anything can
 * read it, and any Set-Cookie is refused.
 */
export const noCookies: RequestHandler = (req, res, next) => {
  delete req.headers.cookie;
  const setHeader = res.setHeader.bind(res);
  res.setHeader = ((name: string, value: number | string | readonly string[]) =>
    name.toLowerCase() === "set-cookie" ? res : setHeader(name, value)) as Response["setHeader"];
  next();
};

function allowOrigin(res: Response, origin: string) {
  res.setHeader("Access-Control-Allow-Origin", origin);
  res.vary("Origin");
  res.setHeader("Access-Control-Expose-Headers", "RateLimit, RateLimit-Policy, Retry-After");
}

/**
 * The CORS preflight (OPTIONS): the browser sends no key, so the origin must be on the
 * allowlist of some active partner; 204 with the CORS headers, else 403 without them.
 */
export function widgetPreflight(partners: PartnerService): RequestHandler {
  return async (req, res) => {
    const origin = req.headers.origin;
    if (!origin) throw new AppError("PARTNER_ORIGIN_REQUIRED", WIDGET_MESSAGES.missingOrigin);
    if (!(await partners.isAllowedOrigin(origin)))
      throw new AppError("PARTNER_ORIGIN_NOT_ALLOWED", WIDGET_MESSAGES.originNotAllowed);
    allowOrigin(res, origin);
    res.setHeader("Access-Control-Allow-Methods", "POST");
    res.setHeader("Access-Control-Allow-Headers", `Content-Type, ${PARTNER_KEY_HEADER}`);
    res.setHeader("Access-Control-Max-Age", String(WIDGET_CORS_MAX_AGE_SECONDS));
    res.status(204).end();
  };
}

/** 403 (no CORS headers) unless an active partner's key and one of its origins. */
export function authorizePartner(partners: PartnerService): RequestHandler {
  return async (req, res, next) => {
    const origin = req.headers.origin;
    const row = await partners.authorize(req.get(PARTNER_KEY_HEADER)?.trim() || undefined, origin);
    res.locals.partner = row;
    allowOrigin(res, origin as string);
    next();
  };
}

/** The authorized partner; only behind `authorizePartner`. */
export function partnerOf(res: Response): PartnerRow {
  const row = res.locals.partner;
  if (!row) throw new AppError("PARTNER_KEY_REQUIRED", WIDGET_MESSAGES.missingKey);
  return row;
}

function widgetLimiter(
  config: Config["widget"],
  store: DatabaseRateLimitStore,
  limit: number,
  keyGenerator: (req: Request, res: Response) => string,
): RequestHandler {
  return rateLimit({
    windowMs: config.rateWindowMs,
    limit,
    standardHeaders: "draft-8",
    legacyHeaders: false,
    store,
    keyGenerator,
    handler: () => {
      throw new AppError("RATE_LIMITED", WIDGET_MESSAGES.rateLimited);
    },
  });
}

/**
 * Per IP address, then per partner (all its visitors together); both 429 when exceeded. The
 * counts live in the database, so every instance on it shares them.
 */
export function widgetRateLimits(config: Config["widget"], db: Db): RequestHandler[] {
  return [
    widgetLimiter(
      config,
      new DatabaseRateLimitStore(db, "widget-ip:"),
      config.ipRateLimit,
      (req) => `ip:${ipKeyGenerator(req.ip ?? "")}`,
    ),
    widgetLimiter(
      config,
      new DatabaseRateLimitStore(db, "widget-partner:"),
      config.partnerRateLimit,
      (_req, res) => `partner:${partnerOf(res).id}`,
    ),
  ];
}
