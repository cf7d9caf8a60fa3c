/**
 * The free market analysis in a real browser against the real server: a verified user runs the
 * wizard (validation first), sees the results card, is moved on to /analysis/{id}, and finds the
 * city table, the ZIP areas (sorted, and their CSV downloaded), the map with both radius circles
 * and the target marker, and a source grade on the figures; the dashboard then lists the
 * analysis. Also: the sliders move by keyboard and the screens fit a 360 px wide phone.
 *
 * Steps share one page and run in order; each starts where the previous one ended.
 */
import { readFileSync } from "node:fs";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type E2EEnv, getEnv, newPage } from "./harness.js";
import {
  NAV_TIMEOUT,
  newAccount,
  overflowsHorizontally,
  STEP_TIMEOUT,
  signUpVerified,
  toastIn,
  visible,
} from "./support.js";

const account = newAccount("market", "Morgan", "Analyst");

let env: E2EEnv;
let page: Page;
let analysisPath = "";

const url = (path: string) => new URL(path, env.baseUrl).toString();

describe("market analysis", () => {
  beforeAll(async () => {
    env = getEnv();
    page = await newPage();
  });

  afterAll(async () => {
    await page?.context().close();
  });

  it("signs up a verified user with no analyses yet", { timeout: STEP_TIMEOUT }, async () => {
    await signUpVerified(page, env, account);
    const list = page.getByRole("region", { name: "Your Analyses" });
    await visible(list.getByText("No analyses yet"));
  });

  it("validates the wizard with the specification's messages", {
    timeout: STEP_TIMEOUT,
  }, async () => {
    await page.getByRole("link", { name: "Start Analysis" }).first().click();
    await page.waitForURL((u) => u.pathname === "/market-analysis", { timeout: NAV_TIMEOUT });
    await visible(
      page.getByRole("heading", { name: "Step 1: Comprehensive market revenue analysis" }),
    );
    // The industry starts at the one active industry; city and state are required.
    expect(await page.getByLabel("Service Industry").inputValue()).toBe("HVAC");
    await page.getByRole("button", { name: "Start Market Analysis" }).click();
    for (const message of ["Please enter a city", "Please select a state"]) {
      await visible(page.getByText(message, { exact: true }));
    }
    expect(await page.getByText("Please select an industry", { exact: true }).count()).toBe(0);

    await page.getByLabel("Service Industry").selectOption("Plumbing");
    const comingSoon = page.getByRole("button", { name: "Coming Soon" });
    await visible(comingSoon);
    expect(await comingSoon.isDisabled()).toBe(true);
  });

  it("moves the radius sliders by keyboard", { timeout: STEP_TIMEOUT }, async () => {
    const primary = page.getByLabel("Primary Service Radius");
    await primary.focus();
    await page.keyboard.press("ArrowRight");
    await page.keyboard.press("ArrowRight");
    expect(await primary.inputValue()).toBe("12");
    expect(await primary.getAttribute("aria-valuetext")).toBe("12 miles");
    await page.keyboard.press("ArrowLeft");
    await page.keyboard.press("ArrowLeft");
    expect(await primary.inputValue()).toBe("10");
    expect(await page.getByLabel("Secondary Service Radius").inputValue()).toBe("15");
  });

  it("fits a 360 px wide screen", { timeout: STEP_TIMEOUT }, async () => {
    await page.setViewportSize({ width: 360, height: 780 });
    expect(await overflowsHorizontally(page)).toBe(false);
    await page.setViewportSize({ width: 1280, height: 900 });
  });

  it("runs Austin, TX at 10/15 miles and shows the results card", {
    timeout: STEP_TIMEOUT,
  }, async () => {
    await page.getByLabel("Target City").fill("Austin");
    await page.getByLabel("Target State").selectOption("TX");
    await page.getByLabel("Service Industry").selectOption("HVAC");
    await page.getByRole("button", { name: "Start Market Analysis" }).click();

    await visible(page.getByRole("heading", { name: "Market Analysis Results" }), 20_000);
    await visible(toastIn(page, "Analysis Complete!"));
    for (const label of ["Total Market Size", "Target Households", "Avg. Annual Revenue"]) {
      await visible(page.getByText(label, { exact: true }));
    }
    await visible(page.getByRole("button", { name: "Modify Analysis" }));
    await visible(page.getByRole("link", { name: "Continue to Step 2" }));
  });

  it("moves on to /analysis/{id} by itself", { timeout: STEP_TIMEOUT }, async () => {
    await page.waitForURL((u) => u.pathname.startsWith("/analysis/"), { timeout: 6_000 });
    analysisPath = new URL(page.url()).pathname;
    await visible(page.getByText("Completed", { exact: true }));
    await visible(page.getByRole("button", { name: /Market Analysis Results/ }));
  });

  it("lists the cities in range", { timeout: STEP_TIMEOUT }, async () => {
    const table = page.getByRole("table", { name: /^Cities in the service area/ });
    await visible(table);
    const rows = table.locator("tbody tr");
    expect(await rows.count()).toBeGreaterThan(0);
    await visible(table.getByRole("rowheader", { name: /Austin/ }).first());
    await visible(table.getByText("Primary", { exact: true }).first());
  });

  it("lists the ZIP areas in range, sorts them, and downloads their CSV", {
    timeout: STEP_TIMEOUT,
  }, async () => {
    const card = page.getByRole("region", { name: "ZIP Areas", exact: true });
    const table = card.getByRole("table", { name: /^ZIP areas in the service area/ });
    await visible(table, 15_000);
    const counts = (await card.getByText(/ZIP areas? in range:/).textContent()) ?? "";
    const [, count, primary, secondary] =
      counts.match(
        // Populated ZIPs without households are left out, and the headline counts them.
        /^([\d,]+) ZIP areas? in range: ([\d,]+) primary, ([\d,]+) secondary( \([\d,]+ without households left out\))?$/,
      ) ?? [];
    const rows = table.locator("tbody tr");
    expect(await rows.count()).toBe(Number(count?.replace(/,/g, "")));
    expect(Number(primary) + Number(secondary)).toBe(Number(count));
    await visible(table.getByRole("rowheader", { name: "78701" }));
    await visible(card.getByRole("region", { name: "ZIP Areas table" }));

    // Best opportunity score first; the Score header reverses it; Households sorts largest first.
    const scoreOf = async (i: number) =>
      Number(((await rows.nth(i).locator("td").nth(0).textContent()) ?? "").match(/^\d+/)?.[0]);
    const score = table.getByRole("columnheader", { name: "Score" });
    expect(await score.getAttribute("aria-sort")).toBe("descending");
    expect(await scoreOf(0)).toBeGreaterThanOrEqual(await scoreOf(1));
    const best = await scoreOf(0);
    await table.getByRole("button", { name: "Score" }).click();
    expect(await score.getAttribute("aria-sort")).toBe("ascending");
    expect(await scoreOf(0)).toBeLessThanOrEqual(best);
    await table.getByRole("button", { name: "Households", exact: true }).click();
    const households = table.getByRole("columnheader", { name: "Households", exact: true });
    expect(await households.getAttribute("aria-sort")).toBe("descending");
    const hh = async (i: number) =>
      Number(((await rows.nth(i).locator("td").nth(2).textContent()) ?? "").replace(/,/g, ""));
    expect(await hh(0)).toBeGreaterThanOrEqual(await hh(1));

    // The ZIP layer: a graduated marker per ZIP, focusable, named with its score and reasons.
    const zipMap = card.getByRole("region", { name: /Map of the ZIP areas by opportunity score/ });
    await visible(zipMap, 15_000);
    const markers = zipMap.locator(".bis-zip-marker");
    expect(await markers.count()).toBe(Number(count?.replace(/,/g, "")));
    const firstMarker = markers.first();
    expect(await firstMarker.getAttribute("aria-label")).toMatch(
      /^ZIP \d{5}, .+: score \d+ of 100 — .+/,
    );
    await firstMarker.focus();
    await visible(zipMap.locator(".leaflet-tooltip"));
    // The first in Tab order is the best score.
    expect(Number(await firstMarker.getAttribute("data-score"))).toBe(best);

    // The server's CSV, under the name the server gives it.
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      card.getByRole("link", { name: "Download CSV" }).click(),
    ]);
    expect(download.suggestedFilename()).toBe("bis-zip-areas-austin-tx.csv");
    const file = await download.path();
    const csv = readFileSync(file, "utf8");
    const lines = csv.trimEnd().split("\n");
    expect(lines[0]).toMatch(/^zip,place,state,opportunity_score,reasons,population,/);
    expect(lines).toHaveLength(Number(count) + 1);
    expect(lines.some((l) => l.startsWith("78701,Austin,TX,"))).toBe(true);
    // Sorted by score, as the table first shows it.
    expect(Number(lines[1]?.split(",")[3])).toBe(best);
  });

  it("draws the map: two radius circles and the target marker", {
    timeout: STEP_TIMEOUT,
  }, async () => {
    const map = page.getByRole("region", { name: /Map of the service area around Austin/ });
    await visible(map, 15_000);
    await visible(map.locator("path.bis-radius-primary"), 15_000);
    expect(await map.locator("path.bis-radius-primary").count()).toBe(1);
    expect(await map.locator("path.bis-radius-secondary").count()).toBe(1);
    expect(await map.locator("path.bis-target-marker").count()).toBe(1);
    expect(await map.locator("path.leaflet-interactive").count()).toBeGreaterThanOrEqual(1);
    const box = await map.boundingBox();
    expect(Math.round(box?.height ?? 0)).toBe(400);
    await visible(map.getByText("Boundaries: U.S. Census Bureau (us-atlas)"));
  });

  it("labels the figures with their source and grade", { timeout: STEP_TIMEOUT }, async () => {
    const badge = page.locator("details[data-grade] > summary").first();
    await visible(badge);
    expect(await badge.textContent()).toMatch(/Measured|Modeled|Sample/);
    await badge.focus();
    await page.keyboard.press("Enter");
    await visible(page.locator("details[data-grade][open]").getByText("Source:").first());
    await visible(page.getByRole("heading", { name: "Assumptions" }));
  });

  it("fits a 360 px wide screen on the results page too", { timeout: STEP_TIMEOUT }, async () => {
    await page.setViewportSize({ width: 360, height: 780 });
    expect(await overflowsHorizontally(page)).toBe(false);
    await page.setViewportSize({ width: 1280, height: 900 });
  });

  it("lists the analysis on the dashboard", { timeout: STEP_TIMEOUT }, async () => {
    await page.goto(url("/dashboard"));
    const list = page.getByRole("region", { name: "Your Analyses" });
    await visible(list.getByText(/Austin/).first());
    const view = list.getByRole("link", { name: /^View/ }).first();
    expect(await view.getAttribute("href")).toBe(analysisPath);
  });
});
