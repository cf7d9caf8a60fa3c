/** Great-circle distances and a spatial index of points (kd-tree). */
import KDBush from "kdbush";
import type { GeoPoint } from "./places.js";

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

export interface AtDistance<T> {
  item: T;
  distanceMiles: number;
}

/** One number per item of a `PointIndex`, in its tree's order, with running sums (`summed`). */
export interface SummedValues {
  /** The number of the item at each position of the tree. */
  valuesAt: Float64Array;
  prefix: Float64Array;
}

/**
 * The squared chord, on the unit sphere, of a great-circle distance in miles: two points are
 * within `miles` of each other exactly when the squared chord between them is at most this.
 */
export function chordSquaredOf(miles: number): number {
  const half = Math.min(Math.PI / 2, miles / (2 * EARTH_RADIUS_MILES));
  return 4 * Math.sin(half) ** 2;
}

/** The great-circle distance in miles of a squared chord on the unit sphere. */
export function milesOfChordSquared(chordSquared: number): number {
  return 2 * EARTH_RADIUS_MILES * Math.asin(Math.min(1, Math.sqrt(chordSquared) / 2));
}

/** The squared chord from the i-th unit vector of `vectors` (x, y, z each) to (x, y, z). */
function chordSquaredIn(vectors: Float64Array, i: number, x: number, y: number, z: number) {
  const dx = (vectors[3 * i] as number) - x;
  const dy = (vectors[3 * i + 1] as number) - y;
  const dz = (vectors[3 * i + 2] as number) - z;
  return dx * dx + dy * dy + dz * dz;
}

/**
 * What every circle query needs: the circle's latitude–longitude bounding box (west, south,
 * east, north; it holds every point within the radius), the centre as a unit vector, and the
 * squared chord of the radius.
 */
function query(lat: number, lon: number, radiusMiles: number) {
  const dLat = radiusMiles / MILES_PER_DEGREE_LAT;
  const cos = Math.cos(toRad(Math.min(89, Math.abs(lat) + dLat)));
  const dLon = Math.min(180, radiusMiles / (MILES_PER_DEGREE_LAT * Math.max(cos, 0.01)));
  const la = toRad(lat);
  const lo = toRad(lon);
  return {
    box: [lon - dLon, lat - dLat, lon + dLon, lat + dLat] as const,
    x: Math.cos(la) * Math.cos(lo),
    y: Math.cos(la) * Math.sin(lo),
    z: Math.sin(la),
    limit: chordSquaredOf(radiusMiles),
  };
}

/**
 * A static kd-tree over points; a query is a bounding-box search on the tree, then the exact
 * great-circle distance of each hit, from the points' unit vectors computed once (no
 * trigonometry per point). About 0.2 ms for the ~7,700 tracts within 100 miles of New York.
 */
export class PointIndex<T extends GeoPoint> {
  private readonly index: KDBush;
  /** Each item's point as a unit vector (x, y, z), three numbers an item. */
  private readonly xyz: Float64Array;
  /**
   * The same unit vectors in the kd-tree's order (`treeOrder`): the points of a leaf are then
   * next to each other in memory, so testing a leaf reads one run of memory, not scattered items.
   */
  private readonly xyzAt: Float64Array;

  /** `nodeSize`: points a kd-tree leaf holds (smaller leaves: fewer points tested one by one). */
  constructor(
    readonly items: readonly T[],
    nodeSize = 64,
  ) {
    this.index = new KDBush(Math.max(items.length, 1), nodeSize);
    this.xyz = new Float64Array(items.length * 3);
    for (let i = 0; i < items.length; i++) {
      const p = items[i] as T;
      this.index.add(p.lon, p.lat);
      const lat = toRad(p.lat);
      const lon = toRad(p.lon);
      const cosLat = Math.cos(lat);
      this.xyz[3 * i] = cosLat * Math.cos(lon);
      this.xyz[3 * i + 1] = cosLat * Math.sin(lon);
      this.xyz[3 * i + 2] = Math.sin(lat);
    }
    this.index.finish();
    const ids = this.index.ids;
    this.xyzAt = new Float64Array(items.length * 3);
    for (let p = 0; p < items.length; p++) {
      const id = ids[p] as number;
      this.xyzAt[3 * p] = this.xyz[3 * id] as number;
      this.xyzAt[3 * p + 1] = this.xyz[3 * id + 1] as number;
      this.xyzAt[3 * p + 2] = this.xyz[3 * id + 2] as number;
    }
  }

