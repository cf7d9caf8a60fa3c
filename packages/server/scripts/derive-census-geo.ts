/**
 * Distances and a grid of points for the census derivation (derive-census-data.ts): great-circle
 * miles, and nearest-neighbour and radius queries over tracts and ZCTAs.
 */
const EARTH_RADIUS_MILES = 3958.8;

export interface Point {
  key: string;
  lat: number;
  lon: number;
}

const toRad = (d: number) => (d * Math.PI) / 180;
export function miles(lat1: number, lon1: number, lat2: number, lon2: number): number {
  const h =
    Math.sin(toRad(lat2 - lat1) / 2) ** 2 +
    Math.cos(toRad(lat1)) * Math.cos(toRad(lat2)) * Math.sin(toRad(lon2 - lon1) / 2) ** 2;
  return 2 * EARTH_RADIUS_MILES * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** A grid of points for nearest-neighbour and radius queries (cells of `cell` degrees). */
export class Grid<P extends Point> {
  private readonly cells = new Map<string, P[]>();
  constructor(
    points: readonly P[],
    private readonly cell = 0.25,
  ) {
    for (const p of points) {
      const key = `${Math.floor(p.lat / cell)}|${Math.floor(p.lon / cell)}`;
      const list = this.cells.get(key) ?? [];
      list.push(p);
      this.cells.set(key, list);
    }
  }
  /** Points within `radius` miles (degrees of latitude are ~69 miles; longitude shrinks). */
  within(lat: number, lon: number, radius: number): P[] {
    const out: P[] = [];
    const dLat = Math.ceil(radius / 69 / this.cell);
    const dLon = Math.ceil(radius / (69 * Math.max(0.05, Math.cos(toRad(lat)))) / this.cell);
    const ci = Math.floor(lat / this.cell);
    const cj = Math.floor(lon / this.cell);
    for (let i = ci - dLat; i <= ci + dLat; i++)
      for (let j = cj - dLon; j <= cj + dLon; j++)
        for (const p of this.cells.get(`${i}|${j}`) ?? [])
          if (miles(lat, lon, p.lat, p.lon) <= radius) out.push(p);
    return out;
  }
  /** The nearest point accepted by `ok`, searching outwards up to `maxRadius` miles. */
  nearest(lat: number, lon: number, ok: (p: P) => boolean, maxRadius = 400): P | null {
    for (let r = 5; r <= maxRadius * 2; r *= 2) {
      let best: P | null = null;
      let bestD = Number.POSITIVE_INFINITY;
      for (const p of this.within(lat, lon, r)) {
        if (!ok(p)) continue;
        const d = miles(lat, lon, p.lat, p.lon);
        if (d < bestD || (d === bestD && best && p.key < best.key)) {
          best = p;
          bestD = d;
        }
      }
      if (best) return best;
    }
    return null;
  }
}
