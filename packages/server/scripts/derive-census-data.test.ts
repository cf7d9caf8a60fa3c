/**
 * The derive script on a tiny fixture (scripts/fixtures/census: one state and a territory, one
 * county, three tracts, four ZCTAs, three places): exact bytes out, and the rules behind them.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { decodeEmbeddedCensus } from "../src/places/embedded.js";
import { compress, derive } from "./derive-census-data.js";

const dir = path.join(path.dirname(fileURLToPath(import.meta.url)), "fixtures/census");
const read = (f: string) => readFileSync(path.join(dir, f), "utf8");
const input = {
  states: read("states.csv"),
  counties: read("counties.csv"),
  places: read("places.csv"),
  zctas: read("zctas.csv"),
  tracts: read("tracts2020.csv"),
  geonames: [
    {
      name: "Nashville",
      state: "TN",
      lat: 36.16589,
      lon: -86.78444,
      population: 530852,
      featureCode: "PPLA",
    },
    {
      name: "Belle Meade",
      state: "TN",
      lat: 36.09978,
      lon: -86.85416,
      population: 2912,
      featureCode: "PPL",
    },
    {
      name: "Green Hills",
      state: "TN",
      lat: 36.1,
      lon: -86.82,
      population: 8000,
      featureCode: "PPL",
    },
    { name: "Tiny", state: "TN", lat: 36.1, lon: -86.82, population: 300, featureCode: "PPL" },
  ],
};

describe("derive-census-data", () => {
  const json = derive(input);
  const census = decodeEmbeddedCensus(compress(json));

  it("writes exactly the expected bytes, and the same bytes every time", () => {
    expect(json).toBe(read("expected.json"));
    expect(compress(derive(input)).equals(compress(json))).toBe(true);
    expect(gunzipSync(compress(json)).toString("utf8")).toBe(json);
  });

  it("keeps the 50 states and DC only (no territory rows)", () => {
    expect(census.states.map((s) => s.code)).toEqual(["TN"]);
    expect(census.tracts.every((t) => t.id.startsWith("47"))).toBe(true);
    expect(census.zips.map((z) => z.zip)).toEqual(["37201", "37205", "37219"]);
    expect(census.places.some((p) => p.state === "PR")).toBe(false);
  });

  it("apportions housing units: tract people × the units per resident of the nearest ZCTA of ≥ 100 people", () => {
    const [westEnd, downtown, park] = census.tracts;
    // 4,000 people nearest 37205 (13,000 units / 26,000 people).
    expect(westEnd).toMatchObject({ id: "47037014200", population: 4000, housingUnits: 2000 });
    // 2,000 people nearest 37201 (50 people: its ratio is noise) → 37219 (4,000 / 5,000).
    expect(downtown).toMatchObject({ id: "47037019500", population: 2000, housingUnits: 1600 });
    expect(park).toMatchObject({ population: 0, housingUnits: 0 });
    expect(downtown?.lat).toBe(36.165);
    expect(downtown?.lon).toBe(-86.781);
  });

  it("names ZIP areas by their primary place, else their county", () => {
    expect(census.zips.map((z) => z.place)).toEqual([
      "Davidson County",
      "Belle Meade",
      "Davidson County",
    ]);
  });

  it("adds a consolidated city as its county less the county's other places, at its downtown", () => {
    const nashville = census.places.find((p) => p.name === "Nashville-Davidson");
    expect(nashville).toMatchObject({
      id: "C47037",
      population: 708490 - 2900,
      housingUnits: 324727 - 1100,
      lat: 36.16589,
      lon: -86.78444,
    });
  });

  it("centres a place at its downtown point where GeoNames has one near it, else its internal point", () => {
    const belleMeade = census.places.find((p) => p.name === "Belle Meade");
    expect(belleMeade).toMatchObject({ lat: 36.09978, lon: -86.85416 });
    const stJoseph = census.places.find((p) => p.id === "4765400");
    expect(stJoseph).toMatchObject({ name: "St. Joseph", lat: 35.035, lon: -87.49 });
    expect(census.centres).toEqual({ downtown: 2, population: 0, internal: 1 });
  });

  it("keeps as aliases the GeoNames names of ≥ 1,000 people that no place carries", () => {
    expect(census.aliases.map((a) => a.name)).toEqual(["Green Hills", "Nashville"]);
  });
});
