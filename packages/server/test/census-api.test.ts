/** The census-api place provider (tract level) against a local fake Census Data API in the real wire format. */
import { execFile } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import type { AreaUnit, PlaceRecord } from "@bis/sdk";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { Db } from "../src/db/database.js";
import { tablesFor } from "../src/db/database.js";
import { AppError } from "../src/lib/errors.js";
import {
  CENSUS_MAX_VARIABLES,
  CENSUS_TIMEOUT_MS,
  type CensusApiDeps,
  candidateNames,
  createCensusApiProvider,
  displayName,
  joinByGeoid,
  parseAcsTable,
  splitVariables,
  tractFields,
  tractVariables,
  vintageLabel,
  yearBuiltCells,
} from "../src/providers/places/census-api.js";
import {
  type FakeCensus,
  type FakeState,
  type FakeTract,
  startFakeCensus,
} from "./support/fake-census.js";
import { openTestDatabase, type TestDataLayer, testEngine } from "./support/postgres.js";

const { censusCache } = tablesFor(testEngine());

const run = promisify(execFile);
const here = path.dirname(fileURLToPath(import.meta.url));

/* ------------------------------------------------------------ fixtures */

/**
 * Synthetic tract cells in the API's format (strings, sentinels), not copies of Census data:
 * B25034_0NN = NN × 10 and B25040_0NN = NN, so the bands are easy sums.
 */
function tractValues(pop: number, extra: Record<string, string | null> = {}) {
  const values: Record<string, string | null> = {
    B01003_001E: String(pop),
    B11001_001E: String(Math.round(pop * 0.4)),
    B25001_001E: String(Math.round(pop * 0.45)),
    B25024_002E: String(Math.round(pop * 0.25)),
    B25024_003E: String(Math.round(pop * 0.02)),
    B25003_001E: String(Math.round(pop * 0.4)),
    B25003_002E: String(Math.round(pop * 0.25)),
    B19013_001E: "-666666666",
  };
  for (let i = 2; i <= 11; i++) values[`B25034_0${String(i).padStart(2, "0")}E`] = String(i * 10);
  for (let i = 2; i <= 10; i++) values[`B25040_0${String(i).padStart(2, "0")}E`] = String(i);
  return { ...values, ...extra };
}

function tract(
  county: string,
  code: string,
  pop: number,
  extra: Record<string, string | null> = {},
): FakeTract {
  return {
    county,
    tract: code,
    name: `Census Tract ${Number(code) / 100}; County ${county}; Texas`,
    values: tractValues(pop, extra),
  };
}

function place(
  fips: string,
  name: string,
  pop: number,
  extra: Record<string, string | null> = {},
): FakeState["places"][number] {
  return {
    place: fips,
    name,
    values: {
      B01003_001E: String(pop),
      B11001_001E: String(Math.round(pop * 0.4)),
      B25001_001E: String(Math.round(pop * 0.45)),
      B25024_002E: String(Math.round(pop * 0.25)),
      B25024_003E: String(Math.round(pop * 0.02)),
      B19013_001E: "71000",
      ...extra,
    },
  };
}

/** Fresh objects for every test (some tests change the fake's figures). */
function texas(): FakeState & { tracts: FakeTract[] } {
  return {
    fips: "48",
    name: "Texas",
    values: {},
    places: [
      place("05000", "Austin city, Texas", 900000),
      place("63500", "Round Rock city, Texas", 120000, { B19013_001E: "-666666666" }),
      place("35624", "Hutto city, Texas", 30000, { B25024_003E: "-999999999" }),
      place("64172", "St. Hedwig town, Texas", 2000, { B19013_001E: "-888888888" }),
      place("99001", "Sample Ranch CDP, Texas", 1500),
      place("99002", "Nobody Lives Here CDP, Texas", 0),
    ],
    tracts: [
      tract("453", "000101", 4000),
      // Suppressed: 1-unit attached (single-family) and wood heating (housing stock).
      tract("453", "000102", 2500, { B25024_003E: "-999999999", B25040_007E: "-222222222" }),
      // Suppressed households.
      tract("491", "020106", 3000, { B11001_001E: "-666666666" }),
      // No 2020 tract centre: left out and counted.
      tract("453", "999999", 150),
      // No centre and nobody lives there: dropped without loss.
      tract("453", "999998", 0),
    ],
  };
}

