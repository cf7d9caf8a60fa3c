/**
 * A short-lived, in-process cache of verified sessions: the session lookup (signature check and
 * two queries) is the largest fixed cost of an API call. Entries are keyed by the signed session
 * cookie (only values better-auth has verified get in), live `ttlMs`, and are dropped at once
 * when BIS changes the user or revokes sessions (`invalidateUser`, `forget`). Another server
 * instance's changes are seen after at most `ttlMs`.
 */
import type { User } from "@bis/sdk";

const SESSION_COOKIE = /(?:^|;\s*)(?:__Secure-)?better-auth\.session_token=([^;]+)/;

export function sessionCookie(headers: Headers): string | null {
  return SESSION_COOKIE.exec(headers.get("cookie") ?? "")?.[1] ?? null;
}

export function createSessionCache(ttlMs = 10_000, maxEntries = 10_000) {
  const entries = new Map<string, { user: User; expires: number; epoch: number }>();
  const epochs = new Map<string, number>();
  const epochOf = (userId: string) => epochs.get(userId) ?? 0;

  return {
    get(token: string): User | null {
      const hit = entries.get(token);
      if (!hit) return null;
      if (hit.expires <= Date.now() || hit.epoch !== epochOf(hit.user.id)) {
        entries.delete(token);
        return null;
      }
      return hit.user;
    },
    set(token: string, user: User): void {
      if (entries.size >= maxEntries) entries.clear();
      entries.set(token, { user, expires: Date.now() + ttlMs, epoch: epochOf(user.id) });
    },
    /** The user changed or lost sessions: every cached session of theirs is checked again. */
    invalidateUser(userId: string): void {
      epochs.set(userId, epochOf(userId) + 1);
    },
    forget(token: string | null): void {
      if (token) entries.delete(token);
    },
  };
}

export type SessionCache = ReturnType<typeof createSessionCache>;
