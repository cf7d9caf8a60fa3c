#!/usr/bin/env node
/**
 * Benchmark: keyword research over HTTP with the embedded model, for a 100-mile radius around a
 * large metro (New York City), end to end: session, entitlement, the model, the SQLite write of
 * the record, the JSON response. Target (issue 5): < 2 s.
 *
 *   pnpm -F @bis/sdk build && pnpm -F @bis/server build && pnpm bench:keywords
 *   pnpm bench:keywords -- --source              (run the server from source through tsx)
 *   pnpm bench:keywords -- --runs 30 --city Austin --state TX --primary 10 --secondary 15
 *
 * Starts `bis-server` in production mode on a temporary data directory, creates an
 * administrator (premium without paying), runs one market analysis, then times
 * `POST /api/keyword-analysis/analyze` `--runs` times in a row (after `--warmup` untimed runs).
 */
import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { cpus, tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const { values: opts } = parseArgs({
  options: {
    runs: { type: "string", default: "20" },
    warmup: { type: "string", default: "2" },
    city: { type: "string", default: "New York" },
    state: { type: "string", default: "NY" },
    primary: { type: "string", default: "50" },
    secondary: { type: "string", default: "100" },
    source: { type: "boolean", default: false },
  },
});

const dist = path.join(root, "packages/server/dist/cli.js");
const fromSource = opts.source || !existsSync(dist);
const serverArgs = fromSource
  ? ["--import", "tsx", path.join(root, "packages/server/src/cli.ts"), "start"]
  : [dist, "start"];

const port = await new Promise((resolve) => {
  const probe = createServer().listen(0, "127.0.0.1", () => {
    const { port } = probe.address();
    probe.close(() => resolve(port));
  });
});
const baseUrl = `http://127.0.0.1:${port}`;
const dataDir = mkdtempSync(path.join(tmpdir(), "bis-bench-kw-"));
const server = spawn(process.execPath, serverArgs, {
  cwd: path.join(root, "packages/server"),
  env: {
    PATH: process.env.PATH,
    NODE_ENV: "production",
    PORT: String(port),
    HOST: "127.0.0.1",
    BIS_BASE_URL: baseUrl,
    BIS_DATA_DIR: dataDir,
    BIS_LOG_LEVEL: "warn",
    BIS_KEYWORD_PROVIDER: "embedded",
  },
  stdio: ["ignore", "inherit", "inherit"],
});

async function waitForServer() {
  for (let i = 0; i < 300; i++) {
    try {
      if ((await fetch(`${baseUrl}/api/health`)).ok) return;
    } catch {}
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error("bis-server did not start");
}

const pct = (sorted, p) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
const ms = (n) => `${n.toFixed(1)} ms`;

try {
  await waitForServer();
  const setup = await fetch(`${baseUrl}/api/admin/setup`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({
      email: "bench@example.com",
      password: "bench-pass",
      firstName: "Bench",
      lastName: "Mark",
    }),
  });
  if (!setup.ok) throw new Error(`admin setup failed: ${setup.status} ${await setup.text()}`);
  const cookie = setup.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
  const headers = { "Content-Type": "application/json", Cookie: cookie, Origin: baseUrl };

  const analyzed = await fetch(`${baseUrl}/api/market-analysis/analyze`, {
    method: "POST",
    headers,
    body: JSON.stringify({
      state: opts.state,
      city: opts.city,
      industry: "HVAC",
      primaryRadius: Number(opts.primary),
      secondaryRadius: Number(opts.secondary),
    }),
  });
  const sample = await analyzed.json();
  if (analyzed.status !== 201)
    throw new Error(`analyze failed: ${analyzed.status} ${JSON.stringify(sample)}`);
  const body = JSON.stringify({ analysisId: sample.analysis.id });

  async function research() {
    const started = performance.now();
    const response = await fetch(`${baseUrl}/api/keyword-analysis/analyze`, {
      method: "POST",
      headers,
      body,
    });
    const text = await response.text();
    const elapsed = performance.now() - started;
    if (response.status !== 200)
      throw new Error(`keyword research failed: ${response.status} ${text.slice(0, 300)}`);
    return { elapsed, text };
  }

  for (let i = 0; i < Number(opts.warmup); i++) await research();
  const times = [];
  let last = "";
  for (let i = 0; i < Number(opts.runs); i++) {
    const { elapsed, text } = await research();
    times.push(elapsed);
    last = text;
  }
  times.sort((a, b) => a - b);
  const data = JSON.parse(last).analysis.keywordResearchData;
  const { summary } = data.keywordData;
  const mean = times.reduce((s, t) => s + t, 0) / times.length;

  console.log(
    `\nPOST /api/keyword-analysis/analyze — ${sample.location}, ${opts.primary}/${opts.secondary} mi, embedded model (${fromSource ? "server from source via tsx" : "built server"})`,
  );
  console.log(
    `machine: ${cpus().length} cores (${cpus()[0]?.model ?? "unknown"}), node ${process.version}`,
  );
  console.log(
    `market: ${sample.marketSize.toLocaleString("en-US")} people, ${sample.households.toLocaleString("en-US")} households`,
  );
  console.log(
    `keywords: ${data.totalKeywords.toLocaleString("en-US")} researched over ${data.citiesAnalyzed.length} cities, ${summary.keywordsWithVolume.toLocaleString("en-US")} listed (${data.keywordData.primaryKeywords.length} primary, ${data.keywordData.longTailKeywords.length} long-tail), avg volume ${summary.avgSearchVolume}, avg CPC $${summary.avgCPC.toFixed(2)}, competition ${summary.competitionLevel}, budget $${data.estimatedMonthlyBudget.toLocaleString("en-US")}/month, response ${(last.length / 1024).toFixed(0)} KB`,
  );
  console.log(
    `latency (${times.length} sequential runs after ${opts.warmup} warm-up): min ${ms(times[0])}, p50 ${ms(pct(times, 50))}, p95 ${ms(pct(times, 95))}, max ${ms(times.at(-1))}, mean ${ms(mean)}`,
  );
  const verdict = pct(times, 95) < 2000 ? "met" : "NOT met";
  console.log(`target < 2 s end to end: ${verdict}`);
  if (verdict !== "met") process.exitCode = 1;
} finally {
  server.kill("SIGTERM");
  await new Promise((r) => server.once("exit", r));
  rmSync(dataDir, { recursive: true, force: true });
}