function rhodeIsland(): FakeState {
  return {
    fips: "44",
    name: "Rhode Island",
    values: {},
    places: [
      place("59000", "Providence city, Rhode Island", 190000),
      place("52000", "Ocean town, Rhode Island", 5000),
    ],
    tracts: [tract("007", "000100", 5000)],
  };
}

/** Connecticut from the 2022 vintage on: planning regions (09110, 09120, …) as counties. */
function connecticut(): FakeState {
  return {
    fips: "09",
    name: "Connecticut",
    values: {},
    places: [],
    tracts: [
      // Same tract code as 09001010101 of 2020.
      tract("120", "010101", 4000),
      // The tract code of two 2020 tracts (09007990100, 09011990100): ambiguous, left out.
      tract("130", "990100", 10),
    ],
  };
}

const unit = (id: string, lat: number, lon: number): AreaUnit => ({
  id,
  lat,
  lon,
  population: 1,
  households: null,
  housingUnits: null,
  singleFamilyUnits: null,
});
const embeddedPlace = (
  id: string,
  name: string,
  state: string,
  lat: number,
  lon: number,
  footprintMiles = 1.5,
): PlaceRecord => ({
  id,
  name,
  state,
  lat,
  lon,
  population: 1,
  households: null,
  housingUnits: null,
  singleFamilyUnits: null,
  medianHouseholdIncome: null,
  footprintMiles,
});

/** A small stand-in for the embedded dataset: 2020 tract centres and Census places. */
const EMBEDDED = {
  tracts: [
    unit("48453000101", 30.3204, -97.7536),
    unit("48453000102", 30.3291, -97.7677),
    unit("48491020106", 30.51, -97.68),
    unit("44007000100", 41.82, -71.41),
    unit("09001010101", 41.0695, -73.6796),
    unit("09007990100", 41.3, -72.3),
    unit("09011990100", 41.3, -72.0),
  ],
  places: [
    embeddedPlace("4805000", "Austin", "TX", 30.2672, -97.7431, 10.1),
    embeddedPlace("4863500", "Round Rock", "TX", 30.5083, -97.6789),
    embeddedPlace("4835624", "Hutto", "TX", 30.5427, -97.5467),
    // Another GEOID: found by name ("St." = "Saint").
    embeddedPlace("4864999", "Saint Hedwig", "TX", 29.4144, -98.2),
    embeddedPlace("4459000", "Providence", "RI", 41.824, -71.4128),
    // "Ocean City" comes first, but its derived key "ocean" must not hide the place "Ocean".
    embeddedPlace("4400001", "Ocean City", "RI", 41.1, -71.1),
    embeddedPlace("4400002", "Ocean", "RI", 41.2, -71.2),
  ],
};

let fake: FakeCensus;
let dir: string;
let data: TestDataLayer;
let db: Db;

function provider(
  overrides: { apiKey?: string; baseUrl?: string; vintage?: string } = {},
  deps: Partial<CensusApiDeps> = {},
  database: Db = db,
) {
  return createCensusApiProvider({
    config: {
      places: {
        provider: "census-api",
        census: {
          apiKey: overrides.apiKey,
          baseUrl: overrides.baseUrl ?? fake.url,
          vintage: overrides.vintage ?? "2022",
        },
      },
    },
    db: database,
    census: () => EMBEDDED,
    ...deps,
  });
}

async function failure(promise: Promise<unknown>, code = "UPSTREAM_FAILED"): Promise<AppError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  expect((error as AppError).code).toBe(code);
  expect((error as AppError).status).toBe(code === "RATE_LIMITED" ? 429 : 502);
  return error as AppError;
}

const cacheRows = async () =>
  (await db.select().from(censusCache)).sort((a, b) => a.key.localeCompare(b.key));

beforeEach(async () => {
  fake = await startFakeCensus({ states: [texas(), rhodeIsland(), connecticut()] });
  dir = mkdtempSync(path.join(tmpdir(), "bis-census-"));
  data = await openTestDatabase(dir);
  db = data.database.db;
});

afterEach(async () => {
  await fake.close();
  await data.close();
  rmSync(dir, { recursive: true, force: true });
});

/* ------------------------------------------------------------ parsing */

