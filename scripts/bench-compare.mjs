#!/usr/bin/env node
/**
 * Benchmark: a 10-market comparison page loaded over HTTP against the built server (target:
 * under 1 s on this machine). Starts `bis-server` in production mode (the built app included) on
 * a temporary data directory, creates an administrator, runs 10 market analyses in Texas (half of
 * them paid in demo mode, with keyword research), saves their comparison, then loads the page as
 * a browser does, stage by stage, each stage's requests in parallel over keep-alive connections:
 *
 *   1. the HTML of /comparisons/{id};
 *   2. the entry script, its static imports and CSS (from the build's manifest), and
 *      GET /api/auth/session;
 *   3. the comparison page's chunk and its static imports;
 *   4. GET /api/comparisons/{id}, GET /api/public/settings, the comparison schemas' chunk,
 *      the map's chunk (Leaflet) with its CSS, and the Texas outlines.
 *
 * Prints the first (cold) load and the median and p95 of `--runs` warm loads, the bytes of each
 * stage, and the time of the exports (CSV, XLSX, PDF) of the same comparison.
 *
 *   pnpm build && node scripts/bench-compare.mjs [-- --runs 20]
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { benchArgs } from "./lib/bench-args.mjs";
import {
  adminSession,
  analyzeMarket,
  machineLine,
  marketAnalysisBody,
  percentile,
  root,
  startBenchServer,
} from "./lib/bench-server.mjs";

const opts = benchArgs({ runs: { type: "string", default: "20" } });

const CITIES = [
  "Austin",
  "Dallas",
  "Houston",
  "San Antonio",
  "Fort Worth",
  "El Paso",
  "Waco",
  "Tyler",
  "Lubbock",
  "Amarillo",
];

const manifest = JSON.parse(
  readFileSync(path.join(root, "packages/app/dist/.vite/manifest.json"), "utf8"),
);

/** A manifest entry's file, its static imports' files and CSS, recursively. */
function filesOf(key, seen = new Set()) {
  const entry = manifest[key];
  if (!entry || seen.has(key)) return [];
  seen.add(key);
  const files = [entry.file, ...(entry.css ?? [])];
  for (const imported of entry.imports ?? []) files.push(...filesOf(imported, seen));
  return files;
}

const keyOf = (pattern) => Object.keys(manifest).find((k) => pattern.test(k));
const entryFiles = filesOf("index.html");
const pageFiles = filesOf("src/pages/comparison-page.tsx").filter((f) => !entryFiles.includes(f));
const lazyFiles = [
  ...filesOf(keyOf(/^_comparisons-/) ?? ""),
  ...filesOf("src/components/analysis/market-map.tsx"),
  ...filesOf("src/assets/outlines/48.json"),
].filter((f) => !entryFiles.includes(f) && !pageFiles.includes(f));

const server = await startBenchServer({
  serverArgs: [path.join(root, "packages/server/dist/cli.js"), "start"],
});
const { baseUrl } = server;

try {
  const headers = await adminSession(baseUrl);
  const ids = [];
  for (const [i, city] of CITIES.entries()) {
    const made = await analyzeMarket(
      baseUrl,
      headers,
      marketAnalysisBody({ city, state: "TX", primary: "10", secondary: "25" }),
    );
    ids.push(made.analysis.id);
    if (i % 2 === 0) {
      await fetch(`${baseUrl}/api/payments/demo/confirm`, {
        method: "POST",
        headers,
        body: JSON.stringify({ analysisId: made.analysis.id }),
      });
      await fetch(`${baseUrl}/api/keyword-analysis/analyze`, {
        method: "POST",
        headers,
        body: JSON.stringify({ analysisId: made.analysis.id }),
      });
    }
  }
  const created = await fetch(`${baseUrl}/api/comparisons`, {
    method: "POST",
    headers,
    body: JSON.stringify({ analysisIds: ids, name: "Ten Texas markets" }),
  });
  const comparison = await created.json();
  if (created.status !== 201) throw new Error(`comparison failed: ${JSON.stringify(comparison)}`);

  const get = { headers: { Cookie: headers.Cookie, "Accept-Encoding": "br, gzip" } };
  /** One stage: its requests in parallel; the bytes received (decoded). */
  async function stage(paths) {
    const sizes = await Promise.all(
      paths.map(async (p) => {
        const answer = await fetch(`${baseUrl}${p}`, get);
        const body = await answer.arrayBuffer();
        if (!answer.ok) throw new Error(`${p}: ${answer.status}`);
        return body.byteLength;
      }),
    );
    return sizes.reduce((a, b) => a + b, 0);
  }
  const asset = (f) => `/${f}`;
  const stages = [
    [`/comparisons/${comparison.id}`],
    [...entryFiles.map(asset), "/api/auth/session"],
    pageFiles.map(asset),
    [`/api/comparisons/${comparison.id}`, "/api/public/settings", ...lazyFiles.map(asset)],
  ];
  async function load() {
    const started = performance.now();
    const bytes = [];
    for (const paths of stages) bytes.push(await stage(paths));
    return { ms: performance.now() - started, bytes };
  }

  const cold = await load();
  const runs = [];
  for (let i = 0; i < Number(opts.runs); i += 1) runs.push(await load());
  const times = runs.map((r) => r.ms).sort((a, b) => a - b);
  const apiStart = performance.now();
  const api = await fetch(`${baseUrl}/api/comparisons/${comparison.id}`, get);
  const apiBytes = (await api.arrayBuffer()).byteLength;
  const apiMs = performance.now() - apiStart;

  const exportsMs = {};
  for (const file of ["export.csv", "export.xlsx", "report.pdf"]) {
    const t = performance.now();
    const answer = await fetch(`${baseUrl}/api/comparisons/${comparison.id}/${file}`, get);
    const body = await answer.arrayBuffer();
    exportsMs[file] =
      `${(performance.now() - t).toFixed(0)} ms, ${(body.byteLength / 1024).toFixed(1)} KB`;
  }

  const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
  console.log(
    `\nComparison page, ${CITIES.length} markets (5 paid with keyword research), ${baseUrl}`,
  );
  console.log(machineLine());
  console.log(
    `requests per load: ${stages.map((s) => s.length).join(" + ")} = ${stages.flat().length}; bytes per stage (decoded): ${cold.bytes.map(kb).join(", ")}`,
  );
  console.log(`cold load: ${cold.ms.toFixed(0)} ms`);
  console.log(
    `warm loads (${times.length}): median ${percentile(times, 50).toFixed(0)} ms, p95 ${percentile(times, 95).toFixed(0)} ms, max ${times.at(-1).toFixed(0)} ms`,
  );
  console.log(`GET /api/comparisons/{id} alone: ${apiMs.toFixed(0)} ms, ${kb(apiBytes)} (decoded)`);
  console.log(
    `exports: ${Object.entries(exportsMs)
      .map(([f, t]) => `${f} ${t}`)
      .join("; ")}`,
  );
  const target = 1000;
  console.log(
    `target < ${target} ms: ${percentile(times, 95) < target && cold.ms < target ? "met" : "NOT met"}`,
  );
} finally {
  await server.stop();
}
