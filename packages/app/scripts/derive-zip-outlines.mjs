#!/usr/bin/env node
/**
 * Derives the ZIP map's offline detail layers (packages/app/src/assets/outlines/zips/<FIPS>.json)
 * from the reference data in ../shared/data/geo (not in the repository):
 *
 *   - `zcta2010_us_i200m.topo.json.gz`: the 32,967 ZIP Code Tabulation Areas (2010, Census
 *     cartographic boundaries, simplified at 200 m), TopoJSON object `zcta`, properties `zcta`, `state`;
 *   - `us_interstates_tiger2020.geojson.gz`: the 228 Interstate routes (TIGER/Line 2020);
 *   - `us_water_ne10m.topo.json`: Natural Earth 1:10m lakes, rivers and coastline.
 *
 *   pnpm -F @bis/app derive:zip-outlines            write the files
 *   pnpm -F @bis/app derive:zip-outlines -- --check exit 1 when the committed files differ
 *   node scripts/derive-zip-outlines.mjs --source DIR   read the three files from DIR
 *
 * One TopoJSON per state (its FIPS code, as the state outlines in ../outlines/): objects `zips`
 * (each geometry's `id` the five-digit ZCTA), `interstates` (`id` "I-95"), `lakes`, `rivers` and
 * `coast`, the lines cut to the state's bounding box (plus a margin). The ZCTA arcs are
 * simplified again (Douglas–Peucker, SIMPLIFY_M metres, arc ends kept so neighbours still share
 * their borders) and quantized to a GRID_M-metre grid from a per-state origin, delta-encoded:
 * enough for a map at zoom 8–12, small enough that a 100-mile New York view (seven states) comes
 * well under 600 KB gzipped. Same input → same bytes.
 */
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { gunzipSync } from "node:zlib";
import { arcIndices, renumber, writeOrCheck } from "./derive-outlines.mjs";

const here = path.dirname(fileURLToPath(import.meta.url));
export const OUTPUT_DIR = path.resolve(here, "../src/assets/outlines/zips");
export const STATE_INDEX = path.resolve(here, "../src/assets/outlines/index.json");
export const DEFAULT_SOURCE = path.resolve(here, "../../../../shared/data/geo");
export const FORMAT = "bis-zip-outlines/1";
export const SOURCE_FILES = {
  zcta: "zcta2010_us_i200m.topo.json.gz",
  interstates: "us_interstates_tiger2020.geojson.gz",
  water: "us_water_ne10m.topo.json",
};

/** Douglas–Peucker tolerance for ZCTA borders, in metres. */
export const SIMPLIFY_M = 120;
/** The quantization grid, in metres. */
export const GRID_M = 40;
/** How far beyond a state's box its roads and water are kept, in degrees. */
const MARGIN_DEG = 0.25;

/** Two-letter postal code → FIPS (the ZCTA file's `state`). */
// biome-ignore format: a table
const FIPS = {
  AL: "01", AK: "02", AZ: "04", AR: "05", CA: "06", CO: "08", CT: "09", DE: "10", DC: "11",
  FL: "12", GA: "13", HI: "15", ID: "16", IL: "17", IN: "18", IA: "19", KS: "20", KY: "21",
  LA: "22", ME: "23", MD: "24", MA: "25", MI: "26", MN: "27", MS: "28", MO: "29", MT: "30",
  NE: "31", NV: "32", NH: "33", NJ: "34", NM: "35", NY: "36", NC: "37", ND: "38", OH: "39",
  OK: "40", OR: "41", PA: "42", RI: "44", SC: "45", SD: "46", TN: "47", TX: "48", UT: "49",
  VT: "50", VA: "51", WA: "53", WV: "54", WI: "55", WY: "56",
};

const M_PER_DEG = 111_320;

/* ------------------------------------------------------------------ geometry helpers */

/** Absolute positions of a quantized, delta-encoded TopoJSON arc, in degrees. */
function decodeArc(arc, transform) {
  const [sx, sy] = transform.scale;
  const [tx, ty] = transform.translate;
  let x = 0;
  let y = 0;
  return arc.map(([dx, dy]) => {
    x += dx;
    y += dy;
    return [tx + x * sx, ty + y * sy];
  });
}

