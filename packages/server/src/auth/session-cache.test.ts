import type { User } from "@bis/sdk";
import { afterEach, describe, expect, it, vi } from "vitest";
import { createSessionCache, sessionCookie } from "./session-cache.js";

const user = (id: string): User => ({
  id,
  email: `${id}@example.com`,
  firstName: null,
  lastName: null,
  isAdmin: false,
  profileImageUrl: null,
  createdAt: "2026-01-01T00:00:00.000Z",
});

afterEach(() => vi.useRealTimers());

describe("session cache", () => {
  it("reads the session cookie, with or without the __Secure- prefix", () => {
    expect(
      sessionCookie(new Headers({ cookie: "a=1; better-auth.session_token=abc.sig; b=2" })),
    ).toBe("abc.sig");
    expect(sessionCookie(new Headers({ cookie: "__Secure-better-auth.session_token=xyz" }))).toBe(
      "xyz",
    );
    expect(sessionCookie(new Headers({ cookie: "other=1" }))).toBeNull();
    expect(sessionCookie(new Headers())).toBeNull();
  });

  it("keeps a session for its time to live, then forgets it", () => {
    vi.useFakeTimers();
    const cache = createSessionCache(10_000);
    cache.set("t1", user("u1"));
    vi.advanceTimersByTime(9_999);
    expect(cache.get("t1")?.id).toBe("u1");
    vi.advanceTimersByTime(2);
    expect(cache.get("t1")).toBeNull();
  });

  it("drops every session of a user who changed, and one signed out", () => {
    const cache = createSessionCache();
    cache.set("t1", user("u1"));
    cache.set("t2", user("u1"));
    cache.set("t3", user("u2"));
    cache.invalidateUser("u1");
    expect(cache.get("t1")).toBeNull();
    expect(cache.get("t2")).toBeNull();
    expect(cache.get("t3")?.id).toBe("u2");
    cache.set("t1", user("u1"));
    expect(cache.get("t1")?.id).toBe("u1");
    cache.forget("t3");
    expect(cache.get("t3")).toBeNull();
  });
});
