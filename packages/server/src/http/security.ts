/**
 * Security headers (Content-Security-Policy and helmet's others, Permissions-Policy), the
 * cross-site check for cookie-bearing writes, and rate limits.
 */
import type { RequestHandler } from "express";
import { rateLimit } from "express-rate-limit";
import helmet from "helmet";
import type { Config } from "../config.js";
import type { Db } from "../db/database.js";
import { DatabaseRateLimitStore } from "../db/rate-limit-store.js";
import { AppError } from "../lib/errors.js";
import { signInDelay } from "./sign-in-delay.js";

/**
 * The Permissions-Policy: every powerful feature BIS never uses is off, for the page and any
 * frame in it (an administrator's video, Stripe's). `payment` (the Payment Request API, which
 * the Payment Element's Apple Pay and Google Pay buttons use inside Stripe's frames) is allowed to
 * the site and Stripe.js in Stripe mode, and off in demo mode. Left at their defaults (the site,
 * and frames it delegates them to with `allow`): what the video players ask for —
 * autoplay, encrypted-media, fullscreen, picture-in-picture, accelerometer, gyroscope,
 * clipboard-write — and the clipboard the admin panel copies to.
 */
export function permissionsPolicy(config: Config): string {
  const off = [
    "camera",
    "microphone",
    "geolocation",
    "display-capture",
    "usb",
    "serial",
    "hid",
    "midi",
    "magnetometer",
    "screen-wake-lock",
    "xr-spatial-tracking",
    "idle-detection",
    "browsing-topics",
  ];
  const payment =
    config.payments.mode === "stripe" ? 'payment=(self "https://js.stripe.com")' : "payment=()";
  return [...off.map((feature) => `${feature}=()`), payment].join(", ");
}

export function securityHeaders(config: Config): RequestHandler {
  const permissions = permissionsPolicy(config);
  const headers = helmetHeaders(config);
  return (req, res, next) => {
    res.setHeader("Permissions-Policy", permissions);
    headers(req, res, next);
  };
}

function helmetHeaders(config: Config): RequestHandler {
  const https = config.baseUrl.startsWith("https://");
  // Stripe.js and its Payment Element, only when Stripe payments are configured
  // (https://docs.stripe.com/security/guide#content-security-policy).
  const stripe = config.payments.mode === "stripe";
  const stripeScripts = stripe ? ["https://js.stripe.com", "https://*.js.stripe.com"] : [];
  const stripeConnect = stripe ? ["https://api.stripe.com"] : [];
  const stripeImages = stripe ? ["https://*.stripe.com"] : [];
  // The results map's tiles come from the operator's tile host, only when one is configured
  // (BIS_MAP_TILE_URL); otherwise the map draws its own outlines and needs no outside images.
  const tileImages = config.mapTiles ? [config.mapTiles.imageSource] : [];
  return helmet({
    contentSecurityPolicy: {
      directives: {
        "default-src": ["'self'"],
        "script-src": ["'self'", ...stripeScripts],
        "style-src": ["'self'", "'unsafe-inline'"],
        "img-src": ["'self'", "data:", ...tileImages, ...stripeImages],
        "font-src": ["'self'", "data:"],
        "connect-src": ["'self'", ...stripeConnect],
        // Landing and education videos are embedded from the URLs an administrator sets.
        "frame-src": ["'self'", "https:"],
        "object-src": ["'none'"],
        "base-uri": ["'self'"],
        "form-action": ["'self'"],
        "frame-ancestors": ["'self'"],
        "upgrade-insecure-requests": https ? [] : null,
      },
    },
    strictTransportSecurity: https ? undefined : false,
  });
}

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * A write that carries cookies must come from a trusted origin (Origin, else Referer).
 * Calls without cookies (tokens, anonymous) are not cross-site request forgery targets.
 */
export function originCheck(config: Config): RequestHandler {
  const trusted = new Set(config.trustedOrigins);
  return (req, _res, next) => {
    if (SAFE_METHODS.has(req.method) || !req.headers.cookie) return next();
    const origin = req.headers.origin ?? originOf(req.headers.referer);
    if (origin && trusted.has(origin)) return next();
    throw new AppError("INVALID_ORIGIN", "This request came from an untrusted origin");
  };
}

function originOf(url: string | undefined): string | undefined {
  if (!url) return undefined;
  try {
    return new URL(url).origin;
  } catch {
    return undefined;
  }
}

interface LimiterOptions {
  /** The database the counts live in: every instance on it shares them. */
  db: Db;
  /** The limiter's name, the prefix of its keys (no two limiters share one). */
  name: string;
  windowMs: number;
  limit: number;
  message: string;
}

function limiter(options: LimiterOptions): RequestHandler {
  return rateLimit({
    windowMs: options.windowMs,
    limit: options.limit,
    standardHeaders: "draft-8",
    legacyHeaders: false,
    store: new DatabaseRateLimitStore(options.db, `${options.name}:`),
    handler: (_req, _res, next) => next(new AppError("RATE_LIMITED", options.message)),
  });
}

/** Runs `first`, then `second` unless `first` answered or failed (a rejected promise included). */
function both(first: RequestHandler, second: RequestHandler): RequestHandler {
  return (req, res, next) => {
    const then = (error?: unknown) => {
      if (error) next(error);
      else Promise.resolve(second(req, res, next)).catch(next);
    };
    Promise.resolve(first(req, res, then)).catch(next);
  };
}

/** One sign-in budget per database, that is per running server (see loginRateLimit). */
const signInBudgets = new WeakMap<Db, RequestHandler>();

/**
 * The sign-in budget: every password attempt — `POST /api/auth/login` and token sign-in
 * (`POST /api/tokens` with email and password) — draws on one limit per IP address
 * (`BIS_LOGIN_RATE_LIMIT` per `BIS_LOGIN_RATE_WINDOW_MINUTES`; more answer 429), and wrong
 * passwords at one account, from any address, slow further attempts at it down
 * (sign-in-delay.ts) rather than lock it: nobody can lock the owner out. Every call for the same
 * database returns the same middleware, so the routes share the counters; the counters live in
 * the database, so every instance on it shares them too.
 */
export function loginRateLimit(config: Config, db: Db): RequestHandler {
  const existing = signInBudgets.get(db);
  if (existing) return existing;
  const minutes = Math.round(config.loginRateLimit.windowMs / 60_000);
  const message = `Too many sign-in attempts. Please wait ${minutes} minute${minutes === 1 ? "" : "s"} and try again.`;
  const perIp = limiter({ ...config.loginRateLimit, db, name: "sign-in-ip", message });
  const budget = both(perIp, signInDelay(config, db));
  signInBudgets.set(db, budget);
  return budget;
}

/**
 * Registration and admin setup send mail: a looser limit keeps them from being used to spam.
 * `name` tells the routes' budgets apart (each route has its own).
 */
export function accountCreationRateLimit(db: Db, name: string): RequestHandler {
  return limiter({
    db,
    name: `account-creation-${name}`,
    windowMs: 60 * 60_000,
    limit: 30,
    message: "Too many accounts created from this address. Please try again in an hour.",
  });
}

/**
 * Password reset requests and email changes send mail to addresses the caller types: a tight
 * limit per IP keeps them from being used to spam or to probe. `name` tells the routes' budgets
 * apart (each route has its own).
 */
export function accountRecoveryRateLimit(db: Db, name: string): RequestHandler {
  return limiter({
    db,
    name: `account-recovery-${name}`,
    windowMs: 15 * 60_000,
    limit: 10,
    message: "Too many requests for account emails. Please wait 15 minutes and try again.",
  });
}