  /**
   * The item id at each position of the kd-tree: a node of the tree is a run of consecutive
   * positions, so sums over a node are differences of prefix sums kept in this order.
   */
  protected get treeOrder(): Uint16Array | Uint32Array {
    return this.index.ids;
  }

  /** The squared chord from item `id` to the unit vector (x, y, z). */
  protected chordSquared(id: number, x: number, y: number, z: number): number {
    return chordSquaredIn(this.xyz, id, x, y, z);
  }

  /** The squared chord from the item at tree position `p` to the unit vector (x, y, z). */
  protected chordSquaredAt(p: number, x: number, y: number, z: number): number {
    return chordSquaredIn(this.xyzAt, p, x, y, z);
  }

  /**
   * Visits what lies within `radiusMiles` of a point, a kd-tree node at a time: a node whose
   * box lies wholly inside the circle is one call of `run(from, to)` (positions of
   * `treeOrder`, inclusive), the points of the other nodes that lie in range are one call of
   * `item(id, position)` each (`chordSquaredAt(position, …)` gives its squared chord). Same
   * points as `forEachChordWithin`, in far fewer steps for a large circle (a 100-mile circle
   * around New York: about 200 runs instead of 7,700 points).
   *
   * A box lies inside the circle when its four corners do: on the sphere the farthest point of
   * a latitude–longitude box from a point is one of its corners, as long as the box spans less
   * than 180° of longitude (boxes wider than 90° are never taken whole). A small margin keeps
   * rounding from ever counting a point the point-by-point test would not.
   *
   * The walk allocates one small stack and calls back with whole numbers only: a fraction passed
   * to (or returned from) a function V8 does not inline is a new heap object, and a 100-mile
   * analysis walks ten circles.
   */
  protected visitWithin(
    lat: number,
    lon: number,
    radiusMiles: number,
    run: (from: number, to: number) => void,
    item: (id: number, position: number) => void,
  ): void {
    if (this.items.length === 0) return;
    const { box, x: cx, y: cy, z: cz, limit } = query(lat, lon, radiusMiles);
    const qw = box[0];
    const qs = box[1];
    const qe = box[2];
    const qn = box[3];
    const wholeLimit = limit * (1 - 1e-9);
    const { ids, coords, nodeSize } = this.index;
    const { trig, extremes, depth } = this.edges();
    const xyzAt = this.xyzAt;
    // Frames of 7: left, right, axis, then the positions of the points whose coordinates are the
    // box's west, south, east and north edges (a node's box is cut at its middle point). Each
    // level of the tree leaves at most one frame behind, so `depth + 2` frames always suffice.
    const stack = new Int32Array(7 * (depth + 2));
    stack[1] = ids.length - 1;
    stack[3] = extremes[0];
    stack[4] = extremes[1];
    stack[5] = extremes[2];
    stack[6] = extremes[3];
    let top = 7;
    while (top > 0) {
      top -= 7;
      const left = stack[top] as number;
      const right = stack[top + 1] as number;
      const axis = stack[top + 2] as number;
      const westAt = stack[top + 3] as number;
      const southAt = stack[top + 4] as number;
      const eastAt = stack[top + 5] as number;
      const northAt = stack[top + 6] as number;
      const w = coords[2 * westAt] as number;
      const e = coords[2 * eastAt] as number;
      const s = coords[2 * southAt + 1] as number;
      const n = coords[2 * northAt + 1] as number;
      if (left > right || w > qe || e < qw || s > qn || n < qs) continue;
      // Only a box within the circle's bounding box can lie inside the circle; then its four
      // corners (from the cosines and sines of the edge points' latitudes and longitudes).
      if (w >= qw && e <= qe && s >= qs && n <= qn && e - w <= 90) {
        const cosS = trig[4 * southAt] as number;
        const cosN = trig[4 * northAt] as number;
        const dzS = (trig[4 * southAt + 1] as number) - cz;
        const dzN = (trig[4 * northAt + 1] as number) - cz;
        const cosW = trig[4 * westAt + 2] as number;
        const sinW = trig[4 * westAt + 3] as number;
        const cosE = trig[4 * eastAt + 2] as number;
        const sinE = trig[4 * eastAt + 3] as number;
        let dx = cosS * cosW - cx;
        let dy = cosS * sinW - cy;
        if (dx * dx + dy * dy + dzS * dzS <= wholeLimit) {
          dx = cosS * cosE - cx;
          dy = cosS * sinE - cy;
          if (dx * dx + dy * dy + dzS * dzS <= wholeLimit) {
            dx = cosN * cosW - cx;
            dy = cosN * sinW - cy;
            if (dx * dx + dy * dy + dzN * dzN <= wholeLimit) {
              dx = cosN * cosE - cx;
              dy = cosN * sinE - cy;
              if (dx * dx + dy * dy + dzN * dzN <= wholeLimit) {
                run(left, right);
                continue;
              }
            }
          }
        }
      }
      if (right - left <= nodeSize) {
        for (let p = left; p <= right; p++) {
          if (chordSquaredIn(xyzAt, p, cx, cy, cz) <= limit) item(ids[p] as number, p);
        }
        continue;
      }
      const m = (left + right) >> 1;
      if (chordSquaredIn(xyzAt, m, cx, cy, cz) <= limit) item(ids[m] as number, m);
      // The two halves: the second pushed is walked first.
      stack[top] = left;
      stack[top + 1] = m - 1;
      stack[top + 2] = 1 - axis;
      stack[top + 3] = westAt;
      stack[top + 4] = southAt;
      stack[top + 5] = axis === 0 ? m : eastAt;
      stack[top + 6] = axis === 0 ? northAt : m;
      stack[top + 7] = m + 1;
      stack[top + 8] = right;
      stack[top + 9] = 1 - axis;
      stack[top + 10] = axis === 0 ? m : westAt;
      stack[top + 11] = axis === 0 ? southAt : m;
      stack[top + 12] = eastAt;
      stack[top + 13] = northAt;
      top += 14;
    }
  }

