/**
 * The per-account half of the sign-in budget: failed password attempts at one
 * account, from any address, slow further attempts at it down — they never lock it. A
 * per-account lockout let anyone lock the owner out of sign-in for the whole window with ten
 * wrong passwords; a delay costs the owner seconds and still makes guessing from many
 * addresses slow. The per-address limit (security.ts) still refuses the attacker's address.
 *
 * The count lives in the database (`DatabaseRateLimitStore`), so every instance on it sees the
 * same failures. Each attempt counts when it starts and is taken back unless it was a wrong
 * password.
 *
 * The delays are served **in turn**: each delayed attempt takes the account's next
 * turn — its wait starts when the attempt before it at the same account has finished waiting —
 * so guesses sent at once take as long as the same guesses one after another (16 at once used
 * to be answered within the longest single delay, 10 s). The account's turns are one row of the
 * rate-limit table (key `sign-in-turn:…`, `reset_at` the end of the last turn taken), moved by
 * compare-and-swap, so instances on one database share the queue.
 */
import { createHash } from "node:crypto";
import { setTimeout as sleep } from "node:timers/promises";
import { and, eq, sql } from "drizzle-orm";
import type { Request, RequestHandler } from "express";
import type { Options } from "express-rate-limit";
import type { Config } from "../config.js";
import { type Db, tablesOf } from "../db/database.js";
import { DatabaseRateLimitStore } from "../db/rate-limit-store.js";

/** The first delay once an account's free failures are used up (`BIS_SIGN_IN_DELAY_MS`). */
export const SIGN_IN_DELAY_BASE_MS = 1_000;
/** The longest single delay (`BIS_SIGN_IN_DELAY_MAX_MS`). */
export const SIGN_IN_DELAY_MAX_MS = 10_000;

/**
 * How long an attempt waits when `failures` failed attempts at its account came before it in
 * the window: nothing for the first `free`, then 1 s, 2 s, 4 s, 8 s, and 10 s from then on
 * (`firstMs` doubling up to `maxMs`).
 */
export function signInDelayMs(
  failures: number,
  free: number,
  firstMs = SIGN_IN_DELAY_BASE_MS,
  maxMs = SIGN_IN_DELAY_MAX_MS,
): number {
  if (failures < free) return 0;
  return Math.min(maxMs, firstMs * 2 ** Math.min(failures - free, 30));
}

/** The account a sign-in attempt is for: its email as sign-in compares it, or null. */
export function signInAccount(req: Request): string | null {
  const email = (req.body as { email?: unknown } | undefined)?.email;
  return typeof email === "string" && email.trim() !== "" ? email.trim().toLowerCase() : null;
}

/**
 * Takes the account's next turn of `delayMs`: the turn starts when the last one taken ends (or
 * now, when that is past) and the answer is when it ends. One row per account; concurrent
 * takers (on any instance) retry until their compare-and-swap wins, so no two turns overlap.
 */
export async function takeTurn(db: Db, account: string, delayMs: number): Promise<Date> {
  const table = tablesOf(db).rateLimit;
  const key = `sign-in-turn:${createHash("sha256").update(account).digest("hex")}`;
  for (let attempt = 0; attempt < 1_000; attempt++) {
    const now = Date.now();
    const [row] = await db.select({ resetAt: table.resetAt }).from(table).where(eq(table.key, key));
    if (!row) {
      const end = new Date(now + delayMs);
      const inserted = await db
        .insert(table)
        .values({ key, hits: 1, resetAt: end })
        .onConflictDoNothing()
        .returning({ key: table.key });
      if (inserted.length > 0) return end;
      continue;
    }
    const end = new Date(Math.max(row.resetAt.getTime(), now) + delayMs);
    const moved = await db
      .update(table)
      .set({ resetAt: end, hits: sql`${table.hits} + 1` })
      .where(and(eq(table.key, key), eq(table.resetAt, row.resetAt)))
      .returning({ key: table.key });
    if (moved.length > 0) return end;
  }
  // Never seen: a thousand lost races. Wait the delay on its own rather than not at all.
  return new Date(Date.now() + delayMs);
}

/**
 * Delays a sign-in attempt by `signInDelayMs` of its account's failures in the window
 * (`BIS_LOGIN_RATE_LIMIT` of them are free, per `BIS_LOGIN_RATE_WINDOW_MINUTES`), served in
 * turn with the account's other delayed attempts.
 */
export function signInDelay(config: Config, db: Db): RequestHandler {
  const { limit, windowMs } = config.loginRateLimit;
  const { firstMs, maxMs } = config.signInDelay;
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
    const delay = signInDelayMs(totalHits - 1, limit, firstMs, maxMs);
    if (delay > 0) {
      const end = await takeTurn(db, account, delay);
      const wait = end.getTime() - Date.now();
      if (wait > 0) await sleep(wait);
    }
    next();
  };
}
