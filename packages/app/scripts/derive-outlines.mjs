#!/usr/bin/env node
/**
 * Derives the results map's offline basemap (packages/app/src/assets/outlines/) from us-atlas
 * `counties-10m.json` (U.S. Census Bureau cartographic boundaries, 1:10,000,000, as TopoJSON):
 *
 *   pnpm -F @bis/app derive:outlines            write the files
 *   pnpm -F @bis/app derive:outlines -- --check exit 1 when the committed files differ
 *
 * The whole file is 842 KB (260 KB gzipped), far more than a map of one service area needs.
 * This splits it by state: one small TopoJSON per state or territory (`<FIPS>.json`) holding
 * that state's outline and its counties, with only the arcs they use, and an index
 * (`index.json`) of each state's name and bounding box, so the map fetches only the states in
 * view. Nothing is simplified or re-quantized: the arcs are us-atlas's own, shifted to a
 * per-state origin (lossless), so the outlines are exactly those of us-atlas. County names and
 * identifiers, which the map does not show, are left out.
 *
 * Same input → same bytes (states in FIPS order, geometries in us-atlas order).
 *
 * The ZIP map's detail layers beside them (`zips/<FIPS>.json`: ZIP outlines, Interstates,
 * water) come from the reference data in ../shared by `derive-zip-outlines.mjs`.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";

const here = path.dirname(fileURLToPath(import.meta.url));
export const OUTPUT_DIR = path.resolve(here, "../src/assets/outlines");
export const FORMAT = "bis-outlines/1";

/** The index's bounding boxes are rounded outwards to hundredths of a degree (about 1 km). */
const BOX_STEP = 100;

/** The arc indices a geometry refers to (negative: the reversed arc ~i). */
export function arcIndices(arcs, into) {
  for (const item of arcs) {
    if (Array.isArray(item)) arcIndices(item, into);
    else into.add(item < 0 ? ~item : item);
  }
  return into;
}

/** A geometry's arc references, renumbered through `index` (old → new). */
export function renumber(arcs, index) {
  return arcs.map((item) => {
    if (Array.isArray(item)) return renumber(item, index);
    const old = item < 0 ? ~item : item;
    const next = index.get(old);
    if (next === undefined) throw new Error(`arc ${old} missing`);
    return item < 0 ? ~next : next;
  });
}

/** The absolute quantized points of an arc (us-atlas arcs are delta-encoded). */
function absolute(arc) {
  let x = 0;
  let y = 0;
  return arc.map(([dx, dy]) => {
    x += dx;
    y += dy;
    return [x, y];
  });
}

const down = (value) => Math.floor(value * BOX_STEP) / BOX_STEP;
const up = (value) => Math.ceil(value * BOX_STEP) / BOX_STEP;

/**
 * Splits a us-atlas counties topology by state.
 * @returns {{ index: object, states: Map<string, object> }}
 */
export function deriveOutlines(topology) {
  const { transform, arcs, objects } = topology;
  if (!transform || !objects.states || !objects.counties) {
    throw new Error("expected a quantized us-atlas topology with states and counties");
  }
  const [sx, sy] = transform.scale;
  const [tx, ty] = transform.translate;
  const decoded = arcs.map(absolute);

  const countiesByState = new Map();
  for (const county of objects.counties.geometries) {
    const fips = String(county.id).slice(0, 2);
    if (!countiesByState.has(fips)) countiesByState.set(fips, []);
    countiesByState.get(fips).push(county);
  }

  const states = new Map();
  const entries = [];
  const ordered = [...objects.states.geometries].sort((a, b) => String(a.id).localeCompare(b.id));
  for (const state of ordered) {
    const fips = String(state.id);
    const counties = (countiesByState.get(fips) ?? []).filter((c) => c.type !== null);
    const used = [
      ...arcIndices(
        state.arcs,
        arcIndices(
          counties.map((c) => c.arcs),
          new Set(),
        ),
      ),
    ];
    used.sort((a, b) => a - b);
    const index = new Map(used.map((old, i) => [old, i]));

    // A per-state origin keeps the first (absolute) point of every arc short.
    let minX = Infinity;
    let minY = Infinity;
    let maxX = -Infinity;
    let maxY = -Infinity;
    for (const i of used) {
      for (const [x, y] of decoded[i]) {
        if (x < minX) minX = x;
        if (y < minY) minY = y;
        if (x > maxX) maxX = x;
        if (y > maxY) maxY = y;
      }
    }
    const stateArcs = used.map((i) => {
      const arc = arcs[i].map((point) => [...point]);
      arc[0] = [arc[0][0] - minX, arc[0][1] - minY];
      return arc;
    });

    const geometry = (g) => ({ type: g.type, arcs: renumber(g.arcs, index) });
    states.set(fips, {
      type: "Topology",
      transform: { scale: [sx, sy], translate: [tx + minX * sx, ty + minY * sy] },
      objects: {
        state: { type: "GeometryCollection", geometries: [geometry(state)] },
        counties: { type: "GeometryCollection", geometries: counties.map(geometry) },
      },
      arcs: stateArcs,
    });
    entries.push({
      fips,
      name: state.properties?.name ?? fips,
      // [west, south, east, north]
      box: [down(tx + minX * sx), down(ty + minY * sy), up(tx + maxX * sx), up(ty + maxY * sy)],
    });
  }
  return {
    index: {
      format: FORMAT,
      source:
        "U.S. Census Bureau cartographic boundaries, 2017 edition, 1:10,000,000 (us-atlas 3.0.1 counties-10m), split by state",
      states: entries,
    },
    states,
  };
}

/** The files to write: name → contents. */
export function outlineFiles(topology) {
  const { index, states } = deriveOutlines(topology);
  const files = new Map([["index.json", `${JSON.stringify(index)}\n`]]);
  for (const [fips, data] of states) files.set(`${fips}.json`, JSON.stringify(data));
  return files;
}

function main(argv) {
  const check = argv.includes("--check");
  const require = createRequire(import.meta.url);
  const source = require.resolve("us-atlas/counties-10m.json");
  const files = outlineFiles(JSON.parse(readFileSync(source, "utf8")));
  writeOrCheck(files, OUTPUT_DIR, { check, name: "Outlines", command: "derive:outlines" });
}

/**
 * Writes `files` (name → contents) into `dir`, removing its other .json files; or, with `check`,
 * exits 1 when the committed files differ. Only .json files are the scripts' own (zips/ and
 * NOTICE.md live beside the state outlines).
 */
export function writeOrCheck(files, dir, { check, name, command }) {
  if (check) {
    const present = existsSync(dir) ? readdirSync(dir).filter((n) => n.endsWith(".json")) : [];
    const stale = present.filter((n) => !files.has(n));
    const differing = [...files].filter(([n, contents]) => {
      const file = path.join(dir, n);
      return !existsSync(file) || readFileSync(file, "utf8") !== contents;
    });
    if (stale.length > 0 || differing.length > 0) {
      console.error(
        `${name} out of date (${[...stale, ...differing.map(([n]) => n)].join(", ")}): run pnpm -F @bis/app ${command}`,
      );
      process.exit(1);
    }
    console.log(`${name} up to date (${files.size} files)`);
    return;
  }
  mkdirSync(dir, { recursive: true });
  for (const n of readdirSync(dir)) {
    if (n.endsWith(".json") && !files.has(n)) rmSync(path.join(dir, n));
  }
  for (const [n, contents] of files) writeFileSync(path.join(dir, n), contents);
  console.log(`Wrote ${files.size} files to ${path.relative(process.cwd(), dir)}`);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main(process.argv.slice(2));
}
