/**
 * A whole analysis over HTTP on the census-api provider, against a local fake of the Census Data
 * API that serves synthetic figures for real 2020 tract GEOIDs around Austin.
 */
import { distanceMiles } from "@bis/sdk";
import type { NodeClient } from "@bis/sdk/node";
import { afterAll, beforeAll, expect, it } from "vitest";
import { loadEmbeddedCensus } from "../src/providers/places/embedded.js";
import { type FakeCensus, type FakeTract, startFakeCensus } from "./support/fake-census.js";
import { signedInUser, startTestServer, type TestServer } from "./support/index.js";

const acs = (
  population: number,
  households: number,
  housingUnits: number,
  detached: number,
  attached: number,
) => ({
  B01003_001E: String(population),
  B11001_001E: String(households),
  B25001_001E: String(housingUnits),
  B25024_002E: String(detached),
  B25024_003E: String(attached),
  B19013_001E: "-666666666",
});

/** A synthetic housing stock: tenure, year built and heating fuel (58 % electricity). */
const stock = (households: number, housingUnits: number) => ({
  B25003_001E: String(households),
  B25003_002E: String(Math.round(households * 0.6)),
  B25034_003E: String(Math.round(housingUnits * 0.3)),
  B25034_005E: String(Math.round(housingUnits * 0.3)),
  B25034_008E: String(Math.round(housingUnits * 0.4)),
  B25040_002E: String(Math.round(households * 0.4)),
  B25040_004E: String(Math.round(households * 0.58)),
  B25040_010E: String(Math.round(households * 0.02)),
});

/** Synthetic figures (not Census data) for one tract, from its position in the list. */
function tractFigures(i: number) {
  const population = 1500 + ((i * 737) % 4000);
  const households = Math.round(population * 0.38);
  const housingUnits = Math.round(population * 0.42);
  const detached = Math.round(housingUnits * 0.6);
  const attached = i % 7 === 0 ? null : Math.round(housingUnits * 0.05);
  return { population, households, housingUnits, detached, attached };
}

interface Expected {
  lat: number;
  lon: number;
  population: number;
  households: number;
  housingUnits: number;
  singleFamilyUnits: number;
}

let census: FakeCensus;
let bis: TestServer;
let user: NodeClient;
const served: Expected[] = [];
let austin: { lat: number; lon: number };

/** The sums over the served tracts whose 2020 centre lies within `radius` of Austin. */
function within(radius: number) {
  const inside = served.filter(
    (t) => distanceMiles(austin.lat, austin.lon, t.lat, t.lon) <= radius,
  );
  const sum = (pick: (t: Expected) => number) => inside.reduce((s, t) => s + pick(t), 0);
  return {
    tracts: inside.length,
    population: sum((t) => t.population),
    households: sum((t) => t.households),
    housingUnits: sum((t) => t.housingUnits),
    singleFamilyUnits: sum((t) => t.singleFamilyUnits),
  };
}

beforeAll(async () => {
  // Real tract GEOIDs and centres (the server places tracts by them), synthetic figures.
  const embedded = loadEmbeddedCensus();
  const centre = embedded.places.find((p) => p.id === "4805000");
  if (!centre) throw new Error("Austin (4805000) is missing from the embedded dataset");
  austin = { lat: centre.lat, lon: centre.lon };
  const near = embedded.tracts.filter(
    (t) => t.id.startsWith("48") && distanceMiles(austin.lat, austin.lon, t.lat, t.lon) <= 40,
  );
  const tracts: FakeTract[] = near.map((t, i) => {
    const f = tractFigures(i);
    served.push({
      lat: t.lat,
      lon: t.lon,
      population: f.population,
      households: f.households,
      housingUnits: f.housingUnits,
      // A suppressed cell counts as 0.
      singleFamilyUnits: f.detached + (f.attached ?? 0),
    });
    return {
      county: t.id.slice(2, 5),
      tract: t.id.slice(5),
      name: `Census Tract ${Number(t.id.slice(5)) / 100}; Texas`,
      values: {
        ...acs(f.population, f.households, f.housingUnits, f.detached, f.attached ?? 0),
        ...stock(f.households, f.housingUnits),
        B25024_003E: f.attached === null ? "-999999999" : String(f.attached),
      },
    };
  });
  // A tract the 2020 centres do not know: left out, whatever its figures.
  tracts.push({
    county: "453",
    tract: "999999",
    name: "Census Tract 9999.99; Travis County; Texas",
    values: acs(50_000, 20_000, 21_000, 10_000, 0),
  });

  census = await startFakeCensus({
    states: [
      {
        fips: "48",
        name: "Texas",
        values: {},
        tracts,
        places: [
          {
            place: "05000",
            name: "Austin city, Texas",
            values: acs(961_855, 420_000, 460_000, 210_000, 20_000),
          },
          {
            place: "63500",
            name: "Round Rock city, Texas",
            values: acs(122_000, 43_000, 45_000, 33_000, 1_000),
          },
          {
            place: "57176",
            name: "Pflugerville city, Texas",
            values: acs(65_000, 22_000, 23_000, 20_000, 500),
          },
          {
            place: "99999",
            name: "Nowhere Special CDP, Texas",
            values: acs(1200, 400, 450, 400, 0),
          },
        ],
      },
    ],
  });
  bis = await startTestServer({ BIS_PLACE_PROVIDER: "census-api", CENSUS_API_URL: census.url });
  user = await signedInUser(bis);
}, 60_000);

