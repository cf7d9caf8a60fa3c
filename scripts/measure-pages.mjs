#!/usr/bin/env node
/**
 * Page weight and first paint of the landing page and the results page, in Chromium against the
 * built server (production mode, as the browser tests run it).
 *
 *   pnpm -r build && node scripts/measure-pages.mjs [--runs 3]
 *
 * For each page, in a fresh browser context (empty cache): the bytes transferred (as the server
 * sent them: brotli for Chromium), the JavaScript it fetched gzipped (gzip -9 of each built file,
 * the figure the size budgets use), and first contentful paint. The landing page is measured
 * also with /api/auth/session held back 3 s (route interception). The results page is an Austin, TX
 * analysis of the first administrator (created through /api/admin/setup: no mail needed).
 * Figures are medians over the runs. Recorded in docs/performance.md.
 */
import { existsSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";
import { startBenchServer } from "./lib/bench-server.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const require = createRequire(path.join(root, "packages/app/package.json"));
const { chromium } = require("playwright-core");

const serverBin = path.join(root, "packages/server/dist/cli.js");
const dist = path.join(root, "packages/app/dist");
const runsArg = process.argv.indexOf("--runs");
const RUNS = runsArg > 0 ? Number(process.argv[runsArg + 1]) : 3;
const AUTH_DELAY_MS = 3000;

for (const file of [serverBin, path.join(dist, "index.html")])
  if (!existsSync(file)) {
    console.error(`${path.relative(root, file)} is missing: run \`pnpm -r build\` first`);
    process.exit(1);
  }

// The built server on a temporary database, as the benchmarks start it (scripts/lib/bench-server.mjs).
const server = await startBenchServer({
  serverArgs: [serverBin, "start"],
  cwd: root,
  dataDirPrefix: "bis-measure-",
  // A shared machine can take a while to start it (place data, migrations).
  startTimeoutMs: 60_000,
});
const { baseUrl } = server;

const gzipped = new Map();
function gzippedSize(urlPath) {
  if (!gzipped.has(urlPath))
    gzipped.set(urlPath, gzipSync(readFileSync(path.join(dist, urlPath)), { level: 9 }).length);
  return gzipped.get(urlPath);
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
};

/** Opens `url` in a fresh context; returns transferred bytes, JS gzipped, FCP and heading time. */
async function measure(browser, url, { storageState, delayAuth = false, ready }) {
  const context = await browser.newContext({ baseURL: baseUrl, storageState });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send("Network.enable");
  let transferred = 0;
  cdp.on("Network.loadingFinished", (e) => {
    transferred += e.encodedDataLength;
  });
  const scripts = new Set();
  page.on("response", (response) => {
    const { pathname } = new URL(response.url());
    if (pathname.startsWith("/assets/") && pathname.endsWith(".js")) scripts.add(pathname);
  });
  if (delayAuth)
    await page.route("**/api/auth/session", async (route) => {
      await new Promise((r) => setTimeout(r, AUTH_DELAY_MS));
      await route.continue();
    });
  const start = Date.now();
  await page.goto(url);
  await ready(page);
  const readyMs = Date.now() - start;
  await page.waitForLoadState("networkidle");
  // Chromium records the paint entry when the frame is presented: wait for it (up to 1 s).
  const fcp = await page.evaluate(
    () =>
      new Promise((resolve) => {
        const entry = () => performance.getEntriesByName("first-contentful-paint")[0]?.startTime;
        const observer = new PerformanceObserver(() => {
          if (entry() === undefined) return;
          observer.disconnect();
          resolve(entry());
        });
        observer.observe({ type: "paint", buffered: true });
        setTimeout(() => {
          observer.disconnect();
          resolve(entry() ?? null);
        }, 1000);
      }),
  );
  await context.close();
  let js = 0;
  for (const script of scripts) js += gzippedSize(script);
  return { transferred, js, scripts: scripts.size, fcp: fcp === null ? NaN : fcp, readyMs };
}

const landingReady = (page) =>
  page
    .getByRole("heading", { name: "Premium Local Market Research" })
    .waitFor({ state: "visible", timeout: 20_000 });

const resultsReady = (page) =>
  page
    .locator(".leaflet-bisCounties-pane path")
    .first()
    .waitFor({ state: "visible", timeout: 30_000 });

function report(name, results) {
  const pick = (key) => median(results.map((r) => r[key]));
  console.log(
    `${name.padEnd(38)} transferred ${(pick("transferred") / 1024).toFixed(1)} KB · ` +
      `JS ${(pick("js") / 1024).toFixed(1)} KB gzipped (${pick("scripts")} files) · ` +
      `FCP ${Math.round(pick("fcp"))} ms · ready ${Math.round(pick("readyMs"))} ms`,
  );
}

let browser;
try {
  browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage"],
  });

  // A signed-in administrator with one analysis of Austin, TX.
  const setupContext = await browser.newContext({ baseURL: baseUrl });
  const headers = { Origin: baseUrl };
  const setup = await setupContext.request.post("/api/admin/setup", {
    headers,
    data: {
      email: `measure-${Date.now()}@example.com`,
      password: "measure-pass",
      firstName: "Mea",
      lastName: "Sure",
    },
  });
  if (!setup.ok()) throw new Error(`admin setup: ${setup.status()} ${await setup.text()}`);
  const analyzed = await setupContext.request.post("/api/market-analysis/analyze", {
    headers,
    data: { city: "Austin", state: "TX", industry: "HVAC", primaryRadius: 10, secondaryRadius: 15 },
  });
  if (!analyzed.ok()) throw new Error(`analysis: ${analyzed.status()} ${await analyzed.text()}`);
  const { analysis } = await analyzed.json();
  const storageState = await setupContext.storageState();
  await setupContext.close();

  const rows = [
    ["landing page", "/", { ready: landingReady }],
    [
      `landing, /api/auth/session +${AUTH_DELAY_MS / 1000} s`,
      "/",
      { ready: landingReady, delayAuth: true },
    ],
    [
      "results page (/analysis/:id, Austin TX)",
      `/analysis/${analysis.id}`,
      { ready: resultsReady, storageState },
    ],
  ];
  console.log(`Chromium ${browser.version()}, ${RUNS} runs each, medians:`);
  for (const [name, url, options] of rows) {
    const results = [];
    for (let i = 0; i < RUNS; i += 1) results.push(await measure(browser, url, options));
    report(name, results);
  }
} finally {
  await browser?.close();
  await server.stop();
}
