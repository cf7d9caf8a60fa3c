#!/usr/bin/env node
/**
 * Benchmark of two builds at once: the built `bis-server` of two checkouts, both loaded at the
 * same moment with the same New York 50/100 mi analysis, so that both see the same machine. On a
 * shared or drifting machine two runs one after the other can differ by a quarter for one build;
 * at the same moment the ratio of their throughputs is the ratio of their costs.
 *
 *   node scripts/bench-ab.mjs --a ../other-checkout --b . [--duration 20 --connections 2 --warmup 10]
 *
 * `--warmup` seconds of the same load on both servers before the measured run (default 0: two
 * analyses each, as every figure in docs/performance.md without `--warmup` was measured). Two analyses load the
 * code, but V8 optimizes it over the first few thousand; with 10 s first the run measures the
 * servers as they run for hours.
 *
 * Each checkout must be built (`pnpm build`). Prints each server's analyses per second and CPU
 * per analysis, and b ÷ a. Run it in both orders, and a build against itself for the noise.
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
  startBenchServer,
} from "./lib/bench-server.mjs";

const opts = benchArgs({
  a: { type: "string" },
  b: { type: "string", default: "." },
  duration: { type: "string", default: "20" },
  connections: { type: "string", default: "2" },
  warmup: { type: "string", default: "0" },
  ...MARKET_OPTIONS,
});
if (!opts.a) {
  console.error("Give the other checkout: --a <path> (and --b <path>, default: this one)");
  process.exit(2);
}
const roots = [path.resolve(opts.a), path.resolve(opts.b)];
const body = marketAnalysisBody(opts);
const servers = await Promise.all(
  roots.map((root) =>
    startBenchServer({ serverArgs: [path.join(root, "packages/server/dist/cli.js"), "start"] }),
  ),
);
try {
  const headers = await Promise.all(servers.map((s) => adminSession(s.baseUrl)));
  // Two analyses each first: code loaded before the load (and optimized with --warmup).
  for (let i = 0; i < 2; i++)
    await Promise.all(servers.map((s, k) => analyzeMarket(s.baseUrl, headers[k], body)));
  if (Number(opts.warmup) > 0) {
    await Promise.all(
      servers.map((s, k) =>
        loadAnalyses(s.baseUrl, { ...opts, duration: opts.warmup, headers: headers[k], body }),
      ),
    );
  }
  const cpu = servers.map((s) => s.cpuMs());
  const results = await Promise.all(
    servers.map((s, k) => loadAnalyses(s.baseUrl, { ...opts, headers: headers[k], body })),
  );
  console.log(machineLine());
  results.forEach((r, k) => {
    const perAnalysis = (servers[k].cpuMs() - cpu[k]) / r.requests.total;
    console.log(
      `${k === 0 ? "a" : "b"} ${roots[k]}: ${r.requests.average.toFixed(0)} analyses/s, ${perAnalysis.toFixed(2)} ms CPU per analysis, non-2xx/errors ${r.non2xx + r.errors}`,
    );
  });
  const ratio = results[1].requests.average / results[0].requests.average;
  console.log(`b ÷ a: ${ratio.toFixed(3)}`);
} finally {
  await Promise.all(servers.map((s) => s.stop()));
}
