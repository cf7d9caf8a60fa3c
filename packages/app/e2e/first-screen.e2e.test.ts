/**
 * The first screen and the way back in, in Chromium against the built server:
 * - the landing page's call to action lies inside the first viewport at 1280×800 and 375×812,
 *   above the video panel (measured by its bounding box);
 * - a link to an analysis opened signed out goes to /signin?next=… and, after signing in, back
 *   to the analysis; a `next` off this origin is ignored (the dashboard).
 */
import type { Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { type E2EEnv, getEnv, newPage } from "./harness.js";
import {
  fillSignIn,
  NAV_TIMEOUT,
  newAccount,
  STEP_TIMEOUT,
  signUpVerified,
  toastIn,
  visible,
  waitForPath,
} from "./support.js";

let env: E2EEnv;
beforeAll(() => {
  env = getEnv();
});

describe("the landing page's call to action", () => {
  it.each([
    [1280, 800],
    [375, 812],
  ])(
    "is in the first viewport at %i×%i, above the video panel",
    {
      timeout: STEP_TIMEOUT,
    },
    async (width, height) => {
      const page = await newPage({ width, height });
      await page.goto("/");
      const cta = page.getByRole("link", { name: "Start Your Free Market Analysis" });
      await visible(cta);
      await visible(page.getByText("Video Coming Soon"));
      const box = await cta.boundingBox();
      const video = await page
        .getByRole("heading", { name: "See How BIS Transforms Your Market Research" })
        .boundingBox();
      console.info(`landing CTA at ${width}×${height}: ${JSON.stringify(box)}`);
      expect(box).not.toBeNull();
      if (!box || !video) return;
      expect(box.y).toBeGreaterThanOrEqual(0);
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.y + box.height).toBeLessThanOrEqual(height);
      expect(box.x + box.width).toBeLessThanOrEqual(width);
      expect(box.y).toBeLessThan(video.y);
    },
  );
});

describe("a deep link and sign-in", () => {
  const account = newAccount("deeplink", "Dora", "Link");
  let page: Page;
  let analysisPath = "";

  beforeAll(async () => {
    page = await newPage();
  });

  it("has an analysis", { timeout: STEP_TIMEOUT }, async () => {
    await signUpVerified(page, env, account);
    const id = await page.evaluate(async () => {
      const answer = await fetch("/api/market-analysis/analyze", {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({
          city: "Waco",
          state: "TX",
          industry: "HVAC",
          primaryRadius: 10,
          secondaryRadius: 15,
        }),
      });
      const body = (await answer.json()) as { analysis: { id: string } };
      return body.analysis.id;
    });
    analysisPath = `/analysis/${id}`;
    await page.context().clearCookies();
  });

  it("goes to sign in with ?next= and back to the analysis", {
    timeout: STEP_TIMEOUT,
  }, async () => {
    await page.goto(analysisPath);
    await waitForPath(page, "/signin");
    expect(new URL(page.url()).searchParams.get("next")).toBe(analysisPath);
    await fillSignIn(page, account.email, account.password);
    await visible(toastIn(page, "Welcome back!"));
    await waitForPath(page, analysisPath, NAV_TIMEOUT);
    await visible(page.getByText("Waco, TX").first());
  });

  it("ignores a next that leaves the site", { timeout: STEP_TIMEOUT }, async () => {
    await page.context().clearCookies();
    for (const next of ["//evil.com/x", "https://evil.com/", "/\\evil.com"]) {
      await page.goto(`/signin?next=${encodeURIComponent(next)}`);
      await fillSignIn(page, account.email, account.password);
      await waitForPath(page, "/dashboard");
      expect(new URL(page.url()).origin).toBe(new URL(env.baseUrl).origin);
      await page.context().clearCookies();
    }
  });
});
