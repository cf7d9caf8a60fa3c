/**
 * The report map's basemap, with no network: the U.S. state outlines of `us-atlas`
 * (Census Bureau cartographic boundaries, 1:10,000,000, as TopoJSON in longitude/latitude),
 * decoded once with `topojson-client` and kept as plain rings with their bounding boxes.
 */
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { feature } from "topojson-client";

/** [longitude, latitude]. */
type Position = number[];

/** The GeoJSON geometries a state outline can be (the subset of GeoJSON used here). */
type Geometry =
  | { type: "Polygon"; coordinates: Position[][] }
  | { type: "MultiPolygon"; coordinates: Position[][][] }
  | { type: "GeometryCollection"; geometries: Geometry[] }
  | { type: "Point" | "MultiPoint" | "LineString" | "MultiLineString" };

interface StateCollection {
  features: { properties: { name?: string } | null; geometry: Geometry | null }[];
}

type Topology = Parameters<typeof feature>[0];

export const BASEMAP_SOURCE =
  "U.S. Census Bureau cartographic state boundaries, 2017 edition, simplified for 1:10,000,000 (us-atlas 3.0.1 states-10m)";

export interface Box {
  west: number;
  south: number;
  east: number;
  north: number;
}

export interface StateShape {
  name: string;
  box: Box;
  /** Polygons, each a list of rings (outer first), each a list of [lon, lat]. */
  polygons: Position[][][];
}

let cached: StateShape[] | null = null;

function boxOf(polygons: Position[][][]): Box {
  const box: Box = { west: Infinity, south: Infinity, east: -Infinity, north: -Infinity };
  for (const polygon of polygons)
    for (const ring of polygon)
      for (const [lon, lat] of ring) {
        if (lon === undefined || lat === undefined) continue;
        if (lon < box.west) box.west = lon;
        if (lon > box.east) box.east = lon;
        if (lat < box.south) box.south = lat;
        if (lat > box.north) box.north = lat;
      }
  return box;
}

function polygonsOf(geometry: Geometry | null): Position[][][] {
  if (!geometry) return [];
  if (geometry.type === "Polygon") return [geometry.coordinates];
  if (geometry.type === "MultiPolygon") return geometry.coordinates;
  if (geometry.type === "GeometryCollection") return geometry.geometries.flatMap(polygonsOf);
  return [];
}

/** The 50 states, D.C. and the territories of us-atlas; decoded on first use (about 20 ms). */
export function stateShapes(): StateShape[] {
  if (cached) return cached;
  const file = createRequire(import.meta.url).resolve("us-atlas/states-10m.json");
  const topology = JSON.parse(readFileSync(file, "utf8")) as Topology;
  const states = topology.objects.states;
  if (states?.type !== "GeometryCollection")
    throw new Error('us-atlas states-10m.json has no "states" collection');
  const collection = feature(topology, states) as unknown as StateCollection;
  cached = collection.features.map((f) => {
    const polygons = polygonsOf(f.geometry);
    return { name: f.properties?.name ?? "", box: boxOf(polygons), polygons };
  });
  return cached;
}

export function intersects(a: Box, b: Box): boolean {
  return a.west <= b.east && a.east >= b.west && a.south <= b.north && a.north >= b.south;
}

/** Whether a point lies inside a state's outline (even-odd rule over every ring). */
export function containsPoint(state: StateShape, lon: number, lat: number): boolean {
  if (
    lon < state.box.west ||
    lon > state.box.east ||
    lat < state.box.south ||
    lat > state.box.north
  )
    return false;
  let inside = false;
  for (const polygon of state.polygons)
    for (const ring of polygon)
      for (let i = 0, j = ring.length - 1; i < ring.length; j = i, i += 1) {
        const [xi, yi] = ring[i] ?? [];
        const [xj, yj] = ring[j] ?? [];
        if (xi === undefined || yi === undefined || xj === undefined || yj === undefined) continue;
        if (yi > lat !== yj > lat && lon < ((xj - xi) * (lat - yi)) / (yj - yi) + xi)
          inside = !inside;
      }
  return inside;
}
