/**
 * A newcomer's first visit, signed out: the landing page, sign in and registration make no
 * request that answers an error (the app asks "who am I" through GET /api/auth/session, which
 * answers 200 with no user), so the browser console stays clean, and the server logs no warning
 * for it (its log runs at warn in these tests: a WARN line would show in its output).
 */

import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newPage, serverOutput } from "./harness.js";
import { STEP_TIMEOUT, visible } from "./support.js";

let page: Page;
const consoleErrors: string[] = [];
const failed: string[] = [];

describe("a signed-out first visit", () => {
  beforeAll(async () => {
    page = await newPage();
    page.on("console", (message) => {
      if (message.type() === "error") consoleErrors.push(message.text());
    });
    page.on("response", (response) => {
      if (response.status() >= 400) failed.push(`${response.status()} ${response.url()}`);
    });
  });

  afterAll(async () => {
    await page?.context().close();
  });

  it("shows /, /signin and /register with no console error, no failing request and no server warning", {
    timeout: STEP_TIMEOUT * 3,
  }, async () => {
    const before = serverOutput().length;
    await page.goto("/", { waitUntil: "networkidle" });
    await visible(
      page.getByRole("heading", { level: 1, name: "Premium Local Market Research" }),
      STEP_TIMEOUT,
    );
    await page.goto("/signin", { waitUntil: "networkidle" });
    await visible(page.getByRole("button", { name: "Sign In", exact: true }), STEP_TIMEOUT);
    await page.goto("/register", { waitUntil: "networkidle" });
    await visible(
      page.getByRole("button", { name: "Create Account & Start Analysis" }),
      STEP_TIMEOUT,
    );
    expect(failed).toEqual([]);
    expect(consoleErrors).toEqual([]);
    const logged = serverOutput().slice(before);
    expect(logged).not.toMatch(/"level":40|WARN/);
  });
});
