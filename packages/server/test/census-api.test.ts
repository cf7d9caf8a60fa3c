/** The census-api place provider against a local fake Census Data API in the real wire format. */
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { type Db, openDatabase } from "../src/db/database.js";
import { censusCache } from "../src/db/schema.js";
import { AppError } from "../src/http/errors.js";
import {
  ACS_GET,
  CENSUS_TIMEOUT_MS,
  type CensusApiDeps,
  candidateNames,
  createCensusApiProvider,
  displayName,
  parseAcsTable,
  STATE_LAND_AREA_SQ_MI,
} from "../src/places/census-api.js";
import { footprintMiles } from "../src/places/density.js";
import { type FakeCensus, type FakeState, startFakeCensus } from "./support/fake-census.js";

/** Synthetic figures in the API's format (strings, sentinels), not copies of Census data. */
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
      B25040_002E: String(Math.round(pop * 0.15)),
      B25040_004E: String(Math.round(pop * 0.22)),
      ...extra,
    },
  };
}

const TEXAS: FakeState = {
  fips: "48",
  name: "Texas",
  values: {
    B01003_001E: "2000000",
    B11001_001E: "760000",
    B25001_001E: "850000",
    B25024_002E: "520000",
    B25024_003E: "30000",
    B19013_001E: "67000",
  },
  places: [
    place("05000", "Austin city, Texas", 900000),
    place("63500", "Round Rock city, Texas", 120000, { B19013_001E: "-666666666" }),
    place("35624", "Hutto city, Texas", 30000, { B25024_003E: "-999999999" }),
    place("64064", "St. Hedwig town, Texas", 2000, { B19013_001E: "-888888888" }),
    place("99001", "Sample Ranch CDP, Texas", 1500),
    place("99002", "Nobody Lives Here CDP, Texas", 0),
  ],
};

const RHODE_ISLAND: FakeState = {
  fips: "44",
  name: "Rhode Island",
  values: { B01003_001E: "1000000", B11001_001E: "400000" },
  places: [
    place("59000", "Providence city, Rhode Island", 190000),
    place("52000", "Ocean town, Rhode Island", 5000),
  ],
};

const COORDINATES: Record<string, Record<string, { lat: number; lon: number }>> = {
  TX: {
    Austin: { lat: 30.27, lon: -97.74 },
    "Round Rock": { lat: 30.51, lon: -97.68 },
    Hutto: { lat: 30.54, lon: -97.55 },
    "Saint Hedwig": { lat: 29.41, lon: -98.2 },
  },
  // "Ocean City" comes first, but its derived key "ocean" must not hide the place "Ocean".
  RI: {
    Providence: { lat: 41.82, lon: -71.41 },
    "Ocean City": { lat: 41.1, lon: -71.1 },
    Ocean: { lat: 41.2, lon: -71.2 },
  },
};

const coordinates: CensusApiDeps["coordinates"] = async (state) =>
  new Map(Object.entries(COORDINATES[state] ?? {}));

let fake: FakeCensus;
let dir: string;
let db: Db;

function provider(
  overrides: { apiKey?: string; baseUrl?: string; vintage?: string } = {},
  deps: Partial<CensusApiDeps> = {},
) {
  return createCensusApiProvider(
    {
      places: {
        provider: "census-api",
        census: {
          apiKey: overrides.apiKey,
          baseUrl: overrides.baseUrl ?? fake.url,
          vintage: overrides.vintage ?? "2022",
        },
      },
    },
    db,
    { coordinates, ...deps },
  );
}

async function failure(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  expect((error as AppError).code).toBe("UPSTREAM_FAILED");
  expect((error as AppError).status).toBe(502);
  return error as AppError;
}

beforeEach(async () => {
  fake = await startFakeCensus({ states: [TEXAS, RHODE_ISLAND] });
  dir = mkdtempSync(path.join(tmpdir(), "bis-census-"));
  db = openDatabase(path.join(dir, "bis.db"));
});

afterEach(async () => {
  await fake.close();
  db.$client.close();
  rmSync(dir, { recursive: true, force: true });
});

