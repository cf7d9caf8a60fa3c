/**
 * The ZIP map's offline layers: the outlines of the ZIP Code Tabulation Areas (Census 2010
 * cartographic boundaries), the Interstates (TIGER/Line 2020) and water (Natural Earth 1:10m),
 * split by state at build time by `scripts/derive-zip-outlines.mjs` into
 * src/assets/outlines/zips/<FIPS>.json. The map asks for the state outlines in view and the ZIP
 * layers of the states its ZIPs belong to in one request,
 * GET /api/outlines?states=36,34&zips=36,34 (a 100-mile New York view: about 520 KB gzipped),
 * and decodes them with `topojson-client`. Nothing here is bundled but the small prefix index.
 */

import type { Feature, FeatureCollection } from "geojson";
import zipIndex from "../assets/outlines/zips/index.json";
import { fetchOutlines } from "./api";
import type { StateEntry } from "./basemap";

type TopojsonClient = typeof import("topojson-client");
type Topology = Parameters<TopojsonClient["feature"]>[0];
type GeometryObject = Parameters<TopojsonClient["mesh"]>[1];

export const ZIP_LAYER_SOURCE = zipIndex.source;
export const ZIP_LAYER_ATTRIBUTION =
  "ZIP areas, Interstates: U.S. Census Bureau; water: Natural Earth";

/** Three-digit ZIP prefix → the state files (FIPS) holding its ZIP areas. */
const PREFIXES: ReadonlyMap<string, readonly string[]> = (() => {
  const map = new Map<string, string[]>();
  for (const [fips, runs] of Object.entries(zipIndex.states as Record<string, string>)) {
    for (const run of runs.split(",")) {
      const [a = "", b = a] = run.split("-");
      for (let p = Number(a); p <= Number(b); p += 1) {
        const key = String(p).padStart(3, "0");
        map.set(key, [...(map.get(key) ?? []), fips]);
      }
    }
  }
  return map;
})();

/** The states (FIPS, sorted) whose files hold these ZIP areas. */
export function statesOfZips(zips: Iterable<string>): string[] {
  const states = new Set<string>();
  for (const zip of zips) for (const fips of PREFIXES.get(zip.slice(0, 3)) ?? []) states.add(fips);
  return [...states].sort();
}

export interface ZipLayers {
  /** State land (outlines of the states in view). */
  land: Feature[];
  /** ZIP outlines by ZIP code. */
  zips: Map<string, Feature>;
  /** Interstates, each feature's `id` its route ("I-95"). */
  interstates: Feature[];
  lakes: Feature[];
  /** Rivers and coastline. */
  waterLines: Feature[];
}

const features = (
  feature: TopojsonClient["feature"],
  topology: Topology,
  name: string,
): Feature[] => {
  const object = topology.objects[name] as GeometryObject | undefined;
  if (!object) return [];
  const result = feature(topology, object) as FeatureCollection | Feature;
  return result.type === "FeatureCollection" ? result.features : [result];
};

/**
 * The land of `states` and the ZIP outlines, Interstates and water of `zipStates`, in one
 * request; a ZIP, road or lake in two neighbouring states' files comes once.
 */
export async function loadZipLayers(
  states: readonly StateEntry[],
  zipStates: readonly string[],
): Promise<ZipLayers> {
  const query: Record<string, string> = {};
  if (states.length > 0) query.states = states.map((s) => s.fips).join(",");
  if (zipStates.length > 0) query.zips = zipStates.join(",");
  const layers: ZipLayers = {
    land: [],
    zips: new Map(),
    interstates: [],
    lakes: [],
    waterLines: [],
  };
  if (!query.states && !query.zips) return layers;
  const data = (await fetchOutlines(query)) as Record<string, unknown> & {
    zips?: Record<string, Topology>;
  };
  const { feature } = await import("topojson-client");
  for (const state of states) {
    const topology = data[state.fips] as Topology | undefined;
    if (topology) layers.land.push(...features(feature, topology, "state"));
  }
  const seen = new Set<string>();
  const once = (kind: string, f: Feature) => {
    if (f.id === undefined) return true;
    const key = `${kind}:${f.id}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  };
  for (const fips of zipStates) {
    const topology = data.zips?.[fips];
    if (!topology) continue;
    for (const f of features(feature, topology, "zips"))
      if (typeof f.id === "string" && !layers.zips.has(f.id)) layers.zips.set(f.id, f);
    // Roads and rivers are cut at each state's margin: both states' pieces are kept.
    layers.interstates.push(...features(feature, topology, "interstates"));
    layers.lakes.push(...features(feature, topology, "lakes").filter((f) => once("lake", f)));
    layers.waterLines.push(
      ...features(feature, topology, "rivers"),
      ...features(feature, topology, "coast"),
    );
  }
  return layers;
}
