/**
 * The derive script on a tiny synthetic input (below): exact bytes out (scripts/fixtures/census/
 * expected.json), and the rules behind them.
 */
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { decodeEmbeddedCensus } from "../src/providers/places/embedded.js";
import { groupColumn } from "../src/providers/places/embedded-local.js";
import { compress, derive, deriveWithStats } from "./derive-census-data.js";
import { Grid } from "./derive-census-geo.js";
import { subdivisionNames, zctaPlaceName } from "./derive-census-names.js";
import { matchTracts } from "./derive-local-age.js";
import type { LocalInput } from "./derive-local-data.js";
import { countyProfiles, groupColumns } from "./derive-local-housing.js";

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
    [
      "47099",
      "5",
      "Lawrence County",
      "Lawrence",
      "TN",
      "",
      "",
      "",
      "America/Chicago",
      "",
      "H1",
      "44000",
      "19000",
      "617.0",
      "0.9",
      "35.22",
      "-87.40",
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
    ["47", "099", "970100", "1000", "+35.240000", "-087.330000"],
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
  local: {} as LocalInput,
};

// The local market files in their real shapes (invented figures): two TN stations near Nashville
// and one far away, the metro's DP04 under its 2023 code "00002" (counties.csv carries the 2020
// code "1", which DP04 no longer has, as with Cuyahoga County's 17460 → 17410), the 2023
// delineation, the 2010 tracts' year built, ZCTA tenure, county income and contractors,
// ZIP contractors, ResStock state rows.
const dp04 = (values: Record<number, number>) => {
  const cols = Object.keys(values).map((n) => `DP04_${String(n).padStart(4, "0")}E`);
  return csv(
    ["GEO_ID", "NAME", ...cols],
    ["Geography", "Geographic Area Name", ...cols.map(() => "label")],
    ["310M700US00002", "Nashville-Davidson TN Metro Area", ...Object.values(values).map(String)],
  );
};
const DELINEATION = [
  "CBSA Code",
  "Metropolitan Division Code",
  "CSA Code",
  "CBSA Title",
  "Metropolitan/Micropolitan Statistical Area",
  "Metropolitan Division Title",
  "CSA Title",
  "County/County Equivalent",
  "State Name",
  "FIPS State Code",
  "FIPS County Code",
  "Central/Outlying County",
];
const delineationRow = (cbsa: string, state: string, county: string) =>
  [cbsa, "", "", "Metro TN", "Metropolitan Statistical Area", "", "", "County", "Tennessee"].concat(
    [state, county, "Central"],
  );
const YEAR_BUILT = [
  "tract_geoid_2010",
  "state_fips",
  "hu_total",
  "hu_total_moe",
  "built_2010_later",
  "built_2000_2009",
  "built_1990_1999",
  "built_1980_1989",
  "built_1970_1979",
  "built_1960_1969",
  "built_1950_1959",
  "built_1940_1949",
  "built_1939_earlier",
];
const CONDITIONAL = [
  "geometry_building_type_recs",
  "state",
  "vintage_acs",
  "hvac_heating_type",
  "central_ac",
  "ducted_heat_pump",
  "evaporative_or_swamp_cooler",
  "non_ducted_heat_pump",
  "none",
  "room_ac",
  "sampling_probability",
];
const resstock = (columns: string[], values: string[]) =>
  csv(["state_abbr", "state_fips", "stock_share", ...columns], ["TN", "47", "0.02", ...values]);
