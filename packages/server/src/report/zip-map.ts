/**
 * The report's ZIP map, drawn offline: each ZIP area in range as its outline (Census ZCTAs, the
 * app's `src/assets/outlines/zips/<FIPS>.json`, derived by its `derive-zip-outlines.mjs`) filled
 * by its opportunity score band — the bands of the results page's ZIP map — on the state
 * outlines, with water and the Interstates for orientation, both radius circles, labels for the
 * best ZIPs and the largest towns, and the legend. A ZIP without an outline is a dot. Without
 * the layer files (an install without the app's sources) every ZIP is a dot. The layers of the
 * states whose box meets the view are read once and kept (a few MB for a busy region).
 */
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { ZipAreaRow } from "@bis/sdk";
import { feature } from "topojson-client";
import { type Box, intersects } from "./basemap.js";
import { formatNumber, pdfText } from "./format.js";
import { COLORS, type Doc, FONT } from "./layout.js";
import {
  drawLegendItems,
  drawStatesInView,
  type LegendItem,
  MAP_STYLE,
  type MapFrame,
  type Projection,
  projectionAround,
} from "./map.js";

/** The results page's score bands (app `zip-score-bands.ts`), best first. */
export const ZIP_MAP_BANDS = [
  { min: 80, label: "Score 80–100", color: "#15803d" },
  { min: 60, label: "Score 60–79", color: "#65a30d" },
  { min: 40, label: "Score 40–59", color: "#d97706" },
  { min: 0, label: "Score 0–39", color: "#94a3b8" },
] as const;

const WATER = "#93c5fd";
const ROAD = "#b45309";
/** ZIP labels and town labels on the page. */
const ZIP_LABELS = 8;
const TOWN_LABELS = 6;

export const bandOf = (score: number) =>
  ZIP_MAP_BANDS.find((b) => score >= b.min) ?? ZIP_MAP_BANDS[3];

type Position = number[];
interface Geometry {
  type: string;
  coordinates?: unknown;
  geometries?: Geometry[];
}
interface Feature {
  id?: string | number;
  geometry: Geometry | null;
}
type Topology = Parameters<typeof feature>[0];

export interface ZipLayerSet {
  zips: Map<string, Feature>;
  interstates: Feature[];
  lakes: Feature[];
  waterLines: Feature[];
}

function layerDirectory(): string | null {
  const here = path.dirname(fileURLToPath(import.meta.url));
  const candidates = [
    // packages/server/dist → the app's sources; from src/report one more level.
    path.resolve(here, "../../app/src/assets/outlines"),
    path.resolve(here, "../../../app/src/assets/outlines"),
  ];
  return candidates.find((dir) => existsSync(path.join(dir, "zips", "36.json"))) ?? null;
}

const decoded = new Map<string, Topology>();
let located: { dir: string; states: { fips: string; box: number[] }[] } | null | undefined;

function features(topology: Topology, name: string): Feature[] {
  const object = topology.objects[name];
  if (!object) return [];
  const result = feature(topology, object) as unknown as { features?: Feature[] } & Feature;
  return result.features ?? [result];
}

/** The ZIP layers of the states whose box meets `view`; null without the layer files. */
export function zipLayersIn(view: Box): ZipLayerSet | null {
  if (located === undefined) {
    const dir = layerDirectory();
    located = dir
      ? { dir, states: JSON.parse(readFileSync(path.join(dir, "index.json"), "utf8")).states }
      : null;
  }
  if (!located) return null;
  const { dir, states } = located;
  const set: ZipLayerSet = { zips: new Map(), interstates: [], lakes: [], waterLines: [] };
  const lakes = new Set<string | number>();
  for (const { fips, box } of states) {
    const [west = 0, south = 0, east = 0, north = 0] = box;
    if (!intersects({ west, south, east, north }, view)) continue;
    let topology = decoded.get(fips);
    if (!topology) {
      const file = path.join(dir, "zips", `${fips}.json`);
      if (!existsSync(file)) continue;
      topology = JSON.parse(readFileSync(file, "utf8")) as Topology;
      decoded.set(fips, topology);
    }
    for (const f of features(topology, "zips"))
      if (typeof f.id === "string" && !set.zips.has(f.id)) set.zips.set(f.id, f);
    set.interstates.push(...features(topology, "interstates"));
    for (const f of features(topology, "lakes")) {
      if (f.id !== undefined && lakes.has(f.id)) continue;
      if (f.id !== undefined) lakes.add(f.id);
      set.lakes.push(f);
    }
    set.waterLines.push(...features(topology, "rivers"), ...features(topology, "coast"));
  }
  return set;
}

