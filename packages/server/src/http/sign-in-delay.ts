/**
 * The per-account half of the sign-in budget: failed password attempts at one
 * account, from any address, slow further attempts at it down — they never lock it. A
 * per-account lockout let anyone lock the owner out of sign-in for the whole window with ten
 * wrong passwords; a delay costs the owner seconds, once, and still makes guessing from many
 * addresses slow. The per-address limit (security.ts) still refuses the attacker's address.
 *
 * The count lives in the database (`DatabaseRateLimitStore`), so every instance on it sees the
 * same failures. Each attempt counts when it starts (so attempts sent at once queue up behind
 * growing delays) and is taken back unless it was a wrong password.
 */
import { setTimeout as sleep } from "node:timers/promises";
import type { Request, RequestHandler } from "express";
import type { Options } from "express-rate-limit";
import type { Config } from "../config.js";
import type { Db } from "../db/database.js";
import { DatabaseRateLimitStore } from "../db/rate-limit-store.js";

/** The first delay once an account's free failures are used up. */
export const SIGN_IN_DELAY_BASE_MS = 1_000;
/** The longest delay: an owner signing in while their account is under attack waits this at most. */
export const SIGN_IN_DELAY_MAX_MS = 10_000;

/**
 * How long an attempt waits when `failures` failed attempts at its account came before it in
 * the window: nothing for the first `free`, then 1 s, 2 s, 4 s, 8 s, and 10 s from then on.
 */
export function signInDelayMs(failures: number, free: number): number {
  if (failures < free) return 0;
  return Math.min(SIGN_IN_DELAY_MAX_MS, SIGN_IN_DELAY_BASE_MS * 2 ** (failures - free));
}

/** The account a sign-in attempt is for: its email as sign-in compares it, or null. */
export function signInAccount(req: Request): string | null {
  const email = (req.body as { email?: unknown } | undefined)?.email;
  return typeof email === "string" && email.trim() !== "" ? email.trim().toLowerCase() : null;
}

/**
 * Delays a sign-in attempt by `signInDelayMs` of its account's failures in the window
 * (`BIS_LOGIN_RATE_LIMIT` of them are free, per `BIS_LOGIN_RATE_WINDOW_MINUTES`).
 */
export function signInDelay(config: Config, db: Db): RequestHandler {
  const { limit, windowMs } = config.loginRateLimit;
  const store = new DatabaseRateLimitStore(db, "sign-in-account:");
  store.init({ windowMs } as Options);
  return async (req, res, next) => {
    const account = signInAccount(req);
    if (account === null) return next();
    const key = `account:${account}`;
    const { totalHits } = await store.increment(key);
    res.on("finish", () => {
      // Only wrong passwords (401) count: any other answer is taken back. An attempt whose
      // client went away before the answer stays counted.
      if (res.statusCode !== 401) void store.decrement(key).catch(() => {});
    });
    const wait = signInDelayMs(totalHits - 1, limit);
    if (wait > 0) await sleep(wait);
    next();
  };
}
