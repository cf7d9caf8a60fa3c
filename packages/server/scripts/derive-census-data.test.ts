/**
 * The derive script on a tiny synthetic input (below): exact bytes out (scripts/fixtures/census/
 * expected.json), and the rules behind them.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { decodeEmbeddedCensus } from "../src/places/embedded.js";
import { compress, derive } from "./derive-census-data.js";

const dir = path.join(path.dirname(fileURLToPath(import.meta.url)), "fixtures/census");
/** CSV text: a header of the column names, then each row's values in that order. */
function csv(columns: string[], ...rows: string[][]): string {
  return `${[columns, ...rows].map((line) => line.join(",")).join("\n")}\n`;
}

const AREA = ["Population", "Housing Units", "Land Area", "Water Area"];
const POINT = ["Latitude", "Longitude"];

// A synthetic miniature in the shape of ../shared/data/census (its column names, invented rows and
// figures): one state and a territory, one county, four tracts, four ZCTAs, three places.
const input = {
  states: csv(
    ["Name", "Code", "Type", "FIPS", "Region ID", "Region", "Division ID", "Division", ...AREA],
    [
      "Tennessee",
      "TN",
      "state",
      "47",
      "3",
      "South",
      "6",
      "East South Central",
      "6000000",
      "3000000",
      "41000.0",
      "900.0",
    ],
    [
      "Puerto Rico",
      "PR",
      "territory",
      "72",
      "",
      "",
      "",
      "",
      "3000000",
      "1500000",
      "3400.0",
      "1900.0",
    ],
  ),
  counties: csv(
    [
      "GEOID",
      "GNIS ID",
      "Name",
      "Short Name",
      "State",
      "CBSA",
      "Metropolitan Division",
      "Central",
      "Time Zone",
      "Time Zone 2",
      "FIPS Class",
      ...AREA,
      ...POINT,
    ],
    [
      "47037",
      "1",
      "Davidson County",
      "Davidson",
      "TN",
      "1",
      "",
      "T",
      "America/Chicago",
      "",
      "H6",
      "700000",
      "320000",
      "500.0",
      "20.0",
      "36.17",
      "-86.78",
    ],
  ),
  places: csv(
    [
      "GEOID",
      "GNIS ID",
      "Name",
      "Short Name",
      "State",
      "County GEOID",
      "Urban Area GEOID",
      "FIPS Class",
      ...AREA,
      ...POINT,
    ],
    [
      "4704540",
      "2",
      "City of Belle Meade",
      "Belle Meade",
      "TN",
      "47037",
      "",
      "C1",
      "2900",
      "1100",
      "3.1",
      "0.0",
      "36.0984",
      "-86.8522",
    ],
    [
      "4765400",
      "3",
      "City of Saint Joseph",
      "Saint Joseph",
      "TN",
      "47099",
      "",
      "C1",
      "800",
      "350",
      "1.2",
      "0.0",
      "35.0350",
      "-87.4900",
    ],
    [
      "7200358",
      "4",
      "Aguada Zona Urbana",
      "Aguada",
      "PR",
      "72003",
      "",
      "U1",
      "3000",
      "1500",
      "1.0",
      "0.0",
      "18.38",
      "-67.18",
    ],
  ),
  zctas: csv(
    [
      "ZCTA5",
      "Primary County",
      "Primary County Subdivision",
      "Primary Place",
      "Primary Urban Area",
      ...AREA,
      ...POINT,
    ],
    ["37205", "47037", "1", "4704540", "1", "26000", "13000", "25.0", "0.1", "36.1100", "-86.8700"],
    ["37201", "47037", "1", "", "1", "50", "400", "1.0", "0.0", "36.1660", "-86.7800"],
    ["37219", "47037", "1", "", "1", "5000", "4000", "1.0", "0.0", "36.1680", "-86.7830"],
    ["00602", "72003", "2", "7200358", "2", "30000", "15000", "30.0", "1.7", "18.36", "-67.17"],
  ),
  tracts: csv(
    ["STATEFP", "COUNTYFP", "TRACTCE", "POPULATION", "LATITUDE", "LONGITUDE"],
    ["47", "037", "014200", "4000", "+36.100000", "-086.860000"],
    ["47", "037", "019500", "2000", "+36.165000", "-086.781000"],
    ["47", "037", "990000", "0", "+36.200000", "-086.700000"],
    ["72", "003", "430100", "3000", "+18.380000", "-067.180000"],
  ),
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
    expect(json).toBe(readFileSync(path.join(dir, "expected.json"), "utf8"));
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
      population: 700000 - 2900,
      housingUnits: 320000 - 1100,
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
