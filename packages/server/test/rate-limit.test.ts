import { afterAll, beforeAll, expect, it } from "vitest";
import { startTestServer, type TestServer } from "./support/index.js";

let bis: TestServer;
beforeAll(async () => {
  bis = await startTestServer({ BIS_LOGIN_RATE_LIMIT: "3", BIS_LOGIN_RATE_WINDOW_MINUTES: "15" });
});
afterAll(() => bis.close());

it("answers 429 with a clear message once sign-in attempts exceed the limit", async () => {
  const attempt = () =>
    fetch(`${bis.url}/api/auth/login`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ email: "someone@example.com", password: "guess-1234" }),
    });
  const statuses: number[] = [];
  for (let i = 0; i < 3; i++) statuses.push((await attempt()).status);
  expect(statuses).toEqual([401, 401, 401]);
  const limited = await attempt();
  expect(limited.status).toBe(429);
  expect(await limited.json()).toEqual({
    code: "RATE_LIMITED",
    message: "Too many sign-in attempts. Please wait 15 minutes and try again.",
  });
});
