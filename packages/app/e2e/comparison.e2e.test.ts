/**
 * Comparing markets in a real browser against the real server: a verified user with
 * three analyses selects them on the dashboard (the Compare button says why it is disabled until
 * two are selected; the boxes work from the keyboard), compares them, and on the comparison page
 * finds the markets ranked with their figures and grades, the best value of a row marked in
 * words, the premium note, the map with every market's circles, downloads the CSV, and finds
 * the comparison again under "Your Comparisons" on the dashboard. The dashboard's selection and
 * saved comparisons, the comparison page and the several-cities form pass axe-core.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { axeViolations, blocking, describe as describeViolations } from "./axe.js";
import { type E2EEnv, getEnv } from "./harness.js";
import {
  NAV_TIMEOUT,
  newAccount,
  overflowsHorizontally,
  STEP_TIMEOUT,
  signUpVerified,
  visible,
} from "./support.js";

const account = newAccount("compare", "Carmen", "Compare");
const CITIES = ["Austin", "Waco", "Tyler"];

/** Fails on any serious or critical axe-core violation of the page as it is now. */
async function accessible(state: string) {
  const violations = blocking(await axeViolations(page));
  expect(violations, `${state}:\n${describeViolations(violations)}`).toEqual([]);
}

let env: E2EEnv;
let page: Page;

