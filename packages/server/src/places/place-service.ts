/**
 * The place data an analysis runs on: the configured provider's dataset, a kd-tree over it
 * and a geocoder for the analysis' own state. Datasets and indexes are built once and kept.
 */
import {
  type PlaceAtDistance,
  type PlaceDataset,
  PlaceIndex,
  type PlaceRecord,
  US_STATES,
} from "@bis/sdk";
import { AppError } from "../http/errors.js";
import { Geocoder } from "./geocoder.js";
import type { PlaceProvider } from "./provider.js";

interface Prepared {
  dataset: PlaceDataset;
  index: PlaceIndex;
  geocoder: Geocoder;
}

export interface LocatedArea {
  target: PlaceRecord;
  dataset: PlaceDataset;
  /** Every place whose footprint may reach the circle, with its distance to the target. */
  candidates: PlaceAtDistance[];
}

/** A state code from a code or a name ("tx", "Texas" → "TX"), or null. */
export function stateCode(input: string): string | null {
  const wanted = input.trim().toLowerCase();
  const state = US_STATES.find(
    (s) => s.code.toLowerCase() === wanted || s.name.toLowerCase() === wanted,
  );
  return state?.code ?? null;
}

export function createPlaceService(provider: PlaceProvider, reference: PlaceProvider) {
  const prepared = new Map<string, Promise<Prepared>>();

  function prepare(states: readonly string[]): Promise<Prepared> {
    const key = [...states].sort().join(",");
    let entry = prepared.get(key);
    if (!entry) {
      entry = provider.load(states).then((dataset) => ({
        dataset,
        index: new PlaceIndex(dataset.places),
        geocoder: new Geocoder(dataset.places),
      }));
      // A failed load (e.g. the Census API is down) is not kept: the next analysis tries again.
      entry.catch(() => prepared.delete(key));
      prepared.set(key, entry);
    }
    return entry;
  }

  /**
   * The states a circle may touch: found with the reference (embedded, nationwide) places,
   * so a provider that loads by state loads only those.
   */
  async function statesNear(state: string, city: string, radiusMiles: number): Promise<string[]> {
    if (reference === provider) return ["*"];
    const ref = await prepareReference();
    const target = ref.geocoder.find(city, state);
    if (!target) return [state];
    const near = ref.index
      .within(target.lat, target.lon, radiusMiles + 25)
      .map((c) => c.place.state);
    return [...new Set([state, ...near])];
  }

  let referencePrepared: Promise<Prepared> | undefined;
  function prepareReference(): Promise<Prepared> {
    referencePrepared ??= reference.load([]).then((dataset) => ({
      dataset,
      index: new PlaceIndex(dataset.places),
      geocoder: new Geocoder(dataset.places),
    }));
    return referencePrepared;
  }

  return {
    providerId: provider.id,

    /** Loads the default data now, so the first analysis does not wait for it. */
    async warm(): Promise<void> {
      if (reference === provider) await prepare(["*"]);
      else await prepareReference();
    },

    /**
     * Geocodes `city` in `state` and returns the places that may reach `radiusMiles`.
     * Unknown city: 422 UNKNOWN_CITY with up to five suggestions from that state.
     */
    async locate(city: string, state: string, radiusMiles: number): Promise<LocatedArea> {
      const { dataset, index, geocoder } = await prepare(
        await statesNear(state, city, radiusMiles),
      );
      const target = geocoder.find(city, state);
      if (!target) {
        const suggestions = geocoder.suggest(city, state);
        const stateName = US_STATES.find((s) => s.code === state)?.name ?? state;
        throw new AppError(
          "UNKNOWN_CITY",
          suggestions.length
            ? `We couldn't find "${city.trim()}" in ${stateName}. Did you mean ${suggestions.join(", ")}?`
            : `We couldn't find "${city.trim()}" in ${stateName}. Check the spelling and the state.`,
          { details: { suggestions } },
        );
      }
      const reach = radiusMiles + index.maxFootprintMiles;
      const candidates = index.within(target.lat, target.lon, reach);
      return { target, dataset, candidates };
    },
  };
}

export type PlaceService = ReturnType<typeof createPlaceService>;
