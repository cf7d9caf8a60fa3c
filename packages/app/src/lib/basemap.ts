/**
 * The offline basemap: U.S. state and county boundaries (Census Bureau cartographic boundaries,
 * 1:10,000,000, from us-atlas), split by state at build time by `scripts/derive-outlines.mjs`
 * into one small TopoJSON per state (src/assets/outlines/<FIPS>.json) and an index of their
 * bounding boxes. The map fetches only the states in view, all in one request to the server
 * (GET /api/outlines?states=…, which serves those files; Texas, the largest in the lower 48,
 * is 14 KB gzipped), and decodes them with `topojson-client`. Each state loads once.
 */

import type { Feature, FeatureCollection, MultiLineString } from "geojson";
import outlineIndex from "../assets/outlines/index.json";
import { fetchOutlines as getOutlines } from "./api";

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

/** The states whose bounding box meets `box` (crossing the antimeridian is not handled). */
export function statesIn(box: Box): StateEntry[] {
  const [west, south, east, north] = box;
  return STATES.filter(
    ({ box: [w, s, e, n] }) => w <= east && e >= west && s <= north && n >= south,
  );
}

/** The outlines of several states, in one request (GET /api/outlines?states=48,40). */
async function fetchOutlines(fips: readonly string[]): Promise<Record<string, unknown>> {
  return getOutlines({ states: fips.join(",") });
}

async function decode(entry: StateEntry, data: unknown): Promise<StateOutline> {
  if (!data) throw new Error(`No outline for state ${entry.fips}`);
  const { feature, mesh } = await import("topojson-client");
  const topology = data as Topology;
  const state = topology.objects.state as GeometryObject | undefined;
  const counties = topology.objects.counties as GeometryObject | undefined;
  if (!state || !counties) throw new Error(`Outline of ${entry.fips} is incomplete`);
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

/**
 * Several states' outlines and county borders: those not loaded yet come in one request; each
 * state loads once (a failed load may be retried by the next map).
 */
export function loadStates(entries: readonly StateEntry[]): Promise<StateOutline>[] {
  const missing = entries.filter((e) => !cache.has(e.fips));
  if (missing.length > 0) {
    const batch = fetchOutlines(missing.map((e) => e.fips));
    for (const entry of missing) {
      const pending = batch.then((data) => decode(entry, data[entry.fips]));
      pending.catch(() => cache.delete(entry.fips));
      cache.set(entry.fips, pending);
    }
  }
  return entries.map(
    (e) => cache.get(e.fips) ?? Promise.reject(new Error(`No outline for ${e.fips}`)),
  );
}

/** One state's outline and county borders, loaded once. */
export function loadState(entry: StateEntry): Promise<StateOutline> {
  return loadStates([entry])[0] ?? Promise.reject(new Error(`No outline for ${entry.fips}`));
}