describe("comparing markets", () => {
  beforeAll(async () => {
    env = getEnv();
    // CSP bypassed so axe-core can be injected (as in accessibility.e2e.test.ts).
    const context = await env.browser.newContext({
      baseURL: env.baseUrl,
      viewport: { width: 1280, height: 900 },
      bypassCSP: true,
    });
    context.setDefaultTimeout(10_000);
    page = await context.newPage();
  });

  afterAll(async () => {
    await page?.context().close();
  });

  it("signs up and has three analyses", { timeout: STEP_TIMEOUT }, async () => {
    await signUpVerified(page, env, account);
    // The analyses through the API from the page, with its session (the wizard has its own test).
    for (const city of CITIES) {
      const status = await page.evaluate(async (name) => {
        const answer = await fetch("/api/market-analysis/analyze", {
          method: "POST",
          headers: { "Content-Type": "application/json" },
          body: JSON.stringify({
            city: name,
            state: "TX",
            industry: "HVAC",
            primaryRadius: 10,
            secondaryRadius: 15,
          }),
        });
        return answer.status;
      }, city);
      expect(status).toBe(201);
    }
    await page.reload();
    const list = page.getByRole("region", { name: "Your Analyses" });
    for (const city of CITIES) await visible(list.getByText(`${city}, TX`, { exact: true }));
  });

  it("selects three analyses and compares them", { timeout: STEP_TIMEOUT }, async () => {
    const bar = page.getByRole("region", { name: "Compare analyses" });
    const compare = bar.getByRole("button", { name: "Compare" });
    expect(await compare.isDisabled()).toBe(true);
    await visible(bar.getByText("0 selected · Select at least 2 analyses to compare"));

    const box = (city: string) =>
      page.getByRole("checkbox", { name: new RegExp(`^Select ${city}, TX`) });
    // The keyboard: focus the first box and press Space.
    await box("Austin").focus();
    await page.keyboard.press("Space");
    expect(await box("Austin").isChecked()).toBe(true);
    expect(await compare.isDisabled()).toBe(true);
    expect(await compare.getAttribute("aria-describedby")).toBeTruthy();
    await box("Waco").check();
    await box("Tyler").check();
    await visible(bar.getByText("3 selected · up to 10"));
    expect(await compare.isDisabled()).toBe(false);
    await accessible("dashboard with three analyses selected");
    await compare.click();
    await page.waitForURL((u) => u.pathname.startsWith("/comparisons/"), { timeout: NAV_TIMEOUT });
  });

  it("shows the markets ranked with grades, the best values and the premium note", {
    timeout: STEP_TIMEOUT,
  }, async () => {
    await visible(page.getByRole("heading", { level: 1, name: "Market Comparison" }));
    expect(await page.title()).toMatch(/ vs .* — Market comparison — BIS$/);
    const table = page.getByRole("table");
    const headers = table.getByRole("columnheader");
    expect(await headers.count()).toBe(1 + CITIES.length);
    await visible(headers.nth(1).getByText("Rank 1"));
    for (const city of CITIES) await visible(table.getByRole("link", { name: `${city}, TX` }));
    const households = table.getByRole("row", { name: /^Households/ });
    expect(await households.getByText("Best", { exact: true }).count()).toBe(1);
    await visible(households.getByText(/Modeled|Measured/).first());
    const cpc = table.getByRole("row", { name: /^Average CPC/ });
    expect(await cpc.getByText("Premium", { exact: true }).count()).toBe(CITIES.length);
    await visible(page.getByText("Would need the premium steps"));

    const map = page.getByRole("region", { name: /^Map of the 3 markets compared/ });
    await visible(map.locator("path.bis-radius-primary").first(), 15_000);
    expect(await map.locator("path.bis-radius-primary").count()).toBe(CITIES.length);
    expect(await map.locator("path.bis-radius-secondary").count()).toBe(CITIES.length);
    await accessible("comparison page");
  });

  it("downloads the comparison as CSV", { timeout: STEP_TIMEOUT }, async () => {
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("link", { name: "Download CSV" }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^bis-comparison-.*-and-1-more\.csv$/);
    const csv = readFileSync(await download.path(), "utf8");
    const lines = csv.trimEnd().split("\n");
    expect(lines[0]?.startsWith("Figure,Best,")).toBe(true);
    for (const city of CITIES) expect(lines[0]).toContain(`"${city}, TX"`);
    expect(lines.some((l) => l.startsWith("Households,"))).toBe(true);
  });

  it("finds the comparison again on the dashboard", { timeout: STEP_TIMEOUT }, async () => {
    const comparisonUrl = page.url();
    await page.goto(new URL("/dashboard", env.baseUrl).toString());
    const saved = page.getByRole("region", { name: "Your Comparisons" });
    await visible(saved.getByText("Austin, TX vs Waco, TX vs Tyler, TX", { exact: true }));
    await accessible("dashboard with a saved comparison");
    await saved.getByRole("link", { name: /^View comparison Austin, TX vs/ }).click();
    await page.waitForURL(comparisonUrl, { timeout: NAV_TIMEOUT });
    await visible(page.getByRole("heading", { level: 1, name: "Market Comparison" }));
  });

  it("offers the several-cities form, accessibly", { timeout: STEP_TIMEOUT }, async () => {
    await page.goto(new URL("/compare", env.baseUrl).toString());
    await visible(page.getByRole("heading", { level: 1, name: "Analyze several cities" }));
    await page.getByRole("button", { name: "Analyze and Compare" }).click();
    await visible(page.getByText("Enter at least 2 cities"));
    await visible(page.getByText("Please select a state"));
    await accessible("several-cities form with its messages");
  });

  it("shows every market's figures on a 375 px phone, as stacked cards", {
    timeout: STEP_TIMEOUT,
  }, async () => {
    const comparisonUrl = await savedComparisonUrl();
    await page.setViewportSize({ width: 375, height: 812 });
    await page.goto(comparisonUrl);
    const cards = page.getByRole("list", { name: "Markets, best opportunity first" });
    await visible(cards);
    // The sideways table gives way to the cards.
    expect(await page.getByRole("table").isVisible()).toBe(false);
    for (const city of CITIES) {
      const card = cards.getByRole("article", { name: `${city}, TX` });
      await card.scrollIntoViewIfNeeded();
      await visible(card);
      const box = await card.boundingBox();
      expect(box && box.x >= 0 && box.x + box.width <= 375).toBe(true);
      const households = card.locator("[data-row=households] dd");
      await visible(households);
      expect(await households.textContent()).toMatch(/\d/);
      const hbox = await households.boundingBox();
      expect(hbox && hbox.x >= 0 && hbox.x + hbox.width <= 375).toBe(true);
    }
    expect(await cards.getByText("Best", { exact: true }).count()).toBeGreaterThan(0);
    expect(await overflowsHorizontally(page)).toBe(false);
    await accessible("comparison page at 375 px");
    await page.setViewportSize({ width: 1280, height: 900 });
  });

  it(`loads at most ${RESULTS_BUDGET / 1024} KB of JavaScript and data gzipped, outlines in one request`, {
    timeout: 90_000,
  }, async () => {
    const comparisonUrl = await savedComparisonUrl();
    const context = await env.browser.newContext({
      baseURL: env.baseUrl,
      viewport: { width: 1280, height: 900 },
      storageState: await page.context().storageState(),
    });
    try {
      const fresh = await context.newPage();
      const requests: string[] = [];
      fresh.on("request", (request) => {
        requests.push(new URL(request.url()).pathname);
      });
      await fresh.goto(comparisonUrl, { waitUntil: "networkidle" });
      const map = fresh.getByRole("region", { name: /^Map of the 3 markets compared/ });
      // A county border on screen (a neighbouring state's may lie wholly outside the view).
      await visible(
        map.locator(".leaflet-bisCounties-pane path:not([d='M0 0'])").first(),
        STEP_TIMEOUT,
      );
      await fresh.waitForLoadState("networkidle");
      const scripts = [...new Set(requests.filter((r) => /^\/assets\/.*\.js$/.test(r)))];
      const outlines = requests.filter((r) => r.startsWith("/api/outlines"));
      const bytes =
        scripts.reduce((sum, s) => sum + gzippedSize(s), 0) + (await outlineBytes(fresh, outlines));
      console.info(
        `comparison page: ${requests.length} requests, ${scripts.length} scripts, ${outlines.length} outline request(s), ${bytes} bytes of JavaScript and data gzipped`,
      );
      expect(outlines).toHaveLength(1);
      expect(bytes).toBeLessThanOrEqual(RESULTS_BUDGET);
    } finally {
      await context.close();
    }
  });
});

const RESULTS_BUDGET = 250 * 1024;
const dist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../dist");

/** Gzipped size of a built file, by its URL path (/assets/…), as page-weight.e2e.test.ts counts. */
function gzippedSize(urlPath: string): number {
  return gzipSync(readFileSync(path.join(dist, urlPath)), { level: 9 }).length;
}

/** The outline answers' gzipped size (fetched again, from the page, with its session). */
async function outlineBytes(target: Page, paths: readonly string[]): Promise<number> {
  let sum = 0;
  for (const p of paths) {
    const text = await target.evaluate(async (u) => (await fetch(u)).text(), p);
    sum += gzipSync(text, { level: 9 }).length;
  }
  return sum;
}

/** The comparison made above (from the dashboard's saved list). */
async function savedComparisonUrl(): Promise<string> {
  await page.goto(new URL("/dashboard", env.baseUrl).toString());
  const saved = page.getByRole("region", { name: "Your Comparisons" });
  const link = saved.getByRole("link", { name: /^View comparison Austin, TX vs/ });
  await visible(link);
  return new URL((await link.getAttribute("href")) ?? "/", env.baseUrl).toString();
}
