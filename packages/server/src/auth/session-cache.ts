/**
 * A memo of session cookies better-auth has verified, so that most API calls skip its full
 * session check (signature, adapter lookups, refresh: 1–2 ms, the largest fixed cost of a call,
 * see docs/performance.md) and read the live session row directly instead.
 *
 * Why a memo of our own: better-auth's `session.cookieCache` lets a session revoked elsewhere
 * (sign-out, password change, reset, deletion) live on in another device's cache cookie until
 * it expires, and an in-process `secondaryStorage` would keep it alive on other instances.
 * Here nothing about the user or the session's validity is cached — every call still reads the
 * session row (it must exist and be unexpired) and the user row — so revocation holds at once
 * on every instance. What is cached is only "this exact cookie value carries a valid signature
 * for session token T".
 *
 * The key is never a raw cookie value taken on trust (a forged cookie must not be served from the memo): a value is
 * remembered only when it equals, byte for byte, the signed value better-auth issues for the
 * session it has just verified (`T.` + base64 HMAC-SHA256 of T under the auth secret). Whoever
 * presents that value could present it to better-auth itself, so the memo grants nothing more.
 */
import { createHmac, timingSafeEqual } from "node:crypto";

/**
 * The value of the first cookie called `name` in a Cookie header, URI-decoded — the way
 * better-auth (better-call's `parseCookies`) reads it. Null when there is none.
 */
export function cookieValue(header: string | null, name: string): string | null {
  if (!header) return null;
  for (const part of header.split(";")) {
    const eq = part.indexOf("=");
    if (eq === -1 || part.slice(0, eq).trim() !== name) continue;
    let value = part.slice(eq + 1).trim();
    if (value.startsWith('"') && value.endsWith('"')) value = value.slice(1, -1);
    try {
      return value.includes("%") ? decodeURIComponent(value) : value;
    } catch {
      return value;
    }
  }
  return null;
}

/** better-auth's signed session cookie value for `token` (before URI encoding). */
export function signedSessionValue(token: string, secret: string): string {
  return `${token}.${createHmac("sha256", secret).update(token, "utf8").digest("base64")}`;
}

function sameString(a: string, b: string): boolean {
  const x = Buffer.from(a, "utf8");
  const y = Buffer.from(b, "utf8");
  return x.length === y.length && timingSafeEqual(x, y);
}

export function createSessionCache(ttlMs = 60_000, maxEntries = 10_000) {
  const entries = new Map<string, { token: string; expires: number }>();
  return {
    /** The session token of a cookie value verified within the last `ttlMs`, or null. */
    get(value: string): string | null {
      const hit = entries.get(value);
      if (!hit) return null;
      if (hit.expires <= Date.now()) {
        entries.delete(value);
        return null;
      }
      return hit.token;
    },
    /**
     * Remembers `value` as the cookie of the verified session `token`, only if it is exactly
     * the value better-auth signs for that token. Answers whether it was remembered.
     */
    remember(value: string, token: string, secret: string): boolean {
      if (!sameString(value, signedSessionValue(token, secret))) return false;
      if (entries.size >= maxEntries) entries.clear();
      entries.set(value, { token, expires: Date.now() + ttlMs });
      return true;
    },
    forget(value: string): void {
      entries.delete(value);
    },
  };
}

export type SessionCache = ReturnType<typeof createSessionCache>;