/** Polygons' rings or lines' parts of a geometry, as lists of positions. */
function partsOf(geometry: Geometry | null): Position[][] {
  if (!geometry) return [];
  const c = geometry.coordinates as unknown;
  switch (geometry.type) {
    case "LineString":
      return [c as Position[]];
    case "MultiLineString":
    case "Polygon":
      return c as Position[][];
    case "MultiPolygon":
      return (c as Position[][][]).flat();
    case "GeometryCollection":
      return (geometry.geometries ?? []).flatMap(partsOf);
    default:
      return [];
  }
}

/** Adds a geometry's parts to the current path; `close` for rings. */
function trace(doc: Doc, f: Feature, project: Projection, close: boolean): number {
  let parts = 0;
  for (const part of partsOf(f.geometry)) {
    let last: [number, number] | null = null;
    for (const [lon, lat] of part) {
      if (lon === undefined || lat === undefined) continue;
      const point = project(lon, lat);
      if (last && Math.abs(point[0] - last[0]) + Math.abs(point[1] - last[1]) < 0.4) continue;
      if (last) doc.lineTo(point[0], point[1]);
      else doc.moveTo(point[0], point[1]);
      last = point;
    }
    if (close && last) doc.closePath();
    parts += 1;
  }
  return parts;
}

export interface ZipMapInput {
  target: { name: string; lat: number; lon: number };
  primaryRadiusMiles: number;
  secondaryRadiusMiles: number;
  rows: readonly Pick<ZipAreaRow, "zip" | "lat" | "lon" | "score" | "place">[];
  towns: readonly { name: string; lat: number; lon: number; population: number | null }[];
}

export interface ZipMapResult {
  /** ZIP areas drawn as outlines, and as dots. */
  outlines: number;
  dots: number;
}