  private edgeData?: {
    trig: Float64Array;
    extremes: [number, number, number, number];
    depth: number;
  };

  /**
   * For node boxes, built on first use: the cosine and sine of each tree position's latitude
   * and longitude (so a box's corners need no trigonometry), and the positions of the
   * westernmost, southernmost, easternmost and northernmost points (the root's box).
   */
  private edges() {
    if (!this.edgeData) {
      const { coords } = this.index;
      const n = this.items.length;
      const trig = new Float64Array(4 * n);
      const extremes: [number, number, number, number] = [0, 0, 0, 0];
      for (let p = 0; p < n; p++) {
        const lon = coords[2 * p] as number;
        const lat = coords[2 * p + 1] as number;
        trig[4 * p] = Math.cos(toRad(lat));
        trig[4 * p + 1] = Math.sin(toRad(lat));
        trig[4 * p + 2] = Math.cos(toRad(lon));
        trig[4 * p + 3] = Math.sin(toRad(lon));
        if (lon < (coords[2 * extremes[0]] as number)) extremes[0] = p;
        if (lat < (coords[2 * extremes[1] + 1] as number)) extremes[1] = p;
        if (lon > (coords[2 * extremes[2]] as number)) extremes[2] = p;
        if (lat > (coords[2 * extremes[3] + 1] as number)) extremes[3] = p;
      }
      // Each level of the tree halves a node's positions: no path is longer than this.
      this.edgeData = { trig, extremes, depth: Math.ceil(Math.log2(n + 1)) + 1 };
    }
    return this.edgeData;
  }

