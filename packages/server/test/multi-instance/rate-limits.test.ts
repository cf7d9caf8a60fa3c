/**
 * Issue 14: the sign-in limit holds across three BIS server processes on one PostgreSQL database
 * — wrong passwords spread over them are refused at exactly BIS_LOGIN_RATE_LIMIT in total per
 * IP address, and slowed down per account, sequential or at once. Runs in the
 * server-pg project only.
 */
import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type InstanceGroup, startInstances } from "../support/instances.js";

const LIMIT = 5;

describe("the sign-in limit over three instances on one PostgreSQL database", () => {
  let group: InstanceGroup;

  beforeAll(async () => {
    group = await startInstances(3, {
      BIS_LOGIN_RATE_LIMIT: String(LIMIT),
      BIS_LOGIN_RATE_WINDOW_MINUTES: "15",
      // As behind the load balancer: the client's address comes from X-Forwarded-For.
      BIS_TRUST_PROXY: "1",
    });
  }, 180_000);

  afterAll(async () => {
    await group?.close();
  }, 60_000);

  /** A wrong-password sign-in on instance `i` (round robin), from `ip`. */
  function attempt(i: number, ip: string, email: string) {
    const instance = group.instances[i % group.instances.length];
    return fetch(`${instance?.url}/api/auth/login`, {
      method: "POST",
      headers: { "Content-Type": "application/json", "X-Forwarded-For": ip },
      body: JSON.stringify({ email, password: "guess-1234" }),
    });
  }

  it("refuses wrong passwords from one address spread over the instances at exactly the limit in total", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < LIMIT + 3; i++) {
      statuses.push((await attempt(i, "203.0.113.20", `someone${i}@example.com`)).status);
    }
    expect(statuses).toEqual([...Array(LIMIT).fill(401), 429, 429, 429]);
    const limited = await attempt(0, "203.0.113.20", "someone@example.com");
    expect(await limited.json()).toEqual({
      code: "RATE_LIMITED",
      message: "Too many sign-in attempts. Please wait 15 minutes and try again.",
    });
  });

  it("counts guesses at one account from many addresses over the instances together: the next one waits", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < LIMIT; i++) {
      statuses.push((await attempt(i, `198.51.100.${i + 1}`, "target@example.com")).status);
    }
    expect(statuses).toEqual(Array(LIMIT).fill(401));
    // The account's free failures are used up on all three together: the next attempt, on
    // another instance from a fresh address, is delayed (1 s), not refused.
    const started = performance.now();
    const next = await attempt(LIMIT + 1, "198.51.100.200", "target@example.com");
    expect(next.status).toBe(401);
    expect(performance.now() - started).toBeGreaterThanOrEqual(950);
  });

  it("counts guesses sent to all instances at once exactly", async () => {
    const responses = await Promise.all(
      Array.from({ length: 3 * LIMIT }, (_, i) => attempt(i, "192.0.2.50", `c${i}@example.com`)),
    );
    const statuses = responses.map((r) => r.status);
    expect(statuses.filter((s) => s === 401)).toHaveLength(LIMIT);
    expect(statuses.filter((s) => s === 429)).toHaveLength(2 * LIMIT);
  });

  it("answers an over-long email with a validation error, not a server error", async () => {
    // Its account key is longer than an index entry may be: the store keeps a hash of it.
    const response = await attempt(
      0,
      "192.0.2.99",
      `${randomBytes(10_000).toString("hex")}@example.com`,
    );
    expect(response.status).toBe(400);
    expect((await response.json()).code).toBe("VALIDATION_FAILED");
  });
});