describe("parsing the API's answer", () => {
  it("reads columns by name and turns negative sentinels into null", () => {
    const cells: Record<string, string | null> = {
      NAME: "Alpha city, Texas",
      B01003_001E: "1000",
      B11001_001E: "400",
      B25001_001E: "450",
      B25024_002E: "300",
      B25024_003E: "-999999999",
      B19013_001E: "-666666666",
      B25040_002E: "10",
      B25040_003E: "-222222222",
      B25040_004E: "20",
      B25040_005E: null,
      state: "48",
      place: "00100",
    };
    // Geography columns first and variables in another order: found by name, not position.
    const header = ["state", "place", ...[...ACS_GET].reverse()];
    const json = [header, header.map((h) => (h in cells ? cells[h] : "0"))];
    const [row] = parseAcsTable(json, "place", "a test table");
    expect(row).toMatchObject({
      geoid: "4800100",
      name: "Alpha city, Texas",
      population: 1000,
      households: 400,
      housingUnits: 450,
      singleFamilyUnits: null,
      medianHouseholdIncome: null,
    });
    expect(row?.heatingFuel).toMatchObject({
      utilityGas: 10,
      bottledGas: null,
      electricity: 20,
      fuelOil: null,
      coal: 0,
    });
  });

  it("rejects a table without the requested columns, ragged rows and non-numbers", () => {
    expect(() => parseAcsTable([["NAME", "state"]], "state", "x")).toThrow(
      /without the columns B01003_001E/,
    );
    const header = [...ACS_GET, "state"];
    expect(() => parseAcsTable([header, ["Texas"]], "state", "x")).toThrow(/malformed row 1/);
    const row = header.map((h) => (h === "NAME" ? "Texas" : h === "state" ? "48" : "12a"));
    expect(() => parseAcsTable([header, row], "state", "x")).toThrow(
      /"12a" for B01003_001E of Texas \(48\): not a number/,
    );
    expect(() => parseAcsTable({ error: "x" }, "state", "x")).toThrow(/not a table/);
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
    ).toContain("nashville");
    expect(
      candidateNames("Louisville/Jefferson County metro government (balance), Kentucky"),
    ).toContain("louisville");
    expect(candidateNames("Urban Honolulu CDP, Hawaii")).toContain("honolulu");
    expect(candidateNames("Anchorage municipality, Alaska")).toContain("anchorage");
    expect(candidateNames("Juneau city and borough, Alaska")).toContain("juneau");
    expect(candidateNames("Española city, New Mexico")).toContain("espanola");
  });
});