/** Draws the ZIP map into `frame`. */
export function drawZipMap(doc: Doc, frame: MapFrame, input: ZipMapInput): ZipMapResult {
  const r2 = Math.max(input.secondaryRadiusMiles, input.primaryRadiusMiles, 1);
  const { cx, cy, scale, project, view } = projectionAround(frame, input.target, r2, 14);
  const layers = zipLayersIn(view);

  drawStatesInView(doc, frame, view, project, () => {
    doc
      .lineWidth(0.8)
      .lineJoin("round")
      .fillAndStroke(MAP_STYLE.land, MAP_STYLE.border, "even-odd");
  });
  if (layers) {
    for (const lake of layers.lakes) if (trace(doc, lake, project, true) > 0) doc.fill(WATER);
    for (const line of layers.waterLines)
      if (trace(doc, line, project, false) > 0) doc.lineWidth(0.8).stroke(WATER);
  }
  // Worst first, so the best ZIPs' borders sit on top.
  const ordered = [...input.rows].sort((a, b) => a.score - b.score);
  const dots: typeof ordered = [];
  let outlines = 0;
  for (const row of ordered) {
    const outline = layers?.zips.get(row.zip);
    if (!outline || trace(doc, outline, project, true) === 0) {
      dots.push(row);
      continue;
    }
    doc.lineWidth(0.35).fillAndStroke(bandOf(row.score).color, COLORS.white, "even-odd");
    outlines += 1;
  }
  if (layers)
    for (const road of layers.interstates)
      if (trace(doc, road, project, false) > 0) doc.lineWidth(1).strokeOpacity(0.75).stroke(ROAD);
  doc.strokeOpacity(1);
  for (const row of dots) {
    const [x, y] = project(row.lon, row.lat);
    doc.circle(x, y, 3).lineWidth(0.7).fillAndStroke(bandOf(row.score).color, COLORS.white);
  }
  // The radius circles as lines only: a tint would change the bands' colours inside them.
  doc.save();
  doc
    .circle(cx, cy, input.secondaryRadiusMiles * scale)
    .lineWidth(1.4)
    .dash(6, { space: 4 })
    .stroke(MAP_STYLE.secondary);
  doc.restore();
  doc
    .circle(cx, cy, input.primaryRadiusMiles * scale)
    .lineWidth(1.4)
    .stroke(MAP_STYLE.primary);
  doc.circle(cx, cy, 4.5).lineWidth(1.5).fillAndStroke(MAP_STYLE.target, COLORS.white);

  // Labels: the best ZIPs, then the largest towns, none overlapping another.
  const taken: { x: number; y: number; w: number; h: number }[] = [];
  const label = (text: string, lon: number, lat: number, font: string, size: number) => {
    const [x, y] = project(lon, lat);
    doc.font(font).fontSize(size);
    const w = doc.widthOfString(text) + 4;
    const h = size + 3;
    const box = { x: x + 4, y: y - h / 2, w, h };
    const inside =
      box.x >= frame.x &&
      box.y >= frame.y &&
      box.x + w <= frame.x + frame.width &&
      box.y + h <= frame.y + frame.height;
    const clear = taken.every(
      (t) => box.x >= t.x + t.w || t.x >= box.x + w || box.y >= t.y + t.h || t.y >= box.y + h,
    );
    if (!inside || !clear) return false;
    taken.push(box);
    doc.rect(box.x, box.y, w, h).fillOpacity(0.85).fill(COLORS.white);
    doc
      .fillOpacity(1)
      .fillColor(COLORS.ink)
      .text(text, box.x + 2, box.y + 1.5, { lineBreak: false });
    return true;
  };
  let zipLabels = 0;
  for (const row of [...ordered].reverse()) {
    if (zipLabels >= ZIP_LABELS) break;
    if (label(row.zip, row.lon, row.lat, FONT.bold, 7)) zipLabels += 1;
  }
  let townLabels = 0;
  const towns = [...input.towns]
    .filter((t) => t.population !== null)
    .sort((a, b) => (b.population ?? 0) - (a.population ?? 0));
  for (const town of towns) {
    if (townLabels >= TOWN_LABELS) break;
    if (label(pdfText(town.name), town.lon, town.lat, FONT.italic, 7.5)) townLabels += 1;
  }
  doc.restore();
  doc
    .rect(frame.x, frame.y, frame.width, frame.height)
    .lineWidth(0.8)
    .strokeColor(COLORS.rule)
    .stroke();
  return { outlines, dots: dots.length };
}

/** The legend under the ZIP map: the four bands with their counts, and the map's key. */
export function drawZipMapLegend(
  doc: Doc,
  x: number,
  y: number,
  width: number,
  rows: readonly Pick<ZipAreaRow, "score">[],
): number {
  const count = (min: number) => rows.filter((r) => bandOf(r.score).min === min).length;
  const items: LegendItem[] = [
    ...ZIP_MAP_BANDS.map((b) => ({
      label: `${b.label} (${formatNumber(count(b.min))} ZIP${count(b.min) === 1 ? "" : "s"})`,
      draw: (ix: number, iy: number) => {
        doc.rect(ix, iy, 10, 10).fill(b.color);
      },
    })),
    {
      label: "Interstate",
      draw: (ix, iy) => {
        doc
          .moveTo(ix, iy + 5)
          .lineTo(ix + 10, iy + 5)
          .lineWidth(1.5)
          .stroke(ROAD);
      },
    },
    { label: "Water", draw: (ix, iy) => doc.rect(ix, iy, 10, 10).fill(WATER) },
    {
      label: "Dot: a ZIP area without an outline",
      draw: (ix, iy) => doc.circle(ix + 5, iy + 5, 3).fill(ZIP_MAP_BANDS[1].color),
    },
  ];
  return drawLegendItems(doc, x, y, width, items);
}
