/**
 * Buying premium in demo mode (the server runs without Stripe keys) in a real browser against
 * the real server: a verified user runs an analysis of Austin, TX; a return with
 * `payment_success=true` before paying unlocks nothing; the results page's promo leads to the
 * checkout, which says plainly that no card is charged and shows the price of what a default
 * install delivers (no competitor provider: $599, only what it can deliver); "Complete Demo
 * Purchase" brings the user back to the results with "Payment Successful" and without the
 * promo; the dashboard then opens the premium steps on that analysis.
 *
 * Steps share one page and run in order; each starts where the previous one ended.
 */
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type E2EEnv, getEnv, newPage } from "./harness.js";
import {
  newAccount,
  overflowsHorizontally,
  runAnalysis,
  STEP_TIMEOUT,
  signUpVerified,
  toastIn,
  visible,
  waitForPath,
  watchForText,
} from "./support.js";

const account = newAccount("checkout", "Casey", "Buyer");

let env: E2EEnv;
let page: Page;
let analysisPath = "";
let analysisId = "";

const url = (path: string) => new URL(path, env.baseUrl).toString();
const PROMO = "Complete Your Market Intelligence";

describe("checkout in demo mode", () => {
  beforeAll(async () => {
    env = getEnv();
    page = await newPage();
  });

  afterAll(async () => {
    await page?.context().close();
  });

  it("signs up and runs an analysis of Austin, TX", { timeout: 60_000 }, async () => {
    await signUpVerified(page, env, account);
    analysisPath = await runAnalysis(page, "Austin", "TX");
    analysisId = analysisPath.split("/").at(-1) ?? "";
    expect(analysisId).not.toBe("");
    await visible(page.getByText(PROMO, { exact: true }));
  });

  it("unlocks nothing on payment_success=true without a payment", {
    timeout: 40_000,
  }, async () => {
    await page.goto(url(`${analysisPath}?payment_success=true`));
    // The app asks the server for about 10 s, then says it is still confirming.
    await visible(page.getByText("Payment received — we're confirming it."), 20_000);
    expect(new URL(page.url()).search).toBe("");
    expect(await toastIn(page, "Payment Successful").count()).toBe(0);
    await visible(page.getByText(PROMO, { exact: true }));
  });

  // A default install has no competitor data provider: the package is keyword research and
  // the PDF report, $499 + $100, not the full $899.
  it("goes from the promo to the checkout, in demo mode, at $599.00", {
    timeout: STEP_TIMEOUT,
  }, async () => {
    await page.getByRole("link", { name: "Learn More About Premium Services" }).click();
    await waitForPath(page, `/checkout/${analysisId}`);
    const summary = page.getByRole("region", { name: "Order Summary" });
    await visible(summary);
    await visible(summary.getByText("Premium Market Intelligence", { exact: true }));
    await visible(summary.getByText("HVAC · Austin, TX", { exact: true }));
    await visible(summary.getByText("$599.00", { exact: true }));
    await visible(summary.getByText("Competition analysis is not available yet", { exact: true }));
    await visible(summary.getByText("Lifetime access to this analysis"));
    await visible(page.getByText("30-Day Satisfaction Guarantee"));
    await visible(page.getByRole("region", { name: "Demo checkout — no card is charged" }));
    // Demo mode never loads Stripe.js.
    expect(
      await page.evaluate(() =>
        performance.getEntriesByType("resource").some((r) => r.name.includes("stripe")),
      ),
    ).toBe(false);
  });

  it("fits the checkout on a 360 px wide screen", { timeout: STEP_TIMEOUT }, async () => {
    await page.setViewportSize({ width: 360, height: 780 });
    expect(await overflowsHorizontally(page)).toBe(false);
    await page.setViewportSize({ width: 1280, height: 900 });
  });

  it("completes the demo purchase from the keyboard and returns to the results", {
    timeout: STEP_TIMEOUT,
  }, async () => {
    // Issue 24: no "Already purchased" flash between the purchase and the results.
    const flash = await watchForText(page, "Already purchased");
    const buy = page.getByRole("button", { name: "Complete Demo Purchase" });
    await buy.focus();
    await page.keyboard.press("Enter");
    await waitForPath(page, analysisPath);
    expect(await flash.seen()).toBe(false);
    await visible(toastIn(page, "Payment Successful"));
    await visible(
      toastIn(page, "Thank you for your purchase! Your premium analysis is now available.").first(),
    );
    await page.waitForURL((u) => u.search === "");
    await visible(page.getByRole("button", { name: "Start Keyword Research" }));
    expect(await page.getByRole("button", { name: "Start Keyword Research" }).isEnabled()).toBe(
      true,
    );
    expect(await page.getByText(PROMO, { exact: true }).count()).toBe(0);
  });

  it("does not repeat the toast on reload", { timeout: STEP_TIMEOUT }, async () => {
    await page.reload();
    await visible(page.getByText("Completed", { exact: true }));
    await visible(page.getByRole("link", { name: "Download PDF Report" }));
    expect(await toastIn(page, "Payment Successful").count()).toBe(0);
    expect(await page.getByText(PROMO, { exact: true }).count()).toBe(0);
  });

  it("says the analysis is already purchased at its checkout", {
    timeout: STEP_TIMEOUT,
  }, async () => {
    await page.goto(url(`/checkout/${analysisId}`));
    await visible(page.getByRole("heading", { name: "Already purchased" }));
    expect(await page.getByRole("button", { name: "Complete Demo Purchase" }).count()).toBe(0);
    const results = page.getByRole("link", { name: "View Your Results" });
    expect(await results.getAttribute("href")).toBe(analysisPath);
  });

  it("unlocks the premium steps on the dashboard", { timeout: STEP_TIMEOUT }, async () => {
    await page.goto(url("/dashboard"));
    const keyword = page.getByRole("link", { name: "Open Keyword Research" });
    await visible(keyword);
    expect(await keyword.getAttribute("href")).toBe(analysisPath);
    // Not offered on a default install: a plain sentence, no link.
    expect(await page.getByRole("link", { name: "Open Competition Analysis" }).count()).toBe(0);
    await visible(
      page
        .getByRole("group", { name: "Competition Analysis" })
        .getByText("Competition analysis is not available yet."),
    );
    expect(await page.getByText("Requires Payment").count()).toBe(0);
    const list = page.getByRole("region", { name: "Your Analyses" });
    await visible(list.getByText("Premium", { exact: true }));
    expect(await list.getByRole("link", { name: /^Buy Premium/ }).count()).toBe(0);
    await page.setViewportSize({ width: 360, height: 780 });
    expect(await overflowsHorizontally(page)).toBe(false);
    await page.setViewportSize({ width: 1280, height: 900 });
  });
});
