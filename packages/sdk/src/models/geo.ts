/** Great-circle distances and a spatial index of places (kd-tree). */
import KDBush from "kdbush";
import type { PlaceRecord } from "./places.js";

const EARTH_RADIUS_MILES = 3958.8;
const MILES_PER_DEGREE_LAT = 69.05;
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

  /**
   * Places whose point lies within `radiusMiles` (great-circle), nearest first, with their
   * distance. A bounding-box query on the kd-tree, then the exact distance of each hit.
   */
  within(
    lat: number,
    lon: number,
    radiusMiles: number,
  ): { place: PlaceRecord; distanceMiles: number }[] {
    if (this.places.length === 0) return [];
    const dLat = radiusMiles / MILES_PER_DEGREE_LAT;
    const cos = Math.cos(toRad(Math.min(89, Math.abs(lat) + dLat)));
    const dLon = Math.min(180, radiusMiles / (MILES_PER_DEGREE_LAT * Math.max(cos, 0.01)));
    const out: { place: PlaceRecord; distanceMiles: number }[] = [];
    for (const id of this.index.range(lon - dLon, lat - dLat, lon + dLon, lat + dLat)) {
      const place = this.places[id] as PlaceRecord;
      const d = distanceMiles(lat, lon, place.lat, place.lon);
      if (d <= radiusMiles) out.push({ place, distanceMiles: d });
    }
    return out.sort((a, b) => a.distanceMiles - b.distanceMiles);
  }
}
