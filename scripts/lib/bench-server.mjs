/**
 * What the benchmarks share: `bis-server` started in production mode on a free port and a
 * temporary data directory, an administrator session (premium without paying), one market
 * analysis, and the few figures every benchmark prints.
 */
import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { cpus, tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import autocannon from "autocannon";
import { SERVER_NODE_ARGS } from "./server-node-args.mjs";

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");

/** The `parseArgs` options of the analysis every benchmark runs (New York City, 50/100 mi). */
export const MARKET_OPTIONS = {
  city: { type: "string", default: "New York" },
  state: { type: "string", default: "NY" },
  primary: { type: "string", default: "50" },
  secondary: { type: "string", default: "100" },
};

function freePort() {
  return new Promise((resolve) => {
    const probe = createServer().listen(0, "127.0.0.1", () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

async function waitForHealth(baseUrl, timeoutMs) {
  for (let waited = 0; waited < timeoutMs; waited += 100) {
    try {
      if ((await fetch(`${baseUrl}/api/health`)).ok) return;
    } catch {}
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error("bis-server did not start");
}

/**
 * Starts `bis-server` (`serverArgs`: the node arguments, script first; SERVER_NODE_ARGS, the
 * flags `npm start` gives it, come before them) and waits for its health check; `stop()` ends it
 * and removes its data directory. `env` adds to the production environment; `cwd` is the
 * server's working directory (default: this process's).
 */
export async function startBenchServer({
  serverArgs,
  cwd,
  env = {},
  dataDirPrefix = "bis-bench-",
  startTimeoutMs = 20_000,
}) {
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(path.join(tmpdir(), dataDirPrefix));
  const server = spawn(process.execPath, [...SERVER_NODE_ARGS, ...serverArgs], {
    ...(cwd ? { cwd } : {}),
    env: {
      PATH: process.env.PATH,
      NODE_ENV: "production",
      PORT: String(port),
      HOST: "127.0.0.1",
      BIS_BASE_URL: baseUrl,
      BIS_DATA_DIR: dataDir,
      BIS_LOG_LEVEL: "warn",
      // One account sends every request: the per-account analysis cap (429) is not what is measured.
      BIS_ANALYSIS_RATE_LIMIT: "0",
      ...env,
    },
    stdio: ["ignore", "inherit", "inherit"],
  });
  async function stop() {
    server.kill("SIGTERM");
    await new Promise((r) => server.once("exit", r));
    rmSync(dataDir, { recursive: true, force: true });
  }
  try {
    await waitForHealth(baseUrl, startTimeoutMs);
  } catch (error) {
    await stop();
    throw error;
  }
  return { baseUrl, stop, cpuMs: () => processCpuMs(server.pid) };
}

/**
 * CPU time (user + system, ms) a process has used so far, from /proc (Linux); null elsewhere.
 * CPU per request varies less than throughput when the machine is shared.
 */
export function processCpuMs(pid) {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
    // utime and stime are fields 14 and 15 of stat(5), in clock ticks (100 a second on Linux).
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
  } catch {
    return null;
  }
}

/** Creates the first administrator; the headers of its session (JSON, cookie, origin). */
export async function adminSession(baseUrl) {
  const setup = await fetch(`${baseUrl}/api/admin/setup`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({
      email: "bench@example.com",
      password: "Bench-pass1",
      firstName: "Bench",
      lastName: "Mark",
    }),
  });
  if (!setup.ok) throw new Error(`admin setup failed: ${setup.status} ${await setup.text()}`);
  const cookie = setup.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
  return { "Content-Type": "application/json", Cookie: cookie, Origin: baseUrl };
}

/** The body of `POST /api/market-analysis/analyze` for the MARKET_OPTIONS given. */
export function marketAnalysisBody(opts) {
  return JSON.stringify({
    state: opts.state,
    city: opts.city,
    industry: "HVAC",
    primaryRadius: Number(opts.primary),
    secondaryRadius: Number(opts.secondary),
  });
}

/** Runs one market analysis; its response (`analysis`, `location`, `marketSize`, …). */
export async function analyzeMarket(baseUrl, headers, body) {
  const response = await fetch(`${baseUrl}/api/market-analysis/analyze`, {
    method: "POST",
    headers,
    body,
  });
  const sample = await response.json();
  if (response.status !== 201)
    throw new Error(`analyze failed: ${response.status} ${JSON.stringify(sample)}`);
  return sample;
}

/** The p-th percentile of ascending values (nearest rank, as the recorded results use). */
export function percentile(sorted, p) {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

/** "machine: 8 cores (…), node v20…", printed with every result. */
export function machineLine() {
  return `machine: ${cpus().length} cores (${cpus()[0]?.model ?? "unknown"}), node ${process.version}`;
}

/**
 * Loads `POST /api/market-analysis/analyze` with autocannon for `duration` seconds over
 * `connections` connections: autocannon's result. `onResponse(ms)` hears each response time.
 */
export function loadAnalyses(baseUrl, { headers, body, connections, duration, onResponse }) {
  return new Promise((resolve, reject) => {
    const instance = autocannon(
      {
        url: `${baseUrl}/api/market-analysis/analyze`,
        method: "POST",
        headers,
        body,
        connections: Number(connections),
        duration: Number(duration),
      },
      (error, result) => (error ? reject(error) : resolve(result)),
    );
    if (onResponse) instance.on("response", (_client, _status, _bytes, ms) => onResponse(ms));
  });
}
