import { describe, expect, it } from "vitest";
import { AreaUnitIndex } from "./coverage.js";
import { distanceMiles, PointIndex } from "./geo.js";
import { placesOfCandidates } from "./market.js";
import { PlaceIndex } from "./place-index.js";
import type { AreaUnit, HousingStock, PlaceRecord } from "./places.js";

/** Degrees of latitude for a distance along a meridian (great circle, R = 3,958.8 mi). */
const north = (miles: number) => (miles / 3958.8) * (180 / Math.PI);

const unit = (id: string, population: number, miles: number, housing?: HousingStock): AreaUnit => ({
  id,
  lat: north(miles),
  lon: 0,
  population,
  housingUnits: population / 2,
  households: population / 2.5,
  singleFamilyUnits: population / 4,
  ...(housing ? { housing } : {}),
});
const stock = (n: number): HousingStock => ({
  occupied: n,
  ownerOccupied: n / 2,
  built2000OrLater: n / 4,
  built1980To1999: n / 4,
  builtBefore1980: n / 2,
  heatingGas: n / 2,
  heatingElectricity: n / 2,
  heatingFuelOil: 0,
  heatingOther: 0,
  heatingNone: 0,
});
const totals = (units: AreaUnit[], radii: number[]) =>
  new AreaUnitIndex(units).totalsWithin(0, 0, radii);

describe("AreaUnitIndex.totalsWithin: centroid containment", () => {
  it("places the test points where they say (a sanity check of the fixture)", () => {
    expect(distanceMiles(0, 0, north(10), 0)).toBeCloseTo(10, 9);
  });

  it("counts a tract whose centre lies just inside the circle and not one just beyond it", () => {
    const units = [unit("a", 4000, 9.99), unit("b", 3000, 9.999), unit("c", 2000, 10.001)];
    const [ten] = totals(units, [10]);
    expect(ten).toMatchObject({
      population: 7000,
      housingUnits: 3500,
      households: 2800,
      singleFamilyUnits: 1750,
      units: 2,
      outsidePlacesPopulation: 0,
    });
  });

  it("counts a tract whole or not at all: a large tract whose centre is just outside adds nobody", () => {
    const [five] = totals([unit("near", 100, 4.9), unit("big", 9000, 5.2)], [5]);
    expect(five?.population).toBe(100);
  });

  it("sums several radii in one pass, each with its own tracts", () => {
    const units = [unit("a", 1000, 1), unit("b", 2000, 12), unit("c", 4000, 40)];
    const [service, primary, wide] = totals(units, [15, 10, 50]);
    expect(service?.population).toBe(3000);
    expect(primary?.population).toBe(1000);
    expect(wide?.population).toBe(7000);
  });

  it("is zero for an empty circle", () => {
    expect(totals([unit("far", 5000, 30)], [5])[0]).toMatchObject({
      population: 0,
      housingUnits: 0,
      units: 0,
    });
  });

  it("sums the housing stock only when every counted tract has it", () => {
    const [both] = totals([unit("a", 10, 1, stock(4)), unit("b", 10, 2, stock(6))], [5]);
    expect(both?.housing).toMatchObject({ occupied: 10, ownerOccupied: 5, builtBefore1980: 5 });
    const [partial] = totals([unit("a", 10, 1, stock(4)), unit("b", 10, 2)], [5]);
    expect(partial?.housing).toBeUndefined();
    // A tract outside the radius does not count against completeness.
    const [outside] = totals([unit("a", 10, 1, stock(4)), unit("b", 10, 9)], [5]);
    expect(outside?.housing?.occupied).toBe(4);
  });
});