const local = {
  normals: csv(
    ["station", "name", "lat", "lon", "elev_m", "ANN-HTDD-NORMAL", "ANN-CLDD-NORMAL"],
    ["USW00013897", "NASHVILLE", "36.1190", "-86.6890", "180", "3600", "1700"],
    ["USC00400001", "WEST", "36.1000", "-86.8600", "200", "3800", "1500"],
    ["USW00014739", "BOSTON", "42.3606", "-71.0097", "4", "5600", "800"],
    ["CAW00064757", "CANADA", "44.2325", "-79.7811", "246", "7711", "343"],
  ),
  climateZones: csv(
    ["zcta", "iecc_zone", "iecc_moisture", "ba_climate_zone", "lat", "lng"],
    ["37205", "4", "A", "Mixed-Humid", "36.11", "-86.87"],
    ["37201", "4", "A", "Mixed-Humid", "36.16", "-86.78"],
  ),
  metroHousing: dp04({
    6: 1000,
    7: 500,
    8: 100,
    9: 60,
    10: 90,
    11: 70,
    12: 58,
    13: 80,
    14: 40,
    15: 2,
    16: 1000,
    17: 50,
    18: 150,
    19: 100,
    20: 200,
    21: 100,
    22: 400,
    45: 900,
    46: 540,
    62: 900,
    63: 270,
    64: 90,
    65: 450,
    66: 18,
    67: 0,
    68: 9,
    69: 0,
    70: 9,
    71: 54,
  }),
  zctaTenure: csv(
    ["GEO_ID", "NAME", "B25003_001E", "B25003_002E", "B25003_003E"],
    ["Geography", "Geographic Area Name", "Total", "Owner", "Renter"],
    ["0100000US", "United States", "127482865", "82892037", "44590828"],
    ["860Z200US37205", "ZCTA5 37205", "11700", "9360", "2340"],
    ["860Z200US37219", "ZCTA5 37219", "3600", "720", "2880"],
  ),
  countyIncome: csv(
    [
      "geoid",
      "name",
      "state",
      "acs_vintage",
      "total_population_B99021",
      "households_B19058_001",
      "median_hh_income_B19013",
      "median_hh_income_moe",
    ],
    ["47037", "Davidson County Tennessee", "TN", "2017-2021", "700000", "300000", "66047", "900"],
  ),
  countyContractors: csv(
    [
      "state",
      "fips",
      "name",
      "population",
      "lon",
      "lat",
      "est_238220",
      "emp_238220",
      "pay_238220_k",
    ],
    ["TN", "47037", "Davidson County", "700.0", "-86.78", "36.17", "400", "6000", "360000"],
  ),
  zipContractors: csv(
    ["state", "zip", "naics", "establishments", "employees", "payroll"],
    ["TN", "37205", "238220", "12", "0", "0"],
    ["TN", "37219", "238220", "3", "0", "0"],
    ["TN", "37999", "238220", "5", "0", "0"],
  ),
  // Belle Meade's ZIP: its own per-capita income, mobile homes and vacancy; 37219's are NA.
  zctaStock: csv(
    [
      "zcta5",
      "hu_total",
      "pct_mobile_home",
      "pct_renter_occupied",
      "pct_vacant",
      "pct_occupied",
      "per_capita_income",
      "pct_poverty",
      "unemployment_pct",
    ],
    ["37205", "13000", "0.54", "30.1", "4.27", "95.73", "95123", "6", "2.1"],
    ["37219", "NA", "NA", "NA", "NA", "NA", "NA", "NA", "NA"],
  ),
  stateVintage: resstock(
    ["pre1940", "y1940_59", "y1960_79", "y1980_99", "y2000_09", "y2010s"],
    ["0.05", "0.10", "0.25", "0.30", "0.20", "0.10"],
  ),
  stateFuel: resstock(
    ["electricity", "natural_gas", "fuel_oil", "propane", "wood", "other_fuel", "none"],
    ["0.62", "0.30", "0.01", "0.05", "0.01", "0.005", "0.005"],
  ),
  stateBuildingType: resstock(
    [
      "single_family_detached",
      "single_family_attached",
      "multifamily_2_4",
      "multifamily_5plus",
      "mobile_home",
    ],
    ["0.65", "0.04", "0.06", "0.15", "0.10"],
  ),
  stateCooling: resstock(
    [
      "central_ac",
      "ducted_heat_pump",
      "non_ducted_heat_pump",
      "room_ac",
      "evaporative_or_swamp_cooler",
      "none",
      "central_ac_or_ducted_hp",
      "any_heat_pump",
      "any_cooling",
    ],
    ["0.52", "0.35", "0.01", "0.10", "0", "0.02", "0.87", "0.36", "0.98"],
  ),
  stateHeating: resstock(
    [
      "ducted_heating_furnace_or_boiler",
      "ducted_heat_pump",
      "non_ducted_heating",
      "non_ducted_heat_pump",
      "none",
      "any_heat_pump",
    ],
    ["0.50", "0.35", "0.13", "0.01", "0.01", "0.36"],
  ),
  // Tennessee's homes: single-family 10 of 14 parts (60 % ducted heating, all centrally cooled),
  // 5+ units and mobile homes 2 each; no 2–4 units. Kentucky's row is not Tennessee's.
  stateConditional: csv(
    CONDITIONAL,
    [
      "Single-Family Detached",
      "TN",
      "1980-99",
      "Ducted Heating",
      "1",
      "0",
      "0",
      "0",
      "0",
      "0",
      "0.006",
    ],
    [
      "Single-Family Attached",
      "TN",
      "2000-09",
      "Ducted Heat Pump",
      "0",
      "1",
      "0",
      "0",
      "0",
      "0",
      "0.004",
    ],
    [
      "Multi-Family with 5+ Units",
      "TN",
      "2000-09",
      "Non-Ducted Heating",
      "0",
      "0",
      "0",
      "0",
      "0",
      "1",
      "0.002",
    ],
    ["Mobile Home", "TN", "1980-99", "Ducted Heating", "0", "0", "0", "0", "1", "0", "0.002"],
    [
      "Multi-Family with 2 - 4 Units",
      "KY",
      "1980-99",
      "Ducted Heating",
      "1",
      "0",
      "0",
      "0",
      "0",
      "0",
      "0.01",
    ],
  ),
  // Davidson County is in CBSA 00002 in 2023; Lawrence County in none.
  delineation: csv(DELINEATION, delineationRow("00002", "47", "037")),
  // West End (014200) kept its 2010 code: 10 % built since 2000, 70 % before 1980. Downtown
  // (019500) has no 2010 tract of its code: those sharing "0195" together, 56 % since 2000.
  // Lawrence County's tract (970100) shares no prefix: its county's mix.
  tractYearBuilt: csv(
    YEAR_BUILT,
    ["47037014200", "47", "1000", "50", "0", "100", "100", "100", "300", "200", "100", "50", "50"],
    ["47037019501", "47", "500", "40", "200", "100", "50", "50", "40", "30", "10", "10", "10"],
    ["47037019502", "47", "300", "30", "100", "50", "0", "50", "50", "50", "0", "0", "0"],
    ["47099960100", "47", "400", "30", "0", "40", "80", "80", "100", "50", "50", "0", "0"],
  ),
};

