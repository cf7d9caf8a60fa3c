/** Great-circle distances and a spatial index of places (kd-tree). */

import { around } from "geokdbush";
import KDBush from "kdbush";
import type { PlaceRecord } from "./places.js";

const EARTH_RADIUS_MILES = 3958.8;
const KM_PER_MILE = 1.609344;
const toRad = (deg: number) => (deg * Math.PI) / 180;

export function distanceMiles(lat1: number, lon1: number, lat2: number, lon2: number): number {
  const dLat = toRad(lat2 - lat1);
  const dLon = toRad(lon2 - lon1);
  const h =
    Math.sin(dLat / 2) ** 2 +
    Math.cos(toRad(lat1)) * Math.cos(toRad(lat2)) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_MILES * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** A static kd-tree over places; queries are well under a millisecond for 20,000 places. */
export class PlaceIndex {
  private readonly index: KDBush;
  readonly maxFootprintMiles: number;

  constructor(readonly places: readonly PlaceRecord[]) {
    this.index = new KDBush(Math.max(places.length, 1));
    for (const p of places) this.index.add(p.lon, p.lat);
    this.index.finish();
    this.maxFootprintMiles = places.reduce((m, p) => Math.max(m, p.footprintMiles), 0);
  }

  /** Places whose point lies within `radiusMiles`, nearest first, with their distance. */
  within(
    lat: number,
    lon: number,
    radiusMiles: number,
  ): { place: PlaceRecord; distanceMiles: number }[] {
    if (this.places.length === 0) return [];
    const ids = around(this.index, lon, lat, Number.POSITIVE_INFINITY, radiusMiles * KM_PER_MILE);
    return ids.map((id) => {
      const place = this.places[id] as PlaceRecord;
      return { place, distanceMiles: distanceMiles(lat, lon, place.lat, place.lon) };
    });
  }
}
