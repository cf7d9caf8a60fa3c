/**
 * The operator's map tiles in a real browser: with BIS_MAP_TILE_URL set, the results map draws
 * the tiles (the Content-Security-Policy lets them through), credits the provider, and loads no
 * outlines. The tile host is answered by the test (Playwright routing), never the network.
 */
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type E2EEnv, getEnv, newPage, setServerEnv } from "./harness.js";
import { newAccount, runAnalysis, signUpVerified, visible } from "./support.js";

setServerEnv({
  BIS_MAP_TILE_URL: "https://{s}.tiles.example.test/{z}/{x}/{y}.png",
  BIS_MAP_TILE_ATTRIBUTION: "© Example Tiles",
});

/** A 1×1 grey PNG. */
const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mO4e/fufwAIyQOXgCzLxAAAAABJRU5ErkJggg==",
  "base64",
);

let env: E2EEnv;
let page: Page;
const tileRequests: string[] = [];
const violations: string[] = [];

describe("results map with operator tiles", () => {
  beforeAll(async () => {
    env = getEnv();
    page = await newPage();
    await page.route("https://*.tiles.example.test/**", async (route) => {
      tileRequests.push(route.request().url());
      await route.fulfill({ status: 200, contentType: "image/png", body: PNG });
    });
    page.on("console", (message) => {
      if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
    });
  });

  afterAll(async () => {
    await page?.context().close();
  });

  it("draws the tiles with their credit instead of the outlines", { timeout: 90_000 }, async () => {
    await signUpVerified(page, env, newAccount("tiles", "Tia", "Tiler"));
    await runAnalysis(page, "Austin", "TX");
    const map = page.getByRole("region", { name: /Map of the service area around Austin/ });
    await visible(map.locator("img.leaflet-tile-loaded").first(), 15_000);
    expect(tileRequests.length).toBeGreaterThan(0);
    expect(tileRequests[0]).toMatch(/^https:\/\/[abc]\.tiles\.example\.test\/\d+\/\d+\/\d+\.png$/);
    await visible(map.getByText("© Example Tiles"));
    expect(await map.locator(".leaflet-bisLand-pane path").count()).toBe(0);
    expect(await map.getByText("Boundaries: U.S. Census Bureau (us-atlas)").count()).toBe(0);
    expect(violations).toEqual([]);
  });
});