/** Squared distance, in metres², from p to the segment a–b (local equirectangular). */
function segmentDistance2(p, a, b, kx) {
  const ax = a[0] * kx;
  const ay = a[1] * M_PER_DEG;
  const bx = b[0] * kx - ax;
  const by = b[1] * M_PER_DEG - ay;
  const px = p[0] * kx - ax;
  const py = p[1] * M_PER_DEG - ay;
  const length2 = bx * bx + by * by;
  const t = length2 === 0 ? 0 : Math.max(0, Math.min(1, (px * bx + py * by) / length2));
  const dx = px - t * bx;
  const dy = py - t * by;
  return dx * dx + dy * dy;
}

/** Douglas–Peucker with both ends kept (iterative). */
function douglasPeucker(points, tolerance) {
  if (points.length <= 2) return points;
  const kx = M_PER_DEG * Math.cos((points[0][1] * Math.PI) / 180);
  const keep = new Uint8Array(points.length);
  keep[0] = 1;
  keep[points.length - 1] = 1;
  const tol2 = tolerance * tolerance;
  const stack = [[0, points.length - 1]];
  while (stack.length > 0) {
    const [first, last] = stack.pop();
    let worst = 0;
    let at = -1;
    for (let i = first + 1; i < last; i += 1) {
      const d = segmentDistance2(points[i], points[first], points[last], kx);
      if (d > worst) {
        worst = d;
        at = i;
      }
    }
    if (at >= 0 && worst > tol2) {
      keep[at] = 1;
      stack.push([first, at], [at, last]);
    }
  }
  return points.filter((_, i) => keep[i] === 1);
}

/**
 * Simplifies an arc, keeping its ends; a closed arc (a ring of its own) is split at its farthest
 * point first, so it keeps at least four positions and stays a ring.
 */
function simplifyArc(points, tolerance) {
  const [x0, y0] = points[0];
  const [x1, y1] = points[points.length - 1];
  if (x0 !== x1 || y0 !== y1 || points.length < 5) return douglasPeucker(points, tolerance);
  let far = 1;
  let best = -1;
  for (let i = 1; i < points.length - 1; i += 1) {
    const d = (points[i][0] - x0) ** 2 + (points[i][1] - y0) ** 2;
    if (d > best) {
      best = d;
      far = i;
    }
  }
  const a = douglasPeucker(points.slice(0, far + 1), tolerance);
  const b = douglasPeucker(points.slice(far), tolerance);
  const ring = [...a, ...b.slice(1)];
  if (ring.length >= 4) return ring;
  // Too small to simplify: a quarter of its positions, evenly spaced.
  const step = (points.length - 1) / 3;
  return [0, 1, 2, 3].map((k) => points[Math.round(k * step)]);
}

/** The runs of a line that lie in `box` (west, south, east, north), each with one position beyond. */
function clipLine(line, [w, s, e, n]) {
  const inside = line.map(([x, y]) => x >= w && x <= e && y >= s && y <= n);
  const runs = [];
  let run = null;
  for (let i = 0; i < line.length; i += 1) {
    const near = inside[i] || inside[i - 1] || inside[i + 1];
    if (near) {
      run ??= [];
      run.push(line[i]);
    } else if (run) {
      if (run.length >= 2) runs.push(run);
      run = null;
    }
  }
  if (run && run.length >= 2) runs.push(run);
  return runs;
}

const meets = ([w, s, e, n], [w2, s2, e2, n2]) => w <= e2 && e >= w2 && s <= n2 && n >= s2;

function boxOf(lines) {
  const box = [Infinity, Infinity, -Infinity, -Infinity];
  for (const line of lines)
    for (const [x, y] of line) {
      if (x < box[0]) box[0] = x;
      if (y < box[1]) box[1] = y;
      if (x > box[2]) box[2] = x;
      if (y > box[3]) box[3] = y;
    }
  return box;
}

/* ------------------------------------------------------------------ one state's topology */

/**
 * Builds a quantized topology from arcs in degrees (`lines`, shared by index) and objects whose
 * geometries refer to them; arcs are quantized to GRID_M from the state's origin.
 */
