#!/usr/bin/env node
/**
 * Benchmark: keyword research over HTTP with the embedded model, for a 100-mile radius around a
 * large metro (New York City), end to end: session, entitlement, the model, the SQLite write of
 * the record, the JSON response. Target: < 2 s.
 *
 *   pnpm -F @bis/sdk build && pnpm -F @bis/server build && pnpm bench:keywords
 *   pnpm bench:keywords -- --source              (run the server from source through tsx)
 *   pnpm bench:keywords -- --runs 30 --city Austin --state TX --primary 10 --secondary 15
 *
 * Starts `bis-server` in production mode on a temporary data directory, creates an
 * administrator (premium without paying), runs one market analysis, then times
 * `POST /api/keyword-analysis/analyze` `--runs` times in a row (after `--warmup` untimed runs).
 */
import { existsSync } from "node:fs";
import path from "node:path";
import { benchArgs } from "./lib/bench-args.mjs";
import {
  adminSession,
  analyzeMarket,
  MARKET_OPTIONS,
  machineLine,
  marketAnalysisBody,
  percentile as pct,
  root,
  startBenchServer,
} from "./lib/bench-server.mjs";

const opts = benchArgs({
  runs: { type: "string", default: "20" },
  warmup: { type: "string", default: "2" },
  ...MARKET_OPTIONS,
  source: { type: "boolean", default: false },
});

const dist = path.join(root, "packages/server/dist/cli.js");
const fromSource = opts.source || !existsSync(dist);
const server = await startBenchServer({
  serverArgs: fromSource
    ? ["--import", "tsx", path.join(root, "packages/server/src/cli.ts"), "start"]
    : [dist, "start"],
  cwd: path.join(root, "packages/server"),
  env: { BIS_KEYWORD_PROVIDER: "embedded" },
  dataDirPrefix: "bis-bench-kw-",
  startTimeoutMs: 30_000,
});
const { baseUrl } = server;

const ms = (n) => `${n.toFixed(1)} ms`;

try {
  const headers = await adminSession(baseUrl);
  const sample = await analyzeMarket(baseUrl, headers, marketAnalysisBody(opts));
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
  console.log(machineLine());
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
  await server.stop();
}
