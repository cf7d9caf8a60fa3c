/**
 * The offline basemap: U.S. state and county boundaries (Census Bureau cartographic boundaries,
 * 1:10,000,000, from us-atlas), split by state at build time by `scripts/derive-outlines.mjs`
 * into one small TopoJSON per state (src/assets/outlines/<FIPS>.json) and an index of their
 * bounding boxes. The map fetches only the states in view, each as a chunk of its own (Texas,
 * the largest in the lower 48, is 14 KB gzipped), and decodes them with `topojson-client`.
 * Each state loads once.
 */
import type { Feature, FeatureCollection, MultiLineString } from "geojson";
import outlineIndex from "../assets/outlines/index.json";

type TopojsonClient = typeof import("topojson-client");
type Topology = Parameters<TopojsonClient["feature"]>[0];
type GeometryObject = Parameters<TopojsonClient["mesh"]>[1];

/** West, south, east, north, in degrees. */
export type Box = readonly [number, number, number, number];

export interface StateEntry {
  /** Two-digit state FIPS code. */
  fips: string;
  name: string;
  box: Box;
}

export interface StateOutline {
  fips: string;
  name: string;
  /** The state's land (coastlines follow the shore). */
  land: FeatureCollection;
  /** The borders between its counties, each drawn once (not the state's own outline). */
  counties: Feature<MultiLineString>;
}

export const OUTLINE_SOURCE = outlineIndex.source;

export const STATES: readonly StateEntry[] = outlineIndex.states.map((s) => ({
  fips: s.fips,
  name: s.name,
  box: s.box as unknown as Box,
}));

const files = import.meta.glob<unknown>("../assets/outlines/[0-9][0-9].json", {
  import: "default",
});

const fileOf = (fips: string) => files[`../assets/outlines/${fips}.json`];

/** The states whose bounding box meets `box` (crossing the antimeridian is not handled). */
export function statesIn(box: Box): StateEntry[] {
  const [west, south, east, north] = box;
  return STATES.filter(
    ({ box: [w, s, e, n] }) => w <= east && e >= west && s <= north && n >= south,
  );
}

async function decode(entry: StateEntry): Promise<StateOutline> {
  const load = fileOf(entry.fips);
  if (!load) throw new Error(`No outline file for state ${entry.fips}`);
  const [{ feature, mesh }, data] = await Promise.all([import("topojson-client"), load()]);
  const topology = data as Topology;
  const state = topology.objects.state as GeometryObject | undefined;
  const counties = topology.objects.counties as GeometryObject | undefined;
  if (!state || !counties) throw new Error(`Outline file ${entry.fips}.json is incomplete`);
  const land = feature(topology, state);
  return {
    fips: entry.fips,
    name: entry.name,
    land:
      land.type === "FeatureCollection" ? land : { type: "FeatureCollection", features: [land] },
    counties: {
      type: "Feature",
      properties: {},
      geometry: mesh(topology, counties, (a, b) => a !== b),
    },
  };
}

const cache = new Map<string, Promise<StateOutline>>();

/** One state's outline and county borders, loaded once. */
export function loadState(entry: StateEntry): Promise<StateOutline> {
  let pending = cache.get(entry.fips);
  if (!pending) {
    pending = decode(entry);
    // A failed load may be retried by the next map.
    pending.catch(() => cache.delete(entry.fips));
    cache.set(entry.fips, pending);
  }
  return pending;
}