/** A deterministic pseudo-random sequence (mulberry32), so a failure can be replayed. */
function random(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

describe("AreaUnitIndex.totalsWithin: whole kd-tree nodes", () => {
  it("gives the same totals as testing every tract, for 300 circles over 6,000 tracts", () => {
    const next = random(11);
    // A metro-like cloud: dense around (40.7, -74.0), thinning out to ~150 miles.
    const units: AreaUnit[] = Array.from({ length: 6000 }, (_, i) => {
      const spread = next() < 0.6 ? 0.4 : 2.2;
      const population = 500 + Math.floor(next() * 7000);
      return {
        id: String(i),
        lat: 40.7 + (next() - 0.5) * 2 * spread,
        lon: -74 + (next() - 0.5) * 2 * spread * 1.3,
        population,
        housingUnits: Math.floor(population / 2.4),
        households: Math.floor(population / 2.6),
        singleFamilyUnits: Math.floor(population / 4),
        // The outer tracts only lack a stock, so that both cases occur.
        ...(i % 7 === 0 && spread > 1 ? {} : { housing: stock(population / 3) }),
      };
    });
    const index = new AreaUnitIndex(units);
    const cases = { stocked: 0, not: 0 };
    for (let q = 0; q < 300; q++) {
      const lat = 40.7 + (next() - 0.5) * 3;
      const lon = -74 + (next() - 0.5) * 4;
      // Every tenth circle passes exactly through a tract's centre (the edge case).
      const edge = units[Math.floor(next() * units.length)] as AreaUnit;
      const radius = q % 10 === 0 ? distanceMiles(lat, lon, edge.lat, edge.lon) : 1 + next() * 149;
      const expected = { population: 0, housingUnits: 0, units: 0 };
      const stocked = { units: 0, occupied: 0 };
      index.forEachChordWithin(lat, lon, radius, (id) => {
        const u = units[id] as AreaUnit;
        expected.population += u.population;
        expected.housingUnits += u.housingUnits ?? 0;
        expected.units++;
        if (u.housing) {
          stocked.units++;
          stocked.occupied += u.housing.occupied;
        }
      });
      const [got] = index.totalsWithin(lat, lon, [radius]);
      expect(got).toMatchObject(expected);
      // The stock too: summed when every counted tract has it, absent otherwise.
      if (stocked.units === expected.units && expected.units > 0) {
        expect(got?.housing?.occupied).toBeCloseTo(stocked.occupied, 6);
        cases.stocked++;
      } else {
        expect(got?.housing).toBeUndefined();
        cases.not++;
      }
    }
    expect(cases.stocked).toBeGreaterThan(5);
    expect(cases.not).toBeGreaterThan(20);
  });

  it("counts the points within each radius as the point-by-point test does", () => {
    const next = random(5);
    const units: AreaUnit[] = Array.from({ length: 3000 }, (_, i) => ({
      id: String(i),
      lat: 30 + next() * 10,
      lon: -100 + next() * 10,
      population: 1,
      households: null,
      housingUnits: null,
      singleFamilyUnits: null,
    }));
    const index = new AreaUnitIndex(units);
    for (let q = 0; q < 100; q++) {
      const [lat, lon, r1, r2] = [32 + next() * 6, -98 + next() * 6, next() * 60, next() * 200];
      const brute = [r1, r2].map((r) => {
        let n = 0;
        index.forEachChordWithin(lat, lon, r, () => n++);
        return n;
      });
      expect(index.countWithin(lat, lon, [r1, r2])).toEqual(brute);
    }
  });

  it("maps the same items at the same distances as the point-by-point test does", () => {
    const next = random(23);
    const units: AreaUnit[] = Array.from({ length: 4000 }, (_, i) => ({
      id: String(i),
      lat: 40.7 + (next() - 0.5) * 3,
      lon: -74 + (next() - 0.5) * 4,
      population: 1,
      households: null,
      housingUnits: null,
      singleFamilyUnits: null,
    }));
    const index = new AreaUnitIndex(units);
    for (let q = 0; q < 100; q++) {
      const [lat, lon] = [40.7 + (next() - 0.5) * 3, -74 + (next() - 0.5) * 4];
      // Every tenth circle passes exactly through an item's point (the edge case).
      const edge = units[Math.floor(next() * units.length)] as AreaUnit;
      const radius = q % 10 === 0 ? distanceMiles(lat, lon, edge.lat, edge.lon) : next() * 150;
      const brute: [string, number][] = [];
      index.forEachWithin(lat, lon, radius, (u, miles) => brute.push([u.id, miles]));
      const mapped = index.mapWithin(lat, lon, radius, (u, miles): [string, number] => [
        u.id,
        miles,
      ]);
      const byId = (a: [string, number], b: [string, number]) => a[0].localeCompare(b[0]);
      expect(mapped.sort(byId)).toEqual(brute.sort(byId));
    }
  });
});

describe("PointIndex: sums and the nearest match without an object per item", () => {
  const next = random(31);
  const units: AreaUnit[] = Array.from({ length: 5000 }, (_, i) => ({
    id: String(i),
    lat: 40.7 + (next() - 0.5) * 3,
    lon: -74 + (next() - 0.5) * 4,
    population: Math.floor(next() * 40),
    households: null,
    housingUnits: null,
    singleFamilyUnits: null,
  }));
  const index = new AreaUnitIndex(units);
  const circles = Array.from({ length: 100 }, (_, q) => {
    const [lat, lon] = [40.7 + (next() - 0.5) * 3, -74 + (next() - 0.5) * 4];
    const edge = units[Math.floor(next() * units.length)] as AreaUnit;
    return {
      lat,
      lon,
      radius: q % 10 === 0 ? distanceMiles(lat, lon, edge.lat, edge.lon) : next() * 150,
    };
  });

  it("sums a number over a circle as adding it item by item does", () => {
    const summed = index.summed((u) => u.population);
    for (const { lat, lon, radius } of circles) {
      let brute = 0;
      index.forEachWithin(lat, lon, radius, (u) => {
        brute += u.population;
      });
      expect(index.sumWithin(lat, lon, radius, summed)).toBe(brute);
    }
  });

  it("finds the nearest item that matches, as sorting every item in range does", () => {
    const even = (u: AreaUnit) => u.population % 2 === 0;
    for (const { lat, lon, radius } of circles) {
      const brute = index.near(lat, lon, radius).find((a) => even(a.item));
      const got = index.nearestWhere(lat, lon, radius, even);
      expect(got?.item.id).toBe(brute?.item.id);
      if (brute) expect(got?.distanceMiles).toBeCloseTo(brute.distanceMiles, 9);
    }
    expect(index.nearestWhere(40.7, -74, 50, () => false)).toBeUndefined();
  });
});

describe("PointIndex.chordsWithin: the lists of a circle", () => {
  const pointsOf = (n: number, seed: number) => {
    const next = random(seed);
    return Array.from({ length: n }, (_, i) => ({
      id: String(i),
      lat: 40.7 + (next() - 0.5) * 3,
      lon: -74 + (next() - 0.5) * 4,
    }));
  };
  const brute = (
    index: PointIndex<{ id: string; lat: number; lon: number }>,
    lat: number,
    lon: number,
    r: number,
  ) => {
    const out: [number, number][] = [];
    index.forEachChordWithin(lat, lon, r, (id, chord) => out.push([id, chord]));
    return out.sort((a, b) => a[0] - b[0]);
  };
  const lists = ({ ids, chords }: { ids: ArrayLike<number>; chords: ArrayLike<number> }) =>
    Array.from(ids, (id, k): [number, number] => [id, chords[k] as number]).sort(
      (a, b) => a[0] - b[0],
    );

  it("gives each item in range once, with the point-by-point chord, call after call", () => {
    // Leaves of 1 to 64 points: trees from 12 levels deep to 6.
    for (const nodeSize of [1, 4, 64]) {
      const index = new PointIndex(pointsOf(5000, nodeSize), nodeSize);
      const along = index.inTreeOrder(Array.from({ length: 5000 }, (_, id) => id * 10));
      const next = random(nodeSize + 100);
      // Large circles then small ones: a call never returns what an earlier one found.
      const radii = [150, 90, 40, 10, 2, 0.5, 60, 0];
      for (const radius of radii) {
        const [lat, lon] = [40.7 + (next() - 0.5) * 3, -74 + (next() - 0.5) * 4];
        const got = index.chordsWithin(lat, lon, radius, along);
        expect(got.ids.length).toBe(got.chords.length);
        expect(lists(got)).toEqual(brute(index, lat, lon, radius));
        // Each item's number, given in the tree's order, comes back beside it.
        expect(Array.from(got.values)).toEqual(Array.from(got.ids, (id) => id * 10));
      }
      // Every item: the lists are as long as the index.
      expect(index.chordsWithin(40.7, -74, 500).ids.length).toBe(5000);
    }
  });

  it("keeps what a call returned when the next call runs", () => {
    const index = new PointIndex(pointsOf(2000, 7), 16);
    const first = index.chordsWithin(40.7, -74, 50);
    const copy = lists(first);
    index.chordsWithin(41.5, -73, 80);
    expect(lists(first)).toEqual(copy);
  });
});

describe("PlaceIndex.inRange: the city table from one walk of the tree", () => {
  it("keeps the city table of the candidates' path: same counts, rows and distances, 100 circles", () => {
    const next = random(31);
    // Populations from a short list: many ties at the cut of the 200 most populous.
    const places = Array.from(
      { length: 4000 },
      (_, i): PlaceRecord => ({
        id: String(i),
        name: `P${i}`,
        state: "NY",
        lat: 40.7 + (next() - 0.5) * 3,
        lon: -74 + (next() - 0.5) * 4,
        population: [800, 1500, 1500, 3000, 12000][Math.floor(next() * 5)] as number,
        housingUnits: 100,
        households: 90,
        singleFamilyUnits: 50,
        medianHouseholdIncome: null,
        footprintMiles: 1,
      }),
    );
    const index = new PlaceIndex(places);
    for (let q = 0; q < 100; q++) {
      const [lat, lon] = [40.7 + (next() - 0.5) * 3, -74 + (next() - 0.5) * 4];
      const edge = places[Math.floor(next() * places.length)] as PlaceRecord;
      const radius = q % 10 === 0 ? distanceMiles(lat, lon, edge.lat, edge.lon) : next() * 150;
      const inner = radius * next();
      const limit = q % 3 === 0 ? 200 : Math.floor(next() * 50);
      const got = index.inRange(lat, lon, radius, inner, limit);
      const expected = placesOfCandidates(
        index.within(lat, lon, radius, { sorted: false }),
        radius,
        inner,
        limit,
      );
      expect(got.count).toBe(expected.count);
      expect(got.inner).toBe(expected.inner);
      const rows = (r: typeof got.rows) => r.map((x) => [x.place.name, x.distanceMiles]);
      expect(rows(got.rows)).toEqual(rows(expected.rows));
    }
  });
});