describe("variables and parsing", () => {
  it("asks for the eight tract tables, with B25034 bands by vintage", () => {
    expect(tractVariables("2022")).toEqual([
      "B01003_001E",
      "B11001_001E",
      "B25001_001E",
      "B25024_002E",
      "B25024_003E",
      "B25003_001E",
      "B25003_002E",
      "B25034_002E",
      "B25034_003E",
      "B25034_004E",
      "B25034_005E",
      "B25034_006E",
      "B25034_007E",
      "B25034_008E",
      "B25034_009E",
      "B25034_010E",
      "B25034_011E",
      "B25040_002E",
      "B25040_003E",
      "B25040_004E",
      "B25040_005E",
      "B25040_006E",
      "B25040_007E",
      "B25040_008E",
      "B25040_009E",
      "B25040_010E",
      "B19013_001E",
    ]);
    // 2022: _002E 2020 or later, _003E 2010–2019, _004E 2000–2009, … _011E 1939 or earlier.
    expect(yearBuiltCells("2022")).toEqual({
      built2000OrLater: ["B25034_002E", "B25034_003E", "B25034_004E"],
      built1980To1999: ["B25034_005E", "B25034_006E"],
      builtBefore1980: ["B25034_007E", "B25034_008E", "B25034_009E", "B25034_010E", "B25034_011E"],
    });
    // Up to 2014 the table had one band fewer: _002E 2010 or later, _003E 2000–2009, …
    expect(yearBuiltCells("2014")).toEqual({
      built2000OrLater: ["B25034_002E", "B25034_003E"],
      built1980To1999: ["B25034_004E", "B25034_005E"],
      builtBefore1980: ["B25034_006E", "B25034_007E", "B25034_008E", "B25034_009E", "B25034_010E"],
    });
    expect(tractFields("2022").heatingGas).toEqual(["B25040_002E", "B25040_003E"]);
    expect(tractFields("2022").heatingOther).toEqual([
      "B25040_006E",
      "B25040_007E",
      "B25040_008E",
      "B25040_009E",
    ]);
    expect(vintageLabel("2022")).toBe("ACS 2018–2022 5-year");
    expect(CENSUS_MAX_VARIABLES).toBe(50);
    expect(tractVariables("2022").length + 1).toBeLessThanOrEqual(CENSUS_MAX_VARIABLES);
  });

  it("reads columns by name, joins the geography into the GEOID, sentinels → null", () => {
    const get = ["NAME", "B01003_001E", "B25024_003E", "B19013_001E", "B25040_005E"];
    const cells: Record<string, string | null> = {
      NAME: "Census Tract 1.01; Travis County; Texas",
      B01003_001E: "4469",
      B25024_003E: "-999999999",
      B19013_001E: "-666666666",
      B25040_005E: null,
      state: "48",
      county: "453",
      tract: "000101",
    };
    // Geography columns first and variables in another order: found by name, not position.
    const header = ["state", "county", "tract", ...[...get].reverse()];
    const [row] = parseAcsTable(
      [header, header.map((h) => cells[h] ?? null)],
      get,
      "tract",
      "a test table",
    );
    expect(row).toEqual({
      geoid: "48453000101",
      name: "Census Tract 1.01; Travis County; Texas",
      values: { B01003_001E: 4469, B25024_003E: null, B19013_001E: null, B25040_005E: null },
    });
  });

  it("rejects a table without the requested columns, ragged rows and non-numbers", () => {
    const get = ["NAME", "B01003_001E"];
    expect(() => parseAcsTable([["NAME", "state", "place"]], get, "place", "x")).toThrow(
      /without the column B01003_001E/,
    );
    expect(() => parseAcsTable([["NAME", "B01003_001E", "state"]], get, "tract", "x")).toThrow(
      /without the columns county, tract/,
    );
    const header = [...get, "state", "place"];
    expect(() => parseAcsTable([header, ["Austin"]], get, "place", "x")).toThrow(/malformed row 1/);
    expect(() =>
      parseAcsTable([header, ["Austin city, Texas", "12a", "48", "05000"]], get, "place", "x"),
    ).toThrow(/"12a" for B01003_001E of Austin city, Texas \(4805000\): not a number/);
    expect(() => parseAcsTable({ error: "x" }, get, "place", "x")).toThrow(/not a table/);
  });

  it("splits long variable lists (NAME in the first call) and joins the parts by GEOID", () => {
    const vars = Array.from({ length: 60 }, (_, i) => `B99999_${String(i + 1).padStart(3, "0")}E`);
    const parts = splitVariables(vars, 50);
    expect(parts.map((p) => p.length)).toEqual([50, 11]);
    expect(parts[0]?.[0]).toBe("NAME");
    expect(parts.flat()).toEqual(["NAME", ...vars]);

    const joined = joinByGeoid(
      [
        [
          { geoid: "1", name: "One", values: { A: 1 } },
          { geoid: "2", name: "Two", values: { A: 2 } },
        ],
        [{ geoid: "2", name: null, values: { B: 20 } }],
      ],
      ["A", "B"],
    );
    expect(joined).toEqual([
      { geoid: "1", name: "One", values: { A: 1, B: null } },
      { geoid: "2", name: "Two", values: { A: 2, B: 20 } },
    ]);
  });

  it("derives lookup names from Census place names", () => {
    expect(candidateNames("Austin city, Texas")).toEqual(["austin city", "austin"]);
    expect(displayName("Austin city, Texas")).toBe("Austin");
    expect(displayName("Boise City city, Idaho")).toBe("Boise City");
    expect(displayName("Carson City, Nevada")).toBe("Carson City");
    expect(displayName("Urban Honolulu CDP, Hawaii")).toBe("Urban Honolulu");
    expect(candidateNames("St. Hedwig town, Texas")).toContain("saint hedwig");
    expect(candidateNames("Carson City, Nevada")[0]).toBe("carson city");
    expect(candidateNames("Boise City city, Idaho")).toEqual([
      "boise city city",
      "boise city",
      "boise",
    ]);
    expect(
      candidateNames("Nashville-Davidson metropolitan government (balance), Tennessee"),
    ).toContain("nashville davidson");
    expect(
      candidateNames("Louisville/Jefferson County metro government (balance), Kentucky"),
    ).toContain("louisville");
    expect(candidateNames("Urban Honolulu CDP, Hawaii")).toContain("honolulu");
    expect(candidateNames("Anchorage municipality, Alaska")).toContain("anchorage");
    expect(candidateNames("Juneau city and borough, Alaska")).toContain("juneau");
    expect(candidateNames("Española city, New Mexico")).toContain("espanola");
  });
});