  /** How many items lie within each radius of a point. */
  countWithin(lat: number, lon: number, radii: readonly number[]): number[] {
    return radii.map((radius) => {
      let count = 0;
      this.visitWithin(
        lat,
        lon,
        radius,
        (from, to) => {
          count += to - from + 1;
        },
        () => {
          count++;
        },
      );
      return count;
    });
  }

  /**
   * A number of each item in the tree's order with running sums, for `sumWithin`: built once
   * (at start-up), so the sum over a circle is two lookups per kd-tree node inside it.
   */
  summed(value: (item: T) => number): SummedValues {
    const n = this.items.length;
    const valuesAt = this.inTreeOrder(Float64Array.from(this.items, value));
    const prefix = new Float64Array(n + 1);
    for (let p = 0; p < n; p++) prefix[p + 1] = (prefix[p] as number) + (valuesAt[p] as number);
    return { valuesAt, prefix };
  }

  /**
   * Numbers given per item (in the order of `items`) rearranged in the tree's order: a walk then
   * reads them one after the other, as it reads the points, instead of one item here and one
   * there (under load, each of those reads can wait for memory).
   */
  inTreeOrder(values: ArrayLike<number>): Float64Array {
    const order = this.treeOrder;
    const out = new Float64Array(order.length);
    for (let p = 0; p < order.length; p++) out[p] = values[order[p] as number] as number;
    return out;
  }

  /** The sum of a `summed` number over the items within `radiusMiles` of a point. */
  sumWithin(lat: number, lon: number, radiusMiles: number, { valuesAt, prefix }: SummedValues) {
    let sum = 0;
    this.visitWithin(
      lat,
      lon,
      radiusMiles,
      (from, to) => {
        sum += (prefix[to + 1] as number) - (prefix[from] as number);
      },
      (_id, position) => {
        sum += valuesAt[position] as number;
      },
    );
    return sum;
  }

  /**
   * The nearest item within `radiusMiles` that `accept`s, with its distance, or undefined: no
   * object per item in range.
   */
  nearestWhere(
    lat: number,
    lon: number,
    radiusMiles: number,
    accept: (item: T) => boolean,
  ): AtDistance<T> | undefined {
    let best = -1;
    let bestChord = Number.POSITIVE_INFINITY;
    const { items } = this;
    this.forEachChordWithin(lat, lon, radiusMiles, (id, chordSquared) => {
      if (chordSquared < bestChord && accept(items[id] as T)) {
        best = id;
        bestChord = chordSquared;
      }
    });
    return best < 0
      ? undefined
      : { item: items[best] as T, distanceMiles: milesOfChordSquared(bestChord) };
  }

  /**
   * Calls `visit` for every item within `radiusMiles`, in no order, with its position in
   * `items` and its squared chord to the point (compare with `chordSquaredOf(miles)`;
   * `milesOfChordSquared` gives the distance).
   */
  forEachChordWithin(
    lat: number,
    lon: number,
    radiusMiles: number,
    visit: (id: number, chordSquared: number) => void,
  ): void {
    if (this.items.length === 0) return;
    const { box, x, y, z, limit } = query(lat, lon, radiusMiles);
    for (const id of this.index.range(box[0], box[1], box[2], box[3])) {
      const chordSquared = this.chordSquared(id, x, y, z);
      if (chordSquared <= limit) visit(id, chordSquared);
    }
  }

