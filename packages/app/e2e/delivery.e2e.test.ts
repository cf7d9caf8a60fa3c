/**
 * Sell only what will be delivered, in a real browser against the real server
 * in production mode with no competitor provider (no sample competitors):
 * - no surface offers competition analysis (landing card, results promo, status card, section
 *   button, dashboard step): customers read "Competition analysis is not available yet", and no
 *   customer page names a setting, a server or an integration;
 * - the checkout lists and prices exactly what this server delivers (keyword research, the PDF
 *   report: $599.00, not $899.00), at 1280 and 375 px; its back link returns to the analysis;
 *   "Demo checkout" is said once; "Complete Demo Purchase" never flashes "Already purchased";
 * - the administrator sees the missing provider on arriving at /admin and on the System tab;
 * - once the administrator saves a Yelp key (a local fake of Yelp Fusion), the same button runs
 *   it to completion.
 */

import { startFakeYelp } from "@bis/server/testing";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type E2EEnv, getEnv, newPage, setServerEnv } from "./harness.js";
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

const YELP_KEY = "yelp-e2e-delivery-key-0000";
const yelp = await startFakeYelp({ apiKey: YELP_KEY });
setServerEnv({ YELP_API_URL: yelp.url, BIS_SAMPLE_DATA: "false" });

const admin = newAccount("deliver-admin", "Ada", "Admin");
const buyer = newAccount("deliver", "Bea", "Buyer");

let env: E2EEnv;
let adminPage: Page;
let page: Page;
let analysisPath = "";
let analysisId = "";

const url = (path: string) => new URL(path, env.baseUrl).toString();
const NOT_YET = "Competition analysis is not available yet";
/** Words for operators that must never reach a customer's page. */
const OPERATOR_WORDS =
  /on this server|integration|BIS_[A-Z]|_API_KEY|Google Places or Yelp|Competition Analyzer/i;

async function expectCustomerWords(p: Page): Promise<void> {
  const text = (await p.locator("body").textContent()) ?? "";
  expect(text).not.toMatch(OPERATOR_WORDS);
}