/* ------------------------------------------------------------ provider */

describe("census-api provider", () => {
  it("asks for the tract and place tables of the state in the API's form", async () => {
    await provider().load(["TX"]);
    expect(fake.requests).toHaveLength(2);
    const tracts = fake.requests.find((r) => r.for === "tract:*");
    const places = fake.requests.find((r) => r.for === "place:*");
    expect(tracts).toMatchObject({
      method: "GET",
      path: "/data/2022/acs/acs5",
      in: "state:48 county:*",
      inParams: ["state:48", "county:*"],
      key: null,
    });
    expect(tracts?.get).toEqual(["NAME", ...tractVariables("2022")]);
    expect(places).toMatchObject({
      path: "/data/2022/acs/acs5",
      inParams: ["state:48"],
      key: null,
    });
    expect(places?.get).toEqual([
      "NAME",
      "B01003_001E",
      "B11001_001E",
      "B25001_001E",
      "B25024_002E",
      "B25024_003E",
      "B19013_001E",
    ]);
    expect(Object.keys(places?.query ?? {}).sort()).toEqual(["for", "get", "in"]);
  });

  it("sends the key when one is configured, and the configured vintage", async () => {
    await fake.close();
    fake = await startFakeCensus({ states: [texas()], vintages: ["2021"], validKey: "k3y-123" });
    const data = await provider({ apiKey: "k3y-123", vintage: "2021" }).load(["TX"]);
    expect(fake.requests.map((r) => r.key)).toEqual(["k3y-123", "k3y-123"]);
    expect(fake.requests.map((r) => r.path)).toEqual([
      "/data/2021/acs/acs5",
      "/data/2021/acs/acs5",
    ]);
    expect(data.vintage).toBe("ACS 2017–2021 5-year");
  });

  it("turns each tract into a measured area unit at its 2020 centre", async () => {
    const data = await provider().load(["TX"]);
    expect(data).toMatchObject({
      provider: "census-api",
      vintage: "ACS 2018–2022 5-year",
      background: {},
      backgroundMethod: null,
    });
    expect(data.units?.map((u) => u.id)).toEqual(["48453000101", "48453000102", "48491020106"]);
    const [first, second, third] = data.units ?? [];
    expect(first).toEqual({
      id: "48453000101",
      lat: 30.3204,
      lon: -97.7536,
      population: 4000,
      households: 1600,
      housingUnits: 1800,
      singleFamilyUnits: 1000 + 80,
      housing: {
        occupied: 1600,
        ownerOccupied: 1000,
        built2000OrLater: 20 + 30 + 40,
        built1980To1999: 50 + 60,
        builtBefore1980: 70 + 80 + 90 + 100 + 110,
        heatingGas: 2 + 3,
        heatingElectricity: 4,
        heatingFuelOil: 5,
        heatingOther: 6 + 7 + 8 + 9,
        heatingNone: 10,
      },
    });
    // Suppressed cells count as 0.
    expect(second?.singleFamilyUnits).toBe(625);
    expect(second?.housing?.heatingOther).toBe(6 + 8 + 9);
    expect(third?.households).toBe(0);

    expect(data.label).toBe(
      "U.S. Census Bureau, ACS 2018–2022 5-year: 3 census tracts and 4 places in TX (1 tract (150 residents) without a 2020 tract centre left out; 1 place without a centre left out; 1 tract with a suppressed housing-stock estimate counted as 0)",
    );
    for (const figure of [
      "population",
      "households",
      "housingUnits",
      "singleFamilyUnits",
    ] as const) {
      expect(data.provenance[figure]).toMatchObject({
        grade: "measured",
        vintage: "ACS 2018–2022 5-year",
        source:
          "U.S. Census Bureau, American Community Survey 2018–2022 5-year estimates (Census Data API, vintage 2022): census tract tables B01003, B11001, B25001, B25024, B25003, B25034, B25040, B19013; place tables B01003, B11001, B25001, B25024, B19013",
      });
      expect(data.provenance[figure].method).toContain(
        "1 tract (150 residents) without a 2020 tract centre left out",
      );
    }
    expect(data.provenance.population.method).toMatch(/^B01003_001E, total population/);
    expect(data.provenance.population.method).not.toContain("suppressed");
    expect(data.provenance.households.method).toContain(
      "1 tract with a suppressed estimate counted as 0",
    );
    expect(data.provenance.singleFamilyUnits.method).toContain(
      "1 tract with a suppressed estimate counted as 0",
    );
  });

  it("places the city table at the embedded place centres, by GEOID, else by name", async () => {
    const data = await provider().load(["TX"]);
    const byName = Object.fromEntries(data.places.map((p) => [p.name, p]));
    expect(Object.keys(byName).sort()).toEqual(["Austin", "Hutto", "Round Rock", "Saint Hedwig"]);
    expect(byName.Austin).toEqual({
      id: "4805000",
      name: "Austin",
      state: "TX",
      lat: 30.2672,
      lon: -97.7431,
      population: 900000,
      households: 360000,
      housingUnits: 405000,
      singleFamilyUnits: 225000 + 18000,
      medianHouseholdIncome: 71000,
      footprintMiles: 10.1,
    });
    expect(byName["Round Rock"]?.medianHouseholdIncome).toBeNull();
    expect(byName.Hutto?.singleFamilyUnits).toBeNull();
    // Found by name: the ACS GEOID stays, the embedded place gives the point and the name.
    expect(byName["Saint Hedwig"]).toMatchObject({
      id: "4864172",
      lat: 29.4144,
      medianHouseholdIncome: null,
    });
  });

  it("never lets a derived name hide an exact one, and loads several states", async () => {
    const census = provider();
    const [a, b] = await Promise.all([census.load(["TX", "ri"]), census.load(["RI"])]);
    // Concurrent loads share one pair of requests per state.
    expect(fake.requests).toHaveLength(4);
    expect(a.places.map((p) => p.state).sort()).toEqual(["RI", "RI", "TX", "TX", "TX", "TX"]);
    expect(a.units?.map((u) => u.id.slice(0, 2))).toEqual(["48", "48", "48", "44"]);
    expect(b.places.map((p) => [p.name, p.lat])).toEqual([
      ["Providence", 41.824],
      ["Ocean", 41.2],
    ]);
    expect(a.label).toContain("in TX, RI");
  });

  it("places Connecticut's planning-region tracts by their unchanged tract code", async () => {
    const data = await provider().load(["CT"]);
    expect(data.units).toEqual([
      expect.objectContaining({ id: "09120010101", lat: 41.0695, population: 4000 }),
    ]);
    expect(data.label).toContain("1 tract (10 residents) without a 2020 tract centre left out");
    expect(data.provenance.population.method).toContain(
      "1 tract by tract code within the state, the county code having changed since 2020",
    );
  });

  it("rejects an unknown state code before any request", async () => {
    await expect(provider().load(["ZZ"])).rejects.toMatchObject({
      code: "VALIDATION_FAILED",
      message:
        'Unknown state code "ZZ": use the two-letter code of one of the 50 states or DC, e.g. TX',
    });
    await expect(provider().refresh(["TX", "ZZ"])).rejects.toMatchObject({
      code: "VALIDATION_FAILED",
    });
    expect(fake.requests).toHaveLength(0);
  });

  it("uses a 15 s time-out by default", () => {
    expect(CENSUS_TIMEOUT_MS).toBe(15_000);
  });
});

