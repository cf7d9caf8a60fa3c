#!/usr/bin/env node
/**
 * Benchmark: POST /api/market-analysis/analyze over HTTP against the built server, for a
 * 100-mile radius around a large metro (New York City), with autocannon.
 *
 *   pnpm build && pnpm bench:analyze [-- --duration 15 --connections 8 --city "New York" --state NY]
 *
 * Starts `bis-server` in production mode on a temporary data directory, creates an
 * administrator session, runs the load, prints p50/p95/p99 latency and throughput.
 * Results are recorded in docs/performance.md. To profile the server under load:
 *   BENCH_SERVER_NODE_ARGS="--cpu-prof --cpu-prof-dir=/tmp/bis-prof" pnpm bench:analyze
 */
import path from "node:path";
import { benchArgs } from "./lib/bench-args.mjs";
import {
  adminSession,
  analyzeMarket,
  loadAnalyses,
  MARKET_OPTIONS,
  machineLine,
  marketAnalysisBody,
  percentile,
  root,
  startBenchServer,
} from "./lib/bench-server.mjs";

const opts = benchArgs({
  duration: { type: "string", default: "15" },
  connections: { type: "string", default: "8" },
  ...MARKET_OPTIONS,
});

const nodeArgs = process.env.BENCH_SERVER_NODE_ARGS?.split(" ").filter(Boolean) ?? [];
const server = await startBenchServer({
  serverArgs: [...nodeArgs, path.join(root, "packages/server/dist/cli.js"), "start"],
});
const { baseUrl } = server;

try {
  const headers = await adminSession(baseUrl);
  const body = marketAnalysisBody(opts);

  const sample = await analyzeMarket(baseUrl, headers, body);
  const full = await (
    await fetch(`${baseUrl}/api/analyses/${sample.analysis.id}`, { headers })
  ).json();
  console.log(
    `\n${sample.location}: ${full.marketAnalysisData.marketSummary.citiesInRange} places in range, ` +
      `${sample.marketSize.toLocaleString("en-US")} people, stored record ${JSON.stringify(full).length.toLocaleString("en-US")} bytes`,
  );

  const times = [];
  const cpuBefore = server.cpuMs();
  const result = await loadAnalyses(baseUrl, {
    headers,
    body,
    connections: opts.connections,
    duration: opts.duration,
    onResponse: (ms) => times.push(ms),
  });
  times.sort((a, b) => a - b);
  const pct = (p) => percentile(times, p)?.toFixed(1);
  const non2xx = result.non2xx + result.errors;
  console.log(
    `\nPOST /api/market-analysis/analyze — ${opts.city}, ${opts.state}, ${opts.primary}/${opts.secondary} mi`,
  );
  console.log(machineLine());
  console.log(
    `connections ${opts.connections}, duration ${opts.duration} s, requests ${result.requests.total}, non-2xx/errors ${non2xx}`,
  );
  console.log(
    `latency ms (${times.length} responses): p50 ${pct(50)}, p95 ${pct(95)}, p99 ${pct(99)}, max ${times.at(-1)?.toFixed(1)}`,
  );
  console.log(
    `throughput: ${result.requests.average.toFixed(0)} analyses/s (mean), ${result.requests.p50} (p50 per second)`,
  );
  const cpuAfter = server.cpuMs();
  if (cpuBefore !== null && cpuAfter !== null) {
    console.log(
      `server CPU: ${((cpuAfter - cpuBefore) / result.requests.total).toFixed(2)} ms per analysis (all threads)`,
    );
  }
  if (non2xx > 0) process.exitCode = 1;
} finally {
  await server.stop();
}
