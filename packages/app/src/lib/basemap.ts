/**
 * The offline basemap: U.S. state and county boundaries from `us-atlas` (Census Bureau
 * cartographic boundaries as TopoJSON), turned into GeoJSON with `topojson-client`.
 *
 * Everything here loads on demand (dynamic import), so the boundary data and the TopoJSON
 * decoder are chunks of their own, fetched only when a map is drawn. Each layer loads once.
 */
import type { Feature, FeatureCollection, Geometry, Position } from "geojson";

type TopojsonClient = typeof import("topojson-client");
type Topology = Parameters<TopojsonClient["feature"]>[0];

export type BasemapLayer = "states" | "counties";

const cache = new Map<BasemapLayer, Promise<FeatureCollection>>();

async function decode(layer: BasemapLayer): Promise<FeatureCollection> {
  const [{ feature }, data] = await Promise.all([
    import("topojson-client"),
    // Separate files: the states (37 KB gzipped) draw first, the counties (256 KB) follow.
    layer === "states" ? import("us-atlas/states-10m.json") : import("us-atlas/counties-10m.json"),
  ]);
  const topology = data.default as unknown as Topology;
  const object = topology.objects[layer];
  if (!object) throw new Error(`us-atlas has no "${layer}" object`);
  const result = feature(topology, object);
  return result.type === "FeatureCollection"
    ? result
    : { type: "FeatureCollection", features: [result] };
}

/** The boundaries of one layer, as a GeoJSON feature collection (longitude, latitude). */
export function loadBoundaries(layer: BasemapLayer): Promise<FeatureCollection> {
  let pending = cache.get(layer);
  if (!pending) {
    pending = decode(layer);
    // A failed load may be retried by the next map.
    pending.catch(() => cache.delete(layer));
    cache.set(layer, pending);
  }
  return pending;
}

/* ------------------------------------------------------------------ near a point */

interface Box {
  west: number;
  south: number;
  east: number;
  north: number;
}

function extend(box: Box, coordinates: unknown): void {
  if (!Array.isArray(coordinates)) return;
  if (typeof coordinates[0] === "number") {
    const [lon, lat] = coordinates as Position;
    if (lon === undefined || lat === undefined) return;
    if (lon < box.west) box.west = lon;
    if (lon > box.east) box.east = lon;
    if (lat < box.south) box.south = lat;
    if (lat > box.north) box.north = lat;
    return;
  }
  for (const part of coordinates) extend(box, part);
}

function geometryBox(geometry: Geometry | null): Box | null {
  if (!geometry) return null;
  const box: Box = { west: Infinity, south: Infinity, east: -Infinity, north: -Infinity };
  if (geometry.type === "GeometryCollection") {
    for (const g of geometry.geometries) extend(box, "coordinates" in g ? g.coordinates : null);
  } else {
    extend(box, geometry.coordinates);
  }
  return Number.isFinite(box.west) ? box : null;
}

const MILES_PER_DEGREE_LAT = 69.05;

/**
 * The features whose bounding box comes within `radiusMiles` of a point: drawing every county
 * of the country would cost far more than the few a service area can show.
 */
export function featuresNear(
  collection: FeatureCollection,
  point: { lat: number; lon: number },
  radiusMiles: number,
): FeatureCollection {
  const dLat = radiusMiles / MILES_PER_DEGREE_LAT;
  const cos = Math.max(0.05, Math.cos((point.lat * Math.PI) / 180));
  const dLon = radiusMiles / (MILES_PER_DEGREE_LAT * cos);
  const area: Box = {
    west: point.lon - dLon,
    east: point.lon + dLon,
    south: point.lat - dLat,
    north: point.lat + dLat,
  };
  const features = collection.features.filter((f: Feature) => {
    const box = geometryBox(f.geometry);
    return (
      box !== null &&
      box.west <= area.east &&
      box.east >= area.west &&
      box.south <= area.north &&
      box.north >= area.south
    );
  });
  return { type: "FeatureCollection", features };
}