function encodeTopology(lines, objects, box) {
  const [west, south] = box;
  const midLat = (box[1] + box[3]) / 2;
  const sy = GRID_M / M_PER_DEG;
  const sx = GRID_M / (M_PER_DEG * Math.cos((midLat * Math.PI) / 180));
  // Rounded so that the transform prints short and the same every run.
  const scale = [Number(sx.toPrecision(6)), Number(sy.toPrecision(6))];
  const translate = [Number(west.toFixed(4)), Number(south.toFixed(4))];
  const arcs = lines.map((line) => {
    const encoded = [];
    let px = 0;
    let py = 0;
    for (const [lon, lat] of line) {
      const x = Math.round((lon - translate[0]) / scale[0]);
      const y = Math.round((lat - translate[1]) / scale[1]);
      if (encoded.length > 0 && x === px && y === py) continue;
      encoded.push([x - px, y - py]);
      px = x;
      py = y;
    }
    // An arc keeps two positions at least (TopoJSON), even when both fall in one grid cell.
    if (encoded.length === 1) encoded.push([0, 0]);
    return encoded;
  });
  return { type: "Topology", transform: { scale, translate }, objects, arcs };
}

/**
 * Splits the three sources by state.
 * @param {{ zcta: object, interstates: object, water: object, states: {fips:string, box:number[]}[] }} input
 * @returns {Map<string, object>} FIPS → topology
 */
export function deriveZipOutlines({ zcta, interstates, water, states }) {
  const zipObject = zcta.objects?.zcta;
  if (!zcta.transform || !zipObject) throw new Error("expected the ZCTA topology (object zcta)");
  const simplified = new Map();
  const arcOf = (i) => {
    let arc = simplified.get(i);
    if (!arc) {
      arc = simplifyArc(decodeArc(zcta.arcs[i], zcta.transform), SIMPLIFY_M);
      simplified.set(i, arc);
    }
    return arc;
  };
  const zipsByState = new Map();
  for (const g of zipObject.geometries) {
    const fips = FIPS[g.properties?.state];
    if (!fips || !g.arcs) continue;
    if (!zipsByState.has(fips)) zipsByState.set(fips, []);
    zipsByState.get(fips).push(g);
  }

  // Lines of the roads and water, in degrees.
  const roads = new Map();
  for (const f of interstates.features) {
    const ref = String(f.properties?.ref ?? f.properties?.name ?? "").replace(/\s+/g, "");
    const g = f.geometry;
    const lines = g.type === "LineString" ? [g.coordinates] : g.coordinates;
    if (!roads.has(ref)) roads.set(ref, []);
    roads.get(ref).push(...lines);
  }
  const waterArcs = water.arcs.map((arc) => decodeArc(arc, water.transform));
  const waterLines = (g) => {
    const line = (refs) =>
      refs.flatMap((r, k) => {
        const arc = r < 0 ? [...waterArcs[~r]].reverse() : waterArcs[r];
        return k === 0 ? arc : arc.slice(1);
      });
    if (g.type === "LineString") return [line(g.arcs)];
    if (g.type === "MultiLineString" || g.type === "Polygon") return g.arcs.map(line);
    if (g.type === "MultiPolygon") return g.arcs.flatMap((p) => p.map(line));
    return [];
  };
  const waterLayer = (name) =>
    (water.objects[name]?.geometries ?? []).map((g) => ({ g, lines: waterLines(g) }));
  const lakes = waterLayer("lakes");
  const rivers = waterLayer("rivers");
  const coast = waterLayer("coast");

  const out = new Map();
  for (const { fips, box } of states) {
    const zips = (zipsByState.get(fips) ?? []).sort((a, b) =>
      a.properties.zcta.localeCompare(b.properties.zcta),
    );
    const used = [
      ...arcIndices(
        zips.map((g) => g.arcs),
        new Set(),
      ),
    ].sort((a, b) => a - b);
    const index = new Map(used.map((old, i) => [old, i]));
    const lines = used.map(arcOf);
    const area = [
      box[0] - MARGIN_DEG,
      box[1] - MARGIN_DEG,
      box[2] + MARGIN_DEG,
      box[3] + MARGIN_DEG,
    ];
    const addLines = (list) =>
      list.map((line) => {
        lines.push(line);
        return lines.length - 1;
      });

    const interstateGeometries = [];
    for (const [ref, all] of [...roads].sort(([a], [b]) => a.localeCompare(b))) {
      const runs = all.flatMap((l) => clipLine(l, area));
      if (runs.length > 0)
        interstateGeometries.push({
          type: "MultiLineString",
          id: ref,
          arcs: addLines(runs).map((i) => [i]),
        });
    }
    const lineLayer = (layer) =>
      layer.flatMap(({ g, lines: ls }) => {
        const runs = ls.flatMap((l) => clipLine(l, area));
        if (runs.length === 0) return [];
        const geometry = { type: "MultiLineString", arcs: addLines(runs).map((i) => [i]) };
        return [g.properties?.name ? { ...geometry, id: g.properties.name } : geometry];
      });
    // Lakes whole (polygons), when they reach the area.
    const lakeGeometries = lakes.flatMap(({ g, lines: rings }) => {
      if (rings.length === 0 || !meets(boxOf(rings), area)) return [];
      const ids = addLines(rings.map((r) => douglasPeucker(r, SIMPLIFY_M)));
      const geometry = { type: "Polygon", arcs: ids.map((i) => [i]) };
      return [g.properties?.name ? { ...geometry, id: g.properties.name } : geometry];
    });
    const riverGeometries = lineLayer(rivers);
    const coastGeometries = lineLayer(coast);

    const zipGeometries = zips.map((g) => ({
      type: g.type,
      id: g.properties.zcta,
      arcs: renumber(g.arcs, index),
    }));
    const collection = (geometries) => ({ type: "GeometryCollection", geometries });
    out.set(
      fips,
      encodeTopology(
        lines,
        {
          zips: collection(zipGeometries),
          interstates: collection(interstateGeometries),
          lakes: collection(lakeGeometries),
          rivers: collection(riverGeometries),
          coast: collection(coastGeometries),
        },
        box,
      ),
    );
  }
  return out;
}