afterAll(async () => {
  await user?.close();
  await bis?.close();
  await census?.close();
});

it("runs the analysis on measured ACS tract figures and says so", async () => {
  const { analysis } = await user.analyses.analyze({
    state: "TX",
    city: "Austin",
    industry: "HVAC",
    primaryRadius: 10,
    secondaryRadius: 25,
  });
  const data = (await user.analyses.get(analysis.id)).marketAnalysisData;
  expect(data?.dataSource).toMatchObject({
    provider: "census-api",
    vintage: "ACS 2018–2022 5-year",
  });
  expect(data?.dataSource?.label).toContain(
    "1 tract (50,000 residents) without a 2020 tract centre left out",
  );
  for (const figure of ["population", "households", "housingUnits", "singleFamilyUnits"] as const) {
    expect(data?.provenance?.[figure]?.grade).toBe("measured");
    expect(data?.provenance?.[figure]?.source).toMatch(
      /^U\.S\. Census Bureau, American Community Survey 2018–2022 5-year estimates .*census tract tables B01003, B11001, B25001, B25024, B25003, B25034, B25040, B19013/,
    );
  }
  expect(data?.provenance?.singleFamilyUnits?.method).toMatch(
    /tracts? with a suppressed estimate counted as 0/,
  );
  // The local market (climate, contractors, state baseline) comes from the embedded data, over
  // the measured tracts; the measured housing tables drive the equipment shares.
  expect(data?.localMarket?.climate.coolingDegreeDays).toBeGreaterThan(2500);
  expect(data?.localMarket?.housing.fuel.electricity).toBeCloseTo(0.58, 2);
  expect(data?.localMarket?.housing.ownerOccupiedShare).toBeCloseTo(0.6, 2);
  expect(data?.localMarket?.contractors.provenance.grade).toBe("measured");
  expect(data?.assumptions?.find((a) => a.key === "climate.coolingDegreeDays")?.basis).toBe(
    "derived",
  );

  // The target is Austin's embedded centre; the totals are the fake's tracts within each radius.
  expect(data?.target).toMatchObject({ lat: austin.lat, lon: austin.lon });
  const service = within(25);
  const primary = within(10);
  expect(service.tracts).toBeGreaterThan(100);
  expect(primary.tracts).toBeLessThan(service.tracts);
  expect(data?.marketSize).toBe(service.population);
  expect(data?.households).toBe(service.households);
  expect(data?.censusData).toMatchObject({
    totalPopulation: service.population,
    totalHousingUnits: service.housingUnits,
    singleFamilyUnits: service.singleFamilyUnits,
  });
  expect(data?.marketSummary).toMatchObject({
    primaryPopulation: primary.population,
    primaryHouseholds: primary.households,
    tractsInRange: service.tracts,
  });

  // The city table: ACS place figures at the embedded place centres.
  const austinRow = data?.cityAnalysis.cityBreakdown.find((c) => c.name === "Austin");
  expect(austinRow).toMatchObject({
    population: 961_855,
    households: 420_000,
    housingUnits: 460_000,
    singleFamilyUnits: 230_000,
    distanceMiles: 0,
  });
  expect(data?.cityAnalysis.cityBreakdown.map((c) => c.name)).toEqual(
    expect.arrayContaining(["Round Rock", "Pflugerville"]),
  );

  // Only Texas was asked for, once per level; the next analysis reads the database cache.
  expect(census.requests.map((r) => [r.for, r.in])).toEqual(
    expect.arrayContaining([
      ["tract:*", "state:48 county:*"],
      ["place:*", "state:48"],
    ]),
  );
  expect(census.requests).toHaveLength(2);
  await user.analyses.analyze({
    state: "TX",
    city: "Round Rock",
    industry: "HVAC",
    primaryRadius: 10,
    secondaryRadius: 25,
  });
  expect(census.requests).toHaveLength(2);
});

it("answers a clear 502 when the Census Data API fails, and works again once it is back", async () => {
  const fresh = await startTestServer({
    BIS_PLACE_PROVIDER: "census-api",
    CENSUS_API_URL: census.url,
  });
  const client = await signedInUser(fresh);
  try {
    census.fail("server-error");
    const error = await client.analyses
      .analyze({
        state: "TX",
        city: "Austin",
        industry: "HVAC",
        primaryRadius: 10,
        secondaryRadius: 15,
      })
      .catch((e) => e);
    expect(error).toMatchObject({ status: 502, code: "UPSTREAM_FAILED" });
    expect(error.serverMessage).toMatch(/Census Data API/);
    census.fail(null);
    const ok = await client.analyses.analyze({
      state: "TX",
      city: "Austin",
      industry: "HVAC",
      primaryRadius: 10,
      secondaryRadius: 15,
    });
    expect(ok.location).toBe("Austin, TX");
  } finally {
    await client.close();
    await fresh.close();
  }
});
