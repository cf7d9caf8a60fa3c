/** The places of a dataset in a kd-tree: the places of a circle for the city table. */
import { chordSquaredOf, milesOfChordSquared, PointIndex } from "./geo.js";
import { mostPopulousIndices } from "./most-populous.js";
import type { PlaceRecord } from "./places.js";

/**
 * The places of a circle for the city table: how many lie within it and within its inner radius,
 * and the most populous ones (nearest first) with their distances.
 */
export interface PlacesInRange {
  count: number;
  inner: number;
  rows: { place: PlaceRecord; distanceMiles: number }[];
}

/** The places of a dataset in a kd-tree, with the largest footprint for disc-coverage queries. */
export class PlaceIndex {
  private readonly points: PointIndex<PlaceRecord>;
  readonly maxFootprintMiles: number;

  /**
   * Each place's population in the tree's order (the selection reads no objects, and reads the
   * populations of a circle in a run, as the walk meets the places).
   */
  private readonly populationsAt: Float64Array;

  constructor(readonly places: readonly PlaceRecord[]) {
    this.points = new PointIndex(places, 16);
    this.populationsAt = this.points.inTreeOrder(Float64Array.from(places, (p) => p.population));
    this.maxFootprintMiles = places.reduce((m, p) => Math.max(m, p.footprintMiles), 0);
  }

  /**
   * Places whose point lies within `radiusMiles` (great-circle), with their distance: nearest
   * first, or in no order with `{ sorted: false }`.
   */
  within(
    lat: number,
    lon: number,
    radiusMiles: number,
    { sorted = true }: { sorted?: boolean } = {},
  ): { place: PlaceRecord; distanceMiles: number }[] {
    const out = this.points.mapWithin(lat, lon, radiusMiles, (place, distanceMiles) => ({
      place,
      distanceMiles,
    }));
    return sorted ? out.sort((a, b) => a.distanceMiles - b.distanceMiles) : out;
  }

  /**
   * The places whose point lies within `radiusMiles`, counted (all of them, and those within
   * `innerMiles`), and the `limit` most populous of them, nearest first (`mostPopulousIndices`):
   * one walk of the tree, and an object only for the places kept.
   */
  inRange(
    lat: number,
    lon: number,
    radiusMiles: number,
    innerMiles: number,
    limit: number,
  ): PlacesInRange {
    const {
      ids,
      chords,
      values: populations,
    } = this.points.chordsWithin(lat, lon, radiusMiles, this.populationsAt);
    const innerLimit = chordSquaredOf(innerMiles);
    let inner = 0;
    for (let i = 0; i < ids.length; i++) if ((chords[i] as number) <= innerLimit) inner++;
    // Nearest first by chord: the same order as by distance, with no arcsine per place.
    const rows = mostPopulousIndices(populations, chords, limit).map((i) => ({
      place: this.places[ids[i] as number] as PlaceRecord,
      distanceMiles: milesOfChordSquared(chords[i] as number),
    }));
    return { count: ids.length, inner, rows };
  }
}