/**
 * Which state files hold the ZIPs of each three-digit prefix: `{ "36": "005,063,100-149", … }`,
 * runs of consecutive prefixes joined, so the map can ask for the states of its ZIPs (a few KB).
 */
export function prefixIndex(layers) {
  const states = {};
  for (const [fips, topology] of layers) {
    const prefixes = [
      ...new Set(topology.objects.zips.geometries.map((g) => Number(g.id.slice(0, 3)))),
    ];
    prefixes.sort((a, b) => a - b);
    const runs = [];
    for (const p of prefixes) {
      const last = runs[runs.length - 1];
      if (last && p === last[1] + 1) last[1] = p;
      else runs.push([p, p]);
    }
    const pad = (n) => String(n).padStart(3, "0");
    if (runs.length > 0)
      states[fips] = runs.map(([a, b]) => (a === b ? pad(a) : `${pad(a)}-${pad(b)}`)).join(",");
  }
  return {
    format: FORMAT,
    source:
      "ZIP Code Tabulation Areas 2010 (U.S. Census Bureau cb_2019_us_zcta510_500k), TIGER/Line 2020 Interstates, Natural Earth 1:10m water",
    simplify: { toleranceMetres: SIMPLIFY_M, gridMetres: GRID_M },
    states,
  };
}

/** The files to write: name → contents. */
export function zipOutlineFiles(input) {
  const layers = deriveZipOutlines(input);
  const files = new Map([["index.json", `${JSON.stringify(prefixIndex(layers))}\n`]]);
  for (const [fips, topology] of layers) files.set(`${fips}.json`, JSON.stringify(topology));
  return files;
}

/** Reads the three source files from `dir`; null when they are absent. */
export function readSources(dir = DEFAULT_SOURCE) {
  const file = (name) => path.join(dir, name);
  if (!Object.values(SOURCE_FILES).every((name) => existsSync(file(name)))) return null;
  const json = (name) => {
    const raw = readFileSync(file(name));
    return JSON.parse((name.endsWith(".gz") ? gunzipSync(raw) : raw).toString("utf8"));
  };
  return {
    zcta: json(SOURCE_FILES.zcta),
    interstates: json(SOURCE_FILES.interstates),
    water: json(SOURCE_FILES.water),
    states: JSON.parse(readFileSync(STATE_INDEX, "utf8")).states,
  };
}

function main(argv) {
  const check = argv.includes("--check");
  const at = argv.indexOf("--source");
  const source = at >= 0 ? path.resolve(argv[at + 1] ?? ".") : DEFAULT_SOURCE;
  const input = readSources(source);
  if (!input) {
    console.error(
      `The reference files (${Object.values(SOURCE_FILES).join(", ")}) are not in ${source}`,
    );
    process.exit(2);
  }
  const files = zipOutlineFiles(input);
  writeOrCheck(files, OUTPUT_DIR, {
    check,
    name: "ZIP outlines",
    command: "derive:zip-outlines",
  });
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main(process.argv.slice(2));
}