describe("the 50-variable limit", () => {
  it("the fake, like the API, refuses more than 50 variables", async () => {
    const get = ["NAME", ...Array.from({ length: 50 }, (_, i) => `B25034_${i}E`)];
    const res = await fetch(`${fake.url}/data/2022/acs/acs5?get=${get.join(",")}&for=state:48`);
    expect(res.status).toBe(400);
    expect(await res.text()).toBe("error: 'get' is limited to 50 variables");
  });

  it("splits a longer list into several calls and joins them by GEOID", async () => {
    const whole = await provider().load(["TX"]);
    const other = await openTestDatabase(path.join(dir, "other"));
    try {
      fake.requests.length = 0;
      const split = await provider({}, { maxVariables: 10 }, other.database.db).load(["TX"]);
      const tractCalls = fake.requests.filter((r) => r.for === "tract:*");
      expect(tractCalls.map((r) => r.get.length)).toEqual([10, 10, 8]);
      expect(tractCalls.map((r) => r.get[0] === "NAME")).toEqual([true, false, false]);
      expect(tractCalls.flatMap((r) => r.get)).toEqual(["NAME", ...tractVariables("2022")]);
      expect(fake.requests.filter((r) => r.for === "place:*")).toHaveLength(1);
      expect(split).toEqual(whole);
    } finally {
      await other.close();
    }
  });

  it("one failing part fails the load, and nothing is cached", async () => {
    fake.failFor("server-error", (r) => r.for === "tract:*" && r.get[0] !== "NAME");
    const error = await failure(provider({}, { maxVariables: 10 }).load(["TX"]));
    expect(error.message).toMatch(
      /^Census Data API failed on the request for the census tracts of TX \(state:48, 2022 ACS 5-year, part [23] of 3\) \(HTTP 500/,
    );
    expect(await cacheRows()).toEqual([]);
  });
});

describe("the database cache", () => {
  it("stores each state's tables per vintage and level, and serves them without a request", async () => {
    const first = await provider().load(["TX"]);
    expect(fake.requests).toHaveLength(2);
    const rows = await cacheRows();
    expect(rows.map((r) => [r.key, r.vintage, r.stateFips])).toEqual([
      ["acs5:2022:48:place", "2022", "48"],
      ["acs5:2022:48:tract", "2022", "48"],
    ]);
    const tracts = rows[1]?.payload as { variables: string[]; rows: unknown[][]; names?: unknown };
    expect(tracts.variables).toEqual(tractVariables("2022"));
    expect(tracts.rows[0]?.slice(0, 4)).toEqual(["48453000101", 4000, 1600, 1800]);
    expect(tracts.names).toBeUndefined();

    // A new provider (a restarted server) on the same database: no request at all.
    const again = await provider().load(["TX"]);
    expect(fake.requests).toHaveLength(2);
    expect(again).toEqual(first);
    expect(await provider().cachedStates()).toEqual(["TX"]);

    // Even with the API down.
    fake.fail("server-error");
    await expect(provider().load(["TX"])).resolves.toEqual(first);
    expect(fake.requests).toHaveLength(2);
  });

  it("refresh refetches, replaces the rows and serves the new figures", async () => {
    let clock = new Date("2026-01-01T00:00:00Z");
    const census = provider({}, { now: () => clock });
    await census.load(["TX"]);
    // An older row of the same state and vintage (the former place-level format).
    await db.insert(censusCache).values({
      key: "acs5:2022:48",
      vintage: "2022",
      stateFips: "48",
      payload: { state: {}, places: [] },
      fetchedAt: clock,
    });

    const tx = texas();
    (tx.tracts[0] as FakeTract).values.B01003_001E = "4100";
    await fake.close();
    fake = await startFakeCensus({ states: [tx] });
    clock = new Date("2026-02-01T00:00:00Z");
    const refreshing = provider({}, { now: () => clock });
    const [result] = await refreshing.refresh(["tx"]);
    expect(result).toEqual({
      state: "TX",
      fips: "48",
      vintage: "2022",
      tracts: 5,
      tractsPlaced: 3,
      tractsLeftOut: 1,
      places: 6,
      placesListed: 4,
      placesLeftOut: 1,
      requests: 2,
    });
    expect(fake.requests).toHaveLength(2);
    expect((await cacheRows()).map((r) => [r.key, r.fetchedAt.toISOString()])).toEqual([
      ["acs5:2022:48:place", "2026-02-01T00:00:00.000Z"],
      ["acs5:2022:48:tract", "2026-02-01T00:00:00.000Z"],
    ]);
    // The refreshing provider and any new one serve the new figures, without a request.
    expect((await refreshing.load(["TX"])).units?.[0]?.population).toBe(4100);
    expect((await provider().load(["TX"])).units?.[0]?.population).toBe(4100);
    expect(fake.requests).toHaveLength(2);
  });

  it("a failed refresh keeps the cached rows", async () => {
    const first = await provider().load(["TX"]);
    const before = await cacheRows();
    fake.fail("server-error");
    await failure(provider().refresh(["TX"]));
    expect(await cacheRows()).toEqual(before);
    await expect(provider().load(["TX"])).resolves.toEqual(first);
  });

  it("a cached table missing a variable asked for now is fetched again", async () => {
    await provider().load(["TX"]);
    const row = (await cacheRows()).find((r) => r.key === "acs5:2022:48:tract");
    const payload = row?.payload as { variables: string[]; rows: unknown[][] };
    const older = {
      ...payload,
      variables: payload.variables.slice(0, -1),
      rows: payload.rows.map((r) => r.slice(0, -1)),
    };
    await db.update(censusCache).set({ payload: older });
    fake.requests.length = 0;
    await provider().load(["TX"]);
    expect(fake.requests.map((r) => r.for)).toEqual(["tract:*", "place:*"]);
  });
});

/* ------------------------------------------------------------ failures */

describe("census-api failures → a clear error", () => {
  const cases: [Parameters<FakeCensus["fail"]>[0], RegExp][] = [
    [
      "bad-request",
      /^Census Data API refused the request for the (census tracts|places) of TX .*\(HTTP 400 from http:\/\/127\.0\.0\.1:\d+\/data\/2022\/acs\/acs5\): error: unknown variable 'B99999_001E'$/,
    ],
    [
      "server-error",
      /^Census Data API failed on the request for .*\(HTTP 500 from .*\): Internal Server Error$/,
    ],
    [
      "malformed-json",
      /^Census Data API returned malformed JSON for the (census tracts|places) of TX/,
    ],
    [
      "bad-key",
      /^Census Data API redirected the request for .* \(HTTP 302 to https:\/\/api\.census\.gov\/data\/invalid_key\.html\): the API asks for a key/,
    ],
    ["html", /^Census Data API answered the request for .* with an HTML page instead of JSON/],
    ["no-content", /^Census Data API returned no data for .*\(HTTP 204\): unknown geography/],
    [
      "not-found",
      /^Census Data API has no 2022 ACS 5-year data for .*\(HTTP 404 from .*\): 404 Not Found$/,
    ],
    ["reset", /^Census Data API could not be reached for .*: .*(socket|closed|ECONNRESET)/i],
  ];
  for (const [mode, message] of cases) {
    it(`${mode}`, async () => {
      fake.fail(mode);
      const error = await failure(provider().load(["TX"]));
      expect(error.message).toMatch(message);
      expect(await cacheRows()).toEqual([]);
    });
  }

  it("a rate limit is a 429", async () => {
    fake.fail("rate-limit");
    const error = await failure(provider().load(["TX"]), "RATE_LIMITED");
    expect(error.message).toMatch(
      /^Census Data API rate limit reached for the (census tracts|places) of TX .*\(HTTP 429: Too Many Requests\)\. Please try again later; a CENSUS_API_KEY raises the limit\.$/,
    );
  });

  it("a slow answer times out", async () => {
    await fake.close();
    fake = await startFakeCensus({ states: [texas()], slowMs: 3000 });
    fake.fail("slow");
    const started = Date.now();
    const error = await failure(provider({}, { timeoutMs: 300 }).load(["TX"]));
    expect(Date.now() - started).toBeLessThan(2000);
    expect(error.message).toMatch(
      /^Census Data API did not answer the request for the (census tracts|places) of TX .* within 0\.3 s \(http:\/\/127\.0\.0\.1:\d+\/data\/2022\/acs\/acs5\)$/,
    );
  });

  it("an unreachable server", async () => {
    const port = await new Promise<number>((resolve) => {
      const probe = createServer().listen(0, "127.0.0.1", () => {
        const { port } = probe.address() as { port: number };
        probe.close(() => resolve(port));
      });
    });
    const error = await failure(provider({ baseUrl: `http://127.0.0.1:${port}` }).load(["TX"]));
    expect(error.message).toMatch(
      /^Census Data API could not be reached for the (census tracts|places) of TX .*\(http:\/\/127\.0\.0\.1:\d+\/data\/2022\/acs\/acs5\): ECONNREFUSED/,
    );
  });

  it("an invalid key is named, and the key never appears in the message", async () => {
    await fake.close();
    fake = await startFakeCensus({ states: [texas()], validKey: "right-key" });
    const error = await failure(provider({ apiKey: "wrong-key-42" }).load(["TX"]));
    expect(error.message).toContain("the CENSUS_API_KEY was rejected");
    expect(error.message).not.toContain("wrong-key-42");
  });

  it("an unknown geography (no data for the state) and an unpublished vintage", async () => {
    expect((await failure(provider().load(["CA"]))).message).toMatch(
      /no data for the census tracts of CA \(state:06, 2022 ACS 5-year\) \(HTTP 204\)/,
    );
    expect((await failure(provider({ vintage: "2031" }).load(["TX"]))).message).toMatch(
      /has no 2031 ACS 5-year data for .*\(HTTP 404/,
    );
  });

  it("a failure is not remembered: the next load tries again", async () => {
    const census = provider();
    fake.fail("server-error");
    await failure(census.load(["TX"]));
    fake.fail(null);
    const data = await census.load(["TX"]);
    expect(data.units).toHaveLength(3);
  });
});

/* ------------------------------------------------------------ command */

describe("bis-server data refresh-census", () => {
  const cli = path.resolve(here, "../src/cli.ts");
  const tsx = path.resolve(here, "../node_modules/.bin/tsx");
  function bisServer(...args: string[]) {
    const env: Record<string, string | undefined> = {
      ...process.env,
      NODE_ENV: "test",
      ...data.env,
      BIS_PLACE_PROVIDER: "census-api",
      CENSUS_API_URL: fake.url,
      CENSUS_VINTAGE: "2022",
    };
    delete env.CENSUS_API_KEY;
    return run(tsx, [cli, "data", "refresh-census", ...args], { env }).then(
      (r) => ({ code: 0, stdout: r.stdout, stderr: r.stderr }),
      (e: { code: number; stdout: string; stderr: string }) => ({
        code: e.code,
        stdout: e.stdout,
        stderr: e.stderr,
      }),
    );
  }

  it("refetches the named states, replaces their rows and prints the counts", async () => {
    // The command runs on the shipped embedded dataset: the fixture's tracts 48453000101,
    // 48453000102 and 48491020106 and its places Austin, Round Rock, Hutto and St. Hedwig are real.
    const first = await bisServer("--state", "TX");
    expect(first).toMatchObject({ code: 0, stderr: "" });
    expect(first.stdout).toBe(
      [
        `Refreshing 1 state from ${fake.url} (ACS 2018–2022 5-year)`,
        "TX: 5 tracts (3 placed, 1 left out), 6 places (4 listed, 1 left out); 2 requests",
        "Cached 3 tracts and 4 places for 1 state",
        "",
      ].join("\n"),
    );
    expect(fake.requests).toHaveLength(2);

    // Again, and with no state named: the cached states are refetched.
    const again = await bisServer();
    expect(again.code).toBe(0);
    expect(again.stdout).toContain("TX: 5 tracts");
    expect(fake.requests).toHaveLength(4);
  }, 60_000);

  it("an unknown state is a clear error and a non-zero exit", async () => {
    const result = await bisServer("--state", "TX", "--state", "ri,xx");
    expect(result.code).not.toBe(0);
    expect(result.stderr).toBe(
      'bis-server: Unknown state code "XX": use the two-letter code of one of the 50 states or DC, e.g. TX\n',
    );
    expect(fake.requests).toHaveLength(0);

    const empty = await bisServer();
    expect(empty.code).not.toBe(0);
    expect(empty.stderr).toMatch(/No state is cached for the ACS 2018–2022 5-year: name states/);
  }, 60_000);
});
