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
 * also with /api/auth/user held back 3 s (route interception). The results page is an Austin, TX
 * analysis of the first administrator (created through /api/admin/setup: no mail needed).
 * Figures are medians over the runs. Recorded in docs/performance.md.
 */
import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";

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

function freePort() {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

const port = await freePort();
const baseUrl = `http://127.0.0.1:${port}`;
const dataDir = mkdtempSync(path.join(tmpdir(), "bis-measure-"));
const server = spawn(process.execPath, [serverBin, "start"], {
  cwd: root,
  env: {
    PATH: process.env.PATH,
    NODE_ENV: "production",
    PORT: String(port),
    HOST: "127.0.0.1",
    BIS_BASE_URL: baseUrl,
    BIS_DATA_DIR: dataDir,
    BIS_LOG_LEVEL: "warn",
  },
  stdio: ["ignore", "ignore", "inherit"],
});

async function waitForServer() {
  for (let i = 0; i < 100; i += 1) {
    try {
      if ((await fetch(`${baseUrl}/api/health`)).ok) return;
    } catch {}
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error("bis-server did not answer within 20 s");
}

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
    await page.route("**/api/auth/user", async (route) => {
      await new Promise((r) => setTimeout(r, AUTH_DELAY_MS));
      await route.continue();
    });
  const start = Date.now();
  await page.goto(url);
  await ready(page);
  const readyMs = Date.now() - start;
  await page.waitForLoadState("networkidle");
  const fcp = await page.evaluate(
    () => performance.getEntriesByName("first-contentful-paint")[0]?.startTime ?? null,
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
  await waitForServer();
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
      `landing, /api/auth/user +${AUTH_DELAY_MS / 1000} s`,
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
  server.kill("SIGTERM");
  await new Promise((r) => server.once("exit", r));
  rmSync(dataDir, { recursive: true, force: true });
}