describe("derive-census-data", () => {
  input.local = local;
  const json = derive(input);
  const census = decodeEmbeddedCensus(compress(json));

  it("writes exactly the expected bytes, and the same bytes every time", () => {
    // BIS_UPDATE_FIXTURES=1 rewrites the fixture after a deliberate format change (review the diff).
    if (process.env.BIS_UPDATE_FIXTURES) writeFileSync(path.join(dir, "expected.json"), json);
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

  it("names ZIP areas by their primary place, else the largest place around them", () => {
    expect(census.zips.map((z) => z.place)).toEqual([
      "Nashville-Davidson",
      "Belle Meade",
      "Nashville-Davidson",
    ]);
  });

  it("names a ZIP area as its residents do: borough, town or township, never a neighbourhood CDP", () => {
    const place = (geoid: string, name: string, kind: string, population: number) => ({
      geoid,
      name,
      kind,
      state: "NY",
      county: "",
      population,
      housingUnits: 0,
      landArea: 1,
      lat: 40.7,
      lon: -74,
    });
    const places = new Map([
      ["3651000", place("3651000", "New York", "C1", 8_000_000)],
      ["3459385", place("3459385", "Pleasantdale", "U1", 2_284)],
      ["3642081", place("3642081", "Levittown", "U1", 51_758)],
    ]);
    const grid = new Grid([] as (ReturnType<typeof place> & { key: string })[]);
    const subdivisions = subdivisionNames([
      { GEOID: "3400372360", Name: "Township of Teaneck", "FIPS Class": "T1" },
      { GEOID: "3401379800", Name: "Township of West Orange", "FIPS Class": "T1" },
      { GEOID: "3605912345", Name: "Town of Hempstead", "FIPS Class": "T1" },
      { GEOID: "0401391234", Name: "Phoenix CCD", "FIPS Class": "Z5" },
    ]);
    const name = (zip: Record<string, string>, county = "Bergen County") =>
      zctaPlaceName(zip, { Name: county }, places, grid, subdivisions);
    // New York City: the borough of the ZIP's county.
    expect(name({ "Primary Place": "3651000", "Primary County": "36085" })).toBe("Staten Island");
    expect(name({ "Primary Place": "3651000", "Primary County": "36081" })).toBe("Queens");
    // No Census place: the township (07666).
    expect(name({ "Primary County Subdivision": "3400372360", Population: "41335" })).toBe(
      "Teaneck",
    );
    // A census-designated place with under half the ZIP's people: its town (07052).
    const westOrange = {
      "Primary Place": "3459385",
      "Primary County Subdivision": "3401379800",
      Population: "48480",
    };
    expect(name(westOrange)).toBe("West Orange");
    // A CDP that is most of its ZIP keeps its name (Levittown in the Town of Hempstead).
    const levittown = {
      "Primary Place": "3642081",
      "Primary County Subdivision": "3605912345",
      Population: "53000",
    };
    expect(name(levittown)).toBe("Levittown");
    // A census county division is not a name people use.
    expect(name({ "Primary County Subdivision": "0401391234" }, "Maricopa County")).toBe(
      "Unincorporated Maricopa County",
    );
  });

  it("gives each ZIP area its own per-capita income, mobile-home and vacant shares (ACS 2014–2018)", () => {
    const belleMeade = census.zips.find((z) => z.zip === "37205");
    expect(belleMeade).toMatchObject({
      perCapitaIncome: 95_100,
      mobileHomeShare: 0.005,
      vacantShare: 0.043,
    });
    expect(census.zips.find((z) => z.zip === "37219")).toMatchObject({
      perCapitaIncome: null,
      mobileHomeShare: null,
      vacantShare: null,
    });
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

  it("gives each tract the inverse-distance-weighted degree days of its nearest U.S. stations", () => {
    const [westEnd] = census.tracts;
    // The West station is 0 mi away (distance floored at 1 mi): it dominates; Boston barely counts.
    const hdd = westEnd?.local ? westEnd.local.heatingDegreeDays / westEnd.local.households : 0;
    expect(hdd).toBeGreaterThan(3780);
    expect(hdd).toBeLessThan(3800);
  });

  it("models households and owners from the nearest ZCTA's tenure, single-family homes raked by owner share", () => {
    const [westEnd, downtown] = census.tracts;
    // 2,000 units × (11,700 occupied ÷ 13,000 units) = 1,800 households, 80 % owners.
    expect(westEnd).toMatchObject({ households: 1800 });
    expect(westEnd?.housing).toMatchObject({ occupied: 1800, ownerOccupied: 1440 });
    // 1,600 units × 3,600 ÷ 4,000 = 1,440 households, 20 % owners.
    expect(downtown).toMatchObject({ households: 1440 });
    // Metro 60 % single-family; the owner-heavy tract gets more, the renter-heavy one fewer,
    // and together they keep the metro share: (1,200 + 480) ÷ 3,600 ≈ 0.6 × (2,000 + 1,600).
    const west = westEnd?.singleFamilyUnits ?? 0;
    const centre = downtown?.singleFamilyUnits ?? 0;
    expect(west).toBeGreaterThan(2000 * 0.6);
    expect(centre).toBeLessThan(1600 * 0.6);
    expect(Math.abs(west + centre - 3600 * 0.6)).toBeLessThanOrEqual(2);
  });

  it("takes the metro's heating fuel, the county's income and contractors, and each ZIP's contractors and climate zone", () => {
    const [westEnd] = census.tracts;
    // DP04 fuel: utility gas 30 % + bottled 10 % of 900 occupied homes.
    expect((westEnd?.housing?.heatingGas ?? 0) / 1800).toBeCloseTo(0.4, 6);
    expect(westEnd?.local?.incomeSum).toBe(1800 * 66047);
    // 400 county establishments × the tract's 1,800 of the county's 3,240 households in tracts.
    expect(westEnd?.local?.countyContractors).toBeCloseTo((400 * 1800) / 3240, 6);
    expect(westEnd?.local?.metroHousing).toBe(1800);
    const z = Object.fromEntries(census.zips.map((zip) => [zip.zip, zip]));
    expect(z["37205"]).toMatchObject({
      contractors: 12,
      climateZone: "4A",
      buildingAmericaZone: "Mixed-Humid",
      households: 11700,
      ownerOccupied: 9360,
    });
    expect(z["37201"]).toMatchObject({ contractors: 0, households: null });
    expect(census.baselines.TN?.equipment).toMatchObject({
      centralCooling: 0.87,
      anyHeatPump: 0.36,
      ductedHeating: 0.5,
    });
  });

  it("joins a county to its profile by the 2023 delineation, not counties.csv's 2020 code", () => {
    const file = JSON.parse(json);
    // Davidson: counties.csv says CBSA "1", which DP04 does not have; 2023 says "00002".
    expect(file.counties.profile.map((p: number) => file.profiles.id[p])).toEqual([
      "cbsa:00002",
      "state:TN",
    ]);
    const [westEnd, , , lawrence] = census.tracts;
    expect(westEnd?.local?.metroHousing).toBe(westEnd?.households);
    expect(lawrence?.local?.metroHousing).toBe(0);
    expect(deriveWithStats(input).stats).toMatchObject({
      countyJoin: { delineation: 1, counties2020: 0, state: 1 },
      householdJoin: { delineation: 3240, counties2020: 0, state: 450 },
    });
  });

  it("uses counties.csv's code only where the delineation lists other county equivalents", () => {
    const profiles = new Map([
      ["cbsa:25540", 0],
      ["cbsa:22900", 1],
      ["state:CT", 2],
      ["state:AR", 3],
    ]);
    const delineation = csv(DELINEATION, [...delineationRow("25540", "09", "110")]);
    const joins = countyProfiles(
      [
        // Hartford County: Connecticut's planning regions replaced its counties in 2022.
        { geoid: "09003", state: "CT", cbsa: "25540" },
        // Franklin County, AR: in Fort Smith in 2020, in no CBSA in 2023.
        { geoid: "05047", state: "AR", cbsa: "22900" },
      ],
      delineation,
      profiles,
    );
    expect(joins.get(9003)).toEqual({ profile: 0, join: "counties2020" });
    expect(joins.get(5047)).toEqual({ profile: 3, join: "state" });
  });

  it("gives each tract its own year built: its 2010 tract, else those of its 4-digit prefix, else its county's; raked to the profile", () => {
    const [westEnd, downtown, , lawrence] = census.tracts;
    const share = (t: typeof westEnd, k: "builtBefore1980" | "built2000OrLater") =>
      (t?.housing?.[k] ?? 0) / (t?.housingUnits ?? 1);
    expect(deriveWithStats(input).stats.tractAge).toEqual({
      exact: 1,
      prefix: 1,
      county: 2,
      none: 0,
    });
    // Raw 2010–2014: West End 70 % before 1980, 10 % since 2000; downtown 25 % and 56 %.
    // Raked, the metro's units keep DP04's 40 % and 30 %, and West End stays the older.
    expect(share(westEnd, "builtBefore1980")).toBeGreaterThan(0.5);
    expect(share(downtown, "built2000OrLater")).toBeGreaterThan(0.5);
    for (const [k, metro] of [
      ["builtBefore1980", 0.4],
      ["built2000OrLater", 0.3],
    ] as const) {
      const units = (westEnd?.housing?.[k] ?? 0) + (downtown?.housing?.[k] ?? 0);
      expect(units / 3600).toBeCloseTo(metro, 3);
    }
    for (const t of [westEnd, downtown]) {
      const h = t?.housing;
      const sum =
        (h?.builtBefore1980 ?? 0) + (h?.built1980To1999 ?? 0) + (h?.built2000OrLater ?? 0);
      expect(sum).toBeCloseTo(t?.housingUnits ?? 0, 6);
      expect(t?.local?.tractAge).toBe(t?.housingUnits);
    }
    // Lawrence County's tract took its county's 2010 mix, raked to Tennessee's (its only tract).
    expect(lawrence?.local?.tractAge).toBe(0);
    expect(share(lawrence, "builtBefore1980")).toBeCloseTo(0.4, 4);
  });

  it("maps a 2020 tract split from a 2010 tract by the first four digits of its code", () => {
    const table = new Map<string, [number, number, number]>([
      ["01001020100", [10, 20, 70]],
      ["01001020200", [50, 30, 20]],
      ["46113940500", [5, 5, 90]],
    ]);
    const { bins, source } = matchTracts(table, [
      "01001020100",
      "01001020201",
      "01001020202",
      "01001990100",
      "46102940500",
      "02063000100",
    ]);
    expect(source).toEqual(["exact", "prefix", "prefix", "county", "exact", "none"]);
    expect(bins.slice(0, 4)).toEqual([
      [10, 20, 70],
      [50, 30, 20],
      [50, 30, 20],
      [60, 50, 90],
    ]);
  });

  it("splits a tract's other homes into 2–4 units, 5+ units and mobile homes, and into buildings", () => {
    const [westEnd] = census.tracts;
    // 2,000 units, 1,800 single-family; DP04's other homes: 2–4 units 150, 5+ 208, mobile 42.
    expect(westEnd?.local?.units2to4).toBeCloseTo((200 * 150) / 400, 6);
    expect(westEnd?.local?.units5plus).toBeCloseTo((200 * 208) / 400, 6);
    expect(westEnd?.local?.mobileHomes).toBeCloseTo((200 * 42) / 400, 6);
    // Mean sizes: 150 units ÷ (60 ÷ 2 + 90 ÷ 3.5) buildings = 2.69; 208 ÷ (70 ÷ 7 + 58 ÷ 14.5 + 80 ÷ 40) = 13.
    expect(westEnd?.local?.buildings2to4).toBeCloseTo(75 / 2.69, 6);
    expect(westEnd?.local?.buildings5plus).toBeCloseTo(104 / 13, 6);
  });

  it("gives each state its equipment by building group (ResStock conditional table), else the U.S. figures", () => {
    expect(census.baselines.TN?.groups).toEqual({
      singleFamily: {
        share: 0.7143,
        equipment: { ductedHeating: 0.6, nonDuctedHeating: 0, centralCooling: 1 },
      },
      units2to4: {
        share: 0,
        equipment: { ductedHeating: 0, nonDuctedHeating: 0, centralCooling: 0 },
      },
      units5plus: {
        share: 0.1429,
        equipment: { ductedHeating: 0, nonDuctedHeating: 1, centralCooling: 0 },
      },
      mobile: {
        share: 0.1429,
        equipment: { ductedHeating: 1, nonDuctedHeating: 0, centralCooling: 0 },
      },
    });
    // A state without rows takes the U.S. entry: here TN and KY together.
    const columns = groupColumns(local.stateConditional, [{ code: "DC" }]);
    expect(columns[groupColumn("units2to4", "share")]).toEqual([4167]);
    expect(columns[groupColumn("units2to4", "centralCooling")]).toEqual([10000]);
  });
});
