#!/usr/bin/env node
/**
 * Benchmark of the `bis` command line. Targets: `bis --help` starts in < 300 ms
 * (median of 10); a 1,000-row batch against a local server finishes in < 30 s.
 *
 *   pnpm build && pnpm bench:cli
 *   pnpm bench:cli -- --rows 1000 --concurrency 4 --help-runs 10
 *
 * Starts the built `bis-server` in production mode on a temporary data directory, creates an
 * administrator and a personal API token for it, writes a CSV of real places (the 100 largest
 * U.S. cities × 10 radius pairs), and times the built `bis batch` over it, end to end: process
 * start, CSV parsing and validation, the HTTP calls, the analyses, the output file.
 */
import { spawn, spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { benchArgs } from "./lib/bench-args.mjs";
import {
  adminSession,
  machineLine,
  percentile,
  root,
  startBenchServer,
} from "./lib/bench-server.mjs";

const opts = benchArgs({
  rows: { type: "string", default: "1000" },
  concurrency: { type: "string", default: "4" },
  "help-runs": { type: "string", default: "10" },
});

const bin = path.join(root, "packages/cli/dist/cli.js");
const serverDist = path.join(root, "packages/server/dist/cli.js");
for (const file of [bin, serverDist]) {
  if (!existsSync(file)) {
    process.stderr.write(`${path.relative(root, file)} is missing: run \`pnpm build\` first.\n`);
    process.exit(1);
  }
}

/**
 * 100 of the most populous U.S. cities (Census 2020), a fixed list so runs compare. Washington, DC
 * and Lexington, KY are left out: the embedded place data has no DC "state" and lists Lexington
 * as "Lexington-Fayette"; Tacoma and Modesto take their places.
 */
const CITIES =
  `New York,NY;Los Angeles,CA;Chicago,IL;Houston,TX;Phoenix,AZ;Philadelphia,PA;San Antonio,TX;
San Diego,CA;Dallas,TX;San Jose,CA;Austin,TX;Jacksonville,FL;Fort Worth,TX;Columbus,OH;Indianapolis,IN;
Charlotte,NC;San Francisco,CA;Seattle,WA;Denver,CO;Oklahoma City,OK;Nashville,TN;El Paso,TX;Tacoma,WA;
Boston,MA;Las Vegas,NV;Portland,OR;Detroit,MI;Louisville,KY;Memphis,TN;Baltimore,MD;Milwaukee,WI;
Albuquerque,NM;Tucson,AZ;Fresno,CA;Sacramento,CA;Mesa,AZ;Kansas City,MO;Atlanta,GA;Omaha,NE;
Colorado Springs,CO;Raleigh,NC;Long Beach,CA;Virginia Beach,VA;Miami,FL;Oakland,CA;Minneapolis,MN;Tulsa,OK;
Bakersfield,CA;Wichita,KS;Arlington,TX;Aurora,CO;Tampa,FL;New Orleans,LA;Cleveland,OH;Honolulu,HI;
Anaheim,CA;Modesto,CA;Stockton,CA;Corpus Christi,TX;Henderson,NV;Riverside,CA;Newark,NJ;Saint Paul,MN;
Santa Ana,CA;Cincinnati,OH;Irvine,CA;Orlando,FL;Pittsburgh,PA;St. Louis,MO;Greensboro,NC;Jersey City,NJ;
Anchorage,AK;Lincoln,NE;Plano,TX;Durham,NC;Buffalo,NY;Chandler,AZ;Chula Vista,CA;Toledo,OH;Madison,WI;
Gilbert,AZ;Reno,NV;Fort Wayne,IN;North Las Vegas,NV;St. Petersburg,FL;Lubbock,TX;Irving,TX;Laredo,TX;
Winston-Salem,NC;Chesapeake,VA;Glendale,AZ;Garland,TX;Scottsdale,AZ;Norfolk,VA;Boise,ID;Fremont,CA;
Spokane,WA;Santa Clarita,CA;Baton Rouge,LA;Richmond,VA`
    .split(";")
    .map((pair) => pair.trim().split(","));

/** Radius pairs (primary, secondary) in miles. */
const RADII = [
  [5, 10],
  [10, 15],
  [10, 25],
  [15, 30],
  [20, 40],
  [25, 50],
  [30, 60],
  [5, 5],
  [40, 80],
  [50, 100],
];

const median = (values) =>
  percentile(
    [...values].sort((a, b) => a - b),
    50,
  );
const ms = (n) => `${n.toFixed(0)} ms`;

/* ------------------------------------------------------------------ start-up */

function timeHelp(args, runs) {
  spawnSync(process.execPath, [bin, ...args], { encoding: "utf8" }); // warm the file cache
  const times = [];
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    const run = spawnSync(process.execPath, [bin, ...args], { encoding: "utf8" });
    times.push(performance.now() - started);
    if (run.status !== 0) throw new Error(`bis ${args.join(" ")} failed: ${run.stderr}`);
  }
  return times;
}

