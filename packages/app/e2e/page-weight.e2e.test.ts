/**
 * Page weight and first paint in a real browser. Each page is opened in a fresh
 * browser context (empty cache); the JavaScript it fetched up to network idle is what counts,
 * each file at its gzipped size (gzip -9 of the built file, what the build writes as `.gz`).
 *
 * - The landing page's first load stays within 120 KB gzipped (LANDING_CEILING), and brings
 *   neither zod nor the toast UI.
 * - The results page (/analysis/:id, with the map and the outlines of the states in view) stays
 *   within 250 KB gzipped.
 * - With /api/auth/session held back 3 s, the landing page's heading shows long before the session
 *   call answers: the public page does not wait for the session.
 * `node scripts/measure-pages.mjs` prints the same figures (and first contentful paint).
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";
import type { Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { type E2EEnv, getEnv, newPage } from "./harness.js";
import { newAccount, runAnalysis, STEP_TIMEOUT, signUpVerified, visible } from "./support.js";

const KB = 1024;
/**
 * The budget for the landing page: 120 KB. What it loads is React DOM, React Router,
 * TanStack Query, the landing page and the SDK client's code; the client's response schemas and
 * zod load with the calls that need them, the toast UI with the first toast
 * (docs/performance.md, "Page weight and first paint").
 */
const LANDING_CEILING = 120 * KB;
const RESULTS_BUDGET = 250 * KB;
const AUTH_DELAY_MS = 3000;

const dist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../dist");
const gzipped = new Map<string, number>();

/** A built file's text, by its URL path (/assets/…). */
function scriptText(urlPath: string): string {
  return readFileSync(path.join(dist, urlPath), "utf8");
}

/** Gzipped size of a built file, by its URL path (/assets/…). */
function gzippedSize(urlPath: string): number {
  const known = gzipped.get(urlPath);
  if (known !== undefined) return known;
  const size = gzipSync(readFileSync(path.join(dist, urlPath)), { level: 9 }).length;
  gzipped.set(urlPath, size);
  return size;
}

/** The app's scripts a page fetches, by URL path, in order. */
function recordScripts(page: Page): string[] {
  const scripts: string[] = [];
  page.on("response", (response) => {
    const { pathname } = new URL(response.url());
    if (pathname.startsWith("/assets/") && pathname.endsWith(".js")) scripts.push(pathname);
  });
  return scripts;
}

function total(scripts: string[]): number {
  return [...new Set(scripts)].reduce((sum, script) => sum + gzippedSize(script), 0);
}

let env: E2EEnv;
beforeAll(() => {
  env = getEnv();
});

const heading = (page: Page) =>
  page.getByRole("heading", { name: "Premium Local Market Research" });

describe("landing page", () => {
  it(`loads at most ${LANDING_CEILING / KB} KB of JavaScript gzipped, compressed on the wire`, async () => {
    const page = await newPage({ timeout: 15_000 });
    const scripts = recordScripts(page);
    const encodings: string[] = [];
    page.on("response", (response) => {
      if (new URL(response.url()).pathname.startsWith("/assets/"))
        encodings.push(response.headers()["content-encoding"] ?? "identity");
    });
    await page.goto("/", { waitUntil: "networkidle" });
    await visible(heading(page));
    const bytes = total(scripts);
    console.info(`landing page: ${scripts.length} scripts, ${bytes} bytes of JavaScript gzipped`);
    expect(scripts.length).toBeGreaterThan(0);
    // The results page's code and the map are not part of it, nor zod and the toast UI.
    // zod is told by its code (its chunks take the name of whichever module Rollup picks).
    expect(scripts.some((s) => /analysis-page|market-map|leaflet|zod|toaster/.test(s))).toBe(false);
    expect(scripts.filter((s) => /\$ZodType|ZodError/.test(scriptText(s)))).toEqual([]);
    expect(bytes).toBeLessThanOrEqual(LANDING_CEILING);
    // Chromium accepts brotli: every sizeable asset comes as the build's .br copy.
    expect(encodings.length).toBeGreaterThan(0);
    expect(encodings.filter((e) => e === "br").length).toBeGreaterThanOrEqual(scripts.length - 1);
  });

  it("shows its heading long before a slow /api/auth/session answers", async () => {
    const page = await newPage({ timeout: 15_000 });
    let answeredAt = Number.POSITIVE_INFINITY;
    await page.route("**/api/auth/session", async (route) => {
      await new Promise((resolve) => setTimeout(resolve, AUTH_DELAY_MS));
      await route.continue();
    });
    page.on("response", (response) => {
      if (new URL(response.url()).pathname === "/api/auth/session") answeredAt = Date.now();
    });
    const start = Date.now();
    await page.goto("/");
    await visible(heading(page), AUTH_DELAY_MS);
    const shownAt = Date.now();
    // The heading is there, the session call is still held back.
    expect(answeredAt).toBe(Number.POSITIVE_INFINITY);
    expect(shownAt - start).toBeLessThan(AUTH_DELAY_MS);
    // Chromium records the paint entry when the frame is presented, which can come a moment
    // after the heading is in the DOM: wait for it (its time is from navigation start either way).
    const fcp = await page.evaluate(
      () =>
        new Promise<number | null>((resolve) => {
          const entry = () => performance.getEntriesByName("first-contentful-paint")[0]?.startTime;
          const observer = new PerformanceObserver(() => {
            const time = entry();
            if (time === undefined) return;
            observer.disconnect();
            resolve(time);
          });
          observer.observe({ type: "paint", buffered: true });
          setTimeout(() => {
            observer.disconnect();
            resolve(entry() ?? null);
          }, 1000);
        }),
    );
    expect(fcp).not.toBeNull();
    expect(fcp ?? Number.POSITIVE_INFINITY).toBeLessThan(AUTH_DELAY_MS);
    // Once the session call answers (signed out), the page is still the landing page.
    await page.waitForResponse("**/api/auth/session", { timeout: AUTH_DELAY_MS + 5000 });
    console.info(
      `landing page with /api/auth/session delayed ${AUTH_DELAY_MS} ms: FCP ${Math.round(fcp ?? 0)} ms, heading at ${shownAt - start} ms, session answered at ${answeredAt - start} ms`,
    );
    expect(answeredAt - shownAt).toBeGreaterThan(AUTH_DELAY_MS / 2);
    await visible(page.getByRole("link", { name: "Start Your Free Market Analysis" }));
  });
});

describe("results page", () => {
  it(`loads at most ${RESULTS_BUDGET / KB} KB of JavaScript gzipped, map and outlines included`, {
    timeout: 90_000,
  }, async () => {
    const setup = await newPage();
    await signUpVerified(setup, env, newAccount("weight", "Wendy", "Weight"));
    const analysisPath = await runAnalysis(setup, "Austin", "TX");
    const state = await setup.context().storageState();

    const page = await newPage({ storageState: state, timeout: 15_000 });
    const scripts = recordScripts(page);
    await page.goto(analysisPath, { waitUntil: "networkidle" });
    const map = page.getByRole("region", { name: /Map of the service area around Austin/ });
    await visible(map.locator(".leaflet-bisCounties-pane path").first(), STEP_TIMEOUT);
    await page.waitForLoadState("networkidle");
    const bytes = total(scripts);
    console.info(`results page: ${scripts.length} scripts, ${bytes} bytes of JavaScript gzipped`);
    expect(scripts.some((s) => s.includes("market-map"))).toBe(true);
    expect(bytes).toBeLessThanOrEqual(RESULTS_BUDGET);
  });
});
