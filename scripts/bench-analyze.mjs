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
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { cpus, tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import autocannon from "autocannon";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const { values: opts } = parseArgs({
  options: {
    duration: { type: "string", default: "15" },
    connections: { type: "string", default: "8" },
    city: { type: "string", default: "New York" },
    state: { type: "string", default: "NY" },
    primary: { type: "string", default: "50" },
    secondary: { type: "string", default: "100" },
  },
});

const port = await new Promise((resolve) => {
  const probe = createServer().listen(0, "127.0.0.1", () => {
    const { port } = probe.address();
    probe.close(() => resolve(port));
  });
});
const baseUrl = `http://127.0.0.1:${port}`;
const dataDir = mkdtempSync(path.join(tmpdir(), "bis-bench-"));
const nodeArgs = process.env.BENCH_SERVER_NODE_ARGS?.split(" ").filter(Boolean) ?? [];
const server = spawn(
  process.execPath,
  [...nodeArgs, path.join(root, "packages/server/dist/cli.js"), "start"],
  {
    env: {
      PATH: process.env.PATH,
      NODE_ENV: "production",
      PORT: String(port),
      HOST: "127.0.0.1",
      BIS_BASE_URL: baseUrl,
      BIS_DATA_DIR: dataDir,
      BIS_LOG_LEVEL: "warn",
    },
    stdio: ["ignore", "inherit", "inherit"],
  },
);

async function waitForServer() {
  for (let i = 0; i < 200; i++) {
    try {
      if ((await fetch(`${baseUrl}/api/health`)).ok) return;
    } catch {}
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error("bis-server did not start");
}

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
  const body = JSON.stringify({
    state: opts.state,
    city: opts.city,
    industry: "HVAC",
    primaryRadius: Number(opts.primary),
    secondaryRadius: Number(opts.secondary),
  });
  const headers = { "Content-Type": "application/json", Cookie: cookie, Origin: baseUrl };

  const first = await fetch(`${baseUrl}/api/market-analysis/analyze`, {
    method: "POST",
    headers,
    body,
  });
  const sample = await first.json();
  if (first.status !== 201)
    throw new Error(`analyze failed: ${first.status} ${JSON.stringify(sample)}`);
  const full = await (
    await fetch(`${baseUrl}/api/analyses/${sample.analysis.id}`, { headers })
  ).json();
  console.log(
    `\n${sample.location}: ${full.marketAnalysisData.marketSummary.citiesInRange} places in range, ` +
      `${sample.marketSize.toLocaleString("en-US")} people, stored record ${JSON.stringify(full).length.toLocaleString("en-US")} bytes`,
  );

  const times = [];
  const result = await new Promise((resolve, reject) => {
    const instance = autocannon(
      {
        url: `${baseUrl}/api/market-analysis/analyze`,
        method: "POST",
        headers,
        body,
        connections: Number(opts.connections),
        duration: Number(opts.duration),
      },
      (error, res) => (error ? reject(error) : resolve(res)),
    );
    instance.on("response", (_client, _status, _bytes, responseTime) => times.push(responseTime));
  });
  times.sort((a, b) => a - b);
  const pct = (p) =>
    times[Math.min(times.length - 1, Math.floor((p / 100) * times.length))]?.toFixed(1);
  const non2xx = result.non2xx + result.errors;
  console.log(
    `\nPOST /api/market-analysis/analyze — ${opts.city}, ${opts.state}, ${opts.primary}/${opts.secondary} mi`,
  );
  console.log(
    `machine: ${cpus().length} cores (${cpus()[0]?.model ?? "unknown"}), node ${process.version}`,
  );
  console.log(
    `connections ${opts.connections}, duration ${opts.duration} s, requests ${result.requests.total}, non-2xx/errors ${non2xx}`,
  );
  console.log(
    `latency ms (${times.length} responses): p50 ${pct(50)}, p95 ${pct(95)}, p99 ${pct(99)}, max ${times.at(-1)?.toFixed(1)}`,
  );
  console.log(
    `throughput: ${result.requests.average.toFixed(0)} analyses/s (mean), ${result.requests.p50} (p50 per second)`,
  );
  if (non2xx > 0) process.exitCode = 1;
} finally {
  server.kill("SIGTERM");
  await new Promise((r) => server.once("exit", r));
  rmSync(dataDir, { recursive: true, force: true });
}