const helpRuns = Number(opts["help-runs"]);
const help = timeHelp(["--help"], helpRuns);
const version = timeHelp(["--version"], helpRuns);
const node = (() => {
  const times = [];
  for (let i = 0; i < helpRuns; i++) {
    const started = performance.now();
    spawnSync(process.execPath, ["-e", ""]);
    times.push(performance.now() - started);
  }
  return times;
})();

/* ------------------------------------------------------------------ the batch */

const rowCount = Number(opts.rows);
const lines = ["city,state,industry,primary,secondary"];
for (let i = 0; lines.length <= rowCount; i++) {
  const [city, state] = CITIES[i % CITIES.length];
  const [primary, secondary] = RADII[Math.floor(i / CITIES.length) % RADII.length];
  lines.push(`${city.includes(",") ? `"${city}"` : city},${state},HVAC,${primary},${secondary}`);
}
const work = mkdtempSync(path.join(tmpdir(), "bis-bench-cli-"));
writeFileSync(path.join(work, "cities.csv"), `${lines.join("\n")}\n`);

const server = await startBenchServer({
  serverArgs: [serverDist, "start"],
  cwd: path.join(root, "packages/server"),
  dataDirPrefix: "bis-bench-cli-",
  startTimeoutMs: 30_000,
});
let batch;
try {
  await adminSession(server.baseUrl);
  const created = await fetch(`${server.baseUrl}/api/tokens`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ name: "bench", email: "bench@example.com", password: "Bench-pass1" }),
  });
  if (created.status !== 201) throw new Error(`token: ${created.status} ${await created.text()}`);
  const { token } = await created.json();

  const started = performance.now();
  const child = spawn(
    process.execPath,
    [bin, "batch", "cities.csv", "--out", "results.csv", "--concurrency", opts.concurrency],
    {
      cwd: work,
      env: { PATH: process.env.PATH, HOME: work, BIS_URL: server.baseUrl, BIS_TOKEN: token },
      stdio: ["ignore", "ignore", "pipe"],
    },
  );
  let stderr = "";
  child.stderr.on("data", (chunk) => {
    stderr += chunk;
  });
  const code = await new Promise((resolve) => child.on("close", resolve));
  const elapsed = performance.now() - started;
  const written =
    readFileSync(path.join(work, "results.csv"), "utf8").trim().split("\n").length - 1;
  const summary = stderr.trim().split("\n").at(-1);
  batch = {
    code,
    elapsed,
    written,
    summary,
    failed: stderr.split("\n").filter((l) => l.includes("FAILED")),
  };
} finally {
  await server.stop();
  rmSync(work, { recursive: true, force: true });
}

/* ------------------------------------------------------------------ report */

const ok = (pass) => (pass ? "met" : "NOT met");
const helpMedian = median(help);
process.stdout.write(
  `${[
    machineLine(),
    `bis --help     median ${ms(helpMedian)} (min ${ms(Math.min(...help))}, max ${ms(Math.max(...help))}, ${helpRuns} runs) — target < 300 ms: ${ok(helpMedian < 300)}`,
    `bis --version  median ${ms(median(version))}`,
    `node -e ""     median ${ms(median(node))} (Node's own start-up, for scale)`,
    `bis batch      ${rowCount} rows, concurrency ${opts.concurrency}: ${(batch.elapsed / 1000).toFixed(1)} s (${(rowCount / (batch.elapsed / 1000)).toFixed(0)} rows/s), exit ${batch.code}, ${batch.written} rows written — target < 30 s: ${ok(batch.elapsed < 30_000 && batch.code === 0 && batch.written === rowCount)}`,
    `               ${batch.summary}`,
    ...batch.failed.slice(0, 10).map((l) => `               ${l}`),
  ].join("\n")}\n`,
);
