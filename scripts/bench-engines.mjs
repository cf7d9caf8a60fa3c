#!/usr/bin/env node
/**
 * Benchmark: the same analysis load on SQLite (one instance), on PostgreSQL with one
 * instance, and on PostgreSQL with two instances sharing the database — in one run, on one
 * machine, printed as analyses per second, p95 and ratios to SQLite.
 *
 *   pnpm build && pnpm bench:engines [-- --duration 10 --connections 8 --city "New York" --state NY]
 *
 * PostgreSQL is a throwaway cluster (scripts/lib/postgres.mjs, Debian's postgresql package).
 * With two instances the connections are split between them, each load generator talking to
 * its own instance (what a round-robin balancer does, without its own cost in the figures).
 * Results are recorded in docs/performance.md.
 */
import { randomBytes } from "node:crypto";
import { createRequire } from "node:module";
import path from "node:path";
import { benchArgs } from "./lib/bench-args.mjs";
import {
  adminSession,
  loadAnalyses,
  MARKET_OPTIONS,
  machineLine,
  marketAnalysisBody,
  percentile,
  root,
  startBenchServer,
} from "./lib/bench-server.mjs";
import { startPostgresCluster } from "./lib/postgres.mjs";

const opts = benchArgs({
  duration: { type: "string", default: "10" },
  connections: { type: "string", default: "8" },
  ...MARKET_OPTIONS,
});
const duration = Number(opts.duration);
const connections = Number(opts.connections);
const body = marketAnalysisBody(opts);
const serverArgs = [path.join(root, "packages/server/dist/cli.js"), "start"];

/** Load on each instance at once (connections split between them); the merged figures. */
async function load(targets) {
  const times = [];
  const share = Math.max(1, Math.floor(connections / targets.length));
  const results = await Promise.all(
    targets.map(({ baseUrl, headers }) =>
      loadAnalyses(baseUrl, {
        headers,
        body,
        connections: share,
        duration,
        onResponse: (ms) => times.push(ms),
      }),
    ),
  );
  times.sort((a, b) => a - b);
  const total = results.reduce((n, r) => n + r.requests.total, 0);
  const failed = results.reduce((n, r) => n + r.non2xx + r.errors, 0);
  return { perSecond: total / duration, p95: percentile(times, 95), total, failed };
}

/** Starts `count` instances on one database (`env`), signs in once, runs the load, stops them. */
async function measure(label, count, env) {
  const secret = randomBytes(32).toString("hex");
  const servers = [];
  try {
    for (let i = 0; i < count; i++) {
      servers.push(await startBenchServer({ serverArgs, env: { BIS_SECRET: secret, ...env } }));
    }
    // The first instance creates the administrator; its cookie is good on every instance.
    const headers = await adminSession(servers[0].baseUrl);
    const targets = servers.map((s) => ({
      baseUrl: s.baseUrl,
      headers: { ...headers, Origin: s.baseUrl },
    }));
    // Warm every instance (place index, prepared statements, connections).
    for (const t of targets) {
      await fetch(`${t.baseUrl}/api/market-analysis/analyze`, {
        method: "POST",
        headers: t.headers,
        body,
      });
    }
    const result = await load(targets);
    console.log(
      `${label.padEnd(26)} ${result.perSecond.toFixed(0).padStart(5)} analyses/s   p95 ${result.p95?.toFixed(1).padStart(6)} ms   (${result.total} requests, ${result.failed} non-2xx/errors)`,
    );
    return result;
  } finally {
    for (const s of servers) await s.stop();
  }
}

console.log(
  `\nPOST /api/market-analysis/analyze — ${opts.city}, ${opts.state}, ${opts.primary}/${opts.secondary} mi`,
);
console.log(machineLine());
console.log(`connections ${connections} in all, ${duration} s each\n`);

const cluster = await startPostgresCluster({ maxConnections: 100 });
let failed = 0;
try {
  const sqlite = await measure("SQLite, 1 instance", 1, {});
  // node-postgres is the server's dependency: load it from there.
  const { Client } = createRequire(path.join(root, "packages/server/package.json"))("pg");
  const databases = ["bench_one", "bench_two"];
  const admin = new Client({ connectionString: cluster.url });
  await admin.connect();
  for (const name of databases) await admin.query(`create database ${name}`);
  await admin.end();
  const pgOne = await measure("PostgreSQL, 1 instance", 1, {
    DATABASE_URL: cluster.urlFor("bench_one"),
  });
  const pgTwo = await measure("PostgreSQL, 2 instances", 2, {
    DATABASE_URL: cluster.urlFor("bench_two"),
  });
  const ratio = (r) =>
    `${(r.perSecond / sqlite.perSecond).toFixed(2)}× throughput, ${(r.p95 / sqlite.p95).toFixed(2)}× p95`;
  console.log(`\nPostgreSQL, 1 instance vs SQLite: ${ratio(pgOne)}`);
  console.log(`PostgreSQL, 2 instances vs SQLite: ${ratio(pgTwo)}`);
  failed = sqlite.failed + pgOne.failed + pgTwo.failed;
} finally {
  await cluster.stop();
}
if (failed > 0) process.exitCode = 1;