describe("census-api provider", () => {
  it("asks for the ACS 5-year place and state tables with the right parameters", async () => {
    await provider().load(["TX"]);
    expect(fake.requests).toHaveLength(2);
    const placesRequest = fake.requests.find((r) => r.for === "place:*");
    const stateRequest = fake.requests.find((r) => r.for === "state:48");
    expect(placesRequest).toMatchObject({
      method: "GET",
      path: "/data/2022/acs/acs5",
      in: "state:48",
      key: null,
    });
    expect(placesRequest?.get).toEqual([
      "NAME",
      "B01003_001E",
      "B11001_001E",
      "B25001_001E",
      "B25024_002E",
      "B25024_003E",
      "B19013_001E",
      "B25040_002E",
      "B25040_003E",
      "B25040_004E",
      "B25040_005E",
      "B25040_006E",
      "B25040_007E",
      "B25040_008E",
      "B25040_009E",
      "B25040_010E",
    ]);
    expect(stateRequest).toMatchObject({ path: "/data/2022/acs/acs5", in: null, key: null });
    expect(stateRequest?.get).toEqual(placesRequest?.get);
    expect(Object.keys(placesRequest?.query ?? {}).sort()).toEqual(["for", "get", "in"]);
  });

  it("sends the key when one is configured, and the configured vintage", async () => {
    await fake.close();
    fake = await startFakeCensus({
      states: [TEXAS],
      vintages: ["2021"],
      validKey: "k3y-123",
    });
    const data = await provider({ apiKey: "k3y-123", vintage: "2021" }).load(["TX"]);
    expect(fake.requests.map((r) => r.key)).toEqual(["k3y-123", "k3y-123"]);
    expect(fake.requests.map((r) => r.path)).toEqual([
      "/data/2021/acs/acs5",
      "/data/2021/acs/acs5",
    ]);
    expect(data.vintage).toBe("2021 ACS 5-year");
  });

  it("returns measured places joined to coordinates, sentinels as null, and the background", async () => {
    const data = await provider().load(["TX"]);
    expect(data.provider).toBe("census-api");
    expect(data.vintage).toBe("2022 ACS 5-year");
    const byName = Object.fromEntries(data.places.map((p) => [p.name, p]));
    expect(Object.keys(byName).sort()).toEqual(["Austin", "Hutto", "Round Rock", "St. Hedwig"]);
    expect(byName.Austin).toEqual({
      id: "4805000",
      name: "Austin",
      state: "TX",
      lat: 30.27,
      lon: -97.74,
      population: 900000,
      households: 360000,
      housingUnits: 405000,
      singleFamilyUnits: 225000 + 18000,
      medianHouseholdIncome: 71000,
      footprintMiles: footprintMiles(900000),
    });
    expect(byName["Round Rock"]?.medianHouseholdIncome).toBeNull();
    expect(byName.Hutto?.singleFamilyUnits).toBeNull();
    expect(byName["St. Hedwig"]).toMatchObject({ lat: 29.41, medianHouseholdIncome: null });

    // One place has no coordinates (left out and counted); the empty CDP is not a place to list.
    expect(data.label).toContain("4 places in TX");
    expect(data.label).toContain("1 place without coordinates left out");
    for (const figure of [
      "population",
      "households",
      "housingUnits",
      "singleFamilyUnits",
    ] as const) {
      expect(data.provenance[figure]).toMatchObject({
        grade: "measured",
        vintage: "2022 ACS 5-year",
        source:
          "U.S. Census Bureau, American Community Survey 5-year 2022, table B01003 / B11001 / B25001 / B25024 / B19013",
      });
      expect(data.provenance[figure].method).toContain("1 place without coordinates left out");
    }
    expect(data.provenance.population.method).toContain("B01003_001E");

    const listed = 900000 + 120000 + 30000 + 2000;
    const area = STATE_LAND_AREA_SQ_MI.TX as number;
    expect(data.background.TX?.population).toBeCloseTo((2000000 - listed) / area, 9);
    expect(data.background.TX?.households).toBeCloseTo((760000 - listed * 0.4) / area, 6);
    expect(data.backgroundMethod).toMatch(/state land area \(2022 U\.S\. Census Gazetteer/);
  });

  it("serves a state from the database cache afterwards, without a second request", async () => {
    const first = await provider().load(["TX"]);
    expect(fake.requests).toHaveLength(2);
    const rows = db.select().from(censusCache).all();
    expect(rows.map((r) => [r.key, r.vintage, r.stateFips])).toEqual([
      ["acs5:2022:48", "2022", "48"],
    ]);

    // A new provider (a restarted server) on the same database: no request at all.
    const again = await provider().load(["TX"]);
    expect(fake.requests).toHaveLength(2);
    expect(again).toEqual(first);

    // Even with the API down.
    fake.fail("server-error");
    await expect(provider().load(["TX"])).resolves.toEqual(first);
    expect(fake.requests).toHaveLength(2);
  });

  it("loads several states, sharing one request pair between concurrent loads", async () => {
    const census = provider();
    const [a, b] = await Promise.all([census.load(["TX", "ri"]), census.load(["RI"])]);
    expect(fake.requests).toHaveLength(4);
    expect(a.places.map((p) => p.state).sort()).toEqual(["RI", "RI", "TX", "TX", "TX", "TX"]);
    expect(b.places.map((p) => [p.name, p.lat])).toEqual([
      ["Providence", 41.82],
      ["Ocean", 41.2],
    ]);
    expect(Object.keys(a.background).sort()).toEqual(["RI", "TX"]);
    expect(a.label).toContain("in TX, RI");
  });

  it("rejects an unknown state code", async () => {
    await expect(provider().load(["ZZ"])).rejects.toMatchObject({
      code: "VALIDATION_FAILED",
      message: 'Unknown state code "ZZ"',
    });
  });

  it("uses a 15 s time-out by default", () => {
    expect(CENSUS_TIMEOUT_MS).toBe(15_000);
  });
});

describe("census-api failures → UPSTREAM_FAILED with a clear message", () => {
  const cases: [Parameters<FakeCensus["fail"]>[0], RegExp][] = [
    [
      "bad-request",
      /^Census Data API refused the request for the (places|state) (of )?TX .*\(HTTP 400 from http:\/\/127\.0\.0\.1:\d+\/data\/2022\/acs\/acs5\): error: unknown variable 'B99999_001E'$/,
    ],
    [
      "server-error",
      /^Census Data API failed on the request for .*\(HTTP 500 from .*\): Internal Server Error$/,
    ],
    ["malformed-json", /^Census Data API returned malformed JSON for the (places of|state) TX/],
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
      expect(db.select().from(censusCache).all()).toEqual([]);
    });
  }

  it("a slow answer times out", async () => {
    await fake.close();
    fake = await startFakeCensus({ states: [TEXAS], slowMs: 3000 });
    fake.fail("slow");
    const started = Date.now();
    const error = await failure(provider({}, { timeoutMs: 300 }).load(["TX"]));
    expect(Date.now() - started).toBeLessThan(2000);
    expect(error.message).toMatch(
      /^Census Data API did not answer the request for the (places of|state) TX .* within 0\.3 s \(http:\/\/127\.0\.0\.1:\d+\/data\/2022\/acs\/acs5\)$/,
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
      /^Census Data API could not be reached for the (places of|state) TX .*\(http:\/\/127\.0\.0\.1:\d+\/data\/2022\/acs\/acs5\): ECONNREFUSED/,
    );
  });

  it("an invalid key is named, and the key never appears in the message", async () => {
    await fake.close();
    fake = await startFakeCensus({ states: [TEXAS], validKey: "right-key" });
    const error = await failure(provider({ apiKey: "wrong-key-42" }).load(["TX"]));
    expect(error.message).toContain("the CENSUS_API_KEY was rejected");
    expect(error.message).not.toContain("wrong-key-42");
  });

  it("an unknown geography (no data for the state) and an unpublished vintage", async () => {
    expect((await failure(provider().load(["CA"]))).message).toMatch(
      /no data for the (places of|state) CA \(state:06, 2022 ACS 5-year\) \(HTTP 204\)/,
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
    expect(data.places).toHaveLength(4);
  });
});
