/** Security headers, the cross-site check for cookie-bearing writes, and rate limits. */
import type { RequestHandler } from "express";
import { rateLimit } from "express-rate-limit";
import helmet from "helmet";
import type { Config } from "../config.js";
import { AppError } from "./errors.js";

export function securityHeaders(config: Config): RequestHandler {
  const https = config.baseUrl.startsWith("https://");
  // Stripe.js and its Payment Element, only when Stripe payments are configured
  // (https://docs.stripe.com/security/guide#content-security-policy).
  const stripe = config.payments.mode === "stripe";
  const stripeScripts = stripe ? ["https://js.stripe.com", "https://*.js.stripe.com"] : [];
  const stripeConnect = stripe ? ["https://api.stripe.com"] : [];
  return helmet({
    contentSecurityPolicy: {
      directives: {
        "default-src": ["'self'"],
        "script-src": ["'self'", ...stripeScripts],
        "style-src": ["'self'", "'unsafe-inline'"],
        "img-src": ["'self'", "data:", "https:"],
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

function limiter(options: { windowMs: number; limit: number; message: string }): RequestHandler {
  return rateLimit({
    windowMs: options.windowMs,
    limit: options.limit,
    standardHeaders: "draft-8",
    legacyHeaders: false,
    handler: () => {
      throw new AppError("RATE_LIMITED", options.message);
    },
  });
}

export function loginRateLimit(config: Config): RequestHandler {
  const minutes = Math.round(config.loginRateLimit.windowMs / 60_000);
  return limiter({
    ...config.loginRateLimit,
    message: `Too many sign-in attempts. Please wait ${minutes} minute${minutes === 1 ? "" : "s"} and try again.`,
  });
}

/** Registration and admin setup send mail: a looser limit keeps them from being used to spam. */
export function accountCreationRateLimit(): RequestHandler {
  return limiter({
    windowMs: 60 * 60_000,
    limit: 30,
    message: "Too many accounts created from this address. Please try again in an hour.",
  });
}
