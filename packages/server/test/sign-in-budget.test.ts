/**
 * Issue 12, defect 5: `POST /api/auth/login` and token sign-in (`POST /api/tokens` with email
 * and password) draw on one budget per IP address and one per account.
 */
import { describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "./support/index.js";

async function withServer(env: Record<string, string>, run: (bis: TestServer) => Promise<void>) {
  const bis = await startTestServer({
    BIS_LOG_LEVEL: "silent",
    BIS_LOGIN_RATE_LIMIT: "3",
    BIS_LOGIN_RATE_WINDOW_MINUTES: "15",
    ...env,
  });
  try {
    await run(bis);
  } finally {
    await bis.close();
  }
}

/** A wrong-password attempt on `path` for `email`, from `ip` when the proxy is trusted. */
function attempt(bis: TestServer, path: string, email: string, ip?: string) {
  return fetch(`${bis.url}${path}`, {
    method: "POST",
    headers: {
      "Content-Type": "application/json",
      ...(ip ? { "X-Forwarded-For": ip } : {}),
    },
    body: JSON.stringify({ name: "x", email, password: "guess-1234" }),
  });
}

const LOGIN = "/api/auth/login";
const TOKENS = "/api/tokens";

describe("the sign-in budget", () => {
  it("is shared by sign-in and token sign-in from one IP address", async () => {
    await withServer({}, async (bis) => {
      expect((await attempt(bis, LOGIN, "a@example.com")).status).toBe(401);
      expect((await attempt(bis, TOKENS, "b@example.com")).status).toBe(401);
      expect((await attempt(bis, LOGIN, "c@example.com")).status).toBe(401);
      const blocked = await attempt(bis, TOKENS, "d@example.com");
      expect(blocked.status).toBe(429);
      expect(await blocked.json()).toEqual({
        code: "RATE_LIMITED",
        message: "Too many sign-in attempts. Please wait 15 minutes and try again.",
      });
      expect((await attempt(bis, LOGIN, "e@example.com")).status).toBe(429);
    });
  });

  it("is kept per account too, whatever address the attempts come from", async () => {
    await withServer({ BIS_TRUST_PROXY: "true" }, async (bis) => {
      expect((await attempt(bis, LOGIN, "Victim@Example.com", "203.0.113.1")).status).toBe(401);
      expect((await attempt(bis, TOKENS, "victim@example.com", "203.0.113.2")).status).toBe(401);
      expect((await attempt(bis, LOGIN, " victim@example.com", "203.0.113.3")).status).toBe(401);
      expect((await attempt(bis, TOKENS, "victim@example.com", "203.0.113.4")).status).toBe(429);
      expect((await attempt(bis, LOGIN, "victim@example.com", "203.0.113.5")).status).toBe(429);
      // Another account, from a fresh address, has its own budget.
      expect((await attempt(bis, LOGIN, "other@example.com", "203.0.113.6")).status).toBe(401);
    });
  });
});

describe("the client address behind a proxy", () => {
  it("with BIS_TRUST_PROXY=1 is the one the proxy appended, not a spoofed left-most one", async () => {
    await withServer({ BIS_TRUST_PROXY: "1" }, async (bis) => {
      // The proxy appends the client's real address (203.0.113.9) to whatever the client sent.
      for (const spoofed of ["198.51.100.1", "198.51.100.2", "198.51.100.3"])
        expect(
          (await attempt(bis, LOGIN, `${spoofed}@example.com`, `${spoofed}, 203.0.113.9`)).status,
        ).toBe(401);
      const fourth = await attempt(bis, LOGIN, "fourth@example.com", "198.51.100.4, 203.0.113.9");
      expect(fourth.status).toBe(429);
      // Another client behind the same proxy has its own budget.
      expect(
        (await attempt(bis, LOGIN, "fifth@example.com", "198.51.100.4, 203.0.113.10")).status,
      ).toBe(401);
    });
  });
});