describe("selling only what is delivered", () => {
  beforeAll(async () => {
    env = getEnv();
    adminPage = await newPage();
    page = await newPage();
  });

  afterAll(async () => {
    await adminPage?.context().close();
    await page?.context().close();
    await yelp.close();
  });

  it("shows the administrator, on arriving at /admin and on the System tab, which deliverable lacks a provider", {
    timeout: STEP_TIMEOUT,
  }, async () => {
    await adminPage.goto(url("/admin-setup"));
    await adminPage.getByLabel("Email", { exact: true }).fill(admin.email);
    await adminPage.getByLabel("Password", { exact: true }).fill(admin.password);
    await adminPage.getByLabel("First Name", { exact: true }).fill(admin.firstName);
    await adminPage.getByLabel("Last Name", { exact: true }).fill(admin.lastName);
    await adminPage.getByRole("button", { name: "Create Admin Account" }).click();
    await waitForPath(adminPage, "/dashboard");

    await adminPage.goto(url("/admin"));
    const notice = adminPage.getByRole("region", { name: "A paid deliverable lacks a provider" });
    await visible(notice);
    expect(await notice.textContent()).toContain(
      "Competition analysis (not sold): No competitor data provider is configured. Add a Google Places or Yelp key in Admin → API Keys",
    );
    await notice.getByRole("link", { name: "See every deliverable on the System tab" }).click();
    const table = adminPage.getByRole("region", { name: "Deliverables and their providers" });
    await visible(table);
    const competitionRow = table.getByRole("row").filter({ hasText: "Competition analysis" });
    await visible(competitionRow.getByText("Not delivered"));
    await visible(
      table
        .getByRole("row")
        .filter({ hasText: "Keyword research" })
        .getByText("Delivered · Modeled"),
    );
  });

  it("does not advertise competition analysis on the landing page", {
    timeout: STEP_TIMEOUT,
  }, async () => {
    const visitor = await newPage();
    await visitor.goto(url("/"));
    const card = visitor.getByRole("listitem").filter({ hasText: "Competition Analysis" });
    await visible(card.getByText(`${NOT_YET}.`));
    expect(await card.getByText("PREMIUM", { exact: true }).count()).toBe(0);
    await expectCustomerWords(visitor);
    await visitor.context().close();
  });

  it("lists and prices only deliverable items (1280 and 375 px), goes back to the analysis, says demo mode once", {
    timeout: 90_000,
  }, async () => {
    await signUpVerified(page, env, buyer);
    analysisPath = await runAnalysis(page, "Austin", "TX");
    analysisId = analysisPath.split("/").at(-1) ?? "";
    // The promo and the status card: not offered, in plain words; the package costs less.
    await visible(page.getByText(`${NOT_YET}.`).first());
    expect(await page.getByText("Top 20 competitors").count()).toBe(0);
    await visible(page.getByText("$599.00", { exact: true }));
    await expectCustomerWords(page);
    await page.getByRole("link", { name: "Learn More About Premium Services" }).click();
    await waitForPath(page, `/checkout/${analysisId}`);

    for (const width of [1280, 375]) {
      await page.setViewportSize({ width, height: 900 });
      const summary = page.getByRole("region", { name: "Order Summary" });
      await visible(summary);
      const items = await summary.getByRole("list").first().getByRole("listitem").allTextContents();
      expect(items).toEqual([
        "Keyword research with search volume, CPC and a PPC budget (modeled estimates)",
        "A professional PDF report",
        "Lifetime access to this analysis",
      ]);
      await visible(summary.getByText("Not available yet", { exact: true }));
      await visible(summary.getByText(NOT_YET, { exact: true }));
      // Priced per item actually sold: $499 + $100, not the full $899.
      await visible(summary.getByText("$599.00", { exact: true }));
      expect(await summary.getByText("$899.00").count()).toBe(0);
      await expectCustomerWords(page);
      expect(await overflowsHorizontally(page)).toBe(false);
    }
    await page.setViewportSize({ width: 1280, height: 900 });

    const banner = page.getByRole("region", { name: "Demo checkout — no card is charged" });
    expect((await banner.textContent())?.match(/Demo checkout/gi)).toHaveLength(1);
    const back = page.getByRole("link", { name: "Back to Analysis" });
    expect(await back.getAttribute("href")).toBe(analysisPath);
    await back.click();
    await waitForPath(page, analysisPath);
    await page.goBack();
    await waitForPath(page, `/checkout/${analysisId}`);

    // Issue 24: no "Already purchased" flash between the click and the results.
    const flash = await watchForText(page, "Already purchased");
    await page.getByRole("button", { name: "Complete Demo Purchase" }).click();
    await waitForPath(page, analysisPath);
    await visible(toastIn(page, "Payment Successful"), STEP_TIMEOUT);
    expect(await flash.seen()).toBe(false);
  });

  it("says how many keywords were researched, how many have volume, and the city limit", {
    timeout: 60_000,
  }, async () => {
    await page.getByRole("button", { name: "Start Keyword Research" }).click();
    await visible(toastIn(page, "View Your Results"), STEP_TIMEOUT);
    const researched = page.locator("dt", { hasText: /^Total Keywords$/ });
    await visible(researched);
    const figure = researched.locator("xpath=..");
    expect(await figure.textContent()).toMatch(
      /[\d,]+ with search volume \(10 or more searches a month\)/,
    );
    await visible(
      page
        .getByRole("list", { name: "Limits of this research" })
        .getByText(/^Limited to the first 15 of [\d,]+ cities by the BIS keyword model/),
    );
  });

  it("offers no competition run without a provider: a plain sentence, no button, here and on the dashboard", {
    timeout: 60_000,
  }, async () => {
    const section = page.locator('[data-state="unavailable"]');
    await visible(section.getByText(NOT_YET, { exact: true }));
    expect(await page.getByRole("button", { name: "Start Competition Analysis" }).count()).toBe(0);
    await visible(
      page
        .getByRole("region", { name: "Progress" })
        .getByText("Not available yet", { exact: true }),
    );
    await expectCustomerWords(page);
    await page.goto(url("/dashboard"));
    const step = page.getByRole("group", { name: "Competition Analysis" });
    await visible(step.getByText(`${NOT_YET}.`));
    expect(await step.getByRole("link").count()).toBe(0);
    await visible(page.getByRole("link", { name: "Open Keyword Research" }));
    await page.goto(url(analysisPath));
  });

  it("runs it to completion once the administrator has configured a provider", {
    timeout: 60_000,
  }, async () => {
    const analysis = (await page.evaluate(
      async (id) => (await fetch(`/api/analyses/${id}`)).json(),
      analysisId,
    )) as { marketAnalysisData?: { target?: { lat: number; lon: number } } };
    const target = analysis.marketAnalysisData?.target;
    if (!target) throw new Error("the analysis has no target");
    yelp.businesses = [
      {
        id: "y-1",
        name: "Bluebonnet Air",
        lat: target.lat + 0.01,
        lon: target.lon,
        rating: 4.8,
        reviewCount: 310,
      },
      {
        id: "y-2",
        name: "Capitol Cooling",
        lat: target.lat - 0.02,
        lon: target.lon,
        rating: 4.2,
        reviewCount: 75,
      },
    ];
    const saved = await adminPage.evaluate(async (key) => {
      const res = await fetch("/api/admin/api-keys/yelp", {
        method: "PUT",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ value: key }),
      });
      return res.status;
    }, YELP_KEY);
    expect(saved).toBe(200);
    await adminPage.goto(url("/admin"));
    await visible(adminPage.getByRole("tablist", { name: "Administration" }));
    expect(await adminPage.getByRole("region", { name: /lacks? a provider/ }).count()).toBe(0);

    await page.reload();
    // Offered now (the page asks the server again), with a live button.
    const start = page.getByRole("button", { name: "Start Competition Analysis" });
    await visible(start);
    await start.click();
    await visible(toastIn(page, "Competition Analysis Complete"), STEP_TIMEOUT);
    const table = page.getByRole("table", { name: "Competitors" });
    await visible(table);
    expect(await table.locator("tbody tr").count()).toBe(2);
    await visible(table.getByText("Bluebonnet Air"));
  });
});