  /**
   * Calls `visit(id, position)` for every item within `radiusMiles`, in no order: the walk of
   * `visitWithin` with its runs taken item by item (`position` in the tree's order, for numbers
   * kept in that order and for `chordSquaredAt`).
   */
  protected eachPositionWithin(
    lat: number,
    lon: number,
    radiusMiles: number,
    visit: (id: number, position: number) => void,
  ): void {
    const ids = this.treeOrder;
    this.visitWithin(
      lat,
      lon,
      radiusMiles,
      (from, to) => {
        for (let position = from; position <= to; position++) {
          visit(ids[position] as number, position);
        }
      },
      visit,
    );
  }

  /**
   * Calls `visit(id, chordSquared)` for every item within `radiusMiles`, in no order (the places
   * of a 100-mile circle are 1,600 calls). Walks the tree like `countWithin`: no list of the ids
   * in the bounding box is built, and nodes wholly inside the circle skip the box test.
   */
  protected eachWithin(
    lat: number,
    lon: number,
    radiusMiles: number,
    visit: (id: number, chordSquared: number) => void,
  ): void {
    const { x, y, z } = query(lat, lon, radiusMiles);
    this.eachPositionWithin(lat, lon, radiusMiles, (id, position) =>
      visit(id, this.chordSquaredAt(position, x, y, z)),
    );
  }

  /** `make(item, distanceMiles)` of every item within `radiusMiles`, in no order. */
  mapWithin<R>(
    lat: number,
    lon: number,
    radiusMiles: number,
    make: (item: T, distanceMiles: number) => R,
  ): R[] {
    const out: R[] = [];
    const { items } = this;
    this.eachWithin(lat, lon, radiusMiles, (id, chordSquared) => {
      out.push(make(items[id] as T, milesOfChordSquared(chordSquared)));
    });
    return out;
  }

  /** The lists `chordsWithin` fills before copying what it found (one item each at most). */
  private chordScratch?: { ids: Int32Array; chords: Float64Array; values: Float64Array };

  /**
   * The items within `radiusMiles` as parallel lists, in no order: their positions in `items`,
   * their squared chords to the point (`milesOfChordSquared` gives a distance; the order of
   * chords is the order of distances) and, given numbers in the tree's order (`inTreeOrder`),
   * each item's number (`values`). No object per item, and no list that grows: the walk fills
   * lists the size of the index, kept for the next call, and returns copies of what it found.
   */
  chordsWithin(
    lat: number,
    lon: number,
    radiusMiles: number,
    along?: Float64Array,
  ): { ids: Int32Array; chords: Float64Array; values: Float64Array } {
    const n = this.items.length;
    this.chordScratch ??= {
      ids: new Int32Array(n),
      chords: new Float64Array(n),
      values: new Float64Array(n),
    };
    const { ids, chords, values } = this.chordScratch;
    const { x, y, z } = query(lat, lon, radiusMiles);
    let count = 0;
    this.eachPositionWithin(lat, lon, radiusMiles, (id, position) => {
      ids[count] = id;
      chords[count] = this.chordSquaredAt(position, x, y, z);
      if (along) values[count] = along[position] as number;
      count++;
    });
    return {
      ids: ids.slice(0, count),
      chords: chords.slice(0, count),
      values: along ? values.slice(0, count) : new Float64Array(0),
    };
  }

  /** Calls `visit` for every item whose point lies within `radiusMiles`, in no order. */
  forEachWithin(
    lat: number,
    lon: number,
    radiusMiles: number,
    visit: (item: T, distanceMiles: number) => void,
  ): void {
    this.forEachChordWithin(lat, lon, radiusMiles, (id, chordSquared) =>
      visit(this.items[id] as T, milesOfChordSquared(chordSquared)),
    );
  }

  /** Items whose point lies within `radiusMiles`, nearest first, with their distance. */
  near(lat: number, lon: number, radiusMiles: number): AtDistance<T>[] {
    return this.mapWithin(lat, lon, radiusMiles, (item, distanceMiles) => ({
      item,
      distanceMiles,
    })).sort((a, b) => a.distanceMiles - b.distanceMiles);
  }
}
